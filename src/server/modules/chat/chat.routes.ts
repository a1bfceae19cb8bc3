import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  contactsResponse,
  conversationQuery,
  conversationResponse,
  conversationsQuery,
  conversationsResponse,
  createConversationInput,
  markAsSeenQuery,
  messageResponse,
  participantsQuery,
  participantsResponse,
  renameConversationInput,
  sendMessageInput,
  SHARED_FILES_MAX,
  sharedFilesResponse,
  typingInput,
  unreadResponse,
} from '#shared/contract/chat.ts';
import { errorResponses } from '#shared/contract/common.ts';

import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { writeLimit } from '../../lib/limits.ts';
import { enforce } from '../../lib/rate-limiter.ts';
import { actor, signedInScope } from '../../plugins/auth.ts';
import {
  activeUsers,
  attachedFileIds,
  canReadAttachment,
  createGroup,
  deleteOwnMessage,
  findConversation,
  isParticipant,
  listContactRows,
  listConversationRows,
  markSeen,
  messageIdsOfSeqs,
  messagesBefore,
  oneToOne,
  participantIdsOf,
  participantsOf,
  renameGroup,
  sharedFiles,
  storeMessage,
  unreadTotals,
  type NewMessage,
} from './chat.repo.ts';
import {
  contactsWithPresence,
  messagesCursor,
  seqOfCursor,
  toConversations,
  toMessage,
} from './chat.service.ts';

const conversationNotFound = () => notFound('Conversation not found');

const messageIdParams = z.object({ id: z.uuid({ error: 'validation.conversationKeyInvalid' }) });

