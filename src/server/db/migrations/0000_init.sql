CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"user_name" text,
	"action" text NOT NULL,
	"resource" text NOT NULL,
	"resource_id" text,
	"detail" jsonb,
	"level" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "batiment" (
	"id_batiment" serial PRIMARY KEY NOT NULL,
	"id_cite" integer NOT NULL,
	"libelle_batiment" text NOT NULL,
	"code_batiment" text NOT NULL,
	"sexe" text DEFAULT 'MIXTE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "categorie_chambre" (
	"id_categorie_chambre" serial PRIMARY KEY NOT NULL,
	"id_cite" integer NOT NULL,
	"libelle_categorie_chambre" text NOT NULL,
	"montant_chambre" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chambre" (
	"id_chambre" serial PRIMARY KEY NOT NULL,
	"id_couloir" integer NOT NULL,
	"id_categorie_chambre" integer NOT NULL,
	"libelle_chambre" text NOT NULL,
	"code_chambre" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cite" (
	"id_cite" serial PRIMARY KEY NOT NULL,
	"id_ville" integer NOT NULL,
	"nom_cite" text NOT NULL,
	"nb_lit" integer DEFAULT 0 NOT NULL,
	"adresse_cite" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "couloir" (
	"id_couloir" serial PRIMARY KEY NOT NULL,
	"id_niveau" integer NOT NULL,
	"libelle_couloir" text NOT NULL,
	"code_couloir" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "critere" (
	"id_critere" serial PRIMARY KEY NOT NULL,
	"id_type_critere" integer NOT NULL,
	"libelle_critere" text NOT NULL,
	"note" integer DEFAULT 0 NOT NULL,
	"justificatif_requis" boolean DEFAULT false NOT NULL,
	"liste_deliberation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "direction" (
	"id_direction" serial PRIMARY KEY NOT NULL,
	"libelle_direction" text NOT NULL,
	"sigle_direction" text,
	"email_direction" text,
	"tel_direction" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lit" (
	"id_lit" serial PRIMARY KEY NOT NULL,
	"id_chambre" integer NOT NULL,
	"libelle_lit" text NOT NULL,
	"code_lit" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "niveau" (
	"id_niveau" serial PRIMARY KEY NOT NULL,
	"id_batiment" integer NOT NULL,
	"libelle_niveau" text NOT NULL,
	"code_niveau" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbox_mail" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quota" (
	"id_quota" serial PRIMARY KEY NOT NULL,
	"id_session_cenou" integer NOT NULL,
	"id_critere" integer NOT NULL,
	"valeur_quota" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_counter" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registre_etudiant" (
	"id_etudiant" serial PRIMARY KEY NOT NULL,
	"ine" text NOT NULL,
	"nom_etudiant" text NOT NULL,
	"prenom_etudiant" text NOT NULL,
	"sexe_etudiant" text NOT NULL,
	"date_naissance" date NOT NULL,
	"lieu_naissance" text,
	"tel_etudiant" text,
	"email_etudiant" text,
	"universite" text,
	"filiere" text,
	"niveau" text,
	"ville_orientation" text NOT NULL,
	"id_ville" integer NOT NULL,
	"annee_academique" text,
	"annee_bac" integer,
	"serie_bac" text,
	"moyenne_bac" double precision,
	"libelle_pays" text,
	"type_pays" text DEFAULT 'NATIONAL' NOT NULL,
	"id_user" integer,
	"personnel_besoin" text,
	"contact" text,
	"engagement_statut_reglement" boolean DEFAULT false NOT NULL,
	"engagement_personnel_caution" boolean DEFAULT false NOT NULL,
	"declaration_sur_honneur" boolean DEFAULT false NOT NULL,
	"lu_approuve" boolean DEFAULT false NOT NULL,
	"recherche" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "session_cenou" (
	"id_session_cenou" serial PRIMARY KEY NOT NULL,
	"id_direction" integer NOT NULL,
	"etat_session" text DEFAULT 'INSCRIPTION' NOT NULL,
	"statut_session" text DEFAULT 'OUVERT' NOT NULL,
	"date_ouverture" date NOT NULL,
	"date_fermeture" date,
	"annee_debut" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "type_critere" (
	"id_type_critere" serial PRIMARY KEY NOT NULL,
	"libelle_type_critere" text NOT NULL,
	"coefficient" integer DEFAULT 0 NOT NULL,
	"type_item" text,
	"statut_item" text DEFAULT 'FACULTATIF' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_direction" integer,
	"user_name" text NOT NULL,
	"nom" text NOT NULL,
	"prenom" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ville" (
	"id_ville" serial PRIMARY KEY NOT NULL,
	"id_direction" integer NOT NULL,
	"nom_ville" text NOT NULL,
	"cle_ville" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "batiment" ADD CONSTRAINT "batiment_id_cite_cite_id_cite_fk" FOREIGN KEY ("id_cite") REFERENCES "public"."cite"("id_cite") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categorie_chambre" ADD CONSTRAINT "categorie_chambre_id_cite_cite_id_cite_fk" FOREIGN KEY ("id_cite") REFERENCES "public"."cite"("id_cite") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chambre" ADD CONSTRAINT "chambre_id_couloir_couloir_id_couloir_fk" FOREIGN KEY ("id_couloir") REFERENCES "public"."couloir"("id_couloir") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chambre" ADD CONSTRAINT "chambre_id_categorie_chambre_categorie_chambre_id_categorie_chambre_fk" FOREIGN KEY ("id_categorie_chambre") REFERENCES "public"."categorie_chambre"("id_categorie_chambre") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cite" ADD CONSTRAINT "cite_id_ville_ville_id_ville_fk" FOREIGN KEY ("id_ville") REFERENCES "public"."ville"("id_ville") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "couloir" ADD CONSTRAINT "couloir_id_niveau_niveau_id_niveau_fk" FOREIGN KEY ("id_niveau") REFERENCES "public"."niveau"("id_niveau") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "critere" ADD CONSTRAINT "critere_id_type_critere_type_critere_id_type_critere_fk" FOREIGN KEY ("id_type_critere") REFERENCES "public"."type_critere"("id_type_critere") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lit" ADD CONSTRAINT "lit_id_chambre_chambre_id_chambre_fk" FOREIGN KEY ("id_chambre") REFERENCES "public"."chambre"("id_chambre") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "niveau" ADD CONSTRAINT "niveau_id_batiment_batiment_id_batiment_fk" FOREIGN KEY ("id_batiment") REFERENCES "public"."batiment"("id_batiment") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota" ADD CONSTRAINT "quota_id_session_cenou_session_cenou_id_session_cenou_fk" FOREIGN KEY ("id_session_cenou") REFERENCES "public"."session_cenou"("id_session_cenou") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota" ADD CONSTRAINT "quota_id_critere_critere_id_critere_fk" FOREIGN KEY ("id_critere") REFERENCES "public"."critere"("id_critere") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registre_etudiant" ADD CONSTRAINT "registre_etudiant_id_ville_ville_id_ville_fk" FOREIGN KEY ("id_ville") REFERENCES "public"."ville"("id_ville") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registre_etudiant" ADD CONSTRAINT "registre_etudiant_id_user_users_id_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_cenou" ADD CONSTRAINT "session_cenou_id_direction_direction_id_direction_fk" FOREIGN KEY ("id_direction") REFERENCES "public"."direction"("id_direction") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_id_direction_direction_id_direction_fk" FOREIGN KEY ("id_direction") REFERENCES "public"."direction"("id_direction") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ville" ADD CONSTRAINT "ville_id_direction_direction_id_direction_fk" FOREIGN KEY ("id_direction") REFERENCES "public"."direction"("id_direction") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_at" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "batiment_cite" ON "batiment" USING btree ("id_cite");--> statement-breakpoint
CREATE UNIQUE INDEX "batiment_code_live" ON "batiment" USING btree ("id_cite",lower("code_batiment")) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "categorie_chambre_cite" ON "categorie_chambre" USING btree ("id_cite");--> statement-breakpoint
CREATE INDEX "chambre_couloir" ON "chambre" USING btree ("id_couloir");--> statement-breakpoint
CREATE INDEX "chambre_categorie" ON "chambre" USING btree ("id_categorie_chambre");--> statement-breakpoint
CREATE INDEX "cite_ville" ON "cite" USING btree ("id_ville");--> statement-breakpoint
CREATE INDEX "couloir_niveau" ON "couloir" USING btree ("id_niveau");--> statement-breakpoint
CREATE INDEX "critere_type" ON "critere" USING btree ("id_type_critere");--> statement-breakpoint
CREATE UNIQUE INDEX "direction_libelle_live" ON "direction" USING btree (lower("libelle_direction")) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "lit_chambre" ON "lit" USING btree ("id_chambre");--> statement-breakpoint
CREATE INDEX "niveau_batiment" ON "niveau" USING btree ("id_batiment");--> statement-breakpoint
CREATE INDEX "outbox_pending" ON "outbox_mail" USING btree ("next_attempt_at") WHERE sent_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "quota_session_critere_live" ON "quota" USING btree ("id_session_cenou","id_critere") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "registre_ine_live" ON "registre_etudiant" USING btree (upper("ine")) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "registre_ville" ON "registre_etudiant" USING btree ("id_ville");--> statement-breakpoint
CREATE INDEX "registre_nom" ON "registre_etudiant" USING btree ("nom_etudiant","prenom_etudiant");--> statement-breakpoint
CREATE INDEX "session_direction" ON "session_cenou" USING btree ("id_direction");--> statement-breakpoint
CREATE UNIQUE INDEX "session_active_per_direction" ON "session_cenou" USING btree ("id_direction") WHERE deleted_at IS NULL AND statut_session IN ('OUVERT', 'SUSPENDU');--> statement-breakpoint
CREATE UNIQUE INDEX "users_user_name_live" ON "users" USING btree (lower("user_name")) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ville_nom_live" ON "ville" USING btree (lower("nom_ville")) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "ville_direction" ON "ville" USING btree ("id_direction");