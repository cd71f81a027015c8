/**
 * Repairs in the cités (docs/life-in-the-cite.md#repairs): the one writer of `intervention`,
 * `intervention_historique` and `intervention_photo`, typed from the schema
 * (docs/decisions/043-typed-queries.md); its lists are sources of the one list pipeline.
 */
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isLate, STATUTS_OUVERTS, type StatutIntervention } from '../../../domain/repairs';
import type { InterventionCiteRow, InterventionRow } from '../../../domain/schemas/repairs';
import { scopeCondition } from '../../access/access';
import type { Actor } from '../../access/actor';
import { fullNameSql } from '../../db/author';
import type { Db } from '../../db/client';
import { isoUtc } from '../../db/clock';
import {
  affectation,
  agentCite,
  chambre,
  cite,
  intervention,
  interventionHistorique,
  interventionPhoto,
  registreEtudiant,
  statutRank,
  users,
  ville,
} from '../../db/schema';

import { listColumns, literal, type ListColumn, type ListSource } from '../../lists/pipeline';
import { BEDS_PER_CITE } from '../cite-life/repository';
import { fullName } from '../../../domain/format';

export type NewIntervention = typeof intervention.$inferInsert;

const OPEN = sql.join(
  STATUTS_OUVERTS.map((s) => sql`${s}`),
  sql`, `,
);

// ------------------------------------------------------------------ where one may report

/** The rooms of the student's live assignments, with their cités. */
export async function roomsOfResident(db: Db, idUser: number) {
  return db
    .selectDistinct({
      idChambre: affectation.idChambre,
      libelleChambre: chambre.libelleChambre,
      idCite: affectation.idCite,
      nomCite: cite.nomCite,
    })
    .from(affectation)
    .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, affectation.idEtudiant))
    .innerJoin(chambre, eq(chambre.idChambre, affectation.idChambre))
    .innerJoin(cite, eq(cite.idCite, affectation.idCite))
    .where(and(eq(registreEtudiant.idUser, idUser), isNull(affectation.deletedAt)))
    .orderBy(asc(cite.nomCite), asc(chambre.libelleChambre));
}

/** Live cités by id, named (all of them when `ids` is null). */
export async function citesNamed(db: Db, ids: readonly number[] | null) {
  if (ids !== null && !ids.length) return [];
  return db
    .select({ idCite: cite.idCite, nomCite: cite.nomCite })
    .from(cite)
    .where(and(isNull(cite.deletedAt), ids === null ? undefined : inArray(cite.idCite, [...ids])))
    .orderBy(asc(cite.nomCite));
}

/** A live room and its label (its cité is read by `citeOfPart`). */
export async function roomLabel(db: Db, idChambre: number) {
  const [row] = await db
    .select({ libelleChambre: chambre.libelleChambre })
    .from(chambre)
    .where(and(eq(chambre.idChambre, idChambre), isNull(chambre.deletedAt)));
  return row?.libelleChambre;
}

/**
 * The live agents of each of these cités (their SMS go to their `telephone`), read in one statement:
 * the job tells the late requests of every cité at once.
 */
