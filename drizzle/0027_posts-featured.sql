ALTER TABLE "posts" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_featured_idx" ON "posts" USING btree ("listed_at") WHERE featured;