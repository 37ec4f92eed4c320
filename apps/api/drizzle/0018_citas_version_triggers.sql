-- Moves citas_version in the same transaction as every write to a dentist's appointments, and to the
-- dentist (name, colour), so that a reader comparing the version it reads with the one a cached
-- result was computed at knows whether the result still holds (docs/decisions/0012). Statement
-- triggers with transition tables: one upsert per dentist and statement, in key order so that two
-- concurrent statements cannot deadlock on the rows.
CREATE OR REPLACE FUNCTION citas_version_mover(claves citas_version[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO citas_version AS v (clinica_id, dentista_id, version)
  SELECT DISTINCT k.clinica_id, k.dentista_id, 1 FROM unnest(claves) AS k ORDER BY 1, 2
  ON CONFLICT (clinica_id, dentista_id) DO UPDATE SET version = v.version + 1;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION citas_version_tras_insertar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM citas_version_mover(ARRAY(SELECT ROW(clinica_id, dentista_id, 0)::citas_version FROM nuevas));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION citas_version_tras_borrar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM citas_version_mover(ARRAY(SELECT ROW(clinica_id, dentista_id, 0)::citas_version FROM viejas));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION citas_version_tras_actualizar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM citas_version_mover(ARRAY(
    SELECT ROW(clinica_id, dentista_id, 0)::citas_version FROM viejas
    UNION SELECT ROW(clinica_id, dentista_id, 0)::citas_version FROM nuevas
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION citas_version_tras_actualizar_dentistas() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM citas_version_mover(ARRAY(SELECT ROW(clinica_id, id, 0)::citas_version FROM nuevos));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER citas_version_insertar AFTER INSERT ON citas
  REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION citas_version_tras_insertar();
--> statement-breakpoint
CREATE TRIGGER citas_version_borrar AFTER DELETE ON citas
  REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION citas_version_tras_borrar();
--> statement-breakpoint
CREATE TRIGGER citas_version_actualizar AFTER UPDATE ON citas
  REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION citas_version_tras_actualizar();
--> statement-breakpoint
CREATE TRIGGER citas_version_dentistas AFTER UPDATE ON dentistas
  REFERENCING NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION citas_version_tras_actualizar_dentistas();
--> statement-breakpoint
-- Appointments that exist before this migration (a fresh count of all of them on first read).
INSERT INTO citas_version (clinica_id, dentista_id, version)
SELECT DISTINCT clinica_id, dentista_id, 1 FROM citas ON CONFLICT DO NOTHING;

