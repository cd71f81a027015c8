-- The job queue's loops woken at the commit that queues a job (docs/decisions/135-journey-cpu-cut.md):
-- each table of jobs tells the listening connection of every instance (LISTEN travail_en_attente)
-- its own name, once per statement that inserts into it, and the loop of that table claims what is
-- due at once, rather than every instance asking every table each second. A loop still looks on its
-- own every 30 seconds, and each second while its instance's listening connection is down
-- (src/server/jobs/loop.ts). Only inserts make jobs: the queue's own updates (claims, leases) notify
-- nothing, so a claim never wakes another round.
CREATE OR REPLACE FUNCTION travail_en_attente() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('travail_en_attente', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS outbox_mail_travail_en_attente ON outbox_mail;
--> statement-breakpoint
CREATE TRIGGER outbox_mail_travail_en_attente AFTER INSERT ON outbox_mail FOR EACH STATEMENT EXECUTE FUNCTION travail_en_attente();
--> statement-breakpoint
DROP TRIGGER IF EXISTS outbox_lot_travail_en_attente ON outbox_lot;
--> statement-breakpoint
CREATE TRIGGER outbox_lot_travail_en_attente AFTER INSERT ON outbox_lot FOR EACH STATEMENT EXECUTE FUNCTION travail_en_attente();
--> statement-breakpoint
DROP TRIGGER IF EXISTS outbox_sms_travail_en_attente ON outbox_sms;
--> statement-breakpoint
CREATE TRIGGER outbox_sms_travail_en_attente AFTER INSERT ON outbox_sms FOR EACH STATEMENT EXECUTE FUNCTION travail_en_attente();
--> statement-breakpoint
DROP TRIGGER IF EXISTS simulateur_transaction_travail_en_attente ON simulateur_transaction;
--> statement-breakpoint
CREATE TRIGGER simulateur_transaction_travail_en_attente AFTER INSERT ON simulateur_transaction FOR EACH STATEMENT EXECUTE FUNCTION travail_en_attente();
--> statement-breakpoint
DROP TRIGGER IF EXISTS campagne_creneau_travail_en_attente ON campagne_creneau;
--> statement-breakpoint
CREATE TRIGGER campagne_creneau_travail_en_attente AFTER INSERT ON campagne_creneau FOR EACH STATEMENT EXECUTE FUNCTION travail_en_attente();
--> statement-breakpoint
-- A message from a phone is answered (a delivery receipt is not a job): one row per insert.
DROP TRIGGER IF EXISTS sms_entrant_travail_en_attente ON sms_entrant;
--> statement-breakpoint
CREATE TRIGGER sms_entrant_travail_en_attente AFTER INSERT ON sms_entrant FOR EACH ROW WHEN (NEW.kind = 'MESSAGE') EXECUTE FUNCTION travail_en_attente();
