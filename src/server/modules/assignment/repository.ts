/**
 * SQL of the assignment (docs/assignment.md): the assignment rows as the API shows them, a cité's beds and
 * rooms as the domain planner reads them, the admitted students waiting for a bed, the public check.
 */
import { and, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { BedSlot, RoomState } from '../../../domain/assignment';
import type { Sexe, SexeBatiment } from '../../../domain/enums';
import { scopeCondition } from '../../access/access';
import type { Actor } from '../../access/actor';
import type { Permission } from '../../../domain/permissions';
import { one, rows, type Db } from '../../db/client';
import {
  affectation,
  batiment,
  campagneChoix,
  cite,
  lit,
  reservation,
  reservationLit,
  ville,
} from '../../db/schema';
import type { ColumnType, ListColumn, ListSource } from '../../lists/pipeline';

/** One assignment as every call answers it (docs/assignment.md, plus the niveau's and couloir's labels). */
export interface AffectationRow {
  idAffectation: number;
  idSessionCenou: number;
  idDossier: number;
  ine: string;
  nomEtudiant: string;
  prenomEtudiant: string;
  sexeEtudiant: Sexe;
  idCite: number;
  nomCite: string;
  idBatiment: number;
  libelleBatiment: string;
  idNiveau: number;
  libelleNiveau: string;
  idCouloir: number;
  libelleCouloir: string;
  idChambre: number;
  libelleChambre: string;
  idLit: number;
  libelleLit: string;
  montantChambre: number;
  codeVerification: string;
  /** ISO 8601, UTC. */
  dateAffectation: string;
}

/** Every join is to a parent by a NOT NULL key: one row per assignment. */
export const AFFECTATION_FROM = sql`affectation a
  LEFT JOIN dossier d ON d.id_dossier = a.id_dossier
  LEFT JOIN registre_etudiant r ON r.id_etudiant = a.id_etudiant
  LEFT JOIN cite c ON c.id_cite = a.id_cite
  LEFT JOIN lit l ON l.id_lit = a.id_lit
  LEFT JOIN chambre ch ON ch.id_chambre = a.id_chambre
  LEFT JOIN couloir co ON co.id_couloir = ch.id_couloir
  LEFT JOIN niveau n ON n.id_niveau = co.id_niveau
  LEFT JOIN batiment b ON b.id_batiment = n.id_batiment
  LEFT JOIN categorie_chambre cat ON cat.id_categorie_chambre = ch.id_categorie_chambre`;

const c = (expr: SQL, type: ColumnType, extra: Partial<ListColumn> = {}): ListColumn => ({
  sql: expr,
  type,
  ...extra,
});

/** The natural place of a bed: bâtiment, niveau, couloir, chambre and lit codes (labels when no code). */
const PLACE = sql`(lpad(coalesce(b.code_batiment, ''), 12, ' ') || '|' || lpad(coalesce(n.code_niveau, n.libelle_niveau), 12, ' ')
  || '|' || lpad(coalesce(co.code_couloir, co.libelle_couloir), 12, ' ') || '|' || lpad(coalesce(ch.code_chambre, ch.libelle_chambre), 12, ' ')
  || '|' || lpad(coalesce(l.code_lit, l.libelle_lit), 12, ' ')) COLLATE "C"`;

export const AFFECTATION_COLUMNS: Record<keyof AffectationRow, ListColumn> = {
  idAffectation: c(sql`a.id_affectation`, 'id', { notNull: true }),
  idSessionCenou: c(sql`a.id_session_cenou`, 'id', { notNull: true }),
  idDossier: c(sql`a.id_dossier`, 'id', { notNull: true }),
  ine: c(sql`r.ine`, 'text'),
  nomEtudiant: c(sql`r.nom_etudiant`, 'text'),
  prenomEtudiant: c(sql`r.prenom_etudiant`, 'text'),
  sexeEtudiant: c(sql`r.sexe_etudiant`, 'enum'),
  idCite: c(sql`a.id_cite`, 'id', { notNull: true }),
  nomCite: c(sql`c.nom_cite`, 'text'),
  idBatiment: c(sql`b.id_batiment`, 'id'),
  libelleBatiment: c(sql`b.libelle_batiment`, 'text'),
  idNiveau: c(sql`n.id_niveau`, 'id'),
  libelleNiveau: c(sql`n.libelle_niveau`, 'text'),
  idCouloir: c(sql`co.id_couloir`, 'id'),
  libelleCouloir: c(sql`co.libelle_couloir`, 'text'),
  idChambre: c(sql`a.id_chambre`, 'id', { notNull: true }),
  libelleChambre: c(sql`ch.libelle_chambre`, 'text', { sortSql: PLACE }),
  idLit: c(sql`a.id_lit`, 'id', { notNull: true }),
  libelleLit: c(sql`l.libelle_lit`, 'text', { sortSql: PLACE }),
  montantChambre: c(sql`cat.montant_chambre`, 'integer'),
  codeVerification: c(sql`a.code_verification`, 'text', { notNull: true }),
  dateAffectation: c(
    sql`to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    'timestamp',
    {
      sortSql: sql`a.created_at`,
      filter: 'none',
      search: false,
    },
  ),
};

/** The live assignments as a list of the shared pipeline: paged, beds in their natural order. */
export const affectationSource: ListSource<AffectationRow> = {
  name: 'affectation',
  from: AFFECTATION_FROM,
  columns: AFFECTATION_COLUMNS,
  where: [sql`a.deleted_at IS NULL`],
  defaultSort: 'libelleLit,asc',
  key: sql`a.id_affectation`,
  alwaysPaged: true,
};

const selectRow = sql.join(
  Object.entries(AFFECTATION_COLUMNS).map(([k, col]) => sql`${col.sql} AS ${sql.identifier(k)}`),
  sql`, `,
);

/** A JSON array parameter read as a set of integers (the same on both drivers). */
const intSet = (ids: readonly number[]) =>
  sql`(SELECT (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::int)`;
/** A JSON array parameter read as a set of upper-case texts. */
export const upperTextSet = (values: readonly string[]) =>
  sql`(SELECT upper(jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)))`;

/** Assignment rows (live or not) by id, in the order of `ids`. */
export async function affectationRows(db: Db, ids: readonly number[]): Promise<AffectationRow[]> {
  if (!ids.length) return [];
  const found = await rows<AffectationRow>(
    db,
    sql`SELECT ${selectRow} FROM ${AFFECTATION_FROM} WHERE a.id_affectation IN ${intSet(ids)}`,
  );
  const byId = new Map(found.map((r) => [r.idAffectation, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is AffectationRow => r !== undefined);
}

/** Where an assignment's bed is, as its SMS says it (docs/messages.md#sms): the codes, labels beside them. */
export interface BedPlace {
  idAffectation: number;
  nomCite: string;
  codeBatiment: string;
  codeChambre: string | null;
  libelleChambre: string;
  codeLit: string | null;
  libelleLit: string;
}

/** The places of assignments by id (live or not), for their SMS. */
export function bedSmsPlaces(db: Db, ids: readonly number[]): Promise<BedPlace[]> {
  if (!ids.length) return Promise.resolve([]);
  return rows<BedPlace>(
    db,
    sql`SELECT a.id_affectation AS "idAffectation", c.nom_cite AS "nomCite", b.code_batiment AS "codeBatiment",
          ch.code_chambre AS "codeChambre", ch.libelle_chambre AS "libelleChambre",
          l.code_lit AS "codeLit", l.libelle_lit AS "libelleLit"
        FROM ${AFFECTATION_FROM} WHERE a.id_affectation IN ${intSet(ids)}`,
  );
}

/** The student's own live assignments, newest session first, with where the cité stands. */
export function ownAffectations(db: Db, idUser: number) {
  return rows<AffectationRow & { libelleDirection: string; nomVille: string; anneeAcademique: string }>(
    db,
    sql`SELECT ${selectRow}, dir.libelle_direction AS "libelleDirection", v.nom_ville AS "nomVille",
          s.annee_debut || '-' || (s.annee_debut + 1) AS "anneeAcademique"
        FROM ${AFFECTATION_FROM}
        LEFT JOIN ville v ON v.id_ville = c.id_ville
        LEFT JOIN direction dir ON dir.id_direction = v.id_direction
        LEFT JOIN session_cenou s ON s.id_session_cenou = a.id_session_cenou
        WHERE d.id_user = ${idUser} AND a.deleted_at IS NULL
        ORDER BY s.annee_debut DESC, a.id_session_cenou DESC, a.id_affectation DESC`,
  );
}

/** An assignment with whose it is, locked `FOR UPDATE` when asked (a move or a cancel). */
export interface AffectationState {
  idAffectation: number;
  idSessionCenou: number;
  idDossier: number;
  idEtudiant: number;
  idCite: number;
  idChambre: number;
  idLit: number;
  idDirection: number;
  idUser: number;
  sexe: Sexe;
  statutDossier: string;
  reponse: string | null;
  /** Holds a place it accepted (ACCEPTED_PLACE). */
  eligible: boolean;
  annulee: boolean;
}

export function affectationState(db: Db, id: number, lock: boolean): Promise<AffectationState | undefined> {
  return one<AffectationState>(
    db,
    sql`SELECT a.id_affectation AS "idAffectation", a.id_session_cenou AS "idSessionCenou", a.id_dossier AS "idDossier",
          a.id_etudiant AS "idEtudiant", a.id_cite AS "idCite", a.id_chambre AS "idChambre", a.id_lit AS "idLit",
          d.id_direction AS "idDirection", d.id_user AS "idUser", r.sexe_etudiant AS sexe,
          d.statut_dossier AS "statutDossier", d.reponse, coalesce(${ACCEPTED_PLACE}, false) AS eligible,
          a.deleted_at IS NOT NULL AS annulee
        FROM affectation a JOIN dossier d ON d.id_dossier = a.id_dossier
        JOIN registre_etudiant r ON r.id_etudiant = a.id_etudiant
        WHERE a.id_affectation = ${id} ${lock ? sql`FOR UPDATE OF a` : sql``}`,
  );
}

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
  const found = await rows<{
    idLit: number;
    idChambre: number;
    idBatiment: number;
    sexeBatiment: SexeBatiment;
    b: string | null;
    n: string | null;
    co: string | null;
    ch: string | null;
    l: string | null;
  }>(
    db,
    sql`SELECT l.id_lit AS "idLit", l.id_chambre AS "idChambre", b.id_batiment AS "idBatiment", b.sexe AS "sexeBatiment",
          b.code_batiment AS b, coalesce(n.code_niveau, n.libelle_niveau) AS n,
          coalesce(co.code_couloir, co.libelle_couloir) AS co, coalesce(ch.code_chambre, ch.libelle_chambre) AS ch,
          coalesce(l.code_lit, l.libelle_lit) AS l
        FROM lit l
        JOIN chambre ch ON ch.id_chambre = l.id_chambre AND ch.deleted_at IS NULL
        JOIN couloir co ON co.id_couloir = ch.id_couloir AND co.deleted_at IS NULL
        JOIN niveau n ON n.id_niveau = co.id_niveau AND n.deleted_at IS NULL
        JOIN batiment b ON b.id_batiment = n.id_batiment AND b.deleted_at IS NULL
        WHERE b.id_cite = ${idCite} AND l.deleted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM affectation a WHERE a.id_lit = l.id_lit
                          AND a.id_session_cenou = ${idSessionCenou} AND a.deleted_at IS NULL)
          AND NOT EXISTS (SELECT 1 FROM reservation_lit rl JOIN reservation rv ON rv.id_reservation = rl.id_reservation
                          WHERE rl.id_lit = l.id_lit AND rv.etat = 'ACTIVE' AND rv.expire_a > now())`,
  );
  return found.map((x) => ({
    idLit: x.idLit,
    idChambre: x.idChambre,
    idBatiment: x.idBatiment,
    sexeBatiment: x.sexeBatiment,
    ordre: [x.b ?? '', x.n ?? '', x.co ?? '', x.ch ?? '', x.l ?? ''],
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
    .where(inArray(lit.idLit, ids))
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
        inArray(reservationLit.idLit, [...idLits]),
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
export function occupiedRooms(
  db: Db,
  idCite: number,
  idSessionCenou: number,
  exceptAffectation?: number,
): Promise<RoomState[]> {
  return rows<RoomState>(
    db,
    sql`SELECT x.id_chambre AS "idChambre", min(x.sexe) AS sexe FROM (
          SELECT a.id_chambre, r.sexe_etudiant AS sexe
          FROM affectation a JOIN registre_etudiant r ON r.id_etudiant = a.id_etudiant
          WHERE a.id_cite = ${idCite} AND a.id_session_cenou = ${idSessionCenou} AND a.deleted_at IS NULL
            ${exceptAffectation ? sql`AND a.id_affectation <> ${exceptAffectation}` : sql``}
          UNION ALL
          -- The rooms students hold (docs/room-choice.md): their holders' sex.
          SELECT l.id_chambre, r.sexe_etudiant
          FROM reservation_lit rl JOIN reservation rv ON rv.id_reservation = rl.id_reservation
          JOIN registre_etudiant r ON r.id_etudiant = rl.id_etudiant
          JOIN lit l ON l.id_lit = rl.id_lit JOIN chambre ch ON ch.id_chambre = l.id_chambre
          JOIN couloir co ON co.id_couloir = ch.id_couloir JOIN niveau n ON n.id_niveau = co.id_niveau
          JOIN batiment b ON b.id_batiment = n.id_batiment
          WHERE b.id_cite = ${idCite} AND rv.etat = 'ACTIVE' AND rv.expire_a > now()) x
        GROUP BY x.id_chambre`,
  );
}

/** A bed with its room, building, cité and the cité's direction. */
export function bedPlace(db: Db, idLit: number) {
  return one<{
    idLit: number;
    idChambre: number;
    sexeBatiment: SexeBatiment;
    idCite: number;
    idDirection: number;
  }>(
    db,
    sql`SELECT l.id_lit AS "idLit", l.id_chambre AS "idChambre", b.sexe AS "sexeBatiment", b.id_cite AS "idCite",
          v.id_direction AS "idDirection"
        FROM lit l
        JOIN chambre ch ON ch.id_chambre = l.id_chambre AND ch.deleted_at IS NULL
        JOIN couloir co ON co.id_couloir = ch.id_couloir AND co.deleted_at IS NULL
        JOIN niveau n ON n.id_niveau = co.id_niveau AND n.deleted_at IS NULL
        JOIN batiment b ON b.id_batiment = n.id_batiment AND b.deleted_at IS NULL
        JOIN cite c ON c.id_cite = b.id_cite AND c.deleted_at IS NULL
        JOIN ville v ON v.id_ville = c.id_ville
        WHERE l.id_lit = ${idLit} AND l.deleted_at IS NULL`,
  );
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

export interface Candidate {
  idDossier: number;
  idEtudiant: number;
  ine: string;
  sexe: Sexe;
  nom: string;
  prenom: string;
  email: string | null;
  /** The student's account (its SMS go to its number). */
  idUser: number | null;
}

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
  return rows<Candidate>(
    tx,
    sql`SELECT d.id_dossier AS "idDossier", d.id_etudiant AS "idEtudiant", r.ine, r.sexe_etudiant AS sexe,
          r.nom_etudiant AS nom, r.prenom_etudiant AS prenom, coalesce(u.email, r.email_etudiant) AS email,
          u.id AS "idUser"
        FROM dossier d JOIN registre_etudiant r ON r.id_etudiant = d.id_etudiant
        LEFT JOIN users u ON u.id = d.id_user
        WHERE ${ELIGIBLE(idSessionCenou)} ${ines ? sql`AND upper(r.ine) IN ${upperTextSet(ines)}` : sql``}
        ORDER BY ${RANK_ORDER}
        FOR SHARE OF d`,
  );
}

/** The mail address and name of a dossier's student. */
export function candidateOfDossier(tx: Db, idDossier: number) {
  return one<Candidate>(
    tx,
    sql`SELECT d.id_dossier AS "idDossier", d.id_etudiant AS "idEtudiant", r.ine, r.sexe_etudiant AS sexe,
          r.nom_etudiant AS nom, r.prenom_etudiant AS prenom, coalesce(u.email, r.email_etudiant) AS email,
          u.id AS "idUser"
        FROM dossier d JOIN registre_etudiant r ON r.id_etudiant = d.id_etudiant LEFT JOIN users u ON u.id = d.id_user
        WHERE d.id_dossier = ${idDossier}`,
  );
}

/** Where each listed INE stands in the session: its dossier's status and answer, whether it has a bed. */
export function ineStates(db: Db, idSessionCenou: number, ines: readonly string[]) {
  return rows<{
    ine: string;
    statutDossier: string | null;
    reponse: string | null;
    eligible: boolean;
    loge: boolean;
  }>(
    db,
    sql`SELECT upper(r.ine) AS ine, d.statut_dossier AS "statutDossier", d.reponse,
          coalesce(${ACCEPTED_PLACE}, false) AS eligible,
          EXISTS (SELECT 1 FROM affectation x WHERE x.id_etudiant = r.id_etudiant
                  AND x.id_session_cenou = ${idSessionCenou} AND x.deleted_at IS NULL) AS loge
        FROM registre_etudiant r
        LEFT JOIN dossier d ON d.id_etudiant = r.id_etudiant AND d.id_session_cenou = ${idSessionCenou}
          AND d.deleted_at IS NULL
        WHERE r.deleted_at IS NULL AND upper(r.ine) IN ${upperTextSet(ines)}`,
  );
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

const LISTE_ORDRE = sql`CASE d.liste_deliberation WHEN 'READMISSIONS' THEN 0 WHEN 'PUPILLES' THEN 1 WHEN 'ETRANGERS' THEN 2 WHEN 'NATIONAUX' THEN 3 ELSE 4 END`;

export const sansLitSource: ListSource<SansLitRow> = {
  name: 'affectation-sans-lit',
  from: sql`dossier d LEFT JOIN registre_etudiant r ON r.id_etudiant = d.id_etudiant`,
  columns: {
    idDossier: c(sql`d.id_dossier`, 'id', { notNull: true }),
    ine: c(sql`r.ine`, 'text'),
    nomEtudiant: c(sql`r.nom_etudiant`, 'text'),
    prenomEtudiant: c(sql`r.prenom_etudiant`, 'text'),
    sexeEtudiant: c(sql`r.sexe_etudiant`, 'enum'),
    listeDeliberation: c(sql`d.liste_deliberation`, 'enum', { sortSql: LISTE_ORDRE }),
    rang: c(sql`d.rang`, 'integer'),
    moyenne: c(sql`round(d.moyenne::numeric, 2)::float8`, 'number', { sortSql: sql`d.moyenne` }),
    dateDepot: c(sql`d.date_depot`, 'timestamp', { hidden: true, filter: 'none', search: false }),
  },
  defaultSort: 'listeDeliberation,asc;rang,asc;moyenne,desc;dateDepot,asc',
  key: sql`d.id_dossier`,
  alwaysPaged: true,
};

/** Insert rows: one statement for the whole plan; a code already taken (never seen, 31^12) is skipped. */
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
  const payload = JSON.stringify(list.map((row, ord) => ({ ...row, ord })));
  return rows<{ id: number; code: string }>(
    tx,
    sql`INSERT INTO affectation (id_session_cenou, id_dossier, id_etudiant, id_cite, id_chambre, id_lit,
          code_verification, id_auteur)
        SELECT x."idSessionCenou", x."idDossier", x."idEtudiant", x."idCite", x."idChambre", x."idLit", x.code, ${idAuteur}::int
        FROM jsonb_to_recordset(${payload}::jsonb) AS x("idSessionCenou" int, "idDossier" int,
          "idEtudiant" int, "idCite" int, "idChambre" int, "idLit" int, code text, ord int)
        ORDER BY x.ord
        ON CONFLICT (code_verification) DO NOTHING
        RETURNING id_affectation AS id, code_verification AS code`,
  );
}

/** What the public check and the certificate read of an assignment, by code or by id. */
export interface AttestationFacts {
  idAffectation: number;
  idDirection: number;
  idUser: number;
  ine: string;
  nomEtudiant: string;
  prenomEtudiant: string;
  dateNaissance: string | null;
  lieuNaissance: string | null;
  nomCite: string;
  libelleDirection: string;
  libelleBatiment: string;
  libelleNiveau: string;
  libelleCouloir: string;
  libelleChambre: string;
  libelleLit: string;
  montantChambre: number;
  anneeDebut: number;
  codeVerification: string;
  dateAffectation: string;
  /** YYYY-MM-DD: the cancellation, or the withdrawal of the admission; null while valid. */
  dateAnnulation: string | null;
  valide: boolean;
  /** Its session is closed (FERME): the academic year is over (docs/assignment.md#the-certificate). */
  anneeTerminee: boolean;
}

/** A withdrawn admission (RETIRE, DESISTE) ends the certificate even before its bed is freed. */
const WITHDRAWN = sql`(d.statut_dossier = 'DESISTE' OR coalesce(d.reponse, '') IN ('RETIRE', 'REFUSE', 'EXPIRE')
  OR d.deleted_at IS NOT NULL)`;

function attestationFacts(db: Db, where: SQL): Promise<AttestationFacts | undefined> {
  return one<AttestationFacts>(
    db,
    sql`SELECT a.id_affectation AS "idAffectation", d.id_direction AS "idDirection", d.id_user AS "idUser",
          r.ine, r.nom_etudiant AS "nomEtudiant", r.prenom_etudiant AS "prenomEtudiant",
          to_char(r.date_naissance, 'YYYY-MM-DD') AS "dateNaissance", r.lieu_naissance AS "lieuNaissance",
          c.nom_cite AS "nomCite", dir.libelle_direction AS "libelleDirection", b.libelle_batiment AS "libelleBatiment",
          n.libelle_niveau AS "libelleNiveau", co.libelle_couloir AS "libelleCouloir",
          ch.libelle_chambre AS "libelleChambre", l.libelle_lit AS "libelleLit", cat.montant_chambre AS "montantChambre",
          s.annee_debut AS "anneeDebut", a.code_verification AS "codeVerification",
          to_char(a.created_at AT TIME ZONE 'Africa/Ouagadougou', 'YYYY-MM-DD') AS "dateAffectation",
          CASE WHEN a.deleted_at IS NOT NULL THEN to_char(a.deleted_at AT TIME ZONE 'Africa/Ouagadougou', 'YYYY-MM-DD')
               WHEN ${WITHDRAWN} THEN to_char(d.updated_at AT TIME ZONE 'Africa/Ouagadougou', 'YYYY-MM-DD') END
            AS "dateAnnulation",
          (a.deleted_at IS NULL AND NOT ${WITHDRAWN}) AS valide,
          coalesce(s.statut_session = 'FERME', false) AS "anneeTerminee"
        FROM ${AFFECTATION_FROM}
        LEFT JOIN session_cenou s ON s.id_session_cenou = a.id_session_cenou
        LEFT JOIN ville v ON v.id_ville = c.id_ville
        LEFT JOIN direction dir ON dir.id_direction = v.id_direction
        WHERE ${where}`,
  );
}

/** The certificate of an assignment. */
export const attestationById = (db: Db, idAffectation: number) =>
  attestationFacts(db, sql`a.id_affectation = ${idAffectation}`);

/** The certificate of a verification code (as typed, upper-cased). */
export const attestationByCode = (db: Db, code: string) =>
  attestationFacts(db, sql`a.code_verification = ${code}`);

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
