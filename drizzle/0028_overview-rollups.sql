CREATE TABLE "active_people_counts" (
	"time_zone" text NOT NULL,
	"from" date NOT NULL,
	"to" date NOT NULL,
	"people" integer NOT NULL,
	CONSTRAINT "active_people_counts_time_zone_from_to_pk" PRIMARY KEY("time_zone","from","to")
);
--> statement-breakpoint
CREATE TABLE "order_customer_quarters" (
	"user_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"orders" integer NOT NULL,
	"spent" bigint NOT NULL,
	CONSTRAINT "order_customer_quarters_user_id_at_pk" PRIMARY KEY("user_id","at")
);
--> statement-breakpoint
CREATE TABLE "rollup_days" (
	"series" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"day" date NOT NULL,
	"n" bigint[] NOT NULL,
	"a" bigint[] NOT NULL,
	"b" bigint[] NOT NULL,
	"c" bigint[] NOT NULL,
	CONSTRAINT "rollup_days_series_day_key_pk" PRIMARY KEY("series","day","key")
);
--> statement-breakpoint
CREATE TABLE "rollup_deltas" (
	"series" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"a" bigint DEFAULT 0 NOT NULL,
	"b" bigint DEFAULT 0 NOT NULL,
	"c" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rollup_folds" (
	"xid" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rollups" (
	"series" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"grain" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"a" bigint DEFAULT 0 NOT NULL,
	"b" bigint DEFAULT 0 NOT NULL,
	"c" bigint DEFAULT 0 NOT NULL,
	"n_days" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"a_days" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"b_days" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"c_days" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	CONSTRAINT "rollups_series_grain_bucket_key_pk" PRIMARY KEY("series","grain","bucket","key"),
	CONSTRAINT "rollups_grain_valid" CHECK ("rollups"."grain" in ('all', 'month'))
);
--> statement-breakpoint
CREATE INDEX "active_people_counts_to_idx" ON "active_people_counts" USING btree ("to");--> statement-breakpoint
CREATE INDEX "rollups_customers_spent_idx" ON "rollups" USING btree ("a" DESC NULLS LAST,"key") WHERE series = 'orders.customer';--> statement-breakpoint
-- A day's row is read one element at a time: kept whole in the row (at most about 3 kB), not compressed or
-- moved out, so an element costs no decompression.
ALTER TABLE "rollup_days" ALTER COLUMN "n" SET STORAGE PLAIN, ALTER COLUMN "a" SET STORAGE PLAIN,
  ALTER COLUMN "b" SET STORAGE PLAIN, ALTER COLUMN "c" SET STORAGE PLAIN;
