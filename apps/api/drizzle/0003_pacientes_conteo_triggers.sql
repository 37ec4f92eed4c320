-- Keeps pacientes_conteo exact in the same transaction as every write to pacientes. Statement
-- triggers with transition tables do one counter update per clinic and statement, so a bulk load
-- of thousands of rows costs one update, not thousands. Clinics are visited in id order so that
-- two concurrent multi-clinic statements cannot deadlock on the counter rows.
CREATE OR REPLACE FUNCTION pacientes_conteo_tras_insertar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pacientes_conteo AS c (clinica_id, total, version)
  SELECT clinica_id, count(*), 1 FROM nuevos GROUP BY clinica_id ORDER BY clinica_id
  ON CONFLICT (clinica_id) DO UPDATE SET total = c.total + excluded.total, version = c.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only UPDATE here: when a clinic is deleted its counter row goes with it (cascade), and the
-- cascaded delete of its patients must not recreate it.
CREATE OR REPLACE FUNCTION pacientes_conteo_tras_borrar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE pacientes_conteo AS c SET total = c.total - b.n, version = c.version + 1
  FROM (SELECT clinica_id, count(*) AS n FROM borrados GROUP BY clinica_id ORDER BY clinica_id) AS b
  WHERE c.clinica_id = b.clinica_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Any edit can change what a search finds, so it moves the version; a patient moved to another
-- clinic (not something the app does) also moves the totals.
CREATE OR REPLACE FUNCTION pacientes_conteo_tras_actualizar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE pacientes_conteo AS c SET total = c.total + d.n, version = c.version + 1
  FROM (
    SELECT clinica_id, sum(n) AS n FROM (
      SELECT clinica_id, -count(*) AS n FROM antes GROUP BY clinica_id
      UNION ALL
      SELECT clinica_id, count(*) AS n FROM despues GROUP BY clinica_id
    ) AS cambios GROUP BY clinica_id ORDER BY clinica_id
  ) AS d
  WHERE c.clinica_id = d.clinica_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pacientes_conteo_tras_vaciar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE pacientes_conteo SET total = 0, version = version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER pacientes_conteo_insertar AFTER INSERT ON pacientes
  REFERENCING NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION pacientes_conteo_tras_insertar();
--> statement-breakpoint
CREATE TRIGGER pacientes_conteo_borrar AFTER DELETE ON pacientes
  REFERENCING OLD TABLE AS borrados FOR EACH STATEMENT EXECUTE FUNCTION pacientes_conteo_tras_borrar();
--> statement-breakpoint
CREATE TRIGGER pacientes_conteo_actualizar AFTER UPDATE ON pacientes
  REFERENCING OLD TABLE AS antes NEW TABLE AS despues FOR EACH STATEMENT EXECUTE FUNCTION pacientes_conteo_tras_actualizar();
--> statement-breakpoint
CREATE TRIGGER pacientes_conteo_vaciar AFTER TRUNCATE ON pacientes
  FOR EACH STATEMENT EXECUTE FUNCTION pacientes_conteo_tras_vaciar();
--> statement-breakpoint
-- Patients that exist before this migration.
INSERT INTO pacientes_conteo (clinica_id, total, version)
SELECT clinica_id, count(*), 1 FROM pacientes GROUP BY clinica_id
ON CONFLICT (clinica_id) DO UPDATE SET total = excluded.total, version = pacientes_conteo.version + 1;