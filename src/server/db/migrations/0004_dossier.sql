CREATE TABLE "dossier" (
	"id_dossier" serial PRIMARY KEY NOT NULL,
	"reference_dossier" text NOT NULL,
	"id_session_cenou" integer NOT NULL,
	"id_direction" integer NOT NULL,
	"id_etudiant" integer NOT NULL,
	"id_user" integer NOT NULL,
	"type_dossier" text DEFAULT 'NOUVEAU' NOT NULL,
	"statut_dossier" text DEFAULT 'DEPOSE' NOT NULL,
	"date_depot" timestamp with time zone DEFAULT now() NOT NULL,
	"moyenne" double precision,
	"analyse_par" integer,
	"date_analyse" timestamp with time zone,
	"liste_deliberation" text,
	"rang" integer,
	"reponse" text,
	"date_limite_reponse" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dossier_critere" (
	"id_dossier_critere" serial PRIMARY KEY NOT NULL,
	"id_dossier" integer NOT NULL,
	"id_type_critere" integer NOT NULL,
	"id_critere" integer NOT NULL,
	"nom_fichier" text,
	"cle_fichier" text,
	"taille_fichier" integer,
	"valeur_analyse" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dossier_sequence" (
	"id_direction" integer NOT NULL,
	"annee" integer NOT NULL,
	"dernier" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dossier" ADD CONSTRAINT "dossier_id_session_cenou_session_cenou_id_session_cenou_fk" FOREIGN KEY ("id_session_cenou") REFERENCES "public"."session_cenou"("id_session_cenou") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossier" ADD CONSTRAINT "dossier_id_direction_direction_id_direction_fk" FOREIGN KEY ("id_direction") REFERENCES "public"."direction"("id_direction") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossier" ADD CONSTRAINT "dossier_id_etudiant_registre_etudiant_id_etudiant_fk" FOREIGN KEY ("id_etudiant") REFERENCES "public"."registre_etudiant"("id_etudiant") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossier" ADD CONSTRAINT "dossier_id_user_users_id_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossier" ADD CONSTRAINT "dossier_analyse_par_users_id_fk" FOREIGN KEY ("analyse_par") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossier_critere" ADD CONSTRAINT "dossier_critere_id_dossier_dossier_id_dossier_fk" FOREIGN KEY ("id_dossier") REFERENCES "public"."dossier"("id_dossier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossier_critere" ADD CONSTRAINT "dossier_critere_id_type_critere_type_critere_id_type_critere_fk" FOREIGN KEY ("id_type_critere") REFERENCES "public"."type_critere"("id_type_critere") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossier_critere" ADD CONSTRAINT "dossier_critere_id_critere_critere_id_critere_fk" FOREIGN KEY ("id_critere") REFERENCES "public"."critere"("id_critere") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dossier_reference" ON "dossier" USING btree ("reference_dossier");--> statement-breakpoint
CREATE UNIQUE INDEX "dossier_etudiant_session_live" ON "dossier" USING btree ("id_etudiant","id_session_cenou") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "dossier_session_statut" ON "dossier" USING btree ("id_session_cenou","statut_dossier");--> statement-breakpoint
CREATE INDEX "dossier_direction" ON "dossier" USING btree ("id_direction","date_depot");--> statement-breakpoint
CREATE INDEX "dossier_user" ON "dossier" USING btree ("id_user");--> statement-breakpoint
CREATE UNIQUE INDEX "dossier_critere_type" ON "dossier_critere" USING btree ("id_dossier","id_type_critere");--> statement-breakpoint
CREATE INDEX "dossier_critere_critere" ON "dossier_critere" USING btree ("id_critere");--> statement-breakpoint
CREATE UNIQUE INDEX "dossier_sequence_key" ON "dossier_sequence" USING btree ("id_direction","annee");