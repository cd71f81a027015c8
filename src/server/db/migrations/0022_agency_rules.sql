ALTER TABLE "critere" ADD COLUMN "handicap" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "deliberation" ADD COLUMN "places_readmission" integer;--> statement-breakpoint
ALTER TABLE "deliberation" ADD COLUMN "part_femmes" integer;--> statement-breakpoint
ALTER TABLE "deliberation" ADD COLUMN "nb_readmissions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deliberation" ADD COLUMN "effectifs" jsonb;--> statement-breakpoint
ALTER TABLE "deliberation_candidat" ADD COLUMN "sexe" text;--> statement-breakpoint
ALTER TABLE "deliberation_candidat" ADD COLUMN "readmission" boolean;--> statement-breakpoint
ALTER TABLE "deliberation_candidat" ADD COLUMN "annees_hebergement" integer;--> statement-breakpoint
ALTER TABLE "registre_etudiant" ADD COLUMN "annees_hebergement_anterieures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "session_cenou" ADD COLUMN "places_readmission" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "session_cenou" ADD COLUMN "part_femmes" integer DEFAULT 60 NOT NULL;