/**
 * `/api/chat` (issue #10): the spec's calls, plus sending, starting and renaming conversations, deleting
 * one's own messages and typing. Only participants see a conversation, its messages and attachments;
 * anyone else gets 404, whatever id they try. Changes reach the participants' tabs over the real-time
 * socket, after they are stored.
 */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  signedInScope(app);
  // Chat attachments are readable by the participants of the conversation that holds them.
  app.files.allowRead('attachment', (userId, file) => canReadAttachment(db, userId, file.id));
  // Attachments uploaded but never sent are swept after a day.
  app.files.linkedBy('attachment', (fileIds) => attachedFileIds(db, fileIds));

  const participantIds = (conversationId: string) => participantIdsOf(db, conversationId);

  /** Stores a message and tells the participants; the same answer for a retry. */
  async function send(input: NewMessage) {
    if (!input.body.trim() && input.fileIds.length === 0) {
      throw badRequest('Write a message or attach a file', 'EMPTY_MESSAGE');
    }
    const result = await storeMessage(db, input);
    if (result.kind === 'not-participant') throw conversationNotFound();
    if (result.kind === 'bad-files') {
      throw badRequest('Attach files you uploaded yourself (POST /api/files)', 'INVALID_ATTACHMENTS');
    }
    if (result.kind === 'client-id-taken') {
      throw conflict('This clientId was used for another conversation', 'CLIENT_ID_TAKEN');
    }
    if (result.kind === 'created') {
      await app.realtime.publish(result.participantIds, {
        type: 'chat.message',
        conversationId: input.conversationId,
        messageId: result.message.message.id,
        senderId: input.senderId,
      });
    }
    return result.message;
  }

  app.get(
    '/contacts',
    { schema: { response: { 200: contactsResponse, ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      const viewer = { id: me.user.id, isAdmin: me.isAdmin };
      return { contacts: await contactsWithPresence(app, viewer, await listContactRows(db, me.user.id)) };
    },
  );

  app.get(
    '/conversations',
    {
      schema: {
        querystring: conversationsQuery,
        response: { 200: conversationsResponse, ...errorResponses },
      },
    },
    async (request) => {
      const me = actor(request);
      const page = await listConversationRows(db, me.user.id, request.query);
      return {
        conversations: await toConversations(
          app,
          me.user.id,
          page.items.map((i) => i.conversation),
        ),
        nextCursor: page.nextCursor,
      };
    },
  );

  app.get(
    '/conversation',
    {
      schema: { querystring: conversationQuery, response: { 200: conversationResponse, ...errorResponses } },
    },
    async (request) => {
      const me = actor(request);
      const { conversationKey, cursor, limit } = request.query;
      const beforeSeq = seqOfCursor(cursor);
      if (beforeSeq === 'invalid') throw badRequest('Invalid position in the list', 'INVALID_CURSOR');
      const row = await findConversation(db, me.user.id, conversationKey);
      if (!row) throw conversationNotFound();
      const page = await messagesBefore(db, row.id, { beforeSeq, limit });
      const [conversation] = await toConversations(app, me.user.id, [row], new Map([[row.id, page.items]]));
      return {
        conversation: conversation!,
        nextCursor: page.olderSeq === null ? null : messagesCursor(page.olderSeq),
      };
    },
  );

  app.get(
    '/participants',
    {
      schema: { querystring: participantsQuery, response: { 200: participantsResponse, ...errorResponses } },
    },
    async (request) => {
      const me = actor(request);
      const row = await findConversation(db, me.user.id, request.query.conversationKey);
      if (!row) throw conversationNotFound();
      const members = (await participantsOf(db, [row.id])).get(row.id) ?? [];
      return {
        participants: await contactsWithPresence(
          app,
          { id: me.user.id, isAdmin: me.isAdmin },
          members.map((m) => m.user),
        ),
      };
    },
  );

  app.get(
    '/attachments',
    {
      schema: { querystring: participantsQuery, response: { 200: sharedFilesResponse, ...errorResponses } },
    },
    async (request) => {
      const me = actor(request);
      const row = await findConversation(db, me.user.id, request.query.conversationKey);
      if (!row) throw conversationNotFound();
      const rows = await sharedFiles(db, row.id, SHARED_FILES_MAX);
      return { attachments: rows.map((file) => app.files.toFile(file)) };
    },
  );

  app.get('/unread', { schema: { response: { 200: unreadResponse, ...errorResponses } } }, async (request) =>
    unreadTotals(db, actor(request).user.id),
  );

  // The spec calls it with GET; POST is accepted too (it changes state).
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/conversation/mark-as-seen',
      schema: { querystring: markAsSeenQuery, response: { 204: z.null(), ...errorResponses } },
      handler: async (request, reply) => {
        const me = actor(request);
        const { conversationId } = request.query;
        const seen = await markSeen(db, conversationId, me.user.id);
        if (!seen) throw conversationNotFound();
        const [messageId] = (await messageIdsOfSeqs(db, [seen.lastReadSeq])).values();
        await app.realtime.publish(await participantIds(conversationId), {
          type: 'chat.read',
          conversationId,
          userId: me.user.id,
          messageId: messageId ?? null,
        });
        return reply.code(204).send(null);
      },
    });
  }

  app.post(
    '/conversations',
    { schema: { body: createConversationInput, response: { 200: conversationResponse, ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      const { recipientIds, message, name } = request.body;
      const others = [...new Set(recipientIds)].filter((id) => id !== me.user.id);
      if (!others.length) throw badRequest('Choose someone other than yourself', 'NO_RECIPIENTS');
      const recipients = await activeUsers(db, others);
      if (recipients.length !== others.length)
        throw badRequest('Some recipients cannot be written to', 'UNKNOWN_RECIPIENT');
      await enforce(db, [
        ...writeLimit('conversation', me.user.id),
        ...writeLimit('chatMessage', me.user.id),
      ]);
      const conversationId =
        others.length === 1
          ? await oneToOne(db, me.user.id, others[0]!)
          : await createGroup(db, me.user.id, others, name ?? '');
      await send({
        conversationId,
        senderId: me.user.id,
        clientId: message.clientId,
        body: message.body,
        contentType: message.contentType,
        fileIds: message.attachments,
      });
      await app.realtime.publish([me.user.id, ...others], { type: 'chat.conversation', conversationId });
      const row = await findConversation(db, me.user.id, conversationId);
      if (!row) throw conversationNotFound();
      const page = await messagesBefore(db, row.id, { beforeSeq: null, limit: 30 });
      const [conversation] = await toConversations(app, me.user.id, [row], new Map([[row.id, page.items]]));
      return {
        conversation: conversation!,
        nextCursor: page.olderSeq === null ? null : messagesCursor(page.olderSeq),
      };
    },
  );

  app.patch(
    '/conversations/:id',
    {
      schema: {
        params: messageIdParams,
        body: renameConversationInput,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const me = actor(request);
      const { id } = request.params;
      if (!(await isParticipant(db, id, me.user.id))) throw conversationNotFound();
      if (!(await renameGroup(db, id, request.body.name))) {
        throw badRequest('Only group conversations have a name', 'NOT_A_GROUP');
      }
      await app.realtime.publish(await participantIds(id), { type: 'chat.conversation', conversationId: id });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/messages',
    { schema: { body: sendMessageInput, response: { 200: messageResponse, ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      const { conversationId, body, contentType, attachments, clientId } = request.body;
      await enforce(db, writeLimit('chatMessage', me.user.id));
      const message = await send({
        conversationId,
        senderId: me.user.id,
        clientId,
        body,
        contentType,
        fileIds: attachments,
      });
      return { message: toMessage(app, message) };
    },
  );

  app.delete(
    '/messages/:id',
    { schema: { params: messageIdParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      const me = actor(request);
      const deleted = await deleteOwnMessage(db, me.user.id, request.params.id);
      if (!deleted) throw notFound('Message not found');
      await app.files.storage.remove(deleted.storageKeys);
      await app.realtime.publish(await participantIds(deleted.message.conversationId), {
        type: 'chat.messageDeleted',
        conversationId: deleted.message.conversationId,
        messageId: deleted.message.id,
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/typing',
    { schema: { body: typingInput, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      const me = actor(request);
      const { conversationId } = request.body;
      const members = await participantIds(conversationId);
      if (!members.includes(me.user.id)) throw conversationNotFound();
      await app.realtime.publish(
        members.filter((id) => id !== me.user.id),
        { type: 'chat.typing', conversationId, userId: me.user.id },
      );
      return reply.code(204).send(null);
    },
  );
};
