/**
 * `npm run bench`: API throughput and latency with autocannon (10 connections, in a worker thread) against
 * the app served in this process on a fresh embedded database (or DATABASE_URL), next to a bare-Fastify
 * baseline on the same database: one route doing one prepared SELECT of a user by primary key. Prints each
 * benchmark as a ratio of the baseline (issue #8 §3: authenticated single-record reads ≥ 50 %), then the
 * size of the built web app's first load.
 *   npm run bench                                 all benchmarks, 3 rounds of 3 s each, on PGlite
 *   BENCH_SECONDS=5 BENCH_ROUNDS=5 npm run bench
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/atrium_bench npm run bench
 *   BENCH_LOG=silent npm run bench                without the per-request log (default: info, as in production)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';

import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';

import { buildApp, logRedactPaths } from '../src/server/app.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { users } from '../src/server/db/schema/index.ts';
import { isEmpty, seedDemo } from '../src/server/db/seed/seed.ts';
import { createUser } from '../src/server/modules/account/account.repo.ts';
import { hashPassword } from '../src/server/lib/passwords.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const logLevel = process.env.BENCH_LOG ?? 'info';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-'));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
await database.migrate();
if (await isEmpty(database.db)) {
  // Timed here, not in a test (issue 24 E): the demo seed on a fresh database.
  const started = performance.now();
  await seedDemo(database.db, { uploadsDir: path.join(dataDir, 'uploads') });
  console.log(`Demo seed on ${database.kind}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

// The bench's own admin with a random password (no published credential signs in anywhere).
const password = randomBytes(18).toString('base64url');
const admin = await createUser(database.db, {
  email: `bench.${randomBytes(4).toString('hex')}@bench.example`,
  passwordHash: await hashPassword(password),
  firstName: 'Bench',
  lastName: 'Admin',
  role: 'admin',
  emailVerified: true,
});
if (!admin) throw new Error('Could not create the bench admin');

// The app as `npm start` runs it: request log at info (written to /dev/null here), no rate limit in the way.
const app = await buildApp({
  database,
  logger:
    logLevel === 'silent'
      ? false
      : { level: logLevel, redact: { paths: logRedactPaths, censor: '[redacted]' }, file: '/dev/null' },
  config: { rateLimitMax: 10_000_000, uploadsDir: path.join(dataDir, 'uploads') },
});
const base = await listen(app);

// The baseline: bare Fastify, one indexed SELECT (a user by primary key) through the same database and
// driver, as a prepared statement (the cheapest way Drizzle has), the whole row as JSON.
const selectUser = database.db
  .select()
  .from(users)
  .where(eq(users.id, sql.placeholder('id')))
  .limit(1)
  .prepare('bench_baseline_user');
const bare = Fastify({ logger: false });
bare.get<{ Params: { id: string } }>('/user/:id', async (request, reply) => {
  const [row] = await selectUser.execute({ id: request.params.id });
  return row ?? reply.code(404).send({ message: 'Not found' });
});
const bareBase = await listen(bare);

async function listen(server: typeof bare | typeof app): Promise<string> {
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

const login = await fetch(`${base}/api/account/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: admin.email, password }),
});
if (!login.ok) throw new Error(`Bench sign-in failed: ${login.status} ${await login.text()}`);
const { accessToken } = (await login.json()) as { accessToken: string };
const auth = { authorization: `Bearer ${accessToken}` };

interface Row {
  benchmark: string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  'KiB/req': number;
  /** Main-thread (server) busy time per request: steadier than req/s on a shared machine. */
  'µs CPU/req': number;
  errors: number;
}

