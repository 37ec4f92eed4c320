-- The public pages' version (issue 26): one row, moved by a statement trigger on every write to
-- what those pages show (clinicas, dentistas, especialidades) through odontia_mover_version (0024),
-- in the writing transaction. The server reuses a rendered page while the version it was made at holds.
CREATE TABLE "directorio_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "directorio_version_una_fila" CHECK ("directorio_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "directorio_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER directorio_version_clinicas AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON clinicas
  FOR EACH STATEMENT EXECUTE FUNCTION odontia_mover_version('directorio_version', 'id', '*', 'mover');
--> statement-breakpoint
CREATE TRIGGER directorio_version_dentistas AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON dentistas
  FOR EACH STATEMENT EXECUTE FUNCTION odontia_mover_version('directorio_version', 'id', '*', 'mover');
--> statement-breakpoint
CREATE TRIGGER directorio_version_especialidades AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON especialidades
  FOR EACH STATEMENT EXECUTE FUNCTION odontia_mover_version('directorio_version', 'id', '*', 'mover');
