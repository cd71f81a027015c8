-- Issue 9 item 9: the staff dashboard's counts kept by the writes (docs/decisions/012-list-speed-and-dashboard-counters.md).
-- `GET campus/dash-board` counted the whole registry and every dossier on each call (about 190 ms of
-- database time at 100,000 dossiers). The counts are now kept in two small tables, changed by
-- triggers in the same transaction as the write that changes them, so they are exact at commit:
--   compteur_registre (id_ville): live registry rows oriented there (nb), and those whose account is live (inscrits);
--   compteur_depot (id_session_cenou, id_ville): live dossiers of that session whose student is oriented there.
-- The session's phase is not part of a counter: the dashboard sums the counters of the current sessions
-- (OUVERT or SUSPENDU), so that opening or closing a session changes nothing here.
-- Inserts and deletes: statement triggers reading the transition table (one upsert per ville a statement,
-- whatever its size: an import of 20,000 students is one statement). Updates: row triggers whose WHEN keeps
-- them to the rows whose counted columns change (a publication updating 100,000 dossiers' status fires none);
-- they append their changes to a delta table, which a statement trigger folds into the counters once at the
-- end of the statement (updating one counter row 100,000 times in one transaction would grow its chain of
-- versions at each step: quadratic).
-- Not in the Drizzle schema (like the functions and triggers): nothing in the application writes them.
CREATE TABLE IF NOT EXISTS "compteur_registre" (
  "id_ville" integer PRIMARY KEY,
  "nb" integer NOT NULL DEFAULT 0,
  "inscrits" integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "compteur_depot" (
  "id_session_cenou" integer NOT NULL,
  "id_ville" integer NOT NULL,
  "nb" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("id_session_cenou", "id_ville")
);
--> statement-breakpoint
-- Changes of the statement under way, folded at its end (always empty between statements).
CREATE TABLE IF NOT EXISTS "compteur_registre_delta" (
  "id_ville" integer NOT NULL,
  "nb" integer NOT NULL,
  "inscrits" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "compteur_depot_delta" (
  "id_session_cenou" integer NOT NULL,
  "id_ville" integer NOT NULL,
  "nb" integer NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION compteur_registre_ajoute(v integer, dnb integer, dinscrits integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO compteur_registre_delta (id_ville, nb, inscrits) VALUES (v, dnb, dinscrits)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION compteur_depot_ajoute(s integer, v integer, dnb integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO compteur_depot_delta (id_session_cenou, id_ville, nb) VALUES (s, v, dnb)
$$;
--> statement-breakpoint
-- End of an UPDATE statement: the changes its row triggers appended, summed into the counters (rows
-- taken in key order). A transaction sees only its own uncommitted deltas, and folds them before it
-- commits, so concurrent statements never fold each other's.
CREATE OR REPLACE FUNCTION compteur_replie() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (DELETE FROM compteur_registre_delta RETURNING id_ville, nb, inscrits)
  INSERT INTO compteur_registre AS c (id_ville, nb, inscrits)
  SELECT id_ville, sum(nb), sum(inscrits) FROM d GROUP BY id_ville ORDER BY id_ville
  ON CONFLICT (id_ville) DO UPDATE SET nb = c.nb + EXCLUDED.nb, inscrits = c.inscrits + EXCLUDED.inscrits;
  WITH d AS (DELETE FROM compteur_depot_delta RETURNING id_session_cenou, id_ville, nb)
  INSERT INTO compteur_depot AS c (id_session_cenou, id_ville, nb)
  SELECT id_session_cenou, id_ville, sum(nb) FROM d GROUP BY id_session_cenou, id_ville
  ORDER BY id_session_cenou, id_ville
  ON CONFLICT (id_session_cenou, id_ville) DO UPDATE SET nb = c.nb + EXCLUDED.nb;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Registry rows inserted (sign +1) or deleted (sign -1), from the statement's transition table.
CREATE OR REPLACE FUNCTION compteur_registre_lignes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO compteur_registre AS c (id_ville, nb, inscrits)
    SELECT n.id_ville, count(*), count(u.id)
    FROM lignes_nouvelles n LEFT JOIN users u ON u.id = n.id_user AND u.deleted_at IS NULL
    WHERE n.deleted_at IS NULL GROUP BY n.id_ville ORDER BY n.id_ville
    ON CONFLICT (id_ville) DO UPDATE SET nb = c.nb + EXCLUDED.nb, inscrits = c.inscrits + EXCLUDED.inscrits;
  ELSE
    INSERT INTO compteur_registre AS c (id_ville, nb, inscrits)
    SELECT o.id_ville, -count(*), -count(u.id)
    FROM lignes_anciennes o LEFT JOIN users u ON u.id = o.id_user AND u.deleted_at IS NULL
    WHERE o.deleted_at IS NULL GROUP BY o.id_ville ORDER BY o.id_ville
    ON CONFLICT (id_ville) DO UPDATE SET nb = c.nb + EXCLUDED.nb, inscrits = c.inscrits + EXCLUDED.inscrits;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A registry row whose ville, account or liveness changes; its dossiers move with its ville.
CREATE OR REPLACE FUNCTION compteur_registre_maj() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.deleted_at IS NULL THEN
    PERFORM compteur_registre_ajoute(OLD.id_ville, -1,
      -(EXISTS (SELECT 1 FROM users u WHERE u.id = OLD.id_user AND u.deleted_at IS NULL))::int);
  END IF;
  IF NEW.deleted_at IS NULL THEN
    PERFORM compteur_registre_ajoute(NEW.id_ville, 1,
      (EXISTS (SELECT 1 FROM users u WHERE u.id = NEW.id_user AND u.deleted_at IS NULL))::int);
  END IF;
  IF OLD.id_ville IS DISTINCT FROM NEW.id_ville THEN
    INSERT INTO compteur_depot_delta (id_session_cenou, id_ville, nb)
    SELECT d.id_session_cenou, x.v, x.s
    FROM dossier d CROSS JOIN (VALUES (OLD.id_ville, -1), (NEW.id_ville, 1)) AS x (v, s)
    WHERE d.id_etudiant = NEW.id_etudiant AND d.deleted_at IS NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An account deleted or restored: the registry rows linked to it leave or join `inscrits`.
CREATE OR REPLACE FUNCTION compteur_users_maj() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO compteur_registre_delta (id_ville, nb, inscrits)
  SELECT r.id_ville, 0, CASE WHEN NEW.deleted_at IS NULL THEN 1 ELSE -1 END
  FROM registre_etudiant r WHERE r.id_user = NEW.id AND r.deleted_at IS NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Dossiers inserted (+1) or deleted (-1), counted under their student's ville.
CREATE OR REPLACE FUNCTION compteur_depot_lignes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO compteur_depot AS c (id_session_cenou, id_ville, nb)
    SELECT n.id_session_cenou, r.id_ville, count(*)
    FROM lignes_nouvelles n JOIN registre_etudiant r ON r.id_etudiant = n.id_etudiant
    WHERE n.deleted_at IS NULL GROUP BY n.id_session_cenou, r.id_ville ORDER BY n.id_session_cenou, r.id_ville
    ON CONFLICT (id_session_cenou, id_ville) DO UPDATE SET nb = c.nb + EXCLUDED.nb;
  ELSE
    INSERT INTO compteur_depot AS c (id_session_cenou, id_ville, nb)
    SELECT o.id_session_cenou, r.id_ville, -count(*)
    FROM lignes_anciennes o JOIN registre_etudiant r ON r.id_etudiant = o.id_etudiant
    WHERE o.deleted_at IS NULL GROUP BY o.id_session_cenou, r.id_ville ORDER BY o.id_session_cenou, r.id_ville
    ON CONFLICT (id_session_cenou, id_ville) DO UPDATE SET nb = c.nb + EXCLUDED.nb;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A dossier deleted or restored, or moved to another session or student.
CREATE OR REPLACE FUNCTION compteur_depot_maj() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.deleted_at IS NULL THEN
    PERFORM compteur_depot_ajoute(OLD.id_session_cenou,
      (SELECT r.id_ville FROM registre_etudiant r WHERE r.id_etudiant = OLD.id_etudiant), -1);
  END IF;
  IF NEW.deleted_at IS NULL THEN
    PERFORM compteur_depot_ajoute(NEW.id_session_cenou,
      (SELECT r.id_ville FROM registre_etudiant r WHERE r.id_etudiant = NEW.id_etudiant), 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "registre_compteur_ins" ON "registre_etudiant";
--> statement-breakpoint
CREATE TRIGGER "registre_compteur_ins" AFTER INSERT ON "registre_etudiant"
  REFERENCING NEW TABLE AS lignes_nouvelles FOR EACH STATEMENT EXECUTE FUNCTION compteur_registre_lignes();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "registre_compteur_del" ON "registre_etudiant";
--> statement-breakpoint
CREATE TRIGGER "registre_compteur_del" AFTER DELETE ON "registre_etudiant"
  REFERENCING OLD TABLE AS lignes_anciennes FOR EACH STATEMENT EXECUTE FUNCTION compteur_registre_lignes();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "registre_compteur_maj" ON "registre_etudiant";
--> statement-breakpoint
CREATE TRIGGER "registre_compteur_maj" AFTER UPDATE ON "registre_etudiant" FOR EACH ROW
  WHEN (OLD.id_ville IS DISTINCT FROM NEW.id_ville OR OLD.id_user IS DISTINCT FROM NEW.id_user
        OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL))
  EXECUTE FUNCTION compteur_registre_maj();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_compteur_maj" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_compteur_maj" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN ((OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL))
  EXECUTE FUNCTION compteur_users_maj();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "dossier_compteur_ins" ON "dossier";
--> statement-breakpoint
CREATE TRIGGER "dossier_compteur_ins" AFTER INSERT ON "dossier"
  REFERENCING NEW TABLE AS lignes_nouvelles FOR EACH STATEMENT EXECUTE FUNCTION compteur_depot_lignes();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "dossier_compteur_del" ON "dossier";
--> statement-breakpoint
CREATE TRIGGER "dossier_compteur_del" AFTER DELETE ON "dossier"
  REFERENCING OLD TABLE AS lignes_anciennes FOR EACH STATEMENT EXECUTE FUNCTION compteur_depot_lignes();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "dossier_compteur_maj" ON "dossier";
--> statement-breakpoint
CREATE TRIGGER "dossier_compteur_maj" AFTER UPDATE ON "dossier" FOR EACH ROW
  WHEN ((OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL)
        OR OLD.id_session_cenou IS DISTINCT FROM NEW.id_session_cenou OR OLD.id_etudiant IS DISTINCT FROM NEW.id_etudiant)
  EXECUTE FUNCTION compteur_depot_maj();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "registre_compteur_replie" ON "registre_etudiant";
--> statement-breakpoint
CREATE TRIGGER "registre_compteur_replie" AFTER UPDATE ON "registre_etudiant"
  FOR EACH STATEMENT EXECUTE FUNCTION compteur_replie();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_compteur_replie" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_compteur_replie" AFTER UPDATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION compteur_replie();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "dossier_compteur_replie" ON "dossier";
--> statement-breakpoint
CREATE TRIGGER "dossier_compteur_replie" AFTER UPDATE ON "dossier"
  FOR EACH STATEMENT EXECUTE FUNCTION compteur_replie();
--> statement-breakpoint
-- The counts of the rows already there, once the triggers hold the tables (created above, in the
-- migration's transaction: a concurrent write waits for its commit, so none is missed or counted twice).
DELETE FROM "compteur_registre";
--> statement-breakpoint
INSERT INTO "compteur_registre" (id_ville, nb, inscrits)
SELECT r.id_ville, count(*), count(u.id)
FROM registre_etudiant r LEFT JOIN users u ON u.id = r.id_user AND u.deleted_at IS NULL
WHERE r.deleted_at IS NULL GROUP BY r.id_ville;
--> statement-breakpoint
DELETE FROM "compteur_depot";
--> statement-breakpoint
INSERT INTO "compteur_depot" (id_session_cenou, id_ville, nb)
SELECT d.id_session_cenou, r.id_ville, count(*)
FROM dossier d JOIN registre_etudiant r ON r.id_etudiant = d.id_etudiant
WHERE d.deleted_at IS NULL GROUP BY d.id_session_cenou, r.id_ville;
