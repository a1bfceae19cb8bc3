-- The file manager at scale (bench/files.ts, ADR 046): a folder's listing and the search by name and tags
-- read an index instead of every item of the workspace.
-- Every 1-, 2- and 3-character substring of an item's name (lowercased) and of its tags: a search term's
-- atrium_term_grams() are all in it when the term is in the name or a tag (LIKE rechecks the candidates).
-- (Schema-qualified: PostgreSQL 17 builds indexes with a search_path of pg_catalog only.)
CREATE FUNCTION "atrium_file_terms"(text, text[]) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT public.atrium_grams(lower($1)) || coalesce(
    (SELECT array_agg(DISTINCT g) FROM unnest($2) AS t, unnest(public.atrium_grams(t)) AS g), '{}')
$$;
--> statement-breakpoint
CREATE INDEX "file_items_children_idx" ON "file_items" USING btree ("parent_id",("type" = 'folder') desc,lower("name"),"id") WHERE "file_items"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "file_items_search_idx" ON "file_items" USING gin (atrium_file_terms("name", "tags"));