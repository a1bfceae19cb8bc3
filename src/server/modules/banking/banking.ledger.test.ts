import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../app.ts';
import type { Database, Db } from '../../db/client.ts';
import {
  bankingAccounts,
  bankingAudit,
  bankingPostings,
  bankingRecurring,
  bankingTransactions,
  EXTERNAL_ACCOUNT_ID,
  users,
} from '../../db/schema/index.ts';
import { createRandom } from '../../db/seed/random.ts';
import { UNUSABLE_PASSWORD_HASH } from '../../lib/passwords.ts';
import { member } from '../../testing/members.ts';
import { withQueryLog } from '../../testing/query-log.ts';
import { createTestDbs } from '../../testing/test-db.ts';
import { LedgerError, recordEntry, transfer, type MoveResult } from './banking.ledger.ts';
import { runRecurring, nextOccurrence } from './banking.recurring.ts';
import { ensureProfile } from './banking.repo.ts';

/**
 * The ledger under load (issue 28 C, ADR 049), on PGlite and on PostgreSQL (where the two connections are
 * two pools, as two app instances would have).
 */

let databases: Database[];
const db = (): Db => databases[0]!.db;
const peerDb = (): Db => databases[1]!.db;

async function people(n: number, prefix: string): Promise<string[]> {
  const rows = await db()
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        email: `${prefix}.${i}.${Date.now()}@example.com`,
        firstName: `${prefix}${i}`,
        lastName: 'Ledger',
        passwordHash: UNUSABLE_PASSWORD_HASH,
      })),
    )
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

/** Each person's main account (made with their profile). */
async function mainAccounts(ids: string[]): Promise<Map<string, string>> {
  for (const id of ids) await ensureProfile(db(), id);
  const rows = await db()
    .select({ id: bankingAccounts.id, userId: bankingAccounts.userId })
    .from(bankingAccounts)
    .where(inArray(bankingAccounts.userId, ids));
  return new Map(rows.map((r) => [r.userId!, r.id]));
}

const deposit = (userId: string, accountId: string, amount: number) =>
  recordEntry(db(), {
    actorId: userId,
    type: 'income',
    accountId,
    amount,
    date: '2026-01-01',
    counterparty: 'Employer',
    categoryId: null,
    note: '',
    status: 'completed',
    source: 'manual',
    idempotencyKey: null,
    requestHash: null,
  });

async function balances(ids: string[]) {
  const rows = await db()
    .select({ id: bankingAccounts.id, balance: bankingAccounts.balance })
    .from(bankingAccounts)
    .where(inArray(bankingAccounts.id, ids));
  return new Map(rows.map((r) => [r.id, r.balance]));
}

/** Every account's stored balance equals the sum of its postings (the external account keeps none). */
async function ledgerMismatches() {
  const result = await db().execute(sql`
    select a.id from ${bankingAccounts} a
    left join (select account_id, sum(amount) as total from ${bankingPostings} group by account_id) p
      on p.account_id = a.id
    where a.kind <> 'external' and a.balance <> coalesce(p.total, 0)`);
  return (result as unknown as { rows: unknown[] }).rows;
}

beforeAll(async () => {
  databases = await createTestDbs(2);
});
afterAll(async () => {
  await databases?.[0]?.close();
});

