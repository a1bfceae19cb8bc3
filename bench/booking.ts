/**
 * Booking at scale (issue 29 C, ADR 053): `npm run bench:booking`. On an embedded database and on a
 * PostgreSQL server, each filled once in SQL:
 *
 * - PEOPLE (2,000) who book, and an administrator;
 * - LISTINGS (1,000), all published, in Europe/Paris: 60 % in timed slots (tours and courses, open 08:00 to
 *   20:00 every day, hour-long slots for 20 guests), 40 % in whole days (rooms and equipment, 10 units);
 * - BOOKINGS (100,000), the same number per listing, over the last 300 days and the next 65: slot bookings
 *   of 1 to 3 guests on one of the day's slots, stays of 1 to 4 days; past ones completed (or cancelled),
 *   later ones confirmed, pending or cancelled; a fifth of the completed ones reviewed.
 *
 * Then, through the whole API (app.inject: auth, validation, SQL, serialisation):
 * - GET /api/booking/listings/:id/availability for the next month of a slot listing and of a range one, one
 *   request at a time, BENCH_RUNS (60) each after 5 to warm up. Target: p95 ≤ 20 ms.
 * - GET /api/booking/overview (the booking dashboard's figures) for 30 days and a year, as the administrator
 *   and as a person. Target: p95 ≤ 50 ms. (Skipped, and said so, when the app has no such route.)
 * - POST /api/booking/bookings sent at BOOK_RATE (50) per second for BOOK_SECONDS (10) by 200 people to
 *   HOT (5) listings, half of them to each listing's one popular slot (which fills, then answers 409 FULL),
 *   half to slots over the next weeks: every request must be answered (201, or 409 FULL), at the rate, with
 *   p99 ≤ 50 ms. Afterwards no slot holds more guests than the capacity.
 * Exits 1 when a target is missed.
 *
 *   node_modules/.bin/node bench/booking.ts                       both databases
 *   BOOKING_DATABASES=postgres node_modules/.bin/node bench/booking.ts
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres      the server to create the bench database on
 *   BENCH_DATA_DIR=/tmp/atrium-bench-booking                      keeps (and reuses) the embedded database
 *   BOOKING_KEEP_PG=1                                             keeps (and reuses) atrium_bench_booking
 *   BOOKINGS=10000 LISTINGS=100                                   smaller runs
 */
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
  percentile,
  reportTable,
  stepTimer,
  timeRequests,
} from './lib.ts';

