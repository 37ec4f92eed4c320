-- Moves accesos_version in the same transaction as every change that can change what a member of a
-- clinic may do. Statement triggers with transition tables: one update per clinic and statement (a
-- clinic's creation grants about a hundred permissions in one statement). Only the deletes are
-- UPDATE-only: when a clinic is deleted its row goes with it (cascade), and the cascaded deletes of
-- its roles and grants must not recreate it. Clinics are visited in id order so that two concurrent
-- statements cannot deadlock on their rows.
CREATE OR REPLACE FUNCTION accesos_version_mover(ids uuid[], crear boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF crear THEN
    INSERT INTO accesos_version AS v (clinica_id, version)
    SELECT DISTINCT id, 1 FROM unnest(ids) AS id WHERE id IS NOT NULL ORDER BY id
    ON CONFLICT (clinica_id) DO UPDATE SET version = v.version + 1;
  ELSE
    UPDATE accesos_version AS v SET version = v.version + 1
    FROM (SELECT DISTINCT id FROM unnest(ids) AS id ORDER BY id) AS c
    WHERE v.clinica_id = c.id;
  END IF;
END $$;
--> statement-breakpoint
-- Grants (permisos_rol) and role assignments (usuarios_rol) carry the role; the role carries the clinic.
CREATE OR REPLACE FUNCTION accesos_version_tras_insertar_rol() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM accesos_version_mover(ARRAY(SELECT r.clinica_id FROM roles_clinica r WHERE r.id IN (SELECT rol_id FROM nuevos)), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION accesos_version_tras_borrar_rol() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM accesos_version_mover(ARRAY(SELECT r.clinica_id FROM roles_clinica r WHERE r.id IN (SELECT rol_id FROM borrados)), false);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION accesos_version_tras_actualizar_rol() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM accesos_version_mover(ARRAY(
    SELECT r.clinica_id FROM roles_clinica r WHERE r.id IN (SELECT rol_id FROM antes UNION SELECT rol_id FROM despues)
  ), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A deleted role: its grants and assignments go with it by cascade, when the role itself can no
-- longer be read to find its clinic; its own row still says which clinic it was.
CREATE OR REPLACE FUNCTION accesos_version_tras_borrar_roles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM accesos_version_mover(ARRAY(SELECT clinica_id FROM borrados), false);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A permission renamed or removed changes every clinic that grants it: all of them move (this only
-- happens when the application's permission catalogue changes).
CREATE OR REPLACE FUNCTION accesos_version_tras_cambiar_permisos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE accesos_version SET version = version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER accesos_version_permisos_rol_insertar AFTER INSERT ON permisos_rol
  REFERENCING NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION accesos_version_tras_insertar_rol();
--> statement-breakpoint
CREATE TRIGGER accesos_version_permisos_rol_borrar AFTER DELETE ON permisos_rol
  REFERENCING OLD TABLE AS borrados FOR EACH STATEMENT EXECUTE FUNCTION accesos_version_tras_borrar_rol();
--> statement-breakpoint
CREATE TRIGGER accesos_version_permisos_rol_actualizar AFTER UPDATE ON permisos_rol
  REFERENCING OLD TABLE AS antes NEW TABLE AS despues FOR EACH STATEMENT EXECUTE FUNCTION accesos_version_tras_actualizar_rol();
--> statement-breakpoint
CREATE TRIGGER accesos_version_usuarios_rol_insertar AFTER INSERT ON usuarios_rol
  REFERENCING NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION accesos_version_tras_insertar_rol();
--> statement-breakpoint
CREATE TRIGGER accesos_version_usuarios_rol_borrar AFTER DELETE ON usuarios_rol
  REFERENCING OLD TABLE AS borrados FOR EACH STATEMENT EXECUTE FUNCTION accesos_version_tras_borrar_rol();
--> statement-breakpoint
CREATE TRIGGER accesos_version_usuarios_rol_actualizar AFTER UPDATE ON usuarios_rol
  REFERENCING OLD TABLE AS antes NEW TABLE AS despues FOR EACH STATEMENT EXECUTE FUNCTION accesos_version_tras_actualizar_rol();
--> statement-breakpoint
CREATE TRIGGER accesos_version_roles_borrar AFTER DELETE ON roles_clinica
  REFERENCING OLD TABLE AS borrados FOR EACH STATEMENT EXECUTE FUNCTION accesos_version_tras_borrar_roles();
--> statement-breakpoint
CREATE TRIGGER accesos_version_permisos_actualizar AFTER UPDATE ON permisos
  FOR EACH STATEMENT EXECUTE FUNCTION accesos_version_tras_cambiar_permisos();
--> statement-breakpoint
CREATE TRIGGER accesos_version_permisos_borrar AFTER DELETE ON permisos
  FOR EACH STATEMENT EXECUTE FUNCTION accesos_version_tras_cambiar_permisos();
--> statement-breakpoint
-- Clinics that exist before this migration.
INSERT INTO accesos_version (clinica_id, version) SELECT id, 1 FROM clinicas ON CONFLICT (clinica_id) DO NOTHING;
