import { sql, type SQL } from 'drizzle-orm';

/**
 * An account's name as people read it, for a row that keeps its author's name at the time (the
 * dossier's history, `dossier_evenement.auteur`): `Prénom Nom` of the account, else its user name.
 */
export const authorNameOf = (idUser: SQL) =>
  sql`(SELECT COALESCE(NULLIF(trim(COALESCE(u.prenom, '') || ' ' || COALESCE(u.nom, '')), ''), u.user_name)
       FROM users u WHERE u.id = ${idUser})`;

/** The same of a known account id; `NULL` for the system. */
export const authorName = (idUser: number | null) =>
  idUser === null ? sql`NULL::text` : authorNameOf(sql`${idUser}::int`);
