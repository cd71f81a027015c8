import { and, eq, exists, isNull, sql } from 'drizzle-orm';
import { builtOnce, type Db } from '../../db/client';
import { registryIdentity } from '../../db/identity';
import { registreEtudiant, users, ville } from '../../db/schema';
import { failuresColumn } from '../../security/rate-counter';

/**
 * The registry as registration reads it, built over the schema's tables
 * (docs/decisions/043-typed-queries.md): the identity, the student's direction, whether it has an
 * account.
 */
const identityFields = (db: Db) => ({
  idEtudiant: registreEtudiant.idEtudiant,
  ...registryIdentity,
  idDirection: ville.idDirection,
  hasAccount: exists(
    db
      .select({ one: sql`1` })
      .from(users)
      .where(and(eq(users.id, registreEtudiant.idUser), isNull(users.deletedAt))),
  ).mapWith(Boolean),
});

function selectIdentity(db: Db) {
  return db
    .select(identityFields(db))
    .from(registreEtudiant)
    .innerJoin(ville, eq(ville.idVille, registreEtudiant.idVille));
}

/** A registry row as registration needs it. */
export type RegistryIdentityRow = NonNullable<Awaited<ReturnType<typeof lockStudent>>>;

const identityToCheck = builtOnce((db) =>
  db
    .select({
      ...identityFields(db),
      failures: failuresColumn(db, sql.placeholder('key'), sql.placeholder('minutes')),
    })
    .from(registreEtudiant)
    .innerJoin(ville, eq(ville.idVille, registreEtudiant.idVille))
    .where(
      and(
        eq(sql`upper(${registreEtudiant.ine})`, sql`upper(${sql.placeholder('ine')})`),
        isNull(registreEtudiant.deletedAt),
      ),
    )
    .prepare('identite_a_verifier'),
);

/**
 * The INE look-up's one statement (the look-up and the registration): the live registry row of an
 * INE (case-insensitive, through the live unique index) with the failures counted for `key` in its
 * window (`failuresColumn`); no row when no such student (its failures are then read alone). Built
 * once and prepared by name, as sign-in's.
 */
export async function findByIneToCheck(
  db: Db,
  ine: string,
  failures: { key: string; windowMinutes: number },
) {
  const [row] = await identityToCheck(db).execute({
    ine,
    key: failures.key,
    minutes: failures.windowMinutes,
  });
  return row;
}

/** Built once per connection: every registration's transaction starts with it. */
const lockStudentStatement = builtOnce((tx) =>
  selectIdentity(tx)
    .where(
      and(eq(registreEtudiant.idEtudiant, sql.placeholder('idEtudiant')), isNull(registreEtudiant.deletedAt)),
    )
    .for('update', { of: registreEtudiant })
    .prepare('etudiant_a_inscrire'),
);

/** The same row, locked until the end of the transaction: two registrations of one student run one after the other. */
export async function lockStudent(tx: Db, idEtudiant: number) {
  const [row] = await lockStudentStatement(tx).execute({ idEtudiant });
  return row;
}
