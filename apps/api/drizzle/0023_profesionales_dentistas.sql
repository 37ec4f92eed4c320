-- The public profile's 'Profesionales' are now the clinic's active dentists (/dentistas). Every
-- professional typed on a profile who is not yet a dentist of that clinic (same name, accents and
-- case aside) becomes one: 'Dra. Lucía Fernández' → nombres 'Lucía', apellidos 'Fernández'; the
-- specialty by its name (else Odontología general); the first colour of the palette. Their photos
-- are not kept (dentists have none).
INSERT INTO "dentistas" ("clinica_id", "nombres", "apellidos", "especialidad", "color", "activo")
SELECT DISTINCT ON (c."id", odontia_normalizar(n."nombre"))
  c."id",
  split_part(n."nombre", ' ', 1),
  substr(n."nombre", length(split_part(n."nombre", ' ', 1)) + 2),
  coalesce(
    (SELECT e."id" FROM "especialidades" e WHERE odontia_normalizar(e."nombre") = odontia_normalizar(trim(d->>'especialidad'))),
    'odontologia-general'
  ),
  '#1d4ed8',
  true
FROM "clinicas" c
CROSS JOIN LATERAL jsonb_array_elements(c."doctores") d
CROSS JOIN LATERAL (SELECT regexp_replace(trim(d->>'nombre'), '^(dra?\.?)\s+', '', 'i') AS "nombre") n
WHERE n."nombre" <> ''
  AND NOT EXISTS (
    SELECT 1 FROM "dentistas" x
    WHERE x."clinica_id" = c."id"
      AND odontia_normalizar(trim(x."nombres" || ' ' || x."apellidos")) = odontia_normalizar(n."nombre")
  );
--> statement-breakpoint
ALTER TABLE "clinicas" DROP COLUMN "doctores";
