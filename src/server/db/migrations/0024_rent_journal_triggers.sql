-- Issue 26: the rent journal's rules held by the database itself (docs/rent.md#the-journal,
-- docs/decisions/031-rent-journal.md). Whatever code writes, and whoever writes by hand:
-- 1. a transaction's lines balance (debits = credits) and are at least two, checked at commit by a
--    deferred constraint trigger, so that a transaction may insert its lines one by one;
-- 2. a line and a transaction are never updated, deleted nor truncated: a correction is a reversal;
-- 3. each line carries its header's value date and nature (a reversal's, the nature of the event it
--    reverses), and an ETUDIANT:<id> account's assignment, copied here so that a student's balance and arrears are sums over one index.
-- Sessions made before this migration get their first instalment's default date (5 November).
UPDATE session_cenou SET premiere_echeance = make_date(annee_debut, 11, 5) WHERE premiere_echeance IS NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION journal_ligne_completer() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE h record;
BEGIN
  SELECT nature, date_valeur, id_affectation, id_transaction_annulee INTO h
    FROM journal_transaction WHERE id_transaction = NEW.id_transaction;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'journal_ligne: no transaction %', NEW.id_transaction USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF h.nature = 'CONTREPASSATION' THEN
    -- A reversal's lines carry the nature of the event they reverse (an instalment, a payment).
    SELECT nature INTO NEW.nature FROM journal_ligne WHERE id_transaction = h.id_transaction_annulee LIMIT 1;
    IF NEW.nature IS NULL THEN
      RAISE EXCEPTION 'journal_ligne: transaction % reverses nothing', NEW.id_transaction USING ERRCODE = 'check_violation';
    END IF;
  ELSE
    NEW.nature := h.nature;
  END IF;
  NEW.date_valeur := h.date_valeur;
  IF NEW.compte LIKE 'ETUDIANT:%' THEN
    NEW.id_affectation := substr(NEW.compte, 10)::integer;
    IF h.id_affectation IS DISTINCT FROM NEW.id_affectation THEN
      RAISE EXCEPTION 'journal_ligne: account % outside the assignment % of transaction %',
        NEW.compte, h.id_affectation, NEW.id_transaction USING ERRCODE = 'check_violation';
    END IF;
  ELSE
    NEW.id_affectation := NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER journal_ligne_completer BEFORE INSERT ON journal_ligne
  FOR EACH ROW EXECUTE FUNCTION journal_ligne_completer();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION journal_verifier_equilibre() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d bigint; c bigint; n integer;
BEGIN
  SELECT coalesce(sum(debit), 0), coalesce(sum(credit), 0), count(*) INTO d, c, n
    FROM journal_ligne WHERE id_transaction = NEW.id_transaction;
  IF d <> c OR n < 2 THEN
    RAISE EXCEPTION 'journal_transaction % unbalanced: debits %, credits %, % line(s)', NEW.id_transaction, d, c, n
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_equilibre';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_equilibre AFTER INSERT ON journal_ligne
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION journal_verifier_equilibre();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION journal_immuable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '%: the journal is never updated nor deleted (a correction is a reversal)', TG_TABLE_NAME
    USING ERRCODE = 'object_not_in_prerequisite_state';
END $$;
--> statement-breakpoint
CREATE TRIGGER journal_ligne_immuable BEFORE UPDATE OR DELETE ON journal_ligne
  FOR EACH ROW EXECUTE FUNCTION journal_immuable();
--> statement-breakpoint
CREATE TRIGGER journal_ligne_vidage BEFORE TRUNCATE ON journal_ligne
  FOR EACH STATEMENT EXECUTE FUNCTION journal_immuable();
--> statement-breakpoint
CREATE TRIGGER journal_transaction_immuable BEFORE UPDATE OR DELETE ON journal_transaction
  FOR EACH ROW EXECUTE FUNCTION journal_immuable();
--> statement-breakpoint
CREATE TRIGGER journal_transaction_vidage BEFORE TRUNCATE ON journal_transaction
  FOR EACH STATEMENT EXECUTE FUNCTION journal_immuable();
--> statement-breakpoint
-- The payment settings are reference lists (docs/decisions/028-reference-lists-revalidated.md):
-- a change tells every instance, like the other settings tables (migration 0020).
DROP TRIGGER IF EXISTS type_paiement_table_modifiee ON type_paiement;
--> statement-breakpoint
CREATE TRIGGER type_paiement_table_modifiee AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON type_paiement FOR EACH STATEMENT EXECUTE FUNCTION table_modifiee();
--> statement-breakpoint
DROP TRIGGER IF EXISTS operateur_table_modifiee ON operateur;
--> statement-breakpoint
CREATE TRIGGER operateur_table_modifiee AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON operateur FOR EACH STATEMENT EXECUTE FUNCTION table_modifiee();
