import { and, asc, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';

import type { ChatContentType } from '#shared/contract/chat.ts';

import type { Db } from '../../db/client.ts';
import {
  chatAttachments,
  chatConversations,
  chatMessages,
  chatParticipants,
  files,
  users,
  type UserRow,
} from '../../db/schema/index.ts';
import { keysetList, newestFirst } from '../../lib/list.ts';
import type { FileRow } from '../files/files.service.ts';

export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type ParticipantRow = typeof chatParticipants.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The one-to-one key of two people: their ids, sorted. */
export const pairKeyOf = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);

// ── people ──────────────────────────────────────────────────────────────────────────────────────────────

/** Everyone active on the instance but the caller, by name (the people one can write to). */
export function listContactRows(db: Db, callerId: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.status, 'active'), ne(users.id, callerId)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(1000);
}

/** Active users among `ids` (recipients must be people one can write to). */
export function activeUsers(db: Db, ids: readonly string[]): Promise<UserRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select()
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.status, 'active')));
}

// ── conversations ───────────────────────────────────────────────────────────────────────────────────────

/**
 * The conversation a key names, if the caller takes part in it: a conversation id, or a contact's username
 * (their one-to-one conversation with the caller). Anything else is undefined (404 for the route).
 */
export async function findConversation(
  db: Db,
  callerId: string,
  key: string,
): Promise<ConversationRow | undefined> {
  let where;
  if (UUID.test(key)) {
    where = eq(chatConversations.id, key.toLowerCase());
  } else {
    const [other] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.slug, key.toLowerCase()), eq(users.status, 'active')));
    if (!other || other.id === callerId) return undefined;
    where = eq(chatConversations.pairKey, pairKeyOf(callerId, other.id));
  }
  const [row] = await db
    .select({ conversation: chatConversations })
    .from(chatConversations)
    .innerJoin(
      chatParticipants,
      and(eq(chatParticipants.conversationId, chatConversations.id), eq(chatParticipants.userId, callerId)),
    )
    .where(where);
  return row?.conversation;
}

/** One page of the caller's conversations, newest activity first, with their own participant row. */
export function listConversationRows(
  db: Db,
  callerId: string,
  q: { cursor?: string | undefined; limit: number },
) {
  const order = newestFirst(chatConversations.lastActivityAt, chatConversations.id);
  return keysetList(q.limit, (limit) =>
    db
      .select({
        id: chatConversations.id,
        position: order.position,
        conversation: chatConversations,
      })
      .from(chatConversations)
      .innerJoin(
        chatParticipants,
        and(eq(chatParticipants.conversationId, chatConversations.id), eq(chatParticipants.userId, callerId)),
      )
      .where(order.before(q.cursor))
      .orderBy(...order.orderBy)
      .limit(limit),
  );
}

/** The participants of conversations (with their user rows), by conversation. */
export async function participantsOf(
  db: Db,
  conversationIds: readonly string[],
): Promise<Map<string, Array<{ participant: ParticipantRow; user: UserRow }>>> {
  const out = new Map<string, Array<{ participant: ParticipantRow; user: UserRow }>>();
  if (!conversationIds.length) return out;
  const rows = await db
    .select({ participant: chatParticipants, user: users })
    .from(chatParticipants)
    .innerJoin(users, eq(users.id, chatParticipants.userId))
    .where(inArray(chatParticipants.conversationId, [...conversationIds]))
    .orderBy(asc(chatParticipants.joinedAt), asc(users.id));
  for (const row of rows) {
    const list = out.get(row.participant.conversationId) ?? [];
    list.push(row);
    out.set(row.participant.conversationId, list);
  }
  return out;
}

/** Who takes part in a conversation (ids only: what each event is addressed to). */
export async function participantIdsOf(db: Db, conversationId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: chatParticipants.userId })
    .from(chatParticipants)
    .where(eq(chatParticipants.conversationId, conversationId));
  return rows.map((r) => r.userId);
}

export async function isParticipant(db: Db, conversationId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: chatParticipants.userId })
    .from(chatParticipants)
    .where(and(eq(chatParticipants.conversationId, conversationId), eq(chatParticipants.userId, userId)));
  return row !== undefined;
}

/**
 * The one-to-one conversation of two people, made the first time (the unique pair key settles a race:
 * both get the same conversation).
 */
