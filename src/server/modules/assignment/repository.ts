/**
 * SQL of the assignment (docs/assignment.md): the assignment rows as the API shows them, a cité's beds and
 * rooms as the domain planner reads them, the admitted students waiting for a bed, the public check.
 */
import { and, desc, eq, gt, isNull, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { BedSlot, RoomState } from '../../../domain/assignment';
import type { Sexe } from '../../../domain/enums';
import { scopeCondition } from '../../access/access';
import type { Actor } from '../../access/actor';
import type { Permission } from '../../../domain/permissions';
import { builtOnce, type Db } from '../../db/client';
import { isoUtc } from '../../db/clock';
import { among, recordset } from '../../db/bulk';
import type { RowOf } from '../../db/rows';
import {
  affectation,
  batiment,
  campagneChoix,
  categorieChambre,
  chambre,
  cite,
  couloir,
  direction,
  dossier,
  lit,
  niveau,
  registreEtudiant,
  reservation,
  reservationLit,
  sessionCenou,
  users,
  ville,
} from '../../db/schema';
import { listColumns, literal, type ListColumn, type ListSource } from '../../lists/pipeline';
import { placeJoins, withPlace } from './place/repository';

// The tables under the short names the lists' fragments use (`a` the assignment, `d` its dossier…):
// the builders below and the raw conditions (ACCEPTED_PLACE, RANK_ORDER) name the same aliases.
const a = alias(affectation, 'a');
const d = alias(dossier, 'd');
const r = alias(registreEtudiant, 'r');
const c = alias(cite, 'c');
const l = alias(lit, 'l');
const ch = alias(chambre, 'ch');
/** The assignment's place under this file's aliases (./place/repository.ts). */
const PLACE_TABLES = { a, c, ch, l };
const co = alias(couloir, 'co');
const n = alias(niveau, 'n');
const b = alias(batiment, 'b');
const cat = alias(categorieChambre, 'cat');
const v = alias(ville, 'v');
const dir = alias(direction, 'dir');
const ses = alias(sessionCenou, 's');

/** One assignment as every call answers it (docs/assignment.md, plus the niveau's and couloir's labels). */
const affectationColumns = {
  idAffectation: a.idAffectation,
  idSessionCenou: a.idSessionCenou,
  idDossier: a.idDossier,
  ine: r.ine,
  nomEtudiant: r.nomEtudiant,
  prenomEtudiant: r.prenomEtudiant,
  sexeEtudiant: r.sexeEtudiant,
  idCite: a.idCite,
  nomCite: c.nomCite,
  idBatiment: b.idBatiment,
  libelleBatiment: b.libelleBatiment,
  idNiveau: n.idNiveau,
  libelleNiveau: n.libelleNiveau,
  idCouloir: co.idCouloir,
  libelleCouloir: co.libelleCouloir,
  idChambre: a.idChambre,
  libelleChambre: ch.libelleChambre,
  idLit: a.idLit,
  libelleLit: l.libelleLit,
  montantChambre: cat.montantChambre,
  codeVerification: a.codeVerification,
  /** ISO 8601, UTC. */
  dateAffectation: isoUtc(a.createdAt),
};

/** One assignment as every call answers it. */
export type AffectationRow = RowOf<typeof affectationColumns>;

/** Every join is to a parent by a NOT NULL key: one row per assignment. */
export const AFFECTATION_FROM = sql`affectation a
  LEFT JOIN dossier d ON d.id_dossier = a.id_dossier
  LEFT JOIN registre_etudiant r ON r.id_etudiant = a.id_etudiant
  ${placeJoins('LEFT JOIN', PLACE_TABLES)}
  LEFT JOIN couloir co ON co.id_couloir = ch.id_couloir
  LEFT JOIN niveau n ON n.id_niveau = co.id_niveau
  LEFT JOIN batiment b ON b.id_batiment = n.id_batiment
  LEFT JOIN categorie_chambre cat ON cat.id_categorie_chambre = ch.id_categorie_chambre`;

// The assignment's columns from the schema; its parents' may be NULL in the list (LEFT JOIN).
const { col, computed } = listColumns(a);

/** The natural place of a bed: bâtiment, niveau, couloir, chambre and lit codes (labels when no code). */
const PLACE = sql`(lpad(coalesce(${b.codeBatiment}, ''), 12, ' ') || '|' || lpad(coalesce(${n.codeNiveau}, ${n.libelleNiveau}), 12, ' ')
  || '|' || lpad(coalesce(${co.codeCouloir}, ${co.libelleCouloir}), 12, ' ') || '|' || lpad(coalesce(${ch.codeChambre}, ${ch.libelleChambre}), 12, ' ')
  || '|' || lpad(coalesce(${l.codeLit}, ${l.libelleLit}), 12, ' ')) COLLATE "C"`;

export const AFFECTATION_COLUMNS: Record<keyof AffectationRow, ListColumn> = {
  idAffectation: col(a.idAffectation),
  idSessionCenou: col(a.idSessionCenou),
  idDossier: col(a.idDossier),
  ine: col(r.ine),
  nomEtudiant: col(r.nomEtudiant),
  prenomEtudiant: col(r.prenomEtudiant),
  sexeEtudiant: col(r.sexeEtudiant),
  idCite: col(a.idCite),
  nomCite: col(c.nomCite),
  idBatiment: col(b.idBatiment),
  libelleBatiment: col(b.libelleBatiment),
  idNiveau: col(n.idNiveau),
  libelleNiveau: col(n.libelleNiveau),
  idCouloir: col(co.idCouloir),
  libelleCouloir: col(co.libelleCouloir),
  idChambre: col(a.idChambre),
  libelleChambre: col(ch.libelleChambre, { sortSql: PLACE }),
  idLit: col(a.idLit),
  libelleLit: col(l.libelleLit, { sortSql: PLACE }),
  montantChambre: col(cat.montantChambre),
  codeVerification: col(a.codeVerification),
  dateAffectation: computed(isoUtc(a.createdAt), 'timestamp', {
    sortSql: sql`${a.createdAt}`,
    filter: 'none',
    search: false,
  }),
};

/** The live assignments as a list of the shared pipeline: paged, beds in their natural order. */
export const affectationSource: ListSource<AffectationRow> = {
  name: 'affectation',
  from: AFFECTATION_FROM,
  columns: AFFECTATION_COLUMNS,
  where: [sql`${a.deletedAt} IS NULL`],
  defaultSort: 'libelleLit,asc',
  key: sql`${a.idAffectation}`,
  alwaysPaged: true,
};

/** A JSON array parameter read as a set of upper-case texts. */
export const upperTextSet = (values: readonly string[]) =>
  sql`(SELECT upper(jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)))`;

/** A withdrawn admission (RETIRE, DESISTE) ends the certificate even before its bed is freed. */
const WITHDRAWN = sql`(d.statut_dossier = 'DESISTE' OR coalesce(d.reponse, '') IN ('RETIRE', 'REFUSE', 'EXPIRE')
  OR d.deleted_at IS NOT NULL)`;

/** A day in Ouagadougou (YYYY-MM-DD). */
const localDay = (col: SQLWrapper) =>
  sql`to_char(${col} AT TIME ZONE 'Africa/Ouagadougou', 'YYYY-MM-DD')`.mapWith(String);

/**
 * Everything the calls below read of an assignment: its row as the API shows it, its bed's codes
 * (the SMS), where its cité stands and its certificate's facts. One join of NOT NULL keys: one row
 * an assignment.
 */
const assignmentFacts = {
  ...affectationColumns,
  codeBatiment: b.codeBatiment,
  codeChambre: ch.codeChambre,
  codeLit: l.codeLit,
  idDirection: d.idDirection,
  idUser: d.idUser,
  dateNaissance: sql`to_char(${r.dateNaissance}, 'YYYY-MM-DD')`.mapWith(String),
  lieuNaissance: r.lieuNaissance,
  libelleDirection: dir.libelleDirection,
  nomVille: v.nomVille,
  anneeDebut: ses.anneeDebut,
  anneeAcademique: sql`${ses.anneeDebut} || '-' || (${ses.anneeDebut} + 1)`.mapWith(String),
  /** YYYY-MM-DD, in Ouagadougou. */
  dateAffectationLocale: localDay(a.createdAt),
  /** YYYY-MM-DD: the cancellation, or the withdrawal of the admission; null while valid. */
  dateAnnulation: sql<string | null>`CASE WHEN ${a.deletedAt} IS NOT NULL THEN ${localDay(a.deletedAt)}
      WHEN ${WITHDRAWN} THEN ${localDay(d.updatedAt)} END`,
  valide: sql<boolean>`(${a.deletedAt} IS NULL AND NOT ${WITHDRAWN})`,
  /** Its session is closed (FERME): the academic year is over (docs/assignment.md#the-certificate). */
  anneeTerminee: sql<boolean>`coalesce(${ses.statutSession} = 'FERME', false)`,
};
type AssignmentFacts = RowOf<typeof assignmentFacts>;

/** An assignment's cité, room and bed, and its room's corridor, level, building and category. */
function withRoomTree<Q extends PgSelect>(query: Q) {
  return withPlace(query, PLACE_TABLES)
    .innerJoin(co, eq(co.idCouloir, ch.idCouloir))
    .innerJoin(n, eq(n.idNiveau, co.idNiveau))
    .innerJoin(b, eq(b.idBatiment, n.idBatiment))
    .innerJoin(cat, eq(cat.idCategorieChambre, ch.idCategorieChambre));
}

function selectAssignmentFacts(db: Db) {
  const query = db
    .select(assignmentFacts)
    .from(a)
    .innerJoin(d, eq(d.idDossier, a.idDossier))
    .innerJoin(r, eq(r.idEtudiant, a.idEtudiant))
    .$dynamic();
  return withRoomTree(query)
    .innerJoin(ses, eq(ses.idSessionCenou, a.idSessionCenou))
    .innerJoin(v, eq(v.idVille, c.idVille))
    .innerJoin(dir, eq(dir.idDirection, v.idDirection))
    .$dynamic();
}

/** Those of a row's properties named by `keys`, in a new object. */
function pick<T extends object, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const k of keys) out[k] = row[k];
  return out;
}
const AFFECTATION_KEYS = Object.keys(affectationColumns) as (keyof AffectationRow)[];

