ALTER TABLE "journal_transaction" DROP CONSTRAINT "journal_transaction_id_affectation_affectation_id_affectation_fk";
--> statement-breakpoint
ALTER TABLE "journal_transaction" DROP CONSTRAINT "journal_transaction_id_transaction_annulee_journal_transaction_id_transaction_fk";
--> statement-breakpoint
DROP INDEX "journal_transaction_annulee";--> statement-breakpoint
DROP INDEX "journal_transaction_reference";--> statement-breakpoint
CREATE UNIQUE INDEX "journal_transaction_annulee" ON "journal_transaction" USING btree ("id_transaction_annulee") WHERE id_transaction_annulee IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_transaction_reference" ON "journal_transaction" USING btree ("reference_paiement") WHERE reference_paiement IS NOT NULL;--> statement-breakpoint
-- Issue 12's fill of a cité (6,000 assignments, 60,000 instalments in its transaction) under 2 s
-- (docs/decisions/031-rent-journal.md, "Speed"). Two costs per header go:
-- 1. The foreign keys, checked per header (a look-up and a key-share lock of the assignment each),
--    become one check per statement over its new headers: each assignment named exists and is
--    key-share locked once (a concurrent DELETE waits, or, committed first, makes the check fail),
--    and each reversed transaction exists (headers are never deleted). An assignment with entries
--    cannot be deleted nor change its id (affectation_journal below), what the key refused.
CREATE OR REPLACE FUNCTION journal_transaction_apres() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE wanted integer; found integer; bad bigint;
BEGIN
  PERFORM set_config('cenou.journal_verifie', '', true);
  -- EXECUTE: planned for this statement's number of headers (one for a payment, 60,000 for a fill).
  EXECUTE $q$
    WITH n AS (SELECT DISTINCT id_affectation FROM nouvelles WHERE id_affectation IS NOT NULL),
         l AS (SELECT a.id_affectation FROM affectation a WHERE a.id_affectation IN (SELECT id_affectation FROM n)
               ORDER BY a.id_affectation FOR KEY SHARE OF a)
    SELECT (SELECT count(*) FROM n)::int, (SELECT count(*) FROM l)::int$q$ INTO wanted, found;
  IF wanted <> found THEN
    RAISE EXCEPTION 'journal_transaction: % assignment(s) named by the statement''s headers do not exist', wanted - found
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'journal_transaction_affectation_existe';
  END IF;
  EXECUTE $q$
    SELECT n.id_transaction_annulee FROM nouvelles n
    WHERE n.id_transaction_annulee IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM journal_transaction t WHERE t.id_transaction = n.id_transaction_annulee)
    LIMIT 1$q$ INTO bad;
  IF bad IS NOT NULL THEN
    RAISE EXCEPTION 'journal_transaction: the reversed transaction % does not exist', bad
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'journal_transaction_annulee_existe';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS journal_transaction_apres ON journal_transaction;
--> statement-breakpoint
CREATE TRIGGER journal_transaction_apres AFTER INSERT ON journal_transaction
  REFERENCING NEW TABLE AS nouvelles
  FOR EACH STATEMENT EXECUTE FUNCTION journal_transaction_apres();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION affectation_journal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM journal_transaction WHERE id_affectation = OLD.id_affectation) THEN
    RAISE EXCEPTION 'affectation %: it has journal entries and cannot be deleted nor renumbered', OLD.id_affectation
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'journal_transaction_affectation_existe';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
--> statement-breakpoint
CREATE TRIGGER affectation_journal BEFORE DELETE OR UPDATE OF id_affectation ON affectation
  FOR EACH ROW EXECUTE FUNCTION affectation_journal();
--> statement-breakpoint
-- 2. The deferred balance check is queued once per check, not once per header: the first header of
--    a database transaction queues it (the WHEN below marks it queued), its firing at commit checks
--    every transaction of the database transaction at once (as before) and clears the mark, so a
--    header written after a check (SET CONSTRAINTS … IMMEDIATE) queues it again. A header with
--    another created_at (written by hand) is queued and checked alone, as before. The mark is a
--    transaction-local setting: a rolled-back savepoint takes it back with the event it queued.
CREATE OR REPLACE FUNCTION journal_verifier_equilibre() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d bigint; c bigint; n integer; bad bigint;
BEGIN
  IF NEW.created_at = now() THEN
    PERFORM set_config('cenou.journal_en_attente', '', true);
    IF coalesce(current_setting('cenou.journal_verifie', true), '') = 'oui' THEN
      RETURN NULL;
    END IF;
    EXECUTE $q$
      SELECT t.id_transaction FROM journal_transaction t
      LEFT JOIN journal_ligne l ON l.id_transaction = t.id_transaction
      WHERE t.created_at = now()
      GROUP BY t.id_transaction
      HAVING coalesce(sum(l.debit), 0) <> coalesce(sum(l.credit), 0) OR count(l.id_ligne) < 2
      LIMIT 1$q$ INTO bad;
  ELSE
    bad := NEW.id_transaction;
  END IF;
  IF bad IS NOT NULL THEN
    SELECT coalesce(sum(debit), 0), coalesce(sum(credit), 0), count(*) INTO d, c, n
      FROM journal_ligne WHERE id_transaction = bad;
    IF d <> c OR n < 2 THEN
      RAISE EXCEPTION 'journal_transaction % unbalanced: debits %, credits %, % line(s)', bad, d, c, n
        USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_equilibre';
    END IF;
  END IF;
  IF NEW.created_at = now() THEN
    PERFORM set_config('cenou.journal_verifie', 'oui', true);
  END IF;
  PERFORM set_config('cenou.journal_controle', 'oui', true);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS journal_equilibre ON journal_transaction;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_equilibre AFTER INSERT ON journal_transaction
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (CASE WHEN NEW.created_at <> now() THEN true
             WHEN coalesce(current_setting('cenou.journal_en_attente', true), '') = 'oui' THEN false
             ELSE set_config('cenou.journal_en_attente', 'oui', true) = 'oui' END)
  EXECUTE FUNCTION journal_verifier_equilibre();
