/**
 * Many invoices (issue #14), part of `npm run bench`. Fills a fresh embedded database (or DATABASE_URL, an
 * empty database you provide) with INVOICES (100,000) invoices in SQL: a year and a half of create dates,
 * 500 customers, eight services, one to three lines each, every status (a share of the pending ones past
 * due, so overdue), owned by the bench's administrator and 50 users; then, through the whole API
 * (app.inject: auth, validation, SQL, serialisation), one request at a time, BENCH_RUNS (200) each: list
 * pages with the tabs' counts and amounts, in representative filters and sorts (target p95 ≤ 50 ms), one
 * invoice, and the PDF in three languages (target p95 ≤ 300 ms).
 *
 *   node_modules/.bin/node bench/invoices.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/atrium_bench_invoices node_modules/.bin/node bench/invoices.ts
 *   BENCH_DATA_DIR=/tmp/atrium-bench-invoices node_modules/.bin/node bench/invoices.ts   (keeps and reuses the data)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import { latencyRow, openBenchDatabase, requireEmptyDatabase, signIn, timeRequests } from './lib.ts';

const INVOICES = Number(process.env.INVOICES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const PDF_RUNS = Number(process.env.BENCH_PDF_RUNS ?? 40);
const LIST_TARGET_MS = 50;
const PDF_TARGET_MS = 300;
const OWNERS = 50;
const CUSTOMERS = 500;

const { sql } = await import('drizzle-orm');
const { buildApp } = await import('../src/server/app.ts');
const { invoices, users } = await import('../src/server/db/schema/index.ts');
const { hashPassword, UNUSABLE_PASSWORD_HASH } = await import('../src/server/lib/passwords.ts');
const { DEMO_FROM_ADDRESSES, DEMO_SERVICES } =
  await import('../src/server/modules/invoices/invoices.seed.ts');

const keep = process.env.BENCH_DATA_DIR;
const { database, dispose } = await openBenchDatabase('invoices', keep);
const db = database.db;
/** The bench's password, kept with the data when BENCH_DATA_DIR keeps it. */
const passwordFile = keep ? path.join(keep, 'bench-password') : null;

