CREATE TABLE "outbox_template" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deliberation_candidat" DROP CONSTRAINT "deliberation_candidat_id_deliberation_deliberation_id_deliberation_fk";
--> statement-breakpoint
ALTER TABLE "dossier_evenement" DROP CONSTRAINT "dossier_evenement_id_dossier_dossier_id_dossier_fk";
--> statement-breakpoint
ALTER TABLE "outbox_mail" ALTER COLUMN "subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_mail" ALTER COLUMN "text_body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_mail" ALTER COLUMN "html_body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_mail" ADD COLUMN "id_template" bigint;--> statement-breakpoint
ALTER TABLE "outbox_mail" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "outbox_mail" ADD CONSTRAINT "outbox_mail_contenu" CHECK (("outbox_mail"."subject" IS NOT NULL AND "outbox_mail"."text_body" IS NOT NULL AND "outbox_mail"."html_body" IS NOT NULL) OR "outbox_mail"."id_template" IS NOT NULL);