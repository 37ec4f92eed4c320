-- One trigger function moves the three version counters (docs/decisions/0015): pacientes_conteo
-- (pacientes, with the clinic's total), accesos_version (grants, role assignments, roles, the
-- permission catalogue) and citas_version (appointments and dentists, keyed by clinic and dentist).
-- Each trigger says, in its arguments, which counter and how:
--   1. the counter table;
--   2. its key columns ('clinica_id', or 'clinica_id, dentista_id');
--   3. a changed row's key, as expressions over the row `f` in that order ('f.clinica_id, f.id', or a
--      sub-select from it); rows whose key is null are skipped; '*' moves every row of the counter;
--   4. 'crear' creates the counter row a key lacks, 'mover' only moves the existing ones (deletes that
--      cascade from a clinic's deletion must not recreate its row: it references the clinic);
--   5. only for a counter with a `total`: the condition of the rows it counts.
-- Statement triggers with transition tables (nuevas, viejas): one write per counter row and statement,
-- in key order so that two concurrent statements cannot deadlock on them; the version moves in the
-- writing transaction. The keys and the counter are the triggers' arguments, so the statement is built
-- and planned on each run (EXECUTE); what that costs is in docs/decisions/0015.
CREATE OR REPLACE FUNCTION odontia_mover_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  contador text := quote_ident(TG_ARGV[0]);
  claves text := TG_ARGV[1];
  clave_de text := TG_ARGV[2];
  crear boolean := TG_ARGV[3] = 'crear';
  cuenta text := TG_ARGV[4]; -- null: the counter has no total
  cambios text;
BEGIN
  IF clave_de = '*' THEN
    -- Every row of the counter moves; a TRUNCATE also empties the totals.
    EXECUTE format('UPDATE %s SET version = version + 1%s', contador,
      CASE WHEN cuenta IS NOT NULL AND TG_OP = 'TRUNCATE' THEN ', total = 0' ELSE '' END);
    RETURN NULL;
  END IF;
  -- Each changed row's key, and what it adds to the total: 1 for a new row counted, -1 for an old one.
  cambios := concat_ws(' UNION ALL ',
    CASE WHEN TG_OP IN ('INSERT', 'UPDATE') THEN format('SELECT %s, %s FROM nuevas AS f', clave_de,
      CASE WHEN cuenta IS NULL THEN '0' ELSE format('(%s)::int', cuenta) END) END,
    CASE WHEN TG_OP IN ('DELETE', 'UPDATE') THEN format('SELECT %s, %s FROM viejas AS f', clave_de,
      CASE WHEN cuenta IS NULL THEN '0' ELSE format('-(%s)::int', cuenta) END) END);
  -- One change per counter row, in key order.
  cambios := format(
    'SELECT %1$s, sum(n) AS n FROM (%2$s) AS d(%1$s, n) WHERE (%1$s) IS NOT NULL GROUP BY %1$s ORDER BY %1$s',
    claves, cambios);
  IF crear THEN
    EXECUTE format(
      'INSERT INTO %1$s AS v (%2$s, version%3$s) SELECT %2$s, 1%4$s FROM (%5$s) AS c ORDER BY %2$s '
      'ON CONFLICT (%2$s) DO UPDATE SET version = v.version + 1%6$s',
      contador, claves,
      CASE WHEN cuenta IS NULL THEN '' ELSE ', total' END,
      CASE WHEN cuenta IS NULL THEN '' ELSE ', n' END,
      cambios,
      CASE WHEN cuenta IS NULL THEN '' ELSE ', total = v.total + excluded.total' END);
  ELSE
    EXECUTE format(
      'UPDATE %1$s AS v SET version = v.version + 1%2$s FROM (%3$s) AS c WHERE (%4$s) = (%5$s)',
      contador,
      CASE WHEN cuenta IS NULL THEN '' ELSE ', total = v.total + c.n' END,
      cambios,
      regexp_replace(claves, '(\w+)', 'v.\1', 'g'),
      regexp_replace(claves, '(\w+)', 'c.\1', 'g'));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER pacientes_conteo_insertar ON pacientes;
--> statement-breakpoint
DROP TRIGGER pacientes_conteo_borrar ON pacientes;
--> statement-breakpoint
DROP TRIGGER pacientes_conteo_actualizar ON pacientes;
--> statement-breakpoint
DROP TRIGGER pacientes_conteo_vaciar ON pacientes;
--> statement-breakpoint
CREATE TRIGGER pacientes_conteo_insertar AFTER INSERT ON pacientes
  REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT
  EXECUTE FUNCTION odontia_mover_version('pacientes_conteo', 'clinica_id', 'f.clinica_id', 'crear', 'f.fecha_archivado IS NULL');
--> statement-breakpoint
CREATE TRIGGER pacientes_conteo_actualizar AFTER UPDATE ON pacientes
  REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT
  EXECUTE FUNCTION odontia_mover_version('pacientes_conteo', 'clinica_id', 'f.clinica_id', 'mover', 'f.fecha_archivado IS NULL');
--> statement-breakpoint
CREATE TRIGGER pacientes_conteo_borrar AFTER DELETE ON pacientes
  REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT
  EXECUTE FUNCTION odontia_mover_version('pacientes_conteo', 'clinica_id', 'f.clinica_id', 'mover', 'f.fecha_archivado IS NULL');
--> statement-breakpoint
-- A TRUNCATE empties every clinic's total (the fifth argument says there is one).
CREATE TRIGGER pacientes_conteo_vaciar AFTER TRUNCATE ON pacientes
  FOR EACH STATEMENT
  EXECUTE FUNCTION odontia_mover_version('pacientes_conteo', 'clinica_id', '*', 'mover', 'f.fecha_archivado IS NULL');
--> statement-breakpoint
DROP FUNCTION pacientes_conteo_tras_insertar();
--> statement-breakpoint
DROP FUNCTION pacientes_conteo_tras_actualizar();
--> statement-breakpoint
DROP FUNCTION pacientes_conteo_tras_borrar();
--> statement-breakpoint
DROP FUNCTION pacientes_conteo_tras_vaciar();
--> statement-breakpoint
DROP TRIGGER accesos_version_permisos_rol_insertar ON permisos_rol;
--> statement-breakpoint
DROP TRIGGER accesos_version_permisos_rol_borrar ON permisos_rol;
--> statement-breakpoint
DROP TRIGGER accesos_version_permisos_rol_actualizar ON permisos_rol;
--> statement-breakpoint
DROP TRIGGER accesos_version_usuarios_rol_insertar ON usuarios_rol;
--> statement-breakpoint
DROP TRIGGER accesos_version_usuarios_rol_borrar ON usuarios_rol;
--> statement-breakpoint
DROP TRIGGER accesos_version_usuarios_rol_actualizar ON usuarios_rol;
--> statement-breakpoint
DROP TRIGGER accesos_version_roles_borrar ON roles_clinica;
--> statement-breakpoint
DROP TRIGGER accesos_version_permisos_actualizar ON permisos;
--> statement-breakpoint
DROP TRIGGER accesos_version_permisos_borrar ON permisos;
--> statement-breakpoint
CREATE TRIGGER accesos_version_permisos_rol_insertar AFTER INSERT ON permisos_rol
  REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT
  EXECUTE FUNCTION odontia_mover_version('accesos_version', 'clinica_id', '(SELECT r.clinica_id FROM roles_clinica r WHERE r.id = f.rol_id)', 'crear');
--> statement-breakpoint
CREATE TRIGGER accesos_version_permisos_rol_actualizar AFTER UPDATE ON permisos_rol
  REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT
  EXECUTE FUNCTION odontia_mover_version('accesos_version', 'clinica_id', '(SELECT r.clinica_id FROM roles_clinica r WHERE r.id = f.rol_id)', 'crear');
--> statement-breakpoint
CREATE TRIGGER accesos_version_permisos_rol_borrar AFTER DELETE ON permisos_rol
  REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT
  EXECUTE FUNCTION odontia_mover_version('accesos_version', 'clinica_id', '(SELECT r.clinica_id FROM roles_clinica r WHERE r.id = f.rol_id)', 'mover');
--> statement-breakpoint
CREATE TRIGGER accesos_version_usuarios_rol_insertar AFTER INSERT ON usuarios_rol
  REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT
  EXECUTE FUNCTION odontia_mover_version('accesos_version', 'clinica_id', '(SELECT r.clinica_id FROM roles_clinica r WHERE r.id = f.rol_id)', 'crear');
--> statement-breakpoint
CREATE TRIGGER accesos_version_usuarios_rol_actualizar AFTER UPDATE ON usuarios_rol
  REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT
  EXECUTE FUNCTION odontia_mover_version('accesos_version', 'clinica_id', '(SELECT r.clinica_id FROM roles_clinica r WHERE r.id = f.rol_id)', 'crear');
--> statement-breakpoint
CREATE TRIGGER accesos_version_usuarios_rol_borrar AFTER DELETE ON usuarios_rol
  REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT
  EXECUTE FUNCTION odontia_mover_version('accesos_version', 'clinica_id', '(SELECT r.clinica_id FROM roles_clinica r WHERE r.id = f.rol_id)', 'mover');
--> statement-breakpoint
CREATE TRIGGER accesos_version_roles_borrar AFTER DELETE ON roles_clinica
  REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT
  EXECUTE FUNCTION odontia_mover_version('accesos_version', 'clinica_id', 'f.clinica_id', 'mover');
--> statement-breakpoint
CREATE TRIGGER accesos_version_permisos_actualizar AFTER UPDATE ON permisos
  FOR EACH STATEMENT EXECUTE FUNCTION odontia_mover_version('accesos_version', 'clinica_id', '*', 'mover');
--> statement-breakpoint
CREATE TRIGGER accesos_version_permisos_borrar AFTER DELETE ON permisos
  FOR EACH STATEMENT EXECUTE FUNCTION odontia_mover_version('accesos_version', 'clinica_id', '*', 'mover');
--> statement-breakpoint
-- Not something the app does, but a write all the same: emptying grants or assignments moves every clinic.
CREATE TRIGGER accesos_version_permisos_rol_vaciar AFTER TRUNCATE ON permisos_rol
  FOR EACH STATEMENT EXECUTE FUNCTION odontia_mover_version('accesos_version', 'clinica_id', '*', 'mover');
--> statement-breakpoint
CREATE TRIGGER accesos_version_usuarios_rol_vaciar AFTER TRUNCATE ON usuarios_rol
  FOR EACH STATEMENT EXECUTE FUNCTION odontia_mover_version('accesos_version', 'clinica_id', '*', 'mover');
--> statement-breakpoint
DROP FUNCTION accesos_version_tras_insertar_rol();
--> statement-breakpoint
DROP FUNCTION accesos_version_tras_actualizar_rol();
--> statement-breakpoint
DROP FUNCTION accesos_version_tras_borrar_rol();
--> statement-breakpoint
DROP FUNCTION accesos_version_tras_borrar_roles();
--> statement-breakpoint
DROP FUNCTION accesos_version_tras_cambiar_permisos();
--> statement-breakpoint
DROP FUNCTION accesos_version_mover(uuid[], boolean);
--> statement-breakpoint
DROP TRIGGER citas_version_insertar ON citas;
--> statement-breakpoint
DROP TRIGGER citas_version_borrar ON citas;
--> statement-breakpoint
DROP TRIGGER citas_version_actualizar ON citas;
--> statement-breakpoint
DROP TRIGGER citas_version_dentistas ON dentistas;
--> statement-breakpoint
CREATE TRIGGER citas_version_insertar AFTER INSERT ON citas
  REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT
  EXECUTE FUNCTION odontia_mover_version('citas_version', 'clinica_id, dentista_id', 'f.clinica_id, f.dentista_id', 'crear');
--> statement-breakpoint
CREATE TRIGGER citas_version_actualizar AFTER UPDATE ON citas
  REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT
  EXECUTE FUNCTION odontia_mover_version('citas_version', 'clinica_id, dentista_id', 'f.clinica_id, f.dentista_id', 'crear');
--> statement-breakpoint
CREATE TRIGGER citas_version_borrar AFTER DELETE ON citas
  REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT
  EXECUTE FUNCTION odontia_mover_version('citas_version', 'clinica_id, dentista_id', 'f.clinica_id, f.dentista_id', 'crear');
--> statement-breakpoint
CREATE TRIGGER citas_version_dentistas AFTER UPDATE ON dentistas
  REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT
  EXECUTE FUNCTION odontia_mover_version('citas_version', 'clinica_id, dentista_id', 'f.clinica_id, f.id', 'crear');
--> statement-breakpoint
CREATE TRIGGER citas_version_vaciar AFTER TRUNCATE ON citas
  FOR EACH STATEMENT EXECUTE FUNCTION odontia_mover_version('citas_version', 'clinica_id, dentista_id', '*', 'mover');
--> statement-breakpoint
DROP FUNCTION citas_version_tras_insertar();
--> statement-breakpoint
DROP FUNCTION citas_version_tras_actualizar();
--> statement-breakpoint
DROP FUNCTION citas_version_tras_borrar();
--> statement-breakpoint
DROP FUNCTION citas_version_tras_actualizar_dentistas();
--> statement-breakpoint
DROP FUNCTION citas_version_mover(citas_version[]);
