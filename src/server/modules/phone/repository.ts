import { sql } from 'drizzle-orm';
import { one, type Db } from '../../db/client';

/** An account's numbers: the verified one, the registry's, and the one waiting for its code. */
export interface PhoneRow {
  telephoneVerifie: string | null;
  telephoneRegistre: string | null;
  verificationEnCours: string | null;
}

/** The account's numbers (a live account; undefined otherwise). */
export function phoneRowOf(db: Db, idUser: number) {
  return one<PhoneRow>(
    db,
    sql`SELECT u.telephone AS "telephoneVerifie",
          (SELECT NULLIF(btrim(r.tel_etudiant), '') FROM registre_etudiant r
           WHERE r.id_user = u.id AND r.deleted_at IS NULL LIMIT 1) AS "telephoneRegistre",
          (SELECT c.telephone FROM code_verification c
           WHERE c.id_user = u.id AND c.purpose = 'TELEPHONE' AND c.used_at IS NULL AND c.revoked_at IS NULL
             AND c.expires_at > now()
           ORDER BY c.id DESC LIMIT 1) AS "verificationEnCours"
        FROM users u WHERE u.id = ${idUser} AND u.deleted_at IS NULL`,
  );
}

/** The dossier's direction and its student's account (the staff's view). */
export function dossierStudent(db: Db, idDossier: number) {
  return one<{ idDirection: number; idUser: number }>(
    db,
    sql`SELECT id_direction AS "idDirection", id_user AS "idUser" FROM dossier
        WHERE id_dossier = ${idDossier} AND deleted_at IS NULL`,
  );
}