/** Assignment rows (live or not) by id, in the order of `ids`. */
export async function affectationRows(db: Db, ids: readonly number[]): Promise<AffectationRow[]> {
  if (!ids.length) return [];
  return (await assignmentsWithPlaces(db, ids)).map((x) => x.row);
}

/**
 * What a fill reads back of each of its rows: the row as the API shows it and its bed's codes (its
 * SMS). Only the joins these need, each by a NOT NULL key: one row per assignment.
 */
const rowWithPlaceColumns = {
  ...affectationColumns,
  codeBatiment: b.codeBatiment,
  codeChambre: ch.codeChambre,
  codeLit: l.codeLit,
};

function selectRowsWithPlace(db: Db) {
  const query = db
    .select(rowWithPlaceColumns)
    .from(a)
    .innerJoin(r, eq(r.idEtudiant, a.idEtudiant))
    .$dynamic();
  return withRoomTree(query).$dynamic();
}

/**
 * Assignment rows by id, in the order of `ids`, each with its bed's place as its SMS names it
 * (`BedPlace`): one read for a whole cité's fill (6,000 ids as one parameter), of the columns these
 * need only.
 */
export async function assignmentsWithPlaces(
  db: Db,
  ids: readonly number[],
): Promise<{ row: AffectationRow; place: BedPlace }[]> {
  if (!ids.length) return [];
  const found = await selectRowsWithPlace(db).where(among(a.idAffectation, ids));
  const byId = new Map(found.map((x) => [x.idAffectation, x]));
  return ids.flatMap((id) => {
    const x = byId.get(id);
    if (!x) return [];
    return [{ row: pick(x, AFFECTATION_KEYS), place: pick(x, BED_PLACE_KEYS) }];
  });
}

