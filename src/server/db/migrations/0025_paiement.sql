CREATE TABLE "simulateur_transaction" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"description" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text DEFAULT 'XOF' NOT NULL,
	"callback_url" text,
	"custom_metadata" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"token" text,
	"mode" text,
	"phone_number" text,
	"sent_at" timestamp with time zone,
	"webhook_state" text DEFAULT 'AUCUN' NOT NULL,
	"webhook_attempts" integer DEFAULT 0 NOT NULL,
	"webhook_next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"webhook_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "paiement" ADD COLUMN "id_transaction_fournisseur" text;--> statement-breakpoint
ALTER TABLE "paiement" ADD COLUMN "verifie_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "simulateur_transaction_reference" ON "simulateur_transaction" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "simulateur_transaction_token" ON "simulateur_transaction" USING btree ("token");--> statement-breakpoint
CREATE INDEX "simulateur_transaction_webhook" ON "simulateur_transaction" USING btree ("webhook_next_at") WHERE webhook_state = 'EN_ATTENTE';--> statement-breakpoint
CREATE UNIQUE INDEX "paiement_transaction_fournisseur" ON "paiement" USING btree ("id_transaction_fournisseur");