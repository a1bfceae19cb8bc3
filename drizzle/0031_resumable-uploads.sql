-- Resumable uploads (ADR 047) in the database, their bytes as parts in the storage driver: any instance
-- continues an upload another started.
CREATE TABLE "file_upload_parts" (
	"upload_id" text NOT NULL,
	"offset" bigint NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	CONSTRAINT "file_upload_parts_upload_id_offset_pk" PRIMARY KEY("upload_id","offset")
);
--> statement-breakpoint
CREATE TABLE "file_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"size" bigint NOT NULL,
	"offset" bigint DEFAULT 0 NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_upload_parts" ADD CONSTRAINT "file_upload_parts_upload_id_file_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."file_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_uploads" ADD CONSTRAINT "file_uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_uploads_owner_idx" ON "file_uploads" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "file_uploads_updated_idx" ON "file_uploads" USING btree ("updated_at");