const BED_PLACE_KEYS = [
  'idAffectation',
  'nomCite',
  'codeBatiment',
  'codeChambre',
  'libelleChambre',
  'codeLit',
  'libelleLit',
] as const satisfies readonly (keyof AssignmentFacts)[];
/** Where an assignment's bed is, as its SMS says it (docs/messages.md#sms): the codes, labels beside them. */
export type BedPlace = Pick<AssignmentFacts, (typeof BED_PLACE_KEYS)[number]>;

/** The places of assignments by id (live or not), for their SMS. */
export async function bedSmsPlaces(db: Db, ids: readonly number[]): Promise<BedPlace[]> {
  if (!ids.length) return [];
  const found = await selectAssignmentFacts(db).where(among(a.idAffectation, ids));
  return found.map((x) => pick(x, BED_PLACE_KEYS));
}

/** Ten tables joined, built and planned once per connection: the dashboard asks it of every student. */
const ownAffectationsStatement = builtOnce((db) =>
  selectAssignmentFacts(db)
    .where(and(eq(d.idUser, sql.placeholder('idUser')), isNull(a.deletedAt)))
    .orderBy(desc(ses.anneeDebut), desc(a.idSessionCenou), desc(a.idAffectation))
    .prepare('affectations_de_l_etudiant'),
);

/** The student's own live assignments, newest session first, with where the cité stands. */
export async function ownAffectations(db: Db, idUser: number) {
  const found = await ownAffectationsStatement(db).execute({ idUser });
  return found.map((x) => ({
    ...pick(x, AFFECTATION_KEYS),
    libelleDirection: x.libelleDirection,
    nomVille: x.nomVille,
    anneeAcademique: x.anneeAcademique,
    /** Its session is closed: last year's bed, not this year's. */
    anneeTerminee: x.anneeTerminee,
  }));
}

/** An assignment with whose it is, locked `FOR UPDATE` when asked (a move or a cancel). */
export async function affectationState(db: Db, id: number, lock: boolean) {
  const q = db
    .select({
      idAffectation: a.idAffectation,
      idSessionCenou: a.idSessionCenou,
      idDossier: a.idDossier,
      idEtudiant: a.idEtudiant,
      idCite: a.idCite,
      idChambre: a.idChambre,
      idLit: a.idLit,
      idDirection: d.idDirection,
      idUser: d.idUser,
      sexe: r.sexeEtudiant,
      statutDossier: d.statutDossier,
      reponse: d.reponse,
      /** Holds a place it accepted (ACCEPTED_PLACE). */
      eligible: sql<boolean>`coalesce(${ACCEPTED_PLACE}, false)`,
      annulee: sql<boolean>`${a.deletedAt} IS NOT NULL`,
    })
    .from(a)
    .innerJoin(d, eq(d.idDossier, a.idDossier))
    .innerJoin(r, eq(r.idEtudiant, a.idEtudiant))
    .where(eq(a.idAffectation, id))
    .$dynamic();
  const [found] = await (lock ? q.for('update', { of: a }) : q);
  return found;
}
export type AffectationState = NonNullable<Awaited<ReturnType<typeof affectationState>>>;

