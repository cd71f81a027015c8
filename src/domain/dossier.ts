/**
 * The deposit's rules (CONTRACT §5; workflow specification §5), pure code shared by the server
 * (which enforces them whatever the client sends) and the web client (inline checks): the answers
 * of a dossier against the criterion types, the proof checks (PDF name, bytes, size), the name
 * kept for display and the readable reference number.
 */
import { z } from 'zod';
import { JSON_BODY_MAX_BYTES, PDF_MAX_BYTES } from './limits';
import type { MessageKey } from './messages';
import { identitySchema, type RegistrationIdentity } from './registry';

/** The characters of `bytes` bytes written in base64 (4 for every 3, the last group padded). */
export const base64Length = (bytes: number): number => 4 * Math.ceil(bytes / 3);

/**
 * JSON deposits carry base64 proofs: a proof of PDF_MAX_BYTES takes base64Length(PDF_MAX_BYTES)
 * characters (4 MB for 3 MB), and its entry's other fields and name at most
 * JSON_BYTES_PER_PROOF_ENTRY more. A JSON deposit may hold that much per proof it carries on top
 * of an ordinary JSON body (docs/decisions/006-deposit.md).
 */
const JSON_BYTES_PER_PROOF_ENTRY = 100_000;
const JSON_BYTES_PER_PROOF = base64Length(PDF_MAX_BYTES) + JSON_BYTES_PER_PROOF_ENTRY;

export {
  DISPLAY_NAME_MAX,
  hasPdfMagic,
  hasPdfName,
  PDF_MAGIC,
  PDF_MAX_BYTES,
  proofRefusal,
  safeDisplayName,
  type ProofRefusal,
} from './proof';

// ---------------------------------------------------------------- answers

/** A criterion type as the deposit knows it. */
export interface DepositType {
  idTypeCritere: number;
  /** statutItem OBLIGATOIRE. */
  obligatoire: boolean;
  listeCritere: { idCritere: number; /** a proof is needed */ obligatoire: boolean }[];
}

/** One answer of the dossier, as the checks need it. */
export interface DepositEntry {
  idTypeCritere: number | null | undefined;
  idCritere: number | null | undefined;
  /** A proof comes with the entry, or an earlier one is kept. */
  hasFile: boolean;
}

export interface EntryError {
  /** `listeDossierCritere.2.idCritere`, or `typeCritere.7` for a mandatory type with no entry. */
  champ: string;
  message: MessageKey;
}

const field = (i: number, name: string) => `listeDossierCritere.${i}.${name}`;

/**
 * Checks the answers against the live criterion types (only types with criteria count): each
 * entry names a known type once, its criterion belongs to the type, a criterion that needs a proof
 * has one, and every mandatory type is answered. An entry without a criterion (`idCritere` null)
 * is an unanswered type. Returns every error; none = valid.
 */
export function checkDepositEntries(types: DepositType[], entries: DepositEntry[]): EntryError[] {
  const byId = new Map(types.map((t) => [t.idTypeCritere, t]));
  const answered = new Set<number>();
  const seen = new Set<number>();
  const errors: EntryError[] = [];
  entries.forEach((e, i) => {
    const type = e.idTypeCritere == null ? undefined : byId.get(e.idTypeCritere);
    if (!type) {
      errors.push({ champ: field(i, 'idTypeCritere'), message: 'typeCritereInconnu' });
      return;
    }
    if (seen.has(type.idTypeCritere)) {
      errors.push({ champ: field(i, 'idTypeCritere'), message: 'typeCritereEnDouble' });
      return;
    }
    seen.add(type.idTypeCritere);
    if (e.idCritere == null) {
      if (type.obligatoire) errors.push({ champ: field(i, 'idCritere'), message: 'champsObligatoires' });
      return;
    }
    const critere = type.listeCritere.find((c) => c.idCritere === e.idCritere);
    if (!critere) {
      errors.push({ champ: field(i, 'idCritere'), message: 'critereHorsType' });
      return;
    }
    answered.add(type.idTypeCritere);
    if (critere.obligatoire && !e.hasFile)
      errors.push({ champ: field(i, 'fichier'), message: 'joindreFichiers' });
  });
  for (const t of types) {
    if (t.obligatoire && !seen.has(t.idTypeCritere))
      errors.push({ champ: `typeCritere.${t.idTypeCritere}`, message: 'champsObligatoires' });
  }
  return errors;
}

/** Whether the chosen criterion of a type needs a proof (false when unknown). */
export function needsProof(
  types: DepositType[],
  idTypeCritere: number,
  idCritere: number | null | undefined,
) {
  const type = types.find((t) => t.idTypeCritere === idTypeCritere);
  return type?.listeCritere.find((c) => c.idCritere === idCritere)?.obligatoire ?? false;
}

// ---------------------------------------------------------------- reference

/**
 * The readable reference of a dossier: `OUA-2026-000123` (the direction's sigle, or `D{id}` when it
 * has none, the session's first year, a number per direction and year, 6 digits at least).
 */
export function formatReference(
  direction: { sigleDirection?: string | null; idDirection: number },
  annee: number,
  numero: number,
): string {
  const sigle = (direction.sigleDirection ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
  return `${sigle || `D${direction.idDirection}`}-${annee}-${String(numero).padStart(6, '0')}`;
}

export const REFERENCE_PATTERN = /^[A-Z0-9]+-\d{4}-\d{6,}$/;

/** The largest JSON deposit body with `proofs` base64 proofs. */
export const jsonDepositLimit = (proofs: number): number =>
  JSON_BODY_MAX_BYTES + JSON_BYTES_PER_PROOF * proofs;

// ---------------------------------------------------------------- API shapes (CONTRACT §5)

const ts = z.string();

/** `GET campus/dossier/depot/?ineEtudiant=`: the deposit form. */
export const depositFormSchema = z.object({
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
      obligatoire: z.boolean(),
      justificatif: z.boolean(),
      listeCritere: z.array(
        z.object({ idCritere: z.number(), libelleCritere: z.string(), obligatoire: z.boolean() }),
      ),
    }),
  ),
});
export type DepositForm = z.infer<typeof depositFormSchema>;

/** One row of `GET campus/dossier/etudiant/{ine}`. */
export const dossierSummarySchema = z.object({
  idDossier: z.number(),
  referenceDossier: z.string(),
  idSessionCenou: z.number(),
  anneeAcademique: z.string(),
  etatSession: z.string(),
  statutSession: z.string(),
  statutDossier: z.string(),
  admis: z.string().nullable(),
  rang: z.number().nullable(),
  moyenne: z.number().nullable(),
  dateDepot: ts,
  typeDossier: z.string(),
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
export type DossierSummary = z.infer<typeof dossierSummarySchema>;

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

/** `GET campus/dossier/depot?ineEtudiant=&idDossier=`, and the answer of `PUT campus/dossier`. */
export const dossierDetailSchema = dossierSummarySchema.extend({
  ...identitySchema.pick(DETAIL_IDENTITY).shape,
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
export type DossierDetail = z.infer<typeof dossierDetailSchema>;
