/**
 * Banking at scale (issue 28 C, ADR 049): `npm run bench:banking`. On an embedded database and on a
 * PostgreSQL server, each filled once in SQL:
 *
 * - PEOPLE (5,000) with two accounts each (a current account and a card with a credit limit): 10,000
 *   accounts, and each person's default categories;
 * - TRANSACTIONS (1,000,000) over the last 365 days: 25 % income (salary-sized), 65 % expenses
 *   (groceries-sized, categorised), 10 % transfers to another person; every completed one with its two
 *   postings (the postings' trigger sets the balances, as in production).
 *
 * Then, through the whole API (app.inject: auth, validation, SQL, serialisation):
 * - GET /api/banking/overview (30 and 365 days) and GET /api/banking/transactions (first page; a category
 *   filter; a search), one request at a time, BENCH_RUNS (60) each after 5 to warm up, as a person with a
 *   typical number of transactions. Targets: overview p95 ≤ 50 ms, transactions list p95 ≤ 20 ms.
 * - POST /api/banking/transfers sent at TRANSFER_RATE (200) per second for TRANSFER_SECONDS (10) between
 *   random people: the rate must be sustained (every transfer answered) with p99 ≤ 50 ms.
 * Exits 1 when a target is missed.
 *
 *   node_modules/.bin/node bench/banking.ts                       both databases
 *   BANKING_DATABASES=postgres node_modules/.bin/node bench/banking.ts
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres      the server to create the bench database on
 *   BENCH_DATA_DIR=/tmp/atrium-bench-banking                      keeps (and reuses) the embedded database
 *   BANKING_KEEP_PG=1                                             keeps (and reuses) atrium_bench_banking
 *   TRANSACTIONS=100000 PEOPLE=1000                               smaller runs
 */
import { performance } from 'node:perf_hooks';

import type { Database, Db } from '../src/server/db/client.ts';
import {
  type BenchRow,
  countRows,
  fillOnce,
  hashSql,
  latencyRow,
  ms,
  onBenchDatabases,
  percentile,
  reportTable,
  stepTimer,
  timeRequests,
} from './lib.ts';