/** A cité and the direction it belongs to (through its ville). */
export async function citeDirection(db: Db, idCite: number) {
  const [row] = await db
    .select({ idCite: cite.idCite, nomCite: cite.nomCite, idDirection: ville.idDirection })
    .from(cite)
    .innerJoin(ville, eq(ville.idVille, cite.idVille))
    .where(and(eq(cite.idCite, idCite), isNull(cite.deletedAt)));
  return row;
}

/**
 * Serialises the writers of these cités until the end of the transaction (assignments, moves,
 * cancels, and the housing hooks that move or re-sex a part of a cité). `FOR NO KEY UPDATE`: it
 * excludes itself but not the `KEY SHARE` lock a new child row (a bâtiment, an assignment) takes on
 * its cité, so no deadlock with writes that merely reference the cité. Ids in order.
 */
export async function lockCites(tx: Db, ids: readonly number[], mode: LockMode = 'exclusive'): Promise<void> {
  for (const id of [...new Set(ids)].sort((x, y) => x - y)) {
    if (mode === 'shared') await tx.execute(sql`SELECT 1 FROM cite WHERE id_cite = ${id} FOR SHARE`);
    else await tx.execute(sql`SELECT 1 FROM cite WHERE id_cite = ${id} FOR NO KEY UPDATE`);
  }
}

/**
 * `exclusive`: one writer that chooses beds (staff's assignment, a move, a cancel). `shared`: a
 * writer of beds already chosen and held under their own row locks (a student's confirmed room
 * choice, docs/decisions/063-room-choice-under-load.md): such writers run side by side, and
 * none of them with an exclusive one.
 */
export type LockMode = 'exclusive' | 'shared';

