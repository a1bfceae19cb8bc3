import { desc } from 'drizzle-orm';

import type { ContactInput, ContactMessage, ContactMessagePage } from '#shared/contract/contact.ts';

import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/contact.ts';
import { pagedList } from '../../lib/list.ts';

type ContactMessageRow = typeof contactMessages.$inferSelect;

function toContactMessage(row: ContactMessageRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function createContactMessage(
  db: Db,
  input: ContactInput & { ip: string; userId: string | null },
): Promise<ContactMessage> {
  const [row] = await db.insert(contactMessages).values(input).returning();
  if (!row) throw new Error('contact message was not stored');
  return toContactMessage(row);
}

/** Newest first (ties broken by id, so pages never overlap). */
export async function listContactMessages(
  db: Db,
  q: { page: number; pageSize: number },
): Promise<ContactMessagePage> {
  const { items, ...info } = await pagedList(
    q,
    ({ limit, offset }) =>
      db
        .select()
        .from(contactMessages)
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(limit)
        .offset(offset),
    () => db.$count(contactMessages),
  );
  return { messages: items.map(toContactMessage), ...info };
}
