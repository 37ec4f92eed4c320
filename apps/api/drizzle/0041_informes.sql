-- Reports (issue 25): daily rollups and the indexes of the reports that read raw rows.
-- resumen_produccion, resumen_cobros and resumen_citas hold, per clinic and local day (the clinic's
-- zona_horaria at write time), the counts and sums the reports group by. Statement-level AFTER triggers
-- with transition tables keep them exact: one aggregated upsert per statement (old rows subtracted, new
-- ones added; on an update only a change of a day, a dimension or an amount writes), so a bulk insert
-- costs one upsert and an appointment's state change moves one count. reconstruir_resumenes(clinica)
-- rebuilds a clinic's rollups from the raw rows: it backfills them here, and runs when a clinic's zone
-- changes (its local days move). The wide covering indexes an earlier draft added to citas, cobros and
-- tratamientos_realizados are not created: the rollups replace them, and estado in citas' index would
-- prevent HOT updates of appointment states.
-- New patients and sent budgets get a (clinic, date) index for their reports, stock movements one that
-- also holds what the supplies report sums (index-only scans; movements are never updated), and accepted
-- budget lines one of their budget and total; the debtors' list finds each patient's last balance
-- reminder by an index of its own.
CREATE TABLE "resumen_citas" (
	"clinica_id" uuid NOT NULL,
	"dia" date NOT NULL,
	"dentista_id" uuid NOT NULL,
	"estado" text NOT NULL,
	"citas" integer NOT NULL,
	CONSTRAINT "resumen_citas_pkey" PRIMARY KEY("clinica_id","dia","dentista_id","estado")
);
--> statement-breakpoint
CREATE TABLE "resumen_cobros" (
	"clinica_id" uuid NOT NULL,
	"dia" date NOT NULL,
	"metodo" text NOT NULL,
	"cobrado_por" text,
	"cobrado_por_nombre" text NOT NULL,
	"cobros" integer NOT NULL,
	"importe_cobros" bigint NOT NULL,
	"anulaciones" integer NOT NULL,
	"importe_anulaciones" bigint NOT NULL,
	CONSTRAINT "resumen_cobros_key" UNIQUE NULLS NOT DISTINCT("clinica_id","dia","metodo","cobrado_por","cobrado_por_nombre")
);
--> statement-breakpoint
CREATE TABLE "resumen_produccion" (
	"clinica_id" uuid NOT NULL,
	"dia" date NOT NULL,
	"dentista_id" uuid,
	"servicio_id" uuid,
	"tratamientos" integer NOT NULL,
	"importe" bigint NOT NULL,
	CONSTRAINT "resumen_produccion_key" UNIQUE NULLS NOT DISTINCT("clinica_id","dia","dentista_id","servicio_id")
);
--> statement-breakpoint
DROP INDEX "movimientos_stock_clinica_idx";--> statement-breakpoint
ALTER TABLE "resumen_citas" ADD CONSTRAINT "resumen_citas_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resumen_cobros" ADD CONSTRAINT "resumen_cobros_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resumen_produccion" ADD CONSTRAINT "resumen_produccion_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pacientes_clinica_creacion_idx" ON "pacientes" USING btree ("clinica_id","fecha_creacion");--> statement-breakpoint
CREATE INDEX "lineas_presupuesto_aceptadas_idx" ON "lineas_presupuesto" USING btree ("presupuesto_id","total") WHERE "lineas_presupuesto"."aceptada";--> statement-breakpoint
CREATE INDEX "presupuestos_clinica_envio_idx" ON "presupuestos" USING btree ("clinica_id","fecha_envio") WHERE "presupuestos"."fecha_envio" is not null;--> statement-breakpoint
CREATE INDEX "mensajes_saldo_paciente_idx" ON "mensajes" USING btree ("paciente_id","fecha_creacion" DESC NULLS FIRST) WHERE "mensajes"."plantilla" in ('saldo', 'saldo_whatsapp');--> statement-breakpoint
CREATE INDEX "movimientos_stock_clinica_idx" ON "movimientos_stock" USING btree ("clinica_id","motivo","fecha_creacion","producto_id","cantidad","faltante");
--> statement-breakpoint
CREATE FUNCTION "resumir_tratamientos"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "resumen_produccion" AS r ("clinica_id", "dia", "dentista_id", "servicio_id", "tratamientos", "importe")
    SELECT x."clinica_id", (x."fecha" AT TIME ZONE c."zona_horaria")::date, x."dentista_id", x."servicio_id", count(*), sum(x."importe")
    FROM "nuevas" x JOIN "clinicas" c ON c."id" = x."clinica_id"
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT "resumen_produccion_key" DO UPDATE
      SET "tratamientos" = r."tratamientos" + excluded."tratamientos", "importe" = r."importe" + excluded."importe";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "resumen_produccion" AS r ("clinica_id", "dia", "dentista_id", "servicio_id", "tratamientos", "importe")
    SELECT x."clinica_id", (x."fecha" AT TIME ZONE c."zona_horaria")::date, x."dentista_id", x."servicio_id", -count(*), -sum(x."importe")
    FROM "viejas" x JOIN "clinicas" c ON c."id" = x."clinica_id"
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT "resumen_produccion_key" DO UPDATE
      SET "tratamientos" = r."tratamientos" + excluded."tratamientos", "importe" = r."importe" + excluded."importe";
  ELSE
    INSERT INTO "resumen_produccion" AS r ("clinica_id", "dia", "dentista_id", "servicio_id", "tratamientos", "importe")
    SELECT x."clinica_id", (x."fecha" AT TIME ZONE c."zona_horaria")::date, x."dentista_id", x."servicio_id", sum(x."n"), sum(x."importe")
    FROM (
      SELECT "clinica_id", "fecha", "dentista_id", "servicio_id", 1 AS "n", "importe" FROM "nuevas"
      UNION ALL
      SELECT "clinica_id", "fecha", "dentista_id", "servicio_id", -1, -"importe" FROM "viejas"
    ) x JOIN "clinicas" c ON c."id" = x."clinica_id"
    GROUP BY 1, 2, 3, 4 HAVING sum(x."n") <> 0 OR sum(x."importe") <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT "resumen_produccion_key" DO UPDATE
      SET "tratamientos" = r."tratamientos" + excluded."tratamientos", "importe" = r."importe" + excluded."importe";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tratamientos_realizados_resumen_alta" AFTER INSERT ON "tratamientos_realizados"
  REFERENCING NEW TABLE AS "nuevas" FOR EACH STATEMENT EXECUTE FUNCTION "resumir_tratamientos"();