/** One writer per session at a time (transaction-scoped advisory lock, never a session-level one). */
export async function lockSessionAssignments(
  tx: Db,
  idSessionCenou: number,
  mode: LockMode = 'exclusive',
): Promise<void> {
  if (mode === 'shared')
    await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(7242010, ${idSessionCenou})`);
  else await tx.execute(sql`SELECT pg_advisory_xact_lock(7242010, ${idSessionCenou})`);
}

/** A free bed of the cité in the session, as the planner reads it, with its building's id. */
export interface FreeBed extends BedSlot {
  idBatiment: number;
}

/** The cité's live beds not held by a live assignment of the session. */
export async function freeBeds(db: Db, idCite: number, idSessionCenou: number): Promise<FreeBed[]> {
  const found = await db
    .select({
      idLit: l.idLit,
      idChambre: l.idChambre,
      idBatiment: b.idBatiment,
      sexeBatiment: b.sexe,
      b: b.codeBatiment,
      n: sql`coalesce(${n.codeNiveau}, ${n.libelleNiveau})`.mapWith(n.libelleNiveau),
      co: sql`coalesce(${co.codeCouloir}, ${co.libelleCouloir})`.mapWith(co.libelleCouloir),
      ch: sql`coalesce(${ch.codeChambre}, ${ch.libelleChambre})`.mapWith(ch.libelleChambre),
      l: sql`coalesce(${l.codeLit}, ${l.libelleLit})`.mapWith(l.libelleLit),
    })
    .from(l)
    .innerJoin(ch, and(eq(ch.idChambre, l.idChambre), isNull(ch.deletedAt)))
    .innerJoin(co, and(eq(co.idCouloir, ch.idCouloir), isNull(co.deletedAt)))
    .innerJoin(n, and(eq(n.idNiveau, co.idNiveau), isNull(n.deletedAt)))
    .innerJoin(b, and(eq(b.idBatiment, n.idBatiment), isNull(b.deletedAt)))
    .where(
      and(
        eq(b.idCite, idCite),
        isNull(l.deletedAt),
        sql`NOT EXISTS (SELECT 1 FROM affectation x WHERE x.id_lit = ${l.idLit}
              AND x.id_session_cenou = ${idSessionCenou} AND x.deleted_at IS NULL)`,
        sql`NOT EXISTS (SELECT 1 FROM reservation_lit rl JOIN reservation rv ON rv.id_reservation = rl.id_reservation
              WHERE rl.id_lit = ${l.idLit} AND rv.etat = 'ACTIVE' AND rv.expire_a > now())`,
      ),
    );
  return found.map((x) => ({
    idLit: x.idLit,
    idChambre: x.idChambre,
    idBatiment: x.idBatiment,
    sexeBatiment: x.sexeBatiment,
    ordre: [x.b, x.n, x.co, x.ch, x.l],
  }));
}

/**
 * Locks the beds' rows `FOR UPDATE`, in id order: a hold of a room's beds and an assignment meet
 * here before their last check (docs/decisions/046-room-choice.md).
 */
export async function lockBeds(tx: Db, idLits: readonly number[]): Promise<void> {
  if (!idLits.length) return;
  const ids = [...new Set(idLits)].sort((x, y) => x - y);
  await tx
    .select({ idLit: lit.idLit })
    .from(lit)
    .where(among(lit.idLit, ids))
    .orderBy(lit.idLit)
    .for('update');
}

/** Those of the beds held by a hold not expired (a student's room choice, docs/room-choice.md). */
export async function heldBeds(db: Db, idLits: readonly number[]): Promise<number[]> {
  if (!idLits.length) return [];
  const found = await db
    .select({ idLit: reservationLit.idLit })
    .from(reservationLit)
    .innerJoin(reservation, eq(reservation.idReservation, reservationLit.idReservation))
    .where(
      and(
        among(reservationLit.idLit, idLits),
        eq(reservation.etat, 'ACTIVE'),
        gt(reservation.expireA, sql`now()`),
      ),
    );
  return found.map((f) => f.idLit);
}

/** The room-choice campaign of a session, if any (its end: staff's assignment waits for it). */
export async function campaignOfSession(db: Db, idSessionCenou: number) {
  const [found] = await db
    .select({ idCampagne: campagneChoix.idCampagne, fin: campagneChoix.fin })
    .from(campagneChoix)
    .where(eq(campagneChoix.idSessionCenou, idSessionCenou))
    .limit(1);
  return found;
}

/** The rooms of the cité holding live assignments of the session or held, with their occupants' (or holders') sex. */
export async function occupiedRooms(
  db: Db,
  idCite: number,
  idSessionCenou: number,
  exceptAffectation?: number,
): Promise<RoomState[]> {
  const assigned = await db
    .select({ idChambre: a.idChambre, sexe: r.sexeEtudiant })
    .from(a)
    .innerJoin(r, eq(r.idEtudiant, a.idEtudiant))
    .where(
      and(
        eq(a.idCite, idCite),
        eq(a.idSessionCenou, idSessionCenou),
        isNull(a.deletedAt),
        exceptAffectation ? ne(a.idAffectation, exceptAffectation) : undefined,
      ),
    );
  // The rooms students hold (docs/room-choice.md): their holders' sex.
  const held = await db
    .select({ idChambre: l.idChambre, sexe: r.sexeEtudiant })
    .from(reservationLit)
    .innerJoin(reservation, eq(reservation.idReservation, reservationLit.idReservation))
    .innerJoin(r, eq(r.idEtudiant, reservationLit.idEtudiant))
    .innerJoin(l, eq(l.idLit, reservationLit.idLit))
    .innerJoin(ch, eq(ch.idChambre, l.idChambre))
    .innerJoin(co, eq(co.idCouloir, ch.idCouloir))
    .innerJoin(n, eq(n.idNiveau, co.idNiveau))
    .innerJoin(b, eq(b.idBatiment, n.idBatiment))
    .where(and(eq(b.idCite, idCite), eq(reservation.etat, 'ACTIVE'), gt(reservation.expireA, sql`now()`)));
  // One sex a room: the smallest, as the planner reads a room (a mixed room never happens).
  const rooms = new Map<number, Sexe>();
  for (const x of [...assigned, ...held]) {
    const seen = rooms.get(x.idChambre);
    if (seen === undefined || x.sexe < seen) rooms.set(x.idChambre, x.sexe);
  }
  return [...rooms].map(([idChambre, sexe]) => ({ idChambre, sexe }));
}

/** A bed with its room, building, cité and the cité's direction. */
export async function bedPlace(db: Db, idLit: number) {
  const [found] = await db
    .select({
      idLit: l.idLit,
      idChambre: l.idChambre,
      sexeBatiment: b.sexe,
      idCite: b.idCite,
      idDirection: v.idDirection,
    })
    .from(l)
    .innerJoin(ch, and(eq(ch.idChambre, l.idChambre), isNull(ch.deletedAt)))
    .innerJoin(co, and(eq(co.idCouloir, ch.idCouloir), isNull(co.deletedAt)))
    .innerJoin(n, and(eq(n.idNiveau, co.idNiveau), isNull(n.deletedAt)))
    .innerJoin(b, and(eq(b.idBatiment, n.idBatiment), isNull(b.deletedAt)))
    .innerJoin(c, and(eq(c.idCite, b.idCite), isNull(c.deletedAt)))
    .innerJoin(v, eq(v.idVille, c.idVille))
    .where(and(eq(l.idLit, idLit), isNull(l.deletedAt)));
  return found;
}

/**
 * Rank order across the lists (docs/decisions/010-assignment.md): the deliberation's lists in the
 * order they are filled (PUPILLES, ETRANGERS, NATIONAUX, then students of no list: the admissible
 * upload's), the rank within the list, then the score, the deposit and the id.
 */
export const RANK_ORDER = sql`CASE d.liste_deliberation WHEN 'PUPILLES' THEN 1 WHEN 'ETRANGERS' THEN 2
    WHEN 'NATIONAUX' THEN 3 ELSE 4 END, d.rang ASC NULLS LAST, d.moyenne DESC NULLS LAST, d.date_depot, d.id_dossier`;

/**
 * The dossier `d` holds a place it accepted (docs/offers.md, docs/assignment.md): admitted by the deliberation
 * and accepted, or loaded by the admissible upload of its session (no offer step: accepted), as
 * long as the admission did not end (DESISTE). Read live, so a new upload that drops a student
 * drops its eligibility too.
 */
export const ACCEPTED_PLACE = sql`(d.deleted_at IS NULL AND (
    (d.statut_dossier = 'ADMIS' AND d.reponse = 'ACCEPTE')
    OR (d.statut_dossier <> 'DESISTE' AND EXISTS (
      SELECT 1 FROM admissible_charge ac JOIN registre_etudiant rc ON upper(rc.ine) = ac.ine
      WHERE rc.id_etudiant = d.id_etudiant AND ac.id_session_cenou = d.id_session_cenou))))`;

/** An admitted student who accepted its place and has no live assignment in the session. */
export const ELIGIBLE = (idSessionCenou: number | SQL) => sql`d.id_session_cenou = ${idSessionCenou}
  AND ${ACCEPTED_PLACE}
  AND NOT EXISTS (SELECT 1 FROM affectation x WHERE x.id_etudiant = d.id_etudiant
                  AND x.id_session_cenou = d.id_session_cenou AND x.deleted_at IS NULL)`;

const u = alias(users, 'u');

const candidateColumns = {
  idDossier: d.idDossier,
  idEtudiant: d.idEtudiant,
  ine: r.ine,
  sexe: r.sexeEtudiant,
  nom: r.nomEtudiant,
  prenom: r.prenomEtudiant,
  email: sql<string | null>`coalesce(${u.email}, ${r.emailEtudiant})`,
  /** The student's account (its SMS go to its number). */
  idUser: u.id,
};
/** A student waiting for a bed; `email` and `idUser` null without an account or an address. */
export type Candidate = Omit<RowOf<typeof candidateColumns>, 'email' | 'idUser'> & {
  email: string | null;
  idUser: number | null;
};

/**
 * The session's students waiting for a bed (all, or those of `ines`), in rank order, their
 * dossiers held `FOR SHARE` until the end of the transaction: a withdrawal or an answer that
 * would make one ineligible waits for the assignment, and one that came first is seen.
 */
export function lockCandidates(
  tx: Db,
  idSessionCenou: number,
  ines?: readonly string[],
): Promise<Candidate[]> {
  return tx
    .select(candidateColumns)
    .from(d)
    .innerJoin(r, eq(r.idEtudiant, d.idEtudiant))
    .leftJoin(u, eq(u.id, d.idUser))
    .where(and(ELIGIBLE(idSessionCenou), ines ? sql`upper(${r.ine}) IN ${upperTextSet(ines)}` : undefined))
    .orderBy(RANK_ORDER)
    .for('share', { of: d });
}

/** The mail address and name of a dossier's student. */
export async function candidateOfDossier(tx: Db, idDossier: number): Promise<Candidate | undefined> {
  const [found] = await tx
    .select(candidateColumns)
    .from(d)
    .innerJoin(r, eq(r.idEtudiant, d.idEtudiant))
    .leftJoin(u, eq(u.id, d.idUser))
    .where(eq(d.idDossier, idDossier));
  return found;
}

/** Where each listed INE stands in the session: its dossier's status and answer, whether it has a bed. */
export function ineStates(db: Db, idSessionCenou: number, ines: readonly string[]) {
  return db
    .select({
      ine: sql`upper(${r.ine})`.mapWith(r.ine),
      statutDossier: d.statutDossier,
      reponse: d.reponse,
      eligible: sql<boolean>`coalesce(${ACCEPTED_PLACE}, false)`,
      loge: sql<boolean>`EXISTS (SELECT 1 FROM affectation x WHERE x.id_etudiant = ${r.idEtudiant}
              AND x.id_session_cenou = ${idSessionCenou} AND x.deleted_at IS NULL)`,
    })
    .from(r)
    .leftJoin(
      d,
      and(eq(d.idEtudiant, r.idEtudiant), eq(d.idSessionCenou, idSessionCenou), isNull(d.deletedAt)),
    )
    .where(and(isNull(r.deletedAt), sql`upper(${r.ine}) IN ${upperTextSet(ines)}`));
}

/** A student waiting for a bed, as `GET campus/affectation/sans-lit` lists it. */
export interface SansLitRow {
  idDossier: number;
  ine: string;
  nomEtudiant: string;
  prenomEtudiant: string;
  sexeEtudiant: Sexe;
  listeDeliberation: string | null;
  rang: number | null;
  moyenne: number | null;
}

/** The lists of a deliberation in their order (each value checked against the schema's). */
const LISTE_ORDRE = sql`CASE ${d.listeDeliberation} WHEN ${literal(d.listeDeliberation, 'READMISSIONS')} THEN 0
  WHEN ${literal(d.listeDeliberation, 'PUPILLES')} THEN 1 WHEN ${literal(d.listeDeliberation, 'ETRANGERS')} THEN 2
  WHEN ${literal(d.listeDeliberation, 'NATIONAUX')} THEN 3 ELSE 4 END`;

/** The dossier's columns from the schema; the student's may be NULL in the list (LEFT JOIN). */
const sansLit = listColumns(d);

export const sansLitSource: ListSource<SansLitRow> = {
  name: 'affectation-sans-lit',
  from: sql`${dossier} d LEFT JOIN ${registreEtudiant} r ON ${r.idEtudiant} = ${d.idEtudiant}`,
  columns: {
    idDossier: sansLit.col(d.idDossier),
    ine: sansLit.col(r.ine),
    nomEtudiant: sansLit.col(r.nomEtudiant),
    prenomEtudiant: sansLit.col(r.prenomEtudiant),
    sexeEtudiant: sansLit.col(r.sexeEtudiant),
    listeDeliberation: sansLit.col(d.listeDeliberation, { sortSql: LISTE_ORDRE }),
    rang: sansLit.col(d.rang),
    moyenne: computed(sql`round(${d.moyenne}::numeric, 2)::float8`, 'number', { sortSql: sql`${d.moyenne}` }),
    dateDepot: sansLit.col(d.dateDepot, { hidden: true, filter: 'none', search: false }),
  },
  defaultSort: 'listeDeliberation,asc;rang,asc;moyenne,desc;dateDepot,asc',
  key: sql`${d.idDossier}`,
  alwaysPaged: true,
};

/**
 * Insert rows: one statement for a plan's rows, whatever their number (a whole cité: 6,000), the
 * rows travelling as one jsonb parameter (`recordset`) and inserted in the plan's order: neither a
 * statement of 40,000 parameters to build and parse nor chunks; a code already taken (never seen,
 * 31^12) is skipped.
 */
export async function insertAffectations(
  tx: Db,
  list: readonly {
    idSessionCenou: number;
    idDossier: number;
    idEtudiant: number;
    idCite: number;
    idChambre: number;
    idLit: number;
    code: string;
  }[],
  idAuteur: number | null,
): Promise<{ id: number; code: string }[]> {
  if (!list.length) return [];
  // The statement's rows read back through a CTE typed by the schema's columns.
  const made = tx
    .$with('made', {
      id: sql`id`.mapWith(affectation.idAffectation).as('id'),
      code: sql`code`.mapWith(affectation.codeVerification).as('code'),
    })
    .as(
      sql`INSERT INTO ${affectation} (id_session_cenou, id_dossier, id_etudiant, id_cite, id_chambre, id_lit,
          code_verification, id_auteur)
        SELECT x.id_session_cenou, x.id_dossier, x.id_etudiant, x.id_cite, x.id_chambre, x.id_lit, x.code,
          ${idAuteur}::int
        FROM ${recordset(
          list.map((x) => ({
            id_session_cenou: x.idSessionCenou,
            id_dossier: x.idDossier,
            id_etudiant: x.idEtudiant,
            id_cite: x.idCite,
            id_chambre: x.idChambre,
            id_lit: x.idLit,
            code: x.code,
          })),
          'id_session_cenou int, id_dossier int, id_etudiant int, id_cite int, id_chambre int, id_lit int, code text',
        )}
        ORDER BY x.ord
        ON CONFLICT (code_verification) DO NOTHING
        RETURNING id_affectation AS id, code_verification AS code`,
    );
  return tx.with(made).select({ id: made.id, code: made.code }).from(made);
}

const ATTESTATION_KEYS = [
  'idAffectation',
  'idDirection',
  'idUser',
  'ine',
  'nomEtudiant',
  'prenomEtudiant',
  'dateNaissance',
  'lieuNaissance',
  'nomCite',
  'libelleDirection',
  'libelleBatiment',
  'libelleNiveau',
  'libelleCouloir',
  'libelleChambre',
  'libelleLit',
  'montantChambre',
  'anneeDebut',
  'codeVerification',
  'dateAnnulation',
  'valide',
  'anneeTerminee',
] as const satisfies readonly (keyof AssignmentFacts)[];
/** What the public check and the certificate read of an assignment, by code or by id. */
export type AttestationFacts = Pick<AssignmentFacts, (typeof ATTESTATION_KEYS)[number]> & {
  /** YYYY-MM-DD, in Ouagadougou. */
  dateAffectation: string;
};

async function attestationFacts(db: Db, where: SQL): Promise<AttestationFacts | undefined> {
  const [found] = await selectAssignmentFacts(db).where(where);
  return found && { ...pick(found, ATTESTATION_KEYS), dateAffectation: found.dateAffectationLocale };
}

/** The certificate of an assignment. */
export const attestationById = (db: Db, idAffectation: number) =>
  attestationFacts(db, eq(a.idAffectation, idAffectation));

/** The certificate of a verification code (as typed, upper-cased). */
export const attestationByCode = (db: Db, code: string) => attestationFacts(db, eq(a.codeVerification, code));

// ---------------------------------------------------------------- writes and checks of a change

/** Whether the bed holds a live assignment in the session. */
export async function bedTaken(tx: Db, idLit: number, idSessionCenou: number): Promise<boolean> {
  const [taken] = await tx
    .select({ id: affectation.idAffectation })
    .from(affectation)
    .where(
      and(
        eq(affectation.idLit, idLit),
        eq(affectation.idSessionCenou, idSessionCenou),
        isNull(affectation.deletedAt),
      ),
    )
    .limit(1);
  return taken !== undefined;
}

/** An assignment moved to another bed (its room and cité with it). */
export async function moveAffectation(
  tx: Db,
  idAffectation: number,
  bed: { idLit: number; idChambre: number; idCite: number },
): Promise<void> {
  await tx
    .update(affectation)
    .set({ idLit: bed.idLit, idChambre: bed.idChambre, idCite: bed.idCite, updatedAt: sql`now()` })
    .where(eq(affectation.idAffectation, idAffectation));
}

/** One assignment cancelled (soft delete), with who cancelled it and why. */
export async function cancelAffectation(
  tx: Db,
  idAffectation: number,
  idAuteur: number | null,
  motif: string | null,
): Promise<void> {
  await tx
    .update(affectation)
    .set({
      deletedAt: sql`now()`,
      updatedAt: sql`now()`,
      idAuteurAnnulation: idAuteur,
      motifAnnulation: motif,
    })
    .where(eq(affectation.idAffectation, idAffectation));
}

/**
 * A departure (docs/life-in-the-cite.md#departure): the live assignment ends on `dateDepart`, its
 * bed free again (`deleted_at`, as a cancellation; `date_depart` tells them apart). Returns whether
 * it was live.
 */
export async function endAffectation(
  tx: Db,
  idAffectation: number,
  dateDepart: string,
  idAuteur: number | null,
): Promise<boolean> {
  const done = await tx
    .update(affectation)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()`, dateDepart, idAuteurDepart: idAuteur })
    .where(and(eq(affectation.idAffectation, idAffectation), isNull(affectation.deletedAt)))
    .returning({ id: affectation.idAffectation });
  return done.length > 0;
}

