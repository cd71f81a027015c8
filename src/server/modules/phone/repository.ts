/**
 * The phone's reads (docs/accounts.md#the-students-phone), typed from the schema; its writes (the
 * verified number, the codes) are the accounts repository's.
 */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { codeVerification, dossier, registreEtudiant, users } from '../../db/schema';

/** An account's numbers: the verified one, the registry's, and the one waiting for its code. */
export interface PhoneRow {
  telephoneVerifie: string | null;
  telephoneRegistre: string | null;
  verificationEnCours: string | null;
}

/** The account's numbers (a live account; undefined otherwise). */
export async function phoneRowOf(db: Db, idUser: number): Promise<PhoneRow | undefined> {
  // At most one live registry row per account (unique index registre_user_live).
  const [account] = await db
    .select({ telephoneVerifie: users.telephone, telephoneRegistre: registreEtudiant.telEtudiant })
    .from(users)
    .leftJoin(
      registreEtudiant,
      and(eq(registreEtudiant.idUser, users.id), isNull(registreEtudiant.deletedAt)),
    )
    .where(and(eq(users.id, idUser), isNull(users.deletedAt)))
    .limit(1);
  if (!account) return undefined;
  const [pending] = await db
    .select({ telephone: codeVerification.telephone })
    .from(codeVerification)
    .where(
      and(
        eq(codeVerification.idUser, idUser),
        eq(codeVerification.purpose, 'TELEPHONE'),
        isNull(codeVerification.usedAt),
        isNull(codeVerification.revokedAt),
        gt(codeVerification.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(codeVerification.id))
    .limit(1);
  return {
    telephoneVerifie: account.telephoneVerifie,
    telephoneRegistre: account.telephoneRegistre?.trim() || null,
    verificationEnCours: pending?.telephone ?? null,
  };
}

/** The dossier's direction and its student's account (the staff's view). */
export async function dossierStudent(db: Db, idDossier: number) {
  const [row] = await db
    .select({ idDirection: dossier.idDirection, idUser: dossier.idUser })
    .from(dossier)
    .where(and(eq(dossier.idDossier, idDossier), isNull(dossier.deletedAt)));
  return row;
}