--> statement-breakpoint
CREATE TRIGGER "tratamientos_realizados_resumen_cambio" AFTER UPDATE ON "tratamientos_realizados"
  REFERENCING OLD TABLE AS "viejas" NEW TABLE AS "nuevas" FOR EACH STATEMENT EXECUTE FUNCTION "resumir_tratamientos"();
--> statement-breakpoint
CREATE TRIGGER "tratamientos_realizados_resumen_baja" AFTER DELETE ON "tratamientos_realizados"
  REFERENCING OLD TABLE AS "viejas" FOR EACH STATEMENT EXECUTE FUNCTION "resumir_tratamientos"();
--> statement-breakpoint
CREATE FUNCTION "resumir_cobros"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "resumen_cobros" AS r ("clinica_id", "dia", "metodo", "cobrado_por", "cobrado_por_nombre", "cobros", "importe_cobros", "anulaciones", "importe_anulaciones")
    SELECT x."clinica_id", (x."fecha" AT TIME ZONE c."zona_horaria")::date, x."metodo", x."cobrado_por", x."cobrado_por_nombre",
      count(*) FILTER (WHERE x."tipo" = 'cobro'), coalesce(sum(x."importe") FILTER (WHERE x."tipo" = 'cobro'), 0),
      count(*) FILTER (WHERE x."tipo" <> 'cobro'), coalesce(sum(x."importe") FILTER (WHERE x."tipo" <> 'cobro'), 0)
    FROM "nuevas" x JOIN "clinicas" c ON c."id" = x."clinica_id"
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT "resumen_cobros_key" DO UPDATE
      SET "cobros" = r."cobros" + excluded."cobros", "importe_cobros" = r."importe_cobros" + excluded."importe_cobros",
        "anulaciones" = r."anulaciones" + excluded."anulaciones", "importe_anulaciones" = r."importe_anulaciones" + excluded."importe_anulaciones";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "resumen_cobros" AS r ("clinica_id", "dia", "metodo", "cobrado_por", "cobrado_por_nombre", "cobros", "importe_cobros", "anulaciones", "importe_anulaciones")
    SELECT x."clinica_id", (x."fecha" AT TIME ZONE c."zona_horaria")::date, x."metodo", x."cobrado_por", x."cobrado_por_nombre",
      -count(*) FILTER (WHERE x."tipo" = 'cobro'), -coalesce(sum(x."importe") FILTER (WHERE x."tipo" = 'cobro'), 0),
      -count(*) FILTER (WHERE x."tipo" <> 'cobro'), -coalesce(sum(x."importe") FILTER (WHERE x."tipo" <> 'cobro'), 0)
    FROM "viejas" x JOIN "clinicas" c ON c."id" = x."clinica_id"
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT "resumen_cobros_key" DO UPDATE
      SET "cobros" = r."cobros" + excluded."cobros", "importe_cobros" = r."importe_cobros" + excluded."importe_cobros",
        "anulaciones" = r."anulaciones" + excluded."anulaciones", "importe_anulaciones" = r."importe_anulaciones" + excluded."importe_anulaciones";
  ELSE
    -- An annulment sets its payment's anulado flag: nothing the rollup holds changes, nothing is written.
    INSERT INTO "resumen_cobros" AS r ("clinica_id", "dia", "metodo", "cobrado_por", "cobrado_por_nombre", "cobros", "importe_cobros", "anulaciones", "importe_anulaciones")
    SELECT x."clinica_id", (x."fecha" AT TIME ZONE c."zona_horaria")::date, x."metodo", x."cobrado_por", x."cobrado_por_nombre",
      coalesce(sum(x."n") FILTER (WHERE x."tipo" = 'cobro'), 0), coalesce(sum(x."importe") FILTER (WHERE x."tipo" = 'cobro'), 0),
      coalesce(sum(x."n") FILTER (WHERE x."tipo" <> 'cobro'), 0), coalesce(sum(x."importe") FILTER (WHERE x."tipo" <> 'cobro'), 0)
    FROM (
      SELECT "clinica_id", "fecha", "metodo", "cobrado_por", "cobrado_por_nombre", "tipo", 1 AS "n", "importe" FROM "nuevas"
      UNION ALL
      SELECT "clinica_id", "fecha", "metodo", "cobrado_por", "cobrado_por_nombre", "tipo", -1, -"importe" FROM "viejas"
    ) x JOIN "clinicas" c ON c."id" = x."clinica_id"
    GROUP BY 1, 2, 3, 4, 5
    HAVING coalesce(sum(x."n") FILTER (WHERE x."tipo" = 'cobro'), 0) <> 0 OR coalesce(sum(x."n") FILTER (WHERE x."tipo" <> 'cobro'), 0) <> 0
      OR sum(x."importe") <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT "resumen_cobros_key" DO UPDATE
      SET "cobros" = r."cobros" + excluded."cobros", "importe_cobros" = r."importe_cobros" + excluded."importe_cobros",
        "anulaciones" = r."anulaciones" + excluded."anulaciones", "importe_anulaciones" = r."importe_anulaciones" + excluded."importe_anulaciones";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "cobros_resumen_alta" AFTER INSERT ON "cobros"
  REFERENCING NEW TABLE AS "nuevas" FOR EACH STATEMENT EXECUTE FUNCTION "resumir_cobros"();
