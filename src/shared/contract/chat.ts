/**
 * Chat (issue #10): `/api/chat/*`. The spec's calls keep their paths and answer fields (`contacts`,
 * `conversations`, `conversation`, `participants`); sending, starting a conversation, deleting a message and
 * typing are ours (the spec shows no sending call).
 */
import { z } from 'zod';

import {
  ATTACHMENTS_MAX,
  CONVERSATIONS_PAGE,
  GROUP_NAME_MAX,
  MESSAGE_MAX,
  MESSAGES_PAGE,
  RECIPIENTS_MAX,
} from './chat-limits.ts';
import { fileSchema } from './files.ts';
import { cursorField, cursorInfoFields } from './list.ts';
import { presenceStatuses } from './realtime.ts';

export * from './chat-limits.ts';

export const conversationTypes = ['ONE_TO_ONE', 'GROUP'] as const;
export const chatContentTypes = ['text', 'image', 'file'] as const;
export type ChatContentType = (typeof chatContentTypes)[number];

/** A person one can write to (the spec's contact; also a conversation's participant). */
export const chatContactSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  email: z.string(),
  phoneNumber: z.string(),
  address: z.string(),
  role: z.string(),
  status: z.enum(presenceStatuses),
  lastActivity: z.iso.datetime({ offset: true }).nullable(),
});
export type ChatContact = z.infer<typeof chatContactSchema>;

export const chatMessageSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  /** Plain text, shown as text (links made clickable by the client); '' once deleted. */
  body: z.string(),
  contentType: z.enum(chatContentTypes),
  attachments: z.array(fileSchema),
  createdAt: z.iso.datetime({ offset: true }),
  /** null when the sender's account is gone. */
  senderId: z.uuid().nullable(),
  /** Set when the sender deleted it ("message deleted" for everyone). */
  deletedAt: z.iso.datetime({ offset: true }).nullable(),
  /** The sender's own id for the send (their retries are the same message). */
  clientId: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationSchema = z.object({
  id: z.uuid(),
  type: z.enum(conversationTypes),
  /** Groups: their name ('' until named). One-to-one: null (the other person's name is shown). */
  name: z.string().nullable(),
  participants: z.array(chatContactSchema),
  /** Newest last. In the list: the last message only. */
  messages: z.array(chatMessageSchema),
  unreadCount: z.number().int(),
  lastActivity: z.iso.datetime({ offset: true }),
  /** Each participant's last seen message id (read receipts), by user id. */
  readBy: z.record(z.string(), z.uuid().nullable()),
});
export type Conversation = z.infer<typeof conversationSchema>;

// ── requests ─────────────────────────────────────────────────────────────────────────────────────────────

const conversationKey = z
  .string({ error: 'validation.conversationKeyInvalid' })
  .trim()
  .min(1, 'validation.conversationKeyInvalid')
  .max(100, 'validation.conversationKeyInvalid');

export const conversationsQuery = z.object({
  cursor: cursorField,
  limit: z.coerce.number().int().min(1).max(100).default(CONVERSATIONS_PAGE),
});
export const conversationsResponse = z.object({
  conversations: z.array(conversationSchema),
  ...cursorInfoFields,
});

/** `conversationKey`: a conversation id, or a contact's username (the one-to-one conversation with them). */
export const conversationQuery = z.object({
  conversationKey,
  /** Older messages: the previous answer's `nextCursor`. */
  cursor: cursorField,
  limit: z.coerce.number().int().min(1).max(100).default(MESSAGES_PAGE),
});
export const conversationResponse = z.object({ conversation: conversationSchema, ...cursorInfoFields });

export const participantsQuery = z.object({ conversationKey });
export const participantsResponse = z.object({ participants: z.array(chatContactSchema) });
/** `GET /api/chat/attachments?conversationKey=`: the files shared in a conversation, newest first. */
export const sharedFilesResponse = z.object({ attachments: z.array(fileSchema) });

/** `GET /api/chat/unread`: the caller's unread messages (the nav badge and the tab title). */
export const unreadResponse = z.object({
  unreadCount: z.number().int(),
  /** Conversations with something unread. */
  conversations: z.number().int(),
});

export const contactsResponse = z.object({ contacts: z.array(chatContactSchema) });

export const markAsSeenQuery = z.object({
  conversationId: z.uuid({ error: 'validation.conversationKeyInvalid' }),
});

const messageFields = {
  body: z
    .string({ error: 'validation.messageRequired' })
    .max(MESSAGE_MAX, 'validation.messageTooLong')
    .default(''),
  contentType: z.enum(chatContentTypes, { error: 'validation.contentTypeInvalid' }).default('text'),
  /** Files uploaded first to `POST /api/files?use=attachment`, by the sender. */
  attachments: z
    .array(z.uuid({ error: 'validation.fileIdInvalid' }))
    .max(ATTACHMENTS_MAX, 'validation.tooManyAttachments')
    .default([]),
  /** Chosen by the client per message; a retry with the same one returns the stored message. */
  clientId: z
    .string({ error: 'validation.clientIdInvalid' })
    .regex(/^[\w-]{8,64}$/, 'validation.clientIdInvalid'),
};

export const sendMessageInput = z.object({
  conversationId: z.uuid({ error: 'validation.conversationKeyInvalid' }),
  ...messageFields,
});
export type SendMessageInput = z.input<typeof sendMessageInput>;
export const messageResponse = z.object({ message: chatMessageSchema });

export const createConversationInput = z.object({
  recipientIds: z
    .array(z.uuid({ error: 'validation.userRefInvalid' }))
    .min(1, 'validation.recipientsRequired')
    .max(RECIPIENTS_MAX, 'validation.tooManyRecipients'),
  message: z.object(messageFields),
  name: z.string().trim().max(GROUP_NAME_MAX, 'validation.fieldTooLong').optional(),
});
export type CreateConversationInput = z.input<typeof createConversationInput>;

export const renameConversationInput = z.object({
  name: z.string().trim().max(GROUP_NAME_MAX, 'validation.fieldTooLong'),
});

export const typingInput = z.object({
  conversationId: z.uuid({ error: 'validation.conversationKeyInvalid' }),
});
