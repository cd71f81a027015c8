DROP INDEX "ussd_session_updated_at";--> statement-breakpoint
DROP INDEX "ussd_session_telephone";--> statement-breakpoint
CREATE INDEX "ussd_session_telephone" ON "ussd_session" USING btree ("telephone");--> statement-breakpoint
-- A USSD session's row lives minutes and is written at every step (docs/decisions/105-ussd-session-unlogged-hot.md):
-- UNLOGGED, its writes go to no WAL and its commits wait for no flush; after a crash of PostgreSQL
-- (or on a standby) the table is empty and a session in progress is found again from its phone.
-- Room left in each page so that a step's update stays in its page (HOT: no index written).
ALTER TABLE "ussd_session" SET UNLOGGED;--> statement-breakpoint
ALTER TABLE "ussd_session" SET (fillfactor = 70);
