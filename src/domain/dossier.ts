/**
 * The deposit's rules (docs/sessions-and-dossiers.md#the-deposit), pure code shared by the server
 * (which enforces them whatever the client sends) and the web client (inline checks): the answers
 * of a dossier against the criterion types, the proof checks (PDF name, bytes, size), the name
 * kept for display and the readable reference number.
 */
import { JSON_BODY_MAX_BYTES, PDF_MAX_BYTES } from './limits';
import type { MessageKey } from './messages';

/** The characters of `bytes` bytes written in base64 (4 for every 3, the last group padded). */
const base64Length = (bytes: number): number => 4 * Math.ceil(bytes / 3);

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
interface DepositEntry {
  idTypeCritere: number | null | undefined;
  idCritere: number | null | undefined;
  /** A proof comes with the entry, or an earlier one is kept. */
  hasFile: boolean;
}

interface EntryError {
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
