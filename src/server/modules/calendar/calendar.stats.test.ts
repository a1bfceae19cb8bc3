import { beforeAll, describe, expect, it } from 'vitest';

import { calendarAttendees, calendarEvents } from '../../db/schema/index.ts';
import { adminScope, at, memberScope, statsDb } from '../../testing/stats.ts';
import { eventsIn } from './calendar.stats.ts';

describe('calendar stats', () => {
  const s = statsDb();

  beforeAll(async () => {
    const { db, admin, alice, bob } = s;
    const event = async (
      ownerId: string,
      start: string,
      end: string,
      attendees: Array<[string, 'pending' | 'declined']> = [],
    ) => {
      const [row] = await db
        .insert(calendarEvents)
        .values({ ownerId, title: 'e', color: '#00A76F', start: at(start), end: at(end) })
        .returning();
      if (attendees.length)
        await db
          .insert(calendarAttendees)
          .values(attendees.map(([userId, response]) => ({ eventId: row!.id, userId, response })));
    };
    // 10 March 09:00–10:00 in Tokyo (still 9 March in UTC); Bob attends, the admin declined.
    await event(alice, '2024-03-10T00:00:00Z', '2024-03-10T01:00:00Z', [
      [bob, 'pending'],
      [admin, 'declined'],
    ]);
    await event(alice, '2024-03-10T15:00:00Z', '2024-03-10T16:00:00Z'); // 11 March in Tokyo
    await event(alice, '2024-02-20T00:00:00Z', '2024-03-20T00:00:00Z'); // a month long: touches today
    await event(bob, '2024-03-09T13:00:00Z', '2024-03-09T15:00:00Z'); // ends at midnight in Tokyo: not today
  });

  const today = { from: '2024-03-10', to: '2024-03-10', timeZone: 'Asia/Tokyo' };

  it("counts the viewer's events and the ones they attend that touch their day", async () => {
    expect(await eventsIn(s.db, memberScope(s.alice), today)).toBe(2);
    expect(await eventsIn(s.db, memberScope(s.bob), today)).toBe(1);
    expect(
      await eventsIn(s.db, memberScope(s.bob), {
        ...today,
        timeZone: 'UTC',
        from: '2024-03-09',
        to: '2024-03-09',
      }),
    ).toBe(1);
  });

  it('leaves out declined events, for administrators too', async () => {
    expect(await eventsIn(s.db, adminScope(s.admin), today)).toBe(0);
  });
});
