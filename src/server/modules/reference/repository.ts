/**
 * SQL of the reference data's own rules (the hooks of `hooks.ts`), of the admin's password reset
 * and of the cité with its room categories. The generic reads and writes of every resource are in
 * `src/server/crud/repository.ts`. Built over the schema's tables (docs/decisions/043-typed-queries.md);
 * the users list's filter stays a fragment of the generic list (`t0`, its table's name there).
 */
import type { Sexe } from '../../../domain/enums';
import { and, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { categorieChambre } from '../../../domain/resources/definitions';
import type { Db } from '../../db/client';
import {
  affectation,
  batiment,
  categorieChambre as categorieChambreTable,
  chambre,
  cite as citeTable,
  couloir,
  critere,
  direction,
  lit,
  niveau,
  quota,
  registreEtudiant,
  sessionCenou,
  ville,
} from '../../db/schema';
import { resourceSource } from '../../crud/repository';
import { containsSql, listPage, parseSort } from '../../lists/pipeline';

// ---------------------------------------------------------------- ville, users, sessions, quotas, critères

/** Whether another live ville has that matching key. */
export async function villeKeyTaken(tx: Db, cleVille: string, id: number | undefined): Promise<boolean> {
  const [twin] = await tx
    .select({ id: ville.idVille })
    .from(ville)
    .where(and(eq(ville.cleVille, cleVille), isNull(ville.deletedAt), id ? ne(ville.idVille, id) : undefined))
    .limit(1);
  return twin !== undefined;
}

/** The users list's `?username=`: the user name contains the text (folded). */
export const userNameContains = (text: string): SQL => containsSql(sql.raw('t0.user_name'), text);

/**
 * The direction held `FOR NO KEY UPDATE` until the end of the transaction: the writers of its
 * sessions one at a time. NO KEY UPDATE goes with the KEY SHARE lock every write already holds on
 * its parents (no deadlock).
 */
export async function lockDirection(tx: Db, idDirection: number): Promise<void> {
  await tx
    .select({ id: direction.idDirection })
    .from(direction)
    .where(eq(direction.idDirection, idDirection))
    .for('no key update');
}

/** Whether the direction has another live session OUVERT or SUSPENDU than `id`. */
export async function otherActiveSession(
  tx: Db,
  idDirection: number,
  id: number | undefined,
): Promise<boolean> {
  const [other] = await tx
    .select({ id: sessionCenou.idSessionCenou })
    .from(sessionCenou)
    .where(
      and(
        eq(sessionCenou.idDirection, idDirection),
        isNull(sessionCenou.deletedAt),
        inArray(sessionCenou.statutSession, ['OUVERT', 'SUSPENDU']),
        id ? ne(sessionCenou.idSessionCenou, id) : undefined,
      ),
    )
    .limit(1);
  return other !== undefined;
}

/** A live critère's deliberation list (`liste`: null when it feeds none); undefined when none is live. */
export async function critereListe(tx: Db, idCritere: number) {
  const [row] = await tx
    .select({ liste: critere.listeDeliberation })
    .from(critere)
    .where(and(eq(critere.idCritere, idCritere), isNull(critere.deletedAt)));
  return row;
}

/** Whether the critère carries a live quota. */
export async function critereHasQuota(tx: Db, idCritere: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: quota.idQuota })
    .from(quota)
    .where(and(eq(quota.idCritere, idCritere), isNull(quota.deletedAt)))
    .limit(1);
  return row !== undefined;
}

// ---------------------------------------------------------------- housing

/**
 * Whether the room category belongs to the cité of the couloir (`same`); undefined when either is
 * not live.
 */
export async function categorieInCiteOfCouloir(tx: Db, idCategorieChambre: number, idCouloir: number) {
  const [row] = await tx
    .select({ same: sql<boolean>`${categorieChambreTable.idCite} = ${batiment.idCite}` })
    .from(categorieChambreTable)
    .innerJoin(couloir, eq(couloir.idCouloir, idCouloir))
    .innerJoin(niveau, eq(niveau.idNiveau, couloir.idNiveau))
    .innerJoin(batiment, eq(batiment.idBatiment, niveau.idBatiment))
    .where(
      and(
        eq(categorieChambreTable.idCategorieChambre, idCategorieChambre),
        isNull(categorieChambreTable.deletedAt),
        isNull(couloir.deletedAt),
      ),
    );
  return row;
}

/** A part of the housing stock under a cité. */
export type HousingPart = 'batiment' | 'niveau' | 'couloir' | 'chambre' | 'lit';

