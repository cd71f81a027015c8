ALTER TABLE "affectation" DROP CONSTRAINT "affectation_id_dossier_dossier_id_dossier_fk";
--> statement-breakpoint
ALTER TABLE "affectation" DROP CONSTRAINT "affectation_id_etudiant_registre_etudiant_id_etudiant_fk";
--> statement-breakpoint
ALTER TABLE "affectation" DROP CONSTRAINT "affectation_id_chambre_chambre_id_chambre_fk";
--> statement-breakpoint
ALTER TABLE "affectation" DROP CONSTRAINT "affectation_id_lit_lit_id_lit_fk";
--> statement-breakpoint
ALTER TABLE "loyer_compte" DROP CONSTRAINT "loyer_compte_id_affectation_affectation_id_affectation_fk";
--> statement-breakpoint
-- The fill of a cité (6,000 assignments, their 60,000 instalments and 120,000 journal lines in one
-- transaction) under 2 s on PostgreSQL (docs/decisions/091-fill-checks-per-statement.md).
-- 1. Four parents of an assignment (dossier, student, room, bed), checked per row by four foreign
--    keys (24,000 look-ups and key-share locks for a fill), are checked once per statement over its
--    new rows (an update: the rows whose parent changed): each parent named exists and is
--    key-share locked once, in its key's order, so a concurrent DELETE waits, or, committed first,
--    makes the check fail, as the key did (migration 0029 did the same for the journal's headers).
--    A parent that an assignment names cannot be deleted nor renumbered (affectation_parent_garde
--    below), what the keys refused. The session's and the cité's keys stay: the planner reads them
--    (an assignment has one of each), which a table not yet analysed cannot tell it.
--    loyer_compte's key to the assignment goes too: the lines' trigger writes it from lines whose
--    assignment their header named (checked by journal_transaction_apres), and an assignment with
--    entries cannot be deleted (affectation_journal).
CREATE OR REPLACE FUNCTION affectation_parents_existent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE p record; wanted integer; found integer; named text;
BEGIN
  FOR p IN SELECT * FROM (VALUES ('id_dossier', 'dossier'),
      ('id_etudiant', 'registre_etudiant'), ('id_chambre', 'chambre'), ('id_lit', 'lit'))
      AS x(col, tab) LOOP
    -- The parents the statement names: every new row's, or an updated row's when it changed.
    named := CASE WHEN TG_OP = 'INSERT'
      THEN format('SELECT DISTINCT n.%1$I AS id FROM nouvelles n', p.col)
      ELSE format('SELECT DISTINCT n.%1$I AS id FROM nouvelles n WHERE NOT EXISTS (SELECT 1 FROM anciennes o
                     WHERE o.id_affectation = n.id_affectation AND o.%1$I = n.%1$I)', p.col) END;
    -- EXECUTE: planned for this statement's number of rows (one for a move, 6,000 for a fill).
    EXECUTE format($q$
      WITH n AS (%3$s),
           l AS (SELECT p.%1$I FROM %2$I p WHERE p.%1$I IN (SELECT id FROM n)
                 ORDER BY p.%1$I FOR KEY SHARE OF p)
      SELECT (SELECT count(*) FROM n)::int, (SELECT count(*) FROM l)::int$q$, p.col, p.tab, named)
      INTO wanted, found;
    IF wanted <> found THEN
      RAISE EXCEPTION 'affectation: % row(s) of % named by the statement''s rows do not exist', wanted - found, p.tab
        USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'affectation_' || p.col || '_existe';
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER affectation_parents_insert AFTER INSERT ON affectation
  REFERENCING NEW TABLE AS nouvelles
  FOR EACH STATEMENT EXECUTE FUNCTION affectation_parents_existent();
--> statement-breakpoint
CREATE TRIGGER affectation_parents_update AFTER UPDATE ON affectation
  REFERENCING OLD TABLE AS anciennes NEW TABLE AS nouvelles
  FOR EACH STATEMENT EXECUTE FUNCTION affectation_parents_existent();
--> statement-breakpoint
-- The parents' side: a row that an assignment names (live or not, as the keys held) cannot be
-- deleted nor have its key changed. TG_ARGV[0]: the key's column, the same name in both tables.
CREATE OR REPLACE FUNCTION affectation_parent_garde() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE named boolean;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    EXECUTE format('SELECT ($1).%1$I IS NOT DISTINCT FROM ($2).%1$I', TG_ARGV[0]) INTO named USING OLD, NEW;
    IF named THEN
      RETURN NEW;
    END IF;
  END IF;
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM affectation WHERE %1$I = ($1).%1$I)', TG_ARGV[0])
    INTO named USING OLD;
  IF named THEN
    RAISE EXCEPTION '%: row % is named by an assignment and cannot be deleted nor renumbered', TG_TABLE_NAME,
      to_jsonb(OLD) ->> TG_ARGV[0]
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'affectation_' || TG_ARGV[0] || '_existe';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
--> statement-breakpoint
CREATE TRIGGER affectation_parent_garde BEFORE DELETE OR UPDATE OF id_dossier ON dossier
  FOR EACH ROW EXECUTE FUNCTION affectation_parent_garde('id_dossier');
