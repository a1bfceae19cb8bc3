CREATE SEQUENCE "public"."booking_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "booking_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text DEFAULT 'BK-' || lpad(nextval('booking_number_seq')::text, 6, '0') NOT NULL,
	"listing_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"guests" integer NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"price_cents" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"cancel_reason" text,
	"payment_method" text NOT NULL,
	"paid_at" timestamp with time zone,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_bookings_guests" CHECK (guests > 0),
	CONSTRAINT "booking_bookings_interval" CHECK (starts_at < ends_at),
	CONSTRAINT "booking_bookings_cancel_reason" CHECK (status <> 'cancelled' or cancel_reason is not null)
);
--> statement-breakpoint
CREATE TABLE "booking_dates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"start_minute" integer,
	"end_minute" integer
);
--> statement-breakpoint
CREATE TABLE "booking_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"booking_id" uuid NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	CONSTRAINT "booking_hours_window" CHECK (weekday between 0 and 6 and start_minute >= 0 and end_minute <= 1440 and start_minute < end_minute)
);
--> statement-breakpoint
CREATE TABLE "booking_listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"cover_file_id" uuid,
	"gallery_file_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"price_cents" bigint NOT NULL,
	"price_unit" text NOT NULL,
	"capacity" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"mode" text NOT NULL,
	"buffer_before_minutes" integer DEFAULT 0 NOT NULL,
	"buffer_after_minutes" integer DEFAULT 0 NOT NULL,
	"booking_notice_hours" integer DEFAULT 0 NOT NULL,
	"cancel_notice_hours" integer DEFAULT 0 NOT NULL,
	"time_zone" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "booking_listings_price" CHECK (price_cents >= 0),
	CONSTRAINT "booking_listings_capacity" CHECK (capacity > 0),
	CONSTRAINT "booking_listings_duration" CHECK (duration_minutes > 0),
	CONSTRAINT "booking_listings_buffers" CHECK (buffer_before_minutes >= 0 and buffer_after_minutes >= 0)
);
--> statement-breakpoint
CREATE TABLE "booking_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_reviews_rating" CHECK (rating between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "booking_bookings" ADD CONSTRAINT "booking_bookings_listing_id_booking_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."booking_listings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_bookings" ADD CONSTRAINT "booking_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_dates" ADD CONSTRAINT "booking_dates_listing_id_booking_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."booking_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_id_booking_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_hours" ADD CONSTRAINT "booking_hours_listing_id_booking_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."booking_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_listings" ADD CONSTRAINT "booking_listings_cover_file_id_files_id_fk" FOREIGN KEY ("cover_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_reviews" ADD CONSTRAINT "booking_reviews_booking_id_booking_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_reviews" ADD CONSTRAINT "booking_reviews_listing_id_booking_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."booking_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_reviews" ADD CONSTRAINT "booking_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_reviews" ADD CONSTRAINT "booking_reviews_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_bookings_number_idx" ON "booking_bookings" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_bookings_user_key_idx" ON "booking_bookings" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "booking_bookings_listing_time_idx" ON "booking_bookings" USING btree ("listing_id","starts_at");--> statement-breakpoint
CREATE INDEX "booking_bookings_user_created_idx" ON "booking_bookings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "booking_bookings_starts_idx" ON "booking_bookings" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "booking_dates_listing_idx" ON "booking_dates" USING btree ("listing_id","day");--> statement-breakpoint
CREATE INDEX "booking_events_booking_idx" ON "booking_events" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "booking_hours_listing_idx" ON "booking_hours" USING btree ("listing_id","weekday");--> statement-breakpoint
CREATE INDEX "booking_listings_status_name_idx" ON "booking_listings" USING btree ("status","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_reviews_booking_idx" ON "booking_reviews" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_reviews_listing_idx" ON "booking_reviews" USING btree ("listing_id","status","created_at");--> statement-breakpoint
CREATE INDEX "booking_reviews_status_idx" ON "booking_reviews" USING btree ("status","created_at");