/**
 * The overview dashboards at scale (issue 26 D), part of `npm run bench`. On an embedded database and on a
 * PostgreSQL server, each filled once in SQL with a shop and workspace two years old:
 *
 * - USERS (100,000) people who signed up over 25 months, more of them lately; a country on 96 % of the
 *   profiles (sixteen countries, unevenly), verified addresses and complete profiles on some;
 * - SESSIONS (1,000,000) sign-ins, about one per order: a visit of a few minutes to a few hours after the
 *   person signed up, from one of fourteen real User-Agents (desktop, phone, tablet, tools);
 * - PRODUCTS (100,000) in the twelve categories and six gender sets, 95 % published;
 * - ORDERS (1,000,000) over the last 730 days, one to three lines each (popular products more often), one in
 *   ten with a 10 % discount, by 80 % of the people with a long tail (a lognormal number of orders each:
 *   most have a few, a few regulars hundreds), in realistic statuses: 78 % completed, 8 % paid, 2 % still
 *   pending (half of the last two days'), 4 % cancelled, 4 % refunded;
 * - CHAT (500,000 messages in 20,000 conversations of two) and MAIL (200,000 sent, one copy sent and one
 *   received each) over the same two years.
 *
 * Then, through the whole API (app.inject: auth, validation, SQL, serialisation), one request at a time,
 * BENCH_RUNS (60) each after 5 to warm up: GET /api/overview/app and /api/overview/ecommerce as an
 * administrator and as a regular customer (one of the people with about 25 orders), over the last 30 days
 * and the last 365, in Asia/Kolkata (UTC+05:30: its days are not whole UTC hours) and America/New_York
 * (daylight saving). Target: every case p95 ≤ 50 ms. Exits 1 when one misses it.
 *
 *   node_modules/.bin/node bench/overview.ts                     both databases
 *   OVERVIEW_DATABASES=pglite node_modules/.bin/node bench/overview.ts
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres     the server to create the bench database on
 *   BENCH_DATA_DIR=/tmp/atrium-bench-overview                    keeps (and reuses) the embedded database
 *   OVERVIEW_KEEP_PG=1                                           keeps (and reuses) atrium_bench_overview
 *   ORDERS=100000 USERS=10000 ...                                smaller runs
 *   BENCH_RUNS=0                                                 fills (and keeps) without measuring
 *   OVERVIEW_DASHBOARDS=ecommerce                                one dashboard only
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';

import type { Database, Db } from '../src/server/db/client.ts';
import {
  type BenchRow,
  countRows,
  fillOnce,
  hashSql,
  latencyRow,
  ms,
  onBenchDatabases,
  reportTable,
  signIn,
  timeRequests,
} from './lib.ts';

const USERS = Number(process.env.USERS ?? 100_000);
const SESSIONS = Number(process.env.SESSIONS ?? 1_000_000);
const PRODUCTS = Number(process.env.PRODUCTS ?? 100_000);
const ORDERS = Number(process.env.ORDERS ?? 1_000_000);
const CHAT_MESSAGES = Number(process.env.CHAT_MESSAGES ?? 500_000);
const MAILS = Number(process.env.MAILS ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const TARGET_MS = 50;
const ADMIN_EMAIL = 'admin@overview.bench';
const ZONES = ['Asia/Kolkata', 'America/New_York'];
const DASHBOARDS = (process.env.OVERVIEW_DASHBOARDS ?? 'app,ecommerce').split(',').map((d) => d.trim());

const { sql } = await import('drizzle-orm');
const { buildApp } = await import('../src/server/app.ts');
const { hashPassword, UNUSABLE_PASSWORD_HASH } = await import('../src/server/lib/passwords.ts');
const { setPassword } = await import('../src/server/modules/account/account.repo.ts');
const { productCategories } = await import('../src/shared/contract/products-limits.ts');

/** A stable pseudo-random number 0 … 2^31 − 1 per row `n` and field `k` (every run fills the same). */
const h = (k: number, n = 'n') => sql.raw(hashSql(k, n));
/** The same as a fraction in [0, 1). */
const u = (k: number, n = 'n') => sql.raw(`(${hashSql(k, n)} / 2147483648.0)`);
const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]::text[]`);

/** Sixteen countries, as often as their share (in %); '' is a profile without one. */
const COUNTRIES = textArray(
  (
    [
      ['United States', 22],
      ['India', 12],
      ['United Kingdom', 8],
      ['Germany', 7],
      ['France', 6],
      ['Brazil', 6],
      ['Japan', 5],
      ['Canada', 5],
      ['Viet Nam', 4],
      ['Nigeria', 4],
      ['China', 4],
      ['Mexico', 3],
      ['Australia', 3],
      ['Spain', 3],
      ['Italy', 2],
      ['United Arab Emirates', 2],
      ['', 4],
    ] as const
  ).flatMap(([country, share]) => Array.from({ length: share }, () => country)),
);
/** Real User-Agents, the common ones repeated: desktops, phones, tablets and a tool. */
const AGENTS = textArray([
  ...Array.from(
    { length: 5 },
    () =>
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  ),
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  ...Array.from(
    { length: 4 },
    () =>
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  ),
  ...Array.from(
    { length: 3 },
    () =>
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  ),
  'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'curl/8.5.0',
]);
const FIRST = textArray([
  'Ada',
  'Kenji',
  'Amara',
  'Lucas',
  'Mai',
  'Omar',
  'Ingrid',
  'Priya',
  'Diego',
  'Lena',
]);
const LAST = textArray([
  'Nguyen',
  'Smith',
  'Okafor',
  'Tanaka',
  'Müller',
  'Silva',
  'Haddad',
  'Rossi',
  'Patel',
]);

/** Runs `statement` and logs how long it took. */
async function step(db: Db, name: string, statement: ReturnType<typeof sql>): Promise<void> {
  const started = performance.now();
  await db.execute(statement);
  console.log(`  ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Fills an empty, migrated database (see the header). */