export async function agentsOfCites(db: Db, idCites: readonly number[]): Promise<Map<number, number[]>> {
  const byCite = new Map<number, number[]>();
  if (!idCites.length) return byCite;
  const rows = await db
    .select({ idCite: agentCite.idCite, id: users.id })
    .from(agentCite)
    .innerJoin(users, eq(users.id, agentCite.idUser))
    .where(
      and(
        inArray(agentCite.idCite, [...new Set(idCites)]),
        eq(users.role, 'ROLE_HEBERGEMENT_AGENT_CITE'),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(asc(agentCite.idCite), asc(users.id));
  for (const r of rows) byCite.set(r.idCite, [...(byCite.get(r.idCite) ?? []), r.id]);
  return byCite;
}

// ------------------------------------------------------------------ a request

export async function insertIntervention(
  tx: Db,
  row: NewIntervention,
  photos: { cle: string; typeMime: string; taille: number }[],
  commentaire: string | null,
) {
  const [made] = await tx
    .insert(intervention)
    .values(row)
    .returning({ idIntervention: intervention.idIntervention, echeance: intervention.echeance });
  // Its first history row is the report itself: the same instant as the request's date.
  await tx.insert(interventionHistorique).values({
    idIntervention: made.idIntervention,
    statut: 'NOUVELLE',
    idAuteur: row.idAuteur,
    commentaire,
    ...(row.createdAt ? { date: row.createdAt } : {}),
  });
  if (photos.length)
    await tx
      .insert(interventionPhoto)
      .values(photos.map((p) => ({ idIntervention: made.idIntervention, ...p })));
  return made;
}

/** What the checks and the SMS of a request need: its cité (and direction), its resident, its state. */
export async function interventionFacts(db: Db, id: number, lock = false) {
  const q = db
    .select({
      idIntervention: intervention.idIntervention,
      idCite: intervention.idCite,
      nomCite: cite.nomCite,
      idDirection: ville.idDirection,
      idChambre: intervention.idChambre,
      libelleChambre: chambre.libelleChambre,
      lieu: intervention.lieu,
      idResidant: intervention.idResidant,
      statut: intervention.statut,
      priorite: intervention.priorite,
      resolueLe: intervention.resolueLe,
    })
    .from(intervention)
    .innerJoin(cite, eq(cite.idCite, intervention.idCite))
    .leftJoin(ville, eq(ville.idVille, cite.idVille))
    .leftJoin(chambre, eq(chambre.idChambre, intervention.idChambre))
    .where(eq(intervention.idIntervention, id));
  const [row] = lock ? await q.for('update', { of: intervention }) : await q;
  return row;
}

/**
 * Moves a request from `de` to `vers` (only if it is still in `de`), its history written with it;
 * undefined when it was no longer in `de`.
 */
export async function moveIntervention(
  tx: Db,
  input: {
    id: number;
    de: StatutIntervention;
    vers: StatutIntervention;
    idAuteur: number | null;
    commentaire: string | null;
    /** When it was made (the demo's past moves, after the request's report); now by default. */
    at?: Date;
  },
) {
  const at = input.at ?? sql`now()`;
  const [row] = await tx
    .update(intervention)
    .set({
      statut: input.vers,
      updatedAt: at,
      ...(input.vers === 'RESOLUE' ? { resolueLe: at } : {}),
      ...(input.vers === 'CLOTUREE' ? { clotureeLe: at } : {}),
    })
    .where(and(eq(intervention.idIntervention, input.id), eq(intervention.statut, input.de)))
    .returning({ resolueLe: intervention.resolueLe });
  if (!row) return undefined;
  await tx.insert(interventionHistorique).values({
    idIntervention: input.id,
    statut: input.vers,
    idAuteur: input.idAuteur,
    commentaire: input.commentaire,
    ...(input.at ? { date: input.at } : {}),
  });
  return row;
}

/** A request's history, oldest first, with its authors' names. */
export async function historyOf(db: Db, id: number) {
  return db
    .select({
      statut: interventionHistorique.statut,
      nom: users.nom,
      prenom: users.prenom,
      date: interventionHistorique.date,
      commentaire: interventionHistorique.commentaire,
    })
    .from(interventionHistorique)
    .leftJoin(users, eq(users.id, interventionHistorique.idAuteur))
    .where(eq(interventionHistorique.idIntervention, id))
    .orderBy(asc(interventionHistorique.date), asc(interventionHistorique.idHistorique));
}

export async function photosOf(db: Db, id: number): Promise<number[]> {
  const rows = await db
    .select({ idPhoto: interventionPhoto.idPhoto })
    .from(interventionPhoto)
    .where(eq(interventionPhoto.idIntervention, id))
    .orderBy(asc(interventionPhoto.idPhoto));
  return rows.map((r) => r.idPhoto);
}

export async function photoById(db: Db, idPhoto: number) {
  const [row] = await db
    .select({
      cle: interventionPhoto.cle,
      typeMime: interventionPhoto.typeMime,
      taille: interventionPhoto.taille,
      idIntervention: interventionPhoto.idIntervention,
    })
    .from(interventionPhoto)
    .where(eq(interventionPhoto.idPhoto, idPhoto));
  return row;
}

// ------------------------------------------------------------------ the job: late requests, closing

/**
 * Marks up to `limit` requests late at `now` and not yet told (`retard_signale_le`), skipping
 * those another run holds (`FOR UPDATE SKIP LOCKED`): in the transaction that queues their SMS,
 * each late request is told once, whatever the instances.
 */
export async function claimLate(tx: Db, now: Date, limit: number) {
  const due = tx
    .select({ id: intervention.idIntervention })
    .from(intervention)
    .where(
      and(
        isNull(intervention.retardSignaleLe),
        sql`${intervention.statut} IN (${OPEN})`,
        sql`${intervention.echeance} < ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(intervention.echeance))
    .limit(limit)
    .for('update', { skipLocked: true });
  const marked = await tx
    .update(intervention)
    .set({ retardSignaleLe: sql`now()` })
    .where(and(inArray(intervention.idIntervention, due), isNull(intervention.retardSignaleLe)))
    .returning({ idIntervention: intervention.idIntervention, echeance: intervention.echeance });
  if (!marked.length) return [];
  const cites = await tx
    .select({ idIntervention: intervention.idIntervention, idCite: cite.idCite, nomCite: cite.nomCite })
    .from(intervention)
    .innerJoin(cite, eq(cite.idCite, intervention.idCite))
    .where(
      inArray(
        intervention.idIntervention,
        marked.map((m) => m.idIntervention),
      ),
    );
  const citeOf = new Map(cites.map((c) => [c.idIntervention, c]));
  return marked.map((m) => ({ ...m, ...citeOf.get(m.idIntervention)! }));
}

/**
 * Closes up to `limit` requests resolved before `before` (their resident's days are over), with
 * their history (no author: by itself), skipping those another run holds.
 */
export async function closeResolved(tx: Db, before: Date, limit: number) {
  const due = tx
    .select({ id: intervention.idIntervention })
    .from(intervention)
    .where(
      and(
        eq(intervention.statut, 'RESOLUE'),
        sql`${intervention.resolueLe} <= ${before.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(intervention.resolueLe))
    .limit(limit)
    .for('update', { skipLocked: true });
  const closed = await tx
    .update(intervention)
    .set({ statut: 'CLOTUREE', clotureeLe: sql`now()`, updatedAt: sql`now()` })
    .where(and(inArray(intervention.idIntervention, due), eq(intervention.statut, 'RESOLUE')))
    .returning({ idIntervention: intervention.idIntervention, idResidant: intervention.idResidant });
  if (closed.length)
    await tx.insert(interventionHistorique).values(
      closed.map((c) => ({
        idIntervention: c.idIntervention,
        statut: 'CLOTUREE' as const,
        idAuteur: null,
      })),
    );
  return closed;
}

// ------------------------------------------------------------------ the lists

// The request and its parents under the short names of the lists' statements (`i` the request…).
const i = alias(intervention, 'i');
const c = alias(cite, 'c');
const v = alias(ville, 'v');
const ch = alias(chambre, 'ch');
const u = alias(users, 'u');
// The request's columns from the schema; its cité's, room's and author's may be NULL in the list
// (LEFT JOIN).
const { col, computed } = listColumns(i);

/** Still open past the due date: the figures per cité count these. */
const OPEN_AND_LATE = sql`(${i.statut} IN (${OPEN}) AND ${i.echeance} < now())`;
/**
 * When a request was resolved, if it is resolved now: a reopened one keeps its first resolution in
 * its history only (its column is empty until it is resolved again). "Open" is the domain's list.
 */
const RESOLVED_AT = sql`(CASE WHEN ${i.statut} IN (${OPEN}) THEN NULL ELSE ${i.resolueLe} END)`;
/** Late: still open past the due date, or resolved after it (as `isLate`). */
const LATE = sql`(CASE WHEN ${i.statut} IN (${OPEN}) THEN ${i.echeance} < now()
  ELSE coalesce(${i.resolueLe} > ${i.echeance}, false) END)`;

/**
 * A request's cité and author always exist (not null, foreign keys): joined LEFT all the same, so
 * that the planner drops the joins a statement does not read (the count of every request, the
 * keys of a page in the default order, read from `intervention_ordre`) instead of hashing every
 * request with its cité and author (docs/decisions/080-repairs-list-and-xlsx.md).
 */
export const INTERVENTION_FROM = sql`${intervention} i
  LEFT JOIN ${cite} c ON ${c.idCite} = ${i.idCite}
  LEFT JOIN ${ville} v ON ${v.idVille} = ${c.idVille}
  LEFT JOIN ${chambre} ch ON ${ch.idChambre} = ${i.idChambre}
  LEFT JOIN ${users} u ON ${u.id} = ${i.idAuteur}`;

const INTERVENTION_COLUMNS: Record<keyof InterventionRow, ListColumn> = {
  idIntervention: col(i.idIntervention),
  idCite: col(i.idCite),
  nomCite: col(c.nomCite),
  idChambre: col(i.idChambre),
  libelleChambre: col(ch.libelleChambre),
  lieu: col(i.lieu),
  categorie: col(i.categorie),
  priorite: col(i.priorite, {
    sortSql: sql`CASE ${i.priorite} WHEN ${literal(i.priorite, 'URGENCE')} THEN 0 WHEN ${literal(i.priorite, 'HAUTE')} THEN 1 ELSE 2 END`,
  }),
  // Sorted by what it asks of someone: open (new, taken, reopened) first, then resolved, then closed.
  statut: col(i.statut, { sortSql: statutRank(sql`${i.statut}`) }),
  description: col(i.description),
  // As `fullName` writes it on the screens: the family name, then the given names.
  auteur: computed(fullNameSql(sql`${u.nom}`, sql`${u.prenom}`), 'text'),
  dateSignalement: computed(isoUtc(sql`${i.createdAt}`), 'timestamp', {
    sortSql: sql`${i.createdAt}`,
    filter: 'none',
    search: false,
  }),
  echeance: computed(isoUtc(sql`${i.echeance}`), 'timestamp', {
    sortSql: sql`${i.echeance}`,
    notNull: true,
    filter: 'none',
    search: false,
  }),
  enRetard: computed(LATE, 'boolean', { notNull: true }),
  // A reopened request is not resolved: its earlier resolution stays in its history only.
  resolueLe: computed(isoUtc(RESOLVED_AT), 'timestamp', {
    sortSql: RESOLVED_AT,
    filter: 'none',
    search: false,
  }),
};

/** The requests as a list of the shared pipeline: paged, the open ones first, each the soonest due first. */
export const interventionSource: ListSource<InterventionRow> = {
  name: 'intervention',
  from: INTERVENTION_FROM,
  columns: INTERVENTION_COLUMNS,
  defaultSort: 'statut,asc;echeance,asc',
  key: sql`${i.idIntervention}`,
  alwaysPaged: true,
  // Its export reads 1,000 requests a statement in the order's index, each with its cité, room and
  // author by their keys, rather than each request's row looked up again from its key
  // (docs/decisions/107-repairs-export-rows-with-keys.md).
  rowsWithKeys: true,
};

/** The requests the actor may see (its cités already read when it is an agent). */
export function interventionConditions(actor: Actor | null | undefined): SQL[] {
  return [
    scopeCondition(actor, 'repair.read', {
      direction: sql`${v.idDirection}`,
      cite: sql`${i.idCite}`,
      owner: sql`${i.idResidant}`,
    }),
  ];
}

/** One request's row, as the list gives it. */
export async function interventionRowById(
  db: Db,
  id: number,
  now: Date,
): Promise<InterventionRow | undefined> {
  const [r] = await db
    .select({
      idIntervention: intervention.idIntervention,
      idCite: intervention.idCite,
      nomCite: cite.nomCite,
      idChambre: intervention.idChambre,
      libelleChambre: chambre.libelleChambre,
      lieu: intervention.lieu,
      categorie: intervention.categorie,
      priorite: intervention.priorite,
      statut: intervention.statut,
      description: intervention.description,
      prenom: users.prenom,
      nom: users.nom,
      createdAt: intervention.createdAt,
      echeance: intervention.echeance,
      resolueLe: intervention.resolueLe,
    })
    .from(intervention)
    .innerJoin(cite, eq(cite.idCite, intervention.idCite))
    .innerJoin(users, eq(users.id, intervention.idAuteur))
    .leftJoin(chambre, eq(chambre.idChambre, intervention.idChambre))
    .where(eq(intervention.idIntervention, id));
  if (!r) return undefined;
  const { prenom, nom, createdAt, ...rest } = r;
  return {
    ...rest,
    auteur: fullName(nom, prenom),
    dateSignalement: createdAt.toISOString(),
    echeance: r.echeance.toISOString(),
    enRetard: isLate(r.statut, r.echeance, now, r.resolueLe),
    // A reopened request is not resolved: its earlier resolution stays in its history only.
    resolueLe: STATUTS_OUVERTS.includes(r.statut) ? null : (r.resolueLe?.toISOString() ?? null),
  };
}

/**
 * Per live cité: its beds and those occupied today (the residents' list's rule, `BEDS_PER_CITE`),
 * open and late requests, the median hours from report to resolution.
 */
const CITES_FROM = sql`(SELECT ${c.idCite}, ${c.nomCite}, ${v.idDirection},
    coalesce(b.lits, 0) AS lits, coalesce(b.occupes, 0) AS occupes,
    CASE WHEN coalesce(b.lits, 0) > 0 THEN round(b.occupes * 100.0 / b.lits, 1)::float8 END AS taux,
    count(${i.idIntervention}) FILTER (WHERE ${i.statut} IN (${OPEN}))::int AS ouvertes,
    count(${i.idIntervention}) FILTER (WHERE ${OPEN_AND_LATE})::int AS en_retard,
    round((percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM ${RESOLVED_AT} - ${i.createdAt}) / 3600)
      FILTER (WHERE ${RESOLVED_AT} IS NOT NULL))::numeric, 1)::float8 AS delai_median
  FROM ${cite} c
  LEFT JOIN ${ville} v ON ${v.idVille} = ${c.idVille}
  LEFT JOIN ${BEDS_PER_CITE} b ON b.id_cite = ${c.idCite}
  LEFT JOIN ${intervention} i ON ${i.idCite} = ${c.idCite}
  WHERE ${c.deletedAt} IS NULL
  GROUP BY ${c.idCite}, ${c.nomCite}, ${v.idDirection}, b.lits, b.occupes) s`;

/**
 * The per-cité row's columns that keep their schema names, read under its alias `s`; `lits`,
 * `occupes`, `taux`, `ouvertes`, `en_retard` and `delai_median` are the sub-select's own.
 */
const sC = alias(cite, 's');
const sV = alias(ville, 's');

export const interventionCitesSource: ListSource<InterventionCiteRow> = {
  name: 'intervention-cite',
  from: CITES_FROM,
  columns: {
    idCite: computed(sql`${sC.idCite}`, 'id', { notNull: true }),
    nomCite: computed(sql`${sC.nomCite}`, 'text'),
    lits: computed(sql`s.lits`, 'integer'),
    litsOccupes: computed(sql`s.occupes`, 'integer'),
    tauxOccupation: computed(sql`s.taux`, 'number'),
    ouvertes: computed(sql`s.ouvertes`, 'integer'),
    enRetard: computed(sql`s.en_retard`, 'integer'),
    delaiMedianHeures: computed(sql`s.delai_median`, 'number'),
  },
  defaultSort: 'nomCite,asc',
  key: sql`${sC.idCite}`,
};

export function interventionCitesConditions(actor: Actor | null | undefined): SQL[] {
  return [
    scopeCondition(actor, 'repair.read', {
      direction: sql`${sV.idDirection}`,
      cite: sql`${sC.idCite}`,
    }),
  ];
}
