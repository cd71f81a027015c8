CREATE TABLE "campagne_choix" (
	"id_campagne" serial PRIMARY KEY NOT NULL,
	"id_session_cenou" integer NOT NULL,
	"id_direction" integer NOT NULL,
	"debut" timestamp with time zone NOT NULL,
	"fin" timestamp with time zone NOT NULL,
	"duree_creneau_minutes" integer NOT NULL,
	"etudiants_par_creneau" integer NOT NULL,
	"duree_reservation_minutes" integer NOT NULL,
	"id_auteur" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campagne_choix_dates" CHECK (fin > debut)
);
--> statement-breakpoint
CREATE TABLE "campagne_creneau" (
	"id_campagne" integer NOT NULL,
	"id_etudiant" integer NOT NULL,
	"id_dossier" integer NOT NULL,
	"ine" text NOT NULL,
	"ordre" integer NOT NULL,
	"numero" integer NOT NULL,
	"debut_creneau" timestamp with time zone NOT NULL,
	CONSTRAINT "campagne_creneau_id_campagne_id_etudiant_pk" PRIMARY KEY("id_campagne","id_etudiant")
);
--> statement-breakpoint
CREATE TABLE "groupe_choix" (
	"id_groupe" serial PRIMARY KEY NOT NULL,
	"id_campagne" integer NOT NULL,
	"id_createur" integer NOT NULL,
	"sexe" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "groupe_membre" (
	"id_groupe" integer NOT NULL,
	"id_campagne" integer NOT NULL,
	"id_etudiant" integer NOT NULL,
	"statut" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groupe_membre_id_groupe_id_etudiant_pk" PRIMARY KEY("id_groupe","id_etudiant")
);
--> statement-breakpoint
CREATE TABLE "reservation" (
	"id_reservation" serial PRIMARY KEY NOT NULL,
	"id_campagne" integer NOT NULL,
	"id_groupe" integer,
	"id_etudiant" integer NOT NULL,
	"id_chambre" integer NOT NULL,
	"expire_a" timestamp with time zone NOT NULL,
	"prolongations" integer DEFAULT 0 NOT NULL,
	"etat" text DEFAULT 'ACTIVE' NOT NULL,
	"id_auteur_annulation" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation_lit" (
	"id_reservation" integer NOT NULL,
	"id_lit" integer NOT NULL,
	"id_etudiant" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campagne_choix" ADD CONSTRAINT "campagne_choix_id_session_cenou_session_cenou_id_session_cenou_fk" FOREIGN KEY ("id_session_cenou") REFERENCES "public"."session_cenou"("id_session_cenou") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campagne_choix" ADD CONSTRAINT "campagne_choix_id_direction_direction_id_direction_fk" FOREIGN KEY ("id_direction") REFERENCES "public"."direction"("id_direction") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campagne_creneau" ADD CONSTRAINT "campagne_creneau_id_campagne_campagne_choix_id_campagne_fk" FOREIGN KEY ("id_campagne") REFERENCES "public"."campagne_choix"("id_campagne") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campagne_creneau" ADD CONSTRAINT "campagne_creneau_id_etudiant_registre_etudiant_id_etudiant_fk" FOREIGN KEY ("id_etudiant") REFERENCES "public"."registre_etudiant"("id_etudiant") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campagne_creneau" ADD CONSTRAINT "campagne_creneau_id_dossier_dossier_id_dossier_fk" FOREIGN KEY ("id_dossier") REFERENCES "public"."dossier"("id_dossier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groupe_choix" ADD CONSTRAINT "groupe_choix_id_campagne_campagne_choix_id_campagne_fk" FOREIGN KEY ("id_campagne") REFERENCES "public"."campagne_choix"("id_campagne") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groupe_choix" ADD CONSTRAINT "groupe_choix_id_createur_registre_etudiant_id_etudiant_fk" FOREIGN KEY ("id_createur") REFERENCES "public"."registre_etudiant"("id_etudiant") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groupe_membre" ADD CONSTRAINT "groupe_membre_id_groupe_groupe_choix_id_groupe_fk" FOREIGN KEY ("id_groupe") REFERENCES "public"."groupe_choix"("id_groupe") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groupe_membre" ADD CONSTRAINT "groupe_membre_id_campagne_campagne_choix_id_campagne_fk" FOREIGN KEY ("id_campagne") REFERENCES "public"."campagne_choix"("id_campagne") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groupe_membre" ADD CONSTRAINT "groupe_membre_id_etudiant_registre_etudiant_id_etudiant_fk" FOREIGN KEY ("id_etudiant") REFERENCES "public"."registre_etudiant"("id_etudiant") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation" ADD CONSTRAINT "reservation_id_campagne_campagne_choix_id_campagne_fk" FOREIGN KEY ("id_campagne") REFERENCES "public"."campagne_choix"("id_campagne") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation" ADD CONSTRAINT "reservation_id_groupe_groupe_choix_id_groupe_fk" FOREIGN KEY ("id_groupe") REFERENCES "public"."groupe_choix"("id_groupe") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation" ADD CONSTRAINT "reservation_id_etudiant_registre_etudiant_id_etudiant_fk" FOREIGN KEY ("id_etudiant") REFERENCES "public"."registre_etudiant"("id_etudiant") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation" ADD CONSTRAINT "reservation_id_chambre_chambre_id_chambre_fk" FOREIGN KEY ("id_chambre") REFERENCES "public"."chambre"("id_chambre") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_lit" ADD CONSTRAINT "reservation_lit_id_reservation_reservation_id_reservation_fk" FOREIGN KEY ("id_reservation") REFERENCES "public"."reservation"("id_reservation") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_lit" ADD CONSTRAINT "reservation_lit_id_lit_lit_id_lit_fk" FOREIGN KEY ("id_lit") REFERENCES "public"."lit"("id_lit") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_lit" ADD CONSTRAINT "reservation_lit_id_etudiant_registre_etudiant_id_etudiant_fk" FOREIGN KEY ("id_etudiant") REFERENCES "public"."registre_etudiant"("id_etudiant") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campagne_choix_session_direction" ON "campagne_choix" USING btree ("id_session_cenou","id_direction");--> statement-breakpoint
CREATE UNIQUE INDEX "campagne_creneau_ine" ON "campagne_creneau" USING btree ("id_campagne","ine");--> statement-breakpoint
CREATE INDEX "campagne_creneau_ordre" ON "campagne_creneau" USING btree ("id_campagne","ordre");--> statement-breakpoint
CREATE INDEX "groupe_choix_campagne" ON "groupe_choix" USING btree ("id_campagne");--> statement-breakpoint
CREATE UNIQUE INDEX "groupe_membre_un_groupe" ON "groupe_membre" USING btree ("id_campagne","id_etudiant") WHERE statut IN ('INVITE', 'ACCEPTE');--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_active_groupe" ON "reservation" USING btree ("id_groupe") WHERE etat = 'ACTIVE' AND id_groupe IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_active_etudiant" ON "reservation" USING btree ("id_campagne","id_etudiant") WHERE etat = 'ACTIVE' AND id_groupe IS NULL;--> statement-breakpoint
CREATE INDEX "reservation_campagne" ON "reservation" USING btree ("id_campagne","etat");--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_lit_lit" ON "reservation_lit" USING btree ("id_lit");--> statement-breakpoint
CREATE INDEX "reservation_lit_reservation" ON "reservation_lit" USING btree ("id_reservation");