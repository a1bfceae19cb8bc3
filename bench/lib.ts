/**
 * What the API benchmarks share (users.ts, realtime.ts, chat.ts, mail.ts, calendar.ts, kanban.ts,
 * products.ts): their database, signing in, timing requests through app.inject, percentiles and table rows,
 * and signed-in WebSockets. The socket workers import this file
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
 * them once every one is ready. `onMessage(i, message)` hears every message after `ready`, parsed.
 */
export async function connectSockets(
  url: string,
  tokens: readonly string[],
  count: number,
  onMessage: (index: number, message: SocketMessage) => void,
): Promise<WebSocket[]> {
  const open: WebSocket[] = [];
  let ready = 0;
  await new Promise<void>((resolve, reject) => {
    for (let i = 0; i < count; i++) {
      const ws = new WebSocket(url);
      open.push(ws);
      ws.on('error', reject);
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
