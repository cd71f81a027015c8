CREATE TABLE "paiement" (
	"id_paiement" serial PRIMARY KEY NOT NULL,
	"reference_paiement" text NOT NULL,
	"id_affectation" integer NOT NULL,
	"id_operateur" integer NOT NULL,
	"montant" bigint NOT NULL,
	"statut" text DEFAULT 'EN_ATTENTE' NOT NULL,
	"telephone" text,
	"numero_recu" text,
	"id_transaction" bigint,
	"id_auteur" integer,
	"date_reussite" timestamp with time zone,
	"id_transaction_fournisseur" text,
	"verifie_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paiement_statut" CHECK (statut IN ('EN_ATTENTE', 'REUSSI', 'ECHOUE')),
	CONSTRAINT "paiement_montant" CHECK (montant > 0)
);
--> statement-breakpoint
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
ALTER TABLE "paiement" ADD CONSTRAINT "paiement_id_affectation_affectation_id_affectation_fk" FOREIGN KEY ("id_affectation") REFERENCES "public"."affectation"("id_affectation") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "paiement_reference" ON "paiement" USING btree ("reference_paiement");--> statement-breakpoint
CREATE UNIQUE INDEX "paiement_numero_recu" ON "paiement" USING btree (upper("numero_recu")) WHERE numero_recu IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "paiement_transaction" ON "paiement" USING btree ("id_transaction");--> statement-breakpoint
CREATE UNIQUE INDEX "paiement_transaction_fournisseur" ON "paiement" USING btree ("id_transaction_fournisseur");--> statement-breakpoint
CREATE INDEX "paiement_affectation" ON "paiement" USING btree ("id_affectation");--> statement-breakpoint
CREATE INDEX "paiement_en_attente" ON "paiement" USING btree ("created_at") WHERE statut = 'EN_ATTENTE';--> statement-breakpoint
CREATE UNIQUE INDEX "simulateur_transaction_reference" ON "simulateur_transaction" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "simulateur_transaction_token" ON "simulateur_transaction" USING btree ("token");--> statement-breakpoint
CREATE INDEX "simulateur_transaction_webhook" ON "simulateur_transaction" USING btree ("webhook_next_at") WHERE webhook_state = 'EN_ATTENTE';