/** Rows for the aggregate tests (`*.stats.test.ts`): people made straight in the database, at a given time. */
import { afterAll, beforeAll } from 'vitest';

import type { Database, Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { UNUSABLE_PASSWORD_HASH } from '../lib/passwords.ts';
import type { DateRange, StatsScope } from '../lib/date-range.ts';
import { createTestDb } from './test-db.ts';

let counter = 0;

/** A person (no password, no session) created at `createdAt` (an ISO instant); returns their id. */
export async function person(
  db: Db,
  options: { role?: 'admin' | 'user'; createdAt?: string; status?: 'active' | 'pending' } = {},
): Promise<string> {
  counter++;
  const [row] = await db
    .insert(users)
    .values({
      email: `stats.${counter}.${Date.now()}@example.com`,
      firstName: `Stats${counter}`,
      lastName: 'Person',
      role: options.role ?? 'user',
      status: options.status ?? 'active',
      passwordHash: UNUSABLE_PASSWORD_HASH,
      ...(options.createdAt ? { createdAt: at(options.createdAt) } : {}),
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no person inserted');
  return row.id;
}

/** A stats test file's database and its first people; read them in hooks and tests, once they are set. */
export interface StatsDb {
  db: Db;
  /** An administrator. */
  admin: string;
  /** Two members. */
  alice: string;
  bob: string;
}

/**
 * Call in a `describe`: a fresh database for the file with an administrator, Alice and Bob in it (created
 * now, so outside the fixed ranges below), ready before the file's own `beforeAll`, closed after its tests.
 */
export function statsDb(): StatsDb {
  const fixture = {} as StatsDb;
  let database: Database | undefined;
  beforeAll(async () => {
    database = await createTestDb();
    fixture.db = database.db;
    fixture.admin = await person(database.db, { role: 'admin' });
    fixture.alice = await person(database.db);
    fixture.bob = await person(database.db);
  });
  afterAll(() => database?.close());
  return fixture;
}

/** An administrator's and a member's scope. */
export const adminScope = (userId: string): StatsScope => ({ userId, isAdmin: true });
export const memberScope = (userId: string): StatsScope => ({ userId, isAdmin: false });

/**
 * 10–11 March 2024 in Tokyo (UTC+9, no daylight saving): from 2024-03-09T15:00Z to 2024-03-11T15:00Z. Its
 * previous period is 8–9 March (from 2024-03-07T15:00Z).
 */
export const TOKYO_RANGE: DateRange = { from: '2024-03-10', to: '2024-03-11', timeZone: 'Asia/Tokyo' };
export const at = (iso: string) => new Date(iso);

/** The trend figure expected over `TOKYO_RANGE`: its value, the previous period's, and each day's (10, 11 March). */
export const tokyoFigure = (value: number, previous: number, [first, second]: [number, number]) => ({
  value,
  previous,
  series: [
    { day: '2024-03-10', value: first },
    { day: '2024-03-11', value: second },
  ],
});
