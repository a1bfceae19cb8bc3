/**
 * Deleting an account (issue 32 C, ADR 058). A member active in every area (testing/footprint.ts: mail,
 * chat, calendar, kanban, shop, invoices, blog, files, banking, booking, contact…) deletes their own
 * account; then nothing personal is left in any table: every text column of every table is searched for
 * their email address and their name. What others depend on stays, anonymised: messages in others'
 * conversations and mailboxes, orders in the books, invoices.
 */
import { count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { InvoicePage } from '#shared/contract/invoices.ts';
import type { OrderPage } from '#shared/contract/orders.ts';

import {
  chatMessages,
  chatParticipants,
  invoices,
  mailEntries,
  orders,
  sessions,
} from '../../db/schema/index.ts';
import { appWithFootprint } from '../../testing/footprint.ts';
import { apiCalls } from '../../testing/http.ts';
import { member, type Member } from '../../testing/members.ts';
import { GOOD_PASSWORD, type TestApp } from '../../testing/test-app.ts';
import { mentionPattern, mentionsOf } from './erase.ts';

let t: TestApp;
let admin: Member;
let person: Member;
let other: Member;
const NAME = 'Ida Erasmus';

const { call, ok } = apiCalls(() => t.app, '/api');

const rowsOf = async <T>(query: SQL): Promise<T[]> =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Where `needle` (case-insensitively) is written in any text, JSON or array column: `table.column` → rows. */
async function traces(needle: string): Promise<Record<string, number>> {
  const columns = await rowsOf<{ table: string; column: string }>(sql`
    select table_name as "table", column_name as "column"
    from information_schema.columns
    where table_schema = current_schema()
      and data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')
    order by table_name, column_name`);
  const found: Record<string, number> = {};
  for (const { table, column } of columns) {
    const [row] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)}
          where position(lower(${needle}) in lower(${sql.identifier(column)}::text)) > 0`,
    );
    if (row?.n) found[`${table}.${column}`] = row.n;
  }
  return found;
}

/** Rows that still point at `userId` through any foreign key to users. */
async function references(userId: string): Promise<Record<string, number>> {
  const columns = await rowsOf<{ table: string; column: string }>(sql`
    select c.conrelid::regclass::text as "table", a.attname as "column"
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
    where c.contype = 'f' and c.confrelid = 'users'::regclass`);
  const found: Record<string, number> = {};
  for (const { table, column } of columns) {
    const [row] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table.replace(/^"|"$/g, ''))}
          where ${sql.identifier(column)} = ${userId}`,
    );
    if (row?.n) found[`${table}.${column}`] = row.n;
  }
  return found;
}

const tables = (found: Record<string, number>) => new Set(Object.keys(found).map((k) => k.split('.')[0]));

const signIn = (email: string) => call(null, 'POST', '/account/login', { email, password: GOOD_PASSWORD });

