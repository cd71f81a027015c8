import { sql, type SQL } from 'drizzle-orm';
import { auditActionLabels, messages } from '../../../domain/messages';
import { describeDetail, RESOURCE_LABELS } from '../../audit/describe';
import { parseListQuery, searchConditions, whereSql, type ListQuery } from '../../crud/list-query';
import { one, rows, type Db } from '../../db/client';
import { AppError } from '../../errors';

/**
 * Burkina Faso keeps UTC+0 all year: times of the journal are shown in its zone, named so that
 * the intent is plain, whatever the zone of the database server.
 */
export const AUDIT_TIME_ZONE = 'Africa/Ouagadougou';

export interface AuditRow {
  id: number;
  /** ISO 8601 timestamp (UTC). */
  at: string;
  /** `DD/MM/YYYY HH:MM:SS` in Burkina Faso's time: what the screen shows and `filtre.at` matches. */
  dateHeure: string;
  userId: number | null;
  userName: string | null;
  action: string;
  resource: string;
  libelleRessource: string;
  resourceId: string | null;
  detail: unknown;
  /** The detail in French, for people (screen and exports). */
  resume: string;
}

/** A constant of this module as an SQL literal (labels of the catalogue, never user input). */
const literal = (text: string) => sql.raw(`'${text.replace(/'/g, "''")}'`);

/** `CASE column WHEN 'CREER' THEN 'Création' … ELSE column END`: the French label of a code. */
function labelSql(column: SQL, labels: Record<string, string>): SQL {
  const whens = Object.entries(labels).map(
    ([code, label]) => sql`WHEN ${literal(code)} THEN ${literal(label)}`,
  );
  return sql`(CASE ${column} ${sql.join(whens, sql` `)} ELSE ${column} END)`;
}

const ACTION_LABEL = labelSql(sql.raw('a.action'), auditActionLabels);
const RESOURCE_LABEL = labelSql(sql.raw('a.resource'), RESOURCE_LABELS);
const DATE_HEURE = sql`to_char(a.at AT TIME ZONE ${literal(AUDIT_TIME_ZONE)}, 'DD/MM/YYYY HH24:MI:SS')`;

/**
 * What `filtre.*` matches: "contains", ignoring case and accents (the date as shown, the resource
 * by its code or its French name, the detail's JSON text), but the action's code and the
 * resource's id by equality, as enumerations and ids are everywhere (`1` must not find `12`).
 */
const FILTER_COLUMNS: Record<string, SQL> = {
  at: DATE_HEURE,
  userName: sql.raw('a.user_name'),
  action: sql.raw('a.action'),
  resource: sql`(a.resource || ' ' || ${RESOURCE_LABEL})`,
  resourceId: sql.raw('a.resource_id'),
  detail: sql.raw('a.detail::text'),
};
const EXACT = new Set(['action', 'resourceId']);
/** `q` looks at the user, the resource and the action, codes or French labels. */
const SEARCH_COLUMNS: Record<string, SQL> = {
  ...FILTER_COLUMNS,
  actionTexte: sql`(a.action || ' ' || ${ACTION_LABEL})`,
};
const SEARCHABLE = ['userName', 'actionTexte', 'resource'];

/** What `sort` accepts: time, user, and action and resource in the order of their French labels. */
const SORT_COLUMNS: Record<string, SQL> = {
  at: sql.raw('a.at'),
  userName: sql.raw('a.user_name'),
  action: ACTION_LABEL,
  resource: RESOURCE_LABEL,
};

export const DEFAULT_SORT = 'at,desc';
const DEFAULT_SIZE = 50;

/** `page,size,q,sort,filtre.*` of CONTRACT §2; the journal is always paged (50 rows by default). */
export function auditListQuery(query: Record<string, unknown>): ListQuery {
  const lq = parseListQuery(query, FILTER_COLUMNS, DEFAULT_SORT);
  if (lq.sort.some((s) => !(s.column in SORT_COLUMNS))) {
    throw new AppError('VALIDATION', 'triInvalide', [{ champ: 'sort', message: messages.triInvalide }]);
  }
  return { ...lq, paged: true, size: lq.paged ? lq.size : DEFAULT_SIZE };
}

/** ORDER BY: the requested keys, then the newest first, the id breaking ties in the same direction. */
function orderSql(lq: ListQuery): SQL {
  const parts = lq.sort.map((s) => sql`${SORT_COLUMNS[s.column]} ${sql.raw(s.desc ? 'DESC' : 'ASC')}`);
  const atKey = lq.sort.find((s) => s.column === 'at');
  if (!atKey) parts.push(sql`a.at DESC`);
  parts.push(sql.raw(`a.id ${atKey && !atKey.desc ? 'ASC' : 'DESC'}`));
  return sql.join(parts, sql`, `);
}

/** ISO 8601 in UTC with milliseconds, the same text whatever the driver (both hand timestamps over as text). */
const AT_ISO = sql`to_char(a.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const SELECT = sql`SELECT a.id, ${AT_ISO} AS at, ${DATE_HEURE} AS "dateHeure", a.user_id AS "userId", a.user_name AS "userName",
  a.action, a.resource, ${RESOURCE_LABEL} AS "libelleRessource", a.resource_id AS "resourceId", a.detail
  FROM audit_log a`;

/** Completes a row read from the database: the id as a number (int8 comes as text from node-postgres), the French detail. */
function withResume(row: Omit<AuditRow, 'resume'>): AuditRow {
  return { ...row, id: Number(row.id), resume: describeDetail(row.action, row.resource, row.detail) };
}

export async function listAudit(
  db: Db,
  lq: ListQuery,
  withTotal = true,
): Promise<{ rows: AuditRow[]; total: number }> {
  const where = whereSql(searchConditions(lq, SEARCH_COLUMNS, SEARCHABLE, EXACT));
  const data = await rows<Omit<AuditRow, 'resume'>>(
    db,
    sql`${SELECT} ${where} ORDER BY ${orderSql(lq)} LIMIT ${lq.size} OFFSET ${lq.page * lq.size}`,
  );
  if (!withTotal) return { rows: data.map(withResume), total: data.length };
  const count = await one<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM audit_log a ${where}`);
  return { rows: data.map(withResume), total: count?.n ?? 0 };
}

/** Every matching row, page by page, for the exports. */
export async function* iterateAudit(db: Db, lq: ListQuery, batch = 1000): AsyncGenerator<AuditRow> {
  for (let page = 0; ; page++) {
    const { rows: chunk } = await listAudit(db, { ...lq, page, size: batch }, false);
    yield* chunk;
    if (chunk.length < batch) return;
  }
}

export async function getAudit(db: Db, id: number): Promise<AuditRow | undefined> {
  const row = await one<Omit<AuditRow, 'resume'>>(db, sql`${SELECT} WHERE a.id = ${id}`);
  return row && withResume(row);
}
