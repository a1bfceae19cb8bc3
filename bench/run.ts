/**
 * `npm run bench`: API throughput and latency with autocannon (10 connections, in a worker thread) against
 * the app served in this process on a fresh embedded database (or DATABASE_URL), next to a bare-Fastify
 * baseline on the same database: one route doing one SELECT of a user by primary key. Prints each
 * benchmark as a ratio of the baseline (issue #8 §3: authenticated single-record reads ≥ 50 %), then the
 * size of the built web app's first load.
 *   npm run bench                                 all benchmarks, 5 s each, on PGlite
 *   BENCH_SECONDS=10 npm run bench
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/atrium_bench npm run bench
 *   BENCH_LOG=silent npm run bench                without the per-request log (default: info, as in production)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';

import { buildApp, logRedactPaths } from '../src/server/app.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { users } from '../src/server/db/schema/index.ts';
import { isEmpty, seedDemo } from '../src/server/db/seed/seed.ts';
import { createUser } from '../src/server/modules/account/account.repo.ts';
import { hashPassword } from '../src/server/lib/passwords.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const logLevel = process.env.BENCH_LOG ?? 'info';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-'));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
await database.migrate();
if (await isEmpty(database.db)) {
  await seedDemo(database.db, { uploadsDir: path.join(dataDir, 'uploads') });
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

// The baseline: bare Fastify, one indexed SELECT (primary key) through the same Drizzle database.
const bare = Fastify({ logger: false });
bare.get<{ Params: { id: string } }>('/user/:id', async (request, reply) => {
  const [row] = await database.db.select().from(users).where(eq(users.id, request.params.id)).limit(1);
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
  errors: number;
}

async function run(title: string, url: string, headers: Record<string, string> = {}): Promise<Row> {
  // Warm-up (JIT, connection pool, caches), then the measured run.
  await autocannon({ url, headers, connections: 10, duration: 1, workers: 1 });
  const result = await autocannon({ url, headers, connections: 10, duration: seconds, workers: 1 });
  const row: Row = {
    benchmark: title,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'KiB/req': Number((result.throughput.total / Math.max(1, result.requests.total) / 1024).toFixed(2)),
    errors: result.errors + result.non2xx,
  };
  console.log(JSON.stringify(row));
  return row;
}

console.log(
  `API throughput on ${database.kind}, ${seconds} s per benchmark, 10 connections, log level ${logLevel}:`,
);
const baseline = await run('baseline: bare Fastify, SELECT user by id', `${bareBase}/user/${admin.id}`);
const rows = [
  baseline,
  await run('GET /api/health', `${base}/api/health`),
  await run('GET /api/account/my-account', `${base}/api/account/my-account`, auth),
  await run('GET /api/users (first page)', `${base}/api/users`, auth),
  await run('GET /api/users, accept-encoding: gzip', `${base}/api/users`, {
    ...auth,
    'accept-encoding': 'gzip',
  }),
];
console.table(
  rows.map((row) => ({ ...row, 'vs baseline': `${Math.round((100 * row['req/s']) / baseline['req/s'])} %` })),
);
const myAccount = rows[2]!;
const ratio = myAccount['req/s'] / baseline['req/s'];
console.log(
  `Authenticated single-record read (my-account) = ${Math.round(100 * ratio)} % of the baseline ` +
    `(target ≥ 50 %): ${ratio >= 0.5 ? 'met' : 'NOT met'}`,
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
