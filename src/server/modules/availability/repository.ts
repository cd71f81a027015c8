/**
 * The availability's tables (docs/availability.md): the platform's pulse, the providers' runs of
 * failures, the outages. Only this repository writes them. It also reads, never writes, the moves
 * those outages made (`dossier_evenement`, `echeance_reportee`) for the staff's list.
 */
import { and, desc, eq, gt, isNotNull, lt, sql, type Column, type SQL } from 'drizzle-orm';
import { alias, type PgTable } from 'drizzle-orm/pg-core';
import { scopeCondition } from '../../access/access';
import type { Actor } from '../../access/actor';
import type { Db } from '../../db/client';
import { isoUtc, nowSql } from '../../db/clock';
import type { RowOf } from '../../db/rows';
import {
  affectation,
  cite,
  composantEtat,
  direction,
  dossier,
  dossierEvenement,
  echeanceReportee,
  panne,
  plateformePouls,
  registreEtudiant,
} from '../../db/schema';
import type { ExportColumn } from '../../exports/writers';
import {
  fileTypeOf,
  listColumns,
  literal,
  typeOfColumn,
  type ListColumn,
  type ListSource,
} from '../../lists/pipeline';

type Provider = (typeof composantEtat.$inferSelect)['composant'];
type Component = (typeof panne.$inferSelect)['composant'];

/**
 * Stamps the platform's pulse with the database's clock and returns the stamp it replaced (null the
 * first time). The row is locked: two instances beating at once are served one after the other, so
 * a gap is seen by one of them only.
 */
export async function stampPulse(tx: Db): Promise<{ previous: Date | null; now: Date }> {
  await tx.insert(plateformePouls).values({ id: 1 }).onConflictDoNothing();
  const [row] = await tx
    .select({ previous: plateformePouls.dernier, now: nowSql() })
    .from(plateformePouls)
    .where(eq(plateformePouls.id, 1))
    .for('update');
  await tx
    .update(plateformePouls)
    .set({ dernier: sql`now()`, premier: sql`coalesce(${plateformePouls.premier}, now())` })
    .where(eq(plateformePouls.id, 1));
  return { previous: row.previous, now: row.now };
}

/** The first heartbeat ever (null before any). */
export async function firstPulse(db: Db): Promise<Date | null> {
  const [row] = await db.select({ premier: plateformePouls.premier }).from(plateformePouls);
  return row?.premier ?? null;
}

/** A provider's call failed: the run of failures starts now unless one is under way. */
export async function markProviderFailure(db: Db, composant: Provider): Promise<void> {
  await db
    .insert(composantEtat)
    .values({ composant, premierEchec: sql`now()`, dernierEchec: sql`now()` })
    .onConflictDoUpdate({
      target: composantEtat.composant,
      set: { premierEchec: sql`coalesce(${composantEtat.premierEchec}, now())`, dernierEchec: sql`now()` },
    });
}

/**
 * A provider's call succeeded: ends its run of failures, if one was under way, and returns when it
 * began and now (the database's clock); null when none was.
 */
export async function endProviderFailures(
  tx: Db,
  composant: Provider,
): Promise<{ debut: Date; fin: Date } | null> {
  const [run] = await tx
    .select({ debut: composantEtat.premierEchec, fin: nowSql() })
    .from(composantEtat)
    .where(and(eq(composantEtat.composant, composant), isNotNull(composantEtat.premierEchec)))
    .for('update');
  if (!run?.debut) return null;
  await tx
    .update(composantEtat)
    .set({ premierEchec: null, dernierEchec: null })
    .where(eq(composantEtat.composant, composant));
  return { debut: run.debut, fin: run.fin };
}

/** The providers' runs of failures under way that began before `before`. */
export async function failuresSince(db: Db, before: Date) {
  return db
    .select({ composant: composantEtat.composant, debut: composantEtat.premierEchec })
    .from(composantEtat)
    .where(and(isNotNull(composantEtat.premierEchec), lt(composantEtat.premierEchec, before)));
}

