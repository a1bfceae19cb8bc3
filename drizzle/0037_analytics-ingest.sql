CREATE TABLE "analytics_dirty" (
	"site_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "analytics_dirty_site_id_day_pk" PRIMARY KEY("site_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"retention_days" integer NOT NULL,
	"geo_source" text DEFAULT 'bundled' NOT NULL,
	"geo_updated_at" timestamp with time zone,
	"geo_data" "bytea",
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_settings_one_row" CHECK ("analytics_settings"."id" = 1)
);
--> statement-breakpoint
DROP INDEX "analytics_sites_built_in";--> statement-breakpoint
ALTER TABLE "analytics_dirty" ADD CONSTRAINT "analytics_dirty_site_id_analytics_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."analytics_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_sites_built_in" ON "analytics_sites" USING btree ("built_in") WHERE "analytics_sites"."built_in";--> statement-breakpoint
INSERT INTO "analytics_sites" ("name", "key", "built_in", "domains")
SELECT 'Atrium', 'atrium', true, '{}'::text[]
WHERE NOT EXISTS (SELECT 1 FROM "analytics_sites" WHERE "built_in");
