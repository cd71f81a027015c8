-- The names kept in the dossiers' history and the deliberations' runs follow the staff's screens:
-- the family name, then the given names (`fullNameSql`). Only a name still written the old way
-- from its account's current name is rewritten; a user name kept as the author stays.
UPDATE dossier_evenement e
SET auteur = concat_ws(' ', nullif(trim(u.nom), ''), nullif(trim(u.prenom), ''))
FROM users u
WHERE u.id = e.id_auteur
  AND e.auteur = trim(COALESCE(u.prenom, '') || ' ' || COALESCE(u.nom, ''))
  AND concat_ws(' ', nullif(trim(u.nom), ''), nullif(trim(u.prenom), '')) <> '';
--> statement-breakpoint
UPDATE deliberation d
SET nom_auteur = concat_ws(' ', nullif(trim(u.nom), ''), nullif(trim(u.prenom), ''))
FROM users u
WHERE u.id = d.id_auteur
  AND d.nom_auteur = trim(COALESCE(u.prenom, '') || ' ' || COALESCE(u.nom, ''))
  AND concat_ws(' ', nullif(trim(u.nom), ''), nullif(trim(u.prenom), '')) <> '';