/** Records an outage once (its component and start are unique) → its id, or null when it was there. */
export async function insertOutage(
  tx: Db,
  o: { composant: Component; debut: Date; fin: Date },
): Promise<number | null> {
  const [row] = await tx
    .insert(panne)
    .values(o)
    .onConflictDoNothing({ target: [panne.composant, panne.debut] })
    .returning({ idPanne: panne.idPanne });
  return row?.idPanne ?? null;
}

export async function setMovedCount(tx: Db, idPanne: number, n: number): Promise<void> {
  await tx.update(panne).set({ echeancesDeplacees: n }).where(eq(panne.idPanne, idPanne));
}

/** The outages that ended after `since`, the latest first. */
export async function outagesSince(db: Db, since: Date) {
  return db
    .select({
      idPanne: panne.idPanne,
      composant: panne.composant,
      debut: panne.debut,
      fin: panne.fin,
      echeancesDeplacees: panne.echeancesDeplacees,
    })
    .from(panne)
    .where(gt(panne.fin, since))
    .orderBy(desc(panne.debut));
}

/**
 * The platform's first heartbeat set to `at` when none came earlier (the demo: the platform has run
 * since its sessions opened). The last stamp is left as it is: the next heartbeat finds no gap.
 */
export async function setFirstPulse(tx: Db, at: Date): Promise<void> {
  await tx
    .insert(plateformePouls)
    .values({ id: 1, premier: at })
    .onConflictDoUpdate({
      target: plateformePouls.id,
      set: {
        premier: sql`least(coalesce(${plateformePouls.premier}, ${at.toISOString()}::timestamptz), ${at.toISOString()}::timestamptz)`,
      },
    });
}

// ---------------------------------------------------------------- the deadlines moved (staff)

type Reportee = typeof echeanceReportee.$inferSelect;

/** `table alias` of a FROM or a JOIN (an alias alone writes its name only). */
const as = (table: PgTable, short: string) => sql`${table} ${sql.identifier(short)}`;
const ev = alias(dossierEvenement, 'ev');
const d = alias(dossier, 'd');
const r = alias(registreEtudiant, 'r');
const dir = alias(direction, 'dir');
const er = alias(echeanceReportee, 'er');
const a = alias(affectation, 'a');
const c = alias(cite, 'c');
const p = alias(panne, 'p');
/**
 * The union's row `m`, read through the tables whose columns it keeps under their schema names
 * (docs/decisions/127-registry-moves-lists-from-schema.md): `mR.ine` is `"m"."ine"`, and
 * each branch names its column after it (`AS ${named(mR.ine)}`), so a column renamed in the schema
 * fails `tsc` in the branch and in the list's column. Its other names (`cle`, `nature_report`,
 * `lieu`, the dates) are this file's own.
 */
const mD = alias(dossier, 'm');
const mR = alias(registreEtudiant, 'm');
const mEr = alias(echeanceReportee, 'm');
const mP = alias(panne, 'm');
/** A column of the union named as the schema's column `column`. */
const named = (column: Column) => sql.identifier(column.name);

/**
 * Every move an outage made, one row each (docs/availability.md#the-deadlines-moved-staff): an
 * offer's answer deadline, written only as the event `DELAI_PROLONGE` of its dossier (the old and
 * new moment, the outage's component, start and end in its detail), and an instalment's due day,
 * its own row `echeance_reportee` (its event, which carries `idAffectation`, is not read twice).
 * The key is the event's id doubled for an offer, the move's id doubled plus one for an instalment:
 * unique across both. An offer's place is its dossier's direction, an instalment's its cité; both
 * are scoped by the dossier's direction. An instalment was moved by the transaction that recorded
 * its outage, at the outage's end, as an offer's event is dated.
 */
