-- The dashboard's counters (migration 0009) are folded from their deltas by a statement trigger
-- after each UPDATE of the registry, the accounts and the dossiers. Their row triggers write a
-- delta only when a counted column changes (a town, an account, a session, a student, a deletion);
-- the fold ran after every update all the same: a deposit's numbering and a dossier's every
-- change of state paid two statements on empty tables. It now runs when the update sets one of
-- those columns (UPDATE OF: the columns named in the statement's SET), which every update whose
-- row trigger wrote a delta does.
DROP TRIGGER IF EXISTS "registre_compteur_replie" ON "registre_etudiant";
--> statement-breakpoint
CREATE TRIGGER "registre_compteur_replie" AFTER UPDATE OF id_ville, id_user, deleted_at ON "registre_etudiant"
  FOR EACH STATEMENT EXECUTE FUNCTION compteur_replie();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_compteur_replie" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_compteur_replie" AFTER UPDATE OF deleted_at ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION compteur_replie();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "dossier_compteur_replie" ON "dossier";
--> statement-breakpoint
CREATE TRIGGER "dossier_compteur_replie" AFTER UPDATE OF deleted_at, id_session_cenou, id_etudiant ON "dossier"
  FOR EACH STATEMENT EXECUTE FUNCTION compteur_replie();
