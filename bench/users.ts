/**
 * The admin user list at scale: inserts BENCH_USERS (100,000) users in batches into a fresh embedded
 * database (or DATABASE_URL, into a throw-away schema-less database you provide), then measures
 * `GET /api/users` (sorted, filtered and searched pages) and `GET /api/users/cards` through app.inject,
 * printing p50/p95/p99 per scenario. Target: p95 < 50 ms.
 *   node_modules/.bin/node bench/users.ts
 *   BENCH_USERS=20000 BENCH_RUNS=100 node_modules/.bin/node bench/users.ts
 *   BENCH_DATA_DIR=/tmp/atrium-bench node_modules/.bin/node bench/users.ts   (keeps and reuses the data)
 */
import { randomBytes } from 'node:crypto';

import { sql } from 'drizzle-orm';

import { buildApp } from '../src/server/app.ts';
import { users } from '../src/server/db/schema/index.ts';
import { COMPANIES, FIRST_NAMES, LAST_NAMES, PLACES } from '../src/server/db/seed/factories.ts';
import { createRandom } from '../src/server/db/seed/random.ts';
import { hashPassword, UNUSABLE_PASSWORD_HASH } from '../src/server/lib/passwords.ts';
import { setPassword } from '../src/server/modules/account/account.repo.ts';
import { ms, openBenchDatabase, percentile, requireEmptyDatabase, signIn, timeRequests } from './lib.ts';

const TOTAL = Number(process.env.BENCH_USERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const BATCH = 1_000;
const STATUSES = [
  'active',
  'active',
  'active',
  'active',
  'active',
  'active',
  'pending',
  'banned',
  'rejected',
] as const;

// BENCH_DATA_DIR keeps the embedded database for the next run (filled once, then measured as it is).
const { database, dispose } = await openBenchDatabase('users', process.env.BENCH_DATA_DIR);
const db = database.db;
const adminEmail = 'admin@bench.example';
const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
const [benchAdmin] = await db
  .select({ id: users.id })
  .from(users)
  .where(sql`${users.email} = ${adminEmail}`);
// A database this script filled before is measured again as it is (handy with DATABASE_URL).
const reuse = benchAdmin !== undefined && Number(existing?.n) === TOTAL;
if (!reuse) requireEmptyDatabase(Number(existing?.n), 'users.ts');

// ── data ──────────────────────────────────────────────────────────────────────────────────────────────
const random = createRandom(42);
// Only the bench admin can sign in, with a password made for this run (no published credential anywhere).
const adminPassword = randomBytes(18).toString('base64url');
const adminPasswordHash = await hashPassword(adminPassword);
if (benchAdmin) await setPassword(db, benchAdmin.id, adminPasswordHash);
const started = performance.now();
const toInsert = reuse ? 0 : TOTAL;
for (let offset = 0; offset < toInsert; offset += BATCH) {
  const rows = Array.from({ length: Math.min(BATCH, toInsert - offset) }, (_, j) => {
    const i = offset + j;
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const place = random.pick(PLACES);
    return {
      email: i === 0 ? adminEmail : `${firstName}.${lastName}.${i}@example.com`.toLowerCase(),
      passwordHash: i === 0 ? adminPasswordHash : UNUSABLE_PASSWORD_HASH,
      firstName,
      lastName,
      role: i === 0 || i % 500 === 0 ? ('admin' as const) : ('user' as const),
      status: i === 0 ? ('active' as const) : random.pick(STATUSES),
      company: random.pick(COMPANIES),
      phone: `+1 ${random.int(200, 989)}-${random.int(200, 999)}-${String(random.int(0, 9999)).padStart(4, '0')}`,
      country: place.country,
      city: place.city,
      createdAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000),
    };
  });
  await db.insert(users).values(rows);
}
const insertSeconds = (performance.now() - started) / 1000;
// Fresh statistics and visibility map, as autovacuum would leave them on a live server.
await db.execute(sql`vacuum analyze users`);
console.log(
  reuse
    ? `Measuring the ${TOTAL.toLocaleString('en')} users already in ${database.kind}.`
    : `Inserted ${TOTAL.toLocaleString('en')} users in ${insertSeconds.toFixed(1)} s ` +
        `(${Math.round(TOTAL / insertSeconds).toLocaleString('en')}/s) into ${database.kind}.`,
);

// ── measure ───────────────────────────────────────────────────────────────────────────────────────────
const app = await buildApp({ database, logger: false, config: { rateLimitMax: 10_000_000 } });
await app.ready();
const accessToken = await signIn(app, adminEmail, adminPassword);
const headers = { authorization: `Bearer ${accessToken}` };

const scenarios: Array<[string, string]> = [
  ['default page (newest first)', '/api/users'],
  ['sort=name asc, page 1', '/api/users?sort=name&order=asc&pageSize=25'],
  ['sort=name desc, page 200', '/api/users?sort=name&order=desc&page=200&pageSize=25'],
  ['sort=email asc', '/api/users?sort=email&order=asc&pageSize=25'],
  ['sort=company asc', '/api/users?sort=company&order=asc&pageSize=25'],
  ['status=banned, sort=created', '/api/users?status=banned&sort=createdAt&order=desc'],
  ['role=admin', '/api/users?role=admin'],
  ['search=nguyen (~5%), sort=name', '/api/users?search=nguyen&sort=name&order=asc'],
  ['search=kenji.tanaka.9 (rare)', '/api/users?search=kenji.tanaka.9&sort=name'],
  ['search=no-match', '/api/users?search=zzzzzz'],
  ['search=ng (2 letters, ~8%)', '/api/users?search=ng&sort=name'],
  ['search=an (2 letters, ~60%)', '/api/users?search=an&sort=name'],
  ['search=nguyen, status=active, role=user', '/api/users?search=nguyen&status=active&role=user'],
  ['cards, page 1', '/api/users/cards'],
  ['cards, search=ingrid', '/api/users/cards?search=ingrid'],
];

const results: Array<Record<string, string | number>> = [];
for (const [name, url] of scenarios) {
  const { times, first } = await timeRequests(app, { method: 'GET', url, headers }, RUNS);
  const body = first.json<{ users: unknown[]; total: number }>();
  const row = {
    scenario: name,
    rows: body.users.length,
    total: body.total,
    'p50 ms': ms(percentile(times, 50)),
    'p95 ms': ms(percentile(times, 95)),
    'p99 ms': ms(percentile(times, 99)),
  };
  results.push(row);
  console.log(JSON.stringify(row));
}
console.table(results);
const worst = Math.max(...results.map((r) => Number(r['p95 ms'])));
console.log(`Worst p95: ${worst} ms (target < 50 ms): ${worst < 50 ? 'met' : 'NOT met'}`);

await app.close();
await dispose();
