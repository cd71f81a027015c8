-- A publication no longer writes its history and its result mails row by row
-- (docs/decisions/009-deliberation.md, "Bulk writes").
-- 1. History: the PUBLICATION and OFFRE events of a publication are read from the stored run
--    (`deliberation`, `deliberation_candidat`) by `historyOf`; the run keeps what those events held
--    besides: the offer's deadline and the author's name at the time. The events earlier publications
--    wrote are deleted here (they would otherwise show twice); an OFFRE written by a promotion from
--    the waiting list (preceded by its PROMOTION event at the same time) stays.
-- 2. Mails: the publication queues one lot (`outbox_lot`) that the mail worker expands into
--    `outbox_mail` rows, a chunk at a time (src/server/mail/lots.ts).
ALTER TABLE "deliberation" ADD COLUMN "date_limite_reponse" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "deliberation" ADD COLUMN "nom_auteur" text;
--> statement-breakpoint
-- false: a run published before the history existed (migration 0008), which shows in no history.
ALTER TABLE "deliberation" ADD COLUMN "historique" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
CREATE TABLE "outbox_lot" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"id_deliberation" integer NOT NULL,
	"templates" jsonb NOT NULL,
	"dernier_id_dossier" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"termine_le" timestamp with time zone,
	"interrompu" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "outbox_lot_a_faire" ON "outbox_lot" USING btree ("id") WHERE termine_le IS NULL;
--> statement-breakpoint
-- The events publications wrote: PUBLICATION (detail: the run) for a dossier the run holds, and the
-- OFFRE written with it (same dossier, same time, the run's ADMIS) unless a promotion wrote it.
CREATE TEMPORARY TABLE "publication_ecrite" ON COMMIT DROP AS
SELECT p.id_evenement AS id_publication, o.id_evenement AS id_offre, r.id_deliberation, p.auteur,
  o.detail->>'dateLimiteReponse' AS date_limite
FROM dossier_evenement p
JOIN deliberation r ON r.id_deliberation = (p.detail->>'idDeliberation')::int
JOIN deliberation_candidat c ON c.id_deliberation = r.id_deliberation AND c.id_dossier = p.id_dossier
LEFT JOIN LATERAL (
  SELECT o.id_evenement, o.detail FROM dossier_evenement o
  WHERE o.id_dossier = p.id_dossier AND o.evenement = 'OFFRE' AND o.date_evenement = p.date_evenement
    AND c.statut = 'ADMIS'
    AND NOT EXISTS (SELECT 1 FROM dossier_evenement x
                    WHERE x.id_dossier = o.id_dossier AND x.evenement = 'PROMOTION'
                      AND x.date_evenement = o.date_evenement)
  ORDER BY o.id_evenement LIMIT 1
) o ON true
WHERE p.evenement = 'PUBLICATION' AND p.detail ? 'idDeliberation';
--> statement-breakpoint
UPDATE "deliberation" r SET nom_auteur = w.auteur, date_limite_reponse = w.date_limite::timestamptz
FROM (SELECT DISTINCT ON (id_deliberation) id_deliberation, auteur, date_limite FROM publication_ecrite
      ORDER BY id_deliberation, date_limite NULLS LAST) w
WHERE r.id_deliberation = w.id_deliberation;
--> statement-breakpoint
UPDATE "deliberation" r SET historique = false
WHERE NOT EXISTS (SELECT 1 FROM publication_ecrite w WHERE w.id_deliberation = r.id_deliberation);
--> statement-breakpoint
DELETE FROM "dossier_evenement" e USING publication_ecrite w
WHERE e.id_evenement = w.id_publication OR e.id_evenement = w.id_offre;