async function measure(bench: Bench): Promise<Row> {
  const { url, headers = {} } = bench;
  const elu = performance.eventLoopUtilization();
  const result = await autocannon({ url, headers, connections: 10, duration: seconds, workers: 1 });
  const busy = performance.eventLoopUtilization(elu).active;
  return {
    benchmark: bench.title,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'KiB/req': Number((result.throughput.total / Math.max(1, result.requests.total) / 1024).toFixed(2)),
    'µs CPU/req': Math.round((1000 * busy) / Math.max(1, result.requests.total)),
    errors: result.errors + result.non2xx,
  };
}

interface Bench {
  title: string;
  url: string;
  headers?: Record<string, string>;
}
const benches: Bench[] = [
  { title: 'baseline: bare Fastify, SELECT user by id', url: `${bareBase}/user/${admin.id}` },
  { title: 'GET /api/health', url: `${base}/api/health` },
  { title: 'GET /api/account/my-account', url: `${base}/api/account/my-account`, headers: auth },
  { title: 'GET /api/users (first page)', url: `${base}/api/users`, headers: auth },
  {
    title: 'GET /api/users, accept-encoding: gzip',
    url: `${base}/api/users`,
    headers: { ...auth, 'accept-encoding': 'gzip' },
  },
];

console.log(
  `API throughput on ${database.kind}: ${rounds} rounds of ${seconds} s per benchmark, 10 connections, ` +
    `log level ${logLevel}`,
);
// Warm-up (JIT, connection pool, prepared statements), then rounds that take every benchmark in turn, so
// a change in the load of a shared machine hits the baseline and the app alike; the ratios are paired per
// round and the median is kept.
for (const bench of benches) {
  await autocannon({
    url: bench.url,
    headers: bench.headers ?? {},
    connections: 10,
    duration: 1,
    workers: 1,
  });
}
const samples: Row[][] = benches.map(() => []);
for (let round = 1; round <= rounds; round++) {
  for (const [i, bench] of benches.entries()) {
    const row = await measure(bench);
    samples[i]!.push(row);
    console.log(JSON.stringify({ round, ...row }));
  }
}
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const baselineRuns = samples[0]!;
const table = samples.map((runs) => {
  const pick = (key: keyof Row) => median(runs.map((r) => Number(r[key])));
  const ratio = median(runs.map((r, round) => r['req/s'] / baselineRuns[round]!['req/s']));
  return {
    benchmark: runs[0]!.benchmark,
    'req/s': Math.round(pick('req/s')),
    'p50 ms': pick('p50 ms'),
    'p99 ms': pick('p99 ms'),
    'KiB/req': pick('KiB/req'),
    'µs CPU/req': Math.round(pick('µs CPU/req')),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    'vs baseline': `${Math.round(100 * ratio)} %`,
    ratio,
  };
});
console.log(`Medians of ${rounds} rounds; "vs baseline" = median of the per-round ratios:`);
console.table(table.map(({ ratio: _ratio, ...row }) => row));
const myAccountRatio = table[2]!.ratio;
console.log(
  `Authenticated single-record read (my-account) = ${Math.round(100 * myAccountRatio)} % of the baseline ` +
    `on ${database.kind} (target ≥ 50 %): ${myAccountRatio >= 0.5 ? 'met' : 'NOT met'}`,
);

const dist = path.resolve('dist');
if (fs.existsSync(path.join(dist, 'index.html'))) {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] ?? '');
  let raw = 0;
  let gz = 0;
  for (const file of entries) {
    const bytes = fs.readFileSync(path.join(dist, file));
    raw += bytes.length;
    gz += gzipSync(bytes).length;
  }
  console.log(
    `First load (entry JS + CSS referenced by index.html): ${(raw / 1024).toFixed(1)} KiB, ${(gz / 1024).toFixed(1)} KiB gzipped`,
  );
} else {
  console.log('dist/ not built: run `npm run build` for the bundle-size figure.');
}

await bare.close();
await app.close();
// A reused PostgreSQL database keeps no bench admin behind (its sessions go with it).
await database.db
  .delete(users)
  .where(eq(users.id, admin.id))
  .catch(() => {});
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
