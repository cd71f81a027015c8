import { fill, messages } from '../../domain/messages';
import { enumLabel, fieldEnumLabel } from '../../domain/messages-labels';
import { anneeLibelle } from '../../domain/workflow';
import { RESOURCES } from '../../domain/resources/definitions';
import { fieldLabel } from '../../domain/resources/labels';
import type { FieldDef, ResourceDef } from '../../domain/resources/types';
import { fullName } from '../../domain/format';
import { groupName } from '../../domain/room-choice-names';
import { formatFcfa } from '../../domain/money';
import { phoneForDisplay } from '../../domain/phone';
import type { AuditActorObject, AuditObject } from '../modules/audit/repository';

/**
 * The French reading of an audit row's detail (the 'Détail' column of the journal screen and of
 * its exports), from the shapes written by record.ts. Field names become their labels, values
 * are shown as on the screens (enumerations in French, dates as DD/MM/YYYY, Oui/Non), a ref as
 * the name of the row it points at.
 */

const BY_NAME = new Map<string, ResourceDef>(RESOURCES.map((d) => [d.name, d]));

/** French names of what the log records: the resources' titles and the workflow's own records. */
export const RESOURCE_LABELS: Record<string, string> = {
  ...Object.fromEntries(RESOURCES.map((d) => [d.name, d.title])),
  'registre-etudiant': messages.registreTitre,
  dossier: messages.ressourceDossier,
  affectation: messages.ressourceAffectation,
  paiement: messages.ressourcePaiement,
  procuration: messages.ressourceProcuration,
  remboursement: messages.ressourceRemboursement,
  deliberation: messages.ressourceDeliberation,
  'chargement-admissibles': messages.ressourceChargementAdmissibles,
  campagne_choix: messages.ressourceCampagneChoix,
  reservation: messages.ressourceReservation,
  groupe_choix: messages.ressourceGroupeChoix,
  'remise-cle': messages.ressourceRemiseCle,
  'etat-des-lieux': messages.ressourceEtatDesLieux,
  degradation: messages.ressourceDegradation,
};

/** Any key of a union's members. */
type KeyOfAny<T> = T extends unknown ? keyof T : never;

/**
 * What an entry is about, as describeObject reads it: the journal's objects, built from the
 * schema's columns (`AuditObject`, src/server/modules/audit/repository.ts), any of their keys, each
 * a text or a number when there. A key the journal no longer builds fails `tsc` where it is read.
 */
export type ObjectRead = Partial<Record<KeyOfAny<AuditObject>, string | number | null>>;
/** Who acted, when a student, as describeActor reads it (`AuditActorObject`). */
export type ActorRead = Partial<Record<keyof AuditActorObject, string | null>>;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function frenchDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
}

/** An ISO timestamp as DD/MM/YYYY HH:MM in Burkina Faso's time (UTC+0 all year, as the journal's dates). */
function frenchDateTime(value: unknown): string {
  const d = new Date(String(value));
  if (Number.isNaN(d.getTime())) return String(value ?? '');
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v));

/**
 * Who acted, in words (the journal's « Utilisateur » column): a student by its name and INE, as the
 * entries' students are named (« Sawadogo Aminata (INE N00000000001) »), not by its INE alone (its
 * username); a helper acting under a procuration (the entry's `detail.procuration`) as « Aidant par
 * procuration n° 3 de Sawadogo Aminata (INE …) »; staff by their username. An entry without an
 * account is a mobile-money payment no person started: what confirmed it (the operator's
 * notification, the check of the payments pending). `acteur` is the student's account as the
 * database read it.
 */
export function describeActor(
  userName: string | null,
  acteur: ActorRead | null,
  detail?: unknown,
): string | null {
  const d = isRecord(detail) ? detail : {};
  if (!userName) {
    if (d.confirmation === 'NOTIFICATION')
      return fill(messages.auditAuteurNotification, { operateur: text(d.operateur) });
    if (d.confirmation === 'VERIFICATION') return messages.auditAuteurVerification;
    return userName;
  }
  if (!isRecord(acteur)) return userName;
  // An account with no name yet is named by its username alone, never « ␣(INE …) ».
  if (!text(acteur.nom).trim() && !text(acteur.prenom).trim()) return userName;
  const etudiant = fill(messages.auditObjetEtudiant, {
    nom: text(acteur.nom),
    prenom: text(acteur.prenom),
    ine: text(acteur.userName) || userName,
  });
  if (isRecord(d.procuration))
    return fill(messages.auditAuteurAidant, { id: text(d.procuration.idProcuration), etudiant });
  return etudiant;
}

