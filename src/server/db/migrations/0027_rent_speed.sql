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
CREATE INDEX "journal_ligne_affectation" ON "journal_ligne" USING btree ("id_affectation","nature","date_valeur","debit","credit") WHERE id_affectation IS NOT NULL;--> statement-breakpoint
-- Issue 26's benchmarks (docs/decisions/031-rent-journal.md, "Speed"; docs/rent.md#the-journal).
-- 1. The balance is checked at commit once per transaction (a deferred constraint trigger on the
--    header) instead of once per line; lines are added to a transaction only in the database
--    transaction that made its header (checked below), so no line escapes that check.
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
