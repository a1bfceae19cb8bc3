/**
 * A busy calendar (issue #12), part of `npm run bench`. Fills a fresh embedded database (or DATABASE_URL, an
 * empty database you provide) with CALENDAR_USERS (20) people and CALENDAR_EVENTS (10,000) events each over
 * four years, a fifth of them with two attendees from the others, in SQL; then reads one person's month, week
 * and day through the whole API (app.inject: auth, validation, SQL, serialisation), one request at a time,
 * BENCH_RUNS (200) each. Target: a month range p95 ≤ 30 ms.
 *
 *   node_modules/.bin/node bench/calendar.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/atrium_bench_calendar node_modules/.bin/node bench/calendar.ts
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';

import { latencyRow, openBenchDatabase, requireEmptyDatabase, signIn, timeRequests } from './lib.ts';

const USERS = Number(process.env.CALENDAR_USERS ?? 20);
const EVENTS = Number(process.env.CALENDAR_EVENTS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const MONTH_TARGET_MS = 30;

const { sql } = await import('drizzle-orm');
const { buildApp } = await import('../src/server/app.ts');
const { users } = await import('../src/server/db/schema/index.ts');
const { hashPassword, UNUSABLE_PASSWORD_HASH } = await import('../src/server/lib/passwords.ts');

const { database, dispose } = await openBenchDatabase('calendar');
const db = database.db;
try {
  requireEmptyDatabase(
    Number((await db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n),
    'calendar.ts',
  );
  const started = performance.now();
  const password = randomBytes(18).toString('base64url');
  const hash = await hashPassword(password);
  await db.insert(users).values(
    Array.from({ length: USERS }, (_, i) => ({
      email: `calendar.${i}@bench.example`,
      passwordHash: i === 0 ? hash : UNUSABLE_PASSWORD_HASH,
      firstName: `Person${i}`,
      lastName: 'Bench',
    })),
  );
  // Each person's events: one every ~3.5 hours over four years centred on today, 30 min to 3 h long, every
  // 25th all day; each fifth invites the next two people.
  await db.execute(sql`
    with people as (select id, row_number() over (order by email) - 1 as p from users),
    made as (
      insert into calendar_events (owner_id, title, color, all_day, start, "end")
      select people.id, 'Event ' || n, '#00A76F', n % 25 = 0,
        now() - interval '730 days' + make_interval(mins => (n * 210 + (people.p * 37)::int)),
        now() - interval '730 days' + make_interval(mins => (n * 210 + (people.p * 37)::int + 30 + (n % 6) * 30))
      from people, generate_series(0, ${EVENTS - 1}::int) n
      returning id, owner_id, title
    )
    insert into calendar_attendees (event_id, user_id)
    select made.id, other.id from made
      join people owner on owner.id = made.owner_id
      join people other on other.p in ((owner.p + 1) % ${USERS}::int, (owner.p + 2) % ${USERS}::int)
    where (substring(made.title from 7))::int % 5 = 0`);
  await db.execute(sql`analyze`);
  const [counts] = (
    (await db.execute(sql`select (select count(*) from calendar_events)::int as events,
      (select count(*) from calendar_attendees)::int as attendees`)) as unknown as {
      rows: Array<{ events: number; attendees: number }>;
    }
  ).rows;
  console.log(
    `Filled in ${((performance.now() - started) / 1000).toFixed(1)} s on ${database.kind}: ` +
      `${USERS} people, ${Number(counts?.events).toLocaleString('en')} events ` +
      `(${EVENTS.toLocaleString('en')} each), ${Number(counts?.attendees).toLocaleString('en')} invitations.`,
  );

  const app = await buildApp({ database, logger: false, config: { rateLimitMax: 10_000_000 } });
  try {
    const token = await signIn(app, 'calendar.0@bench.example', password);
    const headers = { authorization: `Bearer ${token}` };
    const now = new Date();
    const at = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    // The month grid FullCalendar asks for: six weeks from the Monday on or before the 1st.
    const gridStart = new Date(monthStart.getTime() - ((monthStart.getUTCDay() + 6) % 7) * 86_400_000);
    const gridEnd = new Date(gridStart.getTime() + 42 * 86_400_000);
    type Case = [name: string, url: string, target: number | null];
    const cases: Case[] = [
      [
        'month (six-week grid)',
        `/api/calendar/events?start=${gridStart.toISOString()}&end=${gridEnd.toISOString()}`,
        MONTH_TARGET_MS,
      ],
      ['week', `/api/calendar/events?start=${at(-3)}&end=${at(4)}`, null],
      ['day', `/api/calendar/events?start=${at(0)}&end=${at(1)}`, null],
      ['month a year ago', `/api/calendar/events?start=${at(-395)}&end=${at(-365)}`, MONTH_TARGET_MS],
    ];
    const results: Array<Record<string, string | number>> = [];
    for (const [name, url, target] of cases) {
      const { times, first } = await timeRequests(app, { method: 'GET', url, headers }, RUNS);
      results.push(
        latencyRow(name, times, target, { events: first.json<{ events: unknown[] }>().events.length }),
      );
    }
    console.log(`\nCalendar on ${database.kind}, ${EVENTS.toLocaleString('en')} events per person (ms):`);
    console.table(results);
  } finally {
    await app.close();
  }
} finally {
  await dispose();
}