const MOVES_FROM = sql`(
  SELECT ${ev.idEvenement} * 2 AS cle, ${d.idDirection} AS ${named(mD.idDirection)}, ${r.ine} AS ${named(mR.ine)},
    ${r.nomEtudiant} AS ${named(mR.nomEtudiant)}, ${r.prenomEtudiant} AS ${named(mR.prenomEtudiant)},
    'OFFRE'::text AS nature_report, NULL::int AS ${named(mEr.numeroEcheance)}, ${dir.libelleDirection} AS lieu,
    ${ev.detail} ->> 'ancienne' AS ancienne_txt, (${ev.detail} ->> 'ancienne')::timestamptz AS ancienne_ts,
    ${ev.detail} ->> 'nouvelle' AS nouvelle_txt, (${ev.detail} ->> 'nouvelle')::timestamptz AS nouvelle_ts,
    ${ev.detail} ->> 'composant' AS ${named(mP.composant)}, (${ev.detail} ->> 'debutPanne')::timestamptz AS debut_panne,
    (${ev.detail} ->> 'finPanne')::timestamptz AS fin_panne, ${ev.dateEvenement} AS deplace_le
  FROM ${as(dossierEvenement, 'ev')}
  JOIN ${as(dossier, 'd')} ON ${d.idDossier} = ${ev.idDossier}
  JOIN ${as(registreEtudiant, 'r')} ON ${r.idEtudiant} = ${d.idEtudiant}
  LEFT JOIN ${as(direction, 'dir')} ON ${dir.idDirection} = ${d.idDirection}
  WHERE ${ev.evenement} = ${literal(ev.evenement, 'DELAI_PROLONGE')} AND ${ev.detail} ->> 'idAffectation' IS NULL
  UNION ALL
  SELECT ${er.idEcheanceReportee} * 2 + 1, ${d.idDirection}, ${r.ine}, ${r.nomEtudiant}, ${r.prenomEtudiant},
    'ECHEANCE', ${er.numeroEcheance}::int, ${c.nomCite},
    ${er.ancienneDate}::text, ${er.ancienneDate}::timestamp AT TIME ZONE 'UTC',
    ${er.nouvelleDate}::text, ${er.nouvelleDate}::timestamp AT TIME ZONE 'UTC',
    ${p.composant}, ${p.debut}, ${p.fin}, ${p.fin}
  FROM ${as(echeanceReportee, 'er')}
  JOIN ${as(affectation, 'a')} ON ${a.idAffectation} = ${er.idAffectation}
  JOIN ${as(dossier, 'd')} ON ${d.idDossier} = ${a.idDossier}
  JOIN ${as(registreEtudiant, 'r')} ON ${r.idEtudiant} = ${a.idEtudiant}
  JOIN ${as(cite, 'c')} ON ${c.idCite} = ${a.idCite}
  JOIN ${as(panne, 'p')} ON ${p.idPanne} = ${er.idPanne}
) m`;

/** The list's columns, typed from the schema: its rows' type. */
const moveColumns = {
  cle: sql<number>`m.cle`,
  idDirection: mD.idDirection,
  ine: mR.ine,
  nomEtudiant: mR.nomEtudiant,
  prenomEtudiant: mR.prenomEtudiant,
  natureReport: sql<'OFFRE' | 'ECHEANCE'>`m.nature_report`,
  /** NULL for an offer: the schema's NOT NULL is an instalment's only. */
  numeroEcheance: sql<Reportee['numeroEcheance'] | null>`${mEr.numeroEcheance}`,
  lieu: sql<string | null>`m.lieu`,
  /** An offer's deadline (a moment, ISO) or an instalment's due day (`YYYY-MM-DD`). */
  ancienneDate: sql<string>`m.ancienne_txt`,
  nouvelleDate: sql<string>`m.nouvelle_txt`,
  composant: mP.composant,
  debutPanne: sql<string>`${isoUtc(sql`m.debut_panne`)}`,
  finPanne: sql<string>`${isoUtc(sql`m.fin_panne`)}`,
  deplaceLe: sql<string>`${isoUtc(sql`m.deplace_le`)}`,
};

/** One deadline moved by an outage. */
export type MoveRow = RowOf<typeof moveColumns>;

/**
 * A stored column of the union (`col(mR.ine)`): its type, an enumeration's values and its
 * nullability the schema's (every branch joins the student, its dossier and the outage's component
 * by inner joins, so a NOT NULL column of theirs is never NULL in `m`); the others `computed`.
 */
