CREATE TABLE "consentimientos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinica_id" uuid NOT NULL,
	"paciente_id" uuid NOT NULL,
	"plantilla_id" uuid,
	"titulo" text NOT NULL,
	"texto" text NOT NULL,
	"paciente_nombre" text NOT NULL,
	"firmante" text NOT NULL,
	"tutor_nombre" text,
	"tutor_relacion" text,
	"profesional_id" text NOT NULL,
	"profesional_nombre" text NOT NULL,
	"fecha_firma" timestamp with time zone DEFAULT now() NOT NULL,
	"archivo_clave" text NOT NULL,
	"sha256" text NOT NULL,
	"bytes" integer NOT NULL,
	CONSTRAINT "consentimientos_firmante_valido" CHECK ("consentimientos"."firmante" in ('paciente', 'tutor')),
	CONSTRAINT "consentimientos_tutor_completo" CHECK (("consentimientos"."firmante" = 'tutor') = ("consentimientos"."tutor_nombre" is not null and "consentimientos"."tutor_relacion" is not null))
);
--> statement-breakpoint
CREATE TABLE "plantillas_consentimientos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinica_id" uuid NOT NULL,
	"titulo" text NOT NULL,
	"cuerpo" text NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_actualizacion" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "consentimientos" ADD CONSTRAINT "consentimientos_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consentimientos" ADD CONSTRAINT "consentimientos_paciente_id_pacientes_id_fk" FOREIGN KEY ("paciente_id") REFERENCES "public"."pacientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plantillas_consentimientos" ADD CONSTRAINT "plantillas_consentimientos_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consentimientos_paciente_fecha_idx" ON "consentimientos" USING btree ("clinica_id","paciente_id","fecha_firma" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "plantillas_consentimientos_clinica_idx" ON "plantillas_consentimientos" USING btree ("clinica_id","titulo");--> statement-breakpoint
-- A signed consent is part of the clinical record: whoever connects, nobody rewrites or erases it
-- (historia_solo_insertar, migration 0027, as for addenda).
CREATE TRIGGER consentimientos_sin_cambios BEFORE UPDATE OR DELETE ON consentimientos
  FOR EACH ROW EXECUTE FUNCTION historia_solo_insertar();
--> statement-breakpoint
CREATE TRIGGER consentimientos_sin_vaciar BEFORE TRUNCATE ON consentimientos
  FOR EACH STATEMENT EXECUTE FUNCTION historia_solo_insertar();
