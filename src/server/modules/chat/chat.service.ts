import type { FastifyInstance } from 'fastify';

import type { ChatContact, ChatMessage, Conversation } from '#shared/contract/chat.ts';
import type { Presence } from '#shared/contract/presence.ts';

import type { UserRow } from '../../db/schema/index.ts';
import type { Viewer } from '../../lib/search.ts';
import { contactDetailsFor } from '../users/users.service.ts';
import {
  lastMessages,
  messageIdsOfSeqs,
  participantsOf,
  type ConversationRow,
  type MessageWithFiles,
} from './chat.repo.ts';

/**
 * The spec's contact (and participant) shape, with presence, as `viewer` may see it: the email and phone
 * only where the person shows them to members (administrators and the person see all), the postal address
 * never to members; hidden details are ''.
 */
export function toContact(viewer: Viewer, user: UserRow, presence: Presence | undefined): ChatContact {
  const details = contactDetailsFor(viewer, user);
  return {
    id: user.id,
    name: `${user.firstName} ${user.lastName}`.trim(),
    username: user.slug,
    avatarUrl: user.avatarUrl,
    email: details.email,
    phoneNumber: details.phone,
    address: details.address,
    role: user.role,
    status: presence?.status ?? 'offline',
    lastActivity: presence?.lastActivity ?? null,
  };
}

export async function contactsWithPresence(
  app: FastifyInstance,
  viewer: Viewer,
  rows: UserRow[],
): Promise<ChatContact[]> {
  const presence = new Map((await app.presence.of(rows.map((r) => r.id))).map((p) => [p.userId, p]));
  return rows.map((row) => toContact(viewer, row, presence.get(row.id)));
}

export function toMessage(app: FastifyInstance, { message, files }: MessageWithFiles): ChatMessage {
  return {
    id: message.id,
    conversationId: message.conversationId,
    body: message.deletedAt ? '' : message.body,
    contentType: message.contentType,
    attachments: message.deletedAt ? [] : files.map((file) => app.files.toFile(file)),
    createdAt: message.createdAt.toISOString(),
    senderId: message.senderId,
    deletedAt: message.deletedAt?.toISOString() ?? null,
    clientId: message.clientId,
  };
}

/** A messages cursor: the `seq` of the oldest message shown (older ones come next). */
export const messagesCursor = (seq: number) => Buffer.from(`seq:${seq}`).toString('base64url');

export function seqOfCursor(cursor: string | undefined): number | null | 'invalid' {
  if (cursor === undefined) return null;
  const match = /^seq:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return match?.[1] ? Number(match[1]) : 'invalid';
}

/**
 * Conversations as the API shows them to `callerId`: participants with presence, the caller's unread
 * count, read receipts, and `messages` (the given ones, or each conversation's last message).
 */
export async function toConversations(
  app: FastifyInstance,
  callerId: string,
  rows: ConversationRow[],
  messages?: Map<string, MessageWithFiles[]>,
): Promise<Conversation[]> {
  const ids = rows.map((r) => r.id);
  const [participants, last] = await Promise.all([
    participantsOf(app.db, ids),
    messages ? Promise.resolve(new Map<string, MessageWithFiles>()) : lastMessages(app.db, ids),
  ]);
  const everyone = [...new Map([...participants.values()].flat().map((p) => [p.user.id, p.user])).values()];
  // The caller takes part in each conversation shown, so their own row says whether they are an administrator.
  const caller = everyone.find((u) => u.id === callerId);
  const viewer: Viewer = { id: callerId, isAdmin: caller?.role === 'admin' };
  const contacts = new Map((await contactsWithPresence(app, viewer, everyone)).map((c) => [c.id, c]));
  const seqIds = await messageIdsOfSeqs(
    app.db,
    [...participants.values()].flat().map((p) => p.participant.lastReadSeq),
  );
  return rows.map((row) => {
    const members = participants.get(row.id) ?? [];
    const mine = members.find((m) => m.user.id === callerId);
    const shown = messages?.get(row.id) ?? (last.get(row.id) ? [last.get(row.id)!] : []);
    return {
      id: row.id,
      type: row.type,
      name: row.type === 'GROUP' ? (row.name ?? '') : null,
      participants: members.map((m) => contacts.get(m.user.id)!).filter(Boolean),
      messages: shown.map((m) => toMessage(app, m)),
      unreadCount: mine?.participant.unreadCount ?? 0,
      lastActivity: row.lastActivityAt.toISOString(),
      readBy: Object.fromEntries(
        members.map((m) => [m.user.id, seqIds.get(m.participant.lastReadSeq) ?? null]),
      ),
    };
  });
}
