CREATE TABLE "user_counts" (
	"role" text NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "user_counts_role_status_pk" PRIMARY KEY("role","status")
);
--> statement-breakpoint
-- The distinct 3-character substrings of a text: what the search index stores per user. A LIKE '%term%'
-- match needs every trigram of the term, so `atrium_trigrams(search_text) @> atrium_trigrams(term)` is a
-- superset filter the GIN index answers; LIKE rechecks the candidates. Terms under 3 characters scan.
CREATE FUNCTION "atrium_trigrams"(text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr($1, i, 3)), '{}')
  FROM generate_series(1, length($1) - 2) AS i
$$;
--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (atrium_trigrams(search_text));
--> statement-breakpoint
-- Keeps user_counts equal to `SELECT role, status, count(*) FROM users GROUP BY 1, 2`, one statement at a time.
CREATE FUNCTION "users_count_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' OR TG_OP = 'DELETE' THEN
    INSERT INTO "user_counts" AS c ("role", "status", "n")
      SELECT o."role", o."status", -count(*) FROM old_rows o GROUP BY o."role", o."status"
      ON CONFLICT ("role", "status") DO UPDATE SET "n" = c."n" + excluded."n";
  END IF;
  IF TG_OP = 'UPDATE' OR TG_OP = 'INSERT' THEN
    INSERT INTO "user_counts" AS c ("role", "status", "n")
      SELECT r."role", r."status", count(*) FROM new_rows r GROUP BY r."role", r."status"
      ON CONFLICT ("role", "status") DO UPDATE SET "n" = c."n" + excluded."n";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_count_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "users_count_rows"();
--> statement-breakpoint
CREATE TRIGGER "users_count_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "users_count_rows"();
--> statement-breakpoint
CREATE TRIGGER "users_count_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "users_count_rows"();
--> statement-breakpoint
INSERT INTO "user_counts" ("role", "status", "n") SELECT "role", "status", count(*) FROM "users" GROUP BY 1, 2;
