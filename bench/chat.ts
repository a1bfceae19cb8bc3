/**
 * Chat at scale (issue #10), part of `npm run bench`. Fills a fresh embedded database (or DATABASE_URL, an
 * empty database you provide) with CHAT_CONVERSATIONS (1,000) conversations and CHAT_MESSAGES (1,000,000)
 * messages, in SQL, then:
 *  1. reads through app.inject as a user who is in every conversation (the longest list): the first page of
 *     the conversation list, a page further on by cursor, the latest page of the busiest conversation, an
 *     older page of it by cursor and a one-to-one by username; p50/p95/p99 over BENCH_RUNS (200) each.
 *     Targets: list p95 ≤ 50 ms, messages p95 ≤ 30 ms.
 *  2. connects CHAT_SOCKETS (1,000) WebSockets to the listening instance (100 people, ten tabs each, in a
 *     worker thread) and sends CHAT_RATE (200) messages/s for CHAT_SECONDS (10) with real HTTP requests
 *     (`POST /api/chat/messages`, from a second worker, after half a second of warm-up) to the conversations
 *     among them; each message's latency on each socket of its participants is the time of the
 *     `chat.message` event minus the time just before its request was sent. Target: p99 ≤ 100 ms, every
 *     (message, socket) pair exactly once.
 *
 *   node_modules/.bin/node bench/chat.ts
 *   CHAT_MESSAGES=10000 CHAT_SOCKETS=100 CHAT_SECONDS=3 BENCH_RUNS=50 node_modules/.bin/node bench/chat.ts
 *   BENCH_DATA_DIR=/tmp/atrium-bench-chat node_modules/.bin/node bench/chat.ts   (keeps and reuses the data)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/atrium_bench_chat node_modules/.bin/node bench/chat.ts
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

import {
  connectSockets,
  latencyRow,
  ms,
  openBenchDatabase,
  percentile,
  requireEmptyDatabase,
  signIn,
  timeRequests,
} from './lib.ts';

const CONVERSATIONS = Number(process.env.CHAT_CONVERSATIONS ?? 1000);
const MESSAGES = Number(process.env.CHAT_MESSAGES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const SOCKETS = Number(process.env.CHAT_SOCKETS ?? 1000);
const RATE = Number(process.env.CHAT_RATE ?? 200);
const SECONDS = Number(process.env.CHAT_SECONDS ?? 10);
/** Every tenth conversation is a group (the busiest one among them); the rest are one-to-one. */
const GROUP_EVERY = 10;
/** The people online in part 2 (the bench user and the next 99), who are also the groups' members. */
const TEAM_MAX = 100;
const LIST_TARGET_MS = 50;
const MESSAGES_TARGET_MS = 30;
const LATENCY_TARGET_MS = 100;

type SocketsSetup = { role: 'sockets'; url: string; tokens: string[]; sockets: number };
type SenderSetup = {
  role: 'sender';
  url: string;
  tokens: string[];
  /** Per message: the conversation and the index of the sender's token. */
  plan: Array<[conversationId: string, sender: number]>;
  rate: number;
  runId: string;
};
/** A `chat.message` event on a socket: socket index, message id, when (ms since the epoch, sub-ms). */
type Receipt = [socket: number, messageId: string, at: number];
/** A send: the stored message's id (null when refused), when it was sent, its status and response time. */
type Sent = { messageId: string | null; at: number; status: number; took: number; error?: string };

const now = () => performance.timeOrigin + performance.now();

