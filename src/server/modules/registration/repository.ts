import { and, eq, exists, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { registryIdentity } from '../../db/identity';
import { registreEtudiant, users, ville } from '../../db/schema';

/**
 * The registry as registration reads it, built over the schema's tables
 * (docs/decisions/043-typed-queries.md): the identity, the student's direction, whether it has an
 * account.
 */
function selectIdentity(db: Db) {
  return db
    .select({
      idEtudiant: registreEtudiant.idEtudiant,
      ...registryIdentity,
      idDirection: ville.idDirection,
      hasAccount: exists(
        db
          .select({ one: sql`1` })
          .from(users)
          .where(and(eq(users.id, registreEtudiant.idUser), isNull(users.deletedAt))),
      ).mapWith(Boolean),
    })
    .from(registreEtudiant)
    .innerJoin(ville, eq(ville.idVille, registreEtudiant.idVille));
}

/** A registry row as registration needs it. */
export type RegistryIdentityRow = NonNullable<Awaited<ReturnType<typeof findByIne>>>;

/** The live registry row of an INE (case-insensitive, through the live unique index). */
export async function findByIne(db: Db, ine: string) {
  const [row] = await selectIdentity(db).where(
    and(eq(sql`upper(${registreEtudiant.ine})`, sql`upper(${ine})`), isNull(registreEtudiant.deletedAt)),
  );
  return row;
}

/** The same row, locked until the end of the transaction: two registrations of one student run one after the other. */
export async function lockStudent(tx: Db, idEtudiant: number) {
  const [row] = await selectIdentity(tx)
    .where(and(eq(registreEtudiant.idEtudiant, idEtudiant), isNull(registreEtudiant.deletedAt)))
    .for('update', { of: registreEtudiant });
  return row;
}
