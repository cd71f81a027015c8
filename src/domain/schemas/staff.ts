import { z } from 'zod';
import { ADMIS_VALEURS, ETATS_SESSION, STATUTS_DOSSIER, STATUTS_SESSION, TYPES_DOSSIER } from '../enums';
import { messages } from '../messages';
import { emptyAsAbsent, intParam, isoDate, isoTimestamp, optionalIdParam } from './common';

/** The staff's deposit lists and dashboard (`campus/dossier`, `campus/dash-board`). */

/** A deposit as the staff lists show it (`GET campus/dossier`, docs/sessions-and-dossiers.md#the-deposit-lists). */
const dossierListRow = z.object({
  idDossier: z.number(),
  referenceDossier: z.string(),
  idSessionCenou: z.number(),
  /** The session's academic year, '2026-2027'. */
  anneeAcademique: z.string(),
  etatSession: z.enum(ETATS_SESSION),
  statutSession: z.enum(STATUTS_SESSION),
  idDirection: z.number(),
  libelleDirection: z.string(),
  ine: z.string(),
  nomEtudiant: z.string(),
  prenomEtudiant: z.string(),
  sexeEtudiant: z.string(),
  dateNaissance: isoDate,
  lieuNaissance: z.string().nullable(),
  telEtudiant: z.string().nullable(),
  /** The ville of the student's orientation: where it deposited. */
  nomVille: z.string(),
  typeDossier: z.enum(TYPES_DOSSIER),
  statutDossier: z.enum(STATUTS_DOSSIER),
  admis: z.enum(ADMIS_VALEURS).nullable(),
  /** Rounded to 2 decimals for display (sorted at full precision). */
  moyenne: z.number().nullable(),
  rang: z.number().nullable(),
  /** ISO 8601, UTC, milliseconds. */
  dateDepot: isoTimestamp,
});
export type DossierListRow = z.infer<typeof dossierListRow>;

/** The list's own parameters, beside `page`, `size`, `q`, `sort`, `filtre.*` and `format`. */
export const dossierListParams = {
  idDirection: optionalIdParam,
  idSessionCenou: optionalIdParam,
  etatSession: emptyAsAbsent(z.enum(ETATS_SESSION, { error: messages.choixInvalide })),
  /** The sessions of one academic year (its first year, 2026 for 2026-2027), every direction in scope. */
  anneeDebut: emptyAsAbsent(
    intParam(
      z
        .number({ error: messages.valeurInvalide })
        .int({ error: messages.valeurInvalide })
        .min(1000, { error: messages.valeurInvalide })
        .max(9999, { error: messages.valeurInvalide }),
    ),
  ),
};
export const dossierListAnswer = z.array(dossierListRow);

/** `GET campus/dash-board`: the directions in scope (all of them, or `idDirection`'s). */
export const dashboardQuery = z.object({ idDirection: optionalIdParam });

/** One pie chart of the staff dashboard: a ville and its three counts. */
const villeDepot = z.object({
  idVille: z.number(),
  libelleVille: z.string(),
  nbEtudiant: z.number(),
  nbEtudiantInscrit: z.number(),
  nbEtudiantDepose: z.number(),
});
export type VilleDepot = z.infer<typeof villeDepot>;

export const dashboardAnswer = z.object({ villeDepotDtos: z.array(villeDepot) });
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;
