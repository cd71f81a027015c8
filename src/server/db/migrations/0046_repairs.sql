CREATE TABLE "intervention" (
	"id_intervention" serial PRIMARY KEY NOT NULL,
	"id_cite" integer NOT NULL,
	"id_chambre" integer,
	"lieu" text,
	"categorie" text NOT NULL,
	"priorite" text NOT NULL,
	"description" text NOT NULL,
	"statut" text DEFAULT 'NOUVELLE' NOT NULL,
	"id_auteur" integer NOT NULL,
	"id_residant" integer,
	"echeance" timestamp with time zone NOT NULL,
	"resolue_le" timestamp with time zone,
	"cloturee_le" timestamp with time zone,
	"retard_signale_le" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intervention_historique" (
	"id_historique" serial PRIMARY KEY NOT NULL,
	"id_intervention" integer NOT NULL,
	"statut" text NOT NULL,
	"id_auteur" integer,
	"commentaire" text,
	"date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intervention_photo" (
	"id_photo" serial PRIMARY KEY NOT NULL,
	"id_intervention" integer NOT NULL,
	"cle" text NOT NULL,
	"type_mime" text NOT NULL,
	"taille" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "intervention" ADD CONSTRAINT "intervention_id_cite_cite_id_cite_fk" FOREIGN KEY ("id_cite") REFERENCES "public"."cite"("id_cite") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intervention" ADD CONSTRAINT "intervention_id_chambre_chambre_id_chambre_fk" FOREIGN KEY ("id_chambre") REFERENCES "public"."chambre"("id_chambre") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intervention" ADD CONSTRAINT "intervention_id_auteur_users_id_fk" FOREIGN KEY ("id_auteur") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intervention" ADD CONSTRAINT "intervention_id_residant_users_id_fk" FOREIGN KEY ("id_residant") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intervention_historique" ADD CONSTRAINT "intervention_historique_id_intervention_intervention_id_intervention_fk" FOREIGN KEY ("id_intervention") REFERENCES "public"."intervention"("id_intervention") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intervention_historique" ADD CONSTRAINT "intervention_historique_id_auteur_users_id_fk" FOREIGN KEY ("id_auteur") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intervention_photo" ADD CONSTRAINT "intervention_photo_id_intervention_intervention_id_intervention_fk" FOREIGN KEY ("id_intervention") REFERENCES "public"."intervention"("id_intervention") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intervention_cite_statut" ON "intervention" USING btree ("id_cite","statut");--> statement-breakpoint
CREATE INDEX "intervention_residant" ON "intervention" USING btree ("id_residant");--> statement-breakpoint
CREATE INDEX "intervention_retard" ON "intervention" USING btree ("echeance") WHERE retard_signale_le IS NULL AND statut IN ('NOUVELLE', 'PRISE_EN_CHARGE', 'REOUVERTE');--> statement-breakpoint
CREATE INDEX "intervention_resolue" ON "intervention" USING btree ("resolue_le") WHERE statut = 'RESOLUE';--> statement-breakpoint
CREATE INDEX "intervention_historique_intervention" ON "intervention_historique" USING btree ("id_intervention");--> statement-breakpoint
CREATE INDEX "intervention_photo_intervention" ON "intervention_photo" USING btree ("id_intervention");