async function fill(db: Db): Promise<void> {
  await step(
    db,
    `${USERS.toLocaleString('en')} people`,
    sql`insert into users (email, password_hash, first_name, last_name, role, slug, email_verified, phone,
        country, city, about, avatar_url, created_at)
      select case n when 1 then ${ADMIN_EMAIL} else 'person.' || n || '@overview.bench' end,
        ${UNUSABLE_PASSWORD_HASH}, (${FIRST})[1 + ${h(1)} % 10], (${LAST})[1 + ${h(2)} % 9],
        case when n = 1 then 'admin' else 'user' end, 'overview-person-' || n, ${h(3)} % 10 < 7,
        case when ${h(4)} % 10 < 6 then '+1 555 ' || lpad((n % 10000)::text, 4, '0') else '' end,
        (${COUNTRIES})[1 + ${h(5)} % 100], case when ${h(6)} % 10 < 7 then 'Springfield' else '' end,
        case when ${h(7)} % 10 < 4 then 'Likes the shop.' else '' end,
        case when ${h(8)} % 10 < 5 then '/uploads/avatars/' || n || '.webp' end,
        -- More people lately: the n-th signed up at sqrt(n / USERS) of the way through 760 days.
        now() - make_interval(secs => 760 * 86400 * (1 - sqrt(n::float8 / ${USERS}::int)))
      from generate_series(1, ${USERS}::int) n`,
  );
  // People by number, for the statements below (a join on the number, not on a 100,000-element array).
  await db.execute(sql`create temp table bench_people as
    select row_number() over (order by created_at, id)::int as k, id, created_at from users`);
  await db.execute(sql`create unique index on bench_people (k)`);
  await step(
    db,
    `${SESSIONS.toLocaleString('en')} sign-ins`,
    sql`insert into sessions (user_id, refresh_hash, user_agent, ip, created_at, last_used_at, expires_at)
      select p.id, 'bench', (${AGENTS})[1 + ${h(2)} % 19], '203.0.113.' || (n % 250),
        s.at, s.at + make_interval(mins => case when ${h(3)} % 20 = 0 then 60 + ${h(4)} % 420
          else 1 + ${h(4)} % 45 end), s.at + interval '30 days'
      from generate_series(1, ${SESSIONS}::int) n
      join bench_people p on p.k = 1 + ${h(1)} % ${USERS}::int
      cross join lateral (select greatest(p.created_at, now() - interval '730 days')
        + (now() - greatest(p.created_at, now() - interval '730 days')) * ${u(5)} as at) s`,
  );
  await step(
    db,
    `${PRODUCTS.toLocaleString('en')} products`,
    sql`insert into products (name, slug, sku, price, taxes, category, gender, colors, sizes, quantity,
        total_sold, publish, created_at)
      select 'Overview product ' || n, 'overview-product-' || n, 'OV-' || lpad(n::text, 6, '0'),
        500 + ${h(1)} % 20000, 10, (${textArray(productCategories)})[1 + ${h(2)} % ${productCategories.length}],
        case ${h(3)} % 6 when 0 then array['Men'] when 1 then array['Women'] when 2 then array['Kids']
          when 3 then array['Men','Women'] when 4 then array['Women','Kids'] else array['Men','Women','Kids'] end,
        array['#000000'], array['M', 'L'], 1000000, ${h(4)} % 5000,
        case when ${h(5)} % 20 = 0 then 'draft' else 'published' end,
        now() - make_interval(secs => 760 * 86400 * ${u(6)})
      from generate_series(1, ${PRODUCTS}::int) n`,
  );
  await db.execute(sql`create temp table bench_products as
    select row_number() over (order by sku)::int as k, id, name, sku, price from products`);
  await db.execute(sql`create unique index on bench_products (k)`);
  // Orders per customer: 80 % of the people buy, a lognormal number of times (σ = 1.1) scaled to 10 % more
  // than ORDERS, cut at ORDERS below.
  const mean = (ORDERS * 1.1) / (0.8 * USERS);
  const mu = Math.log(mean) - 1.1 ** 2 / 2;
  await step(
    db,
    `${ORDERS.toLocaleString('en')} orders, drawn`,
    sql`create temp table bench_orders as
      select gen_random_uuid() as id, o.n, o.user_id, o.at as created_at,
        case when o.at > now() - interval '2 days' and ${h(11, 'o.n')} % 2 = 0 then 'pending'
          else case when ${h(12, 'o.n')} % 100 < 4 then 'cancelled' when ${h(12, 'o.n')} % 100 < 8 then 'refunded'
            when ${h(12, 'o.n')} % 100 < 10 then 'pending' when ${h(12, 'o.n')} % 100 < 18 then 'paid'
            else 'completed' end end as status,
        (array['free', 'standard', 'express'])[1 + ${h(13, 'o.n')} % 3] as delivery,
        ${h(14, 'o.n')} % 10 = 0 as discounted
      from (
        select row_number() over (order by hashint4(c.k * 31 + i))::int as n, c.id as user_id,
          c.since + (now() - c.since) * ((hashint4(c.k * 131 + i) & 2147483647) / 2147483648.0) as at
        from (select p.k, p.id, greatest(p.created_at, now() - interval '730 days') as since,
            floor(exp(${mu} + 1.1 * sqrt(-2 * ln((${h(21, 'p.k')} + 1) / 2147483649.0))
              * cos(2 * pi() * ${u(22, 'p.k')})))::int as orders
          from bench_people p where p.k > 1 and ${h(20, 'p.k')} % 10 < 8) c
        cross join generate_series(1, c.orders) i
      ) o where o.n <= ${ORDERS}::int`,
  );
  await step(
    db,
    'order lines, drawn',
    sql`create temp table bench_lines as
      select o.id as order_id, l.position, p.id as product_id, p.name, p.sku, p.price, l.quantity,
        p.price * l.quantity as line_total,
        case when o.discounted then round(p.price * l.quantity / 10.0)::bigint else 0 end as discount
      from bench_orders o
      cross join lateral (select k.position, 1 + (${h(31, 'o.n * 4 + k.position')} % 4 = 0)::int as quantity,
          -- Popular products sell more: the square of a uniform draw favours the first ones.
          1 + floor(${PRODUCTS}::int * power(${u(32, 'o.n * 4 + k.position')}, 2))::int as product
        from generate_series(0, ${h(30, 'o.n')} % 3) k(position)) l
      join bench_products p on p.k = l.product`,
  );
  await step(
    db,
    'orders',
    sql`insert into orders (id, user_id, status, subtotal, discount, shipping, taxes, total, item_count,
        currency, delivery, payment_method, address, idempotency_key, stock_returned, created_at, updated_at)
      select o.id, o.user_id, o.status, l.subtotal, l.discount, d.price, l.taxes,
        l.subtotal - l.discount + d.price + l.taxes, l.units, 'USD', o.delivery, 'cash',
        ${JSON.stringify({ name: 'Bench Buyer', phoneNumber: '+1 555 0100', fullAddress: '1 Bench Street, Springfield', street: '1 Bench Street', city: 'Springfield', state: '', zipCode: '12345', country: 'United States', addressType: 'home' })}::jsonb,
        'overview-' || o.n, o.status in ('cancelled', 'refunded'), o.created_at, o.created_at
      from bench_orders o
      join (select order_id, sum(line_total)::bigint as subtotal, sum(discount)::bigint as discount,
          sum(round((line_total - discount) / 10.0))::bigint as taxes, sum(quantity)::int as units
        from bench_lines group by order_id) l on l.order_id = o.id
      join (values ('free', 0), ('standard', 1000), ('express', 2000)) d(value, price) on d.value = o.delivery`,
  );
  await step(
    db,
    'order lines',
    sql`insert into order_items (order_id, position, product_id, name, sku, price, quantity, line_total,
        discount, tax_rate, taxes)
      select order_id, position, product_id, name, sku, price, quantity, line_total, discount, 10,
        round((line_total - discount) / 10.0)
      from bench_lines`,
  );
  const conversations = Math.max(1, Math.round(CHAT_MESSAGES / 25));
  // Conversations of two people (a and b, never the same), numbered.
  await db.execute(sql`create temp table bench_conversations as
    select n, gen_random_uuid() as id, a, 2 + (a - 2 + 1 + ${h(2)} % (${USERS}::int - 2)) % (${USERS}::int - 1) as b
    from (select n, 2 + ${h(1)} % (${USERS}::int - 1) as a from generate_series(1, ${conversations}::int) n) c`);
  await db.execute(sql`create unique index on bench_conversations (n)`);
  await step(
    db,
    `${CHAT_MESSAGES.toLocaleString('en')} chat messages`,
    sql`insert into chat_conversations (id, type, pair_key, created_at, last_activity_at)
      select id, 'ONE_TO_ONE', 'overview-' || n, now() - interval '730 days', now() from bench_conversations`,
  );
  await db.execute(sql`insert into chat_participants (conversation_id, user_id)
    select c.id, p.id from bench_conversations c join bench_people p on p.k in (c.a, c.b)`);
  await db.execute(sql`insert into chat_messages (conversation_id, sender_id, client_id, body, created_at, deleted_at)
    select c.id, p.id, 'overview-' || m, 'Bench message ' || m,
      now() - make_interval(secs => 730 * 86400 * ${u(3, 'm')}), case when ${h(4, 'm')} % 50 = 0 then now() end
    from generate_series(1, ${CHAT_MESSAGES}::int) m
    join bench_conversations c on c.n = 1 + ${h(5, 'm')} % ${conversations}::int
    join bench_people p on p.k = case when m % 2 = 0 then c.a else c.b end`);
  await step(
    db,
    `${MAILS.toLocaleString('en')} mails`,
    sql`with sent as (
        insert into mail_messages (sender_id, "from", "to", subject, text, sent_at, created_at, updated_at)
        select f.id, jsonb_build_object('name', 'Bench', 'email', 'person.' || f.k || '@overview.bench'),
          jsonb_build_array(jsonb_build_object('name', 'Bench', 'email', 'person.' || t.k || '@overview.bench')),
          'Bench mail ' || n, 'Hello', m.at, m.at, m.at
        from generate_series(1, ${MAILS}::int) n
        join bench_people f on f.k = 2 + ${h(1)} % (${USERS}::int - 1)
        join bench_people t on t.k = 2 + ${h(2)} % (${USERS}::int - 1)
        cross join lateral (select now() - make_interval(secs => 730 * 86400 * ${u(3)}) as at) m
        returning id, sender_id, "to", sent_at)
      insert into mail_entries (user_id, message_id, folder, is_read, at)
      select sender_id, id, 'sent', true, sent_at from sent
      union all
      select u.id, s.id, 'inbox', s.sent_at < now() - interval '7 days', s.sent_at
      from sent s join users u on u.email = s."to" -> 0 ->> 'email'`,
  );
  await step(db, 'vacuum analyze', sql`vacuum analyze`);
}

