-- The words a product search looks in: name, SKU, code and tags, as a 'simple' (every language alike)
-- tsvector for word-prefix queries (`lea:* & jack:*`). Immutable in practice (array_to_string of text is),
-- so it can be indexed; schema-qualified calls, since PostgreSQL 17 builds indexes with a search_path of
-- pg_catalog only.
CREATE FUNCTION "atrium_product_terms"(text, text, text, text[]) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT pg_catalog.to_tsvector('simple'::regconfig, coalesce($1, '') || ' ' || coalesce($2, '') || ' ' || coalesce($3, '') || ' ' || coalesce(pg_catalog.array_to_string($4, ' '), ''))
$$;
--> statement-breakpoint
CREATE TABLE "product_images" (
	"product_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "product_images_product_id_file_id_pk" PRIMARY KEY("product_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "product_review_votes" (
	"review_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "product_review_votes_review_id_user_id_pk" PRIMARY KEY("review_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "product_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"comment" text NOT NULL,
	"helpful" integer DEFAULT 0 NOT NULL,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_reviews_rating" CHECK (rating between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"sku" text NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sub_description" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"price_sale" integer,
	"taxes" numeric(5, 2) DEFAULT 0 NOT NULL,
	"category" text NOT NULL,
	"gender" text[] DEFAULT '{}'::text[] NOT NULL,
	"colors" text[] DEFAULT '{}'::text[] NOT NULL,
	"sizes" text[] DEFAULT '{}'::text[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"total_sold" integer DEFAULT 0 NOT NULL,
	"publish" text DEFAULT 'draft' NOT NULL,
	"new_label" jsonb DEFAULT '{"enabled":false,"content":"NEW"}'::jsonb NOT NULL,
	"sale_label" jsonb DEFAULT '{"enabled":false,"content":"SALE"}'::jsonb NOT NULL,
	"total_reviews" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"star_counts" integer[] DEFAULT '{0,0,0,0,0}'::integer[] NOT NULL,
	"rating_avg" double precision GENERATED ALWAYS AS (case when total_reviews > 0 then rating_sum::double precision / total_reviews else 0 end) STORED NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_range" CHECK (price >= 0 and (price_sale is null or price_sale > price)),
	CONSTRAINT "products_stock" CHECK (quantity >= 0 and total_sold >= 0),
	CONSTRAINT "products_taxes" CHECK (taxes >= 0 and taxes <= 100)
);
--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_review_votes" ADD CONSTRAINT "product_review_votes_review_id_product_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."product_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_review_votes" ADD CONSTRAINT "product_review_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_images_file_unique" ON "product_images" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "product_images_order_idx" ON "product_images" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_review_votes_user_idx" ON "product_review_votes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_reviews_one_per_user" ON "product_reviews" USING btree ("product_id","user_id");--> statement-breakpoint
CREATE INDEX "product_reviews_newest_idx" ON "product_reviews" USING btree ("product_id","posted_at","id");--> statement-breakpoint
CREATE INDEX "product_reviews_helpful_idx" ON "product_reviews" USING btree ("product_id","helpful","posted_at","id");--> statement-breakpoint
CREATE INDEX "product_reviews_user_idx" ON "product_reviews" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_name_unique" ON "products" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_unique" ON "products" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_unique" ON "products" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "products_sold_idx" ON "products" USING btree ("total_sold","id");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price","id");--> statement-breakpoint
CREATE INDEX "products_quantity_idx" ON "products" USING btree ("quantity","id");--> statement-breakpoint
CREATE INDEX "products_publish_idx" ON "products" USING btree ("publish","created_at","id");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category");--> statement-breakpoint
CREATE INDEX "products_gender_idx" ON "products" USING gin ("gender");--> statement-breakpoint
CREATE INDEX "products_colors_idx" ON "products" USING gin ("colors");--> statement-breakpoint
CREATE INDEX "products_rating_idx" ON "products" USING btree ("rating_avg");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin (atrium_product_terms(name, sku, code, tags));--> statement-breakpoint
-- A product's version (ADR 017) is raised by edits of its fields and of its stock (an order taking stock
-- makes an open edit of the quantity stale), not by the review figures the trigger below keeps.
CREATE TRIGGER products_bump_version BEFORE UPDATE OF name, slug, sku, code, description, sub_description, price, price_sale, taxes, category, gender, colors, sizes, tags, quantity, total_sold, publish, new_label, sale_label, updated_at ON products FOR EACH ROW EXECUTE FUNCTION atrium_bump_version();
--> statement-breakpoint
-- A product's review figures follow its reviews in the statement that writes one: counts are added and
-- taken away (never recomputed from a snapshot), and the product's row lock orders concurrent reviews, so
-- none is lost. Reviews deleted with their author's account take their counts with them too.
CREATE FUNCTION "atrium_product_review_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE public.products SET total_reviews = total_reviews - 1, rating_sum = rating_sum - OLD.rating,
      star_counts[OLD.rating] = star_counts[OLD.rating] - 1
    WHERE id = OLD.product_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE public.products SET total_reviews = total_reviews + 1, rating_sum = rating_sum + NEW.rating,
      star_counts[NEW.rating] = star_counts[NEW.rating] + 1
    WHERE id = NEW.product_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_reviews_counts AFTER INSERT OR DELETE OR UPDATE OF rating, product_id ON product_reviews FOR EACH ROW EXECUTE FUNCTION atrium_product_review_counts();
--> statement-breakpoint
-- A review's helpful count follows its votes the same way.
CREATE FUNCTION "atrium_product_review_votes_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE public.product_reviews SET helpful = helpful + 1 WHERE id = NEW.review_id;
  ELSE
    UPDATE public.product_reviews SET helpful = helpful - 1 WHERE id = OLD.review_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_review_votes_count AFTER INSERT OR DELETE ON product_review_votes FOR EACH ROW EXECUTE FUNCTION atrium_product_review_votes_count();
