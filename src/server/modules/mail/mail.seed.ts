import { inArray, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { files, mailEntries, mailLabels, mailMessages, users } from '../../db/schema/index.ts';
import { richTextToText } from '../../lib/rich-text.ts';
import {
  applyLabels,
  createDraft,
  messageOfEntry,
  sendMail,
  updateEntries,
  type MessageContent,
} from './mail.repo.ts';
import { sendWelcomeMail } from './welcome.ts';

export interface MailSeedOptions {
  adminId: string;
  /** Active demo users who write to the admin (at least six). */
  peopleIds: string[];
  /** A picture to attach to one mail (stored by the caller under `storageKey`), when there is an uploads folder. */
  picture?: { storageKey: string; size: number; width: number; height: number } | undefined;
}

interface Person {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

const address = (p: Person) => ({ name: `${p.firstName} ${p.lastName}`, email: p.email });

/**
 * Demo mail (issue #11): the admin's welcome mail, threads with six people (one with a picture, one answered
 * back and forth), the custom labels Social, Promotions and Forums on some of them, a starred and an
 * important one, a draft; several unread. Times are spread over the last days, newest first in the inbox.
 */
export async function seedMail(db: Db, { adminId, peopleIds, picture }: MailSeedOptions): Promise<void> {
  const ids = [adminId, ...peopleIds.slice(0, 6)];
  const rows = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const admin = byId.get(adminId);
  const people = peopleIds.slice(0, 6).flatMap((id) => byId.get(id) ?? []);
  if (!admin || people.length < 6) return;
  const [p1, p2, p3, p4, p5, p6] = people as [Person, Person, Person, Person, Person, Person];

  await sendWelcomeMail(db, admin, 'en');

  const send = async (
    from: Person,
    to: Person[],
    subject: string,
    html: string,
    extra: Partial<MessageContent> = {},
  ) => {
    const delivery = await sendMail(db, {
      senderId: from.id,
      content: {
        from: address(from),
        to: to.map(address),
        cc: [],
        bcc: [],
        subject,
        html,
        text: richTextToText(html),
        inReplyTo: null,
        fileIds: [],
        ...extra,
      },
      recipientIds: to.map((p) => p.id),
      undelivered: [],
      draftEntryId: undefined,
    });
    if (!delivery) throw new Error(`Seed mail "${subject}" was not sent`);
    return {
      sent: delivery.senderEntryId,
      to: new Map(delivery.recipients.map((r) => [r.userId, r.entryId])),
    };
  };

  const [social, promotions, forums] = await db
    .insert(mailLabels)
    .values([
      { userId: adminId, name: 'Social', color: 'info' },
      { userId: adminId, name: 'Promotions', color: 'warning' },
      { userId: adminId, name: 'Forums', color: 'success' },
    ])
    .returning({ id: mailLabels.id });

  const kickoff = await send(
    admin,
    [p1],
    'Project kickoff next week',
    '<p>Hi,</p><p>Shall we hold the kickoff on <b>Tuesday at 10:00</b>? I will bring the draft plan.</p>',
  );
  const kickoffForP1 = kickoff.to.get(p1.id)!;
  await send(
    p1,
    [admin],
    'Re: Project kickoff next week',
    '<p>Tuesday works for me. I will book the room.</p>',
    {
      inReplyTo: (await messageOfEntry(db, p1.id, kickoffForP1)) ?? null,
    },
  );

  const report = await send(
    p2,
    [admin],
    'Quarterly report ready for review',
    '<p>The quarterly report is ready. Highlights:</p><ul><li>Revenue up 12%</li><li>Churn down to 2.1%</li></ul><p>Comments by Friday, please.</p>',
  );
  let fileIds: string[] = [];
  if (picture) {
    const [file] = await db
      .insert(files)
      .values({
        ownerId: p3.id,
        use: 'attachment',
        storageKey: picture.storageKey,
        name: 'moodboard.webp',
        mimeType: 'image/webp',
        size: picture.size,
        width: picture.width,
        height: picture.height,
      })
      .returning({ id: files.id });
    fileIds = [file!.id];
  }
  const moodboard = await send(
    p3,
    [admin],
    'New moodboard for the landing page',
    '<p>Here is the moodboard we talked about. <i>Feedback welcome!</i></p>',
    { fileIds },
  );
  const meetup = await send(
    p4,
    [admin, p5],
    'Team dinner on Thursday?',
    '<p>Who is in for dinner after the release? I found a nice place near the office.</p>',
  );
  const sale = await send(
    p5,
    [admin],
    'Early-bird tickets for DesignConf',
    '<p>Early-bird tickets end this week: <a href="https://example.com/designconf">designconf</a>.</p>',
  );
  const forum = await send(
    p6,
    [admin],
    'Weekly digest: accessibility forum',
    '<blockquote>How do you test colour contrast in dark mode?</blockquote><p>12 new answers this week.</p>',
  );

  const mine = (sent: { to: Map<string, string> }) => sent.to.get(adminId)!;
  await applyLabels(db, adminId, [mine(meetup)], [social!.id], []);
  await applyLabels(db, adminId, [mine(sale)], [promotions!.id], []);
  await applyLabels(db, adminId, [mine(forum)], [forums!.id], []);
  await updateEntries(db, adminId, [mine(report)], 'important');
  await updateEntries(db, adminId, [mine(moodboard)], 'star');
  await updateEntries(db, adminId, [mine(sale), mine(forum)], 'read');

  await createDraft(db, adminId, {
    from: address(admin),
    to: [address(p2)],
    cc: [],
    bcc: [],
    subject: 'Notes on the quarterly report',
    html: '<p>A few notes before Friday:</p>',
    text: 'A few notes before Friday:',
    inReplyTo: null,
    fileIds: [],
  });

  // Spread the mail over the last days: each message an hour and a half after the one before.
  await db.execute(sql`
    with ordered as (
      select id, row_number() over (order by created_at desc, id desc) as n from ${mailMessages}
    )
    update ${mailMessages} m set sent_at = case when m.sent_at is null then null else now() - make_interval(mins => (o.n * 97)::int) end,
      created_at = now() - make_interval(mins => (o.n * 97)::int),
      updated_at = now() - make_interval(mins => (o.n * 97)::int)
    from ordered o where o.id = m.id`);
  await db.execute(sql`
    update ${mailEntries} e set at = coalesce(m.sent_at, m.updated_at) from ${mailMessages} m where m.id = e.message_id`);
}
