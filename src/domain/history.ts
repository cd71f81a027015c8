import type { CanalReponse, EvenementDossier } from './enums';
import { MOTIFS_RETRAIT } from './enums';
import { frenchDateTimeShort } from './format';
import { fill, messages } from './messages';
import { enumLabel } from './messages-labels';
import { scoreText } from './score';
import { formatFcfa } from './money';

/**
 * A dossier's history in words (docs/sessions-and-dossiers.md#the-dossiers-history): what each
 * event is called, who did it as the reader may know it, and its details in plain French. Pure:
 * the server reads the events (`historyOf`) and answers them described, for the student and for
 * staff alike; staff see the names of the staff who acted and the analysis's score, a student
 * sees « Le CENOU ».
 */

/** Who reads the history: the dossier's student, or staff. */
export type HistoryReader = 'ETUDIANT' | 'PERSONNEL';

/** An event as the server reads it (`dossier_evenement`, or a publication's run). */
export interface StoredEvent {
  evenement: EvenementDossier;
  /** ISO 8601. */
  date: string;
  /** The author's name at the time; null: the system. */
  auteur: string | null;
  /** The author is the dossier's own student. */
  parEtudiant: boolean;
  motif: string | null;
  commentaire: string | null;
  canal: CanalReponse | null;
  /** What the event changed (its shape per event: see `detailLines`). */
  detail: Record<string, unknown> | null;
}

interface DescribedEvent {
  libelle: string;
  acteur: string;
  details: string[];
}

/** '12/12/2026 18:00' in Ouagadougou's time; '' when there is no readable date. */
function historyDate(value: unknown): string {
  if (value == null || value === '') return '';
  const d = new Date(String(value));
  return Number.isNaN(d.getTime()) ? '' : frenchDateTimeShort(d);
}

/** '12/12/2026' from an ISO day ('2026-12-12'); '' when it is not one. */
function isoDay(value: unknown): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(value ?? ''));
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

const str = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v));
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The result of a publication, as the student's dashboard words it. */
function resultText(d: Record<string, unknown>): string {
  const rang = num(d.rang);
  switch (d.statut) {
    case 'ADMIS':
      return d.liste && rang !== null
        ? fill(messages.resultatAdmisListe, {
            liste: enumLabel('listeDeliberation', str(d.liste)),
            rang,
          })
        : messages.resultatAdmis;
    case 'LISTE_ATTENTE':
      return rang !== null ? fill(messages.resultatAttenteRang, { rang }) : messages.resultatAttente;
    case 'NON_ADMIS':
      return messages.resultatNonAdmis;
    default:
      return '';
  }
}

/** Why a bed was given back: a withdrawal's reason, the end of the offer, or the staff's own words. */
function cancellationReason(motif: string): string {
  if ((MOTIFS_RETRAIT as readonly string[]).includes(motif)) return enumLabel('motif', motif);
  if (motif === 'REFUSE') return enumLabel('evenement', 'REPONSE_REFUSEE');
  if (motif === 'EXPIRE') return enumLabel('evenement', 'EXPIRATION');
  if (motif === 'RETIRE') return enumLabel('evenement', 'RETRAIT');
  return motif;
}