export async function oneToOne(db: Db, callerId: string, otherId: string): Promise<string> {
  const pairKey = pairKeyOf(callerId, otherId);
  return db.transaction(async (tx) => {
    await tx
      .insert(chatConversations)
      .values({ type: 'ONE_TO_ONE', pairKey, createdBy: callerId })
      .onConflictDoNothing({ target: chatConversations.pairKey });
    const [row] = await tx
      .select({ id: chatConversations.id })
      .from(chatConversations)
      .where(eq(chatConversations.pairKey, pairKey));
    if (!row) throw new Error('One-to-one conversation missing after insert');
    await tx
      .insert(chatParticipants)
      .values([callerId, otherId].map((userId) => ({ conversationId: row.id, userId })))
      .onConflictDoNothing();
    return row.id;
  });
}

export async function createGroup(
  db: Db,
  callerId: string,
  memberIds: readonly string[],
  name: string,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(chatConversations)
      .values({ type: 'GROUP', name, createdBy: callerId })
      .returning({ id: chatConversations.id });
    if (!row) throw new Error('Group insert returned nothing');
    await tx
      .insert(chatParticipants)
      .values([callerId, ...memberIds].map((userId) => ({ conversationId: row.id, userId })));
    return row.id;
  });
}

export async function renameGroup(db: Db, conversationId: string, name: string): Promise<boolean> {
  const rows = await db
    .update(chatConversations)
    .set({ name })
    .where(and(eq(chatConversations.id, conversationId), eq(chatConversations.type, 'GROUP')))
    .returning({ id: chatConversations.id });
  return rows.length === 1;
}

// ── messages ────────────────────────────────────────────────────────────────────────────────────────────

export interface MessageWithFiles {
  message: MessageRow;
  files: FileRow[];
}

async function withFiles(db: Db, rows: MessageRow[]): Promise<MessageWithFiles[]> {
  if (!rows.length) return [];
  const attached = await db
    .select({ messageId: chatAttachments.messageId, file: files })
    .from(chatAttachments)
    .innerJoin(files, eq(files.id, chatAttachments.fileId))
    .where(
      inArray(
        chatAttachments.messageId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(chatAttachments.position));
  return rows.map((message) => ({
    message,
    files: attached.filter((a) => a.messageId === message.id).map((a) => a.file),
  }));
}

/** A conversation's messages before `beforeSeq` (newest page first), oldest first, one more to know if older ones exist. */
export async function messagesBefore(
  db: Db,
  conversationId: string,
  q: { beforeSeq: number | null; limit: number },
): Promise<{ items: MessageWithFiles[]; olderSeq: number | null }> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        q.beforeSeq === null ? undefined : lt(chatMessages.seq, q.beforeSeq),
      ),
    )
    .orderBy(desc(chatMessages.seq))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit).reverse();
  const oldest = page[0];
  return {
    items: await withFiles(db, page),
    olderSeq: rows.length > q.limit && oldest ? oldest.seq : null,
  };
}

/**
 * The last message of each conversation: one backward step on (conversation_id, seq) per conversation (a
 * DISTINCT ON over the conversations' messages would read all of them: ~100,000 rows for a page of 30).
 */
export async function lastMessages(
  db: Db,
  conversationIds: readonly string[],
): Promise<Map<string, MessageWithFiles>> {
  if (!conversationIds.length) return new Map();
  const last = db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, chatConversations.id))
    .orderBy(desc(chatMessages.seq))
    .limit(1)
    .as('last');
  const rows = await db
    .select()
    .from(chatConversations)
    .innerJoinLateral(last, sql`true`)
    .where(inArray(chatConversations.id, [...conversationIds]));
  return new Map(
    (
      await withFiles(
        db,
        rows.map((r) => r.last),
      )
    ).map((m) => [m.message.conversationId, m]),
  );
}

/** Message ids of the given sequence numbers in a conversation (read receipts). */
export async function messageIdsOfSeqs(db: Db, seqs: readonly number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(seqs.filter((s) => s > 0))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: chatMessages.id, seq: chatMessages.seq })
    .from(chatMessages)
    .where(inArray(chatMessages.seq, wanted));
  return new Map(rows.map((r) => [r.seq, r.id]));
}

