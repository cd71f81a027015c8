import { z } from 'zod';
import { TYPES_DOSSIER } from '../enums';
import { PDF_MAX_BYTES } from '../limits';
import { messages } from '../messages';
import { identitySchema, type RegistrationIdentity } from '../registry';
import { id, idParam, isoTimestamp } from './common';

/**
 * The dossier calls (docs/sessions-and-dossiers.md#the-deposit): the deposit form, one dossier,
 * the deposit and its edit, the student's dossiers, the delete and the proofs.
 */

/** An INE as a path or query parameter. */
const ine = z.string().max(40, { error: messages.valeurTropLongue });

// ---------------------------------------------------------------- GET dossier/depot

/** `GET campus/dossier/depot`: without `idDossier` the deposit form, with it one dossier. */
export const depotQuery = z.object({
  ineEtudiant: ine.optional().meta({ description: 'L’INE de l’étudiant (celui du compte connecté).' }),
  idDossier: idParam
    .optional()
    .meta({ description: 'Avec : le dossier et ses critères ; sans : le formulaire.' }),
});

/** The deposit form of the signed-in student's open session. */
export const depositForm = z.object({
  idSessionCenou: z.number(),
  anneeAcademique: z.string(),
  idEtudiant: z.number(),
  ...identitySchema.shape,
  idVille: z.number(),
  nomVille: z.string(),
  idDirection: z.number(),
  libelleDirection: z.string(),
  /** The student's live dossier of this session, if any (then the page offers to consult or edit it). */
  dossierExistant: z.object({ idDossier: z.number(), referenceDossier: z.string() }).nullable(),
  listeDossierCritere: z.array(
    z.object({
      idTypeCritere: z.number(),
      libelleTypeCritere: z.string(),
      /** A criterion of the type must be chosen. */
      obligatoire: z.boolean(),
      justificatif: z.boolean(),
      listeCritere: z.array(
        z.object({
          idCritere: z.number(),
          libelleCritere: z.string(),
          /** The criterion needs a proof. */
          obligatoire: z.boolean(),
          /** A handicap: with 2 or 3 years of stay, a deposit needs one (docs/agency-rules.md). */
          handicap: z.boolean(),
        }),
      ),
    }),
  ),
  /** What the agency's rules allow this student (docs/agency-rules.md), said before anything is filled. */
  eligibilite: z.object({
    anneesHebergement: z.number(),
    dureeMaximale: z.number(),
    dureeMaximaleHandicap: z.number(),
    depotPossible: z.boolean(),
    handicapRequis: z.boolean(),
    renouvellementPossible: z.boolean(),
  }),
});
export type DepositForm = z.infer<typeof depositForm>;

/**
 * `GET campus/dossier/situation`: the signed-in student's deposit situation
 * (docs/agency-rules.md#where-it-shows), whatever its session's state.
 */
export const depositSituationAnswer = z.object({
  /** Its direction takes a deposit now: a cité, and its session OUVERT in INSCRIPTION. */
  depotPossible: z.boolean(),
  /** Otherwise why, as a deposit's refusal says it; null when a deposit is possible. */
  motif: z.string().nullable(),
  /** The academic year of its direction's session ('2026-2027'), null without one. */
  anneeAcademique: z.string().nullable(),
  /** Invited to ask for its re-admission: deposit open, no dossier of the session yet, RENOUVELLEMENT allowed. */
  readmissionPossible: z.boolean(),
});
export type DepositSituationAnswer = z.infer<typeof depositSituationAnswer>;
/** One criterion type of the deposit form. */
export type TypeCritereDepot = DepositForm['listeDossierCritere'][number];

/** One row of `GET campus/dossier/etudiant/{ine}`. */
const dossierSummary = z.object({
  idDossier: z.number(),
  referenceDossier: z.string(),
  idSessionCenou: z.number(),
  anneeAcademique: z.string(),
  etatSession: z.string(),
  statutSession: z.string(),
  statutDossier: z.string(),
  admis: z.string().nullable(),
  /** After a publication: the list the dossier is ranked on (null on the waiting list and before). */
  listeDeliberation: z.string().nullable(),
  rang: z.number().nullable(),
  /** The offer's answer (docs/offers.md): EN_ATTENTE, ACCEPTE, REFUSE, EXPIRE, RETIRE, or null. */
  reponse: z.string().nullable(),
  /** The offer's deadline (docs/offers.md): set with an offer, kept after its answer; null without an offer. */
  dateLimiteReponse: isoTimestamp.nullable(),
  /** When an admission ended (declined, expired, withdrawn): that event's time; else null. */
  dateFinAdmission: isoTimestamp.nullable(),
  moyenne: z.number().nullable(),
  dateDepot: isoTimestamp,
  typeDossier: z.enum(TYPES_DOSSIER),
  idDirection: z.number(),
  libelleDirection: z.string(),
  nomVille: z.string(),
  idEtudiant: z.number(),
  ine: z.string(),
  /** The student may delete it now (session OUVERT in INSCRIPTION). */
  suppressionPossible: z.boolean(),
  /** The student may edit it now (same rule). */
  modificationPossible: z.boolean(),
});
export type DossierSummary = z.infer<typeof dossierSummary>;

