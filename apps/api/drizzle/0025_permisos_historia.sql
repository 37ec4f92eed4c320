-- The clinical record's permissions (issue 22), in the catalogue and in every existing clinic's
-- default roles as a new clinic gets them (packages/shared DEFAULT_ROLES): Administrador and Dentista
-- all five, Asistente historia.ver and antecedentes.editar. The catalogue rows are written here too
-- (the server's startup writes them again with the code's descriptions) so that the grants can be.
-- Roles a clinic has changed keep their other permissions; custom roles get nothing.
INSERT INTO "permisos" ("nombre", "descripcion", "modulo") VALUES
  ('historia.ver', 'Ver la historia clínica de un paciente', 'historia'),
  ('historia.editar', 'Escribir y firmar notas clínicas y adendas', 'historia'),
  ('historia.exportar', 'Exportar la historia clínica de un paciente', 'historia'),
  ('consentimientos.firmar', 'Preparar y firmar consentimientos informados', 'historia'),
  ('antecedentes.editar', 'Registrar alergias, medicación y enfermedades de un paciente', 'historia')
ON CONFLICT ("nombre") DO NOTHING;
--> statement-breakpoint
INSERT INTO "permisos_rol" ("rol_id", "permiso_id")
SELECT r."id", p."id"
FROM "roles_clinica" r
JOIN "permisos" p ON (
  r."nombre" IN ('Administrador', 'Dentista')
    AND p."nombre" IN ('historia.ver', 'historia.editar', 'historia.exportar', 'consentimientos.firmar', 'antecedentes.editar')
  OR r."nombre" = 'Asistente' AND p."nombre" IN ('historia.ver', 'antecedentes.editar')
)
WHERE r."es_predeterminado"
ORDER BY r."id", p."id"
ON CONFLICT DO NOTHING;
