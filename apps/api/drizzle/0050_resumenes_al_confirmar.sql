-- The daily rollups (0041, 0044) are written when the transaction commits, not when its raw row is.
-- Their rows are a clinic's hot rows: every treatment of a day moves the same resumen_produccion_dia row,
-- every payment the same resumen_cobros_dia row, every booking of a dentist's day the same resumen_citas
-- row. Written by the raw row's statement, each was locked from there until the commit, across every
-- later statement of the transaction and every wait of the server between them: marking a budget line
-- done held its clinic's day from the treatment's insert through the kit's consumption to the commit, so
-- the clinic's treatments went one at a time at 93 a second with 10 desks (bench 'presupuestos').
-- Now the statement-level triggers only aggregate their rows' change (as before) into the transaction's
-- pending deltas (resumen_*_pendiente, rows of the transaction's id), and one deferred constraint trigger
-- per transaction (resumenes_por_aplicar) applies all its deltas at its commit, in one fixed order (appointments,
-- production, collections; each table in key order, the day's rows after their dimension rows): the
-- rollups' rows are locked only while the commit runs, and two commits take them in the same order.
-- A bulk insert still costs one aggregated delta per statement. The pending tables are unlogged: a row
-- lives only inside its transaction (the commit deletes it; a rollback or a crash leaves nothing that
-- counts). reconstruir_resumenes drops the transaction's pending deltas of the clinic it rebuilds, which
-- its rebuild from the raw rows already holds.
CREATE UNLOGGED TABLE "resumen_citas_pendiente" (
	"tx" xid8 DEFAULT pg_current_xact_id() NOT NULL,
	"clinica_id" uuid NOT NULL,
	"dia" date NOT NULL,
	"dentista_id" uuid NOT NULL,
	"estado" text NOT NULL,
	"citas" integer NOT NULL
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "resumen_produccion_pendiente" (
	"tx" xid8 DEFAULT pg_current_xact_id() NOT NULL,
	"clinica_id" uuid NOT NULL,
	"dia" date NOT NULL,
	"dentista_id" uuid,
	"servicio_id" uuid,
	"tratamientos" integer NOT NULL,
	"importe" bigint NOT NULL
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "resumen_cobros_pendiente" (
	"tx" xid8 DEFAULT pg_current_xact_id() NOT NULL,
	"clinica_id" uuid NOT NULL,
	"dia" date NOT NULL,
	"metodo" text NOT NULL,
	"cobrado_por" text,
	"cobrado_por_nombre" text NOT NULL,
	"cobros" integer NOT NULL,
	"importe_cobros" bigint NOT NULL,
	"anulaciones" integer NOT NULL,
	"importe_anulaciones" bigint NOT NULL
);
--> statement-breakpoint
-- One row per transaction with pending deltas: its insert (the first of the transaction; the later ones
-- conflict and insert nothing) queues the one deferred trigger that applies them all at the commit.
CREATE UNLOGGED TABLE "resumenes_por_aplicar" (
	"tx" xid8 PRIMARY KEY DEFAULT pg_current_xact_id()
);
--> statement-breakpoint
CREATE INDEX "resumen_citas_pendiente_tx_idx" ON "resumen_citas_pendiente" ("tx");
--> statement-breakpoint
CREATE INDEX "resumen_produccion_pendiente_tx_idx" ON "resumen_produccion_pendiente" ("tx");
--> statement-breakpoint
CREATE INDEX "resumen_cobros_pendiente_tx_idx" ON "resumen_cobros_pendiente" ("tx");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "resumir_tratamientos"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "resumen_produccion_pendiente" ("clinica_id", "dia", "dentista_id", "servicio_id", "tratamientos", "importe")
    SELECT x."clinica_id", (x."fecha" AT TIME ZONE c."zona_horaria")::date, x."dentista_id", x."servicio_id", count(*), sum(x."importe")
    FROM "nuevas" x JOIN "clinicas" c ON c."id" = x."clinica_id"
    GROUP BY 1, 2, 3, 4;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "resumen_produccion_pendiente" ("clinica_id", "dia", "dentista_id", "servicio_id", "tratamientos", "importe")
    SELECT x."clinica_id", (x."fecha" AT TIME ZONE c."zona_horaria")::date, x."dentista_id", x."servicio_id", -count(*), -sum(x."importe")
    FROM "viejas" x JOIN "clinicas" c ON c."id" = x."clinica_id"
    GROUP BY 1, 2, 3, 4;
  ELSE
    INSERT INTO "resumen_produccion_pendiente" ("clinica_id", "dia", "dentista_id", "servicio_id", "tratamientos", "importe")
    SELECT x."clinica_id", (x."fecha" AT TIME ZONE c."zona_horaria")::date, x."dentista_id", x."servicio_id", sum(x."n"), sum(x."importe")
    FROM (
      SELECT "clinica_id", "fecha", "dentista_id", "servicio_id", 1 AS "n", "importe" FROM "nuevas"
      UNION ALL
      SELECT "clinica_id", "fecha", "dentista_id", "servicio_id", -1, -"importe" FROM "viejas"
    ) x JOIN "clinicas" c ON c."id" = x."clinica_id"
    GROUP BY 1, 2, 3, 4 HAVING sum(x."n") <> 0 OR sum(x."importe") <> 0;
  END IF;
  IF FOUND THEN
    INSERT INTO "resumenes_por_aplicar" DEFAULT VALUES ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "resumir_cobros"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "resumen_cobros_pendiente" ("clinica_id", "dia", "metodo", "cobrado_por", "cobrado_por_nombre", "cobros", "importe_cobros", "anulaciones", "importe_anulaciones")
    SELECT x."clinica_id", (x."fecha" AT TIME ZONE c."zona_horaria")::date, x."metodo", x."cobrado_por", x."cobrado_por_nombre",
      count(*) FILTER (WHERE x."tipo" = 'cobro'), coalesce(sum(x."importe") FILTER (WHERE x."tipo" = 'cobro'), 0),
      count(*) FILTER (WHERE x."tipo" <> 'cobro'), coalesce(sum(x."importe") FILTER (WHERE x."tipo" <> 'cobro'), 0)
    FROM "nuevas" x JOIN "clinicas" c ON c."id" = x."clinica_id"
    GROUP BY 1, 2, 3, 4, 5;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "resumen_cobros_pendiente" ("clinica_id", "dia", "metodo", "cobrado_por", "cobrado_por_nombre", "cobros", "importe_cobros", "anulaciones", "importe_anulaciones")
    SELECT x."clinica_id", (x."fecha" AT TIME ZONE c."zona_horaria")::date, x."metodo", x."cobrado_por", x."cobrado_por_nombre",
      -count(*) FILTER (WHERE x."tipo" = 'cobro'), -coalesce(sum(x."importe") FILTER (WHERE x."tipo" = 'cobro'), 0),
      -count(*) FILTER (WHERE x."tipo" <> 'cobro'), -coalesce(sum(x."importe") FILTER (WHERE x."tipo" <> 'cobro'), 0)
    FROM "viejas" x JOIN "clinicas" c ON c."id" = x."clinica_id"
    GROUP BY 1, 2, 3, 4, 5;
  ELSE
    -- An annulment sets its payment's anulado flag: nothing the rollups hold changes, nothing is written.
    INSERT INTO "resumen_cobros_pendiente" ("clinica_id", "dia", "metodo", "cobrado_por", "cobrado_por_nombre", "cobros", "importe_cobros", "anulaciones", "importe_anulaciones")
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
      OR sum(x."importe") <> 0;
  END IF;
  IF FOUND THEN
    INSERT INTO "resumenes_por_aplicar" DEFAULT VALUES ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "resumir_citas"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "resumen_citas_pendiente" ("clinica_id", "dia", "dentista_id", "estado", "citas")
    SELECT x."clinica_id", (x."inicio" AT TIME ZONE c."zona_horaria")::date, x."dentista_id", x."estado", count(*)
    FROM "nuevas" x JOIN "clinicas" c ON c."id" = x."clinica_id"
    WHERE x."estado" <> 'retenida'
    GROUP BY 1, 2, 3, 4;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "resumen_citas_pendiente" ("clinica_id", "dia", "dentista_id", "estado", "citas")
    SELECT x."clinica_id", (x."inicio" AT TIME ZONE c."zona_horaria")::date, x."dentista_id", x."estado", -count(*)
    FROM "viejas" x JOIN "clinicas" c ON c."id" = x."clinica_id"
    WHERE x."estado" <> 'retenida'
    GROUP BY 1, 2, 3, 4;
  ELSE
    -- A move within the day, new notes or a hold's renewal change no count: nothing is written.
    INSERT INTO "resumen_citas_pendiente" ("clinica_id", "dia", "dentista_id", "estado", "citas")
    SELECT x."clinica_id", (x."inicio" AT TIME ZONE c."zona_horaria")::date, x."dentista_id", x."estado", sum(x."n")
    FROM (
      SELECT "clinica_id", "inicio", "dentista_id", "estado", 1 AS "n" FROM "nuevas" WHERE "estado" <> 'retenida'
      UNION ALL
      SELECT "clinica_id", "inicio", "dentista_id", "estado", -1 FROM "viejas" WHERE "estado" <> 'retenida'
    ) x JOIN "clinicas" c ON c."id" = x."clinica_id"
    GROUP BY 1, 2, 3, 4 HAVING sum(x."n") <> 0;
  END IF;
  IF FOUND THEN
    INSERT INTO "resumenes_por_aplicar" DEFAULT VALUES ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The transaction's pending deltas, all of them, into the rollups, at its commit. A clinic deleted since
-- (its raw rows and rollups went with it) keeps nothing.
CREATE FUNCTION "aplicar_resumenes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "resumenes_por_aplicar" WHERE "tx" = NEW."tx";
  WITH pendiente AS (
    DELETE FROM "resumen_citas_pendiente" WHERE "tx" = NEW."tx" RETURNING *
  )
  INSERT INTO "resumen_citas" AS r ("clinica_id", "dia", "dentista_id", "estado", "citas")
  SELECT "clinica_id", "dia", "dentista_id", "estado", sum("citas") FROM pendiente
  WHERE EXISTS (SELECT FROM "clinicas" c WHERE c."id" = pendiente."clinica_id")
  GROUP BY 1, 2, 3, 4 HAVING sum("citas") <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT ("clinica_id", "dia", "dentista_id", "estado") DO UPDATE SET "citas" = r."citas" + excluded."citas";

  WITH pendiente AS (
    DELETE FROM "resumen_produccion_pendiente" WHERE "tx" = NEW."tx" RETURNING *
  ), d AS (
    SELECT "clinica_id", "dia", "dentista_id", "servicio_id", sum("tratamientos") AS "tratamientos", sum("importe") AS "importe"
    FROM pendiente WHERE EXISTS (SELECT FROM "clinicas" c WHERE c."id" = pendiente."clinica_id")
    GROUP BY 1, 2, 3, 4 HAVING sum("tratamientos") <> 0 OR sum("importe") <> 0
  ), p AS (
    INSERT INTO "resumen_produccion" AS r ("clinica_id", "dia", "dentista_id", "servicio_id", "tratamientos", "importe")
    SELECT * FROM d ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT "resumen_produccion_key" DO UPDATE
      SET "tratamientos" = r."tratamientos" + excluded."tratamientos", "importe" = r."importe" + excluded."importe"
  )
  INSERT INTO "resumen_produccion_dia" AS r ("clinica_id", "dia", "importe")
  SELECT "clinica_id", "dia", sum("importe") FROM d GROUP BY 1, 2 HAVING sum("importe") <> 0 ORDER BY 1, 2
  ON CONFLICT ("clinica_id", "dia") DO UPDATE SET "importe" = r."importe" + excluded."importe";

  WITH pendiente AS (
    DELETE FROM "resumen_cobros_pendiente" WHERE "tx" = NEW."tx" RETURNING *
  ), d AS (
    SELECT "clinica_id", "dia", "metodo", "cobrado_por", "cobrado_por_nombre",
      sum("cobros") AS "cobros", sum("importe_cobros") AS "importe_cobros",
      sum("anulaciones") AS "anulaciones", sum("importe_anulaciones") AS "importe_anulaciones"
    FROM pendiente WHERE EXISTS (SELECT FROM "clinicas" c WHERE c."id" = pendiente."clinica_id")
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum("cobros") <> 0 OR sum("anulaciones") <> 0 OR sum("importe_cobros" + "importe_anulaciones") <> 0
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
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "resumenes_al_confirmar" AFTER INSERT ON "resumenes_por_aplicar"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "aplicar_resumenes"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "reconstruir_resumenes"("clinica" uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- The rebuild below reads the raw rows as this transaction sees them: its pending deltas are in them.
  DELETE FROM "resumen_citas_pendiente" WHERE "tx" = pg_current_xact_id() AND "clinica_id" = "clinica";
  DELETE FROM "resumen_produccion_pendiente" WHERE "tx" = pg_current_xact_id() AND "clinica_id" = "clinica";
  DELETE FROM "resumen_cobros_pendiente" WHERE "tx" = pg_current_xact_id() AND "clinica_id" = "clinica";
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