const { col, computed } = listColumns(mR);
/** A date column: shown as the API writes it, sorted as a moment, filtered as the screen shows it. */
const when = (expr: SQL, moment: SQL, extra: Partial<ListColumn> = {}) =>
  computed(expr, 'timestamp', {
    sortSql: moment,
    filter: 'date',
    filterSql: sql`(to_char(${moment} AT TIME ZONE 'UTC', 'DD/MM/YYYY') || ' ' || ${expr})`,
    search: false,
    ...extra,
  });

export const MOVE_COLUMNS: Record<keyof MoveRow, ListColumn> = {
  cle: computed(moveColumns.cle, 'id', { notNull: true, search: false }),
  idDirection: col(mD.idDirection, { search: false }),
  ine: col(mR.ine),
  nomEtudiant: col(mR.nomEtudiant),
  prenomEtudiant: col(mR.prenomEtudiant),
  natureReport: computed(moveColumns.natureReport, 'enum', { notNull: true }),
  numeroEcheance: computed(moveColumns.numeroEcheance, 'integer', { search: false }),
  lieu: computed(moveColumns.lieu, 'text'),
  ancienneDate: when(moveColumns.ancienneDate, sql`m.ancienne_ts`, { notNull: true }),
  nouvelleDate: when(moveColumns.nouvelleDate, sql`m.nouvelle_ts`, { notNull: true }),
  composant: col(mP.composant),
  debutPanne: when(moveColumns.debutPanne, sql`m.debut_panne`, { notNull: true }),
  finPanne: when(moveColumns.finPanne, sql`m.fin_panne`, { notNull: true }),
  deplaceLe: when(moveColumns.deplaceLe, sql`m.deplace_le`, { notNull: true }),
};

/**
 * The schema's columns each date of the union comes from, an offer's then an instalment's: an
 * offer's old and new deadlines are its dossier's `date_limite_reponse` (kept in its event's
 * detail), an instalment's its due days; the outage's start and end; an offer is moved when its
 * event is dated, an instalment when its outage ends.
 */
const MOVE_DATE_SOURCES: Partial<Record<keyof MoveRow, readonly [Column, Column]>> = {
  ancienneDate: [d.dateLimiteReponse, er.ancienneDate],
  nouvelleDate: [d.dateLimiteReponse, er.nouvelleDate],
  debutPanne: [p.debut, p.debut],
  finPanne: [p.fin, p.fin],
  deplaceLe: [ev.dateEvenement, p.fin],
};

/**
 * How the files write a column's cells (./routes.ts): as the list types it (`fileTypeOf`), a date
 * as the schema types its columns: a day, a moment, or, an offer's moment beside an instalment's
 * day, untyped (`text`: each cell a date, with its time only when it has one).
 */
export function moveFileType(key: keyof MoveRow): ExportColumn['type'] {
  const sources = MOVE_DATE_SOURCES[key];
  if (!sources) return fileTypeOf(MOVE_COLUMNS[key]);
  const [offer, instalment] = sources.map(typeOfColumn);
  return offer === instalment ? fileTypeOf({ type: offer }) : 'text';
}

/**
 * The deadlines moved, as a list of the shared pipeline: the latest moves first, each outage's
 * students by name. Its FROM is a union of two tables: a page and an export read their rows with
 * their keys in one statement (`grouped`), never each key's row again through the union.
 */
export const moveSource: ListSource<MoveRow> = {
  name: 'delai-reporte',
  from: MOVES_FROM,
  columns: MOVE_COLUMNS,
  defaultSort: 'deplaceLe,desc;nomEtudiant,asc;prenomEtudiant,asc',
  key: sql`m.cle`,
  alwaysPaged: true,
  grouped: true,
  map: (row) => ({
    ...(row as MoveRow),
    cle: Number(row.cle),
    numeroEcheance: row.numeroEcheance === null ? null : Number(row.numeroEcheance),
  }),
};

/** The moves the actor may see: its direction's (GESTIONNAIRE_DR), or all. */
export function moveConditions(actor: Actor | null | undefined): SQL[] {
  return [scopeCondition(actor, 'outage.moves', { direction: sql`${mD.idDirection}` })];
}