/** The details of an event, line by line, in plain French (never a raw code). */
function detailLines(e: StoredEvent, reader: HistoryReader): string[] {
  const d = e.detail ?? {};
  const lines: (string | false)[] = [];
  const line = (text: string, values: Record<string, string | number>, when = true) =>
    lines.push(when && fill(text, values));
  switch (e.evenement) {
    case 'DEPOT':
      line(messages.historiqueReference, { reference: str(d.reference) }, Boolean(d.reference));
      line(
        messages.historiqueTypeDossier,
        { type: enumLabel('typeDossier', str(d.typeDossier)) },
        Boolean(d.typeDossier),
      );
      break;
    case 'MODIFICATION':
      lines.push(messages.historiqueModification);
      break;
    case 'ANALYSE':
      line(messages.historiqueAnalyse, {
        valides: num(d.valides) ?? 0,
        invalides: num(d.invalides) ?? 0,
        injustifies: num(d.injustifies) ?? 0,
      });
      line(
        messages.historiqueMoyenne,
        { moyenne: scoreText(num(d.moyenne) ?? 0) },
        reader === 'PERSONNEL' && num(d.moyenne) !== null,
      );
      break;
    case 'PUBLICATION': {
      const resultat = resultText(d);
      line(messages.historiqueResultat, { resultat }, resultat !== '');
      break;
    }
    case 'OFFRE':
      line(
        messages.historiqueDateLimite,
        { date: historyDate(d.dateLimiteReponse) },
        historyDate(d.dateLimiteReponse) !== '',
      );
      break;
    case 'RAPPEL':
      line(
        messages.historiqueRappel,
        { date: historyDate(d.dateLimiteReponse) },
        historyDate(d.dateLimiteReponse) !== '',
      );
      break;
    case 'EXPIRATION':
      line(
        messages.historiqueExpiration,
        { date: historyDate(d.dateLimiteReponse) },
        historyDate(d.dateLimiteReponse) !== '',
      );
      break;
    case 'PROMOTION':
      line(
        messages.historiquePromotion,
        {
          liste: enumLabel('listeDeliberation', str(d.liste)),
          rang: num(d.rang) ?? 0,
          rangAttente: num(d.rangAttente) ?? 0,
        },
        Boolean(d.liste),
      );
      break;
    case 'DELAI_PROLONGE':
      // An instalment's due date (a day) moved by an outage of the payment provider.
      if (num(d.numeroEcheance) !== null) {
        line(
          messages.historiqueEcheanceReportee,
          {
            numero: num(d.numeroEcheance) ?? 0,
            montant: formatFcfa(num(d.montant) ?? 0, { unit: true }),
            ancienne: isoDay(d.ancienne),
            nouvelle: isoDay(d.nouvelle),
            panne: enumLabel('composantPanne', str(d.composant)),
            debut: historyDate(d.debutPanne),
            fin: historyDate(d.finPanne),
          },
          isoDay(d.nouvelle) !== '',
        );
        break;
      }
      line(
        messages.historiqueDelaiProlonge,
        {
          ancienne: historyDate(d.ancienne),
          nouvelle: historyDate(d.nouvelle),
          panne: enumLabel('composantPanne', str(d.composant)),
          debut: historyDate(d.debutPanne),
          fin: historyDate(d.finPanne),
        },
        historyDate(d.nouvelle) !== '',
      );
      break;
    case 'AFFECTATION':
      line(messages.historiqueLit, { lieu: str(d.lieu) }, Boolean(d.lieu));
      line(messages.historiqueChoixGroupe, { groupe: str(d.groupe) }, Boolean(d.groupe));
      break;
    case 'CHANGEMENT_LIT':
      line(messages.historiqueAncienLit, { lieu: str(d.avant) }, Boolean(d.avant));
      line(messages.historiqueNouveauLit, { lieu: str(d.apres) }, Boolean(d.apres));
      break;
    case 'ARRIVEE':
      line(messages.historiqueLit, { lieu: str(d.lieu) }, Boolean(d.lieu));
      line(messages.historiqueCodeCle, { code: str(d.codeCle) }, Boolean(d.codeCle));
      break;
    case 'DEPART': {
      line(messages.historiqueLit, { lieu: str(d.lieu) }, Boolean(d.lieu));
      line(messages.historiqueDateDepart, { date: isoDay(d.dateDepart) }, isoDay(d.dateDepart) !== '');
      // The damage and the balance the departure left (events written before they were kept: none).
      const degradations = num(d.degradations);
      line(
        messages.historiqueDegradations,
        { montant: formatFcfa(degradations ?? 0, { unit: true }) },
        (degradations ?? 0) > 0,
      );
      const solde = num(d.solde);
      if (solde !== null)
        lines.push(
          solde > 0
            ? fill(messages.historiqueResteAuDepart, { montant: formatFcfa(solde, { unit: true }) })
            : solde < 0
              ? fill(messages.historiqueTropPercuAuDepart, { montant: formatFcfa(-solde, { unit: true }) })
              : messages.historiqueRienAuDepart,
        );
      break;
    }
    case 'ANNULATION_AFFECTATION':
      line(messages.historiqueLit, { lieu: str(d.lieu) }, Boolean(d.lieu));
      line(
        messages.historiqueMotif,
        { motif: cancellationReason(str(d.motif)) },
        Boolean(d.motif) && e.motif === null,
      );
      break;
    case 'PAIEMENT':
      line(messages.historiqueMontant, { montant: formatFcfa(num(d.montant) ?? 0, { unit: true }) });
      line(messages.historiqueMoyen, { moyen: str(d.moyen) }, Boolean(d.moyen));
      line(messages.historiqueNumeroRecu, { numero: str(d.numeroRecu) }, Boolean(d.numeroRecu));
      line(messages.historiqueReferencePaiement, { reference: str(d.reference) }, Boolean(d.reference));
      break;
    case 'PROCURATION':
      line(messages.historiqueProcuration, {
        acte:
          d.acte === 'PAIEMENT'
            ? messages.historiqueProcurationPaiement
            : messages.historiqueProcurationBrouillon,
        id: num(d.idProcuration) ?? 0,
        adresse: str(d.adresse) || '?',
      });
      line(messages.historiqueReferencePaiement, { reference: str(d.reference) }, Boolean(d.reference));
      break;
    case 'REMBOURSEMENT':
      line(messages.historiqueMontant, { montant: formatFcfa(num(d.montant) ?? 0, { unit: true }) });
      line(messages.historiqueMoyen, { moyen: str(d.moyen) }, Boolean(d.moyen));
      line(messages.historiqueNumeroPiece, { numero: str(d.numeroPiece) }, Boolean(d.numeroPiece));
      break;
    default:
      break;
  }
  if (e.motif) lines.push(fill(messages.historiqueMotif, { motif: cancellationReason(e.motif) }));
  if (e.commentaire) lines.push(fill(messages.historiqueCommentaire, { commentaire: e.commentaire }));
  return lines.filter((l): l is string => typeof l === 'string' && l !== '');
}

