-- The counters kept by triggers (migrations 0009 and 0016) declared in the schema
-- (src/server/db/schema/counters.ts, docs/decisions/108-typed-repositories-and-owners.md), so
-- that their reads are typed. The tables exist already, as declared here: this migration creates
-- nothing on a database migrated before it (IF NOT EXISTS), and only brings drizzle-kit's snapshot
-- in step with the schema.
CREATE TABLE IF NOT EXISTS "compteur_depot" (
	"id_session_cenou" integer NOT NULL,
	"id_ville" integer NOT NULL,
	"nb" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "compteur_depot_pkey" PRIMARY KEY("id_session_cenou","id_ville")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "compteur_lignes" (
	"nom_table" text PRIMARY KEY NOT NULL,
	"nb" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "compteur_registre" (
	"id_ville" integer PRIMARY KEY NOT NULL,
	"nb" integer DEFAULT 0 NOT NULL,
	"inscrits" integer DEFAULT 0 NOT NULL
);
