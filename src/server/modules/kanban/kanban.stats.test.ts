import { beforeAll, describe, expect, it } from 'vitest';

import { kanbanBoards, kanbanCardAssignees, kanbanCards, kanbanColumns } from '../../db/schema/index.ts';
import { adminScope, at, memberScope, statsDb } from '../../testing/stats.ts';
import { cardsDue } from './kanban.stats.ts';

describe('kanban stats', () => {
  const s = statsDb();
  let n = 0;

  beforeAll(async () => {
    const { db, alice, bob } = s;
    const [board] = await db.insert(kanbanBoards).values({ ownerId: alice, name: 'B' }).returning();
    const [column] = await db
      .insert(kanbanColumns)
      .values({ boardId: board!.id, name: 'C', position: 'a0' })
      .returning();
    const card = async (dueEnd: string | null, assignees: string[], completed = false) => {
      const [row] = await db
        .insert(kanbanCards)
        .values({
          boardId: board!.id,
          columnId: column!.id,
          position: `a${++n}`,
          name: `card ${n}`,
          dueEnd: dueEnd ? at(dueEnd) : null,
          completed,
        })
        .returning();
      if (assignees.length)
        await db.insert(kanbanCardAssignees).values(assignees.map((userId) => ({ cardId: row!.id, userId })));
    };
    await card('2024-03-10T14:00:00Z', [alice, bob]); // 10 March 23:00 in Tokyo: due today
    await card('2024-03-01T00:00:00Z', [alice]); // late: still due
    await card('2024-03-10T15:30:00Z', [alice]); // 11 March 00:30 in Tokyo: tomorrow
    await card('2024-03-10T01:00:00Z', [alice], true); // done
    await card(null, [alice]); // no due date
    await card('2024-03-10T01:00:00Z', []); // nobody's
  });

  const today = { from: '2024-03-10', to: '2024-03-10', timeZone: 'Asia/Tokyo' };

  it("counts the viewer's open cards due by the end of their day", async () => {
    expect(await cardsDue(s.db, memberScope(s.alice), today)).toBe(2);
    expect(await cardsDue(s.db, memberScope(s.bob), today)).toBe(1);
    // In UTC, 10 March ends after the third card's due time (15:30 UTC): it is due that day too.
    expect(await cardsDue(s.db, memberScope(s.alice), { ...today, timeZone: 'UTC' })).toBe(3);
  });

  it("is everyone's own, administrators' too", async () => {
    expect(await cardsDue(s.db, adminScope(s.admin), today)).toBe(0);
  });
});
