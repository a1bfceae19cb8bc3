import { beforeAll, describe, expect, it } from 'vitest';

import { sessions } from '../../db/schema/index.ts';
import {
  TOKYO_RANGE,
  adminScope,
  at,
  memberScope,
  person,
  statsDb,
  tokyoFigure,
} from '../../testing/stats.ts';
import { activePeople } from './account.stats.ts';

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
