import { beforeAll, describe, expect, it } from 'vitest';

import { eq } from 'drizzle-orm';

import { sessions, users } from '../../db/schema/index.ts';
import {
  TOKYO_RANGE,
  adminScope,
  at,
  memberScope,
  person,
  statsDb,
  tokyoFigure,
} from '../../testing/stats.ts';
import { activePeople, deviceOf, sessionsByDevice, topCountries } from './account.stats.ts';

describe('account stats', () => {
  const s = statsDb();

  const session = (userId: string, createdAt: string, lastUsedAt: string) =>
    s.db.insert(sessions).values({
      userId,
      refreshHash: 'unused',
      createdAt: at(createdAt),
      lastUsedAt: at(lastUsedAt),
      expiresAt: at('2030-01-01T00:00:00Z'),
    });

  beforeAll(async () => {
    const a = await person(s.db);
    const b = await person(s.db);
    const c = await person(s.db);
    // `a`: two sessions on 10 March in Tokyo (9 March in UTC): one person that day.
    await session(a, '2024-03-09T16:00:00Z', '2024-03-09T16:20:00Z');
    await session(a, '2024-03-09T20:00:00Z', '2024-03-09T20:10:00Z');
    // `b`: one session from 10 March (Tokyo) to 11 March: active both days.
    await session(b, '2024-03-10T14:50:00Z', '2024-03-10T15:20:00Z');
    // `c`: the previous period only (8 March in Tokyo), and a session ending before the range starts.
    await session(c, '2024-03-08T03:00:00Z', '2024-03-09T14:59:00Z');
  });

  it('counts each person once per day and once over the range', async () => {
    expect(await activePeople(s.db, adminScope(s.admin), TOKYO_RANGE)).toEqual(tokyoFigure(2, 1, [2, 1]));
  });

  it('is for administrators only', async () => {
    expect(await activePeople(s.db, memberScope(s.alice), TOKYO_RANGE)).toBeUndefined();
  });
});

const DESKTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const TABLET =
  'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

describe('sign-ins by device and country', () => {
  const s = statsDb();

  const signIn = (userId: string, createdAt: string, userAgent: string | null) =>
    s.db.insert(sessions).values({
      userId,
      refreshHash: 'unused',
      userAgent,
      createdAt: at(createdAt),
      lastUsedAt: at(createdAt),
      expiresAt: at('2030-01-01T00:00:00Z'),
    });
  const livingIn = async (country: string) => {
    const id = await person(s.db);
    await s.db.update(users).set({ country }).where(eq(users.id, id));
    return id;
  };

  beforeAll(async () => {
    const { alice, bob } = s;
    await s.db.update(users).set({ country: 'Japan' }).where(eq(users.id, alice));
    const carol = await livingIn('Japan');
    const dan = await livingIn('France');
    // 10 March in Tokyo, still 9 March in UTC.
    await signIn(alice, '2024-03-09T15:00:00Z', DESKTOP);
    await signIn(alice, '2024-03-10T03:00:00Z', PHONE);
    await signIn(carol, '2024-03-11T14:59:59Z', TABLET); // the range's last instant
    await signIn(dan, '2024-03-10T10:00:00Z', 'curl/8.5.0');
    await signIn(bob, '2024-03-10T11:00:00Z', null); // no country, no User-Agent
    // 12 March in Tokyo: out; 9 March in Tokyo: the previous period.
    await signIn(dan, '2024-03-11T15:00:00Z', DESKTOP);
    await signIn(alice, '2024-03-09T14:59:59Z', PHONE);
  });

  it('reads a device as the sessions list does, anything unplaced as other', () => {
    expect([DESKTOP, PHONE, TABLET, 'curl/8.5.0', null].map(deviceOf)).toEqual([
      'desktop',
      'mobile',
      'tablet',
      'other',
      'other',
    ]);
  });

  it("counts the workspace's sign-ins by device over the viewer's days, against the previous period", async () => {
    expect(await sessionsByDevice(s.db, adminScope(s.admin), TOKYO_RANGE)).toEqual({
      current: { desktop: 1, mobile: 1, tablet: 1, other: 2 },
      previous: { desktop: 0, mobile: 1, tablet: 0, other: 0 },
    });
  });

  it("counts a member's own sign-ins only", async () => {
    expect(await sessionsByDevice(s.db, memberScope(s.alice), TOKYO_RANGE)).toEqual({
      current: { desktop: 1, mobile: 1, tablet: 0, other: 0 },
      previous: { desktop: 0, mobile: 1, tablet: 0, other: 0 },
    });
    expect(await sessionsByDevice(s.db, memberScope(s.bob), TOKYO_RANGE)).toEqual({
      current: { desktop: 0, mobile: 0, tablet: 0, other: 1 },
      previous: { desktop: 0, mobile: 0, tablet: 0, other: 0 },
    });
  });

  it('ranks countries by the people who signed in, with their sign-ins by device', async () => {
    expect(await topCountries(s.db, adminScope(s.admin), TOKYO_RANGE)).toEqual([
      { country: 'Japan', people: 2, devices: { desktop: 1, mobile: 1, tablet: 1, other: 0 } },
      { country: 'France', people: 1, devices: { desktop: 0, mobile: 0, tablet: 0, other: 1 } },
    ]);
    // In UTC the range is 10–11 March: Alice's desktop sign-in (9 March) is out, Dan's of 11 March 15:00 in.
    expect(await topCountries(s.db, adminScope(s.admin), { ...TOKYO_RANGE, timeZone: 'UTC' })).toEqual([
      { country: 'Japan', people: 2, devices: { desktop: 0, mobile: 1, tablet: 1, other: 0 } },
      { country: 'France', people: 1, devices: { desktop: 1, mobile: 0, tablet: 0, other: 1 } },
    ]);
    expect(await topCountries(s.db, adminScope(s.admin), TOKYO_RANGE, 1)).toHaveLength(1);
  });

  it('is for administrators only', async () => {
    expect(await topCountries(s.db, memberScope(s.alice), TOKYO_RANGE)).toBeUndefined();
  });
});
