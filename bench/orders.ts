/**
 * Checkout and orders (issue #13), part of `npm run bench`. Fills a fresh embedded database (or DATABASE_URL,
 * an empty database you provide) in SQL with ORDER_PRODUCTS (10,000) published products (plenty in stock:
 * placing an order never runs out), BUYERS (300) customers with an address each, and ORDERS (100,000)
 * orders of one to three lines over the last year across every status; then, through the whole API
 * (app.inject: auth, validation, SQL, serialisation), one request at a time, BENCH_RUNS (200) each: an order
 * placed (target p95 ≤ 100 ms; a random product each time, a new idempotency key, the per-person limit
 * respected by taking turns among the buyers), an order of three lines with a discount code, a quote,
 * a customer's orders, one order, the administrators' list (tabs counted, searched, dated, sorted) and a
 * status change; then BURST (50) customers ordering the same product at once (they queue on its row).
 *
 * The catalog is smaller than the shop's 100,000 (bench/products.ts): placing an order reads and writes
 * products by primary key, so its cost does not depend on the catalog's size.
 *
 *   node_modules/.bin/node bench/orders.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/atrium_bench_orders node_modules/.bin/node bench/orders.ts
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';

import type { InjectOptions } from 'fastify';

import { latencyRow, ms, openBenchDatabase, percentile, requireEmptyDatabase, timeRequests } from './lib.ts';

const PRODUCTS = Number(process.env.ORDER_PRODUCTS ?? 10_000);
const BUYERS = Number(process.env.BUYERS ?? 300);
const ORDERS = Number(process.env.ORDERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const BURST = Number(process.env.BURST ?? 50);
const ORDER_TARGET_MS = 100;

const { eq, sql } = await import('drizzle-orm');
const { buildApp } = await import('../src/server/app.ts');
const { addresses, discountCodes, orders, products, users } =
  await import('../src/server/db/schema/index.ts');
const { UNUSABLE_PASSWORD_HASH } = await import('../src/server/lib/passwords.ts');
const { signAccessToken } = await import('../src/server/lib/tokens.ts');
const { createSession } = await import('../src/server/modules/account/account.repo.ts');

const { database, dispose } = await openBenchDatabase('orders');
const db = database.db;

const shipTo = {
  name: 'Bench Buyer',
  phoneNumber: '+1 555 0100',
  street: '1 Bench Street',
  city: 'Springfield',
  zipCode: '12345',
  country: 'United States',
};

try {
  requireEmptyDatabase(
    Number((await db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n),
    'orders.ts',
  );
  const started = performance.now();
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: BUYERS + 1 }, (_, i) => ({
        email: i === 0 ? 'admin@bench.example' : `buyer.${String(i).padStart(4, '0')}@bench.example`,
        passwordHash: UNUSABLE_PASSWORD_HASH,
        firstName: i === 0 ? 'Admin' : `Buyer${i}`,
        lastName: 'Bench',
        role: i === 0 ? ('admin' as const) : ('user' as const),
      })),
    )
    .returning({ id: users.id, email: users.email });
  const [adminRow, ...buyerRows] = people;
  await db.insert(addresses).values(
    buyerRows.map((b) => ({
      ...shipTo,
      fullAddress: '1 Bench Street, Springfield, 12345, United States',
      userId: b.id,
      isPrimary: true,
    })),
  );
  const [code] = await db
    .insert(discountCodes)
    .values({ code: 'BENCH10', kind: 'percent', value: 10 })
    .returning({ code: discountCodes.code });
  // h(k): a stable pseudo-random number per row and field (hashint4), so every run fills the same.
  const h = (k: number) => sql.raw(`(hashint4(n * 7919 + ${k}) & 2147483647)`);
  await db.execute(sql`
    insert into products (name, slug, sku, price, taxes, category, gender, colors, sizes, quantity,
      total_sold, publish, created_at)
    select 'Bench product ' || n, 'bench-product-' || n, 'BO-' || lpad(n::text, 6, '0'),
      500 + (${h(1)} % 20000), 10, 'Shirts', array['Men'], array['#000000', '#FFFFFF'], array['M', 'L'],
      1000000, ${h(2)} % 500, 'published', now() - make_interval(days => ${h(3)} % 700)
    from generate_series(1, ${PRODUCTS}::int) n`);
  // The orders: one to three lines each (a line's product and quantity from n and its position), priced as
  // the API prices them without a discount (10 % taxes per line). Both statements draw the same lines.
  const lines = sql`generate_series(1, 1 + ${h(7)} % 3) as k(position)
      cross join lateral (select 1 + (hashint4(n * 31 + k.position) & 1) as qty) q
      join products p on p.sku = 'BO-' || lpad((1 + (hashint4(n * 17 + k.position) & 2147483647) % ${PRODUCTS}::int)::text, 6, '0')`;
  await db.execute(sql`
    insert into orders (user_id, status, subtotal, shipping, taxes, total, item_count, currency, delivery,
      payment_method, address, idempotency_key, stock_returned, version, created_at, updated_at)
    select u.ids[1 + ${h(1)} % u.cnt], st.status, l.subtotal, d.price, l.taxes, l.subtotal + d.price + l.taxes,
      l.units, 'USD', d.value, case when ${h(3)} % 2 = 0 then 'cash' else 'bankTransfer' end,
      ${JSON.stringify({ ...shipTo, fullAddress: '1 Bench Street, Springfield', state: '', addressType: 'home' })}::jsonb,
      'bench-' || n, st.status in ('cancelled', 'refunded'), 1,
      now() - make_interval(mins => ${h(4)} % (365 * 24 * 60)), now()
    from generate_series(1, ${ORDERS}::int) n
    cross join (select array_agg(id order by email) as ids, count(*)::int as cnt from users
      where email like 'buyer.%') u
    cross join lateral (select case ${h(5)} % 20 when 0 then 'cancelled' when 1 then 'refunded'
      when 2 then 'pending' when 3 then 'pending' when 4 then 'paid' when 5 then 'paid'
      else 'completed' end as status) st
    cross join lateral (select v.value, v.price
      from (values ('free', 0), ('standard', 1000), ('express', 2000)) as v(value, price)
      where v.value = (array['free', 'standard', 'express'])[1 + ${h(6)} % 3]) d
    cross join lateral (select sum(p.price * q.qty)::bigint as subtotal,
      sum(round(p.price * q.qty / 10.0))::bigint as taxes, sum(q.qty)::int as units
      from ${lines}) l`);
  await db.execute(sql`
    insert into order_items (order_id, position, product_id, name, sku, price, quantity, line_total,
      tax_rate, taxes)
    select o.id, k.position, p.id, p.name, p.sku, p.price, q.qty, p.price * q.qty, 10,
      round(p.price * q.qty / 10.0)
    from generate_series(1, ${ORDERS}::int) n
    join orders o on o.idempotency_key = 'bench-' || n
    cross join ${lines}`);
  await db.execute(sql`
    insert into order_events (order_id, status, by_user_id, at)
    select id, 'pending', user_id, created_at from orders
    union all
    select id, status, ${adminRow!.id}::uuid, created_at + interval '1 day' from orders where status <> 'pending'`);
  await db.execute(sql`vacuum analyze`);
  console.log(
    `Filled in ${((performance.now() - started) / 1000).toFixed(1)} s on ${database.kind}: ` +
      `${PRODUCTS.toLocaleString('en')} products, ${BUYERS} buyers, ${ORDERS.toLocaleString('en')} orders.`,
  );

  const app = await buildApp({ database, logger: false, config: { rateLimitMax: 10_000_000 } });
  try {
    await app.ready();
    /** A signed-in caller without a password to hash: a session row and its access token. */
    const headersOf = async (userId: string) => {
      const session = await createSession(db, {
        userId,
        refreshHash: 'unused',
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      const token = await signAccessToken(app.secret, { userId, sessionId: session.id }, 3600);
      return { authorization: `Bearer ${token}` };
    };
    const admin = await headersOf(adminRow!.id);
    const buyers = await Promise.all(buyerRows.map((b) => headersOf(b.id)));
    const addressIds = new Map(
      (await db.select({ userId: addresses.userId, id: addresses.id }).from(addresses)).map((a) => [
        a.userId,
        a.id,
      ]),
    );
    const productIds = (await db.select({ id: products.id }).from(products).orderBy(products.sku)).map(
      (p) => p.id,
    );
    let turn = 0;
    let pick = 0;
    /** Buyers take turns (each may place 10 orders a minute); products are spread over the catalog. */
    const nextBuyer = () => turn++ % buyers.length;
    const nextProduct = () => productIds[(pick++ * 7919) % productIds.length]!;

    const results: Array<Record<string, string | number>> = [];
    /** `RUNS` requests made by `make` (5 more to warm up), one at a time; each must answer `status`. */
    const measure = async (
      name: string,
      make: () => InjectOptions & { url: string },
      status: number,
      target: number | null,
      extra: (body: Record<string, unknown>) => string = () => '',
    ) => {
      const times: number[] = [];
      let first: Record<string, unknown> | undefined;
      for (let i = 0; i < RUNS + 5; i++) {
        const request = make();
        const t0 = performance.now();
        const res = await app.inject(request);
        const took = performance.now() - t0;
        if (res.statusCode !== status) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
        if (i >= 5) {
          times.push(took);
          first ??= res.json<Record<string, unknown>>();
        }
      }
      results.push(
        latencyRow(
          name,
          times.sort((a, b) => a - b),
          target,
          { result: extra(first ?? {}) },
        ),
      );
    };

    const placedIds: string[] = [];
    await measure(
      'order placed: 1 line, typed address',
      () => ({
        method: 'POST',
        url: '/api/orders',
        headers: buyers[nextBuyer()]!,
        payload: {
          items: [{ productId: nextProduct(), quantity: 1, color: '#000000', size: 'M' }],
          address: shipTo,
          delivery: 'standard',
          paymentMethod: 'cash',
          idempotencyKey: randomUUID(),
        },
      }),
      201,
      ORDER_TARGET_MS,
      (b) => (b.order as { number: string }).number,
    );
    const latest = await db
      .select({ id: orders.id })
      .from(orders)
      .where(sql`${orders.idempotencyKey} not like 'bench-%'`);
    placedIds.push(...latest.map((o) => o.id));
    await measure(
      'order placed: 3 lines, saved address, discount code',
      () => {
        const who = nextBuyer();
        return {
          method: 'POST',
          url: '/api/orders',
          headers: buyers[who]!,
          payload: {
            items: [nextProduct(), nextProduct(), nextProduct()].map((productId) => ({
              productId,
              quantity: 2,
            })),
            addressId: addressIds.get(buyerRows[who]!.id),
            delivery: 'express',
            discountCode: code!.code,
            paymentMethod: 'bankTransfer',
            idempotencyKey: randomUUID(),
          },
        };
      },
      201,
      ORDER_TARGET_MS,
      (b) => `total ${(b.order as { total: number }).total}`,
    );
    await measure(
      'quote: 3 lines and a code',
      () => ({
        method: 'POST',
        url: '/api/orders/quote',
        headers: buyers[nextBuyer()]!,
        payload: {
          items: [nextProduct(), nextProduct(), nextProduct()].map((productId) => ({
            productId,
            quantity: 1,
          })),
          delivery: 'standard',
          discountCode: code!.code,
        },
      }),
      200,
      null,
    );
    const customer = buyers[0]!;
    const mine = await timeRequests(app, { method: 'GET', url: '/api/orders', headers: customer }, RUNS);
    results.push(
      latencyRow("a customer's orders, first page", mine.times, null, {
        result: `${mine.first.json<{ total: number }>().total} orders`,
      }),
    );
    const one = await timeRequests(
      app,
      { method: 'GET', url: `/api/orders/${placedIds[0]}`, headers: admin },
      RUNS,
    );
    results.push(latencyRow('one order with its timeline', one.times, null, { result: '' }));

    const adminList = async (name: string, query: string) => {
      const { times, first } = await timeRequests(
        app,
        { method: 'GET', url: `/api/orders/admin?${query}`, headers: admin },
        RUNS,
      );
      const body = first.json<{ total: number; capped: string[] }>();
      results.push(
        latencyRow(name, times, null, {
          result: `${body.total.toLocaleString('en')}${body.capped.length ? '+' : ''} match`,
        }),
      );
    };
    await adminList('admin: all, newest first (tabs counted)', 'pageSize=10');
    await adminList('admin: pending tab, page 20', 'status=pending&page=20&pageSize=10');
    await adminList('admin: search a customer by name', 'search=buyer17&pageSize=10');
    const [numbered] = await db
      .select({ number: orders.number })
      .from(orders)
      .where(eq(orders.id, placedIds[0]!));
    await adminList('admin: search an order number', `search=%23${numbered!.number}`);
    await adminList(
      'admin: one month, by total descending',
      `startDate=${new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10)}&endDate=${new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10)}&sort=total&order=desc`,
    );
    await adminList('admin: by customer name', 'sort=customer&order=asc&pageSize=10');

    let next = 0;
    await measure(
      'status change: pending → paid (notified)',
      () => ({
        method: 'POST',
        url: `/api/orders/${placedIds[next++ % placedIds.length]}/status`,
        headers: admin,
        payload: { status: 'paid', version: 1, note: 'Paid at the counter' },
      }),
      200,
      null,
    );

    // Many customers at once for one product: they queue on its row (one conditional UPDATE each).
    const hot = productIds[0]!;
    const burstStart = performance.now();
    const burst = await Promise.all(
      Array.from({ length: BURST }, async () => {
        const t0 = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: buyers[nextBuyer()]!,
          payload: {
            items: [{ productId: hot, quantity: 1 }],
            address: shipTo,
            delivery: 'free',
            paymentMethod: 'cash',
            idempotencyKey: randomUUID(),
          },
        });
        if (res.statusCode !== 201) throw new Error(`burst: ${res.statusCode} ${res.body}`);
        return performance.now() - t0;
      }),
    );
    const wall = performance.now() - burstStart;
    burst.sort((a, b) => a - b);
    results.push({
      case: `${BURST} orders of one product at once`,
      result: `${ms(wall)} ms in all`,
      'p50 ms': ms(percentile(burst, 50)),
      'p95 ms': ms(percentile(burst, 95)),
      'p99 ms': ms(percentile(burst, 99)),
      target: '',
      '': '',
    });
    console.log(JSON.stringify(results.at(-1)));
    console.log(
      `\nOrders on ${database.kind}: ${PRODUCTS.toLocaleString('en')} products, ${ORDERS.toLocaleString('en')} orders (ms):`,
    );
    console.table(results);
  } finally {
    await app.close();
  }
} finally {
  await dispose();
}
