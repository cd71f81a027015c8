import { z } from 'zod';
import { messages } from '../../domain/messages';
import { MAX_PAGE_SIZE } from '../../domain/limits';
import { intParam } from '../../domain/schemas/common';
import { filterModeOf, MAX_PAGE, type ListSource } from './pipeline';

/** The export formats a list may answer besides its JSON page. */
type ListFormat = 'csv' | 'xlsx' | 'pdf';

interface ListQueryOptions {
  /** The list's own parameters (`idDirection`, `idSessionCenou`…), declared beside the paging ones. */
  extra?: z.ZodRawShape;
  /** The formats of `format=` (none: the list exports nothing). */
  formats?: readonly ListFormat[];
}

/** An integer of a list's paging, from `min` to `max` (the description says both). */
const bounded = (min: number, max: number) =>
  intParam(
    z
      .number({ error: messages.valeurInvalide })
      .int({ error: messages.valeurInvalide })
      .min(min, { error: messages.valeurInvalide })
      .max(max, { error: messages.valeurInvalide }),
  );

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Exactly the sorts `parseSort` reads, as a pattern the description shows: keys separated by `;`
 * (blank ones skipped), each a sortable column, then `,asc` or `,desc` in any case, or nothing.
 */
function sortPattern(sortable: string[]): RegExp {
  const dir = '(?:[Aa][Ss][Cc]|[Dd][Ee][Ss][Cc])?';
  const key = `\\s*(?:${sortable.map(escaped).join('|')})\\s*(?:,\\s*${dir}\\s*(?:,[^;]*)?)?`;
  const part = `(?:\\s*|${key})`;
  return new RegExp(`^${part}(?:;${part})*$`);
}

/**
 * The query string of a list (docs/api.md, Lists), declared from its source so that the OpenAPI
 * description names every parameter the list takes: `page`, `size`, `q`, `sort` (its sortable
 * columns), one `filtre.<column>` per filterable column, `format` when it exports, and the list's
 * own parameters. Any other parameter is refused (400). Values stay text: `parseListQuery` reads
 * them with its own rules and messages.
 */
export function listQuerySchema(source: ListSource<unknown>, opts: ListQueryOptions = {}) {
  const columns = Object.entries(source.columns);
  const sortable = columns.filter(([, c]) => c.sortable !== false).map(([name]) => name);
  const shape: Record<string, z.ZodType> = {
    page: bounded(0, MAX_PAGE).optional().meta({ description: 'Numéro de page, à partir de 0.' }),
    size: bounded(1, MAX_PAGE_SIZE)
      .optional()
      .meta({ description: `Taille de la page, de 1 à ${MAX_PAGE_SIZE}.` }),
    q: z
      .string()
      .optional()
      .meta({ description: 'Recherche (contient, sans tenir compte de la casse ni des accents).' }),
    sort: z
      .string()
      .regex(sortPattern(sortable), { error: messages.triInvalide })
      .optional()
      .meta({
        description: `Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : ${sortable.join(', ')}.`,
      }),
  };
  for (const [name, column] of columns) {
    if (filterModeOf(column) === 'none') continue;
    shape[`filtre.${name}`] = z.string().optional();
  }
  if (opts.formats && opts.formats.length > 0) {
    shape.format = z
      .enum(opts.formats as [ListFormat, ...ListFormat[]], { error: messages.choixInvalide })
      .optional()
      .meta({
        description: 'Sans valeur : la page en JSON ; sinon le fichier de toutes les lignes choisies.',
      });
  }
  return z.strictObject({ ...shape, ...opts.extra });
}
