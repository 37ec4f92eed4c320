-- The balance report (issue 25) summed, for its opening balance, every production and collections rollup
-- row before its range: a row per day and dimension (day x dentist x service, up to one per treatment in a
-- clinic with many dentists and services; 48,000 rows in the bench's clinic), so a month's report took
-- 119 ms at 10 connections against a budget of 40. resumen_produccion_dia and resumen_cobros_dia hold per
-- clinic and local day the production and the net collections (payments less annulments), one row a day.
-- The rollup triggers of 0041 write them in the same statement as their own rollup (a writable CTE over
-- the same aggregated delta; the dimension rows first, then the day's, always in that order), and
-- reconstruir_resumenes rebuilds them. Two tables, not one: a payment, which holds the clinic's receipt
-- counter until it commits, never waits on a row a treatment being recorded holds.
CREATE TABLE "resumen_cobros_dia" (
	"clinica_id" uuid NOT NULL,
	"dia" date NOT NULL,
	"importe" bigint NOT NULL,
	CONSTRAINT "resumen_cobros_dia_pkey" PRIMARY KEY("clinica_id","dia")
);
--> statement-breakpoint
CREATE TABLE "resumen_produccion_dia" (
	"clinica_id" uuid NOT NULL,
	"dia" date NOT NULL,
	"importe" bigint NOT NULL,
	CONSTRAINT "resumen_produccion_dia_pkey" PRIMARY KEY("clinica_id","dia")
);
--> statement-breakpoint
ALTER TABLE "resumen_cobros_dia" ADD CONSTRAINT "resumen_cobros_dia_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resumen_produccion_dia" ADD CONSTRAINT "resumen_produccion_dia_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "resumir_tratamientos"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH d AS (
      SELECT x."clinica_id", (x."fecha" AT TIME ZONE c."zona_horaria")::date AS "dia", x."dentista_id", x."servicio_id", count(*) AS "n", sum(x."importe") AS "importe"
      FROM "nuevas" x JOIN "clinicas" c ON c."id" = x."clinica_id"
      GROUP BY 1, 2, 3, 4
    ), p AS (
      INSERT INTO "resumen_produccion" AS r ("clinica_id", "dia", "dentista_id", "servicio_id", "tratamientos", "importe")
      SELECT * FROM d ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT "resumen_produccion_key" DO UPDATE
        SET "tratamientos" = r."tratamientos" + excluded."tratamientos", "importe" = r."importe" + excluded."importe"
    )
    INSERT INTO "resumen_produccion_dia" AS r ("clinica_id", "dia", "importe")
    SELECT "clinica_id", "dia", sum("importe") FROM d GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("clinica_id", "dia") DO UPDATE SET "importe" = r."importe" + excluded."importe";
  ELSIF TG_OP = 'DELETE' THEN
    WITH d AS (
      SELECT x."clinica_id", (x."fecha" AT TIME ZONE c."zona_horaria")::date AS "dia", x."dentista_id", x."servicio_id", -count(*) AS "n", -sum(x."importe") AS "importe"
      FROM "viejas" x JOIN "clinicas" c ON c."id" = x."clinica_id"
      GROUP BY 1, 2, 3, 4
    ), p AS (
      INSERT INTO "resumen_produccion" AS r ("clinica_id", "dia", "dentista_id", "servicio_id", "tratamientos", "importe")
      SELECT * FROM d ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT "resumen_produccion_key" DO UPDATE
        SET "tratamientos" = r."tratamientos" + excluded."tratamientos", "importe" = r."importe" + excluded."importe"
    )
    INSERT INTO "resumen_produccion_dia" AS r ("clinica_id", "dia", "importe")
    SELECT "clinica_id", "dia", sum("importe") FROM d GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("clinica_id", "dia") DO UPDATE SET "importe" = r."importe" + excluded."importe";
  ELSE
    WITH d AS (
      SELECT x."clinica_id", (x."fecha" AT TIME ZONE c."zona_horaria")::date AS "dia", x."dentista_id", x."servicio_id", sum(x."n") AS "n", sum(x."importe") AS "importe"
      FROM (
        SELECT "clinica_id", "fecha", "dentista_id", "servicio_id", 1 AS "n", "importe" FROM "nuevas"
        UNION ALL
        SELECT "clinica_id", "fecha", "dentista_id", "servicio_id", -1, -"importe" FROM "viejas"
      ) x JOIN "clinicas" c ON c."id" = x."clinica_id"
      GROUP BY 1, 2, 3, 4 HAVING sum(x."n") <> 0 OR sum(x."importe") <> 0
    ), p AS (
      INSERT INTO "resumen_produccion" AS r ("clinica_id", "dia", "dentista_id", "servicio_id", "tratamientos", "importe")
      SELECT * FROM d ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT "resumen_produccion_key" DO UPDATE
        SET "tratamientos" = r."tratamientos" + excluded."tratamientos", "importe" = r."importe" + excluded."importe"
    )
    INSERT INTO "resumen_produccion_dia" AS r ("clinica_id", "dia", "importe")
    SELECT "clinica_id", "dia", sum("importe") FROM d GROUP BY 1, 2 HAVING sum("importe") <> 0 ORDER BY 1, 2
    ON CONFLICT ("clinica_id", "dia") DO UPDATE SET "importe" = r."importe" + excluded."importe";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "resumir_cobros"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH d AS (
      SELECT x."clinica_id", (x."fecha" AT TIME ZONE c."zona_horaria")::date AS "dia", x."metodo", x."cobrado_por", x."cobrado_por_nombre",
        count(*) FILTER (WHERE x."tipo" = 'cobro') AS "cobros", coalesce(sum(x."importe") FILTER (WHERE x."tipo" = 'cobro'), 0) AS "importe_cobros",
        count(*) FILTER (WHERE x."tipo" <> 'cobro') AS "anulaciones", coalesce(sum(x."importe") FILTER (WHERE x."tipo" <> 'cobro'), 0) AS "importe_anulaciones"
      FROM "nuevas" x JOIN "clinicas" c ON c."id" = x."clinica_id"
      GROUP BY 1, 2, 3, 4, 5
    ), k AS (
      INSERT INTO "resumen_cobros" AS r ("clinica_id", "dia", "metodo", "cobrado_por", "cobrado_por_nombre", "cobros", "importe_cobros", "anulaciones", "importe_anulaciones")
      SELECT * FROM d ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT ON CONSTRAINT "resumen_cobros_key" DO UPDATE
        SET "cobros" = r."cobros" + excluded."cobros", "importe_cobros" = r."importe_cobros" + excluded."importe_cobros",
          "anulaciones" = r."anulaciones" + excluded."anulaciones", "importe_anulaciones" = r."importe_anulaciones" + excluded."importe_anulaciones"
    )
    INSERT INTO "resumen_cobros_dia" AS r ("clinica_id", "dia", "importe")
    SELECT "clinica_id", "dia", sum("importe_cobros" + "importe_anulaciones") FROM d GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("clinica_id", "dia") DO UPDATE SET "importe" = r."importe" + excluded."importe";
  ELSIF TG_OP = 'DELETE' THEN
    WITH d AS (
      SELECT x."clinica_id", (x."fecha" AT TIME ZONE c."zona_horaria")::date AS "dia", x."metodo", x."cobrado_por", x."cobrado_por_nombre",
        -count(*) FILTER (WHERE x."tipo" = 'cobro') AS "cobros", -coalesce(sum(x."importe") FILTER (WHERE x."tipo" = 'cobro'), 0) AS "importe_cobros",
        -count(*) FILTER (WHERE x."tipo" <> 'cobro') AS "anulaciones", -coalesce(sum(x."importe") FILTER (WHERE x."tipo" <> 'cobro'), 0) AS "importe_anulaciones"
      FROM "viejas" x JOIN "clinicas" c ON c."id" = x."clinica_id"
      GROUP BY 1, 2, 3, 4, 5
    ), k AS (
      INSERT INTO "resumen_cobros" AS r ("clinica_id", "dia", "metodo", "cobrado_por", "cobrado_por_nombre", "cobros", "importe_cobros", "anulaciones", "importe_anulaciones")
      SELECT * FROM d ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT ON CONSTRAINT "resumen_cobros_key" DO UPDATE
        SET "cobros" = r."cobros" + excluded."cobros", "importe_cobros" = r."importe_cobros" + excluded."importe_cobros",
          "anulaciones" = r."anulaciones" + excluded."anulaciones", "importe_anulaciones" = r."importe_anulaciones" + excluded."importe_anulaciones"
    )
    INSERT INTO "resumen_cobros_dia" AS r ("clinica_id", "dia", "importe")
    SELECT "clinica_id", "dia", sum("importe_cobros" + "importe_anulaciones") FROM d GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("clinica_id", "dia") DO UPDATE SET "importe" = r."importe" + excluded."importe";
  ELSE
    -- An annulment sets its payment's anulado flag: nothing the rollups hold changes, nothing is written.
    WITH d AS (
      SELECT x."clinica_id", (x."fecha" AT TIME ZONE c."zona_horaria")::date AS "dia", x."metodo", x."cobrado_por", x."cobrado_por_nombre",
        coalesce(sum(x."n") FILTER (WHERE x."tipo" = 'cobro'), 0) AS "cobros", coalesce(sum(x."importe") FILTER (WHERE x."tipo" = 'cobro'), 0) AS "importe_cobros",
        coalesce(sum(x."n") FILTER (WHERE x."tipo" <> 'cobro'), 0) AS "anulaciones", coalesce(sum(x."importe") FILTER (WHERE x."tipo" <> 'cobro'), 0) AS "importe_anulaciones"
      FROM (
        SELECT "clinica_id", "fecha", "metodo", "cobrado_por", "cobrado_por_nombre", "tipo", 1 AS "n", "importe" FROM "nuevas"
        UNION ALL
        SELECT "clinica_id", "fecha", "metodo", "cobrado_por", "cobrado_por_nombre", "tipo", -1, -"importe" FROM "viejas"
      ) x JOIN "clinicas" c ON c."id" = x."clinica_id"
      GROUP BY 1, 2, 3, 4, 5
      HAVING coalesce(sum(x."n") FILTER (WHERE x."tipo" = 'cobro'), 0) <> 0 OR coalesce(sum(x."n") FILTER (WHERE x."tipo" <> 'cobro'), 0) <> 0
        OR sum(x."importe") <> 0
    ), k AS (
      INSERT INTO "resumen_cobros" AS r ("clinica_id", "dia", "metodo", "cobrado_por", "cobrado_por_nombre", "cobros", "importe_cobros", "anulaciones", "importe_anulaciones")
      SELECT * FROM d ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT ON CONSTRAINT "resumen_cobros_key" DO UPDATE
        SET "cobros" = r."cobros" + excluded."cobros", "importe_cobros" = r."importe_cobros" + excluded."importe_cobros",
          "anulaciones" = r."anulaciones" + excluded."anulaciones", "importe_anulaciones" = r."importe_anulaciones" + excluded."importe_anulaciones"
    )
    INSERT INTO "resumen_cobros_dia" AS r ("clinica_id", "dia", "importe")
    SELECT "clinica_id", "dia", sum("importe_cobros" + "importe_anulaciones") FROM d
    GROUP BY 1, 2 HAVING sum("importe_cobros" + "importe_anulaciones") <> 0 ORDER BY 1, 2
    ON CONFLICT ("clinica_id", "dia") DO UPDATE SET "importe" = r."importe" + excluded."importe";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "reconstruir_resumenes"("clinica" uuid) RETURNS void LANGUAGE plpgsql AS $$
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
  -- The days' rows from the two rollups just rebuilt.
  DELETE FROM "resumen_produccion_dia" WHERE "clinica_id" = "clinica";
  INSERT INTO "resumen_produccion_dia" ("clinica_id", "dia", "importe")
  SELECT "clinica_id", "dia", sum("importe") FROM "resumen_produccion" WHERE "clinica_id" = "clinica" GROUP BY 1, 2;
  DELETE FROM "resumen_cobros_dia" WHERE "clinica_id" = "clinica";
  INSERT INTO "resumen_cobros_dia" ("clinica_id", "dia", "importe")
  SELECT "clinica_id", "dia", sum("importe_cobros" + "importe_anulaciones") FROM "resumen_cobros" WHERE "clinica_id" = "clinica" GROUP BY 1, 2;
END $$;
--> statement-breakpoint
-- Backfilled from the rollups, which are exact.
INSERT INTO "resumen_produccion_dia" ("clinica_id", "dia", "importe")
SELECT "clinica_id", "dia", sum("importe") FROM "resumen_produccion" GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "resumen_cobros_dia" ("clinica_id", "dia", "importe")
SELECT "clinica_id", "dia", sum("importe_cobros" + "importe_anulaciones") FROM "resumen_cobros" GROUP BY 1, 2;