--> statement-breakpoint
CREATE TRIGGER "cobros_resumen_cambio" AFTER UPDATE ON "cobros"
  REFERENCING OLD TABLE AS "viejas" NEW TABLE AS "nuevas" FOR EACH STATEMENT EXECUTE FUNCTION "resumir_cobros"();
--> statement-breakpoint
CREATE TRIGGER "cobros_resumen_baja" AFTER DELETE ON "cobros"
  REFERENCING OLD TABLE AS "viejas" FOR EACH STATEMENT EXECUTE FUNCTION "resumir_cobros"();
--> statement-breakpoint
CREATE FUNCTION "resumir_citas"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "resumen_citas" AS r ("clinica_id", "dia", "dentista_id", "estado", "citas")
    SELECT x."clinica_id", (x."inicio" AT TIME ZONE c."zona_horaria")::date, x."dentista_id", x."estado", count(*)
    FROM "nuevas" x JOIN "clinicas" c ON c."id" = x."clinica_id"
    WHERE x."estado" <> 'retenida'
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("clinica_id", "dia", "dentista_id", "estado") DO UPDATE SET "citas" = r."citas" + excluded."citas";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "resumen_citas" AS r ("clinica_id", "dia", "dentista_id", "estado", "citas")
    SELECT x."clinica_id", (x."inicio" AT TIME ZONE c."zona_horaria")::date, x."dentista_id", x."estado", -count(*)
    FROM "viejas" x JOIN "clinicas" c ON c."id" = x."clinica_id"
    WHERE x."estado" <> 'retenida'
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("clinica_id", "dia", "dentista_id", "estado") DO UPDATE SET "citas" = r."citas" + excluded."citas";
  ELSE
    -- A move within the day, new notes or a hold's renewal change no count: nothing is written.
    INSERT INTO "resumen_citas" AS r ("clinica_id", "dia", "dentista_id", "estado", "citas")
    SELECT x."clinica_id", (x."inicio" AT TIME ZONE c."zona_horaria")::date, x."dentista_id", x."estado", sum(x."n")
    FROM (
      SELECT "clinica_id", "inicio", "dentista_id", "estado", 1 AS "n" FROM "nuevas" WHERE "estado" <> 'retenida'
      UNION ALL
      SELECT "clinica_id", "inicio", "dentista_id", "estado", -1 FROM "viejas" WHERE "estado" <> 'retenida'
    ) x JOIN "clinicas" c ON c."id" = x."clinica_id"
    GROUP BY 1, 2, 3, 4 HAVING sum(x."n") <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("clinica_id", "dia", "dentista_id", "estado") DO UPDATE SET "citas" = r."citas" + excluded."citas";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "citas_resumen_alta" AFTER INSERT ON "citas"
  REFERENCING NEW TABLE AS "nuevas" FOR EACH STATEMENT EXECUTE FUNCTION "resumir_citas"();
