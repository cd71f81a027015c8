/**
 * The accounts (`users`) and their verification codes (`code_verification`): the one module that
 * writes these tables (docs/accounts.md). Sign-in, registration, the admin's account screens, the
 * phone check, the first admin and the demo data call it; none writes an account itself
 * (tests/unit/table-owners.test.ts).
 *
 * Every statement is built with Drizzle's builders over the schema's tables, so that its rows are
 * typed from the schema: renaming a column or removing a role from `src/server/db/schema.ts` makes
 * `npm run typecheck` fail here and in whatever reads the rows (docs/decisions/043-typed-queries.md).
 */
import { and, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { ADMIN, ROLES } from '../../../domain/enums';
import { builtOnce, placeholderAs, type Db } from '../../db/client';
import { failuresColumn } from '../../security/rate-counter';
import { codeVerification, direction, registreEtudiant, users, ville } from '../../db/schema';

/** An account's role, as the schema holds it. */
type AccountRole = typeof users.$inferSelect.role;
/** What a verification code is for, as the schema holds it. */
type CodePurpose = typeof codeVerification.$inferSelect.purpose;

// The domain's roles and the schema's are one list: a role the schema no longer has fails here.
const _rolesInSchema: readonly AccountRole[] = ROLES;
void _rolesInSchema;

const live = isNull(users.deletedAt);

// ---------------------------------------------------------------- reads

const accountColumns = {
  id: users.id,
  userName: users.userName,
  nom: users.nom,
  prenom: users.prenom,
  email: users.email,
  role: users.role,
  idDirection: users.idDirection,
  libelleDirection: direction.libelleDirection,
  passwordHash: users.passwordHash,
  tokenVersion: users.tokenVersion,
};

function selectAccount(db: Db) {
  return db
    .select(accountColumns)
    .from(users)
    .leftJoin(direction, eq(direction.idDirection, users.idDirection));
}

/** A live account with its direction's label and its password hash (sign-in, profile). */
export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccountById>>>;

/** The live account of a user name (case-insensitive, through the live unique index). */
export async function findAccountByUserName(db: Db, userName: string) {
  const [row] = await selectAccount(db).where(
    and(eq(sql`lower(${users.userName})`, sql`lower(${userName})`), live),
  );
  return row;
}

const signinAccount = builtOnce((db) =>
  db
    .select({
      ...accountColumns,
      failures: failuresColumn(db, sql.placeholder('key'), sql.placeholder('minutes')),
    })
    .from(users)
    .leftJoin(direction, eq(direction.idDirection, users.idDirection))
    .where(and(eq(sql`lower(${users.userName})`, sql`lower(${sql.placeholder('userName')})`), live))
    .prepare('compte_a_connecter'),
);

/**
 * Sign-in's one statement before the hash: the live account of a user name with the failures
 * counted for `key` in its window (`failuresColumn`); no row when no such account. Built once and
 * prepared by name: PostgreSQL plans it once per connection, and the server does not build its text
 * again at each sign-in (docs/decisions/092-ussd-and-sign-in-overhead.md).
 */
export async function findAccountToSignIn(
  db: Db,
  userName: string,
  failures: { key: string; windowMinutes: number },
) {
  const [row] = await signinAccount(db).execute({
    userName,
    key: failures.key,
    minutes: failures.windowMinutes,
  });
  return row;
}

export async function findAccountById(db: Db, id: number) {
  const [row] = await selectAccount(db).where(and(eq(users.id, id), live));
  return row;
}

/**
 * The columns of a live account that every call checks (plugins/auth.ts), as one statement
 * prepared by name on PostgreSQL (parsed and planned once per connection). Trigger
 * `compte_modifie` (migration 0017) watches the same columns: a column added here must be added
 * to its WHEN clause.
 */
export async function readCheckedAccount(db: Db, id: number) {
  const [row] = await checkedAccountStatement(db).execute({ id });
  return row;
}

const checkedAccountStatement = builtOnce((db) =>
  db
    .select({
      id: users.id,
      role: users.role,
      idDirection: users.idDirection,
      tokenVersion: users.tokenVersion,
      userName: users.userName,
    })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('id')), live))
    .prepare('compte_verifie'),
);

