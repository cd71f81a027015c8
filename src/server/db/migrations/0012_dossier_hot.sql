-- Issue 10: the publication's update of every dossier of a session as HOT updates (decision 009, "Bulk writes").
-- A publication sets, on each of the session's dossiers, its status, list, rank, score, offer and deadline.
-- PostgreSQL can write such an update "heap-only" (HOT: the new version on the same page, no index touched)
-- only when no indexed column changes, the columns of partial-index predicates included, and the page has
-- room. Five indexes stood in the way, and each new version went into all twelve indexes (the trigram GIN
-- index the costliest): 3.4 to 3.8 s of database CPU for 100,000 dossiers, 0.8 to 0.9 s once HOT.
--  * dossier_direction (id_direction, date_depot) repeated dossier_direction_depot_live for live rows.
--  * dossier_session_statut, dossier_admis_moyenne (partial on the status), dossier_attente_rang (partial on
--    the status, keyed on the rank) and dossier_offre_en_attente (partial on the answer, keyed on the
--    deadline) are replaced by one index on the session and the score, which a publication leaves unchanged
--    (the score that ranks is the one stored at analysis, unless coefficients or notes changed since):
--    the session's dossiers are found by it, and the admissible list walks it by descending score. The
--    waiting list and the open offers are read from the session's dossiers (a promotion, the offers job).
--  * fillfactor 45: a page keeps room for a new version of each of its rows, since a publication updates
--    every row of the session at once. It applies to pages written from now on.
DROP INDEX IF EXISTS "dossier_direction";
--> statement-breakpoint
DROP INDEX IF EXISTS "dossier_session_statut";
--> statement-breakpoint
DROP INDEX IF EXISTS "dossier_admis_moyenne";
--> statement-breakpoint
DROP INDEX IF EXISTS "dossier_attente_rang";
--> statement-breakpoint
DROP INDEX IF EXISTS "dossier_offre_en_attente";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dossier_session_moyenne" ON "dossier" USING btree ("id_session_cenou", "moyenne" DESC NULLS LAST, "id_dossier");
--> statement-breakpoint
ALTER TABLE "dossier" SET (fillfactor = 45);
