CREATE TABLE "ussd_session" (
	"id_session" text PRIMARY KEY NOT NULL,
	"telephone" text NOT NULL,
	"etat" text NOT NULL,
	"reprise" text,
	"terminee" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ussd_session_telephone" ON "ussd_session" USING btree ("telephone","updated_at");--> statement-breakpoint
CREATE INDEX "ussd_session_updated_at" ON "ussd_session" USING btree ("updated_at");