/**
 * Who acted, as the reader may know it: a helper by procuration; the student (« Vous » for itself, « L’étudiant » for
 * staff), with the channel of an answer (« par SMS », « sur le site »); a staff member by name for
 * staff, « Le CENOU » for the student; « Automatique » for the system (the offers job, a deadline).
 */
function actorText(e: StoredEvent, reader: HistoryReader): string {
  const canal = e.canal ? enumLabel('canalReponse', e.canal) : null;
  // A helper's act, in the student's session opened by the procuration: the helper, not « Vous »;
  // so is the payment a helper started, recorded when the operator confirms it.
  if (e.evenement === 'PROCURATION') return messages.historiqueActeurAidantSeul;
  if (e.evenement === 'PAIEMENT' && num(e.detail?.idProcuration) !== null)
    return messages.historiqueActeurAidant;
  if (e.parEtudiant) {
    if (reader === 'ETUDIANT')
      return canal ? fill(messages.historiqueActeurVousCanal, { canal }) : messages.historiqueActeurVous;
    return canal
      ? fill(messages.historiqueActeurEtudiantCanal, { canal })
      : messages.historiqueActeurEtudiant;
  }
  if (e.auteur === null) return messages.historiqueActeurSysteme;
  return reader === 'PERSONNEL' ? e.auteur : messages.historiqueActeurCenou;
}

export function describeEvent(e: StoredEvent, reader: HistoryReader): DescribedEvent {
  return {
    libelle:
      e.evenement === 'DELAI_PROLONGE' && num(e.detail?.numeroEcheance) !== null
        ? messages.historiqueEcheanceReporteeTitre
        : enumLabel('evenement', e.evenement),
    acteur: actorText(e, reader),
    details: detailLines(e, reader),
  };
}