/** The live assignments of a dossier cancelled → their ids. */
export async function cancelAffectationsOfDossier(
  tx: Db,
  idDossier: number,
  idAuteur: number | null,
  motif: string,
): Promise<number[]> {
  const done = await tx
    .update(affectation)
    .set({
      deletedAt: sql`now()`,
      updatedAt: sql`now()`,
      idAuteurAnnulation: idAuteur,
      motifAnnulation: motif,
    })
    .where(and(eq(affectation.idDossier, idDossier), isNull(affectation.deletedAt)))
    .returning({ id: affectation.idAffectation });
  return done.map((d) => d.id);
}

/** The live buildings of a cité. */
export function citeBuildings(db: Db, idCite: number) {
  return db
    .select({
      idBatiment: batiment.idBatiment,
      libelleBatiment: batiment.libelleBatiment,
      sexe: batiment.sexe,
    })
    .from(batiment)
    .where(and(eq(batiment.idCite, idCite), isNull(batiment.deletedAt)));
}

// ---------------------------------------------------------------- the lists' conditions

/**
 * The conditions of a list of assignments (`a` the assignment, `d` its dossier): the actor's
 * direction for `permission` (or all), one session, one cité when named. The assignment list
 * (`assignment.manage`) and the rent list (`rent.manage`) both read them.
 */
export function affectationListConditions(
  actor: Actor | null | undefined,
  permission: Permission,
  idSessionCenou: number,
  idCite: number | undefined,
): SQL[] {
  return [
    scopeCondition(actor, permission, { direction: sql`d.id_direction` }),
    sql`a.id_session_cenou = ${idSessionCenou}`,
    ...(idCite === undefined ? [] : [sql`a.id_cite = ${idCite}`]),
  ];
}

/** The students without a bed: the actor's direction (or all), the session's eligible students. */
export function sansLitConditions(actor: Actor | null | undefined, idSessionCenou: number): SQL[] {
  return [
    scopeCondition(actor, 'assignment.manage', { direction: sql`d.id_direction` }),
    ELIGIBLE(idSessionCenou),
  ];
}
