CREATE TABLE "adendas_notas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinica_id" uuid NOT NULL,
	"nota_id" uuid NOT NULL,
	"autor_id" text NOT NULL,
	"autor_nombre" text NOT NULL,
	"texto" text NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notas_clinicas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinica_id" uuid NOT NULL,
	"paciente_id" uuid NOT NULL,
	"cita_id" uuid,
	"autor_id" text NOT NULL,
	"autor_nombre" text NOT NULL,
	"fecha" date NOT NULL,
	"texto" text NOT NULL,
	"diagnostico" text,
	"procedimientos" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"subjetiva" boolean DEFAULT false NOT NULL,
	"estado" text DEFAULT 'borrador' NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_actualizacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_firma" timestamp with time zone,
	"hash" text,
	"fecha_descarte" timestamp with time zone,
	CONSTRAINT "notas_clinicas_estado_valido" CHECK ("notas_clinicas"."estado" in ('borrador', 'firmada', 'descartada')),
	CONSTRAINT "notas_clinicas_firma_completa" CHECK (("notas_clinicas"."estado" = 'firmada') = ("notas_clinicas"."fecha_firma" is not null and "notas_clinicas"."hash" is not null))
);
--> statement-breakpoint
CREATE TABLE "plantillas_notas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinica_id" uuid NOT NULL,
	"titulo" text NOT NULL,
	"cuerpo" text NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_actualizacion" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "adendas_notas" ADD CONSTRAINT "adendas_notas_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adendas_notas" ADD CONSTRAINT "adendas_notas_nota_id_notas_clinicas_id_fk" FOREIGN KEY ("nota_id") REFERENCES "public"."notas_clinicas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas_clinicas" ADD CONSTRAINT "notas_clinicas_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas_clinicas" ADD CONSTRAINT "notas_clinicas_paciente_id_pacientes_id_fk" FOREIGN KEY ("paciente_id") REFERENCES "public"."pacientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plantillas_notas" ADD CONSTRAINT "plantillas_notas_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adendas_notas_nota_idx" ON "adendas_notas" USING btree ("nota_id","fecha");--> statement-breakpoint
CREATE INDEX "notas_clinicas_paciente_fecha_idx" ON "notas_clinicas" USING btree ("clinica_id","paciente_id","fecha" DESC NULLS LAST,"fecha_creacion" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notas_clinicas_borradores_idx" ON "notas_clinicas" USING btree ("clinica_id","autor_id","fecha_creacion") WHERE "notas_clinicas"."estado" = 'borrador';--> statement-breakpoint
CREATE INDEX "plantillas_notas_clinica_idx" ON "plantillas_notas" USING btree ("clinica_id","titulo");--> statement-breakpoint
-- A signed note is part of the clinical record (Ley 41/2002, Res. 1995/1999): whoever connects, nobody
-- rewrites or erases it, nor a discarded draft (kept as it was), nor an addendum. A draft may be updated
-- (its author edits, signs or discards it); everything else is refused, as for the audit trail (0011).
CREATE OR REPLACE FUNCTION notas_clinicas_solo_borradores() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.estado = 'borrador' THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'Una nota clínica firmada (o descartada) no se puede modificar ni borrar (%)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER notas_clinicas_sin_cambios BEFORE UPDATE OR DELETE ON notas_clinicas
  FOR EACH ROW EXECUTE FUNCTION notas_clinicas_solo_borradores();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION historia_solo_insertar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'La historia clínica no se puede modificar ni borrar (% en %)', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER adendas_notas_sin_cambios BEFORE UPDATE OR DELETE ON adendas_notas
  FOR EACH ROW EXECUTE FUNCTION historia_solo_insertar();
--> statement-breakpoint
CREATE TRIGGER adendas_notas_sin_vaciar BEFORE TRUNCATE ON adendas_notas
  FOR EACH STATEMENT EXECUTE FUNCTION historia_solo_insertar();
--> statement-breakpoint
CREATE TRIGGER notas_clinicas_sin_vaciar BEFORE TRUNCATE ON notas_clinicas
  FOR EACH STATEMENT EXECUTE FUNCTION historia_solo_insertar();
--> statement-breakpoint
-- The five templates a new clinic gets (shared DEFAULT_NOTE_TEMPLATES), for the clinics that exist.
INSERT INTO "plantillas_notas" ("clinica_id", "titulo", "cuerpo")
SELECT c."id", t.titulo, t.cuerpo
FROM "clinicas" c
CROSS JOIN (VALUES
  (E'Revisión', E'Revisión de {paciente} el {fecha}.\nMotivo de consulta: revisión periódica.\nExploración intraoral: tejidos blandos sin alteraciones. Higiene oral: \nHallazgos: \nPlan: próxima revisión en 6 meses.\nAtendido por {dentista}.'),
  (E'Limpieza', E'Profilaxis dental de {paciente} el {fecha}.\nTartrectomía supra y subgingival con ultrasonidos, pulido y aplicación de flúor.\nSangrado al sondaje: \nInstrucciones de higiene oral explicadas.\nAtendido por {dentista}.'),
  (E'Obturación', E'Obturación del diente {diente} de {paciente} el {fecha}.\nAnestesia: \nEliminación de caries, aislamiento, grabado ácido, adhesivo y restauración con composite. Superficies: \nOclusión comprobada.\nAtendido por {dentista}.'),
  (E'Endodoncia', E'Endodoncia del diente {diente} de {paciente} el {fecha}.\nAnestesia: \nApertura cameral, localización de conductos, conductometría: \nInstrumentación, irrigación con hipoclorito y obturación de conductos. Radiografía final: \nObturación provisional. Indicaciones postoperatorias explicadas.\nAtendido por {dentista}.'),
  (E'Extracción', E'Extracción del diente {diente} de {paciente} el {fecha}.\nAnestesia: \nLuxación y extracción sin incidencias, hemostasia con gasa. Sutura: \nIndicaciones postoperatorias entregadas por escrito.\nAtendido por {dentista}.')
) AS t(titulo, cuerpo)
ORDER BY c."id";
