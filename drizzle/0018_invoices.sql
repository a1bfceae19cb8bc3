CREATE SEQUENCE "public"."invoices_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "invoice_customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"full_address" text NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_from_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"full_address" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_items" (
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"service_id" uuid,
	"service" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"price" bigint NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "invoice_items_invoice_id_position_pk" PRIMARY KEY("invoice_id","position"),
	CONSTRAINT "invoice_items_quantity" CHECK (quantity >= 1 and price >= 0 and total >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_services_price" CHECK (price >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer DEFAULT nextval('invoices_number_seq') NOT NULL,
	"owner_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"from_address_id" uuid,
	"invoice_from" jsonb NOT NULL,
	"customer_id" uuid NOT NULL,
	"invoice_to" jsonb NOT NULL,
	"customer_sort" text NOT NULL,
	"create_date" date NOT NULL,
	"due_date" date NOT NULL,
	"subtotal" bigint NOT NULL,
	"shipping" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"taxes" numeric(5, 2) DEFAULT 0 NOT NULL,
	"tax_amount" bigint DEFAULT 0 NOT NULL,
	"total" bigint NOT NULL,
	"currency" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"service_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"paid_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_money" CHECK (subtotal >= 0 and shipping >= 0 and discount >= 0 and discount <= subtotal and tax_amount >= 0 and total >= 0 and taxes >= 0 and taxes <= 100 and sent >= 0),
	CONSTRAINT "invoices_dates" CHECK (due_date >= create_date)
);
--> statement-breakpoint
ALTER TABLE "invoice_customers" ADD CONSTRAINT "invoice_customers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_service_id_invoice_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."invoice_services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_from_address_id_invoice_from_addresses_id_fk" FOREIGN KEY ("from_address_id") REFERENCES "public"."invoice_from_addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_invoice_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."invoice_customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_customers_name_idx" ON "invoice_customers" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_from_addresses_one_primary" ON "invoice_from_addresses" USING btree ("is_primary") WHERE is_primary;--> statement-breakpoint
CREATE INDEX "invoice_items_service_idx" ON "invoice_items" USING btree ("service_id","invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_services_name_unique" ON "invoice_services" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "invoices_owner_create_idx" ON "invoices" USING btree ("owner_id","create_date","id");--> statement-breakpoint
CREATE INDEX "invoices_create_idx" ON "invoices" USING btree ("create_date","id");--> statement-breakpoint
CREATE INDEX "invoices_due_idx" ON "invoices" USING btree ("due_date","id");--> statement-breakpoint
CREATE INDEX "invoices_total_idx" ON "invoices" USING btree ("total","id");--> statement-breakpoint
CREATE INDEX "invoices_customer_sort_idx" ON "invoices" USING btree ("customer_sort","id");--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_id","create_date");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status","due_date","create_date","total");--> statement-breakpoint
CREATE INDEX "invoices_service_ids_idx" ON "invoices" USING gin ("service_ids");--> statement-breakpoint
-- Versions (ADR 017): an invoice's follows every change (edits, status, sending); a customer's its edits.
CREATE TRIGGER invoices_bump_version BEFORE UPDATE ON invoices FOR EACH ROW EXECUTE FUNCTION atrium_bump_version();
--> statement-breakpoint
CREATE TRIGGER invoice_customers_bump_version BEFORE UPDATE ON invoice_customers FOR EACH ROW EXECUTE FUNCTION atrium_bump_version();
--> statement-breakpoint
-- The list's tabs (ADR 027): each tab's count and amount without reading every invoice. One row per owner
-- (and one per workspace, under the nil uuid), stored status, create day and due day, kept by the trigger
-- below in the invoice's own transaction. Overdue stays derived: pending rows with a due day before today.
CREATE TABLE "invoice_totals" (
	"owner_id" uuid NOT NULL,
	"status" text NOT NULL,
	"create_date" date NOT NULL,
	"due_date" date NOT NULL,
	"n" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "invoice_totals_pk" PRIMARY KEY("owner_id","status","create_date","due_date")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION atrium_invoice_totals() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.owner_id, OLD.status, OLD.create_date, OLD.due_date, OLD.total)
      IS NOT DISTINCT FROM (NEW.owner_id, NEW.status, NEW.create_date, NEW.due_date, NEW.total) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE invoice_totals SET n = n - 1, amount = amount - OLD.total
    WHERE owner_id IN (OLD.owner_id, '00000000-0000-0000-0000-000000000000') AND status = OLD.status
      AND create_date = OLD.create_date AND due_date = OLD.due_date;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO invoice_totals (owner_id, status, create_date, due_date, n, amount)
    VALUES (NEW.owner_id, NEW.status, NEW.create_date, NEW.due_date, 1, NEW.total),
      ('00000000-0000-0000-0000-000000000000', NEW.status, NEW.create_date, NEW.due_date, 1, NEW.total)
    ON CONFLICT (owner_id, status, create_date, due_date)
    DO UPDATE SET n = invoice_totals.n + 1, amount = invoice_totals.amount + EXCLUDED.amount;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER invoices_totals AFTER INSERT OR DELETE OR UPDATE OF owner_id, status, create_date, due_date, total ON invoices FOR EACH ROW EXECUTE FUNCTION atrium_invoice_totals();
--> statement-breakpoint
-- The tabs under a search or a service filter count the matching invoices from this index alone (an
-- index-only scan: no invoice row, with its copied addresses, is read).
CREATE INDEX "invoices_stats_idx" ON "invoices" USING btree ("owner_id","create_date") INCLUDE ("id","status","due_date","total");
--> statement-breakpoint
-- The tabs under one service: the same figures per service the invoice's lines name (`service_ids`, each
-- once), kept by the same kind of trigger from the invoice's old and new services.
CREATE TABLE "invoice_service_totals" (
	"owner_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"status" text NOT NULL,
	"create_date" date NOT NULL,
	"due_date" date NOT NULL,
	"n" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "invoice_service_totals_pk" PRIMARY KEY("owner_id","service_id","status","create_date","due_date")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION atrium_invoice_service_totals() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.owner_id, OLD.status, OLD.create_date, OLD.due_date, OLD.total, OLD.service_ids)
      IS NOT DISTINCT FROM (NEW.owner_id, NEW.status, NEW.create_date, NEW.due_date, NEW.total, NEW.service_ids) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE invoice_service_totals SET n = n - 1, amount = amount - OLD.total
    WHERE owner_id IN (OLD.owner_id, '00000000-0000-0000-0000-000000000000')
      AND service_id = ANY (OLD.service_ids) AND status = OLD.status
      AND create_date = OLD.create_date AND due_date = OLD.due_date;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO invoice_service_totals (owner_id, service_id, status, create_date, due_date, n, amount)
    SELECT o.owner_id, s.service_id, NEW.status, NEW.create_date, NEW.due_date, 1, NEW.total
    FROM unnest(NEW.service_ids) AS s(service_id)
    CROSS JOIN (VALUES (NEW.owner_id), ('00000000-0000-0000-0000-000000000000'::uuid)) AS o(owner_id)
    ORDER BY 1, 2
    ON CONFLICT (owner_id, service_id, status, create_date, due_date)
    DO UPDATE SET n = invoice_service_totals.n + 1, amount = invoice_service_totals.amount + EXCLUDED.amount;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER invoices_service_totals AFTER INSERT OR DELETE OR UPDATE OF owner_id, status, create_date, due_date, total, service_ids ON invoices FOR EACH ROW EXECUTE FUNCTION atrium_invoice_service_totals();
