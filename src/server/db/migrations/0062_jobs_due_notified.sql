-- A job queued for later wakes its loop at its due time (docs/decisions/140-journey-jobs-due-woken.md).
-- The notification of `travail_en_attente` (migration 0061) says, after the table's name, in how many
-- milliseconds the earliest job of the statement falls due, by the database's clock, when it is not
-- due at once (`outbox_sms 1000`); a bare name, as before, is a job due now. Each instance arms its
-- loop's timer at that time (src/server/jobs/loop.ts), whatever instance queued the job.
--
-- An insert: one notification per statement, the earliest due time of its rows still to do (the
-- statement's rows read from its transition table).
CREATE OR REPLACE FUNCTION travail_en_attente() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  due timestamptz;
  ms bigint;
BEGIN
  IF TG_TABLE_NAME = 'outbox_mail' THEN
    SELECT min(next_attempt_at) INTO due FROM nouveaux WHERE sent_at IS NULL;
  ELSIF TG_TABLE_NAME = 'outbox_lot' THEN
    SELECT min(next_attempt_at) INTO due FROM nouveaux WHERE termine_le IS NULL;
  ELSIF TG_TABLE_NAME = 'outbox_sms' THEN
    SELECT min(next_attempt_at) INTO due FROM nouveaux WHERE state = 'EN_ATTENTE';
  ELSIF TG_TABLE_NAME = 'simulateur_transaction' THEN
    SELECT min(webhook_next_at) INTO due FROM nouveaux WHERE webhook_state = 'EN_ATTENTE';
  ELSIF TG_TABLE_NAME = 'campagne_creneau' THEN
    SELECT min(rappel_a) INTO due FROM nouveaux WHERE rappel_envoye_a IS NULL;
  ELSE
    -- A message from a phone (a row trigger): to answer now.
    PERFORM pg_notify('travail_en_attente', TG_TABLE_NAME);
    RETURN NULL;
  END IF;
  IF due IS NULL THEN
    RETURN NULL;
  END IF;
  ms := ceil(extract(epoch FROM due - clock_timestamp()) * 1000);
  -- Due now: the bare name, the same for every statement of the transaction (PostgreSQL sends it once).
  PERFORM pg_notify('travail_en_attente', CASE WHEN ms > 0 THEN TG_TABLE_NAME || ' ' || ms ELSE TG_TABLE_NAME END);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS outbox_mail_travail_en_attente ON outbox_mail;
--> statement-breakpoint
CREATE TRIGGER outbox_mail_travail_en_attente AFTER INSERT ON outbox_mail REFERENCING NEW TABLE AS nouveaux FOR EACH STATEMENT EXECUTE FUNCTION travail_en_attente();
--> statement-breakpoint
DROP TRIGGER IF EXISTS outbox_lot_travail_en_attente ON outbox_lot;
--> statement-breakpoint
CREATE TRIGGER outbox_lot_travail_en_attente AFTER INSERT ON outbox_lot REFERENCING NEW TABLE AS nouveaux FOR EACH STATEMENT EXECUTE FUNCTION travail_en_attente();
--> statement-breakpoint
DROP TRIGGER IF EXISTS outbox_sms_travail_en_attente ON outbox_sms;
--> statement-breakpoint
CREATE TRIGGER outbox_sms_travail_en_attente AFTER INSERT ON outbox_sms REFERENCING NEW TABLE AS nouveaux FOR EACH STATEMENT EXECUTE FUNCTION travail_en_attente();
--> statement-breakpoint
DROP TRIGGER IF EXISTS simulateur_transaction_travail_en_attente ON simulateur_transaction;
--> statement-breakpoint
CREATE TRIGGER simulateur_transaction_travail_en_attente AFTER INSERT ON simulateur_transaction REFERENCING NEW TABLE AS nouveaux FOR EACH STATEMENT EXECUTE FUNCTION travail_en_attente();
--> statement-breakpoint
DROP TRIGGER IF EXISTS campagne_creneau_travail_en_attente ON campagne_creneau;
--> statement-breakpoint
CREATE TRIGGER campagne_creneau_travail_en_attente AFTER INSERT ON campagne_creneau REFERENCING NEW TABLE AS nouveaux FOR EACH STATEMENT EXECUTE FUNCTION travail_en_attente();
--> statement-breakpoint
-- An update that makes a row a job to do, or brings its due time earlier: a debit the simulator
-- answers after its confirmation delay (AUCUN → EN_ATTENTE), a job given back or retried sooner
-- than its lease's end. A row trigger whose WHEN lets through only those rows: the queue's claims
-- and renewals push the due time later and notify nothing, and neither does an outcome.
CREATE OR REPLACE FUNCTION travail_avance() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  due timestamptz;
  ms bigint;
BEGIN
  IF TG_TABLE_NAME = 'outbox_mail' OR TG_TABLE_NAME = 'outbox_sms' OR TG_TABLE_NAME = 'outbox_lot' THEN
    due := NEW.next_attempt_at;
  ELSIF TG_TABLE_NAME = 'simulateur_transaction' THEN
    due := NEW.webhook_next_at;
  ELSE
    due := NEW.rappel_a;
  END IF;
  ms := ceil(extract(epoch FROM due - clock_timestamp()) * 1000);
  PERFORM pg_notify('travail_en_attente', CASE WHEN ms > 0 THEN TG_TABLE_NAME || ' ' || ms ELSE TG_TABLE_NAME END);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS outbox_mail_travail_avance ON outbox_mail;
--> statement-breakpoint
CREATE TRIGGER outbox_mail_travail_avance AFTER UPDATE OF next_attempt_at, sent_at ON outbox_mail FOR EACH ROW
  WHEN (NEW.sent_at IS NULL AND (OLD.sent_at IS NOT NULL OR NEW.next_attempt_at < OLD.next_attempt_at))
  EXECUTE FUNCTION travail_avance();
--> statement-breakpoint
DROP TRIGGER IF EXISTS outbox_lot_travail_avance ON outbox_lot;
--> statement-breakpoint
CREATE TRIGGER outbox_lot_travail_avance AFTER UPDATE OF next_attempt_at, termine_le ON outbox_lot FOR EACH ROW
  WHEN (NEW.termine_le IS NULL AND (OLD.termine_le IS NOT NULL OR NEW.next_attempt_at < OLD.next_attempt_at))
  EXECUTE FUNCTION travail_avance();
--> statement-breakpoint
DROP TRIGGER IF EXISTS outbox_sms_travail_avance ON outbox_sms;
--> statement-breakpoint
CREATE TRIGGER outbox_sms_travail_avance AFTER UPDATE OF next_attempt_at, state ON outbox_sms FOR EACH ROW
  WHEN (NEW.state = 'EN_ATTENTE' AND (OLD.state <> 'EN_ATTENTE' OR NEW.next_attempt_at < OLD.next_attempt_at))
  EXECUTE FUNCTION travail_avance();
--> statement-breakpoint
DROP TRIGGER IF EXISTS simulateur_transaction_travail_avance ON simulateur_transaction;
--> statement-breakpoint
CREATE TRIGGER simulateur_transaction_travail_avance AFTER UPDATE OF webhook_next_at, webhook_state ON simulateur_transaction FOR EACH ROW
  WHEN (NEW.webhook_state = 'EN_ATTENTE' AND (OLD.webhook_state <> 'EN_ATTENTE' OR NEW.webhook_next_at < OLD.webhook_next_at))
  EXECUTE FUNCTION travail_avance();
--> statement-breakpoint
DROP TRIGGER IF EXISTS campagne_creneau_travail_avance ON campagne_creneau;
--> statement-breakpoint
CREATE TRIGGER campagne_creneau_travail_avance AFTER UPDATE OF rappel_a, rappel_envoye_a ON campagne_creneau FOR EACH ROW
  WHEN (NEW.rappel_envoye_a IS NULL AND (OLD.rappel_envoye_a IS NOT NULL OR NEW.rappel_a < OLD.rappel_a))
  EXECUTE FUNCTION travail_avance();
