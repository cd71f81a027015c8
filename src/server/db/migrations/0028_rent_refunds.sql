CREATE TABLE "remboursement" (
	"id_remboursement" serial PRIMARY KEY NOT NULL,
	"reference_remboursement" text NOT NULL,
	"id_affectation" integer NOT NULL,
	"id_operateur" integer NOT NULL,
	"montant" bigint NOT NULL,
	"numero_piece" text NOT NULL,
	"telephone" text,
	"id_transaction" bigint NOT NULL,
	"id_auteur" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remboursement_montant" CHECK (montant > 0)
);
--> statement-breakpoint
ALTER TABLE "remboursement" ADD CONSTRAINT "remboursement_id_affectation_affectation_id_affectation_fk" FOREIGN KEY ("id_affectation") REFERENCES "public"."affectation"("id_affectation") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remboursement" ADD CONSTRAINT "remboursement_id_operateur_operateur_id_operateur_fk" FOREIGN KEY ("id_operateur") REFERENCES "public"."operateur"("id_operateur") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remboursement" ADD CONSTRAINT "remboursement_id_transaction_journal_transaction_id_transaction_fk" FOREIGN KEY ("id_transaction") REFERENCES "public"."journal_transaction"("id_transaction") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "remboursement_reference" ON "remboursement" USING btree ("reference_remboursement");--> statement-breakpoint
CREATE UNIQUE INDEX "remboursement_numero_piece" ON "remboursement" USING btree (upper("numero_piece"));--> statement-breakpoint
CREATE UNIQUE INDEX "remboursement_transaction" ON "remboursement" USING btree ("id_transaction");--> statement-breakpoint
CREATE INDEX "remboursement_affectation" ON "remboursement" USING btree ("id_affectation");