describe('transfers under load', () => {
  it('200 concurrent transfers among 20 accounts: the sum is kept, none negative, each all or nothing', async () => {
    const ids = await people(20, 'Storm');
    const accounts = await mainAccounts(ids);
    const accountIds = ids.map((id) => accounts.get(id)!);
    for (const [i, id] of ids.entries()) await deposit(id, accountIds[i]!, 10_000);
    const before = await balances(accountIds);
    const total = [...before.values()].reduce((a, b) => a + b, 0);
    expect(total).toBe(200_000);

    const rng = createRandom(42);
    const random = (n: number) => rng.int(0, n - 1);
    const orders = Array.from({ length: 200 }, (_, i) => {
      const from = random(20);
      const to = (from + 1 + random(19)) % 20;
      // Large amounts, so many transfers meet an account that cannot pay them.
      return { i, from, to, amount: 1 + random(4_000) };
    });
    const outcomes = await Promise.all(
      orders.map(async (o) => {
        const conn = o.i % 2 === 0 ? db() : peerDb();
        try {
          return await transfer(conn, {
            actorId: ids[o.from]!,
            fromAccountId: accountIds[o.from]!,
            toAccountId: accountIds[o.to]!,
            amount: o.amount,
            note: `storm ${o.i}`,
            counterparty: '',
            source: 'transfer',
            idempotencyKey: `storm-${o.i}-key`,
            requestHash: null,
            ip: null,
            date: '2026-01-02',
          });
        } catch (error) {
          if (error instanceof LedgerError) return error.refusal;
          throw error;
        }
      }),
    );
    const done = outcomes.filter((o): o is Extract<MoveResult, { kind: 'done' }> => o.kind === 'done');
    const refused = outcomes.filter((o) => o.kind === 'insufficient');
    expect(done.length + refused.length).toBe(200);
    expect(done.length).toBeGreaterThan(50);
    expect(refused.length).toBeGreaterThan(0);

    const after = await balances(accountIds);
    expect([...after.values()].reduce((a, b) => a + b, 0)).toBe(total);
    expect([...after.values()].every((b) => b >= 0)).toBe(true);
    expect(await ledgerMismatches()).toEqual([]);

    // All or nothing: each transfer made is one row with two postings summing to zero and an audit row;
    // a refused one left nothing.
    const notes = await db()
      .select({ id: bankingTransactions.id, note: bankingTransactions.note })
      .from(bankingTransactions)
      .where(sql`${bankingTransactions.note} like 'storm %'`);
    expect(notes.length).toBe(done.length);
    const postings = await db()
      .select({
        transactionId: bankingPostings.transactionId,
        n: sql<number>`count(*)::int`,
        total: sql<number>`sum(${bankingPostings.amount})::bigint`,
      })
      .from(bankingPostings)
      .where(
        inArray(
          bankingPostings.transactionId,
          done.map((d) => d.transactionId),
        ),
      )
      .groupBy(bankingPostings.transactionId);
    expect(postings.length).toBe(done.length);
    expect(postings.every((p) => Number(p.n) === 2 && Number(p.total) === 0)).toBe(true);
    const audited = await db().$count(
      bankingAudit,
      inArray(
        bankingAudit.transactionId,
        done.map((d) => d.transactionId),
      ),
    );
    expect(audited).toBe(done.length);
  });

  it('retries of one key from two connections at once move the money once', async () => {
    const [a, b] = await people(2, 'Retry');
    const accounts = await mainAccounts([a!, b!]);
    await deposit(a!, accounts.get(a!)!, 5_000);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        transfer(i % 2 ? peerDb() : db(), {
          actorId: a!,
          fromAccountId: accounts.get(a!)!,
          toAccountId: accounts.get(b!)!,
          amount: 1_000,
          note: '',
          counterparty: '',
          source: 'transfer',
          idempotencyKey: 'same-key-every-time',
          requestHash: null,
          ip: null,
          date: '2026-01-02',
        }),
      ),
    );
    expect(outcomes.filter((o) => o.kind === 'done')).toHaveLength(1);
    expect(new Set(outcomes.map((o) => o.transactionId)).size).toBe(1);
    const after = await balances([accounts.get(a!)!, accounts.get(b!)!]);
    expect(after.get(accounts.get(a!)!)).toBe(4_000);
    expect(after.get(accounts.get(b!)!)).toBe(1_000);
  });
});

