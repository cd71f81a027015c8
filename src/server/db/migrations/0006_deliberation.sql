CREATE TABLE "admissible_charge" (
	"id_admissible_charge" serial PRIMARY KEY NOT NULL,
	"id_session_cenou" integer NOT NULL,
	"id_direction" integer NOT NULL,
	"ligne" integer NOT NULL,
	"ine" text NOT NULL,
	"nom_etudiant" text NOT NULL,
	"prenom_etudiant" text NOT NULL,
	"sexe_etudiant" text NOT NULL,
	"date_naissance" date NOT NULL,
	"lieu_naissance" text,
	"annee_bac" integer,
	"moyenne" double precision,
	"id_ville" integer NOT NULL,
	"ville_orientation" text NOT NULL,
	"id_auteur" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deliberation" (
	"id_deliberation" serial PRIMARY KEY NOT NULL,
	"id_session_cenou" integer NOT NULL,
	"id_direction" integer NOT NULL,
	"seed" text NOT NULL,
	"quotas" jsonb NOT NULL,
	"places" jsonb NOT NULL,
	"places_effectives" jsonb NOT NULL,
	"types" jsonb NOT NULL,
	"criteres" jsonb NOT NULL,
	"nb_pupilles" integer NOT NULL,
	"nb_etrangers" integer NOT NULL,
	"nb_nationaux" integer NOT NULL,
	"nb_attente" integer NOT NULL,
	"nb_non_admis" integer NOT NULL,
	"id_auteur" integer,
	"auteur" text,
	"date_publication" timestamp with time zone DEFAULT now() NOT NULL,
	"courante" boolean DEFAULT true NOT NULL,
	"date_remplacement" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "deliberation_candidat" (
	"id_deliberation" integer NOT NULL,
	"id_dossier" integer NOT NULL,
	"ine" text NOT NULL,
	"moyenne_bac" double precision,
	"date_depot" text NOT NULL,
	"criteres" jsonb NOT NULL,
	"moyenne" double precision NOT NULL,
	"statut" text NOT NULL,
	"liste" text,
	"rang" integer,
	CONSTRAINT "deliberation_candidat_id_deliberation_id_dossier_pk" PRIMARY KEY("id_deliberation","id_dossier")
);
--> statement-breakpoint
ALTER TABLE "session_cenou" ADD COLUMN "delai_reponse_heures" integer DEFAULT 72 NOT NULL;--> statement-breakpoint
ALTER TABLE "admissible_charge" ADD CONSTRAINT "admissible_charge_id_session_cenou_session_cenou_id_session_cenou_fk" FOREIGN KEY ("id_session_cenou") REFERENCES "public"."session_cenou"("id_session_cenou") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admissible_charge" ADD CONSTRAINT "admissible_charge_id_direction_direction_id_direction_fk" FOREIGN KEY ("id_direction") REFERENCES "public"."direction"("id_direction") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admissible_charge" ADD CONSTRAINT "admissible_charge_id_ville_ville_id_ville_fk" FOREIGN KEY ("id_ville") REFERENCES "public"."ville"("id_ville") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admissible_charge" ADD CONSTRAINT "admissible_charge_id_auteur_users_id_fk" FOREIGN KEY ("id_auteur") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliberation" ADD CONSTRAINT "deliberation_id_session_cenou_session_cenou_id_session_cenou_fk" FOREIGN KEY ("id_session_cenou") REFERENCES "public"."session_cenou"("id_session_cenou") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliberation" ADD CONSTRAINT "deliberation_id_direction_direction_id_direction_fk" FOREIGN KEY ("id_direction") REFERENCES "public"."direction"("id_direction") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliberation" ADD CONSTRAINT "deliberation_id_auteur_users_id_fk" FOREIGN KEY ("id_auteur") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliberation_candidat" ADD CONSTRAINT "deliberation_candidat_id_deliberation_deliberation_id_deliberation_fk" FOREIGN KEY ("id_deliberation") REFERENCES "public"."deliberation"("id_deliberation") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admissible_charge_session_ine" ON "admissible_charge" USING btree ("id_session_cenou","ine");--> statement-breakpoint
CREATE INDEX "admissible_charge_moyenne" ON "admissible_charge" USING btree ("id_session_cenou","moyenne" DESC NULLS LAST,"id_admissible_charge");--> statement-breakpoint
CREATE INDEX "deliberation_session" ON "deliberation" USING btree ("id_session_cenou","id_deliberation");--> statement-breakpoint
CREATE UNIQUE INDEX "deliberation_courante" ON "deliberation" USING btree ("id_session_cenou") WHERE courante;--> statement-breakpoint
CREATE INDEX "dossier_admis_moyenne" ON "dossier" USING btree ("id_session_cenou","moyenne" DESC NULLS LAST,"id_dossier") WHERE statut_dossier = 'ADMIS' AND deleted_at IS NULL;