/** The day `days` before today in `timeZone`, as YYYY-MM-DD. */
function dayBefore(timeZone: string, days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** Migrates, saying how long it took (the rollups' backfill when the data was there before them). */
async function migrate(database: Database): Promise<void> {
  const started = performance.now();
  await database.migrate();
  console.log(`Migrated ${database.kind} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

/** Fills `database` unless it holds the bench's data already, then measures every case; the table's rows. */
async function measure(database: Database): Promise<BenchRow[]> {
  const db = database.db;
  await fillOnce(
    database,
    async () =>
      (await countRows(database, 'orders')) === ORDERS && (await countRows(database, 'users')) === USERS,
    () => fill(db),
  );

  // Only this run knows the passwords: the administrator and a regular customer (about 25 orders).
  const password = randomBytes(18).toString('base64url');
  const hash = await hashPassword(password);
  const [admin] = (
    (await db.execute(sql`select id from users where email = ${ADMIN_EMAIL}`)) as {
      rows: Array<{ id: string }>;
    }
  ).rows;
  const [regular] = (
    (await db.execute(sql`select u.id, u.email, count(*)::int as n from orders o join users u on u.id = o.user_id
      group by u.id order by abs(count(*) - 25), u.email limit 1`)) as {
      rows: Array<{ id: string; email: string; n: number }>;
    }
  ).rows;
  await setPassword(db, admin!.id, hash);
  await setPassword(db, regular!.id, hash);
  if (RUNS === 0) return []; // BENCH_RUNS=0: fill only (with OVERVIEW_KEEP_PG or BENCH_DATA_DIR)

  const app = await buildApp({ database, logger: false, config: { rateLimitMax: 10_000_000 } });
  const rows: BenchRow[] = [];
  try {
    await app.ready();
    const viewers = [
      ['administrator', await signIn(app, ADMIN_EMAIL, password)],
      [`customer (${regular!.n} orders)`, await signIn(app, regular!.email, password)],
    ] as const;
    // Active people of days and periods that are over are counted from the sessions once, then kept: the
    // first request of a zone (and, each day, of a range) pays for it. Timed once, before the runs.
    if (DASHBOARDS.includes('app')) {
      await db.execute(sql`delete from active_people_counts`);
      const tz = ZONES[0]!;
      const t0 = performance.now();
      const first = await app.inject({
        method: 'GET',
        url: `/api/overview/app?from=${dayBefore(tz, 364)}&to=${dayBefore(tz, 0)}&tz=${encodeURIComponent(tz)}`,
        headers: { authorization: `Bearer ${viewers[0][1]}` },
      });
      if (first.statusCode !== 200) throw new Error(`first request: ${first.statusCode} ${first.body}`);
      rows.push({
        case: `${database.kind} /app, administrator, 1 year, ${tz}: first request, active people counted`,
        'p50 ms': ms(performance.now() - t0),
        'p95 ms': '',
        'p99 ms': '',
        target: '',
        '': '',
      });
      console.log(JSON.stringify(rows.at(-1)));
    }
    for (const dashboard of DASHBOARDS) {
      for (const [who, token] of viewers) {
        for (const [label, days] of [
          ['30 days', 29],
          ['1 year', 364],
        ] as const) {
          for (const tz of ZONES) {
            const url = `/api/overview/${dashboard}?from=${dayBefore(tz, days)}&to=${dayBefore(tz, 0)}&tz=${encodeURIComponent(tz)}`;
            const { times } = await timeRequests(
              app,
              { method: 'GET', url, headers: { authorization: `Bearer ${token}` } },
              RUNS,
            );
            rows.push(
              latencyRow(`${database.kind} /${dashboard}, ${who}, ${label}, ${tz}`, times, TARGET_MS),
            );
          }
        }
      }
    }
  } finally {
    await app.close();
  }
  return rows;
}

const { rows, failed } = await onBenchDatabases({ name: 'overview', env: 'OVERVIEW', migrate }, measure);
reportTable(
  `Overview requests (ms): ${USERS.toLocaleString('en')} people, ${SESSIONS.toLocaleString('en')} sign-ins, ` +
    `${PRODUCTS.toLocaleString('en')} products, ${ORDERS.toLocaleString('en')} orders, ${RUNS} runs each ` +
    `(target p95 ≤ ${TARGET_MS} ms):`,
  rows,
  failed,
);
