ALTER TABLE "invoices" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_owner_key_unique" ON "invoices" USING btree ("owner_id","idempotency_key");