export interface NewMessage {
  conversationId: string;
  senderId: string;
  clientId: string;
  body: string;
  contentType: ChatContentType;
  fileIds: readonly string[];
}

export type SendResult =
  | { kind: 'created'; message: MessageWithFiles; participantIds: string[] }
  | { kind: 'existing'; message: MessageWithFiles }
  | { kind: 'not-participant' }
  | { kind: 'bad-files' }
  | { kind: 'client-id-taken' };

/** A `chat_messages` row as the send statement returns it (raw: seq may come as a string, times as text). */
interface RawMessage {
  id: string;
  seq: number | string;
  conversationId: string;
  senderId: string | null;
  clientId: string;
  body: string;
  contentType: ChatContentType;
  createdAt: Date | string;
  deletedAt: Date | string | null;
  participantIds: string[] | string;
}

/**
 * Stores a message once (issue #10), in one statement: the conversation row is locked first (only when the
 * sender takes part in it and has not sent this `clientId` yet), so the sends of one conversation take their
 * turns: `seq` follows that order, the attachments are linked and the participants' unread counters are
 * raised without lost updates. One statement rather than a transaction of five: a send is one round trip
 * to the database (the embedded one runs on the server's own thread). A retry with the same `clientId`
 * returns the stored message instead of a second one.
 */
export async function storeMessage(db: Db, input: NewMessage): Promise<SendResult> {
  const fileIds = [...new Set(input.fileIds)];
  if (fileIds.length) {
    const own = await db
      .select({ id: files.id })
      .from(files)
      .where(and(inArray(files.id, fileIds), eq(files.ownerId, input.senderId), eq(files.use, 'attachment')));
    if (own.length !== fileIds.length) return { kind: 'bad-files' };
  }
  const { senderId, clientId, conversationId } = input;
  const result = (await db.execute(sql`
    with conversation as (
      update ${chatConversations} c set last_activity_at = now()
      where c.id = ${conversationId}
        and exists (select 1 from ${chatParticipants} p where p.conversation_id = c.id and p.user_id = ${senderId})
        and not exists (select 1 from ${chatMessages} m where m.sender_id = ${senderId} and m.client_id = ${clientId})
      returning c.id
    ), message as (
      insert into ${chatMessages} (conversation_id, sender_id, client_id, body, content_type)
      select id, ${senderId}, ${clientId}, ${input.body}, ${input.contentType} from conversation
      on conflict (sender_id, client_id) do nothing
      returning *
    ), attached as (
      insert into ${chatAttachments} (message_id, file_id, position)
      select message.id, f.id, f.position - 1
      from message, unnest(${`{${fileIds.join(',')}}`}::uuid[]) with ordinality as f(id, position)
    ), participants as (
      update ${chatParticipants} p set
        unread_count = case when p.user_id = ${senderId} then 0 else p.unread_count + 1 end,
        last_read_seq = case when p.user_id = ${senderId} then message.seq else p.last_read_seq end
      from message
      where p.conversation_id = message.conversation_id
      returning p.user_id
    )
    select id, seq, conversation_id as "conversationId", sender_id as "senderId", client_id as "clientId",
      body, content_type as "contentType", created_at as "createdAt", deleted_at as "deletedAt",
      (select coalesce(json_agg(user_id), '[]'::json) from participants) as "participantIds"
    from message`)) as unknown as { rows: RawMessage[] };
  const raw = result.rows[0];
  if (raw) {
    const { participantIds, ...row } = raw;
    const message: MessageRow = {
      ...row,
      seq: Number(row.seq),
      createdAt: new Date(row.createdAt),
      deletedAt: row.deletedAt === null ? null : new Date(row.deletedAt),
    };
    return {
      kind: 'created',
      message: fileIds.length ? (await withFiles(db, [message]))[0]! : { message, files: [] },
      participantIds:
        typeof participantIds === 'string' ? (JSON.parse(participantIds) as string[]) : participantIds,
    };
  }
  // Nothing stored: a retry of a stored send (or the same send racing itself from two tabs), or a
  // conversation the sender is not in.
  const [existing] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.senderId, senderId), eq(chatMessages.clientId, clientId)));
  if (!existing) return { kind: 'not-participant' };
  if (existing.conversationId !== conversationId) return { kind: 'client-id-taken' };
  return { kind: 'existing', message: (await withFiles(db, [existing]))[0]! };
}

