-- Extensions the search features need, on PostgreSQL and on PGlite (registered in src/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change), so generated columns and indexes
-- need an IMMUTABLE wrapper that names the dictionary explicitly.
CREATE OR REPLACE FUNCTION odontia_normalizar(texto text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, texto)) $$;