const PEOPLE = Number(process.env.PEOPLE ?? 5_000);
const TRANSACTIONS = Number(process.env.TRANSACTIONS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const TRANSFER_RATE = Number(process.env.TRANSFER_RATE ?? 200);
const TRANSFER_SECONDS = Number(process.env.TRANSFER_SECONDS ?? 10);
const BATCH = 100_000;

const { sql } = await import('drizzle-orm');
const { buildApp } = await import('../src/server/app.ts');
const { UNUSABLE_PASSWORD_HASH } = await import('../src/server/lib/passwords.ts');
const { signAccessToken } = await import('../src/server/lib/tokens.ts');
const { createSession } = await import('../src/server/modules/account/account.repo.ts');
const { defaultCategoryRows } = await import('../src/server/modules/banking/banking.repo.ts');
const schema = await import('../src/server/db/schema/index.ts');

/** A stable pseudo-random number 0 … 2^31 − 1 per row `n` and field `k`. */
const h = (k: number, n = 'n') => sql.raw(hashSql(k, n));

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function fill(db: Db): Promise<void> {
  const step = stepTimer();
  await db.execute(sql`insert into users (email, first_name, last_name, password_hash, status, role)
    select 'person' || n || '@banking.bench', 'Person', 'No' || n, ${UNUSABLE_PASSWORD_HASH}, 'active', 'user'
    from generate_series(1, ${PEOPLE}) n`);
  step(`${PEOPLE.toLocaleString('en')} people`);
  await db.execute(sql`create temporary table bench_people as
    select row_number() over (order by email) as p, id from users where email like '%@banking.bench'`);
  await db.execute(sql`insert into banking_profiles (user_id) select id from bench_people`);
  // Two accounts each: account 2p-1 current (ids in order), 2p a card.
  await db.execute(sql`create temporary table bench_accounts as
    select p, bp.id as user_id, k, gen_random_uuid() as id from bench_people bp, (values (1), (2)) v(k)`);
  await db.execute(sql`insert into banking_accounts (id, user_id, kind, name, credit_limit, holder_name, card_last4, card_expiry)
    select id, user_id, case k when 1 then 'current' else 'card' end, case k when 1 then 'Main account' else 'Visa card' end,
      case k when 1 then 0 else 1000000 end, case k when 2 then 'Bench Person' end, case k when 2 then '4242' end,
      case k when 2 then '09/29' end
    from bench_accounts`);
  step(`${(PEOPLE * 2).toLocaleString('en')} accounts`);
  const people = rowsOf<{ id: string }>(await db.execute(sql`select id from bench_people order by p`));
  const categories = people.flatMap((p) =>
    defaultCategoryRows(p.id).map((r) => ({ ...r, id: r.id ?? crypto.randomUUID() })),
  );
  for (let i = 0; i < categories.length; i += 5_000) {
    await db.insert(schema.bankingCategories).values(categories.slice(i, i + 5_000));
  }
  await db.execute(sql`create temporary table bench_groceries as
    select c.user_id, c.id from banking_categories c where c.key = 'groceries'`);
  step(`${categories.length.toLocaleString('en')} categories`);

  for (let from = 1; from <= TRANSACTIONS; from += BATCH) {
    const to = Math.min(TRANSACTIONS, from + BATCH - 1);
    // Kind by n: 0–24 income, 25–89 expense, 90–99 transfer; person p, other person q (never p).
    await db.execute(sql`insert into banking_transactions (id, type, status, source, amount, occurred_on,
        from_account_id, to_account_id, from_user_id, to_user_id, from_category_id, counterparty, created_by, created_at)
      select gen_random_uuid(), kind, 'completed', 'seed', amount, day, from_acc, to_acc, from_user, to_user, cat,
        counterparty, coalesce(from_user, to_user), day + make_interval(secs => ${h(7)} % 86400)
      from (
        select n, x.kind, x.amount, (current_date - (${h(3)} % 365)::int) as day,
          case x.kind when 'income' then '00000000-0000-4000-8000-000000000001'::uuid else a.id end as from_acc,
          case x.kind when 'income' then a.id when 'expense' then '00000000-0000-4000-8000-000000000001'::uuid else b.id end as to_acc,
          case x.kind when 'income' then null else a.user_id end as from_user,
          case x.kind when 'income' then a.user_id when 'expense' then null else b.user_id end as to_user,
          case x.kind when 'expense' then g.id end as cat,
          case x.kind when 'income' then 'Employer' when 'expense' then 'Fresh Market' else '' end as counterparty
        from generate_series(${from}::int, ${to}::int) n
        cross join lateral (select case when ${h(1)} % 100 < 25 then 'income' when ${h(1)} % 100 < 90 then 'expense' else 'transfer' end as kind) k0
        cross join lateral (select k0.kind, case k0.kind when 'income' then 100000 + ${h(2)} % 100000
          when 'expense' then 100 + ${h(2)} % 9900 else 100 + ${h(2)} % 4900 end as amount) x
        join bench_accounts a on a.p = 1 + ${h(4)} % ${PEOPLE} and a.k = case when x.kind = 'expense' and ${h(5)} % 2 = 0 then 2 else 1 end
        join bench_accounts b on b.p = 1 + (a.p + ${h(6)} % (${PEOPLE} - 1)) % ${PEOPLE} and b.k = 1
        left join bench_groceries g on g.user_id = a.user_id
      ) s`);
    step(`transactions ${from.toLocaleString('en')}–${to.toLocaleString('en')}`);
  }
  // Postings in batches of transactions (both of a transaction in one statement, as the trigger wants),
  // every income before any expense or transfer, so no account dips below its floor between batches.
  await db.execute(sql`create temporary table bench_order as
    select id, row_number() over (order by type <> 'income', id) as r from banking_transactions`);
  await db.execute(sql`create unique index on bench_order (r)`);
  for (let lo = 1; lo <= TRANSACTIONS; lo += BATCH) {
    await db.execute(sql`insert into banking_postings (transaction_id, account_id, amount)
      select t.id, p.account_id, p.amount from bench_order o join banking_transactions t on t.id = o.id
      cross join lateral (values (t.from_account_id, -t.amount), (t.to_account_id, t.amount)) p(account_id, amount)
      where o.r between ${lo} and ${lo + BATCH - 1}`);
  }
  step('postings and balances');
  // As autovacuum would have by then: the balances' bulk updates above left dead rows behind.
  await db.execute(sql`vacuum analyze`);
  step('vacuum analyze');
}

async function tokenFor(app: Awaited<ReturnType<typeof buildApp>>, db: Db, userId: string) {
  const session = await createSession(db, {
    userId,
    refreshHash: 'bench',
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return signAccessToken(app.secret, { userId, sessionId: session.id }, 3_600);
}

async function measure(database: Database): Promise<BenchRow[]> {
  const db = database.db;
  await fillOnce(
    database,
    // The fill's (source 'seed'): the transfers of earlier runs are there too in a kept database.
    async () => (await countRows(database, 'banking_transactions', "source = 'seed'")) === TRANSACTIONS,
    () => fill(db),
  );

  const app = await buildApp({ database, logger: false, config: { rateLimitMax: 1_000_000_000 } });
  await app.ready();
  const rows: BenchRow[] = [];
  try {
    const [typical] = rowsOf<{ id: string; n: number }>(
      await db.execute(sql`select from_user_id as id, count(*)::int as n from banking_transactions
        where from_user_id is not null group by 1 order by abs(count(*) - ${Math.round((TRANSACTIONS * 0.75) / PEOPLE)}), 1 limit 1`),
    );
    const token = await tokenFor(app, db, typical!.id);
    const headers = { authorization: `Bearer ${token}` };
    const [category] = rowsOf<{ id: string }>(
      await db.execute(
        sql`select id from banking_categories where user_id = ${typical!.id} and key = 'groceries'`,
      ),
    );
    const today = new Date().toISOString().slice(0, 10);
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    const cases: Array<{ name: string; url: string; target: number }> = [
      {
        name: 'overview, 30 days',
        url: `/api/banking/overview?from=${ago(29)}&to=${today}&tz=Asia/Kolkata&period=month`,
        target: 50,
      },
      {
        name: 'overview, 365 days',
        url: `/api/banking/overview?from=${ago(364)}&to=${today}&tz=America/New_York&period=week`,
        target: 50,
      },
      { name: 'transactions, page 1', url: '/api/banking/transactions?page=1&pageSize=10', target: 20 },
      {
        name: 'transactions, category',
        url: `/api/banking/transactions?categoryId=${category!.id}&sort=amount`,
        target: 20,
      },
      { name: 'transactions, search', url: '/api/banking/transactions?search=market&page=2', target: 20 },
    ];
    for (const c of cases) {
      const { times } = await timeRequests(app, { method: 'GET', url: c.url, headers }, RUNS);
      rows.push(latencyRow(`${database.kind}: ${c.name}`, times, c.target, { rows: typical!.n }));
    }

    // Transfers at a steady rate between random people (current accounts, funded by the fill).
    const senders = rowsOf<{ user_id: string; id: string }>(
      await db.execute(sql`select user_id, id from banking_accounts where kind = 'current' and balance > 100000
        order by md5(id::text) limit 200`),
    );
    const tokens = await Promise.all(senders.map((s) => tokenFor(app, db, s.user_id)));
    const total = TRANSFER_RATE * TRANSFER_SECONDS;
    const latencies: number[] = [];
    let failed = 0;
    const started = performance.now();
    const inFlight: Array<Promise<void>> = [];
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / TRANSFER_RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const from = i % senders.length;
      const to = (from + 1 + (i % (senders.length - 1))) % senders.length;
      const t0 = performance.now();
      inFlight.push(
        app
          .inject({
            method: 'POST',
            url: '/api/banking/transfers',
            headers: { authorization: `Bearer ${tokens[from]!}` },
            payload: {
              fromAccountId: senders[from]!.id,
              toUserId: senders[to]!.user_id,
              amount: 100 + (i % 900),
              idempotencyKey: `bench-${database.kind}-${Date.now()}-${i}`,
            },
          })
          .then((res) => {
            latencies.push(performance.now() - t0);
            if (res.statusCode !== 201) failed++;
          }),
      );
    }
    await Promise.all(inFlight);
    const seconds = (performance.now() - started) / 1000;
    const sorted = latencies.sort((a, b) => a - b);
    const p99 = ms(percentile(sorted, 99));
    const rate = Math.round(total / seconds);
    const met = failed === 0 && p99 <= 50 && rate >= TRANSFER_RATE * 0.95;
    const row = {
      case: `${database.kind}: transfers at ${TRANSFER_RATE}/s`,
      rows: total,
      'p50 ms': ms(percentile(sorted, 50)),
      'p95 ms': ms(percentile(sorted, 95)),
      'p99 ms': p99,
      target: `${TRANSFER_RATE}/s, p99 ≤ 50 (got ${rate}/s, ${failed} failed)`,
      '': met ? 'met' : 'NOT met',
    };
    console.log(JSON.stringify(row));
    rows.push(row);
  } finally {
    await app.close();
  }
  return rows;
}

const { rows, failed } = await onBenchDatabases({ name: 'banking', env: 'BANKING' }, measure);
reportTable(
  `Banking (ms): ${PEOPLE.toLocaleString('en')} people, ${(PEOPLE * 2).toLocaleString('en')} accounts, ` +
    `${TRANSACTIONS.toLocaleString('en')} transactions, ${RUNS} runs each:`,
  rows,
  failed,
);
