import { eq, sql, type Column, type SQL } from 'drizzle-orm';
import { alias, type PgTable } from 'drizzle-orm/pg-core';
import { ETUDIANT } from '../../../domain/enums';
import { auditActionLabels } from '../../../domain/messages-labels';
import type { AuditRow } from '../../../domain/schemas/audit';
import { describeActor, describeDetail, describeObject, RESOURCE_LABELS } from '../../audit/describe';
import type { Db } from '../../db/client';
import {
  affectation,
  auditLog,
  batiment,
  campagneChoix,
  chambre,
  cite,
  couloir,
  deliberation,
  direction,
  dossier,
  groupeChoix,
  lit,
  niveau,
  paiement,
  registreEtudiant,
  remboursement,
  reservation,
  sessionCenou,
  users,
} from '../../db/schema';
import {
  listColumns,
  type ColumnExtra,
  type ColumnType,
  type ListColumn,
  type ListSource,
} from '../../lists/pipeline';
import { placeJoins } from '../assignment/place/repository';

/**
 * Burkina Faso keeps UTC+0 all year: times of the journal are shown in its zone, named so that
 * the intent is plain, whatever the zone of the database server.
 */
const AUDIT_TIME_ZONE = 'Africa/Ouagadougou';

// The journal and the rows its entries are about, under the short names the statements had: the
// columns come from the schema (docs/decisions/043-typed-queries.md), so a rename fails the check.
const a = alias(auditLog, 'a');
const d = alias(dossier, 'd');
const r = alias(registreEtudiant, 'r');
const af = alias(affectation, 'af');
const c = alias(cite, 'c');
const ch = alias(chambre, 'ch');
const l = alias(lit, 'l');
const p = alias(paiement, 'p');
const rb = alias(remboursement, 'rb');
const u = alias(users, 'u');
const ua = alias(users, 'ua');
const de = alias(deliberation, 'de');
const s = alias(sessionCenou, 's');
const dir = alias(direction, 'dir');
const cc = alias(campagneChoix, 'cc');
const rv = alias(reservation, 'rv');
const gc = alias(groupeChoix, 'gc');
const co = alias(couloir, 'co');
const nv = alias(niveau, 'nv');
const bt = alias(batiment, 'bt');

/** `table alias` of a FROM or a JOIN (an alias alone writes its name only). */
const t = (table: PgTable, short: string) => sql`${table} ${sql.identifier(short)}`;

/** A constant of this module as an SQL literal (labels of the catalogue, never user input). */
const literal = (text: string) => sql.raw(`'${text.replace(/'/g, "''")}'`);

/** `CASE column WHEN 'CREER' THEN 'Création' … ELSE column END`: the French label of a code. */
function labelSql(column: SQL, labels: Record<string, string>): SQL {
  const whens = Object.entries(labels).map(
    ([code, label]) => sql`WHEN ${literal(code)} THEN ${literal(label)}`,
  );
  return sql`(CASE ${column} ${sql.join(whens, sql` `)} ELSE ${column} END)`;
}

const ACTION_LABEL = labelSql(sql`${a.action}`, auditActionLabels);
const RESOURCE_LABEL = labelSql(sql`${a.resource}`, RESOURCE_LABELS);
const DATE_HEURE = sql`to_char(${a.at} AT TIME ZONE ${literal(AUDIT_TIME_ZONE)}, 'DD/MM/YYYY HH24:MI:SS')`;

/** The entry's row, when it is a number (the settings' ids; an import has none). */
const ROW_ID = sql`(CASE WHEN ${a.resourceId} ~ '^[0-9]{1,9}$' THEN ${a.resourceId}::int END)`;

/** An assignment's student and bed (as they are now), the assignment chosen by `where` on `af`. */
const bedOf = (
  where: SQL,
) => sql`(SELECT jsonb_build_object('nom', ${r.nomEtudiant}, 'prenom', ${r.prenomEtudiant},
      'ine', ${r.ine}, 'cite', ${c.nomCite}, 'chambre', ${ch.libelleChambre}, 'lit', ${l.libelleLit})
    FROM ${t(affectation, 'af')} JOIN ${t(registreEtudiant, 'r')} ON ${r.idEtudiant} = ${af.idEtudiant}
    ${placeJoins('JOIN', { a: af, c, ch, l })} WHERE ${where})`;

/**
 * What the workflow's entries are about, read for the page's rows only (one primary-key look-up
 * each): the dossier's reference and student, the assignment's student and bed (as it is now),
 * a payment's or a refund's student and bed (by its reference, unique), an account's name, the
 * direction and year of a published deliberation's or an upload's session. describeObject
 * writes it in words; the settings' entries carry their row's name in their detail.
 */