/** The identity a dossier's detail adds to its summary (which has the `ine`). */
const DETAIL_IDENTITY = {
  nomEtudiant: true,
  prenomEtudiant: true,
  sexeEtudiant: true,
  dateNaissance: true,
  lieuNaissance: true,
  telEtudiant: true,
  anneeBac: true,
  serieBac: true,
  moyenneBac: true,
  typePays: true,
  villeOrientation: true,
} as const;
/** Every identity field of a dossier's detail, `ine` first (what its query reads). */
export const DETAIL_IDENTITY_FIELDS = [
  'ine',
  ...Object.keys(DETAIL_IDENTITY),
] as (keyof RegistrationIdentity)[];

/** One dossier with its answers: `GET campus/dossier/depot?idDossier=`, and the answer of `PUT campus/dossier`. */
export const dossierDetail = dossierSummary.extend({
  ...identitySchema.pick(DETAIL_IDENTITY).shape,
  /** The years of stay counted at the dossier's session (docs/agency-rules.md): beds before its year + the registry's. */
  anneesHebergement: z.number().int().min(0),
  listeDossierCritere: z.array(
    z.object({
      idDossierCritere: z.number(),
      idTypeCritere: z.number(),
      libelleTypeCritere: z.string(),
      obligatoire: z.boolean(),
      idCritere: z.number(),
      libelleCritere: z.string(),
      /** The chosen criterion needs a proof. */
      justificatifRequis: z.boolean(),
      nomFichier: z.string().nullable(),
      tailleFichier: z.number().nullable(),
      valeurAnalyse: z.string().nullable(),
    }),
  ),
});
export type DossierDetail = z.infer<typeof dossierDetail>;
/** One answer of a dossier as read (consultation, edit, analysis). */
export type DossierCritereLu = DossierDetail['listeDossierCritere'][number];

/** The answer of `GET campus/dossier/depot`: a dossier with `idDossier`, else the form. */
export const depotAnswer = z.union([dossierDetail, depositForm]);

// ---------------------------------------------------------------- PUT dossier

/**
 * What a deposit says besides its files: the student and the session come from the token, never
 * from here. The JSON form adds each proof in base64 (`depositJsonBody`); the multipart form sends
 * this as its `dossier` part (`depositMultipartBody`).
 */
export const depositBody = z.object({
  idDossier: id.nullish().meta({ description: 'Le dossier à modifier ; sans : un nouveau dépôt.' }),
  typeDossier: z.enum(TYPES_DOSSIER, { error: messages.choixInvalide }).nullish(),
  listeDossierCritere: z
    .array(
      z.object({
        idTypeCritere: id,
        idCritere: id.nullish().meta({ description: 'Sans : le type n’est pas renseigné.' }),
        nomFichier: z.string().nullish(),
        televersement: z.string().max(64, { error: messages.valeurTropLongue }).nullish().meta({
          description:
            'Au lieu d’un fichier : un téléversement terminé de l’étudiant (la fin de l’URL Location de POST campus/televersement), consommé par le dépôt.',
        }),
      }),
    )
    .max(200),
});
export type DepositBody = z.input<typeof depositBody>;

/** `PUT campus/dossier` in JSON: each entry may carry its proof, a PDF in base64. */
export const depositJsonBody = depositBody.extend({
  listeDossierCritere: z
    .array(
      depositBody.shape.listeDossierCritere.element.extend({
        fichier: z
          .string()
          .nullish()
          .meta({
            description: `Le justificatif (PDF, ${PDF_MAX_BYTES} octets au plus) en base64 ; un préfixe « data:…;base64, » est accepté.`,
          }),
      }),
    )
    .max(200),
});

/**
 * `PUT campus/dossier` in multipart/form-data, as the OpenAPI description shows it: the text part
 * `dossier` (`depositBody` as JSON) and one file part `fichier-{idTypeCritere}` per proof. The
 * route reads the parts itself (dossier/staging.ts): this schema only describes them.
 */
export const depositMultipartBody = z
  .object({
    dossier: depositBody.meta({
      description: 'Le dossier sans ses fichiers, en JSON (partie de type application/json).',
    }),
  })
  .catchall(
    z.string().meta({
      format: 'binary',
      description: `Une partie « fichier-{idTypeCritere} » par justificatif : un PDF de ${PDF_MAX_BYTES} octets au plus.`,
    }),
  );

/** The answer of a deposit (201) and of an edit (200). */
export const depositAnswer = dossierDetail;

// ---------------------------------------------------------------- the student's dossiers, delete, proofs

/** `GET campus/dossier/etudiant/{ine}`. */
export const studentDossiersParams = z.object({ ine });
export const studentDossiersAnswer = z.array(dossierSummary);

/** `PATCH campus/dossier/{id}`: the student deletes its dossier (answer: `messageBody`). */
export const dossierDeleteParams = z.object({ id: idParam });

/** `GET campus/dossier/{idDossier}/{idDossierCritere}`: a proof (a PDF). */
export const proofParams = z.object({ idDossier: idParam, idDossierCritere: idParam });
