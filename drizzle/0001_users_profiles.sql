CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"target_user_id" uuid,
	"target_label" text DEFAULT '' NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"follower_id" uuid NOT NULL,
	"followee_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_follower_id_followee_id_pk" PRIMARY KEY("follower_id","followee_id"),
	CONSTRAINT "follows_not_self" CHECK (follower_id <> followee_id)
);
--> statement-breakpoint
CREATE TABLE "user_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_slug_counters" (
	"base" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "slug" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "state" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "zip_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "about" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cover_url" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "social_links" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notifications" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || email || ' ' || company || ' ' || phone)) STORED;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_followee_id_users_id_fk" FOREIGN KEY ("followee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_images" ADD CONSTRAINT "user_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_user_id","created_at");--> statement-breakpoint
CREATE INDEX "follows_followee_idx" ON "follows" USING btree ("followee_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_images_file_name_unique" ON "user_images" USING btree ("file_name");--> statement-breakpoint
CREATE INDEX "user_images_user_idx" ON "user_images" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE FUNCTION "users_assign_slug"() RETURNS trigger LANGUAGE plpgsql AS $$
-- Gives every user a unique URL name derived from the name: ada-lovelace, ada-lovelace-2, …
-- Runs when a row is inserted with slug '' or its name changes; an explicitly given slug is kept.
DECLARE
  v_base text;
  v_n integer;
  v_candidate text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.slug <> '' THEN RETURN NEW; END IF;
  ELSE
    IF NEW.slug <> '' AND NEW.slug IS DISTINCT FROM OLD.slug THEN RETURN NEW; END IF;
    IF NEW.slug <> '' AND NEW.first_name = OLD.first_name AND NEW.last_name = OLD.last_name THEN
      RETURN NEW;
    END IF;
  END IF;
  v_base := trim(BOTH '-' FROM regexp_replace(lower(NEW.first_name || ' ' || NEW.last_name), '[^a-z0-9]+', '-', 'g'));
  v_base := trim(BOTH '-' FROM left(v_base, 60));
  IF v_base = '' THEN v_base := 'user'; END IF;
  -- A change of name that keeps the same base keeps the slug (no needless renumbering).
  IF TG_OP = 'UPDATE' AND OLD.slug <> '' AND (OLD.slug = v_base OR OLD.slug ~ ('^' || v_base || '-[0-9]+$')) THEN
    NEW.slug := OLD.slug;
    RETURN NEW;
  END IF;
  LOOP
    -- The counter row serialises concurrent inserts of one base: each gets its own number.
    INSERT INTO "user_slug_counters" AS c ("base", "last") VALUES (v_base, 1)
      ON CONFLICT ("base") DO UPDATE SET "last" = c."last" + 1
      RETURNING c."last" INTO v_n;
    v_candidate := CASE WHEN v_n = 1 THEN v_base ELSE v_base || '-' || v_n END;
    -- Words that are static paths under /api/users and /dashboard/user are never slugs.
    IF v_candidate <> ALL (ARRAY['cards', 'list', 'new', 'account', 'profile', 'me', 'bulk-delete', 'edit', 'create'])
       AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u."slug" = v_candidate AND u."id" <> NEW."id") THEN
      NEW.slug := v_candidate;
      RETURN NEW;
    END IF;
  END LOOP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_assign_slug" BEFORE INSERT OR UPDATE ON "users" FOR EACH ROW EXECUTE FUNCTION "users_assign_slug"();
--> statement-breakpoint
UPDATE "users" SET "slug" = '' WHERE "slug" = '';--> statement-breakpoint
CREATE UNIQUE INDEX "users_slug_unique" ON "users" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "users_name_sort_idx" ON "users" USING btree (lower(first_name || ' ' || last_name),"id");--> statement-breakpoint
CREATE INDEX "users_company_sort_idx" ON "users" USING btree (lower(company),"id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role","id");--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("status","id");