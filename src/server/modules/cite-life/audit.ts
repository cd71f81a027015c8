import { frenchDay, fullName } from '../../../domain/format';
import { fill, messages } from '../../../domain/messages';
import { formatFcfa } from '../../../domain/money';
import type { AuditEntry } from '../../audit/record';

/**
 * The journal's entries of the life in the cité (docs/life-in-the-cite.md), one writer for the
 * service and the demo (src/server/seed/cite-life.ts): each names its assignment's row (« Concerne »
 * reads the student and the bed from it, src/server/modules/audit/repository.ts) and says in its
 * detail the student, the place and, for a damage, the element, the amount and the reference.
 */
export interface PlaceFacts {
  idAffectation: number;
  idLit: number;
  idCite: number;
  nomEtudiant: string;
  prenomEtudiant: string;
  nomCite: string;
  libelleChambre: string;
  libelleLit: string;
}

const studentOf = (f: PlaceFacts) => fullName(f.nomEtudiant, f.prenomEtudiant);

/** The place as the entries write it: « Cité …, Chambre …, Lit … ». */
export const placeOf = (f: PlaceFacts) => `${f.nomCite}, ${f.libelleChambre}, ${f.libelleLit}`;

/**
 * The bed as the dossier's history writes it, with its building, as the assignment's events do
 * (« Cité, Bâtiment, Chambre, Lit », `historiqueLieu`).
 */
export const historyPlaceOf = (f: PlaceFacts & { libelleBatiment: string }) =>
  fill(messages.historiqueLieu, {
    cite: f.nomCite,
    batiment: f.libelleBatiment,
    chambre: f.libelleChambre,
    lit: f.libelleLit,
  });

/** The key handed at arrival (`REMETTRE_CLE`, about the assignment). */
export function keyEntry(f: PlaceFacts, codeCle: string, at?: Date): AuditEntry {
  return {
    action: 'REMETTRE_CLE',
    resource: 'remise-cle',
    resourceId: f.idAffectation,
    detail: {
      idLit: f.idLit,
      codeCle,
      libelle: fill(messages.auditRemiseCle, { code: codeCle, etudiant: studentOf(f), lieu: placeOf(f) }),
    },
    at,
  };
}

/**
 * The arrival in the dossier's history (`ARRIVEE`): the key handed, where, and its number; one
 * writer for the service and the demo.
 */
export const arrivalEvent = (
  f: PlaceFacts & { idDossier: number; libelleBatiment: string },
  codeCle: string,
) => ({
  idDossier: f.idDossier,
  detail: { idAffectation: f.idAffectation, lieu: historyPlaceOf(f), codeCle },
});

/**
 * The departure in the dossier's history (`DEPART`): where, on which day, the damage charged and
 * what the departure leaves to pay (the balance once the later instalments are reversed; negative: a
 * credit to refund); one writer for the service and the demo.
 */
export const departureEvent = (
  f: PlaceFacts & { idDossier: number; libelleBatiment: string },
  dateDepart: string,
  account: { degradations: number; solde: number },
) => ({
  idDossier: f.idDossier,
  detail: {
    idAffectation: f.idAffectation,
    lieu: historyPlaceOf(f),
    dateDepart,
    degradations: account.degradations,
    solde: account.solde,
  },
});

/** The departure recorded (`DEPART`, about the assignment), the later instalments it reversed. */
export function departureEntry(
  f: PlaceFacts,
  dateDepart: string,
  echeancesAnnulees: number,
  at?: Date,
): AuditEntry {
  return {
    action: 'DEPART',
    resource: 'affectation',
    resourceId: f.idAffectation,
    detail: {
      idLit: f.idLit,
      idCite: f.idCite,
      dateDepart,
      echeancesAnnulees,
      libelle: fill(messages.auditDepart, {
        etudiant: studentOf(f),
        date: frenchDay(dateDepart),
        lieu: placeOf(f),
      }),
    },
    at,
  };
}

/** A damage charged at departure (`FACTURER_DEGRADATION`, about its own row). */
export function damageEntry(
  f: PlaceFacts,
  d: { idDegradation: number; element: string; montant: number; motif: string; reference: string },
  at?: Date,
): AuditEntry {
  return {
    action: 'FACTURER_DEGRADATION',
    resource: 'degradation',
    resourceId: d.idDegradation,
    detail: {
      idAffectation: f.idAffectation,
      montant: d.montant,
      reference: d.reference,
      libelle: fill(messages.auditDegradation, {
        etudiant: studentOf(f),
        element: d.element,
        montant: formatFcfa(d.montant, { unit: true }),
        motif: d.motif,
      }),
    },
    at,
  };
}
