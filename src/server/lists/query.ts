import { z } from 'zod';
import { messages } from '../../domain/messages';
import { MAX_PAGE_SIZE } from '../../domain/limits';
import { filterModeOf, type ListSource } from './pipeline';

/** The export formats a list may answer besides its JSON page. */
export type ListFormat = 'csv' | 'xlsx' | 'pdf';

export interface ListQueryOptions {
  /** The list's own parameters (`idDirection`, `idSessionCenou`…), declared beside the paging ones. */
  extra?: z.ZodRawShape;
  /** The formats of `format=` (none: the list exports nothing). */
  formats?: readonly ListFormat[];
}

const digits = z.string().regex(/^\d+$/, { error: messages.valeurInvalide });

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
    page: digits.optional().meta({ description: 'Numéro de page, à partir de 0.' }),
    size: digits.optional().meta({ description: `Taille de la page, de 1 à ${MAX_PAGE_SIZE}.` }),
    q: z
      .string()
      .optional()
      .meta({ description: 'Recherche (contient, sans tenir compte de la casse ni des accents).' }),
    sort: z
      .string()
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
