import { sql, type SQL } from 'drizzle-orm';

/**
 * `fullName` (src/domain/format.ts) in SQL: the family name, then the given names (« Nikièma Aïcha
 * Bernadette »), a part missing or blank left out, '' when both are. The one way a query writes a
 * person's name, so that a history reads as the staff's screens and lists do.
 */
export const fullNameSql = (nom: SQL, prenom: SQL) =>
  sql`concat_ws(' ', nullif(trim(${nom}), ''), nullif(trim(${prenom}), ''))`;

/**
 * An account's name as people read it, for a row that keeps its author's name at the time (the
 * dossier's history, `dossier_evenement.auteur`): `Nom Prénom` of the account (`fullNameSql`), else
 * its user name.
 */
export const authorNameOf = (idUser: SQL) =>
  sql`(SELECT COALESCE(NULLIF(${fullNameSql(sql`u.nom`, sql`u.prenom`)}, ''), u.user_name)
       FROM users u WHERE u.id = ${idUser})`;

/** The same of a known account id; `NULL` for the system. */
export const authorName = (idUser: number | null) =>
  idUser === null ? sql`NULL::text` : authorNameOf(sql`${idUser}::int`);
