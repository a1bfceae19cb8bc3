-- The distinct 1-, 2- and 3-character substrings of a text. A LIKE '%term%' match needs every trigram of
-- the term (or, for a term of 1 or 2 characters, the term itself): atrium_term_grams(term).
CREATE FUNCTION "atrium_grams"(text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr($1, i, n)), '{}')
  FROM generate_series(1, 3) AS n, generate_series(1, length($1) - n + 1) AS i
$$;
--> statement-breakpoint
CREATE FUNCTION "atrium_term_grams"(text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN length($1) < 3 THEN ARRAY[$1]
    ELSE ARRAY(SELECT DISTINCT substr($1, i, 3) FROM generate_series(1, length($1) - 2) AS i) END
$$;
--> statement-breakpoint
-- What the search index stores per user: the grams of search_text plus "status:…" and "role:…" (longer
-- than any gram, so they never collide). `atrium_user_terms(…) @> grams || ['status:banned']` is then one
-- GIN lookup that yields only the banned matches: per-status counts of a search never fetch the rows of
-- the other statuses, and no search, however short its term, scans the table. LIKE rechecks the candidates.
-- (Schema-qualified: PostgreSQL 17 builds indexes with a search_path of pg_catalog only.)
CREATE FUNCTION "atrium_user_terms"(text, text, text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT public.atrium_grams($1) || ARRAY['status:' || $2, 'role:' || $3]
$$;
--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (atrium_user_terms(search_text, status, role));--> statement-breakpoint
DROP INDEX "users_search_trgm_idx";--> statement-breakpoint
DROP FUNCTION "atrium_trigrams"(text);
