-- What each patient owes (issue 25) was summed from every treatment done and every payment of theirs
-- on each read: the debtors' list grouped a clinic's whole history per patient (900,000 rows in the bench's
-- clinic, 0.85 s), and the balance report could not say what patients owe at all: it took production less
-- collections, where one patient's advance lowers another patient's debt. saldos_pacientes keeps, per
-- patient, what their treatments done and their payments add up to (annulments are negative rows), and
-- whether the patient is archived: platform/balance.ts reads a patient's balance and what the clinic's
-- debtors owe in all from it (the debtors through a partial index, without their rows).
-- Statement-level triggers add each statement's change per patient in that statement (one grouped upsert,
-- in patient order), not at the commit as the daily rollups (0050) do: the writing transaction reads its
-- own payment's balance (the receipt prints it), and a patient's row is only ever waited on by writes of
-- that same patient, which already queue on the patient's lock. A deletion only updates (a patient's
-- cascade may have removed their row already); a TRUNCATE empties its column. A row trigger on pacientes
-- follows archiving. The table is filled from the raw rows after the triggers exist, in this transaction.
CREATE TABLE "saldos_pacientes" (
	"paciente_id" uuid PRIMARY KEY NOT NULL,
	"clinica_id" uuid NOT NULL,
	"realizado" bigint NOT NULL,
	"cobrado" bigint NOT NULL,
	"archivado" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saldos_pacientes" ADD CONSTRAINT "saldos_pacientes_paciente_id_pacientes_id_fk" FOREIGN KEY ("paciente_id") REFERENCES "public"."pacientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saldos_pacientes" ADD CONSTRAINT "saldos_pacientes_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saldos_pacientes_deudores_idx" ON "saldos_pacientes" USING btree ("clinica_id","realizado","cobrado") WHERE "saldos_pacientes"."realizado" > "saldos_pacientes"."cobrado" and not "saldos_pacientes"."archivado";--> statement-breakpoint
CREATE FUNCTION "sumar_saldos_pacientes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- Which total the table's rows move: 'realizado' (tratamientos_realizados) or 'cobrado' (cobros).
  treatments boolean := TG_ARGV[0] = 'realizado';
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "saldos_pacientes" SET "realizado" = CASE WHEN treatments THEN 0 ELSE "realizado" END,
      "cobrado" = CASE WHEN treatments THEN "cobrado" ELSE 0 END;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "saldos_pacientes" s
      SET "realizado" = s."realizado" - CASE WHEN treatments THEN d."importe" ELSE 0 END,
        "cobrado" = s."cobrado" - CASE WHEN treatments THEN 0 ELSE d."importe" END
    FROM (SELECT "paciente_id", sum("importe") AS "importe" FROM "viejas" GROUP BY 1) d
    WHERE s."paciente_id" = d."paciente_id";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "saldos_pacientes" AS s ("paciente_id", "clinica_id", "realizado", "cobrado", "archivado")
    SELECT d."paciente_id", p."clinica_id", CASE WHEN treatments THEN d."importe" ELSE 0 END,
      CASE WHEN treatments THEN 0 ELSE d."importe" END, p."fecha_archivado" IS NOT NULL
    FROM (
      SELECT "paciente_id", sum("importe") AS "importe" FROM "nuevas" GROUP BY 1
    ) d JOIN "pacientes" p ON p."id" = d."paciente_id"
    ORDER BY 1
    ON CONFLICT ("paciente_id") DO UPDATE
      SET "realizado" = s."realizado" + excluded."realizado", "cobrado" = s."cobrado" + excluded."cobrado";
  ELSE
    -- An UPDATE: its new rows less its old ones, for the patients whose total moved (a payment marked
    -- annulled, a dentist or a service set null, move nothing).
    INSERT INTO "saldos_pacientes" AS s ("paciente_id", "clinica_id", "realizado", "cobrado", "archivado")
    SELECT d."paciente_id", p."clinica_id", CASE WHEN treatments THEN d."importe" ELSE 0 END,
      CASE WHEN treatments THEN 0 ELSE d."importe" END, p."fecha_archivado" IS NOT NULL
    FROM (
      SELECT x."paciente_id", sum(x."importe") AS "importe"
      FROM (
        SELECT "paciente_id", "importe" FROM "nuevas"
        UNION ALL
        SELECT "paciente_id", -"importe" FROM "viejas"
      ) x
      GROUP BY 1 HAVING sum(x."importe") <> 0
    ) d JOIN "pacientes" p ON p."id" = d."paciente_id"
    ORDER BY 1
    ON CONFLICT ("paciente_id") DO UPDATE
      SET "realizado" = s."realizado" + excluded."realizado", "cobrado" = s."cobrado" + excluded."cobrado";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tratamientos_realizados_saldo_alta" AFTER INSERT ON "tratamientos_realizados"
  REFERENCING NEW TABLE AS "nuevas" FOR EACH STATEMENT EXECUTE FUNCTION "sumar_saldos_pacientes"('realizado');
--> statement-breakpoint
CREATE TRIGGER "tratamientos_realizados_saldo_cambio" AFTER UPDATE ON "tratamientos_realizados"
  REFERENCING OLD TABLE AS "viejas" NEW TABLE AS "nuevas" FOR EACH STATEMENT EXECUTE FUNCTION "sumar_saldos_pacientes"('realizado');
--> statement-breakpoint
CREATE TRIGGER "tratamientos_realizados_saldo_baja" AFTER DELETE ON "tratamientos_realizados"
  REFERENCING OLD TABLE AS "viejas" FOR EACH STATEMENT EXECUTE FUNCTION "sumar_saldos_pacientes"('realizado');
--> statement-breakpoint
CREATE TRIGGER "tratamientos_realizados_saldo_vaciar" AFTER TRUNCATE ON "tratamientos_realizados"
  FOR EACH STATEMENT EXECUTE FUNCTION "sumar_saldos_pacientes"('realizado');
--> statement-breakpoint
CREATE TRIGGER "cobros_saldo_alta" AFTER INSERT ON "cobros"
  REFERENCING NEW TABLE AS "nuevas" FOR EACH STATEMENT EXECUTE FUNCTION "sumar_saldos_pacientes"('cobrado');
--> statement-breakpoint
CREATE TRIGGER "cobros_saldo_cambio" AFTER UPDATE ON "cobros"
  REFERENCING OLD TABLE AS "viejas" NEW TABLE AS "nuevas" FOR EACH STATEMENT EXECUTE FUNCTION "sumar_saldos_pacientes"('cobrado');
--> statement-breakpoint
CREATE TRIGGER "cobros_saldo_baja" AFTER DELETE ON "cobros"
  REFERENCING OLD TABLE AS "viejas" FOR EACH STATEMENT EXECUTE FUNCTION "sumar_saldos_pacientes"('cobrado');
--> statement-breakpoint
CREATE TRIGGER "cobros_saldo_vaciar" AFTER TRUNCATE ON "cobros"
  FOR EACH STATEMENT EXECUTE FUNCTION "sumar_saldos_pacientes"('cobrado');
--> statement-breakpoint
CREATE FUNCTION "archivar_saldo_paciente"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "saldos_pacientes" SET "archivado" = NEW."fecha_archivado" IS NOT NULL WHERE "paciente_id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "pacientes_saldo_archivo" AFTER UPDATE OF "fecha_archivado" ON "pacientes"
  FOR EACH ROW WHEN ((OLD."fecha_archivado" IS NULL) <> (NEW."fecha_archivado" IS NULL))
  EXECUTE FUNCTION "archivar_saldo_paciente"();
--> statement-breakpoint
INSERT INTO "saldos_pacientes" ("paciente_id", "clinica_id", "realizado", "cobrado", "archivado")
SELECT p."id", p."clinica_id", coalesce(t."importe", 0), coalesce(k."importe", 0), p."fecha_archivado" IS NOT NULL
FROM "pacientes" p
  LEFT JOIN (SELECT "paciente_id", sum("importe") AS "importe" FROM "tratamientos_realizados" GROUP BY 1) t
    ON t."paciente_id" = p."id"
  LEFT JOIN (SELECT "paciente_id", sum("importe") AS "importe" FROM "cobros" GROUP BY 1) k
    ON k."paciente_id" = p."id"
WHERE t."paciente_id" IS NOT NULL OR k."paciente_id" IS NOT NULL;
