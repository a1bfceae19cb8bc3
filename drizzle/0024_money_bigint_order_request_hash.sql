-- Money columns that were int4 hold amounts past 2^31 cents (issue 24 C). A column named by a trigger's
-- UPDATE OF cannot change type, so the two version triggers are dropped and made again as they were.
DROP TRIGGER products_bump_version ON products;--> statement-breakpoint
DROP TRIGGER discount_codes_bump_version ON discount_codes;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "price" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "price_sale" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "discount_codes" ALTER COLUMN "value" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "discount_codes" ALTER COLUMN "min_subtotal" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "price" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "invoice_services" ALTER COLUMN "price" SET DATA TYPE bigint;--> statement-breakpoint
CREATE TRIGGER products_bump_version BEFORE UPDATE OF name, slug, sku, code, description, sub_description, price, price_sale, taxes, category, gender, colors, sizes, tags, quantity, total_sold, publish, new_label, sale_label, updated_at ON products FOR EACH ROW EXECUTE FUNCTION atrium_bump_version();--> statement-breakpoint
CREATE TRIGGER discount_codes_bump_version BEFORE UPDATE OF code, kind, value, min_subtotal, expires_at, usage_limit, active, updated_at ON discount_codes FOR EACH ROW EXECUTE FUNCTION atrium_bump_version();--> statement-breakpoint
-- SHA-256 of the request that placed an order: its idempotency key reused with another request is a 422.
ALTER TABLE "orders" ADD COLUMN "request_hash" text;
