-- Reviewed: the generated DROP INDEX / CREATE INDEX is replaced by an ALTER, which changes the
-- setting without rebuilding the index (or blocking writes while it rebuilds); rows already waiting
-- in the pending list are merged at once.
ALTER INDEX "pacientes_busqueda_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('pacientes_busqueda_trgm_idx'::regclass);