-- The audit trail is append-only (DESIGN §1): whoever connects, nobody rewrites or erases who saw or
-- changed a clinical record. Row triggers refuse UPDATE and DELETE, a statement trigger TRUNCATE.
CREATE OR REPLACE FUNCTION auditoria_solo_insertar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'El registro de auditoría no se puede modificar ni borrar (%)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER auditoria_sin_cambios BEFORE UPDATE OR DELETE ON auditoria
  FOR EACH ROW EXECUTE FUNCTION auditoria_solo_insertar();
--> statement-breakpoint
CREATE TRIGGER auditoria_sin_vaciar BEFORE TRUNCATE ON auditoria
  FOR EACH STATEMENT EXECUTE FUNCTION auditoria_solo_insertar();
--> statement-breakpoint
-- An archived patient (deleted with clinical records: fecha_archivado set) is hidden from the lists, so
-- the clinic's total counts only the others: archiving is an update that takes one off the total.
CREATE OR REPLACE FUNCTION pacientes_conteo_tras_insertar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pacientes_conteo AS c (clinica_id, total, version)
  SELECT clinica_id, count(*) FILTER (WHERE fecha_archivado IS NULL), 1 FROM nuevos GROUP BY clinica_id ORDER BY clinica_id
  ON CONFLICT (clinica_id) DO UPDATE SET total = c.total + excluded.total, version = c.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pacientes_conteo_tras_borrar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE pacientes_conteo AS c SET total = c.total - b.n, version = c.version + 1
  FROM (
    SELECT clinica_id, count(*) FILTER (WHERE fecha_archivado IS NULL) AS n FROM borrados GROUP BY clinica_id ORDER BY clinica_id
  ) AS b
  WHERE c.clinica_id = b.clinica_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pacientes_conteo_tras_actualizar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE pacientes_conteo AS c SET total = c.total + d.n, version = c.version + 1
  FROM (
    SELECT clinica_id, sum(n) AS n FROM (
      SELECT clinica_id, -count(*) FILTER (WHERE fecha_archivado IS NULL) AS n FROM antes GROUP BY clinica_id
      UNION ALL
      SELECT clinica_id, count(*) FILTER (WHERE fecha_archivado IS NULL) AS n FROM despues GROUP BY clinica_id
    ) AS cambios GROUP BY clinica_id ORDER BY clinica_id
  ) AS d
  WHERE c.clinica_id = d.clinica_id;
  RETURN NULL;
END $$;