/**
 * Real-time fan-out (issue #9 D), part of `npm run bench`: 1,000 WebSockets signed in to one instance (ten
 * users, a hundred tabs each), events published at a steady rate to all ten users, and the time from
 * `app.realtime.publish` to each socket's receipt: p50 / p99 / max, and whether every message arrived.
 * Target: p99 ≤ 100 ms on the 2-core development machine. The sockets live in a worker thread, so the
 * clients do not share the server's event loop.
 *
 *   node bench/realtime.ts                         (embedded database)
 *   DATABASE_URL=postgres://… node bench/realtime.ts   (through PostgreSQL LISTEN/NOTIFY)
 *   REALTIME_SOCKETS=2000 REALTIME_RATE=20 REALTIME_SECONDS=10 node bench/realtime.ts
 */
import { performance } from 'node:perf_hooks';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

import type { RealtimeEvent } from '../src/shared/contract/realtime.ts';
import { connectSockets, openBenchDatabase } from './lib.ts';

type Setup = { url: string; tokens: string[]; sockets: number };
type Report = { latencies: number[]; received: number };

const sockets = Number(process.env.REALTIME_SOCKETS ?? 1000);
const rate = Number(process.env.REALTIME_RATE ?? 10);
const seconds = Number(process.env.REALTIME_SECONDS ?? 10);
const USERS = 10;

if (isMainThread) {
  const { buildApp } = await import('../src/server/app.ts');
  const { database, dispose } = await openBenchDatabase('realtime');
  const app = await buildApp({ database, logger: false, config: { rateLimitMax: 10_000_000 } });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  try {
    const tokens: string[] = [];
    const userIds: string[] = [];
    for (let i = 0; i < USERS; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/account/register',
        remoteAddress: `10.9.0.${i + 1}`,
        payload: {
          email: `realtime.${Date.now()}.${i}@bench.example`,
          password: `bench-${Date.now()}-harbour-lantern`,
          firstName: 'Bench',
          lastName: `User ${i}`,
        },
      });
      if (res.statusCode !== 200) throw new Error(`register: ${res.statusCode} ${res.body}`);
      const body = res.json<{ accessToken: string; user: { id: string } }>();
      tokens.push(body.accessToken);
      userIds.push(body.user.id);
    }

    const worker = new Worker(new URL(import.meta.url), {
      workerData: { url: `${base.replace('http', 'ws')}/api/realtime`, tokens, sockets } satisfies Setup,
    });
    const messages = (async function* () {
      for (;;) yield await new Promise<unknown>((resolve) => worker.once('message', resolve));
    })();
    const first = await messages.next();
    if ((first.value as { ready?: number }).ready !== sockets) throw new Error('sockets did not all sign in');
    console.log(
      `${sockets} sockets signed in (${app.realtime.connectionCount()} on the server); publishing ${rate} events/s to ${USERS} users for ${seconds} s…`,
    );

    // Steady rate: one event every 1000/rate ms, each to all users (every socket gets every event).
    const total = rate * seconds;
    const started = performance.now();
    for (let n = 0; n < total; n++) {
      const due = started + (n * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      // A bench-only payload: the fan-out does not read events, so the send time rides in a known field.
      const event = {
        type: 'notifications.changed',
        unreadCount: performance.timeOrigin + performance.now(),
      };
      await app.realtime.publish(userIds, event as RealtimeEvent);
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    worker.postMessage('report');
    const { latencies, received } = (await messages.next()).value as Report;
    await worker.terminate();

    latencies.sort((a, b) => a - b);
    const at = (q: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
    console.log(`\nReal-time fan-out on ${database.kind}: publish → receive, ms`);
    console.table([
      {
        sockets,
        'events/s': rate,
        'messages/s': rate * sockets,
        expected: total * sockets,
        received,
        p50: Number(at(0.5).toFixed(1)),
        p99: Number(at(0.99).toFixed(1)),
        max: Number((latencies.at(-1) ?? 0).toFixed(1)),
      },
    ]);
  } finally {
    await app.close();
    await dispose();
  }
} else {
  const { url, tokens, sockets: count } = workerData as Setup;
  const latencies: number[] = [];
  let received = 0;
  const open = await connectSockets(url, tokens, count, (_, message) => {
    if (
      message.type === 'notifications.changed' &&
      typeof message.unreadCount === 'number' &&
      message.unreadCount
    ) {
      received++;
      latencies.push(performance.timeOrigin + performance.now() - message.unreadCount);
    }
  });
  parentPort?.postMessage({ ready: open.length });
  parentPort?.on('message', () => {
    parentPort?.postMessage({ latencies, received } satisfies Report);
    for (const ws of open) ws.close();
  });
}
