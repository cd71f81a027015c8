CREATE TABLE "televersement" (
	"id_televersement" text PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"id_type_critere" integer NOT NULL,
	"nom_fichier" text NOT NULL,
	"metadonnees" text NOT NULL,
	"longueur" integer NOT NULL,
	"decalage" integer DEFAULT 0 NOT NULL,
	"entete" text DEFAULT '' NOT NULL,
	"jeton" text,
	"jeton_depuis" timestamp with time zone,
	"expire_le" timestamp with time zone NOT NULL,
	"termine_le" timestamp with time zone,
	"utilise_le" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "televersement_decalage" CHECK ("televersement"."decalage" >= 0 AND "televersement"."decalage" <= "televersement"."longueur")
);
--> statement-breakpoint
CREATE TABLE "televersement_partie" (
	"cle" text PRIMARY KEY NOT NULL,
	"id_televersement" text NOT NULL,
	"debut" integer NOT NULL,
	"taille" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "televersement" ADD CONSTRAINT "televersement_id_user_users_id_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "televersement_partie" ADD CONSTRAINT "televersement_partie_televersement" FOREIGN KEY ("id_televersement") REFERENCES "public"."televersement"("id_televersement") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "televersement_user" ON "televersement" USING btree ("id_user");--> statement-breakpoint
CREATE INDEX "televersement_expire" ON "televersement" USING btree ("expire_le");--> statement-breakpoint
CREATE UNIQUE INDEX "televersement_partie_debut" ON "televersement_partie" USING btree ("id_televersement","debut");