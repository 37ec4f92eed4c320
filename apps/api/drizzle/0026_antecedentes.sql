CREATE TABLE "antecedentes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinica_id" uuid NOT NULL,
	"paciente_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"descripcion" text,
	"anticoagulante" boolean DEFAULT false NOT NULL,
	"condicion" text,
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"autor_id" text,
	"autor_nombre" text NOT NULL,
	"fecha_retirada" timestamp with time zone,
	"retirada_por_id" text,
	"retirada_por_nombre" text,
	CONSTRAINT "antecedentes_tipo_check" CHECK ("antecedentes"."tipo" in ('alergia', 'medicacion', 'condicion')),
	CONSTRAINT "antecedentes_condicion_check" CHECK (("antecedentes"."tipo" = 'condicion') = ("antecedentes"."condicion" is not null)
        and ("antecedentes"."condicion" is null or "antecedentes"."condicion" in ('diabetes', 'hipertension', 'cardiopatia', 'embarazo', 'otra'))),
	CONSTRAINT "antecedentes_descripcion_check" CHECK (("antecedentes"."descripcion" is not null and length("antecedentes"."descripcion") > 0) = ("antecedentes"."tipo" <> 'condicion' or "antecedentes"."condicion" = 'otra')),
	CONSTRAINT "antecedentes_anticoagulante_check" CHECK (not "antecedentes"."anticoagulante" or "antecedentes"."tipo" = 'medicacion'),
	CONSTRAINT "antecedentes_retirada_check" CHECK (("antecedentes"."fecha_retirada" is null) = ("antecedentes"."retirada_por_nombre" is null))
);
--> statement-breakpoint
ALTER TABLE "antecedentes" ADD CONSTRAINT "antecedentes_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "antecedentes" ADD CONSTRAINT "antecedentes_paciente_id_pacientes_id_fk" FOREIGN KEY ("paciente_id") REFERENCES "public"."pacientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "antecedentes" ADD CONSTRAINT "antecedentes_autor_id_user_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "antecedentes" ADD CONSTRAINT "antecedentes_retirada_por_id_user_id_fk" FOREIGN KEY ("retirada_por_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "antecedentes_paciente_idx" ON "antecedentes" USING btree ("paciente_id","fecha_registro" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "antecedentes_clinica_idx" ON "antecedentes" USING btree ("clinica_id");--> statement-breakpoint
-- Nothing clinical is erased (issue 22): an alert is withdrawn (fecha_retirada, who withdrew it), once,
-- and nothing else of it changes. The only other updates allowed are the ones a member's account
-- deletion makes (their ids set to null, names kept). A DELETE is refused unless the clinic itself is
-- being deleted (its cascade; the clinic row is already gone when it reaches here).
CREATE OR REPLACE FUNCTION antecedentes_sin_borrar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM clinicas WHERE id = OLD.clinica_id) THEN
      RAISE EXCEPTION 'Un antecedente no se puede borrar: se retira' USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN OLD;
  END IF;
  IF NEW.id IS DISTINCT FROM OLD.id OR NEW.clinica_id IS DISTINCT FROM OLD.clinica_id
    OR NEW.paciente_id IS DISTINCT FROM OLD.paciente_id OR NEW.tipo IS DISTINCT FROM OLD.tipo
    OR NEW.descripcion IS DISTINCT FROM OLD.descripcion OR NEW.anticoagulante IS DISTINCT FROM OLD.anticoagulante
    OR NEW.condicion IS DISTINCT FROM OLD.condicion OR NEW.fecha_registro IS DISTINCT FROM OLD.fecha_registro
    OR NEW.autor_nombre IS DISTINCT FROM OLD.autor_nombre
    OR (NEW.autor_id IS DISTINCT FROM OLD.autor_id AND NEW.autor_id IS NOT NULL)
    OR (OLD.fecha_retirada IS NOT NULL AND (NEW.fecha_retirada IS DISTINCT FROM OLD.fecha_retirada
      OR NEW.retirada_por_nombre IS DISTINCT FROM OLD.retirada_por_nombre
      OR (NEW.retirada_por_id IS DISTINCT FROM OLD.retirada_por_id AND NEW.retirada_por_id IS NOT NULL)))
  THEN
    RAISE EXCEPTION 'Un antecedente no se puede modificar: se retira' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER antecedentes_sin_cambios BEFORE UPDATE OR DELETE ON antecedentes
  FOR EACH ROW EXECUTE FUNCTION antecedentes_sin_borrar();
--> statement-breakpoint
-- The agenda's cached reads show each appointment's alerts (docs/decisions/0015): every write to a
-- clinic's alerts moves its pacientes_conteo version (not its total: the fifth argument is left out).
CREATE TRIGGER antecedentes_version_insertar AFTER INSERT ON antecedentes
  REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT
  EXECUTE FUNCTION odontia_mover_version('pacientes_conteo', 'clinica_id', 'f.clinica_id', 'mover');
--> statement-breakpoint
CREATE TRIGGER antecedentes_version_actualizar AFTER UPDATE ON antecedentes
  REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT
  EXECUTE FUNCTION odontia_mover_version('pacientes_conteo', 'clinica_id', 'f.clinica_id', 'mover');
--> statement-breakpoint
CREATE TRIGGER antecedentes_version_borrar AFTER DELETE ON antecedentes
  REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT
  EXECUTE FUNCTION odontia_mover_version('pacientes_conteo', 'clinica_id', 'f.clinica_id', 'mover');
--> statement-breakpoint
CREATE TRIGGER antecedentes_version_vaciar AFTER TRUNCATE ON antecedentes
  FOR EACH STATEMENT EXECUTE FUNCTION odontia_mover_version('pacientes_conteo', 'clinica_id', '*', 'mover');