--> statement-breakpoint
-- ── Rollups (ADR 036, "Rollups, measured") ─────────────────────────────────────────────────────────────
-- Cumulative sums over `p_slots` slots (a day's 96 quarter hours, a month's 31 days; element k: from the
-- first slot to the end of the k-th) from the changes `p_values` of slots `p_at` (0-based); a sum a series
-- does not use (all zeros) is an empty array, so a row holds only what is read.
CREATE FUNCTION "atrium_rollup_cumulative"(p_slots integer, p_at integer[], p_values bigint[]) RETURNS bigint[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN bool_and(v = 0) THEN '{}'::bigint[] ELSE (
    SELECT pg_catalog.array_agg(s ORDER BY k) FROM (
      SELECT k, sum(coalesce(x.v, 0)) OVER (ORDER BY k)::bigint AS s
      FROM pg_catalog.generate_series(1, p_slots) k
      LEFT JOIN (SELECT q + 1 AS k, sum(v) AS v FROM unnest(p_at, p_values) u(q, v) GROUP BY 1) x
        USING (k)) y) END
  FROM unnest(p_values) v
$$;
--> statement-breakpoint
CREATE FUNCTION "atrium_rollup_add"(p_sums bigint[], p_more bigint[]) RETURNS bigint[] LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN cardinality(p_more) = 0 THEN p_sums WHEN cardinality(p_sums) = 0 THEN p_more ELSE (
    SELECT pg_catalog.array_agg(x + y ORDER BY i) FROM unnest(p_sums, p_more) WITH ORDINALITY u(x, y, i)) END
$$;
--> statement-breakpoint
-- Folds the waiting changes (this transaction's: others' are not visible yet, earlier ones were folded when
-- they committed): the months, day by day cumulatively (all time for the customers), the customers' quarter
-- hours, then the days, each in key order.
CREATE FUNCTION "atrium_rollups_fold_now"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.rollups AS r (series, grain, bucket, key, n, a, b, c, n_days, a_days, b_days, c_days)
  SELECT series, grain, bucket, key, sum(n), sum(a), sum(b), sum(c),
    CASE WHEN grain = 'month' THEN public.atrium_rollup_cumulative(31, array_agg(day), array_agg(n)) ELSE '{}' END,
    CASE WHEN grain = 'month' THEN public.atrium_rollup_cumulative(31, array_agg(day), array_agg(a)) ELSE '{}' END,
    CASE WHEN grain = 'month' THEN public.atrium_rollup_cumulative(31, array_agg(day), array_agg(b)) ELSE '{}' END,
    CASE WHEN grain = 'month' THEN public.atrium_rollup_cumulative(31, array_agg(day), array_agg(c)) ELSE '{}' END
  FROM (
    SELECT d.series, CASE WHEN d.series = 'orders.customer' THEN 'all' ELSE 'month' END AS grain,
      CASE WHEN d.series = 'orders.customer' THEN '-infinity'::timestamptz
        ELSE pg_catalog.date_trunc('month', d.at, 'UTC') END AS bucket,
      d.key, extract(day FROM d.at AT TIME ZONE 'UTC')::integer - 1 AS day,
      sum(d.n)::bigint AS n, sum(d.a)::bigint AS a, sum(d.b)::bigint AS b, sum(d.c)::bigint AS c
    FROM public.rollup_deltas d
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(d.n) <> 0 OR sum(d.a) <> 0 OR sum(d.b) <> 0 OR sum(d.c) <> 0) m
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (series, grain, bucket, key) DO UPDATE
    SET n = r.n + excluded.n, a = r.a + excluded.a, b = r.b + excluded.b, c = r.c + excluded.c,
      n_days = public.atrium_rollup_add(r.n_days, excluded.n_days),
      a_days = public.atrium_rollup_add(r.a_days, excluded.a_days),
      b_days = public.atrium_rollup_add(r.b_days, excluded.b_days),
      c_days = public.atrium_rollup_add(r.c_days, excluded.c_days);
  INSERT INTO public.order_customer_quarters AS r (user_id, at, orders, spent)
  SELECT d.key::uuid, d.at, sum(d.n), sum(d.a)
  FROM public.rollup_deltas d
  WHERE d.series = 'orders.customer'
  GROUP BY 1, 2
  HAVING sum(d.n) <> 0 OR sum(d.a) <> 0
  ORDER BY 1, 2
  ON CONFLICT (user_id, at) DO UPDATE SET orders = r.orders + excluded.orders, spent = r.spent + excluded.spent;
  INSERT INTO public.rollup_days AS r (series, key, day, n, a, b, c)
  SELECT series, key, day, public.atrium_rollup_cumulative(96, quarters, ns),
    public.atrium_rollup_cumulative(96, quarters, as_), public.atrium_rollup_cumulative(96, quarters, bs),
    public.atrium_rollup_cumulative(96, quarters, cs)
  FROM (
    SELECT series, key, day, pg_catalog.array_agg(quarter) AS quarters, pg_catalog.array_agg(n) AS ns,
      pg_catalog.array_agg(a) AS as_, pg_catalog.array_agg(b) AS bs, pg_catalog.array_agg(c) AS cs
    FROM (
      SELECT d.series, d.key, (d.at AT TIME ZONE 'UTC')::date AS day,
        (extract(epoch FROM d.at - pg_catalog.date_trunc('day', d.at, 'UTC')) / 900)::integer AS quarter,
        sum(d.n)::bigint AS n, sum(d.a)::bigint AS a, sum(d.b)::bigint AS b, sum(d.c)::bigint AS c
      FROM public.rollup_deltas d
      WHERE d.series <> 'orders.customer'
      GROUP BY 1, 2, 3, 4
      HAVING sum(d.n) <> 0 OR sum(d.a) <> 0 OR sum(d.b) <> 0 OR sum(d.c) <> 0) q
    GROUP BY 1, 2, 3) days
  ORDER BY 1, 3, 2
  ON CONFLICT (series, day, key) DO UPDATE
    SET n = public.atrium_rollup_add(r.n, excluded.n), a = public.atrium_rollup_add(r.a, excluded.a),
      b = public.atrium_rollup_add(r.b, excluded.b), c = public.atrium_rollup_add(r.c, excluded.c);
  DELETE FROM public.rollup_deltas;
END
$$;
--> statement-breakpoint
-- Deferred to the commit, so the rollup rows, which every write of a day shares, are locked last and in key
-- order: two transactions never wait on each other the other way round.
CREATE FUNCTION "atrium_rollups_fold"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM public.rollup_folds WHERE xid = NEW.xid;
  PERFORM public.atrium_rollups_fold_now();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER rollup_folds_fold AFTER INSERT ON rollup_folds DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION atrium_rollups_fold();
--> statement-breakpoint
-- A statement that added changes marks its transaction, once: one fold per transaction however many
-- statements and rows.
CREATE FUNCTION "atrium_rollups_mark"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM added) THEN
    INSERT INTO public.rollup_folds (xid) VALUES (pg_catalog.txid_current()) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER rollup_deltas_mark AFTER INSERT ON rollup_deltas REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION atrium_rollups_mark();
--> statement-breakpoint
-- What one order counts for, signed: `orders.status` (key: the status; n orders, a total), and, while it is
-- a sale (paid or completed), `orders.sold` (n orders, a total, b net of discounts without shipping and
-- taxes, c units) and `orders.customer` (key: the customer; n orders, a total).
CREATE FUNCTION "atrium_order_deltas"(p_sign integer, p_status text, p_user uuid, p_at timestamptz, p_total bigint,
  p_subtotal bigint, p_discount bigint, p_units integer)
RETURNS TABLE (series text, key text, at timestamptz, n bigint, a bigint, b bigint, c bigint)
LANGUAGE sql IMMUTABLE AS $$
  SELECT v.series, v.key, pg_catalog.date_bin('15 minutes', p_at, timestamptz 'epoch'), p_sign * v.n, p_sign * v.a,
    p_sign * v.b, p_sign * v.c
  FROM (VALUES ('orders.status', p_status, 1::bigint, p_total, 0::bigint, 0::bigint),
    ('orders.sold', '', 1::bigint, p_total, p_subtotal - p_discount, p_units::bigint),
    ('orders.customer', p_user::text, 1::bigint, p_total, 0::bigint, 0::bigint)) v(series, key, n, a, b, c)
  WHERE v.series = 'orders.status' OR p_status IN ('paid', 'completed')
