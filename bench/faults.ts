/**
 * Faults and graceful restart (issue 32 A): `npm run bench:faults`. Two app instances on one PostgreSQL
 * database behind the round-robin proxy of bench/cluster.ts, under a steady write load from many clients,
 * while instances are killed, PostgreSQL restarts and the instances restart one after the other; then the
 * database is checked against what the clients were told.
 *
 * Setup (through the proxy, each person its own client address, `X-Bench-Client`): FAULTS_PEOPLE (30)
 * people register; each gets money on their main banking account (an income), groups of FAULTS_GROUP (5)
 * share a chat conversation, three fresh products are on sale (one with FAULTS_SCARCE_STOCK (30) units, so
 * overselling would show), and a published slot listing of FAULTS_CAPACITY (10) places per hour is bookable.
 *
 * Load: one closed loop per person, FAULTS_RATE (120) writes/s in all, each a chat message (with its
 * clientId), a transfer, a booking, an order or an invoice (each with an idempotency key).
 * A write that fails with a network error or a 5xx (502: the proxy found no instance) is sent again with the
 * same key, with backoff, for up to FAULTS_RETRY_FOR_MS (60,000). Every 2xx is recorded with the id it answered. Each person also holds a
 * WebSocket (`/api/realtime`, through the proxy); when it drops it reconnects after the app's backoff and, as
 * after a `resync` message, refetches the messages of their conversation it may have missed (newest first,
 * back to a little before the drop; the app itself refetches the newest page).
 *
 * Faults, after FAULTS_WARMUP (8) s: FAULTS_KILLS (10) times SIGKILL of one instance (alternating), down for
 * FAULTS_DOWN_MS (1,000), started again, FAULTS_SETTLE_MS (2,000) before the next; then one PostgreSQL
 * restart (`pg_ctlcluster … restart`; FAULTS_PG_RESTART=0 skips it); then a graceful rolling restart (SIGTERM
 * instance 0, start it, then instance 1), during which no request may fail (every answer non-5xx); then
 * FAULTS_TAIL (5) s of calm.
 *
 * The proxy (bench/cluster.ts) sends requests only to an instance that answered its health check since it
 * was started, and the rolling restart takes an instance out of rotation 500 ms before its SIGTERM, as a load
 * balancer with health checks and deregistration does; a killed instance leaves the rotation when its
 * process is gone.
 *
 * Checks: every acknowledged write is stored, exactly once per key; no stock below zero and stock + sold
 * consistent with the order lines; every account's balance is the sum of its postings, every completed
 * transaction has two postings summing to zero, and the people's money adds up to what they were given; no
 * slot holds more guests than its capacity; no duplicate order, invoice or booking number; every chat
 * message is known to every participant's client (live or by resync), none delivered twice; the rolling
 * restart failed nothing and closed sockets with 1001; the app served writes again after PostgreSQL came
 * back. Prints the checks, the counts and the longest unavailability; exits 1 when a check fails.
 *
 *   node_modules/.bin/node bench/faults.ts
 *   FAULTS_PEOPLE=20 FAULTS_RATE=80 FAULTS_KILLS=4 node_modules/.bin/node bench/faults.ts     a shorter run
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres     the server (database atrium_bench_faults)
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';

import pg from 'pg';
import WebSocket from 'ws';

import { startCluster, type Cluster, type Instance } from './cluster.ts';
import { ms, percentile, type SocketMessage } from './lib.ts';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const PEOPLE = num('FAULTS_PEOPLE', 30);
const RATE = num('FAULTS_RATE', 120);
const GROUP = Math.max(2, num('FAULTS_GROUP', 5));
const SCARCE_STOCK = num('FAULTS_SCARCE_STOCK', 30);
const CAPACITY = num('FAULTS_CAPACITY', 10);
const WARMUP_S = num('FAULTS_WARMUP', 8);
const KILLS = num('FAULTS_KILLS', 10);
const DOWN_MS = num('FAULTS_DOWN_MS', 1000);
const SETTLE_MS = num('FAULTS_SETTLE_MS', 2000);
const TAIL_S = num('FAULTS_TAIL', 5);
const RETRY_FOR_MS = num('FAULTS_RETRY_FOR_MS', 60_000);
const PG_RESTART = process.env.FAULTS_PG_RESTART !== '0';
const REQUEST_TIMEOUT_MS = 15_000;
/** Money each person is given (cents); transfers move 1–500 cents among the people. */
const SEED_CENTS = 10_000_000;
/** How the writes are shared out; orders stay under the 10 a minute each person may place. */
const WEIGHTS = { chat: 0.4, transfer: 0.35, booking: 0.16, invoice: 0.075, order: 0.015 } as const;
/** The per-person limits of the API (per minute) that the load must stay under. */
const PER_MINUTE_MAX = { chat: 120, transfer: 120, order: 10 } as const;
type Kind = keyof typeof WEIGHTS;
const KINDS = Object.keys(WEIGHTS) as Kind[];
type Phase = 'setup' | 'warm-up' | 'kills' | 'postgres' | 'rolling' | 'tail' | 'after';

const runId = randomBytes(4).toString('hex');
const execFileAsync = promisify(execFile);
const sleep = (msecs: number) => new Promise((resolve) => setTimeout(resolve, msecs));
const t0 = performance.now();
/** Milliseconds since the script started. */
const now = () => performance.now() - t0;
const today = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

