/**
 * The load suite (issue 32 A), `npm run bench:load`: two app instances on one PostgreSQL behind a local
 * round-robin proxy (bench/cluster.ts), LOAD_PEOPLE (300) people signed in, each with a socket open through
 * the proxy, and a mixed workload weighted like a working day:
 *
 *   62 % reads (chat conversations, inbox, kanban board, shop, own orders, bank transactions, files,
 *        notifications, the app overview), 12 % chat messages, 8 % kanban card moves, 5 % mail sends,
 *        3 % orders, 5 % bank transfers, 5 % file uploads (upload, then place in the file manager).
 *
 * Requests leave on an open-loop schedule (request n at n / rate s, whatever earlier ones are doing), from a
 * worker thread, so a slow answer never slows the load down; a request's time runs from when it left to
 * its last byte, and one unanswered after LOAD_TIMEOUT_MS (10 s) is given up and counted as failed, as a
 * client would. The suite first steps the rate up (LOAD_STEPS, LOAD_STEP_SECONDS each) and prints the
 * highest rate that still meets the p99, then holds LOAD_RATE (1,000/s) for LOAD_SECONDS (60 s).
 * Goals of the hold: p99 ≤ 100 ms, no 5xx (nor a proxy 502), and every chat message stored during it
 * delivered exactly once to every socket of each person in its conversation. Exits 1 when one is missed.
 *
 *   node_modules/.bin/node bench/load.ts
 *   LOAD_RATE=500 LOAD_SECONDS=30 LOAD_STEPS=100,200,300 node_modules/.bin/node bench/load.ts
 *
 * On this 2-core machine the two instances, PostgreSQL, the proxy and the load generator share the cores,
 * so the figures are a floor for a real deployment, not a ceiling. BENCH_PG_URL names the server
 * (postgres://postgres@127.0.0.1:5432/postgres by default); the database atrium_bench_load is made anew.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

import pg from 'pg';

import { startCluster } from './cluster.ts';
import { connectSockets, loadAverage, ms, percentile } from './lib.ts';

const RATE = Number(process.env.LOAD_RATE ?? 1000);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const PEOPLE = Number(process.env.LOAD_PEOPLE ?? 300);
const STEPS = (process.env.LOAD_STEPS ?? '100,150,200,250,300,400,600,800')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const STEP_SECONDS = Number(process.env.LOAD_STEP_SECONDS ?? 10);
const P99_TARGET_MS = 100;
/** A request not answered within this is given up (counted with the 5xx), as a browser's client would. */
const TIMEOUT_MS = Number(process.env.LOAD_TIMEOUT_MS ?? 10_000);
/** People per chat group; each person is in one. */
const GROUP = 5;

/** One simulated person: their token, client address (for the per-IP limit) and what the workload needs. */
type Person = {
  id: string;
  email: string;
  token: string;
  client: string;
  accountId: string;
  conversationId: string;
  /** Their personal kanban board's columns and the cards made on it for the run. */
  columnIds: string[];
  cardIds: string[];
};
type Plan = { base: string; people: Person[]; productIds: string[] };
type Kind = 'read' | 'chat' | 'kanban' | 'mail' | 'order' | 'transfer' | 'upload';
/** What one request gave: its kind, status (0 = no answer), ms, and the stored chat message's id. */
type Result = [kind: Kind, status: number, took: number, messageId?: string];
type PhaseReport = { results: Result[]; seconds: number; maxLagMs: number };
type Receipt = [socket: number, messageId: string];

const WEIGHTS: Array<[Kind, number]> = [
  ['read', 62],
  ['chat', 12],
  ['kanban', 8],
  ['mail', 5],
  ['order', 3],
  ['transfer', 5],
  ['upload', 5],
];

const shipTo = {
  name: 'Load Tester',
  phoneNumber: '+1 555 0100',
  street: '1 Load Street',
  city: 'Springfield',
  zipCode: '12345',
  country: 'United States',
};

// ── the generator (worker thread) ────────────────────────────────────────────────────────────────────────

