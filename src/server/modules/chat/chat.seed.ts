import { sql } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { chatConversations, chatMessages, files } from '../../db/schema/index.ts';
import { createGroup, markSeen, oneToOne, storeMessage } from './chat.repo.ts';

export interface ChatSeedOptions {
  adminId: string;
  /** Active demo users to talk with (at least six). */
  peopleIds: string[];
  /** A picture to send in the group (stored by the caller under `storageKey`), if the seed has an uploads folder. */
  picture?: { storageKey: string; size: number; width: number; height: number } | undefined;
}

type Line = [from: number, body: string];

/**
 * Demo conversations (issue #10): the demo admin with three people one-to-one and in a group with three
 * more (with a picture when there is an uploads folder); some of it unread for the admin. Times are spread
 * over the last days so the list and the room look lived in.
 */
export async function seedChat(db: Db, { adminId, peopleIds, picture }: ChatSeedOptions): Promise<void> {
  const [p1, p2, p3, p4, p5, p6] = peopleIds;
  if (!p6) return;
  let n = 0;
  const say = async (conversationId: string, senderId: string, body: string, fileIds: string[] = []) => {
    n++;
    const result = await storeMessage(db, {
      conversationId,
      senderId,
      clientId: `seed-${n}`,
      body,
      contentType: fileIds.length ? 'image' : 'text',
      fileIds,
    });
    if (result.kind !== 'created') throw new Error(`Seed message ${n} was not stored (${result.kind})`);
  };
  const talk = async (conversationId: string, people: string[], lines: Line[]) => {
    for (const [from, body] of lines) await say(conversationId, people[from]!, body);
  };

  const withP1 = await oneToOne(db, adminId, p1!);
  await talk(
    withP1,
    [adminId, p1!],
    [
      [1, 'Hi! Do you have a minute to look at the new onboarding flow?'],
      [0, 'Sure, send me the link.'],
      [1, 'Here it is: https://example.com/onboarding'],
      [1, 'The second step still feels long to me.'],
      [1, 'What do you think?'],
    ],
  );

  const withP2 = await oneToOne(db, adminId, p2!);
  await talk(
    withP2,
    [adminId, p2!],
    [
      [0, 'The quarterly report is ready for review.'],
      [1, 'Thanks, I will read it this afternoon.'],
      [0, 'Great, no rush.'],
    ],
  );
  await markSeen(db, withP2, adminId);

  const withP3 = await oneToOne(db, adminId, p3!);
  await talk(withP3, [adminId, p3!], [[1, 'Are we still on for Friday?']]);

  const team = [adminId, p4!, p5!, p6];
  const group = await createGroup(db, adminId, [p4!, p5!, p6], 'Design team');
  await talk(group, team, [
    [0, 'Welcome to the design team channel 👋'],
    [1, 'Thanks! Glad to be here.'],
    [2, 'I pushed the new colour palette to the shared folder.'],
  ]);
  if (picture) {
    const [file] = await db
      .insert(files)
      .values({
        ownerId: p6,
        use: 'attachment',
        storageKey: picture.storageKey,
        name: 'moodboard.webp',
        mimeType: 'image/webp',
        size: picture.size,
        width: picture.width,
        height: picture.height,
      })
      .returning({ id: files.id });
    await say(group, p6, 'Moodboard for the landing page', [file!.id]);
  }
  await talk(group, team, [[1, 'Looks great!']]);
  await markSeen(db, group, adminId);
  await talk(group, team, [[3, 'Can we review it together tomorrow?']]);

  // Spread the messages over the last three days, oldest first, and the conversations with them.
  await db.execute(sql`
    update ${chatMessages} set created_at = now() - make_interval(mins => (${n} - (seq - (select min(seq) from ${chatMessages}))::int) * 37)`);
  await db.execute(sql`
    update ${chatConversations} c set last_activity_at = coalesce(
      (select max(m.created_at) from ${chatMessages} m where m.conversation_id = c.id), c.created_at)`);
}