const PEOPLE = Number(process.env.PEOPLE ?? 2_000);
const LISTINGS = Number(process.env.LISTINGS ?? 1_000);
const BOOKINGS = Number(process.env.BOOKINGS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const BOOK_RATE = Number(process.env.BOOK_RATE ?? 50);
const BOOK_SECONDS = Number(process.env.BOOK_SECONDS ?? 10);
const HOT = 5;
const ZONE = 'Europe/Paris';
const BATCH = 50_000;

const { sql } = await import('drizzle-orm');
const { buildApp } = await import('../src/server/app.ts');
const { UNUSABLE_PASSWORD_HASH } = await import('../src/server/lib/passwords.ts');
const { signAccessToken } = await import('../src/server/lib/tokens.ts');
const { createSession } = await import('../src/server/modules/account/account.repo.ts');
const { addDays, localDay, localToInstant } = await import('../src/server/modules/booking/booking.time.ts');

/** A stable pseudo-random number 0 … 2^31 − 1 per row `n` and field `k`. */
const h = (k: number, n = 'n') => sql.raw(hashSql(k, n));
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function fill(db: Db): Promise<void> {
  const step = stepTimer();
  await db.execute(sql`insert into users (email, first_name, last_name, password_hash, status, role)
    select 'guest' || n || '@booking.bench', 'Guest', 'No' || n, ${UNUSABLE_PASSWORD_HASH}, 'active', 'user'
    from generate_series(1, ${PEOPLE}) n
    union all select 'admin@booking.bench', 'Bench', 'Admin', ${UNUSABLE_PASSWORD_HASH}, 'active', 'admin'`);
  await db.execute(sql`create temporary table bench_people as
    select row_number() over (order by email) as p, id from users where email like 'guest%@booking.bench'`);
  step(`${PEOPLE.toLocaleString('en')} people`);
  // Listing l: slots when l % 10 < 6 (tour, course), else whole days (room, equipment).
  await db.execute(sql`create temporary table bench_listings as
    select l, gen_random_uuid() as id, l % 10 < 6 as slot from generate_series(1, ${LISTINGS}) l`);
  await db.execute(sql`insert into booking_listings (id, name, kind, mode, price_cents, price_unit, capacity,
      duration_minutes, booking_notice_hours, cancel_notice_hours, time_zone, status, created_at, updated_at)
    select id, 'Listing ' || l,
      case when l % 10 < 4 then 'tour' when l % 10 < 6 then 'course' when l % 10 < 8 then 'room' else 'equipment' end,
      case when slot then 'slot' else 'range' end, 1000 + (l % 50) * 100,
      case when slot then 'person' else 'unit' end, case when slot then 20 else 10 end,
      case when slot then 60 else 1440 end, 1, 24, ${ZONE}, 'published', now() - interval '400 days',
      now() - interval '400 days'
    from bench_listings`);
  await db.execute(sql`insert into booking_hours (listing_id, weekday, start_minute, end_minute)
    select id, w, case when slot then 480 else 0 end, case when slot then 1200 else 1440 end
    from bench_listings, generate_series(0, 6) w`);
  step(`${LISTINGS.toLocaleString('en')} listings with their hours`);
  const today = localDay(new Date(), ZONE);
  for (let from = 1; from <= BOOKINGS; from += BATCH) {
    const to = Math.min(BOOKINGS, from + BATCH - 1);
    // Booking n: listing 1 + (n − 1) % LISTINGS, local day today − 300 … today + 64, person by hash.
    await db.execute(sql`insert into booking_bookings (listing_id, user_id, starts_at, ends_at, guests,
        unit_price_cents, price_cents, status, cancel_reason, payment_method, paid_at, idempotency_key,
        created_at, updated_at)
      select listing_id, user_id, starts_at, ends_at, guests, price, price * guests, status,
        case when status = 'cancelled' then 'Plans changed' end, method,
        case when status = 'completed' then starts_at end, 'fill-' || n,
        least(starts_at - make_interval(days => 1 + ${h(5)} % 30), now()), least(starts_at, now())
      from (
        select n, b.id as listing_id, p.id as user_id, s.starts_at, s.ends_at, s.guests,
          1000 + (b.l % 50) * 100 as price,
          case when s.starts_at < now() then (case when ${h(6)} % 100 < 85 then 'completed' else 'cancelled' end)
            when ${h(6)} % 100 < 50 then 'confirmed' when ${h(6)} % 100 < 85 then 'pending' else 'cancelled' end as status,
          case when ${h(7)} % 2 = 0 then 'cash' else 'bankTransfer' end as method
        from generate_series(${from}::int, ${to}::int) n
        join bench_listings b on b.l = 1 + (n - 1) % ${LISTINGS}
        join bench_people p on p.p = 1 + ${h(4)} % ${PEOPLE}
        cross join lateral (select (${today}::date - 300 + (${h(1)} % 365)::int) as day) d
        cross join lateral (select
          case when b.slot then (d.day + make_interval(hours => 8 + ${h(2)} % 12)) at time zone ${ZONE}
            else d.day::timestamp at time zone ${ZONE} end as starts_at,
          case when b.slot then (d.day + make_interval(hours => 9 + ${h(2)} % 12)) at time zone ${ZONE}
            else (d.day + 1 + (${h(3)} % 4)::int)::timestamp at time zone ${ZONE} end as ends_at,
          case when b.slot then 1 + ${h(3)} % 3 else 1 end as guests) s
      ) x`);
    step(`bookings ${from.toLocaleString('en')}–${to.toLocaleString('en')}`);
  }
  await db.execute(sql`insert into booking_events (booking_id, actor_id, action, created_at)
    select id, user_id, 'created', created_at from booking_bookings`);
  await db.execute(sql`insert into booking_reviews (booking_id, listing_id, user_id, rating, text, status, created_at)
    select id, listing_id, user_id, 1 + ${h(8, 'number_n')} % 5, 'Lovely', case when ${h(9, 'number_n')} % 10 = 0
      then 'pending' else 'accepted' end, ends_at + interval '1 day'
    from (select *, substr(number, 4)::bigint as number_n from booking_bookings where status = 'completed') c
    where ${h(10, 'number_n')} % 5 = 0 and ends_at + interval '1 day' < now()`);
  step('timelines and reviews');
  await db.execute(sql`vacuum analyze`);
  step('vacuum analyze');
}

async function tokenFor(app: Awaited<ReturnType<typeof buildApp>>, db: Db, userId: string) {
  const session = await createSession(db, {
    userId,
    refreshHash: 'bench',
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return signAccessToken(app.secret, { userId, sessionId: session.id }, 3_600);
}

/** The most guests any slot of `listingIds` holds beyond its capacity (0: none overbooked). */
async function overbooked(db: Db, listingIds: string[]): Promise<number> {
  const [row] = rowsOf<{ over: number | null }>(
    await db.execute(sql`select max(g - capacity)::int as over from (
        select b.listing_id, b.starts_at, sum(b.guests) as g, max(l.capacity) as capacity
        from booking_bookings b join booking_listings l on l.id = b.listing_id
        where b.status <> 'cancelled' and b.listing_id in (${sql.join(
          listingIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        group by 1, 2) s`),
  );
  return Math.max(0, row?.over ?? 0);
}

async function measure(database: Database): Promise<BenchRow[]> {
  const db = database.db;
  await fillOnce(
    database,
    async () => (await countRows(database, 'booking_bookings', "idempotency_key like 'fill-%'")) === BOOKINGS,
    () => fill(db),
  );

  const app = await buildApp({ database, logger: false, config: { rateLimitMax: 1_000_000_000 } });
  await app.ready();
  const rows: BenchRow[] = [];
  try {
    const [admin] = rowsOf<{ id: string }>(
      await db.execute(sql`select id from users where email = 'admin@booking.bench'`),
    );
    const [person] = rowsOf<{ id: string; n: number }>(
      await db.execute(sql`select user_id as id, count(*)::int as n from booking_bookings
        where idempotency_key like 'fill-%' group by 1 order by count(*) desc, 1 limit 1`),
    );
    const adminHeaders = { authorization: `Bearer ${await tokenFor(app, db, admin!.id)}` };
    const personHeaders = { authorization: `Bearer ${await tokenFor(app, db, person!.id)}` };
    const listingOf = async (mode: 'slot' | 'range', offset = 0) =>
      rowsOf<{ id: string; n: number }>(
        await db.execute(sql`select l.id, (select count(*)::int from booking_bookings b where b.listing_id = l.id) as n
          from booking_listings l where l.mode = ${mode} and l.name like 'Listing %'
          order by l.name, l.id limit 1 offset ${offset}`),
      )[0]!;
    const today = localDay(new Date(), ZONE);
    const month = `from=${addDays(today, 1)}&to=${addDays(today, 31)}`;
    for (const mode of ['slot', 'range'] as const) {
      const listing = await listingOf(mode);
      const { times, first } = await timeRequests(
        app,
        {
          method: 'GET',
          url: `/api/booking/listings/${listing.id}/availability?${month}`,
          headers: personHeaders,
        },
        RUNS,
      );
      const items = first.json<{ items: unknown[] }>().items.length;
      rows.push(
        latencyRow(`${database.kind}: availability, a month of ${mode}s`, times, 20, {
          rows: `${items} ${mode}s, ${listing.n} bookings`,
        }),
      );
    }

    const overviewUrl = '/api/booking/overview';
    if (app.hasRoute({ method: 'GET', url: overviewUrl })) {
      const ago = (days: number) => addDays(today, -days);
      const cases = [
        { who: 'admin', headers: adminHeaders, days: 29, period: 'week' },
        { who: 'admin', headers: adminHeaders, days: 364, period: 'month' },
        { who: 'person', headers: personHeaders, days: 364, period: 'month' },
      ];
      for (const c of cases) {
        const url = `${overviewUrl}?from=${ago(c.days)}&to=${today}&tz=${encodeURIComponent(ZONE)}&period=${c.period}`;
        const { times } = await timeRequests(app, { method: 'GET', url, headers: c.headers }, RUNS);
        rows.push(
          latencyRow(`${database.kind}: overview, ${c.days + 1} days (${c.who})`, times, 50, {
            rows: c.who === 'admin' ? BOOKINGS : person!.n,
          }),
        );
      }
    } else {
      console.log(`GET ${overviewUrl} does not exist in this build: the overview figures are not measured.`);
      rows.push({
        case: `${database.kind}: overview`,
        rows: 'no such route',
        target: '',
        '': 'not measured',
      });
    }

    // Bookings at a steady rate by 200 people on HOT slot listings: half on each one's popular slot.
    const hot = await Promise.all(Array.from({ length: HOT }, (_, i) => listingOf('slot', 1 + i)));
    const bookers = rowsOf<{ id: string }>(
      await db.execute(
        sql`select id from users where email like 'guest%@booking.bench' order by md5(id::text) limit 200`,
      ),
    );
    const tokens = await Promise.all(bookers.map((b) => tokenFor(app, db, b.id)));
    const popular = localToInstant(addDays(today, 3), 10 * 60, ZONE).toISOString();
    const slotAt = (i: number) =>
      localToInstant(addDays(today, 2 + (i % 40)), (8 + (Math.floor(i / 40) % 12)) * 60, ZONE).toISOString();
    const total = BOOK_RATE * BOOK_SECONDS;
    const latencies: number[] = [];
    let created = 0;
    let full = 0;
    let failed = 0;
    const runTag = `${database.kind}-${Date.now()}`;
    const started = performance.now();
    const inFlight: Array<Promise<void>> = [];
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / BOOK_RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const t0 = performance.now();
      inFlight.push(
        app
          .inject({
            method: 'POST',
            url: '/api/booking/bookings',
            headers: { authorization: `Bearer ${tokens[i % tokens.length]!}` },
            payload: {
              listingId: hot[i % HOT]!.id,
              startsAt: i % 2 === 0 ? popular : slotAt(i),
              guests: 1 + (i % 3),
              paymentMethod: 'cash',
              idempotencyKey: `bench-book-${runTag}-${i}`,
            },
          })
          .then((res) => {
            latencies.push(performance.now() - t0);
            if (res.statusCode === 201) created++;
            else if (res.statusCode === 409 && res.json<{ code?: string }>().code === 'FULL') full++;
            else {
              failed++;
              if (failed <= 3) console.error(`booking: ${res.statusCode} ${res.body}`);
            }
          }),
      );
    }
    await Promise.all(inFlight);
    const seconds = (performance.now() - started) / 1000;
    const sorted = latencies.sort((a, b) => a - b);
    const p99 = ms(percentile(sorted, 99));
    const rate = Math.round(total / seconds);
    const over = await overbooked(
      db,
      hot.map((l) => l.id),
    );
    const met = failed === 0 && over === 0 && p99 <= 50 && rate >= BOOK_RATE * 0.95;
    const row = {
      case: `${database.kind}: bookings at ${BOOK_RATE}/s on ${HOT} listings`,
      rows: `${created} booked, ${full} full`,
      'p50 ms': ms(percentile(sorted, 50)),
      'p95 ms': ms(percentile(sorted, 95)),
      'p99 ms': p99,
      target: `${BOOK_RATE}/s, p99 ≤ 50 (got ${rate}/s, ${failed} failed, ${over} over capacity)`,
      '': met ? 'met' : 'NOT met',
    };
    console.log(JSON.stringify(row));
    rows.push(row);
  } finally {
    await app.close();
  }
  return rows;
}

const { rows, failed } = await onBenchDatabases({ name: 'booking', env: 'BOOKING' }, measure);
reportTable(
  `Booking (ms): ${PEOPLE.toLocaleString('en')} people, ${LISTINGS.toLocaleString('en')} listings, ` +
    `${BOOKINGS.toLocaleString('en')} bookings, ${RUNS} runs each:`,
  rows,
  failed,
);
