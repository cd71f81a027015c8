CREATE TABLE "document" (
	"id_document" bigserial PRIMARY KEY NOT NULL,
	"cle" text NOT NULL,
	"taille" integer DEFAULT 0 NOT NULL,
	"complet" boolean DEFAULT false NOT NULL,
	"modifie_le" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_partie" (
	"id_document" bigint NOT NULL,
	"numero" integer NOT NULL,
	"octets" "bytea" NOT NULL,
	CONSTRAINT "document_partie_pk" PRIMARY KEY("id_document","numero")
);
--> statement-breakpoint
ALTER TABLE "document_partie" ADD CONSTRAINT "document_partie_document" FOREIGN KEY ("id_document") REFERENCES "public"."document"("id_document") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_cle" ON "document" USING btree ("cle" text_pattern_ops);