--> statement-breakpoint
CREATE TRIGGER affectation_parent_garde BEFORE DELETE OR UPDATE OF id_etudiant ON registre_etudiant
  FOR EACH ROW EXECUTE FUNCTION affectation_parent_garde('id_etudiant');
--> statement-breakpoint
CREATE TRIGGER affectation_parent_garde BEFORE DELETE OR UPDATE OF id_chambre ON chambre
  FOR EACH ROW EXECUTE FUNCTION affectation_parent_garde('id_chambre');
--> statement-breakpoint
CREATE TRIGGER affectation_parent_garde BEFORE DELETE OR UPDATE OF id_lit ON lit
  FOR EACH ROW EXECUTE FUNCTION affectation_parent_garde('id_lit');
--> statement-breakpoint
-- 2. The lines' statement trigger checks the statement's lines against their headers with one join
--    over the headers of this database transaction (the only ones a line may name: one scan of
--    journal_transaction_creation, a hash join), not by a look-up of its header per line (a nested
--    loop: `LIMIT 1` made the planner expect an early stop; 120,000 index look-ups for a fill). A
--    line whose header is missing or of another database transaction finds none, and is at fault as
--    before. The first line at fault is looked for only when there is one, for the message. The
--    rest is unchanged (migration 0027).
CREATE OR REPLACE FUNCTION journal_ligne_apres() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE bad_transaction bigint; bad_compte text; bad integer;
BEGIN
  -- Lines written: the balance is to be checked again (see journal_verifier_equilibre).
  PERFORM set_config('cenou.journal_verifie', '', true);
  -- EXECUTE: planned for this statement's number of lines (two for a payment, 120,000 for a
  -- cité's fill), never a plan kept from another statement's.
  EXECUTE $q$
    SELECT count(*) FILTER (WHERE t.id_transaction IS NULL
       OR t.created_at <> now()
       OR n.date_valeur IS DISTINCT FROM t.date_valeur
       OR n.id_affectation IS DISTINCT FROM (CASE WHEN n.compte LIKE 'ETUDIANT:%' THEN t.id_affectation END)
       OR (n.compte LIKE 'ETUDIANT:%' AND n.compte IS DISTINCT FROM 'ETUDIANT:' || t.id_affectation)
       OR n.nature IS DISTINCT FROM (CASE WHEN t.nature = 'CONTREPASSATION'
            THEN (SELECT o.nature FROM journal_ligne o WHERE o.id_transaction = t.id_transaction_annulee LIMIT 1)
            ELSE t.nature END))::int
    FROM nouvelles n
    LEFT JOIN (SELECT * FROM journal_transaction WHERE created_at = now()) t
      ON t.id_transaction = n.id_transaction$q$ INTO bad;
  IF bad > 0 THEN
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
