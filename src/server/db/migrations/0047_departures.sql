CREATE TABLE "degradation" (
	"id_degradation" serial PRIMARY KEY NOT NULL,
	"id_affectation" integer NOT NULL,
	"id_element_inventaire" integer NOT NULL,
	"id_entree" integer NOT NULL,
	"id_sortie" integer NOT NULL,
	"montant" integer NOT NULL,
	"motif" text NOT NULL,
	"reference" text NOT NULL,
	"id_transaction" bigint NOT NULL,
	"id_auteur" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journal_transaction" DROP CONSTRAINT "journal_transaction_nature";--> statement-breakpoint
ALTER TABLE "affectation" ADD COLUMN "date_depart" date;--> statement-breakpoint
ALTER TABLE "affectation" ADD COLUMN "id_auteur_depart" integer;--> statement-breakpoint
ALTER TABLE "degradation" ADD CONSTRAINT "degradation_id_affectation_affectation_id_affectation_fk" FOREIGN KEY ("id_affectation") REFERENCES "public"."affectation"("id_affectation") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "degradation" ADD CONSTRAINT "degradation_id_element_inventaire_element_inventaire_id_element_inventaire_fk" FOREIGN KEY ("id_element_inventaire") REFERENCES "public"."element_inventaire"("id_element_inventaire") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "degradation" ADD CONSTRAINT "degradation_id_entree_etat_des_lieux_id_etat_des_lieux_fk" FOREIGN KEY ("id_entree") REFERENCES "public"."etat_des_lieux"("id_etat_des_lieux") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "degradation" ADD CONSTRAINT "degradation_id_sortie_etat_des_lieux_id_etat_des_lieux_fk" FOREIGN KEY ("id_sortie") REFERENCES "public"."etat_des_lieux"("id_etat_des_lieux") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "degradation_affectation_element" ON "degradation" USING btree ("id_affectation","id_element_inventaire");--> statement-breakpoint
CREATE UNIQUE INDEX "degradation_reference" ON "degradation" USING btree ("reference");--> statement-breakpoint
ALTER TABLE "journal_transaction" ADD CONSTRAINT "journal_transaction_nature" CHECK (nature IN ('ECHEANCE', 'PAIEMENT', 'REMBOURSEMENT', 'CONTREPASSATION', 'DEGRADATION'));