for (const kind of ['chat', 'transfer', 'order'] as const) {
  const perMinute = (RATE / PEOPLE) * WEIGHTS[kind] * 60;
  if (perMinute > PER_MINUTE_MAX[kind] * 0.8) {
    console.error(
      `FAULTS_RATE / FAULTS_PEOPLE gives ${perMinute.toFixed(0)} ${kind} writes a minute per person, near ` +
        `the API's ${PER_MINUTE_MAX[kind]}: raise FAULTS_PEOPLE or lower FAULTS_RATE.`,
    );
    process.exit(1);
  }
}

// ── requests ──────────────────────────────────────────────────────────────────────────────────────────────

type Json = Record<string, unknown>;
interface Answer {
  status: number;
  body: Json | null;
  error?: string;
}
/** One HTTP attempt: what, in which phase, when it started and ended (ms), its status (0: no answer). */
interface Attempt {
  what: Kind | 'read' | 'setup';
  phase: Phase;
  start: number;
  end: number;
  status: number;
}

let phase: Phase = 'setup';
const attempts: Attempt[] = [];
let cluster: Cluster;

async function call(
  what: Attempt['what'],
  client: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<Answer> {
  const start = now();
  const at = phase;
  let answer: Answer;
  try {
    const res = await fetch(`${cluster.base}${path}`, {
      method,
      headers: {
        'x-bench-client': client,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    let json: Json | null = null;
    try {
      json = JSON.parse(text) as Json;
    } catch {
      json = null;
    }
    answer = { status: res.status, body: json };
  } catch (e) {
    const error = e as Error & { cause?: { code?: string } };
    answer = { status: 0, body: null, error: error.cause?.code ?? error.name };
  }
  attempts.push({ what, phase: at, start, end: now(), status: answer.status });
  return answer;
}

/** A setup request that must succeed (retried a few times on a 5xx or no answer). */
async function must(client: string, method: string, path: string, token?: string, body?: unknown) {
  for (let i = 0; ; i++) {
    const answer = await call('setup', client, method, path, token, body);
    if (answer.status >= 200 && answer.status < 300 && answer.body) return answer.body;
    if (i >= 5 || (answer.status >= 400 && answer.status < 500)) {
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body) ?? answer.error}`);
    }
    await sleep(500);
  }
}

const field = (body: Json | null, ...path: string[]): unknown => {
  let value: unknown = body;
  for (const key of path) value = (value as Json | null | undefined)?.[key];
  return value;
};
const text = (value: unknown) => (typeof value === 'string' ? value : '');

// ── people, sockets and resync ────────────────────────────────────────────────────────────────────────────

interface Person {
  i: number;
  ip: string;
  email: string;
  userId: string;
  token: string;
  accountId: string;
  conversationId: string;
  /** The writes this person sent so far (numbers their keys). */
  n: number;
}

/** Reconnect delays as the app's realtime client: 1, 2, 4 … 30 s, each between half and all of it. */
const reconnectDelay = (attempt: number) => {
  const ceiling = Math.min(30_000, 1_000 * 2 ** attempt);
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
};

/** A person's tab: its socket, what it knows of their conversation's messages, and how it got them. */
class LiveClient {
  ws: WebSocket | null = null;
  stopped = false;
  private attempt = 0;
  private readyOnce = false;
  /** Wall-clock ms of the last drop not yet resynced (null: in sync as far as it knows). */
  private droppedAt: number | null = null;
  private resyncing: Promise<void> | null = null;
  private resyncAgain: number | null = null;
  /** Message id → how many times it arrived live. */
  readonly live = new Map<string, number>();
  /** Message ids learnt by refetching. */
  readonly fetched = new Set<string>();
  readonly closeCodes: Array<{ phase: Phase; code: number }> = [];
  reconnects = 0;
  resyncs = 0;
  /** ms from a drop until `ready` again, per reconnect. */
  readonly downTimes: number[] = [];
  private droppedAtMono = 0;

  readonly person: Person;

  constructor(person: Person) {
    this.person = person;
  }

  connect(): Promise<void> {
    return new Promise((resolve) => {
      const ws = new WebSocket(`${cluster.base.replace(/^http/, 'ws')}/api/realtime`, {
        headers: { 'x-bench-client': this.person.ip },
      });
      this.ws = ws;
      let opened = false;
      ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token: this.person.token })));
      ws.on('error', () => {});
      ws.on('message', (data) => {
        let message: SocketMessage;
        try {
          message = JSON.parse(String(data)) as SocketMessage;
        } catch {
          return;
        }
        if (message.type === 'ready') {
          opened = true;
          this.attempt = 0;
          if (this.readyOnce) {
            this.reconnects++;
            this.downTimes.push(now() - this.droppedAtMono);
            this.resync(this.droppedAt ?? Date.now() - 60_000);
          }
          this.readyOnce = true;
          this.droppedAt = null;
          resolve();
        } else if (message.type === 'resync') {
          // The server's fan-out was down (a PostgreSQL restart): events of the last while may be lost.
          this.resync(Date.now() - 60_000);
        } else if (message.type === 'chat.message') {
          const id = text(message.messageId);
          this.live.set(id, (this.live.get(id) ?? 0) + 1);
        }
      });
      ws.on('close', (code) => {
        if (this.ws !== ws) return;
        this.ws = null;
        // Sockets that were signed in (a try that never got that far is no close).
        if (opened) this.closeCodes.push({ phase, code });
        if (this.stopped) return;
        if (this.droppedAt === null) {
          this.droppedAt = Date.now();
          this.droppedAtMono = now();
        }
        setTimeout(() => void this.connect(), reconnectDelay(this.attempt++));
      });
    });
  }

  /** Refetches the conversation's messages, newest first, back to `since` (wall-clock ms) less 5 s. */
  resync(since: number): void {
    this.resyncs++;
    if (this.resyncing) {
      this.resyncAgain = Math.min(this.resyncAgain ?? since, since);
      return;
    }
    this.resyncing = (async () => {
      let from: number | null = since;
      while (from !== null && !this.stopped) {
        await this.fetchSince(from);
        from = this.resyncAgain;
        this.resyncAgain = null;
      }
      this.resyncing = null;
    })();
  }

  private async fetchSince(since: number): Promise<void> {
    let cursor: string | null = null;
    for (let tries = 0; !this.stopped;) {
      const query = `conversationKey=${this.person.conversationId}&limit=100${cursor ? `&cursor=${cursor}` : ''}`;
      const answer = await call(
        'read',
        this.person.ip,
        'GET',
        `/api/chat/conversation?${query}`,
        this.person.token,
      );
      if (answer.status !== 200) {
        if (++tries > 60) return;
        await sleep(Math.min(2_000, 200 * tries));
        continue;
      }
      const messages = (field(answer.body, 'conversation', 'messages') ?? []) as Array<{
        id: string;
        createdAt: string;
      }>;
      for (const m of messages) this.fetched.add(m.id);
      const oldest = messages[0] ? Date.parse(messages[0].createdAt) : 0;
      cursor = text(field(answer.body, 'nextCursor')) || null;
      if (!cursor || oldest < since - 5_000) return;
    }
  }

  async settle(): Promise<void> {
    while (this.resyncing) await this.resyncing;
  }

  close(): void {
    this.stopped = true;
    this.ws?.close();
  }
}

// ── the writes ────────────────────────────────────────────────────────────────────────────────────────────

interface Shop {
  plenty: string[];
  scarce: string;
  listingId: string;
  popularSlot: string;
  fromAddressId: string | null;
  customerId: string | null;
}
interface WriteStats {
  sent: number;
  acked: number;
  /** Writes that needed at least one more try, and the extra tries in all. */
  retried: number;
  retries: number;
  /** Refusals the workload expects (out of stock, fully booked). */
  refused: number;
  /** Other 4xx answers (the first few are printed). */
  unexpected: number;
  /** No 2xx after the retries: not acknowledged. */
  unknown: number;
}
const stats = Object.fromEntries(
  KINDS.map((k) => [k, { sent: 0, acked: 0, retried: 0, retries: 0, refused: 0, unexpected: 0, unknown: 0 }]),
) as Record<Kind, WriteStats>;
/** Acknowledged writes: kind → key → the id the 2xx answered. */
const acked = Object.fromEntries(KINDS.map((k) => [k, new Map<string, string>()])) as Record<
  Kind,
  Map<string, string>
>;
/** Completion times (ms) of every 2xx write. */
const successes: number[] = [];
const unexpectedSamples: string[] = [];

/** A seeded pseudo-random generator (mulberry32), so each run sends the same mix. */
function randomFrom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface WriteSpec {
  kind: Kind;
  path: string;
  key: string;
  body: Json;
  idOf: (body: Json | null) => string;
  /** 4xx statuses the workload expects (409 out of stock, 409 full). */
  expected: number[];
  /** Whether sending it again is safe (it has an idempotency key or clientId). */
  idempotent: boolean;
}

function nextWrite(person: Person, people: Person[], shop: Shop, random: () => number): WriteSpec {
  const n = person.n++;
  const key = `${runId}-${person.i}-${n}`;
  let pick = random();
  let kind: Kind = 'chat';
  for (const k of KINDS) {
    if (pick < WEIGHTS[k]) {
      kind = k;
      break;
    }
    pick -= WEIGHTS[k];
  }
  if (kind === 'invoice' && !shop.customerId) kind = 'chat';
  switch (kind) {
    case 'chat':
      return {
        kind,
        path: '/api/chat/messages',
        key: `fc-${key}`,
        body: {
          conversationId: person.conversationId,
          body: `Fault drill ${n} from ${person.i}: still there?`,
          clientId: `fc-${key}`,
        },
        idOf: (b) => text(field(b, 'message', 'id')),
        expected: [],
        idempotent: true,
      };
    case 'transfer': {
      const to = people[(person.i + 1 + Math.floor(random() * (people.length - 1))) % people.length]!;
      return {
        kind,
        path: '/api/banking/transfers',
        key: `ft-${key}`,
        body: {
          fromAccountId: person.accountId,
          toUserId: to.userId,
          amount: 1 + Math.floor(random() * 500),
          note: 'Fault drill',
          idempotencyKey: `ft-${key}`,
        },
        idOf: (b) => text(field(b, 'transaction', 'id')),
        expected: [],
        idempotent: true,
      };
    }
    case 'order': {
      const productId =
        random() < 0.5 ? shop.scarce : shop.plenty[Math.floor(random() * shop.plenty.length)]!;
      return {
        kind,
        path: '/api/orders',
        key: `fo-${key}`,
        body: {
          items: [{ productId, quantity: 1 + Math.floor(random() * 2) }],
          address: {
            name: `Fault Tester ${person.i}`,
            phoneNumber: '+1 555 0100',
            street: '1 Bench Street',
            city: 'Springfield',
            zipCode: '12345',
            country: 'United States',
          },
          delivery: 'standard',
          paymentMethod: 'cash',
          idempotencyKey: `fo-${key}`,
        },
        idOf: (b) => text(field(b, 'order', 'id')),
        expected: [409],
        idempotent: true,
      };
    }
    case 'booking': {
      const day = 2 + Math.floor(random() * 28);
      const hour = Math.floor(random() * 24);
      const startsAt =
        random() < 0.5 ? shop.popularSlot : `${today(day)}T${String(hour).padStart(2, '0')}:00:00.000Z`;
      return {
        kind,
        path: '/api/booking/bookings',
        key: `fb-${key}`,
        body: {
          listingId: shop.listingId,
          startsAt,
          guests: 1 + Math.floor(random() * 2),
          paymentMethod: 'cash',
          idempotencyKey: `fb-${key}`,
        },
        idOf: (b) => text(field(b, 'booking', 'id')),
        expected: [409],
        idempotent: true,
      };
    }
    case 'invoice':
      return {
        kind,
        path: '/api/invoices',
        key: `fi-${key}`,
        body: {
          fromAddressId: shop.fromAddressId,
          customerId: shop.customerId,
          createDate: today(),
          dueDate: today(30),
          items: [{ title: 'Fault drill', quantity: 1 + (n % 3), price: 12_500 }],
          notes: `fi-${key}`,
          status: 'draft',
          idempotencyKey: `fi-${key}`,
        },
        idOf: (b) => text(field(b, 'invoice', 'id')),
        expected: [],
        idempotent: true,
      };
  }
}

async function write(person: Person, spec: WriteSpec): Promise<void> {
  const s = stats[spec.kind];
  s.sent++;
  const started = now();
  for (let tries = 0; ; tries++) {
    const answer = await call(spec.kind, person.ip, 'POST', spec.path, person.token, spec.body);
    if (answer.status >= 200 && answer.status < 300) {
      s.acked++;
      acked[spec.kind].set(spec.key, spec.idOf(answer.body));
      successes.push(now());
      return;
    }
    if (answer.status > 0 && answer.status < 500) {
      if (spec.expected.includes(answer.status)) s.refused++;
      else {
        s.unexpected++;
        if (unexpectedSamples.length < 8) {
          unexpectedSamples.push(
            `${spec.kind} ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`,
          );
        }
      }
      return;
    }
    if (!spec.idempotent || now() - started > RETRY_FOR_MS) {
      s.unknown++;
      return;
    }
    if (tries === 0) s.retried++;
    s.retries++;
    await sleep(Math.min(2_000, 100 * 2 ** tries) * (0.5 + Math.random() / 2));
  }
}

let loading = false;
async function personLoop(person: Person, people: Person[], shop: Shop): Promise<void> {
  const interval = (1000 * PEOPLE) / RATE;
  const random = randomFrom(person.i * 7919 + 1);
  let due = now() + random() * interval;
  while (loading) {
    const wait = due - now();
    if (wait > 0) await sleep(wait);
    if (!loading) break;
    await write(person, nextWrite(person, people, shop, random));
    // Behind schedule (an outage): carry on at the rate, without a burst to catch up.
    due = Math.max(due + interval, now() - interval);
  }
}

// ── faults ────────────────────────────────────────────────────────────────────────────────────────────────

interface FaultEvent {
  what: string;
  phase: Phase;
  start: number;
  /** When the process had exited (the fault's start for PostgreSQL). */
  exited: number;
  /** When the instance (or PostgreSQL) was back. */
  back: number;
  end: number;
}
const events: FaultEvent[] = [];

/** The instances as the script drives them (the proxy's rotation is bench/cluster.ts's). */
interface Driven {
  instance: Instance;
}
let driven: Driven[] = [];
/** Instances whose process was gone after PostgreSQL's restart. */
const pgCrashed: number[] = [];
/** The end of the wait after PostgreSQL's restart, before crashed instances are started again. */
let pgSettled = 0;

function driveInstances(): void {
  driven = cluster.instances.map((instance) => ({ instance }));
}

async function killAndRestart(d: Driven): Promise<void> {
  const start = now();
  // Unannounced: the balancer learns it when the process is gone.
  await d.instance.kill();
  const exited = now();
  await sleep(DOWN_MS);
  await d.instance.start();
  const back = now();
  await sleep(SETTLE_MS);
  const what = `SIGKILL instance ${d.instance.index}`;
  events.push({ what, phase: 'kills', start, exited, back, end: now() });
}

async function pgctl(action: 'restart' | 'start'): Promise<void> {
  const version = fs.readdirSync('/etc/postgresql')[0];
  if (!version) throw new Error('No PostgreSQL cluster in /etc/postgresql');
  await execFileAsync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', action]);
}

async function pgAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function restartPostgres(): Promise<string> {
  const start = now();
  let note = '';
  try {
    await pgctl('restart');
  } catch (error) {
    note = `pg_ctlcluster restart failed: ${String(error).slice(0, 200)}`;
  }
  if (!(await pgAnswers())) {
    note += `${note ? '; ' : ''}PostgreSQL did not answer after the restart: started it again`;
    await pgctl('start').catch(() => {});
  }
  const back = now();
  // Writes through the proxy after this are the app reconnecting by itself.
  await sleep(Math.max(SETTLE_MS, 5_000));
  pgSettled = now();
  // An instance that died of it is a finding; it is started again for the rolling restart.
  for (const d of driven) {
    if (d.instance.up) continue;
    pgCrashed.push(d.instance.index);
    await d.instance.start();
  }
  events.push({
    what: 'PostgreSQL restart',
    phase: 'postgres',
    start,
    exited: start,
    back,
    end: now(),
  });
  return note;
}

async function gracefulRestart(d: Driven): Promise<void> {
  const start = now();
  // Out of rotation first (a load balancer's deregistration), then SIGTERM once the requests sent meanwhile
  // have arrived; the instance answers what it accepted (cluster.ts's stop()).
  await d.instance.stop();
  const exited = now();
  await d.instance.start();
  const back = now();
  await sleep(SETTLE_MS);
  const what = `SIGTERM instance ${d.instance.index}`;
  events.push({ what, phase: 'rolling', start, exited, back, end: now() });
}

// ── setup ─────────────────────────────────────────────────────────────────────────────────────────────────

const ipOf = (i: number) => `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}`;

async function setUp(db: pg.Client): Promise<{ people: Person[]; shop: Shop }> {
  const adminIp = '10.9.0.1';
  const login = await must(adminIp, 'POST', '/api/account/login', undefined, cluster.demoAdmin);
  const adminToken = text(login.accessToken);

  const password = `Faults-${runId}-${randomBytes(6).toString('hex')}`;
  const people: Person[] = [];
  for (let from = 0; from < PEOPLE; from += 5) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(5, PEOPLE - from) }, async (_, k) => {
        const i = from + k;
        const email = `faults.${runId}.${i}@bench.example`;
        const body = await must(ipOf(i), 'POST', '/api/account/register', undefined, {
          email,
          password,
          firstName: 'Fault',
          lastName: `Tester ${i}`,
        });
        const token = text(body.accessToken);
        const accounts = await must(ipOf(i), 'GET', '/api/banking/accounts', token);
        const list = (accounts.accounts ?? []) as Array<{ id: string; kind: string }>;
        const accountId = list.find((a) => a.kind === 'current')?.id ?? '';
        await must(ipOf(i), 'POST', '/api/banking/transactions', token, {
          type: 'income',
          accountId,
          amount: SEED_CENTS,
          date: today(),
          counterparty: 'Fault drill payroll',
          idempotencyKey: `fs-${runId}-${i}`,
        });
        const person: Person = {
          i,
          ip: ipOf(i),
          email,
          userId: text(field(body, 'user', 'id')),
          token,
          accountId,
          conversationId: '',
          n: 0,
        };
        return person;
      }),
    );
    people.push(...batch);
  }

  // Groups of GROUP people share a conversation (a last, smaller group joins the one before).
  const groups: Person[][] = [];
  for (let i = 0; i < people.length; i += GROUP) groups.push(people.slice(i, i + GROUP));
  if (groups.length > 1 && groups.at(-1)!.length < 2) groups.at(-2)!.push(...groups.pop()!);
  for (const [g, members] of groups.entries()) {
    const [owner, ...others] = members;
    const made = await must(owner!.ip, 'POST', '/api/chat/conversations', owner!.token, {
      recipientIds: others.map((p) => p.userId),
      name: `Fault drill ${g}`,
      message: { body: 'Fault drill starts', clientId: `fg-${runId}-${g}` },
    });
    for (const p of members) p.conversationId = text(field(made, 'conversation', 'id'));
  }

  // Fresh products (no earlier orders), one of them scarce.
  const { rows: products } = await db.query<{ id: string; quantity: number }>(
    `insert into products (name, slug, sku, price, category, quantity, publish)
     select 'Fault drill ' || $1 || ' ' || g, 'fault-drill-' || $1 || '-' || g, 'FD-' || $1 || '-' || g, 1500,
       (select category from products limit 1), case when g = 1 then $2::int else 100000 end, 'published'
     from generate_series(1, 3) g returning id, quantity`,
    [runId, SCARCE_STOCK],
  );
  const scarce = products.find((p) => p.quantity === SCARCE_STOCK)!.id;
  const plenty = products.filter((p) => p.id !== scarce).map((p) => p.id);

  const listing = await must(adminIp, 'POST', '/api/booking/listings', adminToken, {
    name: `Fault drill tour ${runId}`,
    kind: 'tour',
    priceCents: 1000,
    priceUnit: 'person',
    capacity: CAPACITY,
    durationMinutes: 60,
    mode: 'slot',
    timeZone: 'UTC',
    status: 'published',
    hours: Array.from({ length: 7 }, (_, weekday) => ({ weekday, startMinute: 0, endMinute: 1440 })),
  });

  const from = await must(people[0]!.ip, 'GET', '/api/invoices/from-addresses', people[0]!.token);
  const customers = await must(people[0]!.ip, 'GET', '/api/invoices/customers', people[0]!.token);
  const fromAddressId = ((from.addresses ?? []) as Array<{ id: string }>)[0]?.id ?? null;
  const customerId = ((customers.customers ?? []) as Array<{ id: string }>)[0]?.id ?? null;
  if (!fromAddressId || !customerId)
    console.log('No invoice sender or customer in the demo data: no invoices.');

  return {
    people,
    shop: {
      plenty,
      scarce,
      listingId: text(field(listing, 'listing', 'id')),
      popularSlot: `${today(2)}T10:00:00.000Z`,
      fromAddressId,
      customerId: fromAddressId ? customerId : null,
    },
  };
}

// ── checks ────────────────────────────────────────────────────────────────────────────────────────────────

interface Check {
  check: string;
  result: 'met' | 'NOT met';
  detail: string;
}
const checks: Check[] = [];
const check = (name: string, ok: boolean, detail: string) =>
  checks.push({ check: name, result: ok ? 'met' : 'NOT met', detail });

const TABLES: Record<Kind, { table: string; key: string; owner: string }> = {
  chat: { table: 'chat_messages', key: 'client_id', owner: 'sender_id' },
  transfer: { table: 'banking_transactions', key: 'idempotency_key', owner: 'created_by' },
  order: { table: 'orders', key: 'idempotency_key', owner: 'user_id' },
  booking: { table: 'booking_bookings', key: 'idempotency_key', owner: 'user_id' },
  invoice: { table: 'invoices', key: 'notes', owner: 'owner_id' },
};
const PREFIX: Record<Kind, string> = {
  chat: 'fc',
  transfer: 'ft',
  order: 'fo',
  booking: 'fb',
  invoice: 'fi',
};

async function countOf(db: pg.Client, query: string, values: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ n: string | number | null }>(query, values);
  return Number(rows[0]?.n ?? 0);
}

interface KindResult {
  lost: number;
  duplicated: number;
  storedUnacked: number;
}

async function checkWrites(db: pg.Client): Promise<Record<Kind, KindResult>> {
  const result = {} as Record<Kind, KindResult>;
  for (const kind of KINDS) {
    const { table, key, owner } = TABLES[kind];
    const like = `${PREFIX[kind]}-${runId}-%`;
    const ids = [...acked[kind].values()];
    const { rows } = await db.query<{ id: string; k: string }>(
      `select id::text, ${key} as k from ${table} where id = any($1::uuid[])`,
      [ids],
    );
    const byId = new Map(rows.map((r) => [r.id, r.k]));
    let lost = 0;
    for (const [k, id] of acked[kind]) if (byId.get(id) !== k) lost++;
    const duplicated = await countOf(
      db,
      `select coalesce(sum(n - 1), 0) as n from (select count(*) as n from ${table} where ${key} like $1
       group by ${owner}, ${key} having count(*) > 1) d`,
      [like],
    );
    const stored = await countOf(db, `select count(*) as n from ${table} where ${key} like $1`, [like]);
    result[kind] = { lost, duplicated, storedUnacked: stored - duplicated - (ids.length - lost) };
  }
  return result;
}

async function checkInvariants(db: pg.Client, shop: Shop, people: Person[]): Promise<void> {
  // Stock: never below zero, and what left the shelf is what the order lines took.
  const { rows: stock } = await db.query<{
    id: string;
    quantity: number;
    total_sold: number;
    ordered: string | null;
  }>(
    `select p.id, p.quantity, p.total_sold, (select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
       where i.product_id = p.id and not o.stock_returned) as ordered
     from products p where p.id = any($1::uuid[])`,
    [[shop.scarce, ...shop.plenty]],
  );
  const stockIssues = stock.filter((p) => {
    const initial = p.id === shop.scarce ? SCARCE_STOCK : 100_000;
    const ordered = Number(p.ordered ?? 0);
    return p.quantity < 0 || p.quantity + ordered !== initial || p.total_sold !== ordered;
  });
  const scarceRow = stock.find((p) => p.id === shop.scarce);
  check(
    'stock never oversold, stock + sold = order lines',
    stockIssues.length === 0 && stock.length === 3,
    `scarce product: ${scarceRow?.total_sold ?? '?'} sold of ${SCARCE_STOCK}, ${scarceRow?.quantity ?? '?'} left; ` +
      `${stockIssues.length} product(s) inconsistent`,
  );

  // The ledger: balances are the sums of postings; each completed transaction two postings summing to 0.
  const badBalances = await countOf(
    db,
    `select count(*) as n from banking_accounts a where a.kind <> 'external'
       and a.balance <> coalesce((select sum(p.amount) from banking_postings p where p.account_id = a.id), 0)`,
  );
  const badLegs = await countOf(
    db,
    `select count(*) as n from banking_transactions t where t.status = 'completed' and
       (select count(*) from banking_postings p where p.transaction_id = t.id) <> 2
       or exists (select 1 from banking_postings p where p.transaction_id = t.id and t.status <> 'completed')`,
  );
  const unbalanced = await countOf(
    db,
    `select count(*) as n from (select transaction_id from banking_postings group by 1 having sum(amount) <> 0) s`,
  );
  const total = await countOf(
    db,
    `select coalesce(sum(balance), 0) as n from banking_accounts where user_id = any($1::uuid[])`,
    [people.map((p) => p.userId)],
  );
  const given = SEED_CENTS * people.length;
  check(
    'ledger sums',
    badBalances === 0 && badLegs === 0 && unbalanced === 0 && total === given,
    `${badBalances} balance(s) off their postings, ${badLegs} transaction(s) without two legs, ` +
      `${unbalanced} not summing to 0; people hold ${total} of ${given} given`,
  );

  const [over] = (
    await db.query<{ over: number | null; slots: number }>(
      `select max(g - capacity)::int as over, count(*)::int as slots from (
         select b.starts_at, sum(b.guests) as g, max(l.capacity) as capacity
         from booking_bookings b join booking_listings l on l.id = b.listing_id
         where b.status <> 'cancelled' and b.listing_id = $1 group by 1) s`,
      [shop.listingId],
    )
  ).rows;
  const popular = await countOf(
    db,
    `select coalesce(sum(guests), 0) as n from booking_bookings where listing_id = $1 and starts_at = $2
       and status <> 'cancelled'`,
    [shop.listingId, shop.popularSlot],
  );
  check(
    'no overbooking',
    (over?.over ?? 0) <= 0,
    `${over?.slots ?? 0} slot(s) booked; popular slot ${popular} of ${CAPACITY} guests; ` +
      `most over capacity: ${Math.max(0, over?.over ?? 0)}`,
  );

  const dupNumbers = async (table: string) =>
    countOf(db, `select count(*) as n from (select number from ${table} group by 1 having count(*) > 1) d`);
  const orderNumbers = await dupNumbers('orders');
  const invoiceNumbers = await dupNumbers('invoices');
  const bookingNumbers = await dupNumbers('booking_bookings');
  check(
    'no duplicate order, invoice or booking number',
    orderNumbers + invoiceNumbers + bookingNumbers === 0,
    `${orderNumbers} order, ${invoiceNumbers} invoice, ${bookingNumbers} booking number(s) twice`,
  );
}

async function checkChat(db: pg.Client, clients: LiveClient[], baselineSeq: number): Promise<void> {
  const { rows } = await db.query<{ id: string; conversation_id: string }>(
    `select id::text, conversation_id::text from chat_messages where seq > $1 and conversation_id = any($2::uuid[])`,
    [baselineSeq, [...new Set(clients.map((c) => c.person.conversationId))]],
  );
  const byConversation = new Map<string, string[]>();
  for (const r of rows)
    byConversation.set(r.conversation_id, [...(byConversation.get(r.conversation_id) ?? []), r.id]);
  let missing = 0;
  let twice = 0;
  let viaResync = 0;
  let pairs = 0;
  for (const c of clients) {
    for (const id of byConversation.get(c.person.conversationId) ?? []) {
      pairs++;
      const live = c.live.get(id) ?? 0;
      if (live > 1) twice++;
      if (live === 0 && !c.fetched.has(id)) missing++;
      else if (live === 0) viaResync++;
    }
  }
  const reconnects = clients.reduce((n, c) => n + c.reconnects, 0);
  const down = clients.flatMap((c) => c.downTimes).sort((a, b) => a - b);
  check(
    'sockets reconnect and resync: every message known to every participant once',
    missing === 0 && twice === 0,
    `${rows.length} messages × participants = ${pairs}: ${missing} never known, ${twice} delivered twice, ` +
      `${viaResync} known by resync only; ${reconnects} reconnects (p50 ${ms(percentile(down, 50))} ms, ` +
      `max ${ms(down.at(-1) ?? 0)} ms to ready)`,
  );
}

// ── the run ───────────────────────────────────────────────────────────────────────────────────────────────

function failedIn(from: number, to: number, what?: (a: Attempt) => boolean) {
  return attempts.filter(
    (a) => a.start >= from && a.start < to && (a.status === 0 || a.status >= 500) && (!what || what(a)),
  );
}

/** The first 2xx write that started at or after `from`, in ms after it. */
function servedAgainAfter(from: number): number | null {
  let first: number | null = null;
  for (const a of attempts) {
    if (a.what === 'read' || a.what === 'setup' || a.start < from || a.status < 200 || a.status >= 300)
      continue;
    if (first === null || a.end < first) first = a.end;
  }
  return first === null ? null : first - from;
}

/** The longest time within [from, to) without a write completing with a 2xx, and when it began. */
function longestGap(from: number, to: number): { gap: number; at: number } {
  const times = successes.filter((t) => t >= from && t < to).sort((a, b) => a - b);
  let best = { gap: 0, at: from };
  let previous = from;
  for (const t of [...times, to]) {
    if (t - previous > best.gap) best = { gap: t - previous, at: previous };
    previous = t;
  }
  return best;
}

const statusCounts = (list: Attempt[]) => {
  const counts = new Map<string, number>();
  for (const a of list)
    counts.set(String(a.status || 'no answer'), (counts.get(String(a.status || 'no answer')) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${n}× ${status}`).join(', ') || 'none';
};

async function main(): Promise<number> {
  console.log(
    `Faults: ${PEOPLE} people, ${RATE} writes/s, ${KILLS} SIGKILLs, ` +
      `${PG_RESTART ? 'a PostgreSQL restart, ' : ''}a rolling restart (run ${runId}).`,
  );
  cluster = await startCluster({ name: 'faults', instances: 2 });
  // One connection for the setup, another for the checks: PostgreSQL's restart ends the first.
  const connect = async () => {
    const client = new pg.Client({ connectionString: cluster.databaseUrl });
    client.on('error', () => {});
    await client.connect();
    return client;
  };
  let db = await connect();
  let pgNote = '';
  const clients: LiveClient[] = [];
  try {
    driveInstances();
    const { people, shop } = await setUp(db);
    const baselineSeq = await countOf(db, 'select coalesce(max(seq), 0) as n from chat_messages');
    await db.end();
    for (const p of people) clients.push(new LiveClient(p));
    await Promise.all(clients.map((c) => c.connect()));
    console.log(`Set up in ${(now() / 1000).toFixed(1)} s; load starts.`);

    loading = true;
    const loadStart = now();
    phase = 'warm-up';
    const loops = people.map((p) => personLoop(p, people, shop));
    await sleep(WARMUP_S * 1000);

    phase = 'kills';
    for (let k = 0; k < KILLS; k++) {
      await killAndRestart(driven[k % driven.length]!);
      process.stdout.write(`\r${k + 1}/${KILLS} SIGKILLs`);
    }
    if (KILLS) process.stdout.write('\n');

    if (PG_RESTART) {
      phase = 'postgres';
      pgNote = await restartPostgres();
      console.log(`PostgreSQL restarted${pgNote ? ` (${pgNote})` : ''}.`);
    }

    phase = 'rolling';
    const rollingStart = now();
    for (const d of driven) await gracefulRestart(d);
    const rollingEnd = now();
    console.log('Rolling restart done.');

    phase = 'tail';
    await sleep(TAIL_S * 1000);
    loading = false;
    await Promise.all(loops);
    const loadEnd = now();
    phase = 'after';
    // Events in flight arrive, resyncs finish.
    await sleep(2_000);
    await Promise.all(clients.map((c) => c.settle()));

    // ── checks ──
    db = await connect();
    const writes = await checkWrites(db);
    const lost = KINDS.reduce((n, k) => n + writes[k].lost, 0);
    const duplicated = KINDS.reduce((n, k) => n + writes[k].duplicated, 0);
    const ackedCount = KINDS.reduce((n, k) => n + stats[k].acked, 0);
    check(
      'every acknowledged write stored exactly once',
      lost === 0 && duplicated === 0,
      `${ackedCount} acknowledged: ${lost} lost, ${duplicated} duplicated`,
    );
    await checkInvariants(db, shop, people);
    await checkChat(db, clients, baselineSeq);

    const rollingFailed = failedIn(rollingStart, rollingEnd);
    const rollingAll = attempts.filter((a) => a.start >= rollingStart && a.start < rollingEnd);
    const rollingCloses = clients.flatMap((c) => c.closeCodes.filter((x) => x.phase === 'rolling'));
    const not1001 = rollingCloses.filter((x) => x.code !== 1001);
    check(
      'rolling restart: no request failed',
      rollingFailed.length === 0,
      `${rollingAll.length} requests, ${rollingFailed.length} failed (${statusCounts(rollingFailed)})`,
    );
    check(
      'graceful stop closes sockets with 1001',
      rollingCloses.length > 0 && not1001.length === 0,
      `${rollingCloses.length} closed, ${not1001.length} with another code` +
        (not1001.length ? ` (${[...new Set(not1001.map((x) => x.code))].join(', ')})` : ''),
    );
    const pgEvent = events.find((e) => e.what === 'PostgreSQL restart');
    if (pgEvent) {
      // Served by the instances that were running, within the wait after the restart.
      const again = servedAgainAfter(pgEvent.back);
      const inTime = again !== null && pgEvent.back + again <= pgSettled;
      check(
        'app reconnects by itself after PostgreSQL restart',
        inTime && pgCrashed.length === 0 && !pgNote.includes('did not answer'),
        `writes served again ${inTime ? `${ms(again)} ms after PostgreSQL was back` : `not within ${ms(pgSettled - pgEvent.back)} ms`}; ` +
          `${ms(pgEvent.back - pgEvent.start)} ms restart; ` +
          (pgCrashed.length
            ? `instance(s) ${pgCrashed.join(', ')} crashed (started again for the rolling restart)`
            : 'no instance crashed') +
          (pgNote ? `; ${pgNote}` : ''),
      );
    }
    const unexpected = KINDS.reduce((n, k) => n + stats[k].unexpected, 0);
    check(
      'no unexpected refusals (4xx other than out of stock / full)',
      unexpected === 0,
      `${unexpected}${unexpectedSamples.length ? `: ${unexpectedSamples.slice(0, 3).join(' | ')}` : ''}`,
    );

    // ── tables ──
    const seconds = (loadEnd - loadStart) / 1000;
    console.log(
      `\nWrites over ${seconds.toFixed(0)} s of load (${Math.round(ackedCount / seconds)} acknowledged/s):`,
    );
    console.table(
      Object.fromEntries(
        KINDS.map((k) => [
          k,
          {
            sent: stats[k].sent,
            acknowledged: stats[k].acked,
            'retried (writes)': stats[k].retried,
            'retries (tries)': stats[k].retries,
            'refused (expected)': stats[k].refused,
            unexpected: stats[k].unexpected,
            'not acknowledged': stats[k].unknown,
            'stored, not acknowledged': writes[k].storedUnacked,
            lost: writes[k].lost,
            duplicated: writes[k].duplicated,
          },
        ]),
      ),
    );

    console.log('Faults (ms from the fault):');
    console.table(
      events.map((e) => {
        const failed = failedIn(e.start, e.end);
        const again = servedAgainAfter(e.start);
        const gap = longestGap(e.start, e.end);
        const pg = e.phase === 'postgres';
        return {
          fault: e.what,
          'back after': ms(e.back - e.start),
          'first write served': again === null ? 'never' : ms(again),
          'longest no-write gap': ms(gap.gap),
          'failed requests': failed.length,
          'failed: until exit / down / back': pg
            ? ''
            : [failedIn(e.start, e.exited), failedIn(e.exited, e.back), failedIn(e.back, e.end)]
                .map((f) => f.length)
                .join(' / '),
          statuses: statusCounts(failed),
        };
      }),
    );
    const worst = longestGap(loadStart, loadEnd);
    const worstEvent = events.find((e) => worst.at >= e.start && worst.at < e.end);
    const phaseFailures = (p: Phase) =>
      attempts.filter((a) => a.phase === p && (a.status === 0 || a.status >= 500)).length;
    console.log(
      `Longest unavailability (no write acknowledged): ${ms(worst.gap)} ms, at ${ms((worst.at - loadStart) / 1000)} s ` +
        `into the load${worstEvent ? ` (${worstEvent.what})` : ''}. Failed requests (then retried) by phase: ` +
        (['warm-up', 'kills', 'postgres', 'rolling', 'tail'] as const)
          .map((p) => `${p} ${phaseFailures(p)}`)
          .join(', ') +
        `; proxy 502s: ${cluster.proxyErrors()}.`,
    );

    console.log('\nChecks:');
    console.table(checks);
    const missed = checks.filter((c) => c.result !== 'met');
    if (missed.length) console.log(`${missed.length} check(s) NOT met.`);
    return missed.length ? 1 : 0;
  } finally {
    loading = false;
    for (const c of clients) c.close();
    await db.end().catch(() => {});
    if (!(await pgAnswers())) {
      console.log('PostgreSQL is down: starting it.');
      await pgctl('start').catch((error: unknown) => console.error(String(error)));
    }
    await cluster.stop();
  }
}

// A crash must not leave the instances running (their stderr would hold the caller's pipe open).
process.on('uncaughtException', (error) => {
  console.error(error);
  for (const instance of cluster?.instances ?? []) void instance.kill();
  process.exit(1);
});
process.exit(await main());
