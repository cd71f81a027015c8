CREATE TABLE "code_verification" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"purpose" text NOT NULL,
	"telephone" text,
	"code_hash" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_sms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"text_body" text NOT NULL,
	"id_user" integer,
	"id_dossier" integer,
	"id_sms_entrant" bigint,
	"state" text DEFAULT 'EN_ATTENTE' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"message_id" text,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_sms_state" CHECK ("outbox_sms"."state" IN ('EN_ATTENTE', 'ENVOYE', 'DELIVRE', 'ECHEC'))
);
--> statement-breakpoint
CREATE TABLE "sms_entrant" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"sender" text,
	"recipient" text,
	"text_body" text,
	"message_id" text,
	"receipt_state" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"id_user" integer,
	"processed_at" timestamp with time zone,
	"result" text,
	CONSTRAINT "sms_entrant_kind" CHECK ("sms_entrant"."kind" IN ('ACCUSE', 'MESSAGE'))
);
--> statement-breakpoint
ALTER TABLE "outbox_mail" ADD COLUMN "id_user" integer;--> statement-breakpoint
ALTER TABLE "outbox_mail" ADD COLUMN "id_dossier" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "telephone" text;--> statement-breakpoint
ALTER TABLE "code_verification" ADD CONSTRAINT "code_verification_id_user_users_id_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "code_verification_vivant" ON "code_verification" USING btree ("id_user","purpose") WHERE used_at IS NULL AND revoked_at IS NULL;--> statement-breakpoint
CREATE INDEX "outbox_sms_pending" ON "outbox_sms" USING btree ("next_attempt_at") WHERE state = 'EN_ATTENTE';--> statement-breakpoint
CREATE INDEX "outbox_sms_message_id" ON "outbox_sms" USING btree ("message_id") WHERE message_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_sms_user" ON "outbox_sms" USING btree ("id_user") WHERE id_user IS NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_sms_dossier" ON "outbox_sms" USING btree ("id_dossier") WHERE id_dossier IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sms_entrant_accuse" ON "sms_entrant" USING btree ("message_id") WHERE kind = 'ACCUSE';--> statement-breakpoint
CREATE INDEX "sms_entrant_a_traiter" ON "sms_entrant" USING btree ("id") WHERE kind = 'MESSAGE' AND processed_at IS NULL;--> statement-breakpoint
CREATE INDEX "outbox_mail_user" ON "outbox_mail" USING btree ("id_user") WHERE id_user IS NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_mail_dossier" ON "outbox_mail" USING btree ("id_dossier") WHERE id_dossier IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_telephone_live" ON "users" USING btree ("telephone") WHERE telephone IS NOT NULL AND deleted_at IS NULL;