/** Sets the caller's unread count to 0 and their read mark to the newest message; undefined when not theirs. */
export async function markSeen(
  db: Db,
  conversationId: string,
  userId: string,
): Promise<{ lastReadSeq: number } | undefined> {
  const [row] = await db
    .update(chatParticipants)
    .set({
      unreadCount: 0,
      lastReadSeq: sql`greatest(${chatParticipants.lastReadSeq}, coalesce((select max(m.seq) from ${chatMessages} m
        where m.conversation_id = ${conversationId}), 0))`,
    })
    .where(and(eq(chatParticipants.conversationId, conversationId), eq(chatParticipants.userId, userId)))
    .returning({ lastReadSeq: chatParticipants.lastReadSeq });
  return row;
}

/**
 * Deletes one of the sender's own messages for everyone: the text goes, the attachments' files too. Returns
 * the message and the storage keys to remove, or undefined when it is not theirs (or already deleted).
 */
export async function deleteOwnMessage(
  db: Db,
  senderId: string,
  messageId: string,
): Promise<{ message: MessageRow; storageKeys: string[] } | undefined> {
  return db.transaction(async (tx) => {
    const [message] = await tx
      .update(chatMessages)
      .set({ body: '', deletedAt: sql`now()` })
      .where(
        and(
          eq(chatMessages.id, messageId),
          eq(chatMessages.senderId, senderId),
          isNull(chatMessages.deletedAt),
        ),
      )
      .returning();
    if (!message) return undefined;
    const attached = await tx
      .select({ fileId: chatAttachments.fileId })
      .from(chatAttachments)
      .where(eq(chatAttachments.messageId, message.id));
    const removed = attached.length
      ? await tx
          .delete(files)
          .where(
            inArray(
              files.id,
              attached.map((a) => a.fileId),
            ),
          )
          .returning({ key: files.storageKey })
      : [];
    return { message, storageKeys: removed.map((r) => r.key) };
  });
}

/** The files shared in a conversation (live messages only), newest first: the room's "attachments" panel. */
export async function sharedFiles(db: Db, conversationId: string, limit: number): Promise<FileRow[]> {
  const rows = await db
    .select({ file: files })
    .from(chatMessages)
    .innerJoin(chatAttachments, eq(chatAttachments.messageId, chatMessages.id))
    .innerJoin(files, eq(files.id, chatAttachments.fileId))
    .where(and(eq(chatMessages.conversationId, conversationId), isNull(chatMessages.deletedAt)))
    .orderBy(desc(chatMessages.seq), asc(chatAttachments.position))
    .limit(limit);
  return rows.map((r) => r.file);
}

/** The caller's unread messages over all conversations, and in how many conversations. */
export async function unreadTotals(
  db: Db,
  userId: string,
): Promise<{ unreadCount: number; conversations: number }> {
  const [row] = await db
    .select({
      unreadCount: sql<number>`coalesce(sum(${chatParticipants.unreadCount}), 0)::int`,
      conversations: sql<number>`count(*) filter (where ${chatParticipants.unreadCount} > 0)::int`,
    })
    .from(chatParticipants)
    .where(eq(chatParticipants.userId, userId));
  return { unreadCount: row?.unreadCount ?? 0, conversations: row?.conversations ?? 0 };
}

/** Which of these files are attached to a message (the others are uploads never sent). */
export async function attachedFileIds(db: Db, fileIds: readonly string[]): Promise<string[]> {
  if (!fileIds.length) return [];
  const rows = await db
    .selectDistinct({ id: chatAttachments.fileId })
    .from(chatAttachments)
    .where(inArray(chatAttachments.fileId, [...fileIds]));
  return rows.map((r) => r.id);
}

/** May `userId` read this attachment? Only participants of a conversation whose live message holds it. */
export async function canReadAttachment(db: Db, userId: string, fileId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(chatAttachments)
    .innerJoin(chatMessages, eq(chatMessages.id, chatAttachments.messageId))
    .innerJoin(
      chatParticipants,
      and(
        eq(chatParticipants.conversationId, chatMessages.conversationId),
        eq(chatParticipants.userId, userId),
      ),
    )
    .where(and(eq(chatAttachments.fileId, fileId), isNull(chatMessages.deletedAt)))
    .limit(1);
  return row !== undefined;
}