/** The row of a part of the housing stock: its id column. */
const PART_ID = {
  batiment: niveau.idBatiment,
  niveau: niveau.idNiveau,
  couloir: couloir.idCouloir,
  chambre: chambre.idChambre,
  lit: lit.idLit,
} as const;

/** The cité a part of the housing stock belongs to now. */
export async function citeOfPart(tx: Db, part: HousingPart, id: number): Promise<number | undefined> {
  const cite = { id: batiment.idCite };
  const rows = {
    batiment: () => tx.select(cite).from(batiment).where(eq(batiment.idBatiment, id)),
    niveau: () =>
      tx
        .select(cite)
        .from(niveau)
        .innerJoin(batiment, eq(batiment.idBatiment, niveau.idBatiment))
        .where(eq(niveau.idNiveau, id)),
    couloir: () =>
      tx
        .select(cite)
        .from(couloir)
        .innerJoin(niveau, eq(niveau.idNiveau, couloir.idNiveau))
        .innerJoin(batiment, eq(batiment.idBatiment, niveau.idBatiment))
        .where(eq(couloir.idCouloir, id)),
    chambre: () =>
      tx
        .select(cite)
        .from(chambre)
        .innerJoin(couloir, eq(couloir.idCouloir, chambre.idCouloir))
        .innerJoin(niveau, eq(niveau.idNiveau, couloir.idNiveau))
        .innerJoin(batiment, eq(batiment.idBatiment, niveau.idBatiment))
        .where(eq(chambre.idChambre, id)),
    lit: () =>
      tx
        .select(cite)
        .from(lit)
        .innerJoin(chambre, eq(chambre.idChambre, lit.idChambre))
        .innerJoin(couloir, eq(couloir.idCouloir, chambre.idCouloir))
        .innerJoin(niveau, eq(niveau.idNiveau, couloir.idNiveau))
        .innerJoin(batiment, eq(batiment.idBatiment, niveau.idBatiment))
        .where(eq(lit.idLit, id)),
  };
  const [row] = await rows[part]();
  return row?.id;
}

/** Whether a live assignment is held in the part. */
export async function holdsAssignment(tx: Db, part: HousingPart, id: number): Promise<boolean> {
  const [hit] = await tx
    .select({ id: affectation.idAffectation })
    .from(affectation)
    .innerJoin(lit, eq(lit.idLit, affectation.idLit))
    .innerJoin(chambre, eq(chambre.idChambre, affectation.idChambre))
    .innerJoin(couloir, eq(couloir.idCouloir, chambre.idCouloir))
    .innerJoin(niveau, eq(niveau.idNiveau, couloir.idNiveau))
    .where(and(isNull(affectation.deletedAt), eq(PART_ID[part], id)))
    .limit(1);
  return hit !== undefined;
}

/** Whether live rooms are in the part. */
export async function holdsRooms(
  tx: Db,
  part: 'batiment' | 'niveau' | 'couloir',
  id: number,
): Promise<boolean> {
  const [hit] = await tx
    .select({ id: chambre.idChambre })
    .from(chambre)
    .innerJoin(couloir, eq(couloir.idCouloir, chambre.idCouloir))
    .innerJoin(niveau, eq(niveau.idNiveau, couloir.idNiveau))
    .where(
      and(
        isNull(chambre.deletedAt),
        isNull(couloir.deletedAt),
        isNull(niveau.deletedAt),
        eq(PART_ID[part], id),
      ),
    )
    .limit(1);
  return hit !== undefined;
}

/** The cité held `FOR NO KEY UPDATE` until the end of the transaction, as an assignment holds it. */
export async function lockCite(tx: Db, idCite: number): Promise<void> {
  await tx
    .select({ id: citeTable.idCite })
    .from(citeTable)
    .where(eq(citeTable.idCite, idCite))
    .for('no key update');
}

/** Whether the bâtiment holds a live assignment of a student of another sex than `sexe`. */
export async function batimentHoldsOtherSex(tx: Db, idBatiment: number, sexe: Sexe): Promise<boolean> {
  const [other] = await tx
    .select({ id: affectation.idAffectation })
    .from(affectation)
    .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, affectation.idEtudiant))
    .innerJoin(chambre, eq(chambre.idChambre, affectation.idChambre))
    .innerJoin(couloir, eq(couloir.idCouloir, chambre.idCouloir))
    .innerJoin(niveau, eq(niveau.idNiveau, couloir.idNiveau))
    .where(
      and(
        isNull(affectation.deletedAt),
        eq(niveau.idBatiment, idBatiment),
        ne(registreEtudiant.sexeEtudiant, sexe),
      ),
    )
    .limit(1);
  return other !== undefined;
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
