-- No double booking, enforced by the database: two non-cancelled appointments of one dentist cannot
-- overlap. [inicio, fin) ranges, so touching edges (10:00-10:30 then 10:30-11:00) are allowed.
-- btree_gist lets the gist index combine dentista_id (=) with the time range (&&); PGlite registers
-- it in src/db/client.ts, PostgreSQL ships it in contrib. A violation is SQLSTATE 23P01.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "citas" ADD CONSTRAINT "citas_sin_solape"
  EXCLUDE USING gist ("dentista_id" WITH =, tstzrange("inicio", "fin") WITH &&)
  WHERE ("estado" <> 'cancelada');
--> statement-breakpoint
ALTER TABLE "citas" ADD CONSTRAINT "citas_estado_valido"
  CHECK ("estado" IN ('pendiente', 'confirmada', 'cancelada', 'completada'));
