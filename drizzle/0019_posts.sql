-- The words a post search looks in: title, description and tags, as a 'simple' (every language alike)
-- tsvector for word-prefix queries (`tra:* & eur:*`). Immutable in practice, so it can be indexed;
-- schema-qualified calls, since PostgreSQL 17 builds indexes with a search_path of pg_catalog only.
CREATE FUNCTION "atrium_post_terms"(text, text, text[]) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT pg_catalog.to_tsvector('simple'::regconfig, coalesce($1, '') || ' ' || coalesce($2, '') || ' ' || coalesce(pg_catalog.array_to_string($3, ' '), ''))
$$;
--> statement-breakpoint
CREATE TABLE "post_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"parent_id" uuid,
	"reply_to_user_id" uuid,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_counts" (
	"author_id" uuid NOT NULL,
	"publish" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "post_counts_author_id_publish_pk" PRIMARY KEY("author_id","publish")
);
--> statement-breakpoint
CREATE TABLE "post_former_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_likes" (
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_likes_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "post_views" (
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "post_views_post_id_user_id_day_pk" PRIMARY KEY("post_id","user_id","day")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" uuid NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"cover_file_id" uuid,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"meta_keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"publish" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"allow_comments" boolean DEFAULT true NOT NULL,
	"total_views" integer DEFAULT 0 NOT NULL,
	"total_favorites" integer DEFAULT 0 NOT NULL,
	"total_comments" integer DEFAULT 0 NOT NULL,
	"listed_at" timestamp with time zone GENERATED ALWAYS AS (coalesce(published_at, created_at)) STORED NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_published_at" CHECK ((publish = 'published') = (published_at is not null)),
	CONSTRAINT "posts_figures" CHECK (total_views >= 0 and total_favorites >= 0 and total_comments >= 0)
);
--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_parent_id_post_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."post_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_reply_to_user_id_users_id_fk" FOREIGN KEY ("reply_to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_former_slugs" ADD CONSTRAINT "post_former_slugs_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_likes" ADD CONSTRAINT "post_likes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_likes" ADD CONSTRAINT "post_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_views" ADD CONSTRAINT "post_views_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_views" ADD CONSTRAINT "post_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_cover_file_id_files_id_fk" FOREIGN KEY ("cover_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_comments_top_idx" ON "post_comments" USING btree ("post_id","created_at","id") WHERE parent_id is null;--> statement-breakpoint
CREATE INDEX "post_comments_replies_idx" ON "post_comments" USING btree ("parent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "post_comments_author_idx" ON "post_comments" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "post_comments_reply_to_idx" ON "post_comments" USING btree ("reply_to_user_id");--> statement-breakpoint
CREATE INDEX "post_former_slugs_post_idx" ON "post_former_slugs" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "post_likes_newest_idx" ON "post_likes" USING btree ("post_id","created_at");--> statement-breakpoint
CREATE INDEX "post_likes_user_idx" ON "post_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "post_views_user_idx" ON "post_views" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "posts_slug_unique" ON "posts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "posts_listed_idx" ON "posts" USING btree ("listed_at","id");--> statement-breakpoint
CREATE INDEX "posts_publish_listed_idx" ON "posts" USING btree ("publish","listed_at","id");--> statement-breakpoint
CREATE INDEX "posts_author_idx" ON "posts" USING btree ("author_id","publish","listed_at","id");--> statement-breakpoint
CREATE INDEX "posts_popular_idx" ON "posts" USING btree ("total_views","id");--> statement-breakpoint
CREATE INDEX "posts_publish_popular_idx" ON "posts" USING btree ("publish","total_views","id");--> statement-breakpoint
CREATE INDEX "posts_cover_idx" ON "posts" USING btree ("cover_file_id");--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin (atrium_post_terms(title, description, tags));
--> statement-breakpoint
-- A post's version (ADR 017) is raised by edits of its fields, not by the figures the triggers below keep
-- (views, likes and comments never make an open edit stale).
CREATE TRIGGER posts_bump_version BEFORE UPDATE OF title, slug, description, content, cover_file_id, tags, meta_title, meta_description, meta_keywords, publish, published_at, allow_comments, updated_at ON posts FOR EACH ROW EXECUTE FUNCTION atrium_bump_version();
--> statement-breakpoint
-- The list's tab counts: posts per author and publish state, added and taken away in the statement that
-- writes a post (never recounted), so the tabs cost a few rows however many posts there are.
CREATE FUNCTION "atrium_post_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE public.post_counts SET total = total - 1 WHERE author_id = OLD.author_id AND publish = OLD.publish;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO public.post_counts AS c (author_id, publish, total) VALUES (NEW.author_id, NEW.publish, 1)
    ON CONFLICT (author_id, publish) DO UPDATE SET total = c.total + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_counts AFTER INSERT OR DELETE OR UPDATE OF author_id, publish ON posts FOR EACH ROW EXECUTE FUNCTION atrium_post_counts();
--> statement-breakpoint
-- A post's figures follow its likes, comments and daily views the same way (a view once counted stays
-- counted: view rows may be cleared without lowering the total). A post being deleted takes its rows with
-- it; the updates then find no post, which is fine.
CREATE FUNCTION "atrium_post_figures"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_step integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
  v_post uuid := CASE WHEN TG_OP = 'INSERT' THEN NEW.post_id ELSE OLD.post_id END;
BEGIN
  IF TG_TABLE_NAME = 'post_likes' THEN
    UPDATE public.posts SET total_favorites = total_favorites + v_step WHERE id = v_post;
  ELSIF TG_TABLE_NAME = 'post_comments' THEN
    UPDATE public.posts SET total_comments = total_comments + v_step WHERE id = v_post;
  ELSIF TG_TABLE_NAME = 'post_views' THEN
    UPDATE public.posts SET total_views = total_views + v_step WHERE id = v_post;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER post_likes_count AFTER INSERT OR DELETE ON post_likes FOR EACH ROW EXECUTE FUNCTION atrium_post_figures();
--> statement-breakpoint
CREATE TRIGGER post_comments_count AFTER INSERT OR DELETE ON post_comments FOR EACH ROW EXECUTE FUNCTION atrium_post_figures();
--> statement-breakpoint
CREATE TRIGGER post_views_count AFTER INSERT ON post_views FOR EACH ROW EXECUTE FUNCTION atrium_post_figures();
