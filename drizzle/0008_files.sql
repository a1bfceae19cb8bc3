-- The files block (issue #9 E, ADR 018): the users' gallery table becomes the one table of stored files,
-- keeping every row, id and stored name (the bytes do not move).
ALTER TABLE "user_images" RENAME TO "files";--> statement-breakpoint
ALTER TABLE "files" RENAME COLUMN "user_id" TO "owner_id";--> statement-breakpoint
ALTER TABLE "files" RENAME COLUMN "kind" TO "use";--> statement-breakpoint
ALTER TABLE "files" RENAME COLUMN "file_name" TO "storage_key";--> statement-breakpoint
ALTER TABLE "files" RENAME COLUMN "bytes" TO "size";--> statement-breakpoint
ALTER TABLE "files" RENAME CONSTRAINT "user_images_pkey" TO "files_pkey";--> statement-breakpoint
ALTER TABLE "files" RENAME CONSTRAINT "user_images_user_id_users_id_fk" TO "files_owner_id_users_id_fk";--> statement-breakpoint
ALTER INDEX "user_images_file_name_unique" RENAME TO "files_storage_key_unique";--> statement-breakpoint
DROP INDEX "user_images_user_idx";--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_id","use","created_at");--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "mime_type" text;--> statement-breakpoint
UPDATE "files" SET "name" = "use" || '.webp', "mime_type" = 'image/webp';--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "mime_type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "width" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "height" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_size_positive" CHECK (size > 0);
