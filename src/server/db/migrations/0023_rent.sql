CREATE TABLE "journal_ligne" (
	"id_ligne" bigserial PRIMARY KEY NOT NULL,
	"id_transaction" bigint NOT NULL,
	"compte" text NOT NULL,
	"debit" bigint DEFAULT 0 NOT NULL,
	"credit" bigint DEFAULT 0 NOT NULL,
	"id_affectation" integer,
	"date_valeur" date NOT NULL,
	"nature" text NOT NULL,
	CONSTRAINT "journal_ligne_montant" CHECK (debit >= 0 AND credit >= 0 AND (debit > 0) <> (credit > 0))
);
--> statement-breakpoint
CREATE TABLE "journal_transaction" (
	"id_transaction" bigserial PRIMARY KEY NOT NULL,
	"nature" text NOT NULL,
	"libelle" text NOT NULL,
	"date_valeur" date NOT NULL,
	"id_affectation" integer,
	"numero_echeance" smallint,
	"id_transaction_annulee" bigint,
	"reference_paiement" text,
	"id_auteur" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_transaction_nature" CHECK (nature IN ('ECHEANCE', 'PAIEMENT', 'REMBOURSEMENT', 'CONTREPASSATION'))
);
--> statement-breakpoint
CREATE TABLE "operateur" (
	"id_operateur" serial PRIMARY KEY NOT NULL,
	"libelle_operateur" text NOT NULL,
	"code_operateur" text NOT NULL,
	"id_type_paiement" integer NOT NULL,
	"actif" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
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
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paiement_statut" CHECK (statut IN ('EN_ATTENTE', 'REUSSI', 'ECHOUE')),
	CONSTRAINT "paiement_montant" CHECK (montant > 0)
);
--> statement-breakpoint
CREATE TABLE "type_paiement" (
	"id_type_paiement" serial PRIMARY KEY NOT NULL,
	"libelle_type_paiement" text NOT NULL,
	"code_type_paiement" text NOT NULL,
	"actif" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "session_cenou" ADD COLUMN "mois_loyer" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "session_cenou" ADD COLUMN "premiere_echeance" date;--> statement-breakpoint
ALTER TABLE "journal_ligne" ADD CONSTRAINT "journal_ligne_id_transaction_journal_transaction_id_transaction_fk" FOREIGN KEY ("id_transaction") REFERENCES "public"."journal_transaction"("id_transaction") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_transaction" ADD CONSTRAINT "journal_transaction_id_affectation_affectation_id_affectation_fk" FOREIGN KEY ("id_affectation") REFERENCES "public"."affectation"("id_affectation") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_transaction" ADD CONSTRAINT "journal_transaction_id_transaction_annulee_journal_transaction_id_transaction_fk" FOREIGN KEY ("id_transaction_annulee") REFERENCES "public"."journal_transaction"("id_transaction") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operateur" ADD CONSTRAINT "operateur_id_type_paiement_type_paiement_id_type_paiement_fk" FOREIGN KEY ("id_type_paiement") REFERENCES "public"."type_paiement"("id_type_paiement") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paiement" ADD CONSTRAINT "paiement_id_affectation_affectation_id_affectation_fk" FOREIGN KEY ("id_affectation") REFERENCES "public"."affectation"("id_affectation") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paiement" ADD CONSTRAINT "paiement_id_operateur_operateur_id_operateur_fk" FOREIGN KEY ("id_operateur") REFERENCES "public"."operateur"("id_operateur") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paiement" ADD CONSTRAINT "paiement_id_transaction_journal_transaction_id_transaction_fk" FOREIGN KEY ("id_transaction") REFERENCES "public"."journal_transaction"("id_transaction") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_ligne_transaction" ON "journal_ligne" USING btree ("id_transaction");--> statement-breakpoint
CREATE INDEX "journal_ligne_compte" ON "journal_ligne" USING btree ("compte");--> statement-breakpoint
CREATE INDEX "journal_ligne_affectation" ON "journal_ligne" USING btree ("id_affectation","date_valeur") WHERE id_affectation IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_transaction_annulee" ON "journal_transaction" USING btree ("id_transaction_annulee");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_transaction_reference" ON "journal_transaction" USING btree ("reference_paiement");--> statement-breakpoint
CREATE INDEX "journal_transaction_affectation" ON "journal_transaction" USING btree ("id_affectation","nature");--> statement-breakpoint
CREATE UNIQUE INDEX "operateur_libelle_live" ON "operateur" USING btree (lower("libelle_operateur")) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "operateur_code_live" ON "operateur" USING btree (lower("code_operateur")) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "operateur_type" ON "operateur" USING btree ("id_type_paiement");--> statement-breakpoint
CREATE UNIQUE INDEX "paiement_reference" ON "paiement" USING btree ("reference_paiement");--> statement-breakpoint
CREATE UNIQUE INDEX "paiement_numero_recu" ON "paiement" USING btree (upper("numero_recu")) WHERE numero_recu IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "paiement_transaction" ON "paiement" USING btree ("id_transaction");--> statement-breakpoint
CREATE INDEX "paiement_affectation" ON "paiement" USING btree ("id_affectation");--> statement-breakpoint
CREATE INDEX "paiement_en_attente" ON "paiement" USING btree ("created_at") WHERE statut = 'EN_ATTENTE';--> statement-breakpoint
CREATE UNIQUE INDEX "type_paiement_libelle_live" ON "type_paiement" USING btree (lower("libelle_type_paiement")) WHERE deleted_at IS NULL;