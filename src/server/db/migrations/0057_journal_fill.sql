-- The fill of a cité (6,000 assignments, 60,000 instalments, 120,000 journal lines in one statement)
-- under 2 s on PostgreSQL (docs/decisions/133-journal-fill-indexes.md). Two of the journal's indexes
-- that every line or header entered go, the rules they served kept:
-- 1. The lines' primary key becomes (id_transaction, id_ligne): a transaction's lines are one range
--    of it (the balance, a reversal's lines), which journal_ligne_transaction gave; nothing looks a
--    line up by id_ligne alone. 120,000 index entries fewer per fill.
ALTER TABLE "journal_ligne" DROP CONSTRAINT "journal_ligne_pkey";--> statement-breakpoint
ALTER TABLE "journal_ligne" ADD CONSTRAINT "journal_ligne_pkey" PRIMARY KEY("id_transaction","id_ligne");--> statement-breakpoint
DROP INDEX "journal_ligne_transaction";--> statement-breakpoint
-- 2. journal_transaction_creation (created_at) served one question: which headers did this database
--    transaction write (created_at = now())? The headers' statement trigger now keeps the range of
--    their ids in two transaction-local settings (cenou.journal_de, cenou.journal_a; a rolled-back
--    savepoint takes its part back, as it takes the headers); the lines' check and the balance
--    check at commit read the headers in that range whose created_at is now(), through the primary
--    key. The range may hold other transactions' headers (ids are drawn concurrently): their
--    created_at is not now(), and the balance check reads only its own. 60,000 index entries fewer.
DROP INDEX "journal_transaction_creation";--> statement-breakpoint
-- The headers' statement trigger: as migration 0029 made it, and first the range of the ids of the
-- statement's headers of this database transaction added to the database transaction's.
CREATE OR REPLACE FUNCTION journal_transaction_apres() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE wanted integer; found integer; bad bigint; lo bigint; hi bigint;
BEGIN
  PERFORM set_config('cenou.journal_verifie', '', true);
  -- A header given another created_at by hand is checked alone at commit (journal_equilibre's WHEN),
  -- and no line may be added to it (it is not of this database transaction): not in the range.
  EXECUTE $q$SELECT min(id_transaction), max(id_transaction) FROM nouvelles WHERE created_at = now()$q$ INTO lo, hi;
  IF lo IS NOT NULL THEN
    PERFORM set_config('cenou.journal_de',
              least(lo, nullif(current_setting('cenou.journal_de', true), '')::bigint)::text, true),
            set_config('cenou.journal_a',
              greatest(hi, nullif(current_setting('cenou.journal_a', true), '')::bigint)::text, true);
  END IF;
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
-- The balance at commit (migration 0029), every header of the database transaction at once: those of
-- the range whose created_at is now(), each with its lines, one range of the lines' primary key. The
-- check runs right after these rows were written, before any ANALYZE has seen them, so the planner
-- cannot count them (it guessed 188 headers for 60,000, and looked up each one's lines: 60,000 index
-- look-ups); both ranges are read in the key's order and merged, right for one header as for 60,000.
CREATE OR REPLACE FUNCTION journal_verifier_equilibre() RETURNS trigger LANGUAGE plpgsql
SET enable_nestloop = off SET enable_hashjoin = off SET enable_hashagg = off SET enable_bitmapscan = off AS $$
DECLARE d bigint; c bigint; n integer; bad bigint; lo bigint; hi bigint;
BEGIN
  IF NEW.created_at = now() THEN
    PERFORM set_config('cenou.journal_en_attente', '', true);
    IF coalesce(current_setting('cenou.journal_verifie', true), '') = 'oui' THEN
      RETURN NULL;
    END IF;
    -- The header that queued the check is in the range (a safeguard: its statement's trigger put it there).
    lo := least(NEW.id_transaction, nullif(current_setting('cenou.journal_de', true), '')::bigint);
    hi := greatest(NEW.id_transaction, nullif(current_setting('cenou.journal_a', true), '')::bigint);
    EXECUTE $q$
      SELECT t.id_transaction FROM journal_transaction t
      LEFT JOIN journal_ligne l ON l.id_transaction = t.id_transaction AND l.id_transaction BETWEEN $1 AND $2
      WHERE t.id_transaction BETWEEN $1 AND $2 AND t.created_at = now()
      GROUP BY t.id_transaction
      HAVING coalesce(sum(l.debit), 0) <> coalesce(sum(l.credit), 0) OR count(l.id_ligne) < 2
      LIMIT 1$q$ INTO bad USING lo, hi;
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
-- The lines' statement trigger (migration 0052): the statement's lines joined with the headers of
-- the database transaction's range whose created_at is now(); a line whose header is outside it (of
-- an earlier database transaction, or missing) finds none and is at fault, as before. The range is
-- the one the headers' statement trigger kept: the headers of a statement that writes both are
-- written (and their trigger queued) before the lines that name them. Without JIT: the join's
-- estimate (the reversals' sub-select counted for every line) passed jit_above_cost, and compiling it
-- cost a fifth of the query for 120,000 lines.
CREATE OR REPLACE FUNCTION journal_ligne_apres() RETURNS trigger LANGUAGE plpgsql
SET jit = off AS $$
DECLARE bad_transaction bigint; bad_compte text; bad integer; lo bigint; hi bigint;
BEGIN
  PERFORM set_config('cenou.journal_verifie', '', true);
  lo := nullif(current_setting('cenou.journal_de', true), '')::bigint;
  hi := nullif(current_setting('cenou.journal_a', true), '')::bigint;
  EXECUTE $q$
    SELECT count(*) FILTER (WHERE t.id_transaction IS NULL
       OR n.date_valeur IS DISTINCT FROM t.date_valeur
       OR n.id_affectation IS DISTINCT FROM (CASE WHEN n.compte LIKE 'ETUDIANT:%' THEN t.id_affectation END)
       OR (n.compte LIKE 'ETUDIANT:%' AND n.compte IS DISTINCT FROM 'ETUDIANT:' || t.id_affectation)
       OR n.nature IS DISTINCT FROM (CASE WHEN t.nature = 'CONTREPASSATION'
            THEN (SELECT o.nature FROM journal_ligne o WHERE o.id_transaction = t.id_transaction_annulee LIMIT 1)
            ELSE t.nature END))::int
    FROM nouvelles n
    LEFT JOIN (SELECT * FROM journal_transaction WHERE id_transaction BETWEEN $1 AND $2 AND created_at = now()) t
      ON t.id_transaction = n.id_transaction$q$ INTO bad USING lo, hi;
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
