import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database } from '../db/client.ts';
import { notifications, users } from '../db/schema/index.ts';
import { createTestDb } from '../testing/test-db.ts';
import { capCount, cappedCount, cappedCountsBy, COUNT_CAP } from './capped-count.ts';
import { UNUSABLE_PASSWORD_HASH } from './passwords.ts';

describe('capCount', () => {
  it('is exact up to the cap and a lower bound, marked capped, above it', () => {
    expect(COUNT_CAP).toBe(1_000);
    expect(capCount(0)).toEqual({ n: 0, capped: false });
    expect(capCount(COUNT_CAP)).toEqual({ n: COUNT_CAP, capped: false });
    expect(capCount(COUNT_CAP + 1)).toEqual({ n: COUNT_CAP, capped: true });
  });
});

describe('cappedCount and cappedCountsBy', () => {
  let database: Database;
  let userId: string;

  beforeAll(async () => {
    database = await createTestDb();
    const [user] = await database.db
      .insert(users)
      .values({
        email: 'counted@example.com',
        firstName: 'C',
        lastName: 'D',
        passwordHash: UNUSABLE_PASSWORD_HASH,
      })
      .returning({ id: users.id });
    userId = user!.id;
    const rows = (type: 'mail' | 'chat', n: number) =>
      Array.from({ length: n }, (_, i) => ({ userId, type, title: `${type} ${i}` }));
    await database.db.insert(notifications).values([...rows('mail', COUNT_CAP + 5), ...rows('chat', 3)]);
  });
  afterAll(() => database.close());

  it('counts the rows under a filter, stopping past the cap', async () => {
    const { db } = database;
    expect(await cappedCount(db, notifications, eq(notifications.type, 'chat'))).toEqual({
      n: 3,
      capped: false,
    });
    expect(await cappedCount(db, notifications, eq(notifications.type, 'mail'))).toEqual({
      n: COUNT_CAP,
      capped: true,
    });
    expect(await cappedCount(db, notifications, undefined)).toEqual({ n: COUNT_CAP, capped: true });
  });

  it('counts each key in one query, with `all` their sum and first among the capped keys', async () => {
    const byType = (keys: readonly ('mail' | 'chat' | 'order')[]) =>
      cappedCountsBy(database.db, notifications, keys, (type) => eq(notifications.type, type));
    expect(await byType(['chat', 'order'])).toEqual({ counts: { all: 3, chat: 3, order: 0 }, capped: [] });
    expect(await byType(['mail', 'chat'])).toEqual({
      counts: { all: COUNT_CAP + 3, mail: COUNT_CAP, chat: 3 },
      capped: ['all', 'mail'],
    });
  });
});
