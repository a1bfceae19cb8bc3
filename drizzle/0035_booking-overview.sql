-- The booking overview (issue 29 B, ADR 055): its newest bookings by when they were made, and its figures
-- from the rollups of ADR 036 ("Rollups, measured"), kept by triggers on the bookings.
CREATE INDEX "booking_bookings_created_idx" ON "booking_bookings" USING btree ("created_at","id");
--> statement-breakpoint
-- What one booking counts for, signed, at the instant it starts (the list's date): `booking.status` (key:
-- the status; n bookings, a their prices in cents, b those marked paid), and `booking.day` (one key, read
-- day by day for the overview's lines: n bookings, a the prices of the sold ones, b sold, c cancelled).
-- Sold: confirmed, checked in or completed.
CREATE FUNCTION "atrium_booking_deltas"(p_sign integer, p_status text, p_at timestamptz, p_price bigint,
  p_paid boolean)
RETURNS TABLE (series text, key text, at timestamptz, n bigint, a bigint, b bigint, c bigint)
LANGUAGE sql IMMUTABLE AS $$
  SELECT v.series, v.key, pg_catalog.date_bin('15 minutes', p_at, timestamptz 'epoch'), p_sign * v.n,
    p_sign * v.a, p_sign * v.b, p_sign * v.c
  FROM (VALUES
    ('booking.status', p_status, 1::bigint, p_price, (CASE WHEN p_paid THEN 1 ELSE 0 END)::bigint, 0::bigint),
    ('booking.day', '', 1::bigint,
      (CASE WHEN p_status IN ('confirmed', 'checked_in', 'completed') THEN p_price ELSE 0 END)::bigint,
      (CASE WHEN p_status IN ('confirmed', 'checked_in', 'completed') THEN 1 ELSE 0 END)::bigint,
      (CASE WHEN p_status = 'cancelled' THEN 1 ELSE 0 END)::bigint)) v(series, key, n, a, b, c)
$$;
--> statement-breakpoint
-- Bookings inserted, updated (status, start, price or payment changed) or deleted, one statement's rows at
-- once.
CREATE FUNCTION "atrium_booking_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public.rollup_deltas (series, key, at, n, a, b, c)
    SELECT d.series, d.key, d.at, sum(d.n), sum(d.a), sum(d.b), sum(d.c)
    FROM new_rows o, public.atrium_booking_deltas(1, o.status, o.starts_at, o.price_cents, o.paid_at IS NOT NULL) d
    GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO public.rollup_deltas (series, key, at, n, a, b, c)
    SELECT d.series, d.key, d.at, sum(d.n), sum(d.a), sum(d.b), sum(d.c)
    FROM old_rows o, public.atrium_booking_deltas(-1, o.status, o.starts_at, o.price_cents, o.paid_at IS NOT NULL) d
    GROUP BY 1, 2, 3;
  ELSE
    INSERT INTO public.rollup_deltas (series, key, at, n, a, b, c)
    SELECT d.series, d.key, d.at, sum(d.n), sum(d.a), sum(d.b), sum(d.c)
    FROM new_rows o JOIN old_rows p ON p.id = o.id
    CROSS JOIN LATERAL (
      SELECT * FROM public.atrium_booking_deltas(1, o.status, o.starts_at, o.price_cents, o.paid_at IS NOT NULL)
      UNION ALL
      SELECT * FROM public.atrium_booking_deltas(-1, p.status, p.starts_at, p.price_cents, p.paid_at IS NOT NULL)) d
    WHERE (o.status, o.starts_at, o.price_cents, o.paid_at IS NOT NULL)
      IS DISTINCT FROM (p.status, p.starts_at, p.price_cents, p.paid_at IS NOT NULL)
    GROUP BY 1, 2, 3
    HAVING sum(d.n) <> 0 OR sum(d.a) <> 0 OR sum(d.b) <> 0 OR sum(d.c) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER booking_bookings_rollup_insert AFTER INSERT ON booking_bookings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION atrium_booking_rollup();
--> statement-breakpoint
CREATE TRIGGER booking_bookings_rollup_update AFTER UPDATE ON booking_bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION atrium_booking_rollup();
--> statement-breakpoint
CREATE TRIGGER booking_bookings_rollup_delete AFTER DELETE ON booking_bookings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION atrium_booking_rollup();
--> statement-breakpoint
-- The bookings already there.
INSERT INTO rollup_deltas (series, key, at, n, a, b, c)
SELECT d.series, d.key, d.at, sum(d.n), sum(d.a), sum(d.b), sum(d.c)
FROM booking_bookings o, atrium_booking_deltas(1, o.status, o.starts_at, o.price_cents, o.paid_at IS NOT NULL) d
GROUP BY 1, 2, 3;
--> statement-breakpoint
SELECT atrium_rollups_fold_now();
