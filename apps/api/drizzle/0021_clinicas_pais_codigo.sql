-- clinicas.pais holds the code of a country of the list (packages/shared/src/countries.ts, decision
-- 0016): the names the onboarding used to take as free text become codes. Anything else (a country
-- not on the list, a typo) is left as it was: the clinic's settings ask its owner to choose from the list.
UPDATE clinicas SET pais = 'ES' WHERE odontia_normalizar(btrim(pais)) IN ('es', 'espana', 'spain');
--> statement-breakpoint
UPDATE clinicas SET pais = 'CO' WHERE odontia_normalizar(btrim(pais)) IN ('co', 'colombia');
--> statement-breakpoint
-- Until now every clinic ran on Madrid time (the column's default, which nothing changed), so a clinic
-- in Colombia had its appointments typed on Bogotá's clock and stored as if on Madrid's. It moves to
-- Bogotá keeping the times its people see (10:00 stays 10:00, now meaning 10:00 in Bogotá). Latest
-- first: each appointment moves later, into time the ones after it have already left, so the
-- no-overlap constraint never sees a passing conflict. A clinic whose appointments cannot all move
-- (only the hour Madrid's clock repeats in October could make two meet) keeps Madrid's zone, as before,
-- and its owner can change it in settings.
DO $$
DECLARE
  clinica record;
  cita record;
BEGIN
  FOR clinica IN SELECT id FROM clinicas WHERE pais = 'CO' AND zona_horaria = 'Europe/Madrid' LOOP
    BEGIN
      FOR cita IN SELECT id FROM citas WHERE clinica_id = clinica.id ORDER BY inicio DESC LOOP
        UPDATE citas
           SET inicio = (inicio AT TIME ZONE 'Europe/Madrid') AT TIME ZONE 'America/Bogota',
               fin = (fin AT TIME ZONE 'Europe/Madrid') AT TIME ZONE 'America/Bogota'
         WHERE id = cita.id;
      END LOOP;
      UPDATE clinicas SET zona_horaria = 'America/Bogota' WHERE id = clinica.id;
    EXCEPTION WHEN exclusion_violation OR check_violation THEN
      RAISE NOTICE 'La clínica % sigue en Europe/Madrid: sus citas no caben en la hora de Bogotá', clinica.id;
    END;
  END LOOP;
END $$;
