-- Keeps productos_conteo exact in the same transaction as every insert, delete and change of
-- category of productos (as pacientes_conteo does for patients). Statement triggers with transition
-- tables do one counter update per clinic, category and statement; counters are visited in key order
-- so that two concurrent statements cannot deadlock on them. Stock updates do not fire them.
CREATE OR REPLACE FUNCTION productos_conteo_tras_insertar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO productos_conteo AS c (clinica_id, categoria, total)
  SELECT clinica_id, categoria, count(*) FROM nuevos GROUP BY clinica_id, categoria ORDER BY clinica_id, categoria
  ON CONFLICT (clinica_id, categoria) DO UPDATE SET total = c.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only UPDATE here: when a clinic is deleted its counter rows go with it (cascade), and the cascaded
-- delete of its items must not recreate them.
CREATE OR REPLACE FUNCTION productos_conteo_tras_borrar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE productos_conteo AS c SET total = c.total - b.n
  FROM (SELECT clinica_id, categoria, count(*) AS n FROM borrados GROUP BY clinica_id, categoria ORDER BY clinica_id, categoria) AS b
  WHERE c.clinica_id = b.clinica_id AND c.categoria = b.categoria;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A row trigger limited to the two columns that move an item between counters (transition tables
-- cannot be combined with a column list), so that the stock updates of a checkout never lock a counter.
CREATE OR REPLACE FUNCTION productos_conteo_tras_recategorizar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE productos_conteo SET total = total - 1 WHERE clinica_id = OLD.clinica_id AND categoria = OLD.categoria;
  INSERT INTO productos_conteo AS c (clinica_id, categoria, total) VALUES (NEW.clinica_id, NEW.categoria, 1)
  ON CONFLICT (clinica_id, categoria) DO UPDATE SET total = c.total + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION productos_conteo_tras_vaciar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE productos_conteo SET total = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER productos_conteo_insertar AFTER INSERT ON productos
  REFERENCING NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION productos_conteo_tras_insertar();
--> statement-breakpoint
CREATE TRIGGER productos_conteo_borrar AFTER DELETE ON productos
  REFERENCING OLD TABLE AS borrados FOR EACH STATEMENT EXECUTE FUNCTION productos_conteo_tras_borrar();
--> statement-breakpoint
CREATE TRIGGER productos_conteo_recategorizar AFTER UPDATE OF categoria, clinica_id ON productos
  FOR EACH ROW WHEN (OLD.categoria IS DISTINCT FROM NEW.categoria OR OLD.clinica_id IS DISTINCT FROM NEW.clinica_id)
  EXECUTE FUNCTION productos_conteo_tras_recategorizar();
--> statement-breakpoint
CREATE TRIGGER productos_conteo_vaciar AFTER TRUNCATE ON productos
  FOR EACH STATEMENT EXECUTE FUNCTION productos_conteo_tras_vaciar();
--> statement-breakpoint
-- Items that exist before this migration.
INSERT INTO productos_conteo (clinica_id, categoria, total)
SELECT clinica_id, categoria, count(*) FROM productos GROUP BY clinica_id, categoria
ON CONFLICT (clinica_id, categoria) DO UPDATE SET total = excluded.total;