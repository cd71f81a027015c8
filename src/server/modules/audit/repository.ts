import { sql, type SQL } from 'drizzle-orm';
import { auditActionLabels } from '../../../domain/messages';
import type { AuditRow } from '../../../domain/schemas/audit';
import { describeDetail, describeObject, RESOURCE_LABELS } from '../../audit/describe';
import { one, type Db } from '../../db/client';
import type { ColumnType, ListColumn, ListSource } from '../../lists/pipeline';

/**
 * Burkina Faso keeps UTC+0 all year: times of the journal are shown in its zone, named so that
 * the intent is plain, whatever the zone of the database server.
 */
export const AUDIT_TIME_ZONE = 'Africa/Ouagadougou';

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

/** The entry's row, when it is a number (the settings' ids; an import has none). */
const ROW_ID = sql`(CASE WHEN a.resource_id ~ '^[0-9]{1,9}$' THEN a.resource_id::int END)`;

/** An assignment's student and bed (as they are now), the assignment chosen by `where` on `af`. */
const bedOf = (
  where: SQL,
) => sql`(SELECT jsonb_build_object('nom', r.nom_etudiant, 'prenom', r.prenom_etudiant,
      'ine', r.ine, 'cite', c.nom_cite, 'chambre', ch.libelle_chambre, 'lit', l.libelle_lit)
    FROM affectation af JOIN registre_etudiant r ON r.id_etudiant = af.id_etudiant
    JOIN cite c ON c.id_cite = af.id_cite JOIN chambre ch ON ch.id_chambre = af.id_chambre
    JOIN lit l ON l.id_lit = af.id_lit WHERE ${where})`;

/**
 * What the workflow's entries are about, read for the page's rows only (one primary-key look-up
 * each): the dossier's reference and student, the assignment's student and bed (as it is now),
 * a payment's or a refund's student and bed (by its reference, unique), an account's name, the
 * direction and year of a published deliberation's or an upload's session. describeObject
 * writes it in words; the settings' entries carry their row's name in their detail.
 */
const OBJET = sql`(CASE a.resource
  WHEN 'dossier' THEN (SELECT jsonb_build_object('reference', d.reference_dossier, 'nom', r.nom_etudiant,
      'prenom', r.prenom_etudiant, 'ine', r.ine)
    FROM dossier d JOIN registre_etudiant r ON r.id_etudiant = d.id_etudiant WHERE d.id_dossier = ${ROW_ID})
  WHEN 'affectation' THEN ${bedOf(sql`af.id_affectation = ${ROW_ID}`)}
  WHEN 'paiement' THEN ${bedOf(
    sql`af.id_affectation = (SELECT p.id_affectation FROM paiement p WHERE p.reference_paiement = a.resource_id)`,
  )}
  WHEN 'remboursement' THEN ${bedOf(
    sql`af.id_affectation = (SELECT p.id_affectation FROM remboursement p WHERE p.reference_remboursement = a.resource_id)`,
  )}
  WHEN 'users' THEN (SELECT jsonb_build_object('nom', u.nom, 'prenom', u.prenom, 'userName', u.user_name)
    FROM users u WHERE u.id = ${ROW_ID})
  WHEN 'deliberation' THEN (SELECT jsonb_build_object('direction', dir.libelle_direction, 'annee', s.annee_debut)
    FROM deliberation de JOIN session_cenou s ON s.id_session_cenou = de.id_session_cenou
    JOIN direction dir ON dir.id_direction = s.id_direction WHERE de.id_deliberation = ${ROW_ID})
  WHEN 'chargement-admissibles' THEN (SELECT jsonb_build_object('direction', dir.libelle_direction, 'annee', s.annee_debut)
    FROM session_cenou s JOIN direction dir ON dir.id_direction = s.id_direction
    WHERE s.id_session_cenou = ${ROW_ID})
  END)`;

/** ISO 8601 in UTC with milliseconds, the same text whatever the driver (both hand timestamps over as text). */
const AT_ISO = sql`to_char(a.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const col = (expr: SQL, type: ColumnType, extra: Partial<ListColumn> = {}): ListColumn => ({
  sql: expr,
  type,
  search: false,
  sortable: false,
  ...extra,
});

/**
 * The journal as a list of the shared pipeline. `filtre.*` matches "contains", ignoring case and
 * accents (the date as shown, the resource by its code or its French name, the detail's JSON
 * text), but the action's code and the resource's id by equality, as enumerations and ids are
 * everywhere (`1` must not find `12`). `q` looks at the user, the resource and the action, codes
 * or French labels. `sort` takes time, user, and action and resource in the order of their French
 * labels; ties go newest first.
 */
export const auditSource: ListSource<AuditRow> = {
  name: 'audit',
  from: sql`audit_log a`,
  columns: {
    id: col(sql`a.id`, 'id', { filter: 'none', notNull: true }),
    at: col(AT_ISO, 'timestamp', {
      filter: 'contains',
      filterSql: DATE_HEURE,
      sortSql: sql`a.at`,
      sortable: true,
    }),
    dateHeure: col(DATE_HEURE, 'text', { filter: 'none' }),
    userId: col(sql`a.user_id`, 'id', { filter: 'none' }),
    userName: col(sql`a.user_name`, 'text', { search: true, sortable: true }),
    action: col(sql`a.action`, 'enum', { sortSql: ACTION_LABEL, sortable: true }),
    actionTexte: col(sql`(a.action || ' ' || ${ACTION_LABEL})`, 'text', {
      hidden: true,
      filter: 'none',
      search: true,
    }),
    resource: col(sql`a.resource`, 'text', {
      filterSql: sql`(a.resource || ' ' || ${RESOURCE_LABEL})`,
      sortSql: RESOURCE_LABEL,
      search: true,
      sortable: true,
    }),
    libelleRessource: col(RESOURCE_LABEL, 'text', { filter: 'none' }),
    resourceId: col(sql`a.resource_id`, 'id'),
    objet: col(OBJET, 'text', { filter: 'none' }),
    detail: col(sql`a.detail`, 'text', { filterSql: sql`a.detail::text` }),
  },
  defaultSort: 'at,desc',
  key: sql`a.id`,
  thenBy: (sort) => (sort.some((s) => s.column === 'at') ? [] : [{ column: 'at', desc: true }]),
  keyDesc: (sort) => !sort.some((s) => s.column === 'at' && !s.desc),
  map: (row) => withResume(row as ReadRow),
  alwaysPaged: true,
};

const SELECT = sql`SELECT a.id, ${AT_ISO} AS at, ${DATE_HEURE} AS "dateHeure", a.user_id AS "userId", a.user_name AS "userName",
  a.action, a.resource, ${RESOURCE_LABEL} AS "libelleRessource", a.resource_id AS "resourceId", a.detail,
  ${OBJET} AS objet
  FROM audit_log a`;

type ReadRow = Omit<AuditRow, 'resume' | 'libelleObjet'> & { objet?: unknown };

/**
 * Completes a row read from the database: the id as a number (int8 comes as text from
 * node-postgres), the French detail and what the entry is about in words.
 */
function withResume({ objet, ...row }: ReadRow): AuditRow {
  return {
    ...row,
    id: Number(row.id),
    resume: describeDetail(row.action, row.resource, row.detail),
    libelleObjet: describeObject(row.resource, row.resourceId, objet, row.detail),
  };
}

export async function getAudit(db: Db, id: number): Promise<AuditRow | undefined> {
  const row = await one<ReadRow>(db, sql`${SELECT} WHERE a.id = ${id}`);
  return row && withResume(row);
}
