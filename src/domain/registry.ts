/**
 * The student registry file (docs/accounts.md) and the registration form: pure parsing and validation,
 * shared by the server (import, registration) and the client (form checks, template link).
 * Nothing here touches the database: the villes are passed in.
 */
import { z } from 'zod';
import { TYPES_PAYS, type TypePays } from './enums';
import { GRADE_SCALE, INE_MAX_LENGTH } from './limits';
import {
  DATE_TEXT_PATTERN,
  INE_PATTERN,
  isValidIne,
  normalizeIne,
  parseBirthDate,
  parseDate,
} from './identity';
import { messages, type MessageKey } from './messages';
import { checkCsvTable, templateCsv, type RowError } from './csv-table';
import { villeKey } from './villes';

/** The header of the registry CSV, in the template's order (docs/accounts.md). */
export const REGISTRY_COLUMNS = [
  'ine',
  'nomEtudiant',
  'prenomEtudiant',
  'sexeEtudiant',
  'dateNaissance',
  'lieuNaissance',
  'telEtudiant',
  'emailEtudiant',
  'universite',
  'filiere',
  'niveau',
  'villeOrientation',
  'anneeAcademique',
  'anneeBac',
  'serieBac',
  'moyenneBac',
  'libellePays',
  'typePays',
] as const;
export type RegistryColumn = (typeof REGISTRY_COLUMNS)[number];

/**
 * Columns a registry file may add (docs/agency-rules.md): `anneesHebergementAnterieures`, the
 * academic years the student was housed before this product (an integer ≥ 0, empty: 0). A file
 * without the column leaves the years already recorded as they are.
 */
export const REGISTRY_OPTIONAL_COLUMNS = ['anneesHebergementAnterieures'] as const;
type RegistryOptionalColumn = (typeof REGISTRY_OPTIONAL_COLUMNS)[number];

/** One example row of the downloadable template, in the columns' order. */
export const REGISTRY_TEMPLATE_EXAMPLE: Record<RegistryColumn, string> = {
  ine: 'N01234567890',
  nomEtudiant: 'Ouédraogo',
  prenomEtudiant: 'Awa Wendkouni',
  sexeEtudiant: 'F',
  dateNaissance: '12/03/2004',
  lieuNaissance: 'Koudougou',
  telEtudiant: '70 11 22 33',
  emailEtudiant: 'awa.ouedraogo@exemple.bf',
  universite: 'Université Joseph Ki-Zerbo',
  filiere: 'Sciences économiques',
  niveau: 'Licence 1',
  villeOrientation: 'Ouagadougou',
  anneeAcademique: '2025-2026',
  anneeBac: '2025',
  serieBac: 'D',
  moyenneBac: '13,50',
  libellePays: 'Burkina Faso',
  typePays: 'NATIONAL',
};

/** The template's example of the optional columns: a student never housed before. */
const REGISTRY_OPTIONAL_EXAMPLE: Record<RegistryOptionalColumn, string> = {
  anneesHebergementAnterieures: '0',
};

/**
 * The template file: UTF-8 with a byte-order mark, `;` separated, header and one example row; the
 * optional columns the import takes come last (a file may leave them out).
 */
export function registryTemplateCsv(): string {
  return templateCsv([...REGISTRY_COLUMNS, ...REGISTRY_OPTIONAL_COLUMNS], {
    ...REGISTRY_TEMPLATE_EXAMPLE,
    ...REGISTRY_OPTIONAL_EXAMPLE,
  });
}

export const REGISTRY_TEMPLATE_FILE_NAME = 'modele_registre_etudiant.csv';

// --------------------------------------------------------------------------------------------
// Small value rules (the INE and the dates in identity.ts: the registration page's first step uses
// them without this module, which builds zod schemas when it loads)

export { INE_PATTERN, isValidIne, normalizeIne, parseBirthDate, parseDate } from './identity';
/** Masks a phone number or an e-mail but for its last 4 characters (docs/accounts.md). */
export function maskKeepLast4(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const s = value.trim();
  if (s === '') return null;
  if (s.length <= 4) return '*'.repeat(s.length);
  return '*'.repeat(s.length - 4) + s.slice(-4);
}

/**
 * An e-mail address as a hint the student can recognise without it being read whole
 * (docs/accounts.md): its first character, five stars whatever its length, then the whole domain
 * (`awa.ouedraogo@gmail.com` → `a*****@gmail.com`); no `@`: masked but for its last 4.
 */
export function maskEmail(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const s = value.trim();
  if (s === '') return null;
  const at = s.lastIndexOf('@');
  if (at < 1) return maskKeepLast4(s);
  return `${s[0]}*****${s.slice(at)}`;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
function isValidEmail(value: string): boolean {
  return value.length <= 200 && EMAIL_PATTERN.test(value);
}

/** 6 to 30 characters: digits with optional `+`, spaces, dots, dashes and brackets; 6 to 20 digits. */
const PHONE_PATTERN = /^\+?(?=(?:\D*\d){6,20}\D*$)[0-9 .()/-]{6,30}$/;

/** A phone number: digits with optional `+`, spaces, dots, dashes and brackets; 6 to 20 digits. */
function isValidPhone(value: string): boolean {
  if (!PHONE_PATTERN.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 20;
}

// --------------------------------------------------------------------------------------------
// Registry rows

export interface VilleRef {
  idVille: number;
  nomVille: string;
  /** villeKey of the name (ville.cle_ville). */
  cleVille: string;
}

export interface RegistryRow {
  ligne: number;
  ine: string;
  nomEtudiant: string;
  prenomEtudiant: string;
  sexeEtudiant: 'M' | 'F';
  dateNaissance: string;
  lieuNaissance: string | null;
  telEtudiant: string | null;
  emailEtudiant: string | null;
  universite: string | null;
  filiere: string | null;
  niveau: string | null;
  /** The ville's name as stored (canonical), whatever the spelling in the file. */
  villeOrientation: string;
  idVille: number;
  anneeAcademique: string | null;
  anneeBac: number | null;
  serieBac: string | null;
  moyenneBac: number | null;
  libellePays: string | null;
  typePays: TypePays;
  /** null: the file has no such column (the recorded years are kept; a new student gets 0). */
  anneesHebergementAnterieures: number | null;
}

type Check<T> = { ok: true; value: T } | { ok: false; message: MessageKey };
const ok = <T>(value: T): Check<T> => ({ ok: true, value });
const bad = (message: MessageKey): Check<never> => ({ ok: false, message });

const requiredText =
  (max: number) =>
  (raw: string): Check<string> => {
    const v = raw.trim();
    if (v === '') return bad('champObligatoire');
    return v.length > max ? bad('valeurTropLongue') : ok(v);
  };
const optionalText =
  (max: number) =>
  (raw: string): Check<string | null> => {
    const v = raw.trim();
    if (v === '') return ok(null);
    return v.length > max ? bad('valeurTropLongue') : ok(v);
  };

function checkAcademicYear(raw: string): Check<string | null> {
  const v = raw.trim();
  if (v === '') return ok(null);
  const m = /^(\d{4})\s*[-/]\s*(\d{4})$/.exec(v);
  if (!m || Number(m[2]) !== Number(m[1]) + 1) return bad('anneeAcademiqueInvalide');
  return ok(`${m[1]}-${m[2]}`);
}

/** Checks of each column but villeOrientation (which needs the villes). */
export const REGISTRY_CELL_CHECKS: Record<
  Exclude<RegistryColumn, 'villeOrientation'>,
  (raw: string) => Check<unknown>
> = {
  ine: (raw) => {
    const v = raw.trim();
    if (v === '') return bad('champObligatoire');
    return isValidIne(v) ? ok(normalizeIne(v)) : bad('ineFormat');
  },
  nomEtudiant: requiredText(100),
  prenomEtudiant: requiredText(150),
  sexeEtudiant: (raw) => {
    const v = raw.trim().toUpperCase();
    if (v === '') return bad('champObligatoire');
    return v === 'M' || v === 'F' ? ok(v) : bad('sexeInvalide');
  },
  dateNaissance: (raw) => {
    if (raw.trim() === '') return bad('champObligatoire');
    const iso = parseBirthDate(raw);
    return iso ? ok(iso) : bad('dateNaissanceInvalide');
  },
  lieuNaissance: optionalText(150),
  telEtudiant: (raw) => {
    const v = raw.trim();
    if (v === '') return ok(null);
    return isValidPhone(v) ? ok(v) : bad('telephoneInvalide');
  },
  emailEtudiant: (raw) => {
    const v = raw.trim();
    if (v === '') return ok(null);
    return isValidEmail(v) ? ok(v) : bad('emailInvalide');
  },
  universite: optionalText(200),
  filiere: optionalText(200),
  niveau: optionalText(100),
  anneeAcademique: checkAcademicYear,
  anneeBac: (raw) => {
    const v = raw.trim();
    if (v === '') return ok(null);
    const n = Number(v);
    return /^\d{4}$/.test(v) && n >= 1950 && n <= new Date().getFullYear() + 1 ? ok(n) : bad('anneeInvalide');
  },
  serieBac: optionalText(20),
  moyenneBac: (raw) => {
    const v = raw.trim().replace(',', '.');
    if (v === '') return ok(null);
    const n = Number(v);
    return /^\d{1,2}(\.\d{1,3})?$/.test(v) && n >= 0 && n <= GRADE_SCALE ? ok(n) : bad('moyenneInvalide');
  },
  libellePays: optionalText(100),
  typePays: (raw) => {
    const v = raw.trim().toUpperCase();
    if (v === '') return ok('NATIONAL');
    const type = TYPES_PAYS.find((t) => t === v);
    return type ? ok(type) : bad('typePaysInvalide');
  },
};

interface RegistryFileResult {
  rows: RegistryRow[];
  errors: RowError[];
}

/**
 * Checks a whole registry file (text already decoded): the header must name exactly the template's
 * columns (any order, any case); each row is checked column by column; the ville is matched with
 * villeKey; an INE given twice is an error on its second row. `errors` empty means every row is good.
 * At most `maxErrors` errors are listed.
 */
/** `anneesHebergementAnterieures`: an integer from 0 to 20; empty is 0. */
function checkPriorYears(raw: string): Check<number> {
  const v = raw.trim();
  if (v === '') return ok(0);
  return /^\d{1,2}$/.test(v) && Number(v) <= 20 ? ok(Number(v)) : bad('valeurEntiere');
}

export function checkRegistryFile(text: string, villes: VilleRef[], maxErrors = 1000): RegistryFileResult {
  const villeByKey = new Map(villes.map((v) => [v.cleVille, v]));
  const seen = new Set<string>();
  return checkCsvTable<RegistryColumn | RegistryOptionalColumn, RegistryRow>(
    text,
    [...REGISTRY_COLUMNS, ...REGISTRY_OPTIONAL_COLUMNS],
    (raw, ligne, errors, has) => {
      const row: Record<string, unknown> = { ligne };
      for (const c of REGISTRY_COLUMNS) {
        if (c === 'villeOrientation') continue;
        const result = REGISTRY_CELL_CHECKS[c](raw(c));
        if (result.ok) row[c] = result.value;
        else errors.push({ champ: c, message: messages[result.message] });
      }
      const ville = checkVille(raw('villeOrientation'), villeByKey, errors);
      if (ville) {
        row.villeOrientation = ville.nomVille;
        row.idVille = ville.idVille;
      }
      row.anneesHebergementAnterieures = null;
      if (has('anneesHebergementAnterieures')) {
        const years = checkPriorYears(raw('anneesHebergementAnterieures'));
        if (years.ok) row.anneesHebergementAnterieures = years.value;
        else errors.push({ champ: 'anneesHebergementAnterieures', message: messages[years.message] });
      }
      if (typeof row.ine === 'string') {
        if (seen.has(row.ine)) errors.push({ champ: 'ine', message: messages.ineEnDouble });
        else seen.add(row.ine);
      }
      return row as unknown as RegistryRow;
    },
    maxErrors,
    REGISTRY_OPTIONAL_COLUMNS,
  );
}

/** The ville named in a file (matched with villeKey), or an error on `villeOrientation`. */
export function checkVille(
  value: string,
  villeByKey: Map<string, VilleRef>,
  errors: { champ: string; message: string }[],
): VilleRef | undefined {
  const villeRaw = value.trim();
  const ville = villeRaw === '' ? undefined : villeByKey.get(villeKey(villeRaw));
  if (!ville)
    errors.push({
      champ: 'villeOrientation',
      message: villeRaw === '' ? messages.champObligatoire : messages.villeInconnue,
    });
  return ville;
}

// --------------------------------------------------------------------------------------------
// Registration (docs/accounts.md#registration)

/** The four engagements the student must tick. */
export const ENGAGEMENT_FLAGS = [
  'engagementStatutReglement',
  'engagementPersonnelCaution',
  'declarationSurHonneur',
  'luApprouve',
] as const;

// eslint-disable-next-line no-control-regex
const NO_CONTROL_CHARS = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

const nonBlank = (max: number) =>
  z
    .string({ error: messages.champObligatoire })
    .trim()
    .min(1, { error: messages.champObligatoire, abort: true })
    .max(max, { error: messages.valeurTropLongue, abort: true })
    .regex(/\S/, { error: messages.champObligatoire, abort: true })
    .regex(NO_CONTROL_CHARS, { error: messages.valeurInvalide, abort: true });

const mustBeTicked = z.literal(true, { error: messages.caseACocher });

/**
 * The registration form (POST campus-auth/hebergement-etudiant/): INE and birth date to identify
 * the student, then the complementary data. Identity fields sent by a client are ignored. The
 * patterns tell the API's description what each field takes; the messages are the form's.
 */
export const registrationSchema = z.object({
  ine: nonBlank(INE_MAX_LENGTH).regex(INE_PATTERN, { error: messages.ineFormat }).transform(normalizeIne),
  dateNaissance: z
    .string({ error: messages.champObligatoire })
    .trim()
    .min(1, { error: messages.champObligatoire, abort: true })
    .regex(DATE_TEXT_PATTERN, { error: messages.dateInvalide, abort: true })
    .transform((v, ctx) => {
      const iso = parseDate(v);
      if (!iso) {
        ctx.addIssue({ code: 'custom', message: messages.dateInvalide });
        return z.NEVER;
      }
      return iso;
    }),
  emailEtudiant: nonBlank(200).regex(EMAIL_PATTERN, { error: messages.emailInvalide }),
  personnelBesoin: nonBlank(150),
  contact: nonBlank(30)
    .regex(PHONE_PATTERN, { error: messages.telephoneInvalide, abort: true })
    .refine(isValidPhone, { error: messages.telephoneInvalide }),
  engagementStatutReglement: mustBeTicked,
  engagementPersonnelCaution: mustBeTicked,
  declarationSurHonneur: mustBeTicked,
  luApprouve: mustBeTicked,
});
export type RegistrationInput = z.output<typeof registrationSchema>;

/**
 * A student's identity in the registry: what the INE look-up reveals (with phone and e-mail
 * masked), nothing about the account. The one definition of these fields: the API's response
 * schemas take it whole or pick from it, the server's queries read `IDENTITY_FIELDS`.
 */
export const identitySchema = z.object({
  ine: z.string(),
  nomEtudiant: z.string(),
  prenomEtudiant: z.string(),
  sexeEtudiant: z.string(),
  dateNaissance: z.string(),
  lieuNaissance: z.string().nullable(),
  telEtudiant: z.string().nullable(),
  emailEtudiant: z.string().nullable(),
  universite: z.string().nullable(),
  filiere: z.string().nullable(),
  niveau: z.string().nullable(),
  villeOrientation: z.string(),
  typePays: z.string(),
  libellePays: z.string().nullable(),
  serieBac: z.string().nullable(),
  moyenneBac: z.number().nullable(),
  anneeBac: z.number().nullable(),
});
export type RegistrationIdentity = z.infer<typeof identitySchema>;
/** The identity's field names; each is a column of `registre_etudiant` under its snake_case name. */
export const IDENTITY_FIELDS = Object.keys(identitySchema.shape) as (keyof RegistrationIdentity)[];

/** The identity alone of a row that holds more (an account, a direction…): nothing else leaks into an answer. */
export function identityOf(row: RegistrationIdentity): RegistrationIdentity {
  return Object.fromEntries(IDENTITY_FIELDS.map((f) => [f, row[f]])) as RegistrationIdentity;
}
