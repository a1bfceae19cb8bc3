import { beforeAll, describe, expect, it } from 'vitest';

import { mailEntries, mailMessages } from '../../db/schema/index.ts';
import { TOKYO_RANGE, adminScope, at, memberScope, statsDb, tokyoFigure } from '../../testing/stats.ts';
import { mailSent, unreadMail } from './mail.stats.ts';

describe('mail stats', () => {
  const s = statsDb();

  /** A mail from `from` to `to` sent at `sentAt` (null: a draft), with both copies. */
  async function mail(from: string, to: string, sentAt: string | null, read = false) {
    const [message] = await s.db
      .insert(mailMessages)
      .values({
        senderId: from,
        from: { name: '', email: 'a@example.com' },
        sentAt: sentAt ? at(sentAt) : null,
      })
      .returning({ id: mailMessages.id });
    const messageId = message!.id;
    const when = at(sentAt ?? '2024-03-10T03:00:00Z');
    if (!sentAt) {
      await s.db
        .insert(mailEntries)
        .values({ userId: from, messageId, folder: 'drafts', at: when, isRead: true });
      return;
    }
    await s.db.insert(mailEntries).values([
      { userId: from, messageId, folder: 'sent', at: when, isRead: true },
      { userId: to, messageId, folder: 'inbox', at: when, isRead: read },
    ]);
  }

  beforeAll(async () => {
    const { admin, alice, bob } = s;
    await mail(alice, bob, '2024-03-09T16:00:00Z'); // 10 March in Tokyo
    await mail(bob, alice, '2024-03-11T10:00:00Z', true); // 11 March, read
    await mail(bob, admin, '2024-03-11T15:00:00Z'); // 12 March in Tokyo: out of range
    await mail(admin, bob, '2024-03-08T10:00:00Z'); // the previous period
    await mail(alice, bob, null); // a draft: never counted
  });

  it("counts the viewer's unread inbox", async () => {
    expect(await unreadMail(s.db, memberScope(s.bob))).toBe(2);
    expect(await unreadMail(s.db, memberScope(s.alice))).toBe(0);
    expect(await unreadMail(s.db, adminScope(s.admin))).toBe(1);
  });

  it("counts the workspace's mail for administrators, by the viewer's day", async () => {
    // Each mail once, however many boxes hold it; the one sent on 12 March (Tokyo) and the draft left out.
    expect(await mailSent(s.db, adminScope(s.admin), TOKYO_RANGE)).toEqual(tokyoFigure(2, 1, [1, 1]));
  });

  it("counts only a member's own boxes", async () => {
    // Alice: the mail she sent on 10 March and the one she received on 11 March, not her draft.
    expect(await mailSent(s.db, memberScope(s.alice), TOKYO_RANGE)).toEqual(tokyoFigure(2, 0, [1, 1]));
    // The admin's mail of the range is neither sent nor received by them; the one they sent on 8 March is.
    expect(await mailSent(s.db, memberScope(s.admin), TOKYO_RANGE)).toEqual(tokyoFigure(0, 1, [0, 0]));
  });
});
