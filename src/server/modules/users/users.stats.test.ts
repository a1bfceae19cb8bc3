import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { users } from '../../db/schema/index.ts';
import { TOKYO_RANGE, adminScope, memberScope, person, statsDb, tokyoFigure } from '../../testing/stats.ts';
import { accountsByCountry, completeProfiles, newAccounts, verifiedEmails } from './users.stats.ts';

describe('users stats', () => {
  // The fixture's people are created now: long after the range and its previous period.
  const s = statsDb();

  beforeAll(async () => {
    const db = s.db;
    // 10 March in Tokyo, though still 9 March in UTC.
    await person(db, { createdAt: '2024-03-09T15:00:00Z' });
    await person(db, { createdAt: '2024-03-09T23:30:00Z', status: 'pending' });
    // 11 March, the range's last instant; then 12 March, out.
    await person(db, { createdAt: '2024-03-11T14:59:59Z' });
    await person(db, { createdAt: '2024-03-11T15:00:00Z' });
    // The previous period (8–9 March in Tokyo), and just before it.
    await person(db, { createdAt: '2024-03-08T01:00:00Z' });
    await person(db, { createdAt: '2024-03-07T14:59:59Z' });
  });

  it("counts the accounts created on the viewer's days, against the previous period", async () => {
    expect(await newAccounts(s.db, adminScope(s.admin), TOKYO_RANGE)).toEqual(tokyoFigure(3, 1, [2, 1]));
  });

  it('is for administrators only', async () => {
    expect(await newAccounts(s.db, memberScope(s.alice), TOKYO_RANGE)).toBeUndefined();
  });
});

describe('verified emails and complete profiles', () => {
  const s = statsDb();
  const complete = {
    avatarUrl: '/api/files/a.webp',
    phone: '+33 1 23 45 67 89',
    country: 'France',
    city: 'Paris',
    about: 'Hello',
  };

  beforeAll(async () => {
    const db = s.db;
    const account = async (createdAt: string, fields: Partial<typeof users.$inferInsert>) => {
      const id = await person(db, { createdAt });
      await db.update(users).set(fields).where(eq(users.id, id));
    };
    // 10 and 11 March in Tokyo: three new accounts.
    await account('2024-03-09T15:00:00Z', { emailVerified: true, ...complete });
    await account('2024-03-10T12:00:00Z', { emailVerified: true, ...complete, about: '' });
    await account('2024-03-11T14:59:59Z', { ...complete, avatarUrl: null });
    // 9 March in Tokyo (the previous period): one, verified; 12 March: out.
    await account('2024-03-09T14:59:59Z', { emailVerified: true });
    await account('2024-03-11T15:00:00Z', { emailVerified: true, ...complete });
  });

  it("counts the period's new accounts that verified their address, against the previous period", async () => {
    expect(await verifiedEmails(s.db, adminScope(s.admin), TOKYO_RANGE)).toEqual({
      part: 2,
      total: 3,
      previousPart: 1,
      previousTotal: 1,
    });
  });

  it('counts a profile complete with a picture, phone, country, city and about', async () => {
    expect(await completeProfiles(s.db, adminScope(s.admin), TOKYO_RANGE)).toEqual({
      part: 1,
      total: 3,
      previousPart: 0,
      previousTotal: 1,
    });
  });

  it('is for administrators only', async () => {
    expect(await verifiedEmails(s.db, memberScope(s.alice), TOKYO_RANGE)).toBeUndefined();
    expect(await completeProfiles(s.db, memberScope(s.alice), TOKYO_RANGE)).toBeUndefined();
  });
});

describe('accounts by country', () => {
  const s = statsDb();

  beforeAll(async () => {
    const db = s.db;
    const account = async (createdAt: string, country: string) => {
      const id = await person(db, { createdAt });
      await db.update(users).set({ country }).where(eq(users.id, id));
    };
    // New Year in Tokyo: 1 January 2024 there, still 2023 in UTC.
    await account('2023-12-31T16:00:00Z', 'Japan');
    await account('2024-03-10T00:00:00Z', 'Japan');
    await account('2024-03-11T00:00:00Z', 'France');
    await account('2024-12-31T15:30:00Z', 'Brazil'); // 2025 in Tokyo: out
    await account('2024-07-01T00:00:00Z', 'Germany');
    await account('2024-07-02T00:00:00Z', '');
  });

  it("counts new accounts per month of the viewer's year, top countries first, the rest together", async () => {
    const months = (entries: Record<number, number>) =>
      Array.from({ length: 12 }, (_, i) => entries[i + 1] ?? 0);
    expect(await accountsByCountry(s.db, adminScope(s.admin), 2024, 'Asia/Tokyo', 2)).toEqual({
      year: 2024,
      series: [
        { kind: 'country', country: 'Japan', months: months({ 1: 1, 3: 1 }) },
        { kind: 'country', country: 'France', months: months({ 3: 1 }) },
        { kind: 'other', country: '', months: months({ 7: 1 }) },
        { kind: 'unknown', country: '', months: months({ 7: 1 }) },
      ],
    });
    // In UTC, the first account is 2023's and Brazil's is 2024's.
    const utc = await accountsByCountry(s.db, adminScope(s.admin), 2024, 'UTC');
    expect(utc?.series.map((line) => [line.country, line.months.reduce((a, b) => a + b)])).toEqual([
      ['Brazil', 1],
      ['France', 1],
      ['Germany', 1],
      ['Japan', 1],
      ['', 1],
    ]);
  });

  it('is for administrators only', async () => {
    expect(await accountsByCountry(s.db, memberScope(s.alice), 2024, 'UTC')).toBeUndefined();
  });
});
