import { sql } from 'drizzle-orm';
import type { RegistrationIdentity, RegistrationInput } from '../../../domain/registry';
import { one, type Db } from '../../db/client';
import { identityColumns } from '../../db/identity';

/** A registry row as registration needs it: the identity, the student's direction, whether it has an account. */
export interface RegistryIdentityRow extends RegistrationIdentity {
  idEtudiant: number;
  idDirection: number;
  hasAccount: boolean;
}

const SELECT = sql`SELECT r.id_etudiant AS "idEtudiant", ${identityColumns()}, v.id_direction AS "idDirection",
    EXISTS (SELECT 1 FROM users u WHERE u.id = r.id_user AND u.deleted_at IS NULL) AS "hasAccount"
  FROM registre_etudiant r JOIN ville v ON v.id_ville = r.id_ville`;

/** The live registry row of an INE (case-insensitive, through the live unique index). */
export function findByIne(db: Db, ine: string) {
  return one<RegistryIdentityRow>(
    db,
    sql`${SELECT} WHERE upper(r.ine) = upper(${ine}) AND r.deleted_at IS NULL`,
  );
}

/** The same row, locked until the end of the transaction: two registrations of one student run one after the other. */
export function lockStudent(tx: Db, idEtudiant: number) {
  return one<RegistryIdentityRow>(
    tx,
    sql`${SELECT} WHERE r.id_etudiant = ${idEtudiant} AND r.deleted_at IS NULL FOR UPDATE OF r`,
  );
}

/** Links the account and keeps the complementary data and the engagements given at registration. */
export async function linkAccount(tx: Db, idEtudiant: number, idUser: number, input: RegistrationInput) {
  await tx.execute(
    sql`UPDATE registre_etudiant SET id_user = ${idUser}, email_etudiant = ${input.emailEtudiant},
          personnel_besoin = ${input.personnelBesoin}, contact = ${input.contact},
          engagement_statut_reglement = ${input.engagementStatutReglement},
          engagement_personnel_caution = ${input.engagementPersonnelCaution},
          declaration_sur_honneur = ${input.declarationSurHonneur}, lu_approuve = ${input.luApprouve},
          updated_at = now()
        WHERE id_etudiant = ${idEtudiant}`,
  );
}
