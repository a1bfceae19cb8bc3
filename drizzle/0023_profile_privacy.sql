ALTER TABLE "users" ADD COLUMN "email_visibility" text DEFAULT 'nobody' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_visibility" text DEFAULT 'nobody' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_visibility_valid" CHECK ("users"."email_visibility" in ('members', 'nobody'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_phone_visibility_valid" CHECK ("users"."phone_visibility" in ('members', 'nobody'));