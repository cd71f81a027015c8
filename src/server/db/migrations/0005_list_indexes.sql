-- Issue 9 item 9: the staff lists at national scale (docs/decisions/008-staff-lists-and-analysis.md).
-- pg_trgm: trigram indexes serve `LIKE '%…%'` (PostgreSQL's contrib, trusted since 13; PGlite loads
-- it as an extension of the client, src/server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- The registry's word search (`recherche LIKE '%word%'`, also the deposit list's `q`).
CREATE INDEX IF NOT EXISTS "registre_recherche_trgm" ON "registre_etudiant" USING gin ("recherche" gin_trgm_ops);
--> statement-breakpoint
-- The deposit list's `q` on the reference (`lower(reference_dossier) LIKE '%…%'`).
CREATE INDEX IF NOT EXISTS "dossier_reference_trgm" ON "dossier" USING gin (lower("reference_dossier") gin_trgm_ops);
--> statement-breakpoint
-- The deposit list's default order (newest first, the id breaking ties), all directions or one.
CREATE INDEX IF NOT EXISTS "dossier_depot_live" ON "dossier" USING btree ("date_depot", "id_dossier") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dossier_direction_depot_live" ON "dossier" USING btree ("id_direction", "date_depot", "id_dossier") WHERE deleted_at IS NULL;
--> statement-breakpoint
-- The bed list's default order (code, then id).
CREATE INDEX IF NOT EXISTS "lit_code_live" ON "lit" USING btree ("code_lit", "id_lit") WHERE deleted_at IS NULL;
