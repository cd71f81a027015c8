CREATE TABLE "composant_etat" (
	"composant" text PRIMARY KEY NOT NULL,
	"premier_echec" timestamp with time zone,
	"dernier_echec" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "panne" (
	"id_panne" serial PRIMARY KEY NOT NULL,
	"composant" text NOT NULL,
	"debut" timestamp with time zone NOT NULL,
	"fin" timestamp with time zone NOT NULL,
	"echeances_deplacees" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "panne_ordre" CHECK ("panne"."fin" > "panne"."debut")
);
--> statement-breakpoint
CREATE TABLE "plateforme_pouls" (
	"id" smallint PRIMARY KEY NOT NULL,
	"premier" timestamp with time zone,
	"dernier" timestamp with time zone,
	CONSTRAINT "plateforme_pouls_un" CHECK ("plateforme_pouls"."id" = 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "panne_composant_debut" ON "panne" USING btree ("composant","debut");