if (!isMainThread) {
  const setup = workerData as SocketsSetup | SenderSetup;
  if (setup.role === 'sockets') {
    const receipts: Receipt[] = [];
    let lastMessageAt = performance.now();
    const open = await connectSockets(setup.url, setup.tokens, setup.sockets, (socket, message) => {
      lastMessageAt = performance.now();
      if (message.type === 'chat.message') receipts.push([socket, String(message.messageId), now()]);
    });
    parentPort?.postMessage({ ready: open.length });
    // 'quiet?': how long since the last message (the sign-ins' presence events reach every socket first).
    parentPort?.on('message', (request) => {
      if (request === 'quiet?') {
        parentPort?.postMessage({ quietFor: performance.now() - lastMessageAt });
        return;
      }
      parentPort?.postMessage({ receipts });
      for (const ws of open) ws.close();
    });
  } else {
    const post = async (n: number, clientId: string): Promise<Sent> => {
      const [conversationId, sender] = setup.plan[n % setup.plan.length]!;
      const body = JSON.stringify({
        conversationId,
        body: `Live message ${n}: are we still on for the review at three?`,
        clientId,
      });
      const t0 = performance.now();
      const at = now();
      try {
        const res = await fetch(setup.url, {
          method: 'POST',
          headers: { authorization: `Bearer ${setup.tokens[sender]}`, 'content-type': 'application/json' },
          body,
        });
        const json = (await res.json()) as { message?: { id: string } };
        return { messageId: json.message?.id ?? null, at, status: res.status, took: performance.now() - t0 };
      } catch (e) {
        const error = e as Error & { cause?: { code?: string } };
        const reason = error.cause?.code ?? error.message;
        return { messageId: null, at, status: 0, took: performance.now() - t0, error: reason };
      }
    };
    // Open loop at a steady rate: message n leaves at n / rate s, whether or not earlier ones were answered.
    const paced = async (count: number, prefix: string) => {
      const pending: Array<Promise<Sent>> = [];
      const started = performance.now();
      for (let n = 0; n < count; n++) {
        const wait = started + (n * 1000) / setup.rate - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        pending.push(post(n, `${prefix}-${setup.runId}-${n}`));
      }
      const seconds = (performance.now() - started) / 1000;
      return { sent: await Promise.all(pending), seconds };
    };
    // Half a second at the same rate first (code, caches and connections warm), not measured.
    const warmUp = await paced(Math.ceil(setup.rate / 2), 'warm');
    const { sent, seconds } = await paced(setup.plan.length, 'live');
    parentPort?.postMessage({
      sent,
      sendSeconds: seconds,
      warmIds: warmUp.sent.map((s) => s.messageId),
    });
  }
} else {
  const { asc, desc, eq, inArray, sql } = await import('drizzle-orm');
  const { buildApp } = await import('../src/server/app.ts');
  const { chatConversations, chatMessages, chatParticipants, users } =
    await import('../src/server/db/schema/index.ts');
  const { FIRST_NAMES, LAST_NAMES } = await import('../src/server/db/seed/factories.ts');
  const { createRandom } = await import('../src/server/db/seed/random.ts');
  const { hashPassword, UNUSABLE_PASSWORD_HASH } = await import('../src/server/lib/passwords.ts');
  const { clearPrefix } = await import('../src/server/lib/rate-limiter.ts');
  const { pairKeyOf } = await import('../src/server/modules/chat/chat.repo.ts');
  const { messagesCursor } = await import('../src/server/modules/chat/chat.service.ts');

  // BENCH_DATA_DIR keeps the embedded database for the next run (filled once, then measured as it is).
  const { database, dispose } = await openBenchDatabase('chat', process.env.BENCH_DATA_DIR);
  const db = database.db;
  const count = async (table: typeof users | typeof chatConversations | typeof chatMessages) =>
    Number((await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n);

  // ── data ────────────────────────────────────────────────────────────────────────────────────────────
  const oneToOnes = CONVERSATIONS - Math.ceil(CONVERSATIONS / GROUP_EVERY);
  // Each one-to-one is with someone else (one per pair): the bench user and one person per one-to-one.
  const PEOPLE = Math.max(oneToOnes + 1, 10);
  const TEAM = Math.min(TEAM_MAX, PEOPLE);
  const emailOf = (i: number) => `chat.${String(i).padStart(5, '0')}@bench.example`;
  const [benchUser] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, emailOf(0)));
  const reuse =
    benchUser !== undefined &&
    (await count(chatConversations)) === CONVERSATIONS &&
    (await count(chatMessages)) >= MESSAGES;
  if (!reuse) requireEmptyDatabase((await count(users)) + (await count(chatConversations)), 'chat.ts');

  const started = performance.now();
  if (!reuse) {
    const random = createRandom(42);
    const base = Date.UTC(2024, 0, 1);
    const people = Array.from({ length: PEOPLE }, (_, i) => ({
      email: emailOf(i),
      passwordHash: UNUSABLE_PASSWORD_HASH,
      firstName: i === 0 ? 'Chat' : random.pick(FIRST_NAMES),
      lastName: i === 0 ? 'Bench' : random.pick(LAST_NAMES),
      createdAt: new Date(base + i * 60_000),
    }));
    const ids: string[] = [];
    for (let i = 0; i < people.length; i += 1000) {
      const rows = await db
        .insert(users)
        .values(people.slice(i, i + 1000))
        .returning({ id: users.id });
      ids.push(...rows.map((r) => r.id));
    }
    // Conversation k: a group when k % GROUP_EVERY is 0 (the bench user and 2–8 of the team), otherwise
    // one-to-one with the next person. Created a year and a bit ago, one a second, in k order.
    const since = Date.now() - 400 * 86_400_000;
    let partner = 0;
    const conversations = Array.from({ length: CONVERSATIONS }, (_, k) => {
      const createdAt = new Date(since + k * 1000);
      if (k % GROUP_EVERY === 0) {
        const members = new Set<string>();
        const size = random.int(2, Math.min(8, TEAM - 1));
        while (members.size < size) members.add(ids[random.int(1, TEAM - 1)]!);
        return { k, createdAt, type: 'GROUP' as const, name: `Team ${k}`, members: [...members] };
      }
      const other = ids[++partner]!;
      return {
        k,
        createdAt,
        type: 'ONE_TO_ONE' as const,
        pairKey: pairKeyOf(ids[0]!, other),
        members: [other],
      };
    });
    for (let i = 0; i < conversations.length; i += 500) {
      const batch = conversations.slice(i, i + 500);
      const rows = await db
        .insert(chatConversations)
        .values(
          batch.map((c) => ({
            type: c.type,
            name: c.type === 'GROUP' ? c.name : null,
            pairKey: c.type === 'ONE_TO_ONE' ? c.pairKey : null,
            createdBy: ids[0]!,
            createdAt: c.createdAt,
            lastActivityAt: c.createdAt,
          })),
        )
        .returning({ id: chatConversations.id });
      await db.insert(chatParticipants).values(
        batch.flatMap((c, j) =>
          [ids[0]!, ...c.members].map((userId) => ({
            conversationId: rows[j]!.id,
            userId,
            joinedAt: c.createdAt,
          })),
        ),
      );
    }

    // Messages in SQL, in chunks: conversation k gets a share ∝ 1/√k or so (k = ⌊C·u²⌋, u uniform), so
    // the busiest has ~3 % of all messages and the quietest a few hundred; each from one of its participants
    // at random; one every 30 s until now, `seq` in time order (as sending gives them).
    const bodies = [
      'Morning! Did you see the numbers from yesterday?',
      'Yes, looks good to me.',
      'Can you send me the link to the draft?',
      'I will have a look after lunch.',
      'Thanks 🙏',
      'The build is green again, the flaky test was a timeout.',
      'Let us move the call to Thursday, something came up.',
      'Here it is: https://example.com/docs/roadmap-q3',
      'ok',
      'I pushed a fix for the date picker in right-to-left; please check it on your phone when you can.',
      'Who is on support this week?',
      'Sounds great, see you then!',
    ];
    const CHUNK = 100_000;
    for (let from = 1; from <= MESSAGES; from += CHUNK) {
      const to = Math.min(MESSAGES, from + CHUNK - 1);
      await db.execute(sql`
        with conv as materialized (
          select c.id, (row_number() over (order by c.created_at, c.id))::int - 1 as k,
            (select array_agg(p.user_id order by p.user_id) from ${chatParticipants} p
              where p.conversation_id = c.id) as members
          from ${chatConversations} c),
        draw as (
          select g, least(${CONVERSATIONS}::int - 1, floor(${CONVERSATIONS}::int * power(random(), 2))::int) as k,
            random() as r
          from generate_series(${from}::int, ${to}::int) g)
        insert into ${chatMessages} (conversation_id, sender_id, client_id, body, created_at)
        select c.id, c.members[1 + floor(d.r * cardinality(c.members))::int], 'fill-' || d.g,
          (array[${sql.join(
            bodies.map((b) => sql`${b}`),
            sql`, `,
          )}]::text[])[1 + d.g % ${bodies.length}::int],
          now() - make_interval(secs => (${MESSAGES}::int - d.g) * 30)
        from draw d join conv c on c.k = d.k
        order by d.g`);
      process.stdout.write(`\r${to.toLocaleString('en')} messages…`);
    }
    process.stdout.write('\n');
    // What sending maintains (chat.repo.ts storeMessage, markSeen): the conversation's last activity is its
    // last message's time; a sender has read up to their own message; unread = others' messages since. Most
    // people have read everything; one in four has not looked since they last wrote.
    await db.execute(sql`
      update ${chatConversations} c set last_activity_at = coalesce((select m.created_at from ${chatMessages} m
        where m.conversation_id = c.id order by m.seq desc limit 1), c.created_at)`);
    await db.execute(sql`
      update ${chatParticipants} p set last_read_seq = coalesce(case
        when hashtext(p.conversation_id::text || p.user_id::text) & 3 = 0
        then (select max(m.seq) from ${chatMessages} m
          where m.conversation_id = p.conversation_id and m.sender_id = p.user_id)
        else (select max(m.seq) from ${chatMessages} m where m.conversation_id = p.conversation_id) end, 0)`);
    await db.execute(sql`
      update ${chatParticipants} p set unread_count = (select count(*) from ${chatMessages} m
        where m.conversation_id = p.conversation_id and m.seq > p.last_read_seq
          and m.sender_id is distinct from p.user_id)`);
  }
  const fillSeconds = (performance.now() - started) / 1000;
  // Fresh statistics and visibility map, as autovacuum would leave them on a live server.
  await db.execute(sql`vacuum analyze users, chat_conversations, chat_participants, chat_messages`);

  const team = await db
    .select({ id: users.id, slug: users.slug })
    .from(users)
    .where(sql`${users.email} like 'chat.%@bench.example'`)
    .orderBy(asc(users.email))
    .limit(TEAM);
  const benchId = team[0]!.id;
  const [busiest] = await db
    .select({ id: chatMessages.conversationId, n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .groupBy(chatMessages.conversationId)
    .orderBy(desc(sql`count(*)`))
    .limit(1);
  const total = await count(chatMessages);
  const [unread] = await db
    .select({ n: sql<number>`sum(${chatParticipants.unreadCount})::int` })
    .from(chatParticipants)
    .where(eq(chatParticipants.userId, benchId));
  console.log(
    `${reuse ? 'Measuring' : `Filled in ${fillSeconds.toFixed(1)} s`} on ${database.kind}: ` +
      `${CONVERSATIONS.toLocaleString('en')} conversations (the bench user in all, ${unread?.n ?? 0} unread), ` +
      `${total.toLocaleString('en')} messages, the busiest with ${busiest!.n.toLocaleString('en')}.`,
  );

  // ── sign in ─────────────────────────────────────────────────────────────────────────────────────────
  const app = await buildApp({ database, logger: false, config: { rateLimitMax: 10_000_000 } });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    // The team signs in with a password made for this run (no published credential anywhere).
    const password = randomBytes(18).toString('base64url');
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(
        inArray(
          users.id,
          team.map((t) => t.id),
        ),
      );
    const tokens: string[] = [];
    for (let i = 0; i < team.length; i++) {
      tokens.push(await signIn(app, emailOf(i), password, `10.10.${i >> 8}.${i & 255}`));
    }
    const headers = { authorization: `Bearer ${tokens[0]}` };

    // ── part 1: reads ─────────────────────────────────────────────────────────────────────────────────
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const url: string = `/api/chat/conversations?limit=30${cursor ? `&cursor=${cursor}` : ''}`;
      cursor = (await app.inject({ url, headers })).json<{ nextCursor: string | null }>().nextCursor;
    }
    const [middle] = await db
      .select({ seq: chatMessages.seq })
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, busiest!.id))
      .orderBy(desc(chatMessages.seq))
      .offset(Math.floor(busiest!.n / 2))
      .limit(1);
    type Case = [name: string, url: string, target: number | null];
    const cases: Case[] = [
      ['conversation list, first page', '/api/chat/conversations?limit=30', LIST_TARGET_MS],
      [
        'conversation list, page 11 by cursor',
        `/api/chat/conversations?limit=30${cursor ? `&cursor=${cursor}` : ''}`,
        LIST_TARGET_MS,
      ],
      [
        'messages, latest page (busiest)',
        `/api/chat/conversation?conversationKey=${busiest!.id}`,
        MESSAGES_TARGET_MS,
      ],
      [
        'messages, older page by cursor (busiest, middle)',
        `/api/chat/conversation?conversationKey=${busiest!.id}&cursor=${messagesCursor(middle!.seq)}`,
        MESSAGES_TARGET_MS,
      ],
      [
        'messages, one-to-one by username',
        `/api/chat/conversation?conversationKey=${team[1]!.slug}`,
        MESSAGES_TARGET_MS,
      ],
    ];
    const results: Array<Record<string, string | number>> = [];
    for (const [name, url, target] of cases) {
      const { times, first } = await timeRequests(app, { method: 'GET', url, headers }, RUNS);
      const body = first.json<{ conversations?: unknown[]; conversation?: { messages: unknown[] } }>();
      results.push(
        latencyRow(name, times, target, {
          rows: body.conversations?.length ?? body.conversation?.messages.length ?? 0,
        }),
      );
    }
    console.log(`\nChat reads on ${database.kind}, ${total.toLocaleString('en')} messages (ms):`);
    console.table(results);

    // ── part 2: send → receive ────────────────────────────────────────────────────────────────────────
    const teamIndex = new Map(team.map((t, i) => [t.id, i]));
    const members = new Map<string, string[]>();
    for (const row of await db
      .select({ conversationId: chatParticipants.conversationId, userId: chatParticipants.userId })
      .from(chatParticipants)) {
      members.set(row.conversationId, [...(members.get(row.conversationId) ?? []), row.userId]);
    }
    // Conversations among the team only; each message from one of its people other than the bench user
    // (who is in every conversation and would hit the per-person send limit).
    const live = [...members].filter(([, ids]) => ids.every((id) => teamIndex.has(id)));
    const random = createRandom(7);
    const plan: SenderSetup['plan'] = Array.from({ length: RATE * SECONDS }, () => {
      const [conversationId, ids] = random.pick(live);
      return [conversationId, teamIndex.get(random.pick(ids.filter((id) => id !== benchId)))!];
    });
    await clearPrefix(db, 'write:chatMessage:'); // a previous run's send limits (BENCH_DATA_DIR)
    const runId = randomBytes(4).toString('hex');

    const sockets = new Worker(new URL(import.meta.url), {
      workerData: {
        role: 'sockets',
        url: `${address.replace('http', 'ws')}/api/realtime`,
        tokens,
        sockets: SOCKETS,
      } satisfies SocketsSetup,
    });
    const fromSockets = (async function* () {
      for (;;) yield await new Promise<unknown>((resolve) => sockets.once('message', resolve));
    })();
    if (((await fromSockets.next()).value as { ready?: number }).ready !== SOCKETS) {
      throw new Error('sockets did not all sign in');
    }
    console.log(
      `\n${SOCKETS} sockets signed in (${app.realtime.connectionCount()} on the server, ${team.length} people); ` +
        `sending ${RATE} messages/s for ${SECONDS} s over HTTP to ${live.length} conversations among them…`,
    );
    // The sign-ins' presence events reach every socket first: start once the sockets have been quiet for 1 s.
    for (let waited = 0; waited < 60_000; waited += 250) {
      sockets.postMessage('quiet?');
      if (((await fromSockets.next()).value as { quietFor: number }).quietFor >= 1_000) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const sender = new Worker(new URL(import.meta.url), {
      workerData: {
        role: 'sender',
        url: `${address}/api/chat/messages`,
        tokens,
        plan,
        rate: RATE,
        runId,
      } satisfies SenderSetup,
    });
    const { sent, sendSeconds, warmIds } = await new Promise<{
      sent: Sent[];
      sendSeconds: number;
      warmIds: Array<string | null>;
    }>((resolve) => sender.once('message', resolve));
    await sender.terminate();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    sockets.postMessage('report');
    const { receipts } = (await fromSockets.next()).value as { receipts: Receipt[] };
    await sockets.terminate();

    // Every stored message is expected once on every socket of each of its conversation's participants.
    const socketsOf = new Map<string, number[]>();
    for (let s = 0; s < SOCKETS; s++) {
      const id = team[s % team.length]!.id;
      socketsOf.set(id, [...(socketsOf.get(id) ?? []), s]);
    }
    const arrivals = new Map<string, number[]>();
    const warm = new Set(warmIds);
    for (const [socket, messageId, at] of receipts) {
      if (warm.has(messageId)) continue;
      const key = `${messageId} ${socket}`;
      arrivals.set(key, [...(arrivals.get(key) ?? []), at]);
    }
    const latencies: number[] = [];
    let expected = 0;
    let missing = 0;
    let duplicates = 0;
    let stored = 0;
    sent.forEach((s, n) => {
      if (s.status !== 200 || !s.messageId) return;
      stored++;
      for (const userId of members.get(plan[n]![0]) ?? []) {
        for (const socket of socketsOf.get(userId) ?? []) {
          expected++;
          const key = `${s.messageId} ${socket}`;
          const times = arrivals.get(key);
          arrivals.delete(key);
          if (!times) missing++;
          else {
            if (times.length > 1) duplicates++;
            latencies.push(times[0]! - s.at);
          }
        }
      }
    });
    const unexpected = [...arrivals.values()].reduce((sum, times) => sum + times.length, 0);
    latencies.sort((a, b) => a - b);
    const took = sent.map((s) => s.took).sort((a, b) => a - b);
    const p99 = ms(percentile(latencies, 99));
    const exact = missing === 0 && duplicates === 0 && unexpected === 0;
    const failed = new Map<string, number>();
    for (const s of sent) {
      const key = s.status === 0 ? `no answer (${s.error})` : `HTTP ${s.status}`;
      if (s.status !== 200) failed.set(key, (failed.get(key) ?? 0) + 1);
    }
    console.log(`\nSend → receive on ${database.kind} (ms):`);
    console.table([
      {
        sockets: SOCKETS,
        'sent/s': Math.round(plan.length / sendSeconds),
        sent: plan.length,
        stored,
        'expected pairs': expected,
        received: latencies.length,
        missing,
        duplicates,
        unexpected,
        p50: ms(percentile(latencies, 50)),
        p99,
        max: ms(latencies.at(-1) ?? 0),
        'POST p50': ms(percentile(took, 50)),
        'POST p99': ms(percentile(took, 99)),
      },
    ]);
    const worstList = Math.max(
      ...results.filter((r) => r.target === `p95 ≤ ${LIST_TARGET_MS}`).map((r) => Number(r['p95 ms'])),
    );
    const worstMessages = Math.max(
      ...results.filter((r) => r.target === `p95 ≤ ${MESSAGES_TARGET_MS}`).map((r) => Number(r['p95 ms'])),
    );
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.log(
      `\nConversation list p95 ${worstList} ms (≤ ${LIST_TARGET_MS}): ${verdict(worstList <= LIST_TARGET_MS)}\n` +
        `Page of messages p95 ${worstMessages} ms (≤ ${MESSAGES_TARGET_MS}): ${verdict(worstMessages <= MESSAGES_TARGET_MS)}\n` +
        `Send → receive p99 ${p99} ms (≤ ${LATENCY_TARGET_MS}) at ${RATE}/s on ${SOCKETS} sockets: ${verdict(p99 <= LATENCY_TARGET_MS)}; ` +
        `every stored message on each of its sockets exactly once: ${exact ? 'yes' : 'NO'}` +
        (failed.size
          ? `; sends that failed: ${[...failed].map(([why, n]) => `${n} × ${why}`).join(', ')}`
          : ''),
    );
  } finally {
    await app.close();
    await dispose();
  }
}
