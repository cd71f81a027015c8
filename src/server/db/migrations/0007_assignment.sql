CREATE TABLE "affectation" (
	"id_affectation" serial PRIMARY KEY NOT NULL,
	"id_session_cenou" integer NOT NULL,
	"id_dossier" integer NOT NULL,
	"id_etudiant" integer NOT NULL,
	"id_cite" integer NOT NULL,
	"id_chambre" integer NOT NULL,
	"id_lit" integer NOT NULL,
	"code_verification" text NOT NULL,
	"id_auteur" integer,
	"id_auteur_annulation" integer,
	"motif_annulation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "affectation" ADD CONSTRAINT "affectation_id_session_cenou_session_cenou_id_session_cenou_fk" FOREIGN KEY ("id_session_cenou") REFERENCES "public"."session_cenou"("id_session_cenou") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affectation" ADD CONSTRAINT "affectation_id_dossier_dossier_id_dossier_fk" FOREIGN KEY ("id_dossier") REFERENCES "public"."dossier"("id_dossier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affectation" ADD CONSTRAINT "affectation_id_etudiant_registre_etudiant_id_etudiant_fk" FOREIGN KEY ("id_etudiant") REFERENCES "public"."registre_etudiant"("id_etudiant") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affectation" ADD CONSTRAINT "affectation_id_cite_cite_id_cite_fk" FOREIGN KEY ("id_cite") REFERENCES "public"."cite"("id_cite") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affectation" ADD CONSTRAINT "affectation_id_chambre_chambre_id_chambre_fk" FOREIGN KEY ("id_chambre") REFERENCES "public"."chambre"("id_chambre") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affectation" ADD CONSTRAINT "affectation_id_lit_lit_id_lit_fk" FOREIGN KEY ("id_lit") REFERENCES "public"."lit"("id_lit") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affectation_code" ON "affectation" USING btree ("code_verification");--> statement-breakpoint
CREATE UNIQUE INDEX "affectation_lit_session_live" ON "affectation" USING btree ("id_lit","id_session_cenou") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "affectation_etudiant_session_live" ON "affectation" USING btree ("id_etudiant","id_session_cenou") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "affectation_cite_session_live" ON "affectation" USING btree ("id_cite","id_session_cenou") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "affectation_session" ON "affectation" USING btree ("id_session_cenou","id_affectation");--> statement-breakpoint
CREATE INDEX "affectation_chambre" ON "affectation" USING btree ("id_chambre");--> statement-breakpoint
CREATE INDEX "affectation_dossier" ON "affectation" USING btree ("id_dossier");