/**
 * The row an entry is about, in words (the journal's 'Concerne' column): the student and its
 * dossier, the student and its bed, the direction and year of a session, or the row's own label
 * for the settings; `objet` is what the database read for it (repository.ts), `n° {id}` when the
 * row is no more.
 */
export function describeObject(
  resource: string,
  resourceId: string | null,
  objet: ObjectRead | null,
  detail: unknown,
): string | null {
  if (isRecord(objet)) {
    const etudiant = fill(messages.auditObjetEtudiant, {
      prenom: text(objet.prenom),
      nom: text(objet.nom),
      ine: text(objet.ine),
    });
    if (resource === 'dossier')
      return fill(messages.auditObjetDossier, { reference: text(objet.reference), etudiant });
    const lieu = () =>
      fill(messages.auditLieu, {
        cite: text(objet.cite),
        chambre: text(objet.chambre),
        lit: text(objet.lit),
      });
    if (CITE_LIFE.has(resource)) return fill(messages.auditObjetAffectation, { etudiant, lieu: lieu() });
    if (resource === 'paiement' || resource === 'remboursement')
      return fill(messages.auditObjetPaiement, { etudiant, lieu: lieu() });
    if (resource === 'users' && !(isRecord(detail) && typeof detail.libelle === 'string' && detail.libelle))
      return fill(messages.auditObjetCompte, {
        nom: fullName(text(objet.nom), text(objet.prenom)) || text(objet.userName),
        identifiant: text(objet.userName),
      });
    // A group as the follow-up names it (after the student who formed it), with that student's INE.
    const groupe = () =>
      fill(messages.auditObjetGroupe, {
        groupe: groupName(text(objet.nom), text(objet.prenom)),
        ine: text(objet.ine),
      });
    if (resource === 'reservation')
      return fill(messages.auditObjetReservation, {
        etudiant: objet.groupe == null ? etudiant : groupe(),
        cite: text(objet.cite),
        chambre: text(objet.chambre),
      });
    if (resource === 'groupe_choix') return groupe();
    // A procuration: its number and the student who gave it (its account).
    if (resource === 'procuration' && resourceId)
      return fill(messages.auditObjetProcuration, { id: resourceId, etudiant });
    if (resource === 'deliberation' || resource === 'chargement-admissibles' || resource === 'campagne_choix')
      return fill(messages.auditObjetSession, {
        direction: text(objet.direction),
        annee: anneeLibelle(Number(objet.annee)),
      });
  }
  if (
    isRecord(detail) &&
    typeof detail.libelle === 'string' &&
    detail.libelle !== '' &&
    !(resource in WORKFLOW)
  )
    return detail.libelle;
  // A cité's assignment of several students written before one entry per bed: the cité.
  if (resource === 'affectation' && isRecord(detail) && typeof detail.nomCite === 'string' && !resourceId)
    return detail.nomCite;
  return resourceId ? fill(messages.auditObjetNumero, { id: resourceId }) : null;
}

/** The records about an assignment's bed and student: the bed itself, and the life in its cité. */
const CITE_LIFE = new Set(['affectation', 'remise-cle', 'etat-des-lieux', 'degradation']);

/** The workflow's records, whose `libelle` (when any) is a sentence, not the row's name. */
const WORKFLOW = {
  'remise-cle': 1,
  'etat-des-lieux': 1,
  degradation: 1,
  dossier: 1,
  affectation: 1,
  deliberation: 1,
  'chargement-admissibles': 1,
  paiement: 1,
  remboursement: 1,
  campagne_choix: 1,
  reservation: 1,
  groupe_choix: 1,
};

/** A cancellation's reason: a withdrawal's, the end of the offer (refused, expired), or the staff's words. */
function cancellationMotif(motif: string): string {
  if (motif === 'REFUSE') return enumLabel('evenement', 'REPONSE_REFUSEE');
  if (motif === 'EXPIRE') return enumLabel('evenement', 'EXPIRATION');
  if (motif === 'RETIRE') return enumLabel('evenement', 'RETRAIT');
  return fieldEnumLabel('motif', motif);
}

