CREATE TABLE "pacientes_conteo" (
	"clinica_id" uuid PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pacientes_conteo" ADD CONSTRAINT "pacientes_conteo_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;