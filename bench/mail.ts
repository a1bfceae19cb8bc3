/**
 * A large mailbox (issue #11), part of `npm run bench`. Fills a fresh embedded database (or DATABASE_URL, an
 * empty database you provide) with MAIL_COUNT (100,000) mails to one user from 200 people, in SQL (folders,
 * read state, stars and labels spread as a real mailbox has them), then reads through the whole API
 * (app.inject: auth, validation, SQL, serialisation), one request at a time, BENCH_RUNS (200) each:
 * a label page (inbox first page, a page further on by cursor, all mail, starred, a custom label), the
 * label counts, and searches. Targets: label page p95 ≤ 50 ms, counts p95 ≤ 20 ms, search p95 ≤ 100 ms.
 *
 *   node_modules/.bin/node bench/mail.ts
 *   MAIL_COUNT=10000 BENCH_RUNS=50 node_modules/.bin/node bench/mail.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/atrium_bench_mail node_modules/.bin/node bench/mail.ts
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';

import { latencyRow, openBenchDatabase, requireEmptyDatabase, signIn, timeRequests } from './lib.ts';

const COUNT = Number(process.env.MAIL_COUNT ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const PEOPLE = 200;
const PAGE_TARGET_MS = 50;
const COUNTS_TARGET_MS = 20;
const SEARCH_TARGET_MS = 100;

const { eq, sql } = await import('drizzle-orm');
const { buildApp } = await import('../src/server/app.ts');
const { mailEntries, mailLabels, users } = await import('../src/server/db/schema/index.ts');
const { hashPassword, UNUSABLE_PASSWORD_HASH } = await import('../src/server/lib/passwords.ts');

const { database, dispose } = await openBenchDatabase('mail');
const db = database.db;
try {
  requireEmptyDatabase(
    Number((await db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n),
    'mail.ts',
  );
  const started = performance.now();
  const password = randomBytes(18).toString('base64url');
  const [me] = await db
    .insert(users)
    .values({
      email: 'mail.bench@bench.example',
      passwordHash: await hashPassword(password),
      firstName: 'Mail',
      lastName: 'Bench',
    })
    .returning({ id: users.id });
  await db.insert(users).values(
    Array.from({ length: PEOPLE }, (_, i) => ({
      email: `sender.${i}@bench.example`,
      passwordHash: UNUSABLE_PASSWORD_HASH,
      firstName: `Sender${i}`,
      lastName: ['Lovelace', 'Hopper', 'Turing', 'Curie', 'Noether'][i % 5]!,
    })),
  );
  const labels = await db
    .insert(mailLabels)
    .values(['Social', 'Promotions', 'Forums'].map((name) => ({ userId: me!.id, name })))
    .returning({ id: mailLabels.id });

  // Messages and my copies in SQL, in chunks of 10,000: one every 5 minutes until now; 3 % unread, 2 % starred;
  // folders 80 % inbox, 10 % archive, 6 % sent, 2 % trash, 2 % spam; every 10th in one of the labels.
  const words = [
    'invoice',
    'meeting',
    'report',
    'release',
    'budget',
    'travel',
    'contract',
    'design',
    'review',
    'launch',
    'roadmap',
    'hiring',
    'lunch',
    'security',
    'update',
    'quarterly',
    'feedback',
    'customer',
    'support',
    'party',
  ];
  const wordsSql = sql.raw(`(array[${words.map((w) => `'${w}'`).join(',')}])`);
  for (let from = 0; from < COUNT; from += 10_000) {
    const to = Math.min(COUNT, from + 10_000);
    await db.execute(sql`
      with n as (select g as i from generate_series(${from}::int, ${to - 1}::int) g),
      m as (
        insert into mail_messages (sender_id, "from", "to", subject, html, text, sent_at, created_at, updated_at)
        select s.id, jsonb_build_object('name', s.first_name || ' ' || s.last_name, 'email', s.email),
          jsonb_build_array(jsonb_build_object('name', 'Mail Bench', 'email', 'mail.bench@bench.example')),
          initcap(${wordsSql}[1 + (n.i * 7) % 20]) || ' ' || ${wordsSql}[1 + (n.i * 13) % 20] || ' #' || n.i,
          '<p>Message ' || n.i || '</p>',
          'Message ' || n.i || ' about the ' || ${wordsSql}[1 + (n.i * 3) % 20] || ' and the ' || ${wordsSql}[1 + (n.i * 11) % 20] || '. Let me know what you think.',
          now() - make_interval(mins => (${COUNT}::int - n.i) * 5),
          now() - make_interval(mins => (${COUNT}::int - n.i) * 5),
          now() - make_interval(mins => (${COUNT}::int - n.i) * 5)
        from n join lateral (select id, first_name, last_name, email from users where email = 'sender.' || (n.i % ${PEOPLE}::int) || '@bench.example') s on true
        returning id, sent_at, (regexp_match(subject, '#(\\d+)$'))[1]::int as i
      )
      insert into mail_entries (user_id, message_id, folder, is_read, is_starred, at)
      select ${me!.id}, m.id,
        case when m.i % 50 = 7 then 'trash' when m.i % 50 = 8 then 'spam' when m.i % 100 < 6 then 'sent'
          when m.i % 10 = 9 then 'archive' else 'inbox' end,
        m.i % 33 <> 0, m.i % 50 = 3, m.sent_at
      from m`);
  }
  await db.execute(sql`
    insert into mail_entry_labels (entry_id, label_id)
    select e.id, (array[${labels[0]!.id}::uuid, ${labels[1]!.id}::uuid, ${labels[2]!.id}::uuid])[1 + (row_number() over (order by e.at))::int % 3]
    from ${mailEntries} e where e.user_id = ${me!.id} and abs(hashtext(e.id::text)) % 10 = 0`);
  await db.execute(sql`analyze`);
  const fillSeconds = (performance.now() - started) / 1000;
  const [unread] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mailEntries)
    .where(sql`${eq(mailEntries.userId, me!.id)} and not is_read`);
  console.log(
    `Filled in ${fillSeconds.toFixed(1)} s on ${database.kind}: ${COUNT.toLocaleString('en')} mails for one user ` +
      `(${unread?.n.toLocaleString('en')} unread), from ${PEOPLE} people, 3 custom labels.`,
  );

  const app = await buildApp({ database, logger: false, config: { rateLimitMax: 10_000_000 } });
  try {
    const token = await signIn(app, 'mail.bench@bench.example', password);
    const headers = { authorization: `Bearer ${token}` };
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const url: string = `/api/mail/mails?systemLabel=inbox${cursor ? `&cursor=${cursor}` : ''}`;
      cursor = (await app.inject({ url, headers })).json<{ nextCursor: string | null }>().nextCursor;
    }
    type Case = [name: string, url: string, target: number];
    const cases: Case[] = [
      ['inbox, first page', '/api/mail/mails?systemLabel=inbox', PAGE_TARGET_MS],
      ['inbox, page 11 by cursor', `/api/mail/mails?systemLabel=inbox&cursor=${cursor}`, PAGE_TARGET_MS],
      ['all mail, first page', '/api/mail/mails?systemLabel=all', PAGE_TARGET_MS],
      ['starred', '/api/mail/mails?systemLabel=starred', PAGE_TARGET_MS],
      ['custom label', `/api/mail/mails?customLabel=${labels[2]!.id}`, PAGE_TARGET_MS],
      ['label counts', '/api/mail/labels', COUNTS_TARGET_MS],
      ['search "invoice" (all mail)', '/api/mail/mails?systemLabel=all&search=invoice', SEARCH_TARGET_MS],
      ['search "budg rev" (prefixes)', '/api/mail/mails?systemLabel=all&search=budg%20rev', SEARCH_TARGET_MS],
      ['search a sender "sender17"', '/api/mail/mails?systemLabel=inbox&search=sender17', SEARCH_TARGET_MS],
    ];
    const results: Array<Record<string, string | number>> = [];
    for (const [name, url, target] of cases) {
      const { times, first } = await timeRequests(app, { method: 'GET', url, headers }, RUNS);
      const body = first.json<{ mails?: unknown[]; labels?: unknown[] }>();
      results.push(latencyRow(name, times, target, { rows: body.mails?.length ?? body.labels?.length ?? 0 }));
    }
    console.log(`\nMail on ${database.kind}, ${COUNT.toLocaleString('en')} mails in one mailbox (ms):`);
    console.table(results);
  } finally {
    await app.close();
  }
} finally {
  await dispose();
}
