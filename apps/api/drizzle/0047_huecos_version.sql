-- Working hours and agenda blocks move citas_version too, in the writing transaction, as appointments
-- and dentists do (migration 0024): the public profile's free slots are then reused by version
-- (online-booking.service.ts, docs/decisions/0022). A clinic-wide block (no dentist) moves the
-- clinic's row of the nil dentist: every reader sums the clinic's rows, so any row that moves will do.
CREATE TRIGGER citas_version_horarios_insertar AFTER INSERT ON horarios_dentista
  REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT
  EXECUTE FUNCTION odontia_mover_version('citas_version', 'clinica_id, dentista_id', 'f.clinica_id, f.dentista_id', 'crear');
--> statement-breakpoint
CREATE TRIGGER citas_version_horarios_actualizar AFTER UPDATE ON horarios_dentista
  REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT
  EXECUTE FUNCTION odontia_mover_version('citas_version', 'clinica_id, dentista_id', 'f.clinica_id, f.dentista_id', 'crear');
--> statement-breakpoint
CREATE TRIGGER citas_version_horarios_borrar AFTER DELETE ON horarios_dentista
  REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT
  EXECUTE FUNCTION odontia_mover_version('citas_version', 'clinica_id, dentista_id', 'f.clinica_id, f.dentista_id', 'crear');
--> statement-breakpoint
CREATE TRIGGER citas_version_bloqueos_insertar AFTER INSERT ON bloqueos_agenda
  REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT
  EXECUTE FUNCTION odontia_mover_version('citas_version', 'clinica_id, dentista_id', 'f.clinica_id, coalesce(f.dentista_id, ''00000000-0000-0000-0000-000000000000'')', 'crear');
--> statement-breakpoint
CREATE TRIGGER citas_version_bloqueos_actualizar AFTER UPDATE ON bloqueos_agenda
  REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT
  EXECUTE FUNCTION odontia_mover_version('citas_version', 'clinica_id, dentista_id', 'f.clinica_id, coalesce(f.dentista_id, ''00000000-0000-0000-0000-000000000000'')', 'crear');
--> statement-breakpoint
CREATE TRIGGER citas_version_bloqueos_borrar AFTER DELETE ON bloqueos_agenda
  REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT
  EXECUTE FUNCTION odontia_mover_version('citas_version', 'clinica_id, dentista_id', 'f.clinica_id, coalesce(f.dentista_id, ''00000000-0000-0000-0000-000000000000'')', 'crear');
