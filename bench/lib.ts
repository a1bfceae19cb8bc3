/**
 * What the API benchmarks share (users.ts, realtime.ts, chat.ts, mail.ts, calendar.ts, kanban.ts,
 * products.ts, overview.ts, banking.ts…): their database, signing in, timing requests through app.inject,
 * percentiles and table rows, signed-in WebSockets, and the large benches' filled database on each engine
 * (PGlite and a PostgreSQL server) with their table at the end. The socket workers import this file
 * too, so the server's modules are loaded only by the functions that need them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import WebSocket from 'ws';

import type { Database } from '../src/server/db/client.ts';

/** The nearest-rank percentile `p` (0–100) of ascending `sorted`. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** Milliseconds as the tables show them (one decimal). */
export const ms = (value: number) => Number(value.toFixed(1));

/**
 * One case's line in a latency table (percentiles of ascending `times`, ms), with what it measured
 * (`extra`: rows, events, size…) and whether a p95 target is met; printed as JSON as it comes.
 */
export function latencyRow(
  name: string,
  times: number[],
  target: number | null,
  extra: Record<string, string | number> = {},
): Record<string, string | number> {
  const p95 = ms(percentile(times, 95));
  const row = {
    case: name,
    ...extra,
    'p50 ms': ms(percentile(times, 50)),
    'p95 ms': p95,
    'p99 ms': ms(percentile(times, 99)),
    target: target === null ? '' : `p95 ≤ ${target}`,
    '': target === null ? '' : p95 <= target ? 'met' : 'NOT met',
  };
  console.log(JSON.stringify(row));
  return row;
}

/** Ends the run unless the database has no users yet (the benchmarks fill their own). */
export function requireEmptyDatabase(userCount: number, script: string): void {
  if (userCount === 0) return;
  console.error(`bench/${script} needs an empty database (unset DATABASE_URL for an embedded one).`);
  process.exit(1);
}

/**
 * The database of a benchmark, migrated: DATABASE_URL when set, otherwise an embedded one in `keepDir` (kept
 * for the next run) or in a fresh temporary folder. `dispose()` closes it and removes the temporary folder.
 */
export async function openBenchDatabase(
  name: string,
  keepDir?: string,
): Promise<{ database: Database; dispose: () => Promise<void> }> {
  const { openDatabase } = await import('../src/server/db/client.ts');
  const dataDir = keepDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `atrium-bench-${name}-`));
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
  await database.migrate();
  return {
    database,
    dispose: async () => {
      await database.close();
      if (!keepDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the API and returns the access token. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
  remoteAddress?: string,
): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/account/login',
    payload: { email, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  if (login.statusCode !== 200) throw new Error(`Bench sign-in failed: ${login.statusCode} ${login.body}`);
  return login.json<{ accessToken: string }>().accessToken;
}

/**
 * One request at a time through the whole API (app.inject): 5 warm-up requests, then `runs` timed ones, each
 * of which must answer 200. Returns the times in ms, ascending, and the first timed response.
 */
export async function timeRequests(
  app: FastifyInstance,
  request: InjectOptions & { url: string },
  runs: number,
): Promise<{ times: number[]; first: LightMyRequestResponse }> {
  for (let i = 0; i < 5; i++) await app.inject(request); // warm-up
  const times: number[] = [];
  let first: LightMyRequestResponse | undefined;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const res = await app.inject(request);
    times.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`${request.url}: ${res.statusCode} ${res.body}`);
    first ??= res;
  }
  if (!first) throw new Error('timeRequests needs at least one run');
  return { times: times.sort((a, b) => a - b), first };
}

export type SocketMessage = { type: string } & Record<string, unknown>;

/**
 * Opens `count` WebSockets to `url` and signs socket i in with `tokens[i % tokens.length]`; resolves with
 * them once every one is ready, and fails when one closes before. `onMessage(i, message)` hears every
 * message after `ready`, parsed. `headers(i)`: the upgrade request's extra headers (load.ts gives each
 * person their own address behind its proxy).
 */
export async function connectSockets(
  url: string,
  tokens: readonly string[],
  count: number,
  onMessage: (index: number, message: SocketMessage) => void,
  headers?: (index: number) => Record<string, string>,
): Promise<WebSocket[]> {
  const open: WebSocket[] = [];
  let ready = 0;
  await new Promise<void>((resolve, reject) => {
    for (let i = 0; i < count; i++) {
      const ws = new WebSocket(url, headers ? { headers: headers(i) } : {});
      open.push(ws);
      ws.on('error', reject);
      ws.on('close', (code, reason) => {
        if (ready < count)
          reject(new Error(`Socket ${i} closed before all were ready: ${code} ${String(reason)}`));
      });
      ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token: tokens[i % tokens.length] })));
      ws.on('message', (data) => {
        const message = JSON.parse(String(data)) as SocketMessage;
        if (message.type === 'ready') {
          if (++ready === count) resolve();
        } else onMessage(i, message);
      });
    }
  });
  return open;
}

// ── benchmarks over a filled database on both engines (overview.ts, banking.ts) ───────────────────────────

/** A table line of a benchmark; `target` and '' (met / NOT met) when it has a goal. */
export type BenchRow = Record<string, string | number>;

