CREATE TABLE "echeance_reportee" (
	"id_echeance_reportee" serial PRIMARY KEY NOT NULL,
	"id_affectation" integer NOT NULL,
	"numero_echeance" smallint NOT NULL,
	"ancienne_date" date NOT NULL,
	"nouvelle_date" date NOT NULL,
	"id_panne" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "echeance_reportee_ordre" CHECK ("echeance_reportee"."nouvelle_date" > "echeance_reportee"."ancienne_date")
);
--> statement-breakpoint
ALTER TABLE "outbox_mail" ADD COLUMN "tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_sms" ADD COLUMN "tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "simulateur_transaction" ADD COLUMN "webhook_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campagne_creneau" ADD COLUMN "rappel_echecs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "echeance_reportee" ADD CONSTRAINT "echeance_reportee_id_affectation_affectation_id_affectation_fk" FOREIGN KEY ("id_affectation") REFERENCES "public"."affectation"("id_affectation") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "echeance_reportee" ADD CONSTRAINT "echeance_reportee_id_panne_panne_id_panne_fk" FOREIGN KEY ("id_panne") REFERENCES "public"."panne"("id_panne") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "echeance_reportee_unique" ON "echeance_reportee" USING btree ("id_affectation","numero_echeance","id_panne");--> statement-breakpoint
CREATE INDEX "echeance_reportee_panne" ON "echeance_reportee" USING btree ("id_panne");--> statement-breakpoint
-- The jobs still to do keep their count as their tries: their back-off goes on where it was.
UPDATE "outbox_mail" SET "tries" = "attempts" WHERE "sent_at" IS NULL;--> statement-breakpoint
UPDATE "outbox_sms" SET "tries" = "attempts" WHERE "state" = 'EN_ATTENTE';--> statement-breakpoint
UPDATE "simulateur_transaction" SET "webhook_tries" = "webhook_attempts" WHERE "webhook_state" = 'EN_ATTENTE';--> statement-breakpoint
UPDATE "campagne_creneau" SET "rappel_echecs" = "rappel_essais" WHERE "rappel_envoye_a" IS NULL;
