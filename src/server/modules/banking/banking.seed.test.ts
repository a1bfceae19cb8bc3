import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database } from '../../db/client.ts';
import {
  bankingAccounts,
  bankingCategories,
  bankingPostings,
  bankingRecurring,
  bankingTransactions,
  users,
} from '../../db/schema/index.ts';
import { UNUSABLE_PASSWORD_HASH } from '../../lib/passwords.ts';
import { withQueryLog } from '../../testing/query-log.ts';
import { createTestDb } from '../../testing/test-db.ts';
import { seedBanking } from './banking.seed.ts';

/** The banking demo data (issue 28 C): a believable, consistent year, written fast. */

let database: Database;
let ids: string[];
/** The statements the seed sent (bulk inserts: a bounded number, not one per transaction). */
let statements: string[];
const NOW = Date.parse('2026-11-20T12:00:00Z');

beforeAll(async () => {
  database = await createTestDb();
  const rows = await database.db
    .insert(users)
    .values(
      Array.from({ length: 6 }, (_, i) => ({
        email: `banking.seed.${i}@example.com`,
        firstName: `Demo${i}`,
        lastName: 'Person',
        passwordHash: UNUSABLE_PASSWORD_HASH,
      })),
    )
    .returning({ id: users.id });
  ids = rows.map((r) => r.id);
  const logged = withQueryLog(database);
  await seedBanking(logged.database.db, { adminId: ids[0]!, peopleIds: ids.slice(1), now: NOW });
  statements = logged.statements;
});
afterAll(async () => {
  await database?.close();
});

describe('seedBanking', () => {
  it('gives each demo person accounts, categories and a year of transactions', async () => {
    const db = database.db;
    for (const id of ids) {
      const accounts = await db.select().from(bankingAccounts).where(eq(bankingAccounts.userId, id));
      expect(accounts.map((a) => a.kind).sort()).toEqual(['card', 'current', 'savings']);
      expect(await db.$count(bankingCategories, eq(bankingCategories.userId, id))).toBeGreaterThan(15);
      const n = await db.$count(
        bankingTransactions,
        sql`${bankingTransactions.fromUserId} = ${id} or ${bankingTransactions.toUserId} = ${id}`,
      );
      expect(n).toBeGreaterThan(150);
      expect(await db.$count(bankingRecurring, eq(bankingRecurring.userId, id))).toBe(2);
    }
    const first = await db
      .select({ day: sql<string>`min(${bankingTransactions.occurredOn})::text` })
      .from(bankingTransactions);
    expect(first[0]!.day <= '2025-11-21').toBe(true);
    const salaries = await db.$count(
      bankingTransactions,
      and(eq(bankingTransactions.counterparty, 'Atrium Ltd'), inArray(bankingTransactions.toUserId, ids)),
    );
    expect(salaries).toBe(ids.length * 12);
    const between = await db.$count(
      bankingTransactions,
      sql`${bankingTransactions.type} = 'transfer' and ${bankingTransactions.fromUserId} <> ${bankingTransactions.toUserId}`,
    );
    expect(between).toBeGreaterThan(10);
  });

  it('is consistent: balances are their postings, no current or savings account below zero', async () => {
    const db = database.db;
    const result = await db.execute(sql`
      select a.id, a.kind, a.balance, coalesce(p.total, 0) as total from ${bankingAccounts} a
      left join (select account_id, sum(amount) as total from ${bankingPostings} group by account_id) p
        on p.account_id = a.id
      where a.kind <> 'external'`);
    const rows = (result as unknown as { rows: Array<{ kind: string; balance: unknown; total: unknown }> })
      .rows;
    expect(rows.length).toBe(ids.length * 3);
    for (const r of rows) {
      expect(Number(r.balance)).toBe(Number(r.total));
      if (r.kind !== 'card') expect(Number(r.balance)).toBeGreaterThanOrEqual(0);
    }
  });

  it('writes in bulk: a bounded number of statements', () => {
    expect(statements.length).toBeLessThanOrEqual(20);
  });
});