/** 'Place proposée au suivant…' when an ended admission gave its place on. */
const promoted = (detail: Record<string, unknown>) =>
  isRecord(detail.promotion) ? messages.auditPlaceProposee : '';

/**
 * A criterion as an analysis entry names it, « Type : critère », once when both share their name
 * (entries written before: « Pupille de la Nation : Pupille de la Nation » reads once).
 */
const criterionLabel = (label: string) => {
  const m = /^(.+?)\s:\s(.+)$/.exec(label);
  return m && m[1] === m[2] ? m[1] : label;
};

/** What a procuration allows, as staff read it (« payer le loyer »). */
const tacheText = (tache: unknown) =>
  tache === 'DEPOT'
    ? messages.auditTacheDEPOT
    : tache === 'PAIEMENT'
      ? messages.auditTachePAIEMENT
      : text(tache);

const sentences = (...parts: string[]) => parts.filter((p) => p !== '').join(' ');

/** The workflow's actions (the CRUD's are read from their shapes below); null for the others. */
function describeWorkflow(action: string, detail: Record<string, unknown>): string | null {
  switch (action) {
    case 'ANALYSER': {
      const labels = isRecord(detail.libelles) ? detail.libelles : {};
      const valeurs = isRecord(detail.valeurs) ? Object.entries(detail.valeurs) : [];
      const lines = valeurs.map(
        ([id, v]) =>
          `${criterionLabel(text(labels[id])) || fill(messages.auditCritereNumero, { id })}\u00a0: ${enumLabel('valeurAnalyse', text(v))}`,
      );
      return sentences(text(detail.libelle), lines.join('\u00a0; '));
    }
    case 'PUBLIER':
      return fill(messages.auditPublication, {
        admis: Number(detail.admis ?? 0),
        attente: Number(detail.attente ?? 0),
        nonAdmis: Number(detail.nonAdmis ?? 0),
        seed: text(detail.seed),
      });
    case 'DEPOSER':
    case 'MODIFIER_DOSSIER':
      return fill(action === 'DEPOSER' ? messages.auditDepot : messages.auditModificationDossier, {
        reference: text(detail.reference),
        type: enumLabel('typeDossier', text(detail.typeDossier)),
      });
    case 'CREER_COMPTE':
      return messages.auditCompteCree;
    case 'VERIFIER_TELEPHONE':
      return detail.telephone ? fill(messages.auditTelephone, { telephone: text(detail.telephone) }) : '';
    case 'ENCAISSER':
      return fill(messages.auditEncaissement, {
        montant: formatFcfa(Number(detail.montant ?? 0), { unit: true }),
        numero: text(detail.numeroRecu),
        reference: text(detail.reference),
      });
    case 'PAYER_MOBILE_MONEY': {
      const procuration = isRecord(detail.procuration) ? detail.procuration : null;
      return sentences(
        fill(messages.auditPaiementMobile, {
          montant: formatFcfa(Number(detail.montant ?? 0), { unit: true }),
          operateur: text(detail.operateur),
          telephone: phoneForDisplay(text(detail.telephone)),
          reference: text(detail.reference),
        }),
        procuration
          ? fill(messages.auditPaiementLanceAidant, { id: text(procuration.idProcuration) })
          : detail.auteur === 'ETUDIANT'
            ? messages.auditPaiementLanceEtudiant
            : '',
        detail.confirmation === 'NOTIFICATION'
          ? messages.auditPaiementConfirmeNotification
          : detail.confirmation === 'VERIFICATION'
            ? messages.auditPaiementConfirmeVerification
            : '',
      );
    }
    // The helper's start of a payment: its confirmation is the entry « Paiement de loyer par mobile money ».
    case 'PAYER_PAR_PROCURATION': {
      // The procuration the journal keeps with every helper's act (record.ts).
      const procuration = isRecord(detail.procuration) ? detail.procuration : null;
      return fill(messages.auditPaiementAidantLance, {
        montant: formatFcfa(Number(detail.montant ?? 0), { unit: true }),
        procuration: procuration?.idProcuration
          ? fill(messages.auditProcurationNumero, { id: text(procuration.idProcuration) })
          : '',
        reference: text(detail.reference),
      });
    }
    case 'DONNER_PROCURATION':
      return fill(messages.auditProcurationDonnee, {
        tache: tacheText(detail.tache),
        heures: Number(detail.dureeHeures ?? 0),
        expireA: frenchDateTime(detail.expireA),
      });
    case 'REVOQUER_PROCURATION':
      return fill(messages.auditProcurationRevoquee, { tache: tacheText(detail.tache) });
    case 'UTILISER_PROCURATION': {
      const procuration = isRecord(detail.procuration) ? detail.procuration : {};
      // The address when it was kept (a sign-in always keeps it).
      return procuration.adresse
        ? fill(messages.auditProcurationUtilisee, {
            tache: tacheText(procuration.tache),
            adresse: text(procuration.adresse),
          })
        : fill(messages.auditProcurationUtiliseeSansAdresse, { tache: tacheText(procuration.tache) });
    }
    case 'ENREGISTRER_BROUILLON':
      return fill(messages.auditBrouillonCriteres, { n: Number(detail.criteres ?? 0) });
    case 'DEPART':
      return sentences(
        text(detail.libelle),
        Number(detail.echeancesAnnulees ?? 0) > 0
          ? fill(messages.auditEcheancesAnnulees, { n: Number(detail.echeancesAnnulees) })
          : '',
      );
    case 'FACTURER_DEGRADATION':
      return sentences(
        text(detail.libelle),
        detail.reference
          ? fill(messages.auditReferenceDegradation, { reference: text(detail.reference) })
          : '',
      );
    case 'REMBOURSER':
      return fill(messages.auditRemboursement, {
        montant: formatFcfa(Number(detail.montant ?? 0), { unit: true }),
        numero: text(detail.numeroPiece),
        reference: text(detail.reference),
      });
    case 'AFFECTER':
      // One entry per bed: the bed, and the size of the assignment it was part of.
      if (typeof detail.lieu === 'string')
        return sentences(
          fill(messages.auditLitAttribue, { lieu: detail.lieu }),
          Number(detail.affectes ?? 0) > 1 || Number(detail.nonAffectes ?? 0) > 0
            ? fill(messages.auditAffectationGroupee, {
                affectes: Number(detail.affectes ?? 0),
                nonAffectes: Number(detail.nonAffectes ?? 0),
              })
            : '',
        );
      return sentences(
        fill(messages.auditAffectation, {
          cite: text(detail.nomCite),
          affectes: Number(detail.affectes ?? 0),
          nonAffectes: Number(detail.nonAffectes ?? 0),
        }),
        Array.isArray(detail.ines) && detail.ines.length > 1
          ? fill(messages.auditListeIne, { ines: detail.ines.join(', ') })
          : '',
      );
    case 'RESERVER_CHAMBRE':
      return fill(messages.auditReservationChambre, {
        lits: Number(detail.lits ?? 0),
        expireA: frenchDateTime(detail.expireA),
      });
    case 'PROLONGER_RESERVATION':
      return fill(messages.auditProlongation, { expireA: frenchDateTime(detail.expireA) });
    case 'CONFIRMER_CHOIX':
      return fill(messages.auditChoixConfirme, { lits: Number(detail.lits ?? 0) });
    case 'CREER_GROUPE':
      // Each invited student by name and INE (an entry written before names were kept: its INE).
      return fill(messages.auditGroupeInvites, {
        etudiants: Array.isArray(detail.invites)
          ? detail.invites
              .map((i: unknown) =>
                isRecord(i)
                  ? fill(messages.auditObjetEtudiant, {
                      prenom: text(i.prenom),
                      nom: text(i.nom),
                      ine: text(i.ine),
                    })
                  : text(i),
              )
              .join(', ')
          : '',
      });
    case 'REPONDRE_GROUPE':
      return fill(messages.auditReponse, { reponse: enumLabel('reponse', text(detail.reponse)) });
    case 'REPONDRE_OFFRE':
      return sentences(
        detail.canal
          ? fill(messages.auditReponseCanal, {
              reponse: enumLabel('reponse', text(detail.reponse)),
              canal: enumLabel('canalReponse', text(detail.canal)),
            })
          : fill(messages.auditReponse, { reponse: enumLabel('reponse', text(detail.reponse)) }),
        promoted(detail),
      );
    case 'RETIRER_ADMISSION':
      return sentences(
        fill(messages.auditRetrait, {
          motif: [enumLabel('motif', text(detail.motif)), text(detail.commentaire)]
            .filter((p) => p !== '')
            .join(' — '),
        }),
        promoted(detail),
      );
    case 'EXPIRER_OFFRE':
      return sentences(
        fill(messages.auditExpiration, { date: frenchDateTime(detail.dateLimiteReponse) }),
        promoted(detail),
      );
    case 'PROMOUVOIR':
      return fill(messages.auditPromotion, {
        liste: enumLabel('listeDeliberation', text(detail.liste)),
        rang: Number(detail.rang ?? 0),
        rangAttente: Number(detail.rangAttente ?? 0),
      });
    case 'DEPLACER_AFFECTATION': {
      const avant = isRecord(detail.avant) ? text(detail.avant.libelle) : '';
      const apres = isRecord(detail.apres) ? text(detail.apres.libelle) : '';
      return avant && apres
        ? fill(messages.auditDeplacement, { avant, apres })
        : messages.auditDeplacementSansLieu;
    }
    case 'ANNULER_AFFECTATION':
      return sentences(
        typeof detail.lieu === 'string' ? fill(messages.auditLitLibere, { lieu: detail.lieu }) : '',
        detail.motif ? fill(messages.auditAnnulation, { motif: cancellationMotif(text(detail.motif)) }) : '',
      );
    default:
      return null;
  }
}