const OBJET = sql`(CASE ${a.resource}
  WHEN 'dossier' THEN (SELECT jsonb_build_object('reference', ${d.referenceDossier}, 'nom', ${r.nomEtudiant},
      'prenom', ${r.prenomEtudiant}, 'ine', ${r.ine})
    FROM ${t(dossier, 'd')} JOIN ${t(registreEtudiant, 'r')} ON ${r.idEtudiant} = ${d.idEtudiant} WHERE ${d.idDossier} = ${ROW_ID})
  WHEN 'affectation' THEN ${bedOf(sql`${af.idAffectation} = ${ROW_ID}`)}
  WHEN 'paiement' THEN ${bedOf(
    sql`${af.idAffectation} = (SELECT ${p.idAffectation} FROM ${t(paiement, 'p')} WHERE ${p.referencePaiement} = ${a.resourceId})`,
  )}
  WHEN 'remboursement' THEN ${bedOf(
    sql`${af.idAffectation} = (SELECT ${rb.idAffectation} FROM ${t(remboursement, 'rb')} WHERE ${rb.referenceRemboursement} = ${a.resourceId})`,
  )}
  WHEN 'users' THEN (SELECT jsonb_build_object('nom', ${u.nom}, 'prenom', ${u.prenom}, 'userName', ${u.userName})
    FROM ${t(users, 'u')} WHERE ${u.id} = ${ROW_ID})
  WHEN 'deliberation' THEN (SELECT jsonb_build_object('direction', ${dir.libelleDirection}, 'annee', ${s.anneeDebut})
    FROM ${t(deliberation, 'de')} JOIN ${t(sessionCenou, 's')} ON ${s.idSessionCenou} = ${de.idSessionCenou}
    JOIN ${t(direction, 'dir')} ON ${dir.idDirection} = ${s.idDirection} WHERE ${de.idDeliberation} = ${ROW_ID})
  WHEN 'chargement-admissibles' THEN (SELECT jsonb_build_object('direction', ${dir.libelleDirection}, 'annee', ${s.anneeDebut})
    FROM ${t(sessionCenou, 's')} JOIN ${t(direction, 'dir')} ON ${dir.idDirection} = ${s.idDirection}
    WHERE ${s.idSessionCenou} = ${ROW_ID})
  WHEN 'campagne_choix' THEN (SELECT jsonb_build_object('direction', ${dir.libelleDirection}, 'annee', ${s.anneeDebut})
    FROM ${t(campagneChoix, 'cc')} JOIN ${t(sessionCenou, 's')} ON ${s.idSessionCenou} = ${cc.idSessionCenou}
    JOIN ${t(direction, 'dir')} ON ${dir.idDirection} = ${cc.idDirection} WHERE ${cc.idCampagne} = ${ROW_ID})
  WHEN 'reservation' THEN (SELECT jsonb_build_object('nom', ${r.nomEtudiant}, 'prenom', ${r.prenomEtudiant},
      'ine', ${r.ine}, 'cite', ${c.nomCite}, 'chambre', ${ch.libelleChambre})
    FROM ${t(reservation, 'rv')} JOIN ${t(registreEtudiant, 'r')} ON ${r.idEtudiant} = ${rv.idEtudiant}
    JOIN ${t(chambre, 'ch')} ON ${ch.idChambre} = ${rv.idChambre}
    JOIN ${t(couloir, 'co')} ON ${co.idCouloir} = ${ch.idCouloir} JOIN ${t(niveau, 'nv')} ON ${nv.idNiveau} = ${co.idNiveau}
    JOIN ${t(batiment, 'bt')} ON ${bt.idBatiment} = ${nv.idBatiment} JOIN ${t(cite, 'c')} ON ${c.idCite} = ${bt.idCite}
    WHERE ${rv.idReservation} = ${ROW_ID})
  WHEN 'groupe_choix' THEN (SELECT jsonb_build_object('nom', ${r.nomEtudiant}, 'prenom', ${r.prenomEtudiant}, 'ine', ${r.ine})
    FROM ${t(groupeChoix, 'gc')} JOIN ${t(registreEtudiant, 'r')} ON ${r.idEtudiant} = ${gc.idCreateur}
    WHERE ${gc.idGroupe} = ${ROW_ID})
  END)`;

/**
 * Who acted, when it is a student: its name and INE as its account holds them (describeActor
 * writes them « Nom Prénom (INE …) », as the entries' students); staff are named by their username.
 */
const ACTEUR = sql`(SELECT jsonb_build_object('nom', ${ua.nom}, 'prenom', ${ua.prenom})
    FROM ${t(users, 'ua')} WHERE ${ua.id} = ${a.userId} AND ${ua.role} = ${ETUDIANT})`;

/**
 * A student actor's « Nom Prénom » (null for staff): what the « Utilisateur » column, which shows
 * it, is also filtered, searched and sorted by, beside the username.
 */