try {
  const userCount = Number((await db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n);
  const invoiceCount = Number((await db.select({ n: sql<number>`count(*)::int` }).from(invoices))[0]?.n);
  let password: string;
  if (passwordFile && userCount && invoiceCount === INVOICES && fs.existsSync(passwordFile)) {
    password = fs.readFileSync(passwordFile, 'utf8');
    console.log(`Reusing ${INVOICES.toLocaleString('en')} invoices in ${keep}.`);
  } else {
    requireEmptyDatabase(userCount, 'invoices.ts');
    const started = performance.now();
    password = randomBytes(18).toString('base64url');
    if (passwordFile) fs.writeFileSync(passwordFile, password, { mode: 0o600 });
    const hash = await hashPassword(password);
    await db.insert(users).values(
      Array.from({ length: OWNERS + 1 }, (_, i) => ({
        email: `billing.${i}@bench.example`,
        passwordHash: i < 2 ? hash : UNUSABLE_PASSWORD_HASH,
        firstName: `Biller${i}`,
        lastName: 'Bench',
        role: i === 0 ? ('admin' as const) : ('user' as const),
      })),
    );
    const h = (k: number) => sql.raw(`(hashint4(n * 7919 + ${k}) & 2147483647)`);
    await db.execute(sql`
      insert into invoice_from_addresses (name, company, email, phone_number, full_address, is_primary)
      values ${sql.join(
        DEMO_FROM_ADDRESSES.map(
          (a, i) =>
            sql`(${a.name}, ${a.company}, ${a.email}, ${a.phoneNumber}, ${a.fullAddress}, ${i === 0})`,
        ),
        sql`, `,
      )}`);
    await db.execute(sql`
      insert into invoice_services (name, price)
      values ${sql.join(
        DEMO_SERVICES.map((s) => sql`(${s.name}, ${s.price})`),
        sql`, `,
      )}`);
    await db.execute(sql`
      insert into invoice_customers (name, company, email, phone_number, full_address)
      select (array['Jayvion','Lucian','Deja','Harrison','Reece','Camille','Étienne','Chloé','Hương','Đức',
          '王伟','李娜','محمد','فاطمة','Amara','Noah'])[1 + ${h(1)} % 16] || ' ' ||
          (array['Simon','Obrien','Brady','Stein','Chung','Dubois','Martin','Nguyễn','Trần','张','العلي','Okafor'])[1 + ${h(2)} % 12] || ' ' || n,
        'Company ' || n, 'customer.' || n || '@bench.example', '+1 555-01' || lpad((n % 100)::text, 2, '0'),
        n || ' Market Street, Springfield'
      from generate_series(1, ${CUSTOMERS}::int) n`);
    // Lines first (as a temporary table), then invoices whose figures are the lines' (as the API computes).
    await db.execute(sql`
      create temporary table bench_lines as
      select n, l as position, s.id as service_id, s.name as service, 1 + ${h(10)} % 5 as quantity,
        s.price + (${h(11)} % 3 - 1) * 500 as price
      from generate_series(1, ${INVOICES}::int) n
      cross join lateral generate_series(0, ${h(12)} % 3) l
      cross join lateral (select id, name, price from invoice_services
        order by name offset (hashint4(n * 31 + l) & 2147483647) % 8 limit 1) s`);
    await db.execute(sql`create index on bench_lines (n)`);
    await db.execute(sql`analyze bench_lines`);
    await db.execute(sql`
      insert into invoices (number, owner_id, status, from_address_id, invoice_from, customer_id, invoice_to,
        customer_sort, create_date, due_date, subtotal, shipping, discount, taxes, tax_amount, total, currency,
        language, notes, sent, paid_at, service_ids, created_at, updated_at)
      select 1000 + n, o.id, st.status, f.id,
        jsonb_build_object('name', f.name, 'company', f.company, 'email', f.email, 'phoneNumber', f.phone_number, 'fullAddress', f.full_address),
        c.id,
        jsonb_build_object('name', c.name, 'company', c.company, 'email', c.email, 'phoneNumber', c.phone_number, 'fullAddress', c.full_address),
        lower(c.name), d.created, d.created + d.term, t.subtotal, 0, 0, tx.rate,
        round(t.subtotal * tx.rate / 100), t.subtotal + round(t.subtotal * tx.rate / 100), 'USD',
        (array['en','fr','vi','cn','ar'])[1 + ${h(20)} % 5], '', case when st.status = 'draft' then 0 else 1 end,
        case when st.status = 'paid' then d.created + d.term end, t.service_ids, d.created, d.created
      from generate_series(1, ${INVOICES}::int) as g(n)
      cross join lateral (select (current_date - (${h(21)} % 540))::date as created, (array[7, 14, 30, 30, 60])[1 + ${h(22)} % 5] as term) d
      cross join lateral (select case when ${h(23)} % 10 < 6 then 'paid' when ${h(23)} % 10 < 8 then 'pending' else 'draft' end as status) st
      cross join lateral (select (array[0, 5, 10, 20])[1 + ${h(24)} % 4]::numeric as rate) tx
      cross join lateral (select sum(b.quantity * b.price)::bigint as subtotal,
        array_agg(distinct b.service_id) as service_ids from bench_lines b where b.n = g.n) t
      cross join lateral (select id from users where email = 'billing.' || (case when ${h(25)} % 4 = 0 then 0 else 1 + ${h(26)} % ${OWNERS} end) || '@bench.example') o
      cross join lateral (select * from invoice_customers order by email offset ${h(27)} % ${CUSTOMERS} limit 1) c
      cross join lateral (select * from invoice_from_addresses where is_primary) f
      order by g.n`);
    await db.execute(sql`select setval('invoices_number_seq', ${1000 + INVOICES})`);
    await db.execute(sql`
      insert into invoice_items (invoice_id, position, title, description, service_id, service, quantity, price, total)
      select i.id, b.position, b.service || ' work', '', b.service_id, b.service, b.quantity, b.price, b.quantity * b.price
      from bench_lines b join invoices i on i.number = 1000 + b.n`);
    await db.execute(sql`drop table bench_lines`);
    await db.execute(sql`vacuum analyze`);
    console.log(
      `Filled in ${((performance.now() - started) / 1000).toFixed(1)} s on ${database.kind}: ` +
        `${INVOICES.toLocaleString('en')} invoices.`,
    );
  }

  const app = await buildApp({ database, logger: false, config: { rateLimitMax: 10_000_000 } });
  try {
    const admin = { authorization: `Bearer ${await signIn(app, 'billing.0@bench.example', password)}` };
    const user = { authorization: `Bearer ${await signIn(app, 'billing.1@bench.example', password)}` };
    const results: Array<Record<string, string | number>> = [];
    const measure = async (name: string, url: string, target: number, headers = admin, runs = RUNS) => {
      const { times, first } = await timeRequests(app, { method: 'GET', url, headers }, runs);
      const type = String(first.headers['content-type'] ?? '');
      const body = type.startsWith('application/json') ? first.json<{ total?: number }>() : {};
      const extra = type.startsWith('application/pdf')
        ? `${Math.round(first.rawPayload.length / 1024)} KiB`
        : typeof body.total === 'number'
          ? `${body.total.toLocaleString('en')} match`
          : '';
      results.push(latencyRow(name, times, target, { result: extra }));
    };

    const serviceRows = (await db.execute(
      sql`select id from invoice_services where name = 'Hosting'`,
    )) as unknown as { rows: Array<{ id: string }> };
    const hostingId = serviceRows.rows[0]?.id;
    const month = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    const monthEnd = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const list = '/api/invoices?pageSize=10';
    await measure('admin: all, newest first', list, LIST_TARGET_MS);
    await measure('admin: overdue tab', `${list}&status=overdue`, LIST_TARGET_MS);
    await measure('admin: paid tab by total', `${list}&status=paid&sort=total`, LIST_TARGET_MS);
    await measure('admin: by customer, page 50', `${list}&sort=customer&order=asc&page=50`, LIST_TARGET_MS);
    await measure('admin: by due date', `${list}&sort=dueDate`, LIST_TARGET_MS);
    await measure('admin: search a customer', `${list}&search=company%2042`, LIST_TARGET_MS);
    await measure('admin: search a number', `${list}&search=INV-51234`, LIST_TARGET_MS);
    await measure('admin: one service', `${list}&service=${hostingId}`, LIST_TARGET_MS);
    await measure('admin: a month', `${list}&startDate=${month}&endDate=${monthEnd}`, LIST_TARGET_MS);
    await measure('user: own invoices', list, LIST_TARGET_MS, user);
    await measure('user: own overdue', `${list}&status=overdue`, LIST_TARGET_MS, user);
    const [one] = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(sql`number = 1000 + ${Math.ceil(INVOICES / 2)}`);
    await measure('an invoice', `/api/invoices/${one!.id}`, LIST_TARGET_MS);
    for (const lang of ['en', 'cn', 'ar']) {
      await measure(
        `PDF (${lang})`,
        `/api/invoices/${one!.id}/pdf?lang=${lang}`,
        PDF_TARGET_MS,
        admin,
        PDF_RUNS,
      );
    }
    console.log(`\nInvoices on ${database.kind}, ${INVOICES.toLocaleString('en')} invoices (ms):`);
    console.table(results);
  } finally {
    await app.close();
  }
} finally {
  await dispose();
}
