CREATE TABLE "dossier_evenement" (
	"id_evenement" bigserial PRIMARY KEY NOT NULL,
	"id_dossier" integer NOT NULL,
	"id_session_cenou" integer NOT NULL,
	"evenement" text NOT NULL,
	"date_evenement" timestamp with time zone DEFAULT now() NOT NULL,
	"id_auteur" integer,
	"auteur" text,
	"motif" text,
	"commentaire" text,
	"detail" jsonb
);
--> statement-breakpoint
ALTER TABLE "dossier" ADD COLUMN "rappel_envoye_le" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dossier_evenement" ADD CONSTRAINT "dossier_evenement_id_dossier_dossier_id_dossier_fk" FOREIGN KEY ("id_dossier") REFERENCES "public"."dossier"("id_dossier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dossier_evenement_dossier" ON "dossier_evenement" USING btree ("id_dossier","id_evenement");--> statement-breakpoint
CREATE INDEX "dossier_evenement_session" ON "dossier_evenement" USING btree ("id_session_cenou","evenement");--> statement-breakpoint
CREATE INDEX "dossier_attente_rang" ON "dossier" USING btree ("id_session_cenou","rang") WHERE statut_dossier = 'LISTE_ATTENTE' AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "dossier_offre_en_attente" ON "dossier" USING btree ("date_limite_reponse") WHERE reponse = 'EN_ATTENTE' AND deleted_at IS NULL;