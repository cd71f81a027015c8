import { z } from 'zod';
import { ERROR_CODES } from '../errors';
import { messages } from '../messages';

/**
 * The pieces every call's schema is built from. Each call's schemas (path parameters, query, body,
 * answer) live in `src/domain/schemas/<area>.ts`: the server's route declares them (so the OpenAPI
 * description is built from them) and the web client infers its types from them with
 * `z.infer<typeof …>` (a type-only import: no zod in the client's bundle for it).
 */

/** The largest id the database holds (PostgreSQL `integer`). */
export const ID_MAX = 2_147_483_647;

/**
 * An id: a positive integer the database can hold (1 to ID_MAX), the one schema of every id of the
 * API, in a JSON body as in a path or a query string (`idParam`).
 */
export const id = z
  .number({ error: messages.valeurInvalide })
  .int({ error: messages.valeurInvalide })
  .min(1, { error: messages.valeurInvalide })
  .max(ID_MAX, { error: messages.valeurInvalide });

/**
 * An integer written as text in a path or a query string, read as a number before `schema` checks
 * it: decimal digits only (`0x10`, `1e3` or ` 7` are no numbers, though `Number` would read them).
 * The description shows `schema` itself (an integer with its bounds), as a client sends it.
 */
export const intParam = <T extends z.ZodType<number>>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && /^\d{1,12}$/.test(v) ? Number(v) : v), schema);

/** The same id in a path or a query string, where it arrives as text. */
export const idParam = intParam(id);

/** A real calendar date as the API writes it (`YYYY-MM-DD`): `2026-02-30` is refused. */
export const isoDate = z.iso.date({ error: messages.dateInvalide });

/**
 * A text a person types that the call cannot do without: `null` or absent, empty or only spaces
 * are refused with 'Ce champ est obligatoire.' (the description says so with a pattern: at least
 * one character that is not a space); kept trimmed.
 */
export const requiredText = (max = 200) =>
  z
    .string({ error: messages.champObligatoire })
    .max(max, { error: messages.valeurTropLongue })
    .regex(/\S/, { error: messages.champObligatoire, abort: true })
    .trim();

/** A timestamp as the API writes it (ISO 8601). */
export const isoTimestamp = z.string();

const ERROR_CODE_NAMES = [
  ...(Object.keys(ERROR_CODES) as (keyof typeof ERROR_CODES)[]),
  'ERREUR_INTERNE',
  'INDISPONIBLE',
] as const;

/** The body of every error answer (docs/api.md): a French message, a code, and the refused fields. */
export const errorBody = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODE_NAMES),
  errors: z
    .array(z.object({ champ: z.string(), message: z.string(), ligne: z.number().int().optional() }))
    .optional(),
});

/**
 * An answer without a body (a 204, a HEAD): the route sends `null`, nothing goes out, and the
 * description shows the status without content (src/server/plugins/openapi.ts).
 */
export const noContent = z.null().meta({ description: 'Sans corps.' });
/** A list unchanged since the tag the client sent back (`If-None-Match`, decision 028). */
export const notModified = z
  .null()
  .meta({ description: 'Inchangée depuis l’étiquette envoyée (If-None-Match) : sans corps.' });

/** The answer of a soft delete and of the other writes that only say they worked. */
export const messageBody = z.object({ message: z.string() });

/**
 * An optional query parameter whose empty value means none (`?idDirection=` as no direction): the
 * description marks it `allowEmptyValue` (src/server/plugins/openapi.ts reads `EMPTY_AS_ABSENT`).
 */
export const EMPTY_AS_ABSENT = 'x-vide-comme-absent';
export const emptyAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional()).meta({ [EMPTY_AS_ABSENT]: true });

/** An optional id in a query string. */
export const optionalIdParam = emptyAsAbsent(idParam);

/**
 * A value the call cannot do without: absent (or empty, as a query string sends it) is refused with
 * 'Ce champ est obligatoire.', anything else is read by `schema` (`required(idParam)`).
 */
export const required = <T extends z.ZodType>(schema: T) =>
  z.preprocess<unknown, T, z.input<T>>((value, ctx) => {
    if (value === undefined || value === '') {
      ctx.addIssue({ code: 'custom', message: messages.champObligatoire, input: value });
      return z.NEVER;
    }
    return value;
  }, schema);
