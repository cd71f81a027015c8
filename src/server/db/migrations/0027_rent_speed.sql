CREATE TABLE "loyer_compte" (
	"id_affectation" integer PRIMARY KEY NOT NULL,
	"total_du" bigint DEFAULT 0 NOT NULL,
	"paye" bigint DEFAULT 0 NOT NULL,
	"solde" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journal_ligne" DROP CONSTRAINT "journal_ligne_id_transaction_journal_transaction_id_transaction_fk";
--> statement-breakpoint
DROP INDEX "journal_ligne_compte";--> statement-breakpoint
DROP INDEX "journal_ligne_affectation";--> statement-breakpoint
ALTER TABLE "loyer_compte" ADD CONSTRAINT "loyer_compte_id_affectation_affectation_id_affectation_fk" FOREIGN KEY ("id_affectation") REFERENCES "public"."affectation"("id_affectation") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_ligne_paiement" ON "journal_ligne" USING btree ("date_valeur","compte") WHERE nature IN ('PAIEMENT', 'REMBOURSEMENT');--> statement-breakpoint
CREATE INDEX "journal_transaction_creation" ON "journal_transaction" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "journal_ligne_affectation" ON "journal_ligne" USING btree ("id_affectation","nature","date_valeur","debit","credit") WHERE id_affectation IS NOT NULL;--> statement-breakpoint
-- Issue 26's benchmarks (docs/decisions/031-rent-journal.md, "Speed"; docs/rent.md#the-journal).
-- 1. The balance is checked at commit once per transaction (a deferred constraint trigger on the
--    header) instead of once per line; lines are added to a transaction only in the database
--    transaction that made its header (checked below), so no line escapes that check.
--    At commit, the first firing checks every transaction of the database transaction in one grouped
--    query (EXECUTE: planned for their number) and marks the database transaction checked; the
--    other firings see the mark and return. Any header or line written after a check (a SET
--    CONSTRAINTS … IMMEDIATE in the middle) clears the mark (statement triggers below), so the next
--    firing checks again; lines written after a check are checked by their own statement (their
--    header's check has run). A header whose created_at is not this transaction's now() (written by
--    hand with another) is checked alone, as before.
CREATE OR REPLACE FUNCTION journal_verifier_equilibre() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d bigint; c bigint; n integer; bad bigint;
BEGIN
  IF NEW.created_at = now() THEN
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
  -- Checked once in this database transaction: lines written from now on (after a SET CONSTRAINTS
  -- … IMMEDIATE) are checked by their statement (journal_ligne_apres), their header's check gone.
  PERFORM set_config('cenou.journal_controle', 'oui', true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION journal_transaction_apres() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('cenou.journal_verifie', '', true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER journal_transaction_apres AFTER INSERT ON journal_transaction
  FOR EACH STATEMENT EXECUTE FUNCTION journal_transaction_apres();
--> statement-breakpoint
DROP TRIGGER IF EXISTS journal_equilibre ON journal_ligne;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_equilibre AFTER INSERT ON journal_transaction
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION journal_verifier_equilibre();
--> statement-breakpoint
-- 2. The copy of the header's value date and nature (and the ETUDIANT account's assignment) runs
--    for a line that does not give them (a line written by hand); a line that gives them (the
--    product's bulk posting) is checked with the whole statement's lines at once, below.
DROP TRIGGER IF EXISTS journal_ligne_completer ON journal_ligne;
--> statement-breakpoint
CREATE TRIGGER journal_ligne_completer BEFORE INSERT ON journal_ligne
  FOR EACH ROW WHEN (NEW.nature IS NULL OR NEW.date_valeur IS NULL)
  EXECUTE FUNCTION journal_ligne_completer();
--> statement-breakpoint
-- 3. After each statement that inserts lines: every line agrees with its header (the copied columns,
--    the assignment of an ETUDIANT account, a header of this database transaction), then each
--    assignment's kept sums (loyer_compte) get the statement's lines, one grouped upsert in the
--    assignments' order (concurrent statements lock their rows in the same order).
CREATE OR REPLACE FUNCTION journal_ligne_apres() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE bad_transaction bigint; bad_compte text;
BEGIN
  -- Lines written: the balance is to be checked again (see journal_verifier_equilibre).
  PERFORM set_config('cenou.journal_verifie', '', true);
  -- EXECUTE: planned for this statement's number of lines (two for a payment, 120,000 for a
  -- cité's fill), never a plan kept from another statement's.
  EXECUTE $q$
    SELECT n.id_transaction, n.compte
    FROM nouvelles n
    LEFT JOIN journal_transaction t ON t.id_transaction = n.id_transaction
    WHERE t.id_transaction IS NULL
       OR t.created_at <> now()
       OR n.date_valeur IS DISTINCT FROM t.date_valeur
       OR n.id_affectation IS DISTINCT FROM (CASE WHEN n.compte LIKE 'ETUDIANT:%' THEN t.id_affectation END)
       OR (n.compte LIKE 'ETUDIANT:%' AND n.compte IS DISTINCT FROM 'ETUDIANT:' || t.id_affectation)
       OR n.nature IS DISTINCT FROM (CASE WHEN t.nature = 'CONTREPASSATION'
            THEN (SELECT o.nature FROM journal_ligne o WHERE o.id_transaction = t.id_transaction_annulee LIMIT 1)
            ELSE t.nature END)
    LIMIT 1$q$ INTO bad_transaction, bad_compte;
  IF bad_transaction IS NOT NULL THEN
    RAISE EXCEPTION 'journal_ligne: the line of account % does not agree with transaction % (or the transaction is of an earlier database transaction)',
      bad_compte, bad_transaction USING ERRCODE = 'check_violation';
  END IF;
  IF coalesce(current_setting('cenou.journal_controle', true), '') = 'oui' THEN
    EXECUTE $q$
      SELECT l.id_transaction FROM journal_ligne l
      WHERE l.id_transaction IN (SELECT id_transaction FROM nouvelles)
      GROUP BY l.id_transaction HAVING sum(l.debit) <> sum(l.credit) OR count(*) < 2
      LIMIT 1$q$ INTO bad_transaction;
    IF bad_transaction IS NOT NULL THEN
      RAISE EXCEPTION 'journal_transaction % unbalanced (lines written after its check)', bad_transaction
        USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_equilibre';
    END IF;
  END IF;
  EXECUTE $q$
    INSERT INTO loyer_compte AS k (id_affectation, total_du, paye, solde)
    SELECT n.id_affectation,
           coalesce(sum(n.debit - n.credit) FILTER (WHERE n.nature = 'ECHEANCE'), 0),
           coalesce(sum(n.credit - n.debit) FILTER (WHERE n.nature IN ('PAIEMENT', 'REMBOURSEMENT')), 0),
           sum(n.debit - n.credit)
      FROM nouvelles n WHERE n.id_affectation IS NOT NULL
      GROUP BY n.id_affectation ORDER BY n.id_affectation
    ON CONFLICT (id_affectation) DO UPDATE
      SET total_du = k.total_du + EXCLUDED.total_du, paye = k.paye + EXCLUDED.paye, solde = k.solde + EXCLUDED.solde$q$;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER journal_ligne_apres AFTER INSERT ON journal_ligne
  REFERENCING NEW TABLE AS nouvelles
  FOR EACH STATEMENT EXECUTE FUNCTION journal_ligne_apres();
--> statement-breakpoint
-- The sums of the lines already there.
INSERT INTO loyer_compte (id_affectation, total_du, paye, solde)
SELECT id_affectation,
       coalesce(sum(debit - credit) FILTER (WHERE nature = 'ECHEANCE'), 0),
       coalesce(sum(credit - debit) FILTER (WHERE nature IN ('PAIEMENT', 'REMBOURSEMENT')), 0),
       sum(debit - credit)
  FROM journal_ligne WHERE id_affectation IS NOT NULL
  GROUP BY id_affectation;
