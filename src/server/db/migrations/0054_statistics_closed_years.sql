CREATE TABLE "statistique_session" (
	"id_session_cenou" integer PRIMARY KEY NOT NULL,
	"dossiers" jsonb NOT NULL,
	"loyer" jsonb,
	"calcule_le" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "statistique_session" ADD CONSTRAINT "statistique_session_id_session_cenou_session_cenou_id_session_cenou_fk" FOREIGN KEY ("id_session_cenou") REFERENCES "public"."session_cenou"("id_session_cenou") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A closed session's stored figures (statistique_session, docs/statistics.md#speed) are dropped by
-- every statement that writes one of its dossiers, assignments or journal lines, whoever writes
-- them (the product's repositories, the demo data, a fix by hand): the next call reads them from
-- the tables again. One statement trigger per table and event finds the sessions of the statement's
-- rows (its transition table; a journal line's through its assignment), then deletes their rows.
-- The statistics store a session's figures only under pg_try_advisory_xact_lock(7242095, session),
-- taken before they read them; these triggers take the same lock shared before their delete. A
-- writer that changed a session's rows while its figures were being read and stored therefore
-- either held the lock first (the figures are not stored: the lock was not free), or waits for the
-- store's commit and then deletes the row just stored (each statement of a PL/pgSQL function sees
-- what was committed before it began).
CREATE OR REPLACE FUNCTION statistique_session_perimee() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE sessions integer[]; s integer;
BEGIN
  -- EXECUTE: the transition table's name depends on the event, and the plan on its size (one row
  -- for a payment, 120,000 lines for a cité's fill).
  EXECUTE CASE
    WHEN TG_TABLE_NAME = 'journal_ligne' THEN
      'SELECT array_agg(DISTINCT a.id_session_cenou) FROM affectation a
        WHERE a.id_affectation IN (SELECT n.id_affectation FROM nouvelles n WHERE n.id_affectation IS NOT NULL)'
    WHEN TG_OP = 'DELETE' THEN 'SELECT array_agg(DISTINCT id_session_cenou) FROM anciennes'
    ELSE 'SELECT array_agg(DISTINCT id_session_cenou) FROM nouvelles'
  END INTO sessions;
  IF sessions IS NULL THEN
    RETURN NULL;
  END IF;
  FOREACH s IN ARRAY sessions LOOP
    PERFORM pg_advisory_xact_lock_shared(7242095, s);
  END LOOP;
  DELETE FROM statistique_session WHERE id_session_cenou = ANY (sessions);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A row moved to another session leaves its former session's figures too (rare: a row trigger, so
-- that an update's statement trigger reads its new rows only, not a copy of the old ones as well).
CREATE OR REPLACE FUNCTION statistique_session_quittee() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7242095, OLD.id_session_cenou);
  DELETE FROM statistique_session WHERE id_session_cenou = OLD.id_session_cenou;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An emptied table empties the stored figures.
CREATE OR REPLACE FUNCTION statistique_session_videe() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM statistique_session;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dossier_statistique_insert AFTER INSERT ON dossier
  REFERENCING NEW TABLE AS nouvelles
  FOR EACH STATEMENT EXECUTE FUNCTION statistique_session_perimee();
--> statement-breakpoint
CREATE TRIGGER dossier_statistique_update AFTER UPDATE ON dossier
  REFERENCING NEW TABLE AS nouvelles
  FOR EACH STATEMENT EXECUTE FUNCTION statistique_session_perimee();
--> statement-breakpoint
CREATE TRIGGER dossier_statistique_delete AFTER DELETE ON dossier
  REFERENCING OLD TABLE AS anciennes
  FOR EACH STATEMENT EXECUTE FUNCTION statistique_session_perimee();
--> statement-breakpoint
CREATE TRIGGER dossier_statistique_quittee AFTER UPDATE ON dossier FOR EACH ROW
  WHEN (OLD.id_session_cenou IS DISTINCT FROM NEW.id_session_cenou)
  EXECUTE FUNCTION statistique_session_quittee();
--> statement-breakpoint
CREATE TRIGGER dossier_statistique_vidage AFTER TRUNCATE ON dossier
  FOR EACH STATEMENT EXECUTE FUNCTION statistique_session_videe();
--> statement-breakpoint
CREATE TRIGGER affectation_statistique_insert AFTER INSERT ON affectation
  REFERENCING NEW TABLE AS nouvelles
  FOR EACH STATEMENT EXECUTE FUNCTION statistique_session_perimee();
--> statement-breakpoint
CREATE TRIGGER affectation_statistique_update AFTER UPDATE ON affectation
  REFERENCING NEW TABLE AS nouvelles
  FOR EACH STATEMENT EXECUTE FUNCTION statistique_session_perimee();
--> statement-breakpoint
CREATE TRIGGER affectation_statistique_delete AFTER DELETE ON affectation
  REFERENCING OLD TABLE AS anciennes
  FOR EACH STATEMENT EXECUTE FUNCTION statistique_session_perimee();
--> statement-breakpoint
CREATE TRIGGER affectation_statistique_quittee AFTER UPDATE ON affectation FOR EACH ROW
  WHEN (OLD.id_session_cenou IS DISTINCT FROM NEW.id_session_cenou)
  EXECUTE FUNCTION statistique_session_quittee();
--> statement-breakpoint
CREATE TRIGGER affectation_statistique_vidage AFTER TRUNCATE ON affectation
  FOR EACH STATEMENT EXECUTE FUNCTION statistique_session_videe();
--> statement-breakpoint
-- The journal is only ever added to (journal_ligne_immuable): its inserts alone.
CREATE TRIGGER journal_ligne_statistique AFTER INSERT ON journal_ligne
  REFERENCING NEW TABLE AS nouvelles
  FOR EACH STATEMENT EXECUTE FUNCTION statistique_session_perimee();