/**
 * A stable pseudo-random number 0 … 2^31 − 1 per row `n` and field `k`, as SQL text (wrap it in `sql.raw`):
 * every run fills the same.
 */
export const hashSql = (k: number, n = 'n') => `(hashint8((${n})::bigint * 7919 + ${k}) & 2147483647)`;

/** The machine's load average over 1, 5 and 15 minutes, for the tables (a loaded machine measures slower). */
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** A fill's stopwatch: each call logs how long since the previous one (or since it was made) under `label`. */
export function stepTimer(): (label: string) => void {
  let t0 = performance.now();
  return (label) => {
    console.log(`  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    t0 = performance.now();
  };
}

/** How many rows `table` holds (those matching the SQL condition `where`, when given). */
export async function countRows(database: Database, table: string, where = 'true'): Promise<number> {
  const { sql } = await import('drizzle-orm');
  const query = sql.raw(`select count(*)::int as n from ${table} where ${where}`);
  const result = (await database.db.execute(query)) as unknown as { rows: Array<{ n: unknown }> };
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Fills `database` with `fill` unless `filled()` says it holds the benchmark's data already (a kept one);
 * refuses a database that holds anything else (any user). Logs how long the fill took.
 */
export async function fillOnce(
  database: Database,
  filled: () => Promise<boolean>,
  fill: () => Promise<void>,
): Promise<void> {
  if (await filled()) {
    console.log(`Reusing the data in ${database.kind}.`);
    return;
  }
  if (await countRows(database, 'users'))
    throw new Error(`The ${database.kind} bench database holds other data.`);
  console.log(`Filling ${database.kind}:`);
  const started = performance.now();
  await fill();
  console.log(`  in all: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

export interface BenchDatabases {
  /** The bench's name: the embedded database's temporary folder and the PostgreSQL database `atrium_bench_<name>`. */
  name: string;
  /**
   * The prefix of its environment variables: `<env>_DATABASES` ('pglite,postgres', the default, one of
   * them, or 'none') and `<env>_KEEP_PG=1` (keep and reuse the PostgreSQL database; dropped after the run otherwise).
   * All benches share BENCH_PG_URL (the server to make the database on) and BENCH_DATA_DIR (keep and reuse
   * the embedded database in that folder; a temporary one otherwise).
   */
  env: string;
  /** Migrates a database (default: `database.migrate()`). */
  migrate?: (database: Database) => Promise<void>;
}

/**
 * Runs `measure` on a fresh (or kept) migrated database of each kind and collects the rows; `failed` is true
 * when PostgreSQL did not answer (that database is then not measured).
 */
export async function onBenchDatabases(
  options: BenchDatabases,
  measure: (database: Database) => Promise<BenchRow[]>,
): Promise<{ rows: BenchRow[]; failed: boolean }> {
  // 'none' (or nothing): no database (a bench that also measures something else, as files.ts's stream).
  const kinds = (process.env[`${options.env}_DATABASES`] ?? 'pglite,postgres')
    .split(',')
    .map((d) => d.trim())
    .filter((d) => d && d !== 'none');
  const keepDir = process.env.BENCH_DATA_DIR;
  const keepPg = process.env[`${options.env}_KEEP_PG`] === '1';
  const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const { openDatabase } = await import('../src/server/db/client.ts');
  const pg = (await import('pg')).default;
  const migrate = options.migrate ?? ((database: Database) => database.migrate());
  const rows: BenchRow[] = [];
  let failed = false;
  for (const kind of kinds) {
    if (kind === 'pglite') {
      const dataDir = keepDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `atrium-bench-${options.name}-`));
      const database = await openDatabase({ dataDir });
      try {
        await migrate(database);
        rows.push(...(await measure(database)));
      } finally {
        await database.close();
        if (!keepDir) fs.rmSync(dataDir, { recursive: true, force: true });
      }
    } else if (kind === 'postgres') {
      const admin = new pg.Client({ connectionString: pgUrl });
      try {
        await admin.connect();
      } catch (error) {
        console.error(`PostgreSQL at ${pgUrl} did not answer (${String(error)}): not measured.`);
        failed = true;
        continue;
      }
      const name = `atrium_bench_${options.name}`;
      const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
      if (!exists) await admin.query(`create database ${name}`);
      const url = new URL(pgUrl);
      url.pathname = `/${name}`;
      let database: Database | undefined;
      try {
        database = await openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
        await migrate(database);
        rows.push(...(await measure(database)));
      } finally {
        await database?.close();
        if (!keepPg) await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    } else throw new Error(`${options.env}_DATABASES: unknown database ${kind} (pglite or postgres)`);
  }
  return { rows, failed };
}

/** Prints the table under `title`; exits 1 when a row missed its target or a database was not measured. */
export function reportTable(title: string, rows: BenchRow[], failed: boolean): void {
  console.log(`\n${title} (load average ${loadAverage()})`);
  console.table(rows);
  const missed = rows.filter((row) => row.target && row[''] !== 'met');
  if (missed.length) console.log(`${missed.length} case(s) missed their target.`);
  if (missed.length || failed) process.exit(1);
}