const NOM_ACTEUR = sql`(SELECT ${ua.nom} || ' ' || ${ua.prenom}
    FROM ${t(users, 'ua')} WHERE ${ua.id} = ${a.userId} AND ${ua.role} = ${ETUDIANT})`;

/** ISO 8601 in UTC with milliseconds, the same text whatever the driver (both hand timestamps over as text). */
const AT_ISO = sql`to_char(${a.at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The journal's columns: `stored` for a column read as the schema stores it (its SQL, type and
 * nullability from there, docs/decisions/120-list-columns-from-the-schema.md), `col` for the others
 * (an expression; or a stored column the list types otherwise: the entry's and the actor's ids,
 * integers named `id`/`user_id` and a text `resource_id`, are ids; the action, a free text in the
 * schema, an enumeration of the catalogue's codes; the detail's JSON, its text). None is searched
 * nor sorted unless it says so.
 */
const columns = listColumns(a);
const stored = (column: Column, extra: ColumnExtra = {}): ListColumn =>
  columns.col(column, { search: false, sortable: false, ...extra });
const col = (expr: SQL, type: ColumnType, extra: Partial<ListColumn> = {}): ListColumn =>
  columns.computed(expr, type, { search: false, sortable: false, ...extra });

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
  from: t(auditLog, 'a'),
  columns: {
    id: col(sql`${a.id}`, 'id', { filter: 'none', notNull: true }),
    at: col(AT_ISO, 'timestamp', {
      filter: 'contains',
      filterSql: DATE_HEURE,
      sortSql: sql`${a.at}`,
      sortable: true,
    }),
    dateHeure: col(DATE_HEURE, 'text', { filter: 'none' }),
    userId: col(sql`${a.userId}`, 'id', { filter: 'none' }),
    userName: stored(a.userName, {
      search: true,
      sortable: true,
      filterSql: sql`(coalesce(${NOM_ACTEUR} || ' ', '') || coalesce(${a.userName}, ''))`,
      sortSql: sql`coalesce(${NOM_ACTEUR}, ${a.userName})`,
    }),
    action: col(sql`${a.action}`, 'enum', { sortSql: ACTION_LABEL, sortable: true }),
    actionTexte: col(sql`(${a.action} || ' ' || ${ACTION_LABEL})`, 'text', {
      hidden: true,
      filter: 'none',
      search: true,
    }),
    resource: stored(a.resource, {
      filterSql: sql`(${a.resource} || ' ' || ${RESOURCE_LABEL})`,
      sortSql: RESOURCE_LABEL,
      search: true,
      sortable: true,
    }),
    libelleRessource: col(RESOURCE_LABEL, 'text', { filter: 'none' }),
    resourceId: col(sql`${a.resourceId}`, 'id'),
    objet: col(OBJET, 'text', { filter: 'none' }),
    acteur: col(ACTEUR, 'text', { filter: 'none' }),
    detail: col(sql`${a.detail}`, 'text', { filterSql: sql`${a.detail}::text` }),
  },
  defaultSort: 'at,desc',
  key: sql`${a.id}`,
  thenBy: (sort) => (sort.some((s) => s.column === 'at') ? [] : [{ column: 'at', desc: true }]),
  keyDesc: (sort) => !sort.some((s) => s.column === 'at' && !s.desc),
  map: (row) => withResume(row as ReadRow),
  alwaysPaged: true,
};

type ReadRow = Omit<AuditRow, 'resume' | 'libelleObjet' | 'libelleUtilisateur'> & {
  objet?: unknown;
  acteur?: unknown;
};

/**
 * Completes a row read from the database: the id as a number (int8 comes as text from
 * node-postgres), the French detail and what the entry is about in words.
 */
function withResume({ objet, acteur, ...row }: ReadRow): AuditRow {
  return {
    ...row,
    libelleUtilisateur: describeActor(row.userName, acteur),
    id: Number(row.id),
    resume: describeDetail(row.action, row.resource, row.detail),
    libelleObjet: describeObject(row.resource, row.resourceId, objet, row.detail),
  };
}

export async function getAudit(db: Db, id: number): Promise<AuditRow | undefined> {
  const [row] = await db
    .select({
      id: a.id,
      at: sql<string>`${AT_ISO}`,
      dateHeure: sql<string>`${DATE_HEURE}`,
      userId: a.userId,
      userName: a.userName,
      action: a.action,
      resource: a.resource,
      libelleRessource: sql<string>`${RESOURCE_LABEL}`,
      resourceId: a.resourceId,
      detail: a.detail,
      objet: sql<unknown>`${OBJET}`,
      acteur: sql<unknown>`${ACTEUR}`,
    })
    .from(a)
    .where(eq(a.id, id));
  return row && withResume(row);
}
