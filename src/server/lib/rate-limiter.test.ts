import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { createTestDb } from '../testing/test-db.ts';
import { HttpError } from './http-error.ts';
import { clear, enforce, hit, sweep } from './rate-limiter.ts';

let database: Database;

beforeAll(async () => {
  database = await createTestDb();
});
afterAll(async () => {
  await database?.close();
});

let n = 0;
const key = (name: string) => `test:${name}:${++n}`;

async function counter(k: string) {
  const [row] = await database.db.select().from(rateLimits).where(eq(rateLimits.key, k));
  return row;
}

describe('hit', () => {
  it('lets exactly max of many simultaneous hits through', async () => {
    const k = key('burst');
    const limit = { max: 10, windowSeconds: 60 };
    const results = await Promise.all(Array.from({ length: 60 }, () => hit(database.db, k, limit)));
    expect(results.filter((r) => r === null)).toHaveLength(limit.max);
    for (const wait of results.filter((r) => r !== null)) {
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(limit.windowSeconds);
    }
    // Once tripped, the counter is not written again in its window.
    expect((await counter(k))?.count).toBe(limit.max + 1);
  });

  it('counts sequential hits and answers the seconds to wait once over', async () => {
    const k = key('seq');
    const limit = { max: 3, windowSeconds: 120 };
    expect(await hit(database.db, k, limit)).toBeNull();
    expect(await hit(database.db, k, limit)).toBeNull();
    expect(await hit(database.db, k, limit)).toBeNull();
    const wait = await hit(database.db, k, limit);
    expect(wait).toBeGreaterThan(100);
    expect(wait).toBeLessThanOrEqual(120);
    const tripped = await counter(k);
    for (let i = 0; i < 5; i++) expect(await hit(database.db, k, limit)).toBeGreaterThan(100);
    expect(await counter(k)).toEqual(tripped);
  });

  it('starts a new window once the old one has passed', async () => {
    const k = key('window');
    const limit = { max: 1, windowSeconds: 60 };
    expect(await hit(database.db, k, limit)).toBeNull();
    expect(await hit(database.db, k, limit)).not.toBeNull();
    await database.db
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, k));
    expect(await hit(database.db, k, limit)).toBeNull();
    expect((await counter(k))?.count).toBe(1);
  });

  it('keeps keys apart', async () => {
    const limit = { max: 1, windowSeconds: 60 };
    const a = key('a');
    const b = key('b');
    expect(await hit(database.db, a, limit)).toBeNull();
    expect(await hit(database.db, b, limit)).toBeNull();
    expect(await hit(database.db, a, limit)).not.toBeNull();
  });
});

describe('enforce, clear and sweep', () => {
  it('stops at the first tripped key: the keys after it are not counted', async () => {
    const ip = key('ip');
    const account = key('account');
    const checks: Array<[string, { max: number; windowSeconds: number }]> = [
      [ip, { max: 1, windowSeconds: 60 }],
      [account, { max: 100, windowSeconds: 60 }],
    ];
    await enforce(database.db, checks);
    for (let i = 0; i < 5; i++) await expect(enforce(database.db, checks)).rejects.toBeInstanceOf(HttpError);
    expect((await counter(account))?.count).toBe(1);
    expect((await counter(ip))?.count).toBe(2);
  });

  it('throws 429 with Retry-After when any key is over its limit', async () => {
    const loose = key('loose');
    const tight = key('tight');
    const checks: Array<[string, { max: number; windowSeconds: number }]> = [
      [loose, { max: 100, windowSeconds: 60 }],
      [tight, { max: 1, windowSeconds: 300 }],
    ];
    await enforce(database.db, checks);
    const error = await enforce(database.db, checks).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(429);
    const retryAfter = Number((error as HttpError).headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(300);
    // Both keys were counted.
    expect((await counter(loose))?.count).toBe(2);
  });

  it('clear forgets a key; sweep drops only expired windows', async () => {
    const limit = { max: 1, windowSeconds: 60 };
    const cleared = key('cleared');
    await hit(database.db, cleared, limit);
    await hit(database.db, cleared, limit);
    await clear(database.db, cleared);
    expect(await counter(cleared)).toBeUndefined();
    expect(await hit(database.db, cleared, limit)).toBeNull();

    const expired = key('expired');
    const live = key('live');
    await hit(database.db, expired, limit);
    await hit(database.db, live, limit);
    await database.db
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, expired));
    await sweep(database.db);
    expect(await counter(expired)).toBeUndefined();
    expect(await counter(live)).toBeDefined();
  });
});
