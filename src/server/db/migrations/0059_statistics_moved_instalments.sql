-- An instalment's due date moved by an outage of the payment provider takes it out of the rent in
-- arrears until its new date (docs/statistics.md): a move drops its session's stored figures, as a
-- journal line does. The moves are only ever added to: their inserts alone, found through their
-- assignment like a journal line's.
CREATE OR REPLACE FUNCTION statistique_session_perimee() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE sessions integer[]; s integer;
BEGIN
  -- EXECUTE: the transition table's name depends on the event, and the plan on its size (one row
  -- for a payment, 120,000 lines for a cité's fill).
  EXECUTE CASE
    WHEN TG_TABLE_NAME IN ('journal_ligne', 'echeance_reportee') THEN
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
CREATE TRIGGER echeance_reportee_statistique AFTER INSERT ON echeance_reportee
  REFERENCING NEW TABLE AS nouvelles
  FOR EACH STATEMENT EXECUTE FUNCTION statistique_session_perimee();