beforeAll(async () => {
  ({ t, admin, person, other } = await appWithFootprint());
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('mentions', () => {
  const ida = mentionsOf({ firstName: 'Ida', lastName: 'Erasmus', email: 'ida@example.com' });
  const matches = async (pattern: string, text: string) =>
    (await rowsOf<{ m: boolean }>(sql`select ${text} ~* ${pattern} as m`))[0]?.m;

  it('match the whole name or address in any case, not inside a longer word or address', async () => {
    const [email, name] = ida.map((m) => mentionPattern(m, 'text'));
    expect(await matches(name!, 'Thanks, ida erasmus!')).toBe(true);
    expect(await matches(name!, "Ida Erasmus's card")).toBe(true);
    expect(await matches(name!, 'Ida Erasmusson')).toBe(false);
    expect(await matches(name!, 'Frida Erasmus')).toBe(false);
    expect(await matches(email!, 'Write to IDA@example.com.')).toBe(true);
    expect(await matches(email!, 'x.ida@example.com')).toBe(false);
    expect(await matches(email!, 'ida@example.com.au')).toBe(false);
  });
});

describe('deleting my own account', () => {
  it('has something to erase: the person is written in many tables', async () => {
    expect(tables(await traces(person.email)).size).toBeGreaterThanOrEqual(10);
    expect(tables(await traces(NAME)).size).toBeGreaterThanOrEqual(30);
  });

  it('takes the password again: a wrong one deletes nothing', async () => {
    const res = await call(person, 'POST', '/account/my-account/delete', {
      currentPassword: 'not my password',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_PASSWORD' });
    expect((await call(person, 'POST', '/account/my-account/delete', {})).statusCode).toBe(400);
    expect((await call(person, 'GET', '/account/my-account')).statusCode).toBe(200);
  });

  it('refuses the last administrator', async () => {
    const res = await call(admin, 'POST', '/account/my-account/delete', { currentPassword: GOOD_PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'LAST_ADMIN' });
  });

  it('ends every session at once and leaves no trace of the email or the name; what others depend on stays', async () => {
    const db = t.database.db;
    const othersConversations = db
      .select({ id: chatParticipants.conversationId })
      .from(chatParticipants)
      .where(eq(chatParticipants.userId, other.id));
    const kept = async () => ({
      orders: (await db.select({ n: count() }).from(orders))[0]!.n,
      invoices: (await db.select({ n: count() }).from(invoices))[0]!.n,
      chat: (
        await db
          .select({ n: count() })
          .from(chatMessages)
          .where(inArray(chatMessages.conversationId, othersConversations))
      )[0]!.n,
      othersMail: (
        await db.select({ n: count() }).from(mailEntries).where(eq(mailEntries.userId, other.id))
      )[0]!.n,
    });
    const before = await kept();
    expect(before.orders).toBeGreaterThan(0);

    const res = await call(person, 'POST', '/account/my-account/delete', { currentPassword: GOOD_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);

    expect(await traces(person.email)).toEqual({});
    expect(await traces(NAME)).toEqual({});
    expect(await references(person.id)).toEqual({});

    // Signed out everywhere, and the account cannot sign in again (the attempt is counted, under the
    // address typed, like any other failed sign-in).
    expect((await call(person, 'GET', '/account/my-account')).statusCode).toBe(401);
    expect(await db.select().from(sessions).where(eq(sessions.userId, person.id))).toEqual([]);
    expect((await signIn(person.email)).statusCode).toBe(401);

    // The shop's books, the invoices, the other person's conversations and mailbox keep their rows.
    expect(await kept()).toEqual(before);
    const { orders: page } = await ok<OrderPage>(admin, 'GET', '/orders/admin');
    const theirs = page.filter((order) => order.customer.id === null);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs[0]!.customer).toMatchObject({ name: '', email: '' });
    const { invoices: books } = await ok<InvoicePage>(admin, 'GET', '/invoices');
    expect(books.some((invoice) => invoice.owner.id === null)).toBe(true);
  }, 120_000);
});

describe('a namesake', () => {
  it("keeps their own name: only the deleted person's address is swept", async () => {
    const first = await member(t.app, 'Sam', 'Same');
    const second = await member(t.app, 'Sam', 'Same');
    await ok(second, 'PATCH', '/account/my-account', { about: 'I am Sam Same, write to me' });
    await ok(first, 'PATCH', '/account/my-account', { about: `Sam Same, ${first.email}` });
    const res = await call(first, 'POST', '/account/my-account/delete', { currentPassword: GOOD_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(await traces(first.email)).toEqual({});
    const { user } = await ok<{ user: { firstName: string; lastName: string; about: string } }>(
      second,
      'GET',
      '/account/my-account',
    );
    expect(user).toMatchObject({ firstName: 'Sam', lastName: 'Same', about: 'I am Sam Same, write to me' });
  });
});

describe('an administrator deletes someone', () => {
  it('goes the same way: the person is erased, the audit trail says an account went but not whose', async () => {
    const zoe = await member(t.app, 'Zoe', 'Zimmermann');
    await ok(zoe, 'PATCH', '/account/my-account', { about: 'Zoe Zimmermann here' });
    const res = await call(admin, 'DELETE', `/users/${zoe.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect((await call(zoe, 'GET', '/account/my-account')).statusCode).toBe(401);
    expect(await traces(zoe.email)).toEqual({});
    expect(await traces('Zoe Zimmermann')).toEqual({});
    const audit = await ok<{ entries: { action: string; targetUserId: string; targetLabel: string }[] }>(
      admin,
      'GET',
      `/audit-log?targetUserId=${zoe.id}`,
    );
    expect(audit.entries[0]).toMatchObject({
      action: 'user.delete',
      targetUserId: zoe.id,
      targetLabel: 'Deleted user',
    });
  });
});