describe('the ledger refuses what would break it', () => {
  it('postings of a transaction that do not sum to zero', async () => {
    const [a] = await people(1, 'Unbalanced');
    const accounts = await mainAccounts([a!]);
    const result = await deposit(a!, accounts.get(a!)!, 100);
    await expect(
      db()
        .insert(bankingPostings)
        .values([{ transactionId: result.transactionId, accountId: accounts.get(a!)!, amount: 5 }]),
    ).rejects.toThrow();
    expect((await balances([accounts.get(a!)!])).get(accounts.get(a!)!)).toBe(100);
  });

  it('changing or deleting a posting', async () => {
    await expect(db().update(bankingPostings).set({ amount: 1 })).rejects.toThrow();
    await expect(db().delete(bankingPostings)).rejects.toThrow();
  });

  it('an overdraft written around the ledger (the check constraint)', async () => {
    const [a] = await people(1, 'Floor');
    const accounts = await mainAccounts([a!]);
    await expect(
      db()
        .insert(bankingPostings)
        .values([
          {
            transactionId: (await deposit(a!, accounts.get(a!)!, 100)).transactionId,
            accountId: accounts.get(a!)!,
            amount: -500,
          },
          {
            transactionId: (await deposit(a!, accounts.get(a!)!, 100)).transactionId,
            accountId: EXTERNAL_ACCOUNT_ID,
            amount: 500,
          },
        ]),
    ).rejects.toThrow();
  });
});

describe('the recurring job', () => {
  it('computes the next occurrence: weekly, monthly on the start day, short months on their last day', () => {
    expect(nextOccurrence('2026-01-28', 'weekly', '2026-01-28')).toBe('2026-02-04');
    expect(nextOccurrence('2026-01-31', 'monthly', '2026-01-31')).toBe('2026-02-28');
    expect(nextOccurrence('2026-02-28', 'monthly', '2026-01-31')).toBe('2026-03-31');
    expect(nextOccurrence('2026-12-15', 'monthly', '2026-01-15')).toBe('2027-01-15');
  });

  it('writes each occurrence once when two instances run it at the same time', async () => {
    const ids = await people(12, 'Recur');
    const accounts = await mainAccounts(ids);
    await db()
      .insert(bankingRecurring)
      .values(
        ids.flatMap((id) => [
          {
            userId: id,
            accountId: accounts.get(id)!,
            type: 'income' as const,
            amount: 300_000,
            counterparty: 'Employer',
            frequency: 'monthly' as const,
            startDate: '2026-01-25',
            nextDate: '2026-01-25',
          },
          {
            userId: id,
            accountId: accounts.get(id)!,
            type: 'expense' as const,
            amount: 20_000,
            counterparty: 'Gym',
            frequency: 'weekly' as const,
            startDate: '2026-01-05',
            nextDate: '2026-01-05',
          },
        ]),
      );
    const today = '2026-03-31';
    const runs = await Promise.all([
      runRecurring(db(), today),
      runRecurring(peerDb(), today),
      runRecurring(db(), today),
      runRecurring(peerDb(), today),
    ]);
    // Salary on Jan 25, Feb 25, Mar 25; the gym every Monday from Jan 5 to Mar 30 (13 weeks).
    const expected = ids.length * (3 + 13);
    expect(runs.reduce((n, r) => n + r.written, 0)).toBe(expected);
    const rows = await db()
      .select({ recurringId: bankingTransactions.recurringId, occurrence: bankingTransactions.occurrence })
      .from(bankingTransactions)
      .innerJoin(bankingRecurring, eq(bankingRecurring.id, bankingTransactions.recurringId))
      .where(inArray(bankingRecurring.userId, ids));
    expect(rows).toHaveLength(expected);
    expect(new Set(rows.map((r) => `${r.recurringId}|${r.occurrence}`)).size).toBe(expected);
    // Run again: nothing new.
    expect((await runRecurring(peerDb(), today)).written).toBe(0);
    expect(await ledgerMismatches()).toEqual([]);
  });
});

/** What a transfer may cost (issue 28 C's 200 transfers a second): statements, begin and commit aside. */
const LEDGER_STATEMENTS = 1;
const ROUTE_STATEMENTS = 10;

