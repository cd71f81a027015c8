import { eq, sql, type Column, type SQL } from 'drizzle-orm';
import { alias, type PgTable } from 'drizzle-orm/pg-core';
import { ETUDIANT } from '../../../domain/enums';
import { messages } from '../../../domain/messages';
import { auditActionLabels } from '../../../domain/messages-labels';
import { describeActor, describeDetail, describeObject, RESOURCE_LABELS } from '../../audit/describe';
import { isoUtc } from '../../db/clock';
import type { Db } from '../../db/client';
import type { RowOf } from '../../db/rows';
import {
  affectation,
  auditLog,
  batiment,
  campagneChoix,
  chambre,
  cite,
  couloir,
  degradation,
  deliberation,
  direction,
  dossier,
  etatDesLieux,
  groupeChoix,
  lit,
  niveau,
  paiement,
  procuration,
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
const dg = alias(degradation, 'dg');
const el = alias(etatDesLieux, 'el');
const pr = alias(procuration, 'pr');

/** `table alias` of a FROM or a JOIN (an alias alone writes its name only). */
const t = (table: PgTable, short: string) => sql`${table} ${sql.identifier(short)}`;

/** A constant of this module as an SQL literal (labels of the catalogue, never user input). */
const literal = (text: string) => sql.raw(`'${text.replace(/'/g, "''")}'`);

/**
 * `CASE column WHEN 'CREER' THEN 'Création' … ELSE column END`: the French label of a code. The
 * labels are keyed by the column's values: an enumeration's (the action's, from the schema) must
 * each have one.
 */
function labelSql<C extends Column>(column: C, labels: Record<C['_']['data'] & string, string>) {
  const whens = Object.entries<string>(labels).map(
    ([code, label]) => sql`WHEN ${literal(code)} THEN ${literal(label)}`,
  );
  return sql<string>`(CASE ${column} ${sql.join(whens, sql` `)} ELSE ${column} END)`;
}

const ACTION_LABEL = labelSql(a.action, auditActionLabels);
const RESOURCE_LABEL = labelSql(a.resource, RESOURCE_LABELS);
/** The moment as the screen shows it, in Burkina Faso's time. */
const DATE_HEURE = sql<string>`to_char(${a.at} AT TIME ZONE ${literal(AUDIT_TIME_ZONE)}, 'DD/MM/YYYY HH24:MI:SS')`;

/** The entry's row, when it is a number (the settings' ids; an import has none). */
const ROW_ID = sql`(CASE WHEN ${a.resourceId} ~ '^[0-9]{1,9}$' THEN ${a.resourceId}::int END)`;

/**
 * `jsonb_build_object('nom', "r"."nom_etudiant", …)`: an object of schema columns under this file's
 * keys, typed as the row of those columns (`RowOf`): a column renamed in the schema fails `tsc` here.
 */
function objectOf<M extends Record<string, Column>>(fields: M) {
  return sql<RowOf<M>>`jsonb_build_object(${sql.join(
    Object.entries(fields).map(([key, column]) => sql`${literal(key)}, ${column}`),
    sql`, `,
  )})`;
}

// What the journal reads of the rows its entries are about (describeObject writes it in words).
const STUDENT = { nom: r.nomEtudiant, prenom: r.prenomEtudiant, ine: r.ine };
const DOSSIER = { reference: d.referenceDossier, ...STUDENT };
const BED = { ...STUDENT, cite: c.nomCite, chambre: ch.libelleChambre, lit: l.libelleLit };
const ROOM = { ...STUDENT, cite: c.nomCite, chambre: ch.libelleChambre };
/** A hold's room and holder: a group's (`groupe` its id, the student who formed it) or a student's. */
const HOLD = { ...ROOM, groupe: rv.idGroupe };
const ACCOUNT = { nom: u.nom, prenom: u.prenom, userName: u.userName };
/** The student who gave a procuration, by its account (a student's username is its INE). */
const GIVER = { nom: u.nom, prenom: u.prenom, ine: u.userName };
const SESSION = { direction: dir.libelleDirection, annee: s.anneeDebut };
/** A student actor's names and username (its INE), as its account holds them. */
const ACTOR = { nom: ua.nom, prenom: ua.prenom, userName: ua.userName };
/** Who acted, when a student, as the database reads it (describeActor reads its keys). */
export type AuditActorObject = RowOf<typeof ACTOR>;

/**
 * What an entry is about, as the database reads it: one of the objects above, by the entry's
 * resource (describeObject, src/server/audit/describe.ts, reads their keys).
 */
export type AuditObject =
  | RowOf<typeof DOSSIER>
  | RowOf<typeof BED>
  | RowOf<typeof ROOM>
  | RowOf<typeof HOLD>
  | RowOf<typeof ACCOUNT>
  | RowOf<typeof GIVER>
  | RowOf<typeof SESSION>
  | RowOf<typeof STUDENT>;

/** An assignment's student and bed (as they are now), the assignment chosen by `where` on `af`. */
const bedOf = (where: SQL) => sql`(SELECT ${objectOf(BED)}
    FROM ${t(affectation, 'af')} JOIN ${t(registreEtudiant, 'r')} ON ${r.idEtudiant} = ${af.idEtudiant}
    ${placeJoins('JOIN', { a: af, c, ch, l })} WHERE ${where})`;

/**
 * What the workflow's entries are about, read for the page's rows only (one primary-key look-up
 * each): the dossier's reference and student, the assignment's student and bed (as it is now), the
 * same for the life in the cité's entries (a key handed names its assignment, an inventory and a
 * damage their own row, which names it),
 * a payment's or a refund's student and bed (by its reference, unique), an account's name, the
 * direction and year of a published deliberation's or an upload's session. describeObject
 * writes it in words; the settings' entries carry their row's name in their detail.
 */
const OBJET = sql<AuditObject | null>`(CASE ${a.resource}
  WHEN 'dossier' THEN (SELECT ${objectOf(DOSSIER)}
    FROM ${t(dossier, 'd')} JOIN ${t(registreEtudiant, 'r')} ON ${r.idEtudiant} = ${d.idEtudiant} WHERE ${d.idDossier} = ${ROW_ID})
  WHEN 'affectation' THEN ${bedOf(sql`${af.idAffectation} = ${ROW_ID}`)}
  WHEN 'remise-cle' THEN ${bedOf(sql`${af.idAffectation} = ${ROW_ID}`)}
  WHEN 'etat-des-lieux' THEN ${bedOf(
    sql`${af.idAffectation} = (SELECT ${el.idAffectation} FROM ${t(etatDesLieux, 'el')} WHERE ${el.idEtatDesLieux} = ${ROW_ID})`,
  )}
  WHEN 'degradation' THEN ${bedOf(
    sql`${af.idAffectation} = (SELECT ${dg.idAffectation} FROM ${t(degradation, 'dg')} WHERE ${dg.idDegradation} = ${ROW_ID})`,
  )}
  WHEN 'paiement' THEN ${bedOf(
    sql`${af.idAffectation} = (SELECT ${p.idAffectation} FROM ${t(paiement, 'p')} WHERE ${p.referencePaiement} = ${a.resourceId})`,
  )}
  WHEN 'remboursement' THEN ${bedOf(
    sql`${af.idAffectation} = (SELECT ${rb.idAffectation} FROM ${t(remboursement, 'rb')} WHERE ${rb.referenceRemboursement} = ${a.resourceId})`,
  )}
  WHEN 'users' THEN (SELECT ${objectOf(ACCOUNT)}
    FROM ${t(users, 'u')} WHERE ${u.id} = ${ROW_ID})
  WHEN 'deliberation' THEN (SELECT ${objectOf(SESSION)}
    FROM ${t(deliberation, 'de')} JOIN ${t(sessionCenou, 's')} ON ${s.idSessionCenou} = ${de.idSessionCenou}
    JOIN ${t(direction, 'dir')} ON ${dir.idDirection} = ${s.idDirection} WHERE ${de.idDeliberation} = ${ROW_ID})
  WHEN 'chargement-admissibles' THEN (SELECT ${objectOf(SESSION)}
    FROM ${t(sessionCenou, 's')} JOIN ${t(direction, 'dir')} ON ${dir.idDirection} = ${s.idDirection}
    WHERE ${s.idSessionCenou} = ${ROW_ID})
  WHEN 'campagne_choix' THEN (SELECT ${objectOf(SESSION)}
    FROM ${t(campagneChoix, 'cc')} JOIN ${t(sessionCenou, 's')} ON ${s.idSessionCenou} = ${cc.idSessionCenou}
    JOIN ${t(direction, 'dir')} ON ${dir.idDirection} = ${cc.idDirection} WHERE ${cc.idCampagne} = ${ROW_ID})
  WHEN 'reservation' THEN (SELECT ${objectOf(HOLD)}
    FROM ${t(reservation, 'rv')} JOIN ${t(registreEtudiant, 'r')} ON ${r.idEtudiant} = COALESCE(
      (SELECT ${gc.idCreateur} FROM ${t(groupeChoix, 'gc')} WHERE ${gc.idGroupe} = ${rv.idGroupe}), ${rv.idEtudiant})
    JOIN ${t(chambre, 'ch')} ON ${ch.idChambre} = ${rv.idChambre}
    JOIN ${t(couloir, 'co')} ON ${co.idCouloir} = ${ch.idCouloir} JOIN ${t(niveau, 'nv')} ON ${nv.idNiveau} = ${co.idNiveau}
    JOIN ${t(batiment, 'bt')} ON ${bt.idBatiment} = ${nv.idBatiment} JOIN ${t(cite, 'c')} ON ${c.idCite} = ${bt.idCite}
    WHERE ${rv.idReservation} = ${ROW_ID})
  WHEN 'procuration' THEN (SELECT ${objectOf(GIVER)}
    FROM ${t(procuration, 'pr')} JOIN ${t(users, 'u')} ON ${u.id} = ${pr.idUser} WHERE ${pr.idProcuration} = ${ROW_ID})
  WHEN 'groupe_choix' THEN (SELECT ${objectOf(STUDENT)}
    FROM ${t(groupeChoix, 'gc')} JOIN ${t(registreEtudiant, 'r')} ON ${r.idEtudiant} = ${gc.idCreateur}
    WHERE ${gc.idGroupe} = ${ROW_ID})
  END)`;

/**
 * Who acted, when it is a student: its name and INE as its account holds them (describeActor
 * writes them « Nom Prénom (INE …) », as the entries' students); staff are named by their username.
 */
const ACTEUR = sql<AuditActorObject | null>`(SELECT ${objectOf(ACTOR)}
    FROM ${t(users, 'ua')} WHERE ${ua.id} = ${a.userId} AND ${ua.role} = ${ETUDIANT})`;

/**
 * A student actor's « Nom Prénom » (null for staff): what the « Utilisateur » column, which shows
 * it, is also filtered, searched and sorted by, beside the username.
 */
const NOM_ACTEUR = sql`(SELECT ${ua.nom} || ' ' || ${ua.prenom}
    FROM ${t(users, 'ua')} WHERE ${ua.id} = ${a.userId} AND ${ua.role} = ${ETUDIANT})`;

/**
 * What confirmed a payment no person started, in the words describeActor shows in « Utilisateur »
 * (« Notification de l'opérateur (Orange Money) »), so that the column's filter and the search find
 * it as it reads; null for an entry with an author.
 */
const SYSTEME = sql`(CASE WHEN ${a.userName} IS NULL THEN CASE ${a.detail}->>'confirmation'
    WHEN 'NOTIFICATION' THEN replace(${literal(messages.auditAuteurNotification)}, '{operateur}', coalesce(${a.detail}->>'operateur', ''))
    WHEN 'VERIFICATION' THEN ${literal(messages.auditAuteurVerification)} END END)`;

/** ISO 8601 in UTC with milliseconds, the same text whatever the driver (both hand timestamps over as text). */
const AT_ISO = isoUtc(a.at);

/**
 * An expression as one part of another (the same text, the same type). A select of one table
 * (`getAudit`) writes the columns found at an expression's top level without their table's name:
 * nested, a sub-select's columns (`"d"."id_etudiant"`) keep theirs.
 */
const nested = <T>(expr: SQL<T>) => sql<T>`${expr}`;

/**
 * The journal's row, typed from the schema (docs/decisions/137-audit-and-exports-typed-from-schema.md):
 * the entry's stored columns as the schema types them (the action one of its `AUDIT_ACTIONS`, the
 * detail its JSON), and what the journal computes, each an `sql<T>` over the schema's columns
 * (a column renamed there fails `tsc` on the line that reads it) whose `T` is the schema's too (the
 * objects above) or the text it writes (a date, a label). The list's columns below and the read of
 * one entry (`getAudit`) select these same expressions.
 */
const auditColumns = {
  id: a.id,
  at: nested(AT_ISO),
  dateHeure: nested(DATE_HEURE),
  userId: a.userId,
  userName: a.userName,
  action: a.action,
  resource: a.resource,
  libelleRessource: nested(RESOURCE_LABEL),
  resourceId: a.resourceId,
  detail: a.detail,
  objet: nested(OBJET),
  acteur: nested(ACTEUR),
};

/** One entry as the database reads it (`map` completes it: `AuditListRow`). */
export type AuditReadRow = RowOf<typeof auditColumns>;

/**
 * The journal's list columns, from the schema (docs/decisions/120-list-columns-from-the-schema.md):
 * `stored` for a column read as the schema stores it (its SQL, type, an enumeration's values and
 * nullability from there: the user's name, the action, the resource), `col` for the others, each
 * over the row's typed expression or column: the entry's and the actor's ids (integers named
 * `id`/`user_id`, and the text `resource_id`), which the list treats as ids; the detail's JSON,
 * filtered as its text; the moments and labels it writes. None is searched nor sorted unless it
 * says so.
 */
const columns = listColumns(a);
const stored = (column: Column, extra: ColumnExtra = {}): ListColumn =>
  columns.col(column, { search: false, sortable: false, ...extra });
const col = (expr: SQL, type: ColumnType, extra: Partial<ListColumn> = {}): ListColumn =>
  columns.computed(expr, type, { search: false, sortable: false, ...extra });
/** A stored column the list types otherwise than the schema (an id, a JSON shown as its text). */
const read = (column: Column) => sql`${column}`;

export const AUDIT_COLUMNS: Record<keyof AuditReadRow | 'actionTexte', ListColumn> = {
  id: col(read(a.id), 'id', { filter: 'none', notNull: true }),
  at: col(auditColumns.at, 'timestamp', {
    filter: 'contains',
    filterSql: DATE_HEURE,
    sortSql: sql`${a.at}`,
    sortable: true,
  }),
  dateHeure: col(auditColumns.dateHeure, 'text', { filter: 'none' }),
  userId: col(read(a.userId), 'id', { filter: 'none' }),
  userName: stored(a.userName, {
    search: true,
    sortable: true,
    filterSql: sql`(coalesce(${NOM_ACTEUR} || ' ', '') || coalesce(${a.userName}, '') || coalesce(${SYSTEME}, ''))`,
    sortSql: sql`coalesce(${NOM_ACTEUR}, ${a.userName})`,
  }),
  action: stored(a.action, { sortSql: ACTION_LABEL, sortable: true }),
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
  libelleRessource: col(auditColumns.libelleRessource, 'text', { filter: 'none' }),
  resourceId: col(read(a.resourceId), 'id'),
  objet: col(auditColumns.objet, 'text', { filter: 'none' }),
  acteur: col(auditColumns.acteur, 'text', { filter: 'none' }),
  // Searched too: the names, references and keys an entry's detail holds (a student's key, its
  // damage's reference, a receipt's number), so that one search finds a student's or a receipt's trail.
  detail: col(read(a.detail), 'text', { filterSql: sql`${a.detail}::text`, search: true }),
};

/**
 * The journal as a list of the shared pipeline. `filtre.*` matches "contains", ignoring case and
 * accents (the date as shown, the resource by its code or its French name, the detail's JSON
 * text), but the action's code and the resource's id by equality, as enumerations and ids are
 * everywhere (`1` must not find `12`). `q` looks at the user, the resource and the action, codes
 * or French labels, and at the detail's text. `sort` takes time, user, and action and resource in the order of their French
 * labels; ties go newest first.
 */
export const auditSource: ListSource<AuditListRow> = {
  name: 'audit',
  from: t(auditLog, 'a'),
  columns: AUDIT_COLUMNS,
  defaultSort: 'at,desc',
  key: sql`${a.id}`,
  thenBy: (sort) => (sort.some((s) => s.column === 'at') ? [] : [{ column: 'at', desc: true }]),
  keyDesc: (sort) => !sort.some((s) => s.column === 'at' && !s.desc),
  map: (row) => withResume(row as AuditReadRow),
  alwaysPaged: true,
};

/**
 * Completes a row read from the database: the id as a number (int8 comes as text from
 * node-postgres), the French detail and what the entry is about in words, who acted in words.
 */
function withResume({ objet, acteur, ...row }: AuditReadRow) {
  return {
    ...row,
    libelleUtilisateur: describeActor(row.userName, acteur, row.detail),
    id: Number(row.id),
    resume: describeDetail(row.action, row.resource, row.detail),
    libelleObjet: describeObject(row.resource, row.resourceId, objet, row.detail),
  };
}

/** One entry of the journal as its list, its files and the read of one entry answer it. */
export type AuditListRow = ReturnType<typeof withResume>;

export async function getAudit(db: Db, id: number): Promise<AuditListRow | undefined> {
  const [row] = await db.select(auditColumns).from(a).where(eq(a.id, id));
  return row && withResume(row);
}
