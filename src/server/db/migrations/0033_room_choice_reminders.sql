ALTER TABLE "campagne_creneau" ADD COLUMN "id_creneau" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "campagne_creneau" ADD COLUMN "rappel_essais" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campagne_creneau" ADD COLUMN "rappel_a" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "campagne_creneau" ADD COLUMN "rappel_erreur" text;--> statement-breakpoint
ALTER TABLE "campagne_creneau" ADD COLUMN "rappel_envoye_a" timestamp with time zone;--> statement-breakpoint
-- The slots of existing campaigns: reminded at their start, those already open not reminded late.
UPDATE "campagne_creneau" SET "rappel_a" = "debut_creneau",
  "rappel_envoye_a" = CASE WHEN "debut_creneau" <= now() THEN now() END;--> statement-breakpoint
ALTER TABLE "campagne_creneau" ALTER COLUMN "rappel_a" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "campagne_creneau_id" ON "campagne_creneau" USING btree ("id_creneau");--> statement-breakpoint
CREATE INDEX "campagne_creneau_rappel" ON "campagne_creneau" USING btree ("rappel_a") WHERE rappel_envoye_a IS NULL;--> statement-breakpoint
-- A student holding two beds (possible before this index) keeps the newer hold's.
DELETE FROM "reservation_lit" rl USING "reservation_lit" newer
  WHERE newer."id_etudiant" = rl."id_etudiant" AND newer."id_reservation" > rl."id_reservation";--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_lit_etudiant" ON "reservation_lit" USING btree ("id_etudiant");