if (!isMainThread && (workerData as { role: string }).role === 'generator') {
  const plan = (workerData as { plan: Plan }).plan;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const target = new URL(plan.base);
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
  const reads = [
    '/api/chat/conversations?limit=30',
    '/api/mail/mails?systemLabel=inbox',
    '/api/kanban/board',
    '/api/products?pageSize=24',
    '/api/orders',
    '/api/banking/transactions?page=1&pageSize=10',
    '/api/files/items?view=mine',
    '/api/notifications',
    `/api/overview/app?from=${yearAgo}&to=${today}&tz=UTC`,
  ];

  const send = (
    person: Person,
    method: string,
    path: string,
    body?: unknown,
    contentType = 'application/json',
  ): Promise<{ status: number; text: string }> =>
    new Promise((resolve) => {
      const payload =
        body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
      const req = http.request(
        {
          host: target.hostname,
          port: target.port,
          method,
          path,
          agent,
          headers: {
            authorization: `Bearer ${person.token}`,
            'x-bench-client': person.client,
            ...(payload ? { 'content-type': contentType, 'content-length': payload.length } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
          );
          res.on('error', () => resolve({ status: 0, text: '' }));
        },
      );
      // A deadline from when the request was made, waiting for a connection included.
      const deadline = setTimeout(() => req.destroy(), TIMEOUT_MS);
      req.on('close', () => clearTimeout(deadline));
      req.on('error', () => resolve({ status: 0, text: '' }));
      req.end(payload);
    });

  let counter = 0;
  const shown = new Set<string>();
  const op = async (kind: Kind, person: Person, n: number): Promise<Result[]> => {
    const one = async (method: string, path: string, body?: unknown, type?: string) => {
      const started = performance.now();
      const res = await send(person, method, path, body, type);
      if (process.env.LOAD_DEBUG && res.status >= 400 && !shown.has(`${path} ${res.status}`)) {
        shown.add(`${path} ${res.status}`);
        console.error(`${method} ${path} → ${res.status} ${res.text.slice(0, 300)}`);
      }
      return { ...res, took: performance.now() - started };
    };
    switch (kind) {
      case 'read': {
        const res = await one('GET', reads[n % reads.length]!);
        return [[kind, res.status, res.took]];
      }
      case 'chat': {
        const res = await one('POST', '/api/chat/messages', {
          conversationId: person.conversationId,
          body: `Load message ${n}: the numbers for the weekly review are in the shared folder.`,
          clientId: randomUUID(),
        });
        const id =
          res.status === 201 || res.status === 200
            ? (JSON.parse(res.text) as { message: { id: string } }).message.id
            : undefined;
        return [[kind, res.status, res.took, id]];
      }
      case 'kanban': {
        const res = await one('POST', '/api/kanban/cards/move', {
          cardId: person.cardIds[n % person.cardIds.length],
          columnId: person.columnIds[(n >> 2) % person.columnIds.length],
          beforeId: null,
          afterId: null,
        });
        return [[kind, res.status, res.took]];
      }
      case 'mail': {
        const to =
          plan.people[
            (plan.people.indexOf(person) + 1 + (n % (plan.people.length - 1))) % plan.people.length
          ]!;
        const res = await one('POST', '/api/mail/send', {
          to: [to.email],
          subject: `Load test ${n}`,
          message: '<p>The draft of the quarterly plan is attached to the board.</p>',
        });
        return [[kind, res.status, res.took]];
      }
      case 'order': {
        const res = await one('POST', '/api/orders', {
          items: [{ productId: plan.productIds[n % plan.productIds.length], quantity: 1 }],
          address: shipTo,
          delivery: 'standard',
          paymentMethod: 'cash',
          idempotencyKey: randomUUID(),
        });
        return [[kind, res.status, res.took]];
      }
      case 'transfer': {
        const to =
          plan.people[
            (plan.people.indexOf(person) + 1 + (n % (plan.people.length - 1))) % plan.people.length
          ]!;
        const res = await one('POST', '/api/banking/transfers', {
          fromAccountId: person.accountId,
          toUserId: to.id,
          amount: 100 + (n % 900),
          idempotencyKey: randomUUID(),
        });
        return [[kind, res.status, res.took]];
      }
      case 'upload': {
        const boundary = `----atrium-load-${n}`;
        const content = `Load test file ${n}\n${'quarterly figures, '.repeat(200)}`;
        const body = Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="load-${n}.txt"\r\n` +
            `Content-Type: text/plain\r\n\r\n${content}\r\n--${boundary}--\r\n`,
        );
        const upload = await one(
          'POST',
          '/api/files?use=drive',
          body,
          `multipart/form-data; boundary=${boundary}`,
        );
        const results: Result[] = [[kind, upload.status, upload.took]];
        if (upload.status !== 200) return results;
        const fileId = (JSON.parse(upload.text) as { file: { id: string } }).file.id;
        const place = await one('POST', '/api/files/items', { fileId, onConflict: 'keepBoth' });
        results.push([kind, place.status, place.took]);
        return results;
      }
    }
  };

  // Request n's kind: the weights spread evenly over every 100 requests.
  const schedule: Kind[] = [];
  for (const [kind, weight] of WEIGHTS) for (let i = 0; i < weight; i++) schedule.push(kind);
  for (let i = schedule.length - 1; i > 0; i--) {
    const j = (i * 7919) % (i + 1);
    [schedule[i], schedule[j]] = [schedule[j]!, schedule[i]!];
  }

  const phase = async (rate: number, seconds: number): Promise<PhaseReport> => {
    const total = Math.round(rate * seconds);
    const pending: Array<Promise<Result[]>> = [];
    let maxLagMs = 0;
    const started = performance.now();
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      maxLagMs = Math.max(maxLagMs, performance.now() - due);
      const n = counter++;
      // Whose request: spread so that no person always makes the same kind (each stays within their
      // own write limits, as 10 orders a minute).
      const who = Math.floor(Math.abs(Math.sin(n + 1) * 1e6)) % plan.people.length;
      pending.push(op(schedule[n % schedule.length]!, plan.people[who]!, n));
    }
    const results = (await Promise.all(pending)).flat();
    return { results, seconds: (performance.now() - started) / 1000, maxLagMs };
  };

  parentPort?.on('message', (request: { rate: number; seconds: number }) => {
    void phase(request.rate, request.seconds).then((report) => parentPort?.postMessage(report));
  });
  parentPort?.postMessage('ready');
}

// ── the sockets (worker thread) ──────────────────────────────────────────────────────────────────────────

if (!isMainThread && (workerData as { role: string }).role === 'sockets') {
  const { url, tokens, clients } = workerData as { url: string; tokens: string[]; clients: string[] };
  const receipts: Receipt[] = [];
  let recording = false;
  const open = await connectSockets(
    url,
    tokens,
    tokens.length,
    (socket, message) => {
      if (recording && message.type === 'chat.message') receipts.push([socket, String(message.messageId)]);
    },
    (i) => ({ 'x-bench-client': clients[i]! }),
  );
  let closed = 0;
  for (const ws of open) ws.on('close', () => closed++);
  parentPort?.on('message', (request: string) => {
    if (request === 'record') recording = true;
    if (request === 'report') {
      recording = false;
      parentPort?.postMessage({ receipts: receipts.splice(0), closed });
    }
    if (request === 'close') for (const ws of open) ws.close();
  });
  parentPort?.postMessage('ready');
}

// ── the run (main thread) ────────────────────────────────────────────────────────────────────────────────

if (isMainThread) {
  const cluster = await startCluster({ name: 'load' });
  const workers: Worker[] = [];
  let failed: boolean;
  try {
    const call = async <T>(
      method: string,
      path: string,
      body: unknown,
      headers: Record<string, string>,
    ): Promise<T> => {
      const res = await fetch(`${cluster.base}${path}`, {
        method,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    console.log(`Registering ${PEOPLE} people…`);
    const password = `load-${Date.now()}-quiet-harbour-lantern`;
    const setUp = async (i: number): Promise<Person> => {
      const client = `10.${Math.floor(i / 250) + 1}.${i % 250}.7`;
      const email = `load.person${i}@load.atrium.test`;
      const headers = { 'x-bench-client': client };
      const { accessToken } = await call<{ accessToken: string }>(
        'POST',
        '/api/account/register',
        { email, password, firstName: 'Load', lastName: `Person ${i}` },
        headers,
      );
      const auth = { ...headers, authorization: `Bearer ${accessToken}` };
      const me = await call<{ user: { id: string } }>('GET', '/api/account/my-account', undefined, auth);
      const { accounts } = await call<{ accounts: Array<{ id: string }> }>(
        'GET',
        '/api/banking/accounts',
        undefined,
        auth,
      );
      const accountId = accounts[0]!.id;
      const salary = {
        type: 'income',
        accountId,
        amount: 10_000_000,
        date: new Date().toISOString().slice(0, 10),
        counterparty: 'Salary',
        idempotencyKey: randomUUID(),
      };
      await call('POST', '/api/banking/transactions', salary, auth);
      // Their personal board, with three cards to move about.
      const { board } = await call<{ board: { columnOrder: string[] } }>(
        'GET',
        '/api/kanban/board',
        undefined,
        auth,
      );
      const cardIds: string[] = [];
      for (const name of ['Draft the agenda', 'Review the budget', 'Call the supplier']) {
        const made = await call<{ card: { id: string } }>(
          'POST',
          '/api/kanban/cards/new',
          { columnId: board.columnOrder[0], name },
          auth,
        );
        cardIds.push(made.card.id);
      }
      return {
        id: me.user.id,
        email,
        token: accessToken,
        client,
        accountId,
        conversationId: '',
        columnIds: board.columnOrder,
        cardIds,
      };
    };
    const people: Person[] = [];
    for (let i = 0; i < PEOPLE; i += 10) {
      const batch = Array.from({ length: Math.min(10, PEOPLE - i) }, (_, k) => setUp(i + k));
      people.push(...(await Promise.all(batch)));
      if (people.length % 50 === 0) console.log(`  ${people.length} ready`);
    }
    for (let g = 0; g < people.length; g += GROUP) {
      const group = people.slice(g, g + GROUP);
      if (group.length < 2) {
        group[0]!.conversationId = people[0]!.conversationId;
        continue;
      }
      const { conversation } = await call<{ conversation: { id: string } }>(
        'POST',
        '/api/chat/conversations',
        {
          recipientIds: group.slice(1).map((p) => p.id),
          message: { body: 'Load group', clientId: randomUUID() },
          name: `Load ${g}`,
        },
        { 'x-bench-client': group[0]!.client, authorization: `Bearer ${group[0]!.token}` },
      );
      for (const person of group) person.conversationId = conversation.id;
    }
    // Stock for the whole run, so orders meet products that can be sold.
    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    const products = await db.query<{ id: string }>(
      `update products set quantity = 1000000 where id in (select id from products order by id limit 20) returning id`,
    );
    await db.end();
    const plan: Plan = {
      base: cluster.base,
      people,
      productIds: products.rows.map((r) => r.id),
    };

    const sockets = new Worker(new URL(import.meta.url), {
      workerData: {
        role: 'sockets',
        url: `${cluster.base.replace('http', 'ws')}/api/realtime`,
        tokens: people.map((p) => p.token),
        clients: people.map((p) => p.client),
      },
    });
    workers.push(sockets);
    const generator = new Worker(new URL(import.meta.url), { workerData: { role: 'generator', plan } });
    workers.push(generator);
    const next = (worker: Worker) => new Promise<unknown>((resolve) => worker.once('message', resolve));
    await Promise.all([next(sockets), next(generator)]);
    console.log(`${people.length} people signed in, ${people.length} sockets open through the proxy.`);

    const run = async (rate: number, seconds: number) => {
      generator.postMessage({ rate, seconds });
      return (await next(generator)) as PhaseReport;
    };
    const summarise = (name: string, rate: number, report: PhaseReport) => {
      const times = report.results.map((r) => r[2]).sort((a, b) => a - b);
      const errors = report.results.filter((r) => r[1] === 0 || r[1] >= 500).length;
      const refused = report.results.filter((r) => r[1] >= 400 && r[1] < 500).length;
      const p99 = ms(percentile(times, 99));
      return {
        phase: name,
        'asked /s': rate,
        'answered /s': Math.round(report.results.filter((r) => r[1] > 0).length / report.seconds),
        requests: report.results.length,
        '5xx or none': errors,
        '4xx': refused,
        'p50 ms': ms(percentile(times, 50)),
        'p95 ms': ms(percentile(times, 95)),
        'p99 ms': p99,
        'generator lag ms': ms(report.maxLagMs),
        met: errors === 0 && p99 <= P99_TARGET_MS,
      };
    };

    await run(Math.min(100, RATE), 3); // warm-up: code, caches, connections
    const rows: Array<Record<string, string | number | boolean>> = [];
    let best = 0;
    for (const rate of STEPS) {
      const row = summarise(`step ${rate}/s`, rate, await run(rate, STEP_SECONDS));
      console.log(JSON.stringify(row));
      rows.push(row);
      if (!row.met) break;
      best = rate;
    }

    sockets.postMessage('record');
    const hold = await run(RATE, SECONDS);
    await new Promise((resolve) => setTimeout(resolve, 3_000)); // the last events on their way
    sockets.postMessage('report');
    const { receipts, closed } = (await next(sockets)) as { receipts: Receipt[]; closed: number };
    const holdRow = summarise(`hold ${RATE}/s for ${SECONDS} s`, RATE, hold);
    rows.push(holdRow);
    if (holdRow.met) best = Math.max(best, RATE);

    // Every chat message stored in the hold, once on every socket of each person in its conversation.
    const socketsOf = new Map<string, number[]>();
    people.forEach((person, i) =>
      socketsOf.set(person.conversationId, [...(socketsOf.get(person.conversationId) ?? []), i]),
    );
    const conversationOf = new Map<string, string>();
    for (const [kind, status, , messageId] of hold.results) {
      if (kind === 'chat' && messageId && status < 300) conversationOf.set(messageId, '');
    }
    const senderConversation = new Map<string, string>();
    {
      const db2 = new pg.Client({ connectionString: cluster.databaseUrl });
      await db2.connect();
      const ids = [...conversationOf.keys()];
      const found = await db2.query<{ id: string; conversation_id: string }>(
        'select id, conversation_id from chat_messages where id = any($1::uuid[])',
        [ids],
      );
      await db2.end();
      for (const row of found.rows) senderConversation.set(row.id, row.conversation_id);
    }
    const seen = new Map<string, number>();
    for (const [socket, messageId] of receipts) {
      const key = `${messageId} ${socket}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    let expected = 0;
    let missing = 0;
    let duplicated = 0;
    for (const [messageId, conversationId] of senderConversation) {
      for (const socket of socketsOf.get(conversationId) ?? []) {
        expected++;
        const count = seen.get(`${messageId} ${socket}`) ?? 0;
        if (count === 0) missing++;
        if (count > 1) duplicated++;
      }
    }
    const notStored = conversationOf.size - senderConversation.size;
    const deliveryMet = missing === 0 && duplicated === 0 && notStored === 0 && closed === 0;

    const byKind = WEIGHTS.map(([kind]) => {
      const of = hold.results.filter((r) => r[0] === kind);
      const times = of.map((r) => r[2]).sort((a, b) => a - b);
      const statuses = new Map<number, number>();
      for (const r of of) statuses.set(r[1], (statuses.get(r[1]) ?? 0) + 1);
      return {
        kind,
        requests: of.length,
        statuses: [...statuses].map(([s, c]) => `${s}×${c}`).join(' '),
        'p50 ms': ms(percentile(times, 50)),
        'p99 ms': ms(percentile(times, 99)),
      };
    });

    console.log(`\nLoad: 2 instances behind a round-robin proxy, PostgreSQL (load average ${loadAverage()})`);
    console.table(rows);
    console.log('Hold, by kind of request:');
    console.table(byKind);
    console.log('Live chat events in the hold:');
    console.table([
      {
        'messages stored': senderConversation.size,
        'acknowledged, not found': notStored,
        'deliveries expected': expected,
        missing,
        duplicated,
        'sockets closed': closed,
        met: deliveryMet,
      },
    ]);
    console.log(
      `Highest rate meeting p99 ≤ ${P99_TARGET_MS} ms with no 5xx: ${best ? `${best}/s` : 'none of those tried'}`,
    );
    console.log(`Proxy 502s: ${cluster.proxyErrors()}`);
    failed = !holdRow.met || !deliveryMet || cluster.proxyErrors() > 0;
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
    await cluster.stop();
  }
  process.exit(failed ? 1 : 0);
}