--> statement-breakpoint
CREATE TRIGGER "citas_resumen_cambio" AFTER UPDATE ON "citas"
  REFERENCING OLD TABLE AS "viejas" NEW TABLE AS "nuevas" FOR EACH STATEMENT EXECUTE FUNCTION "resumir_citas"();
--> statement-breakpoint
CREATE TRIGGER "citas_resumen_baja" AFTER DELETE ON "citas"
  REFERENCING OLD TABLE AS "viejas" FOR EACH STATEMENT EXECUTE FUNCTION "resumir_citas"();
--> statement-breakpoint
-- A clinic's rollups from its raw rows, in its current zone (the backfill below, a zone change, a check).
CREATE FUNCTION "reconstruir_resumenes"("clinica" uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "resumen_produccion" WHERE "clinica_id" = "clinica";
  INSERT INTO "resumen_produccion" ("clinica_id", "dia", "dentista_id", "servicio_id", "tratamientos", "importe")
  SELECT x."clinica_id", (x."fecha" AT TIME ZONE c."zona_horaria")::date, x."dentista_id", x."servicio_id", count(*), sum(x."importe")
  FROM "tratamientos_realizados" x JOIN "clinicas" c ON c."id" = x."clinica_id"
  WHERE x."clinica_id" = "clinica"
  GROUP BY 1, 2, 3, 4;
  DELETE FROM "resumen_cobros" WHERE "clinica_id" = "clinica";
  INSERT INTO "resumen_cobros" ("clinica_id", "dia", "metodo", "cobrado_por", "cobrado_por_nombre", "cobros", "importe_cobros", "anulaciones", "importe_anulaciones")
  SELECT x."clinica_id", (x."fecha" AT TIME ZONE c."zona_horaria")::date, x."metodo", x."cobrado_por", x."cobrado_por_nombre",
    count(*) FILTER (WHERE x."tipo" = 'cobro'), coalesce(sum(x."importe") FILTER (WHERE x."tipo" = 'cobro'), 0),
    count(*) FILTER (WHERE x."tipo" <> 'cobro'), coalesce(sum(x."importe") FILTER (WHERE x."tipo" <> 'cobro'), 0)
  FROM "cobros" x JOIN "clinicas" c ON c."id" = x."clinica_id"
  WHERE x."clinica_id" = "clinica"
  GROUP BY 1, 2, 3, 4, 5;
  DELETE FROM "resumen_citas" WHERE "clinica_id" = "clinica";
  INSERT INTO "resumen_citas" ("clinica_id", "dia", "dentista_id", "estado", "citas")
  SELECT x."clinica_id", (x."inicio" AT TIME ZONE c."zona_horaria")::date, x."dentista_id", x."estado", count(*)
  FROM "citas" x JOIN "clinicas" c ON c."id" = x."clinica_id"
  WHERE x."clinica_id" = "clinica" AND x."estado" <> 'retenida'
  GROUP BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint
-- A zone change moves every local day: the clinic's rollups are rebuilt in the same transaction. The
-- settings' update locks the clinic's row FOR UPDATE first, which waits for the writes in flight (their
-- foreign key checks hold the row FOR KEY SHARE) and holds new ones until it commits.
CREATE FUNCTION "resumenes_nueva_zona"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "reconstruir_resumenes"(NEW."id");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "clinicas_zona_resumenes" AFTER UPDATE OF "zona_horaria" ON "clinicas"
  FOR EACH ROW WHEN (OLD."zona_horaria" IS DISTINCT FROM NEW."zona_horaria") EXECUTE FUNCTION "resumenes_nueva_zona"();
--> statement-breakpoint
SELECT "reconstruir_resumenes"("id") FROM "clinicas";
