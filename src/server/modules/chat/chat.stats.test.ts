import { beforeAll, describe, expect, it } from 'vitest';

import { chatConversations, chatMessages, chatParticipants } from '../../db/schema/index.ts';
import { TOKYO_RANGE, adminScope, at, memberScope, statsDb, tokyoFigure } from '../../testing/stats.ts';
import { chatSent, unreadChat } from './chat.stats.ts';

describe('chat stats', () => {
  const s = statsDb();
  let n = 0;

  async function conversation(people: Array<[string, number]>) {
    const [row] = await s.db
      .insert(chatConversations)
      .values({ type: 'GROUP', name: 'g' })
      .returning({ id: chatConversations.id });
    const id = row!.id;
    await s.db
      .insert(chatParticipants)
      .values(people.map(([userId, unreadCount]) => ({ conversationId: id, userId, unreadCount })));
    return id;
  }
  const message = (conversationId: string, senderId: string, createdAt: string, deleted = false) =>
    s.db.insert(chatMessages).values({
      conversationId,
      senderId,
      clientId: `c${++n}`,
      body: 'hi',
      createdAt: at(createdAt),
      deletedAt: deleted ? at(createdAt) : null,
    });

  beforeAll(async () => {
    const { admin, alice, bob } = s;
    const ab = await conversation([
      [alice, 2],
      [bob, 0],
    ]);
    const adminBob = await conversation([
      [admin, 0],
      [bob, 3],
    ]);
    await message(ab, alice, '2024-03-09T16:00:00Z'); // 10 March in Tokyo
    await message(ab, bob, '2024-03-11T14:00:00Z'); // 11 March
    await message(ab, bob, '2024-03-11T14:30:00Z', true); // deleted: not counted
    await message(adminBob, admin, '2024-03-10T01:00:00Z'); // 10 March
    await message(adminBob, bob, '2024-03-09T14:00:00Z'); // 9 March in Tokyo: the previous period
  });

  it("sums the viewer's unread counters", async () => {
    expect(await unreadChat(s.db, memberScope(s.bob))).toBe(3);
    expect(await unreadChat(s.db, memberScope(s.alice))).toBe(2);
    expect(await unreadChat(s.db, adminScope(s.admin))).toBe(0);
  });

  it("counts the workspace's messages for administrators, by the viewer's day", async () => {
    expect(await chatSent(s.db, adminScope(s.admin), TOKYO_RANGE)).toEqual(tokyoFigure(3, 1, [2, 1]));
  });

  it("counts a member's own conversations only", async () => {
    expect(await chatSent(s.db, memberScope(s.alice), TOKYO_RANGE)).toEqual(tokyoFigure(2, 0, [1, 1]));
    expect(await chatSent(s.db, memberScope(s.admin), TOKYO_RANGE)).toEqual(tokyoFigure(1, 1, [1, 0]));
  });
});
