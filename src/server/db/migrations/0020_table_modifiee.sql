-- Reference lists answered again without reading the database (docs/decisions/028-reference-lists-revalidated.md).
-- Every instance remembers the tag (ETag) of the reference lists it answered; the database tells
-- every instance (LISTEN table_modifiee) the name of a reference table at the commit of any change
-- to it, once per statement, and the instance stops trusting what it remembered of that table. The
-- instance that commits is told before its commit returns (its own connections listen too).
-- A reference table added later needs its trigger here too: tests/api/list-revalidation.test.ts
-- checks that every table a reference list reads has one.
CREATE OR REPLACE FUNCTION table_modifiee() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('table_modifiee', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS direction_table_modifiee ON direction;
--> statement-breakpoint
CREATE TRIGGER direction_table_modifiee AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON direction FOR EACH STATEMENT EXECUTE FUNCTION table_modifiee();
--> statement-breakpoint
DROP TRIGGER IF EXISTS ville_table_modifiee ON ville;
--> statement-breakpoint
CREATE TRIGGER ville_table_modifiee AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ville FOR EACH STATEMENT EXECUTE FUNCTION table_modifiee();
--> statement-breakpoint
DROP TRIGGER IF EXISTS cite_table_modifiee ON cite;
--> statement-breakpoint
CREATE TRIGGER cite_table_modifiee AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cite FOR EACH STATEMENT EXECUTE FUNCTION table_modifiee();
--> statement-breakpoint
DROP TRIGGER IF EXISTS batiment_table_modifiee ON batiment;
--> statement-breakpoint
CREATE TRIGGER batiment_table_modifiee AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON batiment FOR EACH STATEMENT EXECUTE FUNCTION table_modifiee();
--> statement-breakpoint
DROP TRIGGER IF EXISTS niveau_table_modifiee ON niveau;
--> statement-breakpoint
CREATE TRIGGER niveau_table_modifiee AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON niveau FOR EACH STATEMENT EXECUTE FUNCTION table_modifiee();
--> statement-breakpoint
DROP TRIGGER IF EXISTS couloir_table_modifiee ON couloir;
--> statement-breakpoint
CREATE TRIGGER couloir_table_modifiee AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON couloir FOR EACH STATEMENT EXECUTE FUNCTION table_modifiee();
--> statement-breakpoint
DROP TRIGGER IF EXISTS categorie_chambre_table_modifiee ON categorie_chambre;
--> statement-breakpoint
CREATE TRIGGER categorie_chambre_table_modifiee AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categorie_chambre FOR EACH STATEMENT EXECUTE FUNCTION table_modifiee();
--> statement-breakpoint
DROP TRIGGER IF EXISTS chambre_table_modifiee ON chambre;
--> statement-breakpoint
CREATE TRIGGER chambre_table_modifiee AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON chambre FOR EACH STATEMENT EXECUTE FUNCTION table_modifiee();
--> statement-breakpoint
DROP TRIGGER IF EXISTS lit_table_modifiee ON lit;
--> statement-breakpoint
CREATE TRIGGER lit_table_modifiee AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON lit FOR EACH STATEMENT EXECUTE FUNCTION table_modifiee();
--> statement-breakpoint
DROP TRIGGER IF EXISTS type_critere_table_modifiee ON type_critere;
--> statement-breakpoint
CREATE TRIGGER type_critere_table_modifiee AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON type_critere FOR EACH STATEMENT EXECUTE FUNCTION table_modifiee();
--> statement-breakpoint
DROP TRIGGER IF EXISTS critere_table_modifiee ON critere;
--> statement-breakpoint
CREATE TRIGGER critere_table_modifiee AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON critere FOR EACH STATEMENT EXECUTE FUNCTION table_modifiee();
--> statement-breakpoint
DROP TRIGGER IF EXISTS session_cenou_table_modifiee ON session_cenou;
--> statement-breakpoint
CREATE TRIGGER session_cenou_table_modifiee AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON session_cenou FOR EACH STATEMENT EXECUTE FUNCTION table_modifiee();
--> statement-breakpoint
DROP TRIGGER IF EXISTS quota_table_modifiee ON quota;
--> statement-breakpoint
CREATE TRIGGER quota_table_modifiee AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON quota FOR EACH STATEMENT EXECUTE FUNCTION table_modifiee();