describe('the queries of a transfer', () => {
  const order = (actorId: string, from: string, to: string, key: string) => ({
    actorId,
    fromAccountId: from,
    toAccountId: to,
    amount: 100,
    note: '',
    counterparty: '',
    source: 'transfer' as const,
    idempotencyKey: key,
    requestHash: null,
    ip: null,
    date: '2026-01-02',
  });

  it(`moves the money in ${LEDGER_STATEMENTS} statement, and a refused one writes nothing`, async () => {
    const [a, b] = await people(2, 'Counted');
    const accounts = await mainAccounts([a!, b!]);
    await deposit(a!, accounts.get(a!)!, 1_000);
    const logged = withQueryLog(databases[0]!);
    const done = await transfer(
      logged.database.db,
      order(a!, accounts.get(a!)!, accounts.get(b!)!, 'counted'),
    );
    expect(done).toMatchObject({ kind: 'done', fromUserId: a, toUserId: b });
    expect(logged.statements).toHaveLength(LEDGER_STATEMENTS);
    const refused = await transfer(logged.database.db, {
      ...order(a!, accounts.get(a!)!, accounts.get(b!)!, 'counted-too-much'),
      amount: 901,
    }).catch((error: unknown) => (error as LedgerError).refusal);
    expect(refused).toEqual({ kind: 'insufficient', available: 900 });
    expect(logged.statements).toHaveLength(2 * LEDGER_STATEMENTS);
    const after = await balances([accounts.get(a!)!, accounts.get(b!)!]);
    expect([after.get(accounts.get(a!)!), after.get(accounts.get(b!)!)]).toEqual([900, 100]);
    expect(await db().$count(bankingAudit, eq(bankingAudit.transactionId, done.transactionId))).toBe(1);
    expect(await ledgerMismatches()).toEqual([]);
  });

  it('sends to a person’s primary account, and refuses a person without one, moving nothing', async () => {
    const [a, b, c] = await people(3, 'ToPerson');
    const accounts = await mainAccounts([a!, b!]);
    await deposit(a!, accounts.get(a!)!, 1_000);
    const toB = { ...order(a!, accounts.get(a!)!, accounts.get(b!)!, 'to-person-b'), toAccountId: null };
    const done = await transfer(db(), { ...toB, toUserId: b! });
    expect(done).toMatchObject({ kind: 'done', fromUserId: a, toUserId: b });
    const refused = await transfer(db(), { ...toB, toUserId: c!, idempotencyKey: 'to-person-c' }).catch(
      (error: unknown) => (error as LedgerError).refusal,
    );
    expect(refused).toEqual({ kind: 'noAccount' });
    const after = await balances([accounts.get(a!)!, accounts.get(b!)!]);
    expect([after.get(accounts.get(a!)!), after.get(accounts.get(b!)!)]).toEqual([900, 100]);
  });

  it(`sends money to a person through the API in at most ${ROUTE_STATEMENTS} statements`, async () => {
    const logged = withQueryLog(databases[0]!);
    const app = await buildApp({
      database: logged.database,
      logger: false,
      config: { rateLimitMax: 1_000_000 },
    });
    await app.ready();
    try {
      const alice = await member(app, 'Alice', 'Counted');
      const bob = await member(app, 'Bob', 'Counted');
      const mine = await app.inject({ method: 'GET', url: '/api/banking/accounts', headers: alice.headers });
      const from = mine.json<{ accounts: Array<{ id: string }> }>().accounts[0]!.id;
      await deposit(alice.id, from, 10_000);
      await app.inject({ method: 'GET', url: '/api/banking/accounts', headers: bob.headers }); // Bob's profile
      for (let i = 0; i < 2; i++) {
        logged.statements.length = 0;
        const res = await app.inject({
          method: 'POST',
          url: '/api/banking/transfers',
          headers: alice.headers,
          payload: {
            fromAccountId: from,
            toUserId: bob.id,
            amount: 100,
            idempotencyKey: `counted-route-${i}`,
          },
        });
        expect(res.statusCode).toBe(201);
        expect(res.json<{ fromAccount: { balance: number } }>().fromAccount.balance).toBe(
          10_000 - 100 * (i + 1),
        );
        expect(logged.statements.length).toBeLessThanOrEqual(ROUTE_STATEMENTS);
      }
    } finally {
      await app.close();
    }
  });
});
