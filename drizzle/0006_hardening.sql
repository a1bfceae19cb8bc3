CREATE TABLE "session_refresh_history" (
	"session_id" uuid NOT NULL,
	"refresh_hash" text NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_refresh_history_session_id_refresh_hash_pk" PRIMARY KEY("session_id","refresh_hash")
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "secret" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "grace_used" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "session_refresh_history" ADD CONSTRAINT "session_refresh_history_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE status in ('pending', 'sending');--> statement-breakpoint
-- Mail stored before the queue: sent or kept, and no one-time code stays readable in it.
UPDATE "outbox" SET "status" = CASE WHEN "sent_at" IS NOT NULL THEN 'sent' ELSE 'kept' END, "text" = regexp_replace("text", '\m[0-9]{6}\M', '••••••', 'g');
