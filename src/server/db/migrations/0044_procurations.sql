CREATE TABLE "brouillon_dossier" (
	"id_user" integer PRIMARY KEY NOT NULL,
	"corps" jsonb NOT NULL,
	"id_procuration" integer,
	"adresse" text,
	"modifie_a" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procuration" (
	"id_procuration" serial PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"tache" text NOT NULL,
	"code_hmac" text NOT NULL,
	"expire_a" timestamp with time zone NOT NULL,
	"creee_a" timestamp with time zone DEFAULT now() NOT NULL,
	"utilisee_a" timestamp with time zone,
	"adresse_utilisation" text,
	"revoquee_a" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "brouillon_dossier" ADD CONSTRAINT "brouillon_dossier_id_user_users_id_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brouillon_dossier" ADD CONSTRAINT "brouillon_dossier_id_procuration_procuration_id_procuration_fk" FOREIGN KEY ("id_procuration") REFERENCES "public"."procuration"("id_procuration") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procuration" ADD CONSTRAINT "procuration_id_user_users_id_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "procuration_user" ON "procuration" USING btree ("id_user","id_procuration");--> statement-breakpoint
CREATE INDEX "procuration_vivante" ON "procuration" USING btree ("id_user","code_hmac") WHERE utilisee_a IS NULL AND revoquee_a IS NULL;