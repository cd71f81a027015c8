/**
 * SQL of the reference data's own rules (the hooks of `hooks.ts`), of the admin's password reset
 * and of the cité with its room categories. The generic reads and writes of every resource are in
 * `src/server/crud/repository.ts`.
 */
import { sql, type SQL } from 'drizzle-orm';
import { categorieChambre } from '../../../domain/resources/definitions';
import { one, type Db } from '../../db/client';
import { resourceSource } from '../../crud/repository';
import { containsSql, listPage, parseSort } from '../../lists/pipeline';

// ---------------------------------------------------------------- ville, users, sessions, quotas, critères

/** Whether another live ville has that matching key. */
export async function villeKeyTaken(tx: Db, cleVille: string, id: number | undefined): Promise<boolean> {
  const twin = await one(
    tx,
    sql`SELECT 1 FROM ville WHERE cle_ville = ${cleVille} AND deleted_at IS NULL
          ${id ? sql`AND id_ville <> ${id}` : sql``} LIMIT 1`,
  );
  return Boolean(twin);
}

/** The users list's `?username=`: the user name contains the text (folded). */
export const userNameContains = (text: string): SQL => containsSql(sql.raw('t0.user_name'), text);

/**
 * The direction held `FOR NO KEY UPDATE` until the end of the transaction: the writers of its
 * sessions one at a time. NO KEY UPDATE goes with the KEY SHARE lock every write already holds on
 * its parents (no deadlock).
 */
