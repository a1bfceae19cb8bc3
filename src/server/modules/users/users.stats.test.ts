import { beforeAll, describe, expect, it } from 'vitest';

import { TOKYO_RANGE, adminScope, memberScope, person, statsDb, tokyoFigure } from '../../testing/stats.ts';
import { newAccounts } from './users.stats.ts';

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
