import { sql, type SQL } from 'drizzle-orm';
import { AppError, fieldError } from '../errors';

/**
 * Server-side pagination, search and sorting as one reusable piece (CONTRACT §2): `page`, `size`
 * (≤ 200), `q` (contains, ignoring case and accents, over the searchable columns), `sort=field,desc`
 * (listed columns only), `filtre.<field>=text` (contains on that column).
 */
export interface ListQuery {
  paged: boolean;
  page: number;
  size: number;
  q?: string;
  sort: { column: string; desc: boolean }[];
  filtres: Record<string, string>;
}

export const MAX_PAGE_SIZE = 200;

function asInt(value: unknown, champ: string, min: number, max: number): number {
  const n = Number(value);
  if (typeof value !== 'string' || !/^\d+$/.test(value) || n < min || n > max) {
    throw fieldError(champ, 'valeurInvalide');
  }
  return n;
}

export function parseListQuery(
  query: Record<string, unknown>,
  columns: Record<string, unknown>,
  defaultSort: string,
): ListQuery {
  const paged = query.page !== undefined || query.size !== undefined;
  const page = query.page === undefined ? 0 : asInt(query.page, 'page', 0, 10_000_000);
  const size = query.size === undefined ? 50 : asInt(query.size, 'size', 1, MAX_PAGE_SIZE);
  const q = typeof query.q === 'string' && query.q.trim() !== '' ? query.q.trim() : undefined;
  const sortParam = typeof query.sort === 'string' && query.sort.trim() !== '' ? query.sort : defaultSort;
  const sort = sortParam
    .split(';')
    .filter(Boolean)
    .map((part) => {
      const [column, dir] = part.split(',').map((s) => s.trim());
      if (!column || !(column in columns) || (dir && !['asc', 'desc'].includes(dir.toLowerCase()))) {
        throw new AppError('VALIDATION', 'triInvalide', [
          { champ: 'sort', message: 'Ce tri n’est pas autorisé.' },
        ]);
      }
      return { column, desc: dir?.toLowerCase() === 'desc' };
    });
  const filtres: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (!key.startsWith('filtre.')) continue;
    const column = key.slice('filtre.'.length);
    if (!(column in columns)) throw fieldError(key, 'valeurInvalide');
    if (typeof value === 'string' && value.trim() !== '') filtres[column] = value.trim();
  }
  return { paged, page, size, q, sort, filtres };
}

/** `%text%` with LIKE's wildcards escaped; NUL, which PostgreSQL text cannot hold, is dropped. */
function likePattern(text: string): string {
  return `%${text.replace(/\0/g, '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `fold(expr::text) LIKE fold('%text%')`: contains, ignoring case and accents. */
export function containsSql(expr: SQL, text: string): SQL {
  return sql`fold(${expr}::text) LIKE fold(${likePattern(text)}) ESCAPE '\\'`;
}

/** The WHERE conditions of `q` and `filtre.*` over the given column expressions. */
export function searchConditions(
  lq: ListQuery,
  columns: Record<string, SQL>,
  searchable: string[],
  /** Columns whose `filtre.*` is an equality (enumerations, booleans, ids): `M` must not find `MIXTE`. */
  exact: ReadonlySet<string> = new Set(),
): SQL[] {
  const conditions: SQL[] = [];
  if (lq.q) {
    const ors = searchable.map((c) => containsSql(columns[c], lq.q!));
    if (ors.length) conditions.push(sql`(${sql.join(ors, sql` OR `)})`);
  }
  for (const [column, text] of Object.entries(lq.filtres)) {
    conditions.push(
      exact.has(column) ? sql`${columns[column]}::text = ${text}` : containsSql(columns[column], text),
    );
  }
  return conditions;
}

export function orderBySql(lq: ListQuery, columns: Record<string, SQL>, tieBreaker: SQL): SQL {
  const parts = lq.sort.map(
    (s) => sql`${columns[s.column]} ${sql.raw(s.desc ? 'DESC NULLS LAST' : 'ASC NULLS LAST')}`,
  );
  parts.push(tieBreaker);
  return sql.join(parts, sql`, `);
}

export function whereSql(conditions: SQL[]): SQL {
  return conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
}

export function pageSql(lq: ListQuery): SQL {
  return lq.paged ? sql`LIMIT ${lq.size} OFFSET ${lq.page * lq.size}` : sql``;
}
