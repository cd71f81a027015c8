-- Issue 9 item 9: the total of an unfiltered list of the housing inventory kept by the writes
-- (docs/decisions/016-inventory-row-counters.md). The bed list counted its 6,332 live beds on every page
-- (0.6-0.7 ms of database time, a third of the page's cost: the page of 50 beds did 400-450 requests a
-- second on a Xeon of two cores, 570-660 without the count). compteur_lignes holds each counted table's
-- live rows (deleted_at IS NULL), changed by statement triggers in the same transaction as the write,
-- so it is exact at commit. Only the inventory's tables are counted: their writes are the admin's
-- (settings screens, the seed), never the students' (a counter row is locked by each write that
-- changes it). The resources that read it say so (ResourceDef.counted); a test compares both lists.
CREATE TABLE IF NOT EXISTS "compteur_lignes" (
  "nom_table" text PRIMARY KEY,
  "nb" integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
-- Rows inserted, deleted, or whose liveness changed, from the statement's transition tables; the
-- counter row is not touched (nor locked) when the statement changes no live count.
CREATE OR REPLACE FUNCTION compteur_lignes_maj() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO d FROM lignes_nouvelles WHERE deleted_at IS NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT -count(*) INTO d FROM lignes_anciennes WHERE deleted_at IS NULL;
  ELSE
    SELECT (SELECT count(*) FROM lignes_nouvelles WHERE deleted_at IS NULL)
         - (SELECT count(*) FROM lignes_anciennes WHERE deleted_at IS NULL) INTO d;
  END IF;
  IF d <> 0 THEN
    UPDATE compteur_lignes SET nb = nb + d WHERE nom_table = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION compteur_lignes_vide() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE compteur_lignes SET nb = 0 WHERE nom_table = TG_TABLE_NAME;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['cite', 'batiment', 'niveau', 'couloir', 'chambre', 'lit'] LOOP
    EXECUTE format('INSERT INTO compteur_lignes (nom_table, nb) SELECT %L, count(*) FROM %I WHERE deleted_at IS NULL
                    ON CONFLICT (nom_table) DO UPDATE SET nb = EXCLUDED.nb', t, t);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS lignes_nouvelles
                    FOR EACH STATEMENT EXECUTE FUNCTION compteur_lignes_maj()', t || '_lignes_ins', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS lignes_anciennes NEW TABLE AS lignes_nouvelles
                    FOR EACH STATEMENT EXECUTE FUNCTION compteur_lignes_maj()', t || '_lignes_maj', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS lignes_anciennes
                    FOR EACH STATEMENT EXECUTE FUNCTION compteur_lignes_maj()', t || '_lignes_del', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
                    FOR EACH STATEMENT EXECUTE FUNCTION compteur_lignes_vide()', t || '_lignes_vide', t);
  END LOOP;
END $$;