$$;
--> statement-breakpoint
-- What one line of a sale counts for, signed, at the order's instant: `orders.category` (key: the product's
-- category now, '' once the product is deleted) and `orders.gender` (key: each of the product's genders now):
-- n units, a net revenue (the line less its share of the discount, before taxes).
CREATE FUNCTION "atrium_line_deltas"(p_sign integer, p_at timestamptz, p_units integer, p_revenue bigint,
  p_category text, p_genders text[])
RETURNS TABLE (series text, key text, at timestamptz, n bigint, a bigint, b bigint, c bigint)
LANGUAGE sql IMMUTABLE AS $$
  SELECT 'orders.category', coalesce(p_category, ''), pg_catalog.date_bin('15 minutes', p_at, timestamptz 'epoch'),
    (p_sign * p_units)::bigint, p_sign * p_revenue, 0::bigint, 0::bigint
  UNION ALL
  SELECT 'orders.gender', g, pg_catalog.date_bin('15 minutes', p_at, timestamptz 'epoch'), (p_sign * p_units)::bigint,
    p_sign * p_revenue, 0::bigint, 0::bigint
  FROM (SELECT DISTINCT pg_catalog.unnest(coalesce(p_genders, '{}'::text[])) AS g) genders
$$;
--> statement-breakpoint
-- Orders inserted, updated or deleted (one statement's rows at once, so a bulk load stays one pass): their
-- own figures; and, for those that became or stopped being a sale or moved in time, their lines' (a
-- deleted order's lines are counted out before it goes, by orders_rollup_lines_out).
CREATE FUNCTION "atrium_orders_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public.rollup_deltas (series, key, at, n, a, b, c)
    SELECT d.series, d.key, d.at, sum(d.n), sum(d.a), sum(d.b), sum(d.c)
    FROM new_rows o, public.atrium_order_deltas(1, o.status, o.user_id, o.created_at, o.total, o.subtotal,
      o.discount, o.item_count) d
    GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO public.rollup_deltas (series, key, at, n, a, b, c)
    SELECT d.series, d.key, d.at, sum(d.n), sum(d.a), sum(d.b), sum(d.c)
    FROM old_rows o, public.atrium_order_deltas(-1, o.status, o.user_id, o.created_at, o.total, o.subtotal,
      o.discount, o.item_count) d
    GROUP BY 1, 2, 3;
  ELSE
    INSERT INTO public.rollup_deltas (series, key, at, n, a, b, c)
    SELECT d.series, d.key, d.at, sum(d.n), sum(d.a), sum(d.b), sum(d.c)
    FROM new_rows o JOIN old_rows p ON p.id = o.id
    CROSS JOIN LATERAL (
      SELECT * FROM public.atrium_order_deltas(1, o.status, o.user_id, o.created_at, o.total, o.subtotal,
        o.discount, o.item_count)
      UNION ALL
      SELECT * FROM public.atrium_order_deltas(-1, p.status, p.user_id, p.created_at, p.total, p.subtotal,
        p.discount, p.item_count)) d
    WHERE (o.status, o.user_id, o.created_at, o.total, o.subtotal, o.discount, o.item_count)
      IS DISTINCT FROM (p.status, p.user_id, p.created_at, p.total, p.subtotal, p.discount, p.item_count)
    GROUP BY 1, 2, 3
    HAVING sum(d.n) <> 0 OR sum(d.a) <> 0 OR sum(d.b) <> 0 OR sum(d.c) <> 0;
    INSERT INTO public.rollup_deltas (series, key, at, n, a, b, c)
    SELECT d.series, d.key, d.at, sum(d.n), sum(d.a), sum(d.b), sum(d.c)
    FROM (
      SELECT o.id, 1 AS sign, o.created_at FROM new_rows o JOIN old_rows p ON p.id = o.id
      WHERE o.status IN ('paid', 'completed')
        AND (p.status NOT IN ('paid', 'completed') OR p.created_at IS DISTINCT FROM o.created_at)
      UNION ALL
      SELECT p.id, -1, p.created_at FROM new_rows o JOIN old_rows p ON p.id = o.id
      WHERE p.status IN ('paid', 'completed')
        AND (o.status NOT IN ('paid', 'completed') OR p.created_at IS DISTINCT FROM o.created_at)
    ) o
    JOIN public.order_items i ON i.order_id = o.id
    LEFT JOIN public.products pr ON pr.id = i.product_id
    CROSS JOIN LATERAL public.atrium_line_deltas(o.sign, o.created_at, i.quantity, i.line_total - i.discount,
      pr.category, pr.gender) d
    GROUP BY 1, 2, 3
    HAVING sum(d.n) <> 0 OR sum(d.a) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_rollup_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION atrium_orders_rollup();
--> statement-breakpoint
CREATE TRIGGER orders_rollup_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION atrium_orders_rollup();
--> statement-breakpoint
CREATE TRIGGER orders_rollup_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION atrium_orders_rollup();
--> statement-breakpoint
-- A sale being deleted (its customer's account deleted): its lines go with it by the foreign key, after
-- this; count them out while they are there.
CREATE FUNCTION "atrium_orders_rollup_lines_out"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.rollup_deltas (series, key, at, n, a, b, c)
  SELECT d.series, d.key, d.at, sum(d.n), sum(d.a), sum(d.b), sum(d.c)
  FROM public.order_items i
  LEFT JOIN public.products pr ON pr.id = i.product_id
  CROSS JOIN LATERAL public.atrium_line_deltas(-1, OLD.created_at, i.quantity, i.line_total - i.discount,
    pr.category, pr.gender) d
  WHERE i.order_id = OLD.id
  GROUP BY 1, 2, 3;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_rollup_lines_out BEFORE DELETE ON orders FOR EACH ROW WHEN (OLD.status IN ('paid', 'completed')) EXECUTE FUNCTION atrium_orders_rollup_lines_out();
--> statement-breakpoint
-- Lines inserted, changed or deleted: counted while their order is a sale (a line deleted with its order
-- finds the order gone, and was counted out by orders_rollup_lines_out). A line's product is read as it is
-- now: a line whose product was deleted counts under no category.
CREATE FUNCTION "atrium_order_items_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO public.rollup_deltas (series, key, at, n, a, b, c)
    SELECT d.series, d.key, d.at, sum(d.n), sum(d.a), sum(d.b), sum(d.c)
    FROM new_rows i
    JOIN public.orders o ON o.id = i.order_id AND o.status IN ('paid', 'completed')
    LEFT JOIN public.products pr ON pr.id = i.product_id
    CROSS JOIN LATERAL public.atrium_line_deltas(1, o.created_at, i.quantity, i.line_total - i.discount,
      pr.category, pr.gender) d
    GROUP BY 1, 2, 3;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO public.rollup_deltas (series, key, at, n, a, b, c)
    SELECT d.series, d.key, d.at, sum(d.n), sum(d.a), sum(d.b), sum(d.c)
    FROM old_rows i
    JOIN public.orders o ON o.id = i.order_id AND o.status IN ('paid', 'completed')
    LEFT JOIN public.products pr ON pr.id = i.product_id
    CROSS JOIN LATERAL public.atrium_line_deltas(-1, o.created_at, i.quantity, i.line_total - i.discount,
      pr.category, pr.gender) d
    GROUP BY 1, 2, 3;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_items_rollup_insert AFTER INSERT ON order_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION atrium_order_items_rollup();
--> statement-breakpoint
CREATE TRIGGER order_items_rollup_update AFTER UPDATE ON order_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION atrium_order_items_rollup();
--> statement-breakpoint
CREATE TRIGGER order_items_rollup_delete AFTER DELETE ON order_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION atrium_order_items_rollup();
--> statement-breakpoint
-- A product's category or genders changed: its sold lines move from the old ones to the new ones. Deleted:
-- they move to no category and no gender (its lines' product becomes null afterwards, which then changes
-- nothing). Stock updates change neither and do not fire.
CREATE FUNCTION "atrium_products_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_category text;
  v_genders text[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    v_category := NEW.category;
    v_genders := NEW.gender;
  END IF;
  INSERT INTO public.rollup_deltas (series, key, at, n, a, b, c)
  SELECT d.series, d.key, d.at, sum(d.n), sum(d.a), sum(d.b), sum(d.c)
  FROM public.order_items i
  JOIN public.orders o ON o.id = i.order_id AND o.status IN ('paid', 'completed')
  CROSS JOIN LATERAL (
    SELECT * FROM public.atrium_line_deltas(-1, o.created_at, i.quantity, i.line_total - i.discount,
      OLD.category, OLD.gender)
    UNION ALL
    SELECT * FROM public.atrium_line_deltas(1, o.created_at, i.quantity, i.line_total - i.discount,
      v_category, v_genders)) d
  WHERE i.product_id = OLD.id
  GROUP BY 1, 2, 3
  HAVING sum(d.n) <> 0 OR sum(d.a) <> 0;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_rollup_update AFTER UPDATE OF category, gender ON products FOR EACH ROW WHEN (OLD.category IS DISTINCT FROM NEW.category OR OLD.gender IS DISTINCT FROM NEW.gender) EXECUTE FUNCTION atrium_products_rollup();
--> statement-breakpoint
CREATE TRIGGER products_rollup_delete BEFORE DELETE ON products FOR EACH ROW EXECUTE FUNCTION atrium_products_rollup();
--> statement-breakpoint
-- ── The workspace overview's rollups ──────────────────────────────────────────────────────────────────
-- The device a User-Agent names, as account/user-agent.ts reads it for the sessions list (a test holds the
-- two readings together): a tablet, a phone, a computer of a known system, or `other`.
CREATE FUNCTION "atrium_user_agent_device"(p_agent text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN p_agent ~ '\yiPad\y|\yTablet\y' OR (p_agent ~ '\yAndroid\y' AND p_agent !~ '\yMobile\y') THEN 'tablet'
    WHEN p_agent ~ '\yMobi|\yiPhone\y|\yiPod\y' THEN 'mobile'
    WHEN p_agent ~ '\y(iPhone|iPad|iPod|Android|CrOS|Windows|Linux)\y|\yMac OS X\y|\yMacintosh\y' THEN 'desktop'
    ELSE 'other' END
$$;
--> statement-breakpoint
-- A complete profile (users.stats.ts COMPLETE_PROFILE): a picture, a phone number, a country, a city and an
-- "about" text.
CREATE FUNCTION "atrium_profile_complete"(p_avatar text, p_phone text, p_country text, p_city text, p_about text)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_avatar IS NOT NULL AND p_phone <> '' AND p_country <> '' AND p_city <> '' AND p_about <> ''
$$;
--> statement-breakpoint
-- What one account counts for, signed, at its creation: `users` (n accounts, a verified addresses, b
-- complete profiles) and `users.country` (key: the profile's country, '' without one; n accounts).
CREATE FUNCTION "atrium_user_deltas"(p_sign integer, p_at timestamptz, p_verified boolean, p_complete boolean,
  p_country text)
RETURNS TABLE (series text, key text, at timestamptz, n bigint, a bigint, b bigint, c bigint)
LANGUAGE sql IMMUTABLE AS $$
  SELECT 'users', '', pg_catalog.date_bin('15 minutes', p_at, timestamptz 'epoch'), p_sign::bigint,
    (p_sign * p_verified::integer)::bigint, (p_sign * p_complete::integer)::bigint, 0::bigint
  UNION ALL
  SELECT 'users.country', p_country, pg_catalog.date_bin('15 minutes', p_at, timestamptz 'epoch'), p_sign::bigint,
    0::bigint, 0::bigint, 0::bigint
$$;
--> statement-breakpoint
-- What one sign-in counts for, signed, at its start: `sessions` (key: the device; n sign-ins) and
-- `sessions.country` (key: the device, a colon and the person's country now; n sign-ins).
CREATE FUNCTION "atrium_session_deltas"(p_sign integer, p_at timestamptz, p_agent text, p_country text)
RETURNS TABLE (series text, key text, at timestamptz, n bigint, a bigint, b bigint, c bigint)
LANGUAGE sql IMMUTABLE AS $$
  SELECT 'sessions', public.atrium_user_agent_device(p_agent), pg_catalog.date_bin('15 minutes', p_at, timestamptz 'epoch'),
    p_sign::bigint, 0::bigint, 0::bigint, 0::bigint
  UNION ALL
  SELECT 'sessions.country', public.atrium_user_agent_device(p_agent) || ':' || p_country,
    pg_catalog.date_bin('15 minutes', p_at, timestamptz 'epoch'), p_sign::bigint, 0::bigint, 0::bigint, 0::bigint
  WHERE p_country IS NOT NULL
$$;
--> statement-breakpoint
-- Each person counted once at their last use of Atrium (`people.active`: the latest `last_used_at` of their
-- sessions) and once at their last sign-in (`people.signin`, key: their country; the latest `created_at`):
-- how many people used Atrium, or signed in, since any instant is a sum of these, whatever their history.
-- A person's instants before and after a change of their sessions: one row each, signed.
CREATE FUNCTION "atrium_people_deltas"(p_sign integer, p_country text, p_last_used timestamptz, p_last_signin timestamptz)
RETURNS TABLE (series text, key text, at timestamptz, n bigint, a bigint, b bigint, c bigint)
LANGUAGE sql IMMUTABLE AS $$
  SELECT 'people.active', '', pg_catalog.date_bin('15 minutes', p_last_used, timestamptz 'epoch'), p_sign::bigint,
    0::bigint, 0::bigint, 0::bigint
  WHERE p_last_used IS NOT NULL
  UNION ALL
  SELECT 'people.signin', p_country, pg_catalog.date_bin('15 minutes', p_last_signin, timestamptz 'epoch'),
    p_sign::bigint, 0::bigint, 0::bigint, 0::bigint
  WHERE p_last_signin IS NOT NULL
$$;
--> statement-breakpoint
-- Accounts created or deleted (a deleted person's sessions, which go with them by the foreign key after
-- this, are counted out by users_rollup_people_out).
CREATE FUNCTION "atrium_users_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public.rollup_deltas (series, key, at, n, a, b, c)
    SELECT d.series, d.key, d.at, sum(d.n), sum(d.a), sum(d.b), sum(d.c)
    FROM new_rows u, public.atrium_user_deltas(1, u.created_at, u.email_verified,
      public.atrium_profile_complete(u.avatar_url, u.phone, u.country, u.city, u.about), u.country) d
    GROUP BY 1, 2, 3;
  ELSE
    INSERT INTO public.rollup_deltas (series, key, at, n, a, b, c)
    SELECT d.series, d.key, d.at, sum(d.n), sum(d.a), sum(d.b), sum(d.c)
    FROM old_rows u, public.atrium_user_deltas(-1, u.created_at, u.email_verified,
      public.atrium_profile_complete(u.avatar_url, u.phone, u.country, u.city, u.about), u.country) d
    GROUP BY 1, 2, 3;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_rollup_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION atrium_users_rollup();
--> statement-breakpoint
CREATE TRIGGER users_rollup_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION atrium_users_rollup();
--> statement-breakpoint
-- A person's address verified, profile completed, country or creation changed: their account moves; a
-- change of country moves their sign-ins and their last sign-in too. Other edits do not fire.
CREATE FUNCTION "atrium_users_rollup_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.rollup_deltas (series, key, at, n, a, b, c)
  SELECT d.series, d.key, d.at, sum(d.n), sum(d.a), sum(d.b), sum(d.c)
  FROM (
    SELECT * FROM public.atrium_user_deltas(-1, OLD.created_at, OLD.email_verified,
      public.atrium_profile_complete(OLD.avatar_url, OLD.phone, OLD.country, OLD.city, OLD.about), OLD.country)
    UNION ALL
    SELECT * FROM public.atrium_user_deltas(1, NEW.created_at, NEW.email_verified,
      public.atrium_profile_complete(NEW.avatar_url, NEW.phone, NEW.country, NEW.city, NEW.about), NEW.country)
    UNION ALL
    SELECT s.* FROM public.sessions x, public.atrium_session_deltas(-1, x.created_at, x.user_agent, OLD.country) s
    WHERE x.user_id = OLD.id AND OLD.country IS DISTINCT FROM NEW.country AND s.series = 'sessions.country'
    UNION ALL
    SELECT s.* FROM public.sessions x, public.atrium_session_deltas(1, x.created_at, x.user_agent, NEW.country) s
    WHERE x.user_id = OLD.id AND OLD.country IS DISTINCT FROM NEW.country AND s.series = 'sessions.country'
    UNION ALL
    SELECT p.* FROM (SELECT max(created_at) AS at FROM public.sessions WHERE user_id = OLD.id) x,
      public.atrium_people_deltas(-1, OLD.country, NULL, x.at) p
    WHERE OLD.country IS DISTINCT FROM NEW.country
    UNION ALL
    SELECT p.* FROM (SELECT max(created_at) AS at FROM public.sessions WHERE user_id = OLD.id) x,
      public.atrium_people_deltas(1, NEW.country, NULL, x.at) p
    WHERE OLD.country IS DISTINCT FROM NEW.country) d
  GROUP BY 1, 2, 3
  HAVING sum(d.n) <> 0 OR sum(d.a) <> 0 OR sum(d.b) <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_rollup_change AFTER UPDATE ON users FOR EACH ROW WHEN (
  OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.email_verified IS DISTINCT FROM NEW.email_verified
  OR OLD.country IS DISTINCT FROM NEW.country OR OLD.avatar_url IS DISTINCT FROM NEW.avatar_url
  OR OLD.phone IS DISTINCT FROM NEW.phone OR OLD.city IS DISTINCT FROM NEW.city OR OLD.about IS DISTINCT FROM NEW.about
) EXECUTE FUNCTION atrium_users_rollup_change();
--> statement-breakpoint
-- A person being deleted: their sign-ins per country and their last use and sign-in are counted out while
-- their sessions and country are there (the sessions go after this, by the foreign key).
CREATE FUNCTION "atrium_users_rollup_people_out"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.rollup_deltas (series, key, at, n, a, b, c)
  SELECT d.series, d.key, d.at, sum(d.n), sum(d.a), sum(d.b), sum(d.c)
  FROM (
    SELECT s.* FROM public.sessions x, public.atrium_session_deltas(-1, x.created_at, x.user_agent, OLD.country) s
    WHERE x.user_id = OLD.id AND s.series = 'sessions.country'
    UNION ALL
    SELECT p.* FROM (SELECT max(last_used_at) AS used, max(created_at) AS signin FROM public.sessions
        WHERE user_id = OLD.id) x,
      public.atrium_people_deltas(-1, OLD.country, x.used, x.signin) p) d
  GROUP BY 1, 2, 3;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_rollup_people_out BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION atrium_users_rollup_people_out();
--> statement-breakpoint
-- Sign-ins started or deleted: their device (and their person's country, while the person is there), and
-- the last use and last sign-in of their people, before and after.
CREATE FUNCTION "atrium_sessions_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public.rollup_deltas (series, key, at, n, a, b, c)
    SELECT d.series, d.key, d.at, sum(d.n), sum(d.a), sum(d.b), sum(d.c)
    FROM (
      SELECT s.* FROM new_rows x LEFT JOIN public.users u ON u.id = x.user_id,
        public.atrium_session_deltas(1, x.created_at, x.user_agent, u.country) s
      UNION ALL
      SELECT p.* FROM (
          SELECT u.id, u.country,
            max(s.last_used_at) FILTER (WHERE n.id IS NULL) AS used_before,
            max(s.created_at) FILTER (WHERE n.id IS NULL) AS signin_before,
            max(s.last_used_at) AS used, max(s.created_at) AS signin
          FROM public.users u JOIN public.sessions s ON s.user_id = u.id LEFT JOIN new_rows n ON n.id = s.id
          WHERE u.id IN (SELECT user_id FROM new_rows)
          GROUP BY u.id, u.country) x,
        LATERAL (SELECT * FROM public.atrium_people_deltas(-1, x.country, x.used_before, x.signin_before)
          UNION ALL SELECT * FROM public.atrium_people_deltas(1, x.country, x.used, x.signin)) p) d
    GROUP BY 1, 2, 3
    HAVING sum(d.n) <> 0;
  ELSE
    INSERT INTO public.rollup_deltas (series, key, at, n, a, b, c)
    SELECT d.series, d.key, d.at, sum(d.n), sum(d.a), sum(d.b), sum(d.c)
    FROM (
      SELECT s.* FROM old_rows x LEFT JOIN public.users u ON u.id = x.user_id,
        public.atrium_session_deltas(-1, x.created_at, x.user_agent, u.country) s
      UNION ALL
      SELECT p.* FROM (
          SELECT u.id, u.country, greatest(max(s.last_used_at), o.used) AS used_before,
            greatest(max(s.created_at), o.signin) AS signin_before, max(s.last_used_at) AS used,
            max(s.created_at) AS signin
          FROM (SELECT user_id, max(last_used_at) AS used, max(created_at) AS signin FROM old_rows GROUP BY 1) o
          JOIN public.users u ON u.id = o.user_id
          LEFT JOIN public.sessions s ON s.user_id = u.id
          GROUP BY u.id, u.country, o.used, o.signin) x,
        LATERAL (SELECT * FROM public.atrium_people_deltas(-1, x.country, x.used_before, x.signin_before)
          UNION ALL SELECT * FROM public.atrium_people_deltas(1, x.country, x.used, x.signin)) p) d
    GROUP BY 1, 2, 3
    HAVING sum(d.n) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_rollup_insert AFTER INSERT ON sessions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION atrium_sessions_rollup();
--> statement-breakpoint
CREATE TRIGGER sessions_rollup_delete AFTER DELETE ON sessions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION atrium_sessions_rollup();
--> statement-breakpoint
-- A session used again (its last use moves on, at most once a minute) or changed: its person's last use
-- moves when it passes to another quarter hour; a changed start or User-Agent moves the sign-in.
CREATE FUNCTION "atrium_sessions_rollup_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.rollup_deltas (series, key, at, n, a, b, c)
  SELECT d.series, d.key, d.at, sum(d.n), sum(d.a), sum(d.b), sum(d.c)
  FROM (
    SELECT s.* FROM public.users u, public.atrium_session_deltas(-1, OLD.created_at, OLD.user_agent, u.country) s
    WHERE u.id = OLD.user_id
    UNION ALL
    SELECT s.* FROM public.users u, public.atrium_session_deltas(1, NEW.created_at, NEW.user_agent, u.country) s
    WHERE u.id = NEW.user_id
    UNION ALL
    SELECT p.* FROM (
        SELECT u.country,
          greatest(OLD.last_used_at, (SELECT max(s.last_used_at) FROM public.sessions s
            WHERE s.user_id = u.id AND s.id <> OLD.id)) AS used_before,
          greatest(OLD.created_at, (SELECT max(s.created_at) FROM public.sessions s
            WHERE s.user_id = u.id AND s.id <> OLD.id)) AS signin_before,
          (SELECT max(s.last_used_at) FROM public.sessions s WHERE s.user_id = u.id) AS used,
          (SELECT max(s.created_at) FROM public.sessions s WHERE s.user_id = u.id) AS signin
        FROM public.users u WHERE u.id = OLD.user_id) x,
      LATERAL (SELECT * FROM public.atrium_people_deltas(-1, x.country, x.used_before, x.signin_before)
        UNION ALL SELECT * FROM public.atrium_people_deltas(1, x.country, x.used, x.signin)) p) d
  GROUP BY 1, 2, 3
  HAVING sum(d.n) <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_rollup_change AFTER UPDATE ON sessions FOR EACH ROW WHEN (
  pg_catalog.date_bin('15 minutes', OLD.last_used_at, timestamptz 'epoch')
    IS DISTINCT FROM pg_catalog.date_bin('15 minutes', NEW.last_used_at, timestamptz 'epoch')
  OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.user_agent IS DISTINCT FROM NEW.user_agent
  OR OLD.user_id IS DISTINCT FROM NEW.user_id
) EXECUTE FUNCTION atrium_sessions_rollup_change();
--> statement-breakpoint
-- Chat messages sent (`chat`: n messages not deleted, at their sending) and mail sent (`mail`: n messages,
-- at their sending; drafts are not sent).
CREATE FUNCTION "atrium_messages_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'chat_messages' THEN
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      INSERT INTO public.rollup_deltas (series, key, at, n)
      SELECT 'chat', '', pg_catalog.date_bin('15 minutes', m.created_at, timestamptz 'epoch'), count(*)
      FROM new_rows m WHERE m.deleted_at IS NULL GROUP BY 3;
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      INSERT INTO public.rollup_deltas (series, key, at, n)
      SELECT 'chat', '', pg_catalog.date_bin('15 minutes', m.created_at, timestamptz 'epoch'), -count(*)
      FROM old_rows m WHERE m.deleted_at IS NULL GROUP BY 3;
    END IF;
  ELSE
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      INSERT INTO public.rollup_deltas (series, key, at, n)
      SELECT 'mail', '', pg_catalog.date_bin('15 minutes', m.sent_at, timestamptz 'epoch'), count(*)
      FROM new_rows m WHERE m.sent_at IS NOT NULL GROUP BY 3;
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      INSERT INTO public.rollup_deltas (series, key, at, n)
      SELECT 'mail', '', pg_catalog.date_bin('15 minutes', m.sent_at, timestamptz 'epoch'), -count(*)
      FROM old_rows m WHERE m.sent_at IS NOT NULL GROUP BY 3;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER chat_messages_rollup_insert AFTER INSERT ON chat_messages REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION atrium_messages_rollup();
--> statement-breakpoint
CREATE TRIGGER chat_messages_rollup_update AFTER UPDATE ON chat_messages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION atrium_messages_rollup();
--> statement-breakpoint
CREATE TRIGGER chat_messages_rollup_delete AFTER DELETE ON chat_messages REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION atrium_messages_rollup();
--> statement-breakpoint
CREATE TRIGGER mail_messages_rollup_insert AFTER INSERT ON mail_messages REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION atrium_messages_rollup();
--> statement-breakpoint
CREATE TRIGGER mail_messages_rollup_update AFTER UPDATE ON mail_messages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION atrium_messages_rollup();
--> statement-breakpoint
CREATE TRIGGER mail_messages_rollup_delete AFTER DELETE ON mail_messages REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION atrium_messages_rollup();
--> statement-breakpoint
-- Sessions in use during a period (active people, counted from the sessions for periods that are over):
-- their span, searchable by overlap.
CREATE INDEX "sessions_span_idx" ON "sessions" USING gist (tstzrange(created_at, greatest(created_at, last_used_at), '[]'));
--> statement-breakpoint
-- Sessions written with a start in the past, or deleted, change the active people of the periods they
-- touch (any zone: a day either side): those counts are dropped, to be counted again. A sign-in now touches
-- no period that is over.
CREATE FUNCTION "atrium_active_people_forget"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_from date;
  v_to date;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT (min(created_at) AT TIME ZONE 'UTC')::date, (max(greatest(created_at, last_used_at)) AT TIME ZONE 'UTC')::date
    INTO v_from, v_to FROM new_rows WHERE created_at < now() - interval '1 minute';
  ELSE
    SELECT (min(created_at) AT TIME ZONE 'UTC')::date, (max(greatest(created_at, last_used_at)) AT TIME ZONE 'UTC')::date
    INTO v_from, v_to FROM old_rows;
  END IF;
  IF v_from IS NOT NULL THEN
    -- Held to the commit: a count being kept meanwhile waits for it, or is dropped here after it is kept.
    PERFORM pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('active_people_counts'));
    DELETE FROM public.active_people_counts WHERE "to" >= v_from - 1 AND "from" <= v_to + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_active_people_insert AFTER INSERT ON sessions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION atrium_active_people_forget();
--> statement-breakpoint
CREATE TRIGGER sessions_active_people_delete AFTER DELETE ON sessions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION atrium_active_people_forget();
--> statement-breakpoint
-- A session moved in time (not the app's doing: its start never changes, its last use only moves on).
CREATE FUNCTION "atrium_active_people_forget_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('active_people_counts'));
  DELETE FROM public.active_people_counts
  WHERE "to" >= (least(OLD.created_at, NEW.created_at) AT TIME ZONE 'UTC')::date - 1
    AND "from" <= (greatest(OLD.last_used_at, NEW.last_used_at, OLD.created_at, NEW.created_at) AT TIME ZONE 'UTC')::date + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_active_people_moved AFTER UPDATE ON sessions FOR EACH ROW WHEN (
  OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.user_id IS DISTINCT FROM NEW.user_id
  OR NEW.last_used_at < OLD.last_used_at
) EXECUTE FUNCTION atrium_active_people_forget_moved();
--> statement-breakpoint
-- The orders and lines already there.
INSERT INTO rollup_deltas (series, key, at, n, a, b, c)
SELECT d.series, d.key, d.at, sum(d.n), sum(d.a), sum(d.b), sum(d.c)
FROM orders o, atrium_order_deltas(1, o.status, o.user_id, o.created_at, o.total, o.subtotal, o.discount, o.item_count) d
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO rollup_deltas (series, key, at, n, a, b, c)
SELECT d.series, d.key, d.at, sum(d.n), sum(d.a), sum(d.b), sum(d.c)
FROM order_items i
JOIN orders o ON o.id = i.order_id AND o.status IN ('paid', 'completed')
LEFT JOIN products pr ON pr.id = i.product_id
CROSS JOIN LATERAL atrium_line_deltas(1, o.created_at, i.quantity, i.line_total - i.discount, pr.category, pr.gender) d
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO rollup_deltas (series, key, at, n, a, b, c)
SELECT d.series, d.key, d.at, sum(d.n), sum(d.a), sum(d.b), sum(d.c)
FROM users u, atrium_user_deltas(1, u.created_at, u.email_verified,
  atrium_profile_complete(u.avatar_url, u.phone, u.country, u.city, u.about), u.country) d
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO rollup_deltas (series, key, at, n, a, b, c)
SELECT d.series, d.key, d.at, sum(d.n), sum(d.a), sum(d.b), sum(d.c)
FROM sessions x LEFT JOIN users u ON u.id = x.user_id, atrium_session_deltas(1, x.created_at, x.user_agent, u.country) d
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO rollup_deltas (series, key, at, n, a, b, c)
SELECT d.series, d.key, d.at, sum(d.n), sum(d.a), sum(d.b), sum(d.c)
FROM (SELECT u.country, max(s.last_used_at) AS used, max(s.created_at) AS signin
    FROM users u JOIN sessions s ON s.user_id = u.id GROUP BY u.id, u.country) x,
  atrium_people_deltas(1, x.country, x.used, x.signin) d
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO rollup_deltas (series, key, at, n)
SELECT 'chat', '', date_bin('15 minutes', created_at, timestamptz 'epoch'), count(*) FROM chat_messages
WHERE deleted_at IS NULL GROUP BY 3;
--> statement-breakpoint
INSERT INTO rollup_deltas (series, key, at, n)
SELECT 'mail', '', date_bin('15 minutes', sent_at, timestamptz 'epoch'), count(*) FROM mail_messages
WHERE sent_at IS NOT NULL GROUP BY 3;
--> statement-breakpoint
SELECT atrium_rollups_fold_now();
--> statement-breakpoint
ANALYZE rollups;
--> statement-breakpoint
ANALYZE rollup_days;
--> statement-breakpoint
ANALYZE order_customer_quarters;