/** Whether the database holds any account, live or deleted (an empty database has none). */
export async function hasAccounts(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return row !== undefined;
}

/** Whether another live account has verified this number. */
export async function phoneTakenByOther(db: Db, telephone: string, idUser: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.telephone, telephone), ne(users.id, idUser), live))
    .limit(1);
  return row !== undefined;
}

/** Whether a live admin account other than `id` exists. */
export async function otherAdminExists(tx: Db, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, ADMIN), ne(users.id, id), live))
    .limit(1);
  return row !== undefined;
}

/** The key of the transaction-scoped advisory lock under which admin accounts lose their role. */
const ADMINS_LOCK = 7242020;

/**
 * Admin accounts lose their role (a delete, a change of role) one at a time: the lock is held until
 * the transaction ends, and whoever takes it next counts the admins again (READ COMMITTED: each
 * statement sees what was committed before it). Taken after the account's own row lock, and no row
 * lock is waited for while holding it, so it cannot deadlock with another write of accounts.
 */
export async function lockAdmins(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADMINS_LOCK}::bigint)`);
}

// ---------------------------------------------------------------- writes

/** A new account's columns (the schema's insert type: the role is one of the schema's roles). */
type NewAccount = Pick<
  typeof users.$inferInsert,
  'userName' | 'nom' | 'prenom' | 'email' | 'role' | 'passwordHash' | 'idDirection' | 'telephone'
>;

/** Creates an account → its id. */
export async function insertAccount(db: Db, account: NewAccount): Promise<number> {
  const [row] = await insertAccountStatement(db).execute({
    userName: account.userName,
    nom: account.nom,
    prenom: account.prenom,
    email: account.email,
    role: account.role,
    passwordHash: account.passwordHash,
    idDirection: account.idDirection ?? null,
    telephone: account.telephone ?? null,
  });
  return row.id;
}

/** `insertAccount`'s statement, every column of a new account given (null when absent), built once per connection. */
const insertAccountStatement = builtOnce((db) =>
  db
    .insert(users)
    .values({
      userName: sql.placeholder('userName'),
      nom: sql.placeholder('nom'),
      prenom: sql.placeholder('prenom'),
      email: sql.placeholder('email'),
      role: sql.placeholder('role'),
      passwordHash: sql.placeholder('passwordHash'),
      idDirection: placeholderAs('idDirection', 'int'),
      telephone: placeholderAs('telephone', 'text'),
    })
    .returning({ id: users.id })
    .prepare('compte_cree'),
);

/** Creates many accounts in one statement → their ids, in the order given. */
export async function insertAccounts(db: Db, accounts: NewAccount[]): Promise<number[]> {
  if (accounts.length === 0) return [];
  const made = await db.insert(users).values(accounts).returning({ id: users.id });
  return made.map((r) => r.id);
}

/** What an admin may change on an account (the settings screen, `src/server/crud`). */
export type AccountChange = Partial<
  Pick<
    typeof users.$inferInsert,
    | 'userName'
    | 'nom'
    | 'prenom'
    | 'email'
    | 'telephone'
    | 'role'
    | 'passwordHash'
    | 'idDirection'
    | 'tokenVersion'
  >
>;

/** Changes a live account's columns. */
export async function updateAccount(db: Db, id: number, change: AccountChange): Promise<void> {
  await db
    .update(users)
    .set({ ...change, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), live));
}

/** Deletes a live account (soft: the row stays, without its tokens, see `endTokens`). */
export async function softDeleteAccount(db: Db, id: number): Promise<void> {
  await db
    .update(users)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), live));
}

/** The account's tokens stop working (its token version moves on). */
export async function endTokens(db: Db, id: number): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, id));
}

/**
 * Sets a new password hash and raises the token version (older tokens stop working) → the live
 * account's new token version, names and mail address; undefined when no live account has this id.
 */
export async function setPassword(db: Db, id: number, passwordHash: string) {
  const [row] = await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), live))
    .returning({
      tokenVersion: users.tokenVersion,
      nom: users.nom,
      prenom: users.prenom,
      email: users.email,
      userName: users.userName,
    });
  return row;
}

/**
 * The accounts among `ids` take the names of their live registry row and the direction of its
 * ville, where these changed (a registry import, docs/accounts.md#the-student-registry).
 */
export async function followRegistry(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(users)
    .set({
      idDirection: sql`${ville.idDirection}`,
      nom: sql`${registreEtudiant.nomEtudiant}`,
      prenom: sql`${registreEtudiant.prenomEtudiant}`,
      updatedAt: sql`now()`,
    })
    .from(registreEtudiant)
    .innerJoin(ville, eq(ville.idVille, registreEtudiant.idVille))
    .where(
      and(
        inArray(users.id, ids),
        live,
        eq(registreEtudiant.idUser, users.id),
        isNull(registreEtudiant.deletedAt),
        or(
          sql`${users.idDirection} IS DISTINCT FROM ${ville.idDirection}`,
          ne(users.nom, registreEtudiant.nomEtudiant),
          ne(users.prenom, registreEtudiant.prenomEtudiant),
        ),
      ),
    );
}

/** Sets (or, with null, removes) the account's verified number. */
export async function setVerifiedPhone(db: Db, idUser: number, telephone: string | null): Promise<void> {
  await db
    .update(users)
    .set({ telephone, updatedAt: sql`now()` })
    .where(and(eq(users.id, idUser), live));
}

// ---------------------------------------------------------------- verification codes

const codeLive = and(isNull(codeVerification.usedAt), isNull(codeVerification.revokedAt));

/** Revokes the account's live codes of this purpose (a new one was asked for, or one served). */
export async function revokeCodes(db: Db, idUser: number, purpose: CodePurpose): Promise<void> {
  await db
    .update(codeVerification)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(codeVerification.idUser, idUser), eq(codeVerification.purpose, purpose), codeLive));
}

export async function insertCode(
  db: Db,
  code: {
    idUser: number;
    purpose: CodePurpose;
    codeHash: string;
    minutes: number;
    telephone?: string | null;
  },
): Promise<void> {
  await db.insert(codeVerification).values({
    idUser: code.idUser,
    purpose: code.purpose,
    telephone: code.telephone ?? null,
    codeHash: code.codeHash,
    expiresAt: sql`now() + make_interval(mins => ${code.minutes})`,
  });
}

/**
 * Counts one try on the account's live code of this purpose (not used, not revoked, not expired,
 * fewer than `maxTries` tries so far) and returns it; none such: undefined. One statement, so that
 * tries made at once are all counted.
 */
export async function spendCodeTry(db: Db, idUser: number, purpose: CodePurpose, maxTries: number) {
  const latest = db
    .select({ id: codeVerification.id })
    .from(codeVerification)
    .where(
      and(
        eq(codeVerification.idUser, idUser),
        eq(codeVerification.purpose, purpose),
        codeLive,
        gt(codeVerification.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(codeVerification.id))
    .limit(1);
  const [row] = await db
    .update(codeVerification)
    .set({ tries: sql`${codeVerification.tries} + 1` })
    .where(and(eq(codeVerification.id, latest), lt(codeVerification.tries, maxTries), codeLive))
    .returning({
      id: codeVerification.id,
      codeHash: codeVerification.codeHash,
      telephone: codeVerification.telephone,
    });
  return row;
}

/** Marks the code used, once: false when another call used or revoked it first. */
export async function useCode(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .update(codeVerification)
    .set({ usedAt: sql`now()` })
    .where(and(eq(codeVerification.id, id), codeLive, gt(codeVerification.expiresAt, sql`now()`)))
    .returning({ id: codeVerification.id });
  return row !== undefined;
}