function valueText(field: FieldDef | undefined, value: unknown, label?: unknown): string {
  if (value === null || value === undefined || value === '') return messages.auditValeurVide;
  if (typeof label === 'string' && label !== '') return label;
  if (typeof value === 'boolean') return value ? messages.vrai : messages.faux;
  if (field?.type === 'enum') return fieldEnumLabel(field.name, String(value));
  if (field?.type === 'date' && typeof value === 'string') return frenchDate(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const labelOf = (field: FieldDef | undefined, name: string) => field?.label ?? fieldLabel(name);

/** 'Nom de la cité : Cité A → Cité B ; Nombre de lits : 120 → 80' and the like. */
export function describeDetail(action: string, resource: string, detail: unknown): string {
  if (!isRecord(detail)) return '';
  const def = BY_NAME.get(resource);
  const field = (name: string) => def?.fields.find((f) => f.name === name);
  // jsonb keeps keys in its own order: show them in the order of the resource's fields.
  const rank = (name: string) => {
    const i = def?.fields.findIndex((f) => f.name === name) ?? -1;
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const ordered = (o: Record<string, unknown>) => Object.entries(o).sort(([a], [b]) => rank(a) - rank(b));
  const libelle = typeof detail.libelle === 'string' ? detail.libelle : '';

  if (action === 'IMPORTER') {
    return fill(messages.auditImport, {
      fichier: String(detail.nomFichier ?? ''),
      importes: Number(detail.importes ?? 0),
      misAJour: Number(detail.misAJour ?? 0),
    });
  }
  if (action === 'REINITIALISER_MOT_DE_PASSE')
    return fill(messages.auditMotDePasseEnvoye, { compte: libelle });
  // A room-choice campaign made or changed: its dates.
  if (resource === 'campagne_choix' && typeof detail.debut === 'string')
    return fill(messages.auditCampagneChoix, {
      debut: frenchDateTime(detail.debut),
      fin: frenchDateTime(detail.fin),
    });
  const workflow = describeWorkflow(action, detail);
  if (workflow !== null) return workflow;

  if (isRecord(detail.modifications)) {
    const parts = ordered(detail.modifications).map(([name, change]) => {
      const c = isRecord(change) ? change : {};
      const f = field(name);
      return `${labelOf(f, name)}\u00a0: ${valueText(f, c.avant, c.libelleAvant)} → ${valueText(f, c.apres, c.libelleApres)}`;
    });
    if (detail.motDePasseModifie === true) parts.push(messages.auditMotDePasseModifie);
    const body = parts.length ? parts.join('\u00a0; ') : messages.auditAucuneModification;
    return libelle ? `${libelle} — ${body}` : body;
  }
  if (isRecord(detail.valeurs)) {
    const labels = isRecord(detail.libelles) ? detail.libelles : {};
    return ordered(detail.valeurs)
      .filter(([, value]) => value !== null && value !== undefined && value !== '')
      .map(
        ([name, value]) =>
          `${labelOf(field(name), name)}\u00a0: ${valueText(field(name), value, labels[name])}`,
      )
      .join('\u00a0; ');
  }
  return libelle;
}
