/**
 * `npm run bench`: API throughput and latency with autocannon against an in-process server on a fresh
 * embedded database (or DATABASE_URL), and the size of the built web app's first load.
 *   npm run bench            all benchmarks, 5 s each
 *   BENCH_SECONDS=10 npm run bench
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import autocannon from 'autocannon';

import { buildApp } from '../src/server/app.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { DEMO_ADMIN, seedDemo } from '../src/server/db/seed/seed.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-'));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
await database.migrate();
await seedDemo(database.db, { uploadsDir: path.join(dataDir, 'uploads') }).catch(() => {}); // already seeded on a reused PostgreSQL database
const app = await buildApp({
  database,
  logger: false,
  config: { rateLimitMax: 10_000_000, uploadsDir: path.join(dataDir, 'uploads') },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const login = await fetch(`${base}/api/account/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
});
const { accessToken } = (await login.json()) as { accessToken: string };

async function run(title: string, options: autocannon.Options) {
  const result = await autocannon({ connections: 10, duration: seconds, ...options });
  const row = {
    benchmark: title,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p97.5 ms': result.latency.p97_5,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
  };
  console.log(JSON.stringify(row));
  return row;
}

const rows = [
  await run('GET /api/health', { url: `${base}/api/health` }),
  await run('GET /api/account/my-account (token + session check)', {
    url: `${base}/api/account/my-account`,
    headers: { authorization: `Bearer ${accessToken}` },
  }),
];
console.table(rows);

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

await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
