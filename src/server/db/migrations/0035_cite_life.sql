CREATE TABLE "agent_cite" (
	"id_user" integer NOT NULL,
	"id_cite" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "element_inventaire" (
	"id_element_inventaire" serial PRIMARY KEY NOT NULL,
	"id_categorie_chambre" integer NOT NULL,
	"libelle_element" text NOT NULL,
	"quantite" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "etat_des_lieux" (
	"id_etat_des_lieux" serial PRIMARY KEY NOT NULL,
	"id_affectation" integer NOT NULL,
	"type" text NOT NULL,
	"par_residant" boolean NOT NULL,
	"id_auteur" integer NOT NULL,
	"id_valideur" integer,
	"valide_le" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "etat_des_lieux_element" (
	"id_etat_des_lieux_element" serial PRIMARY KEY NOT NULL,
	"id_etat_des_lieux" integer NOT NULL,
	"id_element_inventaire" integer NOT NULL,
	"etat" text NOT NULL,
	"commentaire" text
);
--> statement-breakpoint
CREATE TABLE "etat_des_lieux_photo" (
	"id_photo" serial PRIMARY KEY NOT NULL,
	"id_etat_des_lieux_element" integer NOT NULL,
	"cle" text NOT NULL,
	"type_mime" text NOT NULL,
	"taille" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remise_cle" (
	"id_remise_cle" serial PRIMARY KEY NOT NULL,
	"id_affectation" integer NOT NULL,
	"id_lit" integer NOT NULL,
	"code_cle" text NOT NULL,
	"remise_le" timestamp with time zone DEFAULT now() NOT NULL,
	"id_auteur" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "televersement" ALTER COLUMN "id_type_critere" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "televersement" ADD COLUMN "usage" text DEFAULT 'justificatif' NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_cite" ADD CONSTRAINT "agent_cite_id_user_users_id_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_cite" ADD CONSTRAINT "agent_cite_id_cite_cite_id_cite_fk" FOREIGN KEY ("id_cite") REFERENCES "public"."cite"("id_cite") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "element_inventaire" ADD CONSTRAINT "element_inventaire_id_categorie_chambre_categorie_chambre_id_categorie_chambre_fk" FOREIGN KEY ("id_categorie_chambre") REFERENCES "public"."categorie_chambre"("id_categorie_chambre") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etat_des_lieux" ADD CONSTRAINT "etat_des_lieux_id_affectation_affectation_id_affectation_fk" FOREIGN KEY ("id_affectation") REFERENCES "public"."affectation"("id_affectation") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etat_des_lieux_element" ADD CONSTRAINT "etat_des_lieux_element_id_etat_des_lieux_etat_des_lieux_id_etat_des_lieux_fk" FOREIGN KEY ("id_etat_des_lieux") REFERENCES "public"."etat_des_lieux"("id_etat_des_lieux") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etat_des_lieux_element" ADD CONSTRAINT "etat_des_lieux_element_id_element_inventaire_element_inventaire_id_element_inventaire_fk" FOREIGN KEY ("id_element_inventaire") REFERENCES "public"."element_inventaire"("id_element_inventaire") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etat_des_lieux_photo" ADD CONSTRAINT "etat_des_lieux_photo_id_etat_des_lieux_element_etat_des_lieux_element_id_etat_des_lieux_element_fk" FOREIGN KEY ("id_etat_des_lieux_element") REFERENCES "public"."etat_des_lieux_element"("id_etat_des_lieux_element") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remise_cle" ADD CONSTRAINT "remise_cle_id_affectation_affectation_id_affectation_fk" FOREIGN KEY ("id_affectation") REFERENCES "public"."affectation"("id_affectation") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remise_cle" ADD CONSTRAINT "remise_cle_id_lit_lit_id_lit_fk" FOREIGN KEY ("id_lit") REFERENCES "public"."lit"("id_lit") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_cite_user_cite" ON "agent_cite" USING btree ("id_user","id_cite");--> statement-breakpoint
CREATE INDEX "agent_cite_cite" ON "agent_cite" USING btree ("id_cite");--> statement-breakpoint
CREATE INDEX "element_inventaire_categorie" ON "element_inventaire" USING btree ("id_categorie_chambre") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "etat_des_lieux_affectation_type" ON "etat_des_lieux" USING btree ("id_affectation","type");--> statement-breakpoint
CREATE UNIQUE INDEX "etat_des_lieux_element_unique" ON "etat_des_lieux_element" USING btree ("id_etat_des_lieux","id_element_inventaire");--> statement-breakpoint
CREATE INDEX "etat_des_lieux_photo_element" ON "etat_des_lieux_photo" USING btree ("id_etat_des_lieux_element");--> statement-breakpoint
CREATE UNIQUE INDEX "remise_cle_affectation" ON "remise_cle" USING btree ("id_affectation");--> statement-breakpoint
CREATE INDEX "remise_cle_lit" ON "remise_cle" USING btree ("id_lit");--> statement-breakpoint
-- The inventory elements are a reference list: their changes are told to every instance (migration 0020).
DROP TRIGGER IF EXISTS element_inventaire_table_modifiee ON element_inventaire;
--> statement-breakpoint
CREATE TRIGGER element_inventaire_table_modifiee AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON element_inventaire FOR EACH STATEMENT EXECUTE FUNCTION table_modifiee();
