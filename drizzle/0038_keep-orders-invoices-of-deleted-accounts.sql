ALTER TABLE "orders" DROP CONSTRAINT "orders_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_owner_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "owner_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- An order whose customer deleted their account (user_id null, ADR 058) still counts in the shop's figures,
-- but for no customer: `orders.customer` only while it has one.
CREATE OR REPLACE FUNCTION "atrium_order_deltas"(p_sign integer, p_status text, p_user uuid, p_at timestamptz, p_total bigint,
  p_subtotal bigint, p_discount bigint, p_units integer)
RETURNS TABLE (series text, key text, at timestamptz, n bigint, a bigint, b bigint, c bigint)
LANGUAGE sql IMMUTABLE AS $$
  SELECT v.series, v.key, pg_catalog.date_bin('15 minutes', p_at, timestamptz 'epoch'), p_sign * v.n, p_sign * v.a,
    p_sign * v.b, p_sign * v.c
  FROM (VALUES ('orders.status', p_status, 1::bigint, p_total, 0::bigint, 0::bigint),
    ('orders.sold', '', 1::bigint, p_total, p_subtotal - p_discount, p_units::bigint),
    ('orders.customer', p_user::text, 1::bigint, p_total, 0::bigint, 0::bigint)) v(series, key, n, a, b, c)
  WHERE (v.series = 'orders.status' OR p_status IN ('paid', 'completed')) AND v.key IS NOT NULL
$$;
--> statement-breakpoint
-- An invoice whose owner deleted their account (owner_id null, ADR 058) still counts in the workspace's
-- tabs (the nil uuid's rows), and for no owner.
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
    SELECT o.owner_id, NEW.status, NEW.create_date, NEW.due_date, 1, NEW.total
    FROM (VALUES (NEW.owner_id), ('00000000-0000-0000-0000-000000000000'::uuid)) AS o(owner_id)
    WHERE o.owner_id IS NOT NULL
    ON CONFLICT (owner_id, status, create_date, due_date)
    DO UPDATE SET n = invoice_totals.n + 1, amount = invoice_totals.amount + EXCLUDED.amount;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
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
    WHERE o.owner_id IS NOT NULL
    ORDER BY 1, 2
    ON CONFLICT (owner_id, service_id, status, create_date, due_date)
    DO UPDATE SET n = invoice_service_totals.n + 1, amount = invoice_service_totals.amount + EXCLUDED.amount;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
