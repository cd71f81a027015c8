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

/** An id in a JSON body: a positive integer the database can hold. */
export const id = z
  .number({ error: messages.valeurInvalide })
  .int({ error: messages.valeurInvalide })
  .positive({ error: messages.valeurInvalide })
  .max(ID_MAX, { error: messages.valeurInvalide });

/**
 * The same id in a path or a query string, where it arrives as text: decimal digits only (`0x10`,
 * `1e3` or ` 7` are no ids, though `Number` would read them).
 */
export const idParam = z
  .string({ error: messages.valeurInvalide })
  .regex(/^\d{1,10}$/, { error: messages.valeurInvalide })
  .transform(Number)
  .pipe(id);

/** A date as the API writes it (`YYYY-MM-DD`). */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: messages.valeurInvalide });

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

/** An optional query parameter whose empty value means none (`?idDirection=` as no direction). */
export const emptyAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

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