export async function lockDirection(tx: Db, idDirection: number): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM direction WHERE id_direction = ${idDirection} FOR NO KEY UPDATE`);
}

/** Whether the direction has another live session OUVERT or SUSPENDU than `id`. */
export async function otherActiveSession(
  tx: Db,
  idDirection: number,
  id: number | undefined,
): Promise<boolean> {
  const other = await one(
    tx,
    sql`SELECT 1 FROM session_cenou WHERE id_direction = ${idDirection} AND deleted_at IS NULL
            AND statut_session IN ('OUVERT', 'SUSPENDU') ${id ? sql`AND id_session_cenou <> ${id}` : sql``} LIMIT 1`,
  );
  return Boolean(other);
}

/** A live critère's deliberation list (`liste`: null when it feeds none); undefined when none is live. */
export function critereListe(tx: Db, idCritere: number) {
  return one<{ liste: string | null }>(
    tx,
    sql`SELECT liste_deliberation AS liste FROM critere WHERE id_critere = ${idCritere} AND deleted_at IS NULL`,
  );
}

/** Whether the critère carries a live quota. */
export async function critereHasQuota(tx: Db, idCritere: number): Promise<boolean> {
  const quota = await one(
    tx,
    sql`SELECT 1 FROM quota WHERE id_critere = ${idCritere} AND deleted_at IS NULL LIMIT 1`,
  );
  return Boolean(quota);
}

// ---------------------------------------------------------------- housing

/**
 * Whether the room category belongs to the cité of the couloir (`same`); undefined when either is
 * not live.
 */
export function categorieInCiteOfCouloir(tx: Db, idCategorieChambre: number, idCouloir: number) {
  return one<{ same: boolean }>(
    tx,
    sql`SELECT cat.id_cite = b.id_cite AS same
          FROM categorie_chambre cat, couloir c
          JOIN niveau n ON n.id_niveau = c.id_niveau JOIN batiment b ON b.id_batiment = n.id_batiment
          WHERE cat.id_categorie_chambre = ${idCategorieChambre} AND c.id_couloir = ${idCouloir}
            AND cat.deleted_at IS NULL AND c.deleted_at IS NULL`,
  );
}

/** A part of the housing stock under a cité. */
export type HousingPart = 'batiment' | 'niveau' | 'couloir' | 'chambre' | 'lit';

/**
 * The parts of the housing stock under a row, as SQL over `affectation a` / `chambre ch`:
 * the live assignments held in it, the live rooms in it.
 */
const UNDER: Record<HousingPart, (id: number) => SQL> = {
  batiment: (id) => sql`n.id_batiment = ${id}`,
  niveau: (id) => sql`n.id_niveau = ${id}`,
  couloir: (id) => sql`co.id_couloir = ${id}`,
  chambre: (id) => sql`ch.id_chambre = ${id}`,
  lit: (id) => sql`l.id_lit = ${id}`,
};

/** The cité a part of the housing stock belongs to now. */
export async function citeOfPart(tx: Db, part: HousingPart, id: number): Promise<number | undefined> {
  const path: Record<HousingPart, SQL> = {
    batiment: sql`FROM batiment b WHERE b.id_batiment = ${id}`,
    niveau: sql`FROM niveau n JOIN batiment b ON b.id_batiment = n.id_batiment WHERE n.id_niveau = ${id}`,
    couloir: sql`FROM couloir co JOIN niveau n ON n.id_niveau = co.id_niveau
      JOIN batiment b ON b.id_batiment = n.id_batiment WHERE co.id_couloir = ${id}`,
    chambre: sql`FROM chambre ch JOIN couloir co ON co.id_couloir = ch.id_couloir
      JOIN niveau n ON n.id_niveau = co.id_niveau JOIN batiment b ON b.id_batiment = n.id_batiment
      WHERE ch.id_chambre = ${id}`,
    lit: sql`FROM lit l JOIN chambre ch ON ch.id_chambre = l.id_chambre JOIN couloir co ON co.id_couloir = ch.id_couloir
      JOIN niveau n ON n.id_niveau = co.id_niveau JOIN batiment b ON b.id_batiment = n.id_batiment
      WHERE l.id_lit = ${id}`,
  };
  const row = await one<{ id: number }>(tx, sql`SELECT b.id_cite AS id ${path[part]}`);
  return row?.id;
}

/** Whether a live assignment is held in the part. */
export async function holdsAssignment(tx: Db, part: HousingPart, id: number): Promise<boolean> {
  const hit = await one(
    tx,
    sql`SELECT 1 FROM affectation a
        JOIN lit l ON l.id_lit = a.id_lit JOIN chambre ch ON ch.id_chambre = a.id_chambre
        JOIN couloir co ON co.id_couloir = ch.id_couloir JOIN niveau n ON n.id_niveau = co.id_niveau
        WHERE a.deleted_at IS NULL AND ${UNDER[part](id)} LIMIT 1`,
  );
  return hit !== undefined;
}

/** Whether live rooms are in the part. */
export async function holdsRooms(
  tx: Db,
  part: 'batiment' | 'niveau' | 'couloir',
  id: number,
): Promise<boolean> {
  const hit = await one(
    tx,
    sql`SELECT 1 FROM chambre ch JOIN couloir co ON co.id_couloir = ch.id_couloir
        JOIN niveau n ON n.id_niveau = co.id_niveau
        WHERE ch.deleted_at IS NULL AND co.deleted_at IS NULL AND n.deleted_at IS NULL AND ${UNDER[part](id)} LIMIT 1`,
  );
  return hit !== undefined;
}

/** The cité held `FOR NO KEY UPDATE` until the end of the transaction, as an assignment holds it. */
export async function lockCite(tx: Db, idCite: number): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM cite WHERE id_cite = ${idCite} FOR NO KEY UPDATE`);
}

/** Whether the bâtiment holds a live assignment of a student of another sex than `sexe`. */
export async function batimentHoldsOtherSex(tx: Db, idBatiment: number, sexe: string): Promise<boolean> {
  const other = await one(
    tx,
    sql`SELECT 1 FROM affectation a JOIN registre_etudiant r ON r.id_etudiant = a.id_etudiant
          JOIN chambre ch ON ch.id_chambre = a.id_chambre JOIN couloir co ON co.id_couloir = ch.id_couloir
          JOIN niveau n ON n.id_niveau = co.id_niveau
          WHERE a.deleted_at IS NULL AND n.id_batiment = ${idBatiment} AND r.sexe_etudiant <> ${sexe} LIMIT 1`,
  );
  return Boolean(other);
}

/** The room categories of a cité, by label (`GET campus/cite-categorie/{id}`). */
export async function citeCategories(db: Db, idCite: number) {
  const source = resourceSource(categorieChambre);
  const { rows } = await listPage(
    db,
    source,
    {
      paged: false,
      page: 0,
      size: 0,
      sort: parseSort('libelleCategorieChambre', source.columns),
      filtres: {},
    },
    [sql`t0.id_cite = ${idCite}`],
  );
  return rows;
}
