import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorResponses, staleErrorSchema } from '#shared/contract/common.ts';
import {
  addMemberInput,
  attachmentParams,
  attachmentResponse,
  BOARD_CARDS_MAX,
  BOARD_COLUMNS_MAX,
  BOARD_MEMBERS_MAX,
  boardIdParams,
  boardMembersResponse,
  boardQuery,
  boardResponse,
  boardsResponse,
  boardSummaryResponse,
  CARD_ATTACHMENTS_MAX,
  CARD_COMMENTS_MAX,
  cardDetailResponse,
  cardIdParams,
  cardResponse,
  clearColumnInput,
  columnOrderResponse,
  columnResponse,
  commentIdParams,
  commentResponse,
  deleteCardInput,
  deleteColumnInput,
  dueCardsQuery,
  dueCardsResponse,
  kanbanCardSchema,
  memberParams,
  moveCardInput,
  moveColumnInput,
  newBoardInput,
  newCardInput,
  newColumnInput,
  newCommentInput,
  OWNED_BOARDS_MAX,
  renameBoardInput,
  updateCardInput,
  updateColumnInput,
  type KanbanBoard,
  type KanbanCard,
} from '#shared/contract/kanban.ts';
import { validationMessageEn } from '#shared/lib/validation-messages.ts';

import { badRequest, forbidden, notFound, stale } from '../../lib/http-error.ts';
import { writeLimit } from '../../lib/limits.ts';
import { enforce } from '../../lib/rate-limiter.ts';
import { actor, signedInScope } from '../../plugins/auth.ts';
import { sqlStateOf } from '../../plugins/errors.ts';
import { deleteFiles } from '../files/files.service.ts';
import {
  addComment,
  addMember,
  attachFile,
  attachmentsOf,
  boardAccess,
  canReadCardFile,
  cardIdsOf,
  cardIsFull,
  cardsOf,
  clearColumn,
  columnOf,
  columnsOf,
  commentsOf,
  createBoard,
  createCard,
  createColumn,
  deleteBoard,
  deleteCard,
  deleteColumn,
  deleteOwnComment,
  detachFile,
  dueCardsOf,
  ensurePersonalBoard,
  lastBoardId,
  linkedCardFileIds,
  listBoards,
  moveCard,
  moveColumn,
  removeMember,
  rememberBoard,
  renameBoard,
  renameColumn,
  updateCard,
  type BoardAccess,
  type BoardRef,
  type CardFields,
} from './kanban.repo.ts';
import { peopleOf, toBoard, toCard, toComment } from './kanban.service.ts';

const boardNotFound = () => notFound('Board not found');
const columnNotFound = () => notFound('Column not found');
const cardNotFound = () => notFound('Card not found');
const ownerOnly = (access: BoardAccess) => {
  if (access.role !== 'owner') throw forbidden("Only the board's owner can do this");
};

/** A due date as stored: an instant, or null. */
const toDue = (value: string | null) => (value === null ? null : new Date(value));

/**
 * `/api/kanban` (issue #12): the spec's calls (the board, new/update/delete column) and boards with their
 * members, column and card moves by fractional keys, cards, comments and attachments (ADR 024). Only the
 * members of a board read or change it and what is on it; anyone else gets 404, whatever id they try. Every
 * change is published to the board's members (`kanban.changed`), after it is stored.
 */
export const kanbanRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  signedInScope(app);
  // Card files are readable by the members of the card's board; an upload whose link failed is swept.
  app.files.allowRead('kanban', (userId, file) => canReadCardFile(db, userId, file.id));
  app.files.linkedBy('kanban', (fileIds) => linkedCardFileIds(db, fileIds));

  /**
   * Tells the members' tabs (the caller's other tabs too) that the board changed. Membership changes pass
   * the members before a removal or after an addition, so the person concerned hears it as well.
   */
  const changed = (access: BoardAccess, cardId: string | null = null) =>
    app.realtime.publish(
      access.members.map((m) => m.id),
      { type: 'kanban.changed', boardId: access.board.id, cardId },
    );

  async function access(userId: string, ref: BoardRef, missing: () => Error): Promise<BoardAccess> {
    const found = await boardAccess(db, userId, ref);
    if (!found) throw missing();
    return found;
  }

  async function boardAnswer(found: BoardAccess): Promise<KanbanBoard> {
    const [columns, cards] = await Promise.all([
      columnsOf(db, found.board.id),
      cardsOf(db, { boardId: found.board.id }),
    ]);
    return toBoard(app.secret, found, columns, cards);
  }

  async function cardAnswer(found: BoardAccess, cardId: string): Promise<KanbanCard> {
    const [data] = await cardsOf(db, { cardId });
    if (!data || data.boardId !== found.board.id) throw cardNotFound();
    return toCard(app.secret, data, peopleOf(found.members));
  }

  async function columnAnswer(found: BoardAccess, columnId: string) {
    const [column, cardIds] = await Promise.all([
      columnOf(db, found.board.id, columnId),
      cardIdsOf(db, columnId),
    ]);
    if (!column) throw columnNotFound();
    return { column: { ...column, cardIds } };
  }

  /** The board shown without an id: the one opened last (the personal board, made on first use). */
  async function defaultBoardId(userId: string): Promise<string> {
    const personal = await ensurePersonalBoard(db, userId);
    return (await lastBoardId(db, userId)) ?? personal;
  }

  function checkAssignees(found: BoardAccess, assigneeIds: readonly string[] | undefined): void {
    if (assigneeIds?.some((id) => !found.members.some((m) => m.id === id))) {
      throw badRequest(validationMessageEn('validation.assigneeNotMember'), 'ASSIGNEE_NOT_MEMBER');
    }
  }

  // ── boards ────────────────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/board',
    { schema: { querystring: boardQuery, response: { 200: boardResponse, ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      const { boardId } = request.query;
      const found = await access(
        me.user.id,
        { boardId: boardId ?? (await defaultBoardId(me.user.id)) },
        boardNotFound,
      );
      if (boardId) await rememberBoard(db, me.user.id, boardId);
      return { board: await boardAnswer(found) };
    },
  );

  app.get(
    '/boards',
    { schema: { response: { 200: boardsResponse, ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      await ensurePersonalBoard(db, me.user.id);
      return { boards: await listBoards(db, me.user.id) };
    },
  );

  app.post(
    '/boards',
    { schema: { body: newBoardInput, response: { 200: boardResponse, ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      await enforce(db, writeLimit('board', me.user.id));
      const id = await createBoard(db, me.user.id, request.body.name);
      if (id === 'too-many') {
        throw badRequest(`You can own at most ${OWNED_BOARDS_MAX} boards`, 'TOO_MANY_BOARDS');
      }
      const found = await access(me.user.id, { boardId: id }, boardNotFound);
      await changed(found);
      return { board: await boardAnswer(found) };
    },
  );

  app.patch(
    '/boards/:id',
    {
      schema: {
        params: boardIdParams,
        body: renameBoardInput,
        response: { 200: boardSummaryResponse, ...errorResponses },
      },
    },
    async (request) => {
      const me = actor(request);
      const found = await access(me.user.id, { boardId: request.params.id }, boardNotFound);
      ownerOnly(found);
      await renameBoard(db, found.board.id, request.body.name);
      await changed(found);
      const { id, personal } = found.board;
      return { board: { id, name: request.body.name, personal, memberCount: found.members.length } };
    },
  );

  app.delete(
    '/boards/:id',
    { schema: { params: boardIdParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      const me = actor(request);
      const found = await access(me.user.id, { boardId: request.params.id }, boardNotFound);
      ownerOnly(found);
      if (found.board.personal) throw badRequest('Your personal board cannot be deleted', 'PERSONAL_BOARD');
      const storageKeys = await deleteBoard(db, found.board.id);
      if (!storageKeys) throw boardNotFound();
      await app.files.storage.remove(storageKeys);
      await changed(found);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/boards/:id/members',
    {
      schema: {
        params: boardIdParams,
        body: addMemberInput,
        response: { 200: boardMembersResponse, ...errorResponses },
      },
    },
    async (request) => {
      const me = actor(request);
      const found = await access(me.user.id, { boardId: request.params.id }, boardNotFound);
      ownerOnly(found);
      const result = await addMember(db, found.board.id, request.body.userId);
      if (result === 'unknown-user') {
        throw badRequest('This person cannot be added to the board', 'UNKNOWN_USER');
      }
      if (result === 'full') {
        throw badRequest(`A board has at most ${BOARD_MEMBERS_MAX} members`, 'TOO_MANY_MEMBERS');
      }
      const after = await access(me.user.id, { boardId: found.board.id }, boardNotFound);
      if (result === 'added') await changed(after);
      return {
        members: after.members.map(({ id, name, avatarUrl, role }) => ({ id, name, avatarUrl, role })),
      };
    },
  );

  /** The owner removes a member; a member leaves (removes themselves). Their assignments go too. */
  app.delete(
    '/boards/:id/members/:userId',
    { schema: { params: memberParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      const me = actor(request);
      const { id, userId } = request.params;
      const found = await access(me.user.id, { boardId: id }, boardNotFound);
      if (userId === me.user.id) {
        if (found.role === 'owner') {
          throw badRequest('The owner cannot leave the board; delete it instead', 'OWNER_CANNOT_LEAVE');
        }
      } else {
        ownerOnly(found);
      }
      if (!(await removeMember(db, found.board.id, userId))) throw notFound('Member not found');
      await changed(found);
      return reply.code(204).send(null);
    },
  );

  // ── columns ───────────────────────────────────────────────────────────────────────────────────────────

  app.post(
    '/columns/new',
    { schema: { body: newColumnInput, response: { 200: columnResponse, ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      const { name, boardId } = request.body;
      const found = await access(
        me.user.id,
        { boardId: boardId ?? (await defaultBoardId(me.user.id)) },
        boardNotFound,
      );
      const column = await createColumn(db, found.board.id, name);
      if (column === 'full') {
        throw badRequest(`A board has at most ${BOARD_COLUMNS_MAX} columns`, 'TOO_MANY_COLUMNS');
      }
      if (!column) throw boardNotFound();
      await changed(found);
      return { column: { id: column.id, name: column.name, cardIds: [] } };
    },
  );

  app.post(
    '/columns/update',
    { schema: { body: updateColumnInput, response: { 200: columnResponse, ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      const { columnId, column } = request.body;
      const found = await access(me.user.id, { columnId }, columnNotFound);
      if (column.name !== undefined) {
        if (!(await renameColumn(db, found.board.id, columnId, column.name))) throw columnNotFound();
        await changed(found);
      }
      return columnAnswer(found, columnId);
    },
  );

  app.post(
    '/columns/delete',
    { schema: { body: deleteColumnInput, response: { 200: z.object({}), ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      const { columnId } = request.body;
      const found = await access(me.user.id, { columnId }, columnNotFound);
      const storageKeys = await deleteColumn(db, found.board.id, columnId);
      if (!storageKeys) throw columnNotFound();
      await app.files.storage.remove(storageKeys);
      await changed(found);
      return {};
    },
  );

  app.post(
    '/columns/move',
    { schema: { body: moveColumnInput, response: { 200: columnOrderResponse, ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      const { columnId, beforeId, afterId } = request.body;
      const found = await access(me.user.id, { columnId }, columnNotFound);
      if (!(await moveColumn(db, found.board.id, columnId, { beforeId, afterId }))) throw columnNotFound();
      await changed(found);
      return { columnOrder: (await columnsOf(db, found.board.id)).map((c) => c.id) };
    },
  );

  app.post(
    '/columns/clear',
    { schema: { body: clearColumnInput, response: { 200: columnResponse, ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      const { columnId } = request.body;
      const found = await access(me.user.id, { columnId }, columnNotFound);
      const storageKeys = await clearColumn(db, found.board.id, columnId);
      await app.files.storage.remove(storageKeys);
      await changed(found);
      return columnAnswer(found, columnId);
    },
  );

  // ── cards ─────────────────────────────────────────────────────────────────────────────────────────────

  app.post(
    '/cards/new',
    { schema: { body: newCardInput, response: { 200: cardResponse, ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      const { columnId, due, assigneeIds, ...rest } = request.body;
      const found = await access(me.user.id, { columnId }, columnNotFound);
      checkAssignees(found, assigneeIds);
      const fields: CardFields = { ...rest, dueStart: toDue(due.start), dueEnd: toDue(due.end) };
      const id = await createCard(db, {
        boardId: found.board.id,
        columnId,
        reporterId: me.user.id,
        fields,
        assigneeIds,
      });
      if (id === 'full') {
        throw badRequest(`A board holds at most ${BOARD_CARDS_MAX} cards`, 'TOO_MANY_CARDS');
      }
      if (!id) throw columnNotFound();
      await changed(found, id);
      return { card: await cardAnswer(found, id) };
    },
  );

  app.post(
    '/cards/update',
    {
      schema: {
        body: updateCardInput,
        response: { 200: cardResponse, ...errorResponses, 409: staleErrorSchema(kanbanCardSchema) },
      },
    },
    async (request) => {
      const me = actor(request);
      const { cardId, version, card } = request.body;
      const found = await access(me.user.id, { cardId }, cardNotFound);
      const { due, assigneeIds, ...rest } = card;
      checkAssignees(found, assigneeIds);
      const fields: Partial<CardFields> = {
        ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)),
        ...(due && { dueStart: toDue(due.start), dueEnd: toDue(due.end) }),
      };
      if (!Object.keys(fields).length && assigneeIds === undefined) {
        // Nothing to change: only the version is checked.
        const current = await cardAnswer(found, cardId);
        if (current.version !== version) throw stale(current);
        return { card: current };
      }
      const result = await updateCard(db, { boardId: found.board.id, cardId, version, fields, assigneeIds });
      if (!result) throw cardNotFound();
      // Based on an older version: someone else saved meanwhile (ADR 017).
      if (result === 'stale') throw stale(await cardAnswer(found, cardId));
      await changed(found, cardId);
      return { card: await cardAnswer(found, cardId) };
    },
  );

  app.post(
    '/cards/move',
    { schema: { body: moveCardInput, response: { 200: cardResponse, ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      const { cardId, columnId, beforeId, afterId } = request.body;
      const found = await access(me.user.id, { cardId }, cardNotFound);
      const result = await moveCard(db, {
        boardId: found.board.id,
        cardId,
        columnId,
        place: { beforeId, afterId },
      });
      if (result === 'no-column') throw columnNotFound();
      if (result === 'no-card') throw cardNotFound();
      await changed(found, cardId);
      return { card: await cardAnswer(found, cardId) };
    },
  );

  app.post(
    '/cards/delete',
    { schema: { body: deleteCardInput, response: { 200: z.object({}), ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      const { cardId } = request.body;
      const found = await access(me.user.id, { cardId }, cardNotFound);
      const storageKeys = await deleteCard(db, found.board.id, cardId);
      if (!storageKeys) throw cardNotFound();
      await app.files.storage.remove(storageKeys);
      await changed(found, cardId);
      return {};
    },
  );

  // The viewer's cards due soon, across their boards (the analytics overview's tasks, issue 30 B).
  app.get(
    '/cards/due',
    { schema: { querystring: dueCardsQuery, response: { 200: dueCardsResponse, ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      const { before, limit } = request.query;
      return { cards: await dueCardsOf(db, me.user.id, before, limit) };
    },
  );

  app.get(
    '/cards/:id',
    { schema: { params: cardIdParams, response: { 200: cardDetailResponse, ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      const cardId = request.params.id;
      const found = await access(me.user.id, { cardId }, cardNotFound);
      const [card, comments, attachments] = await Promise.all([
        cardAnswer(found, cardId),
        commentsOf(db, cardId),
        attachmentsOf(db, cardId),
      ]);
      return {
        card: {
          ...card,
          comments: comments.map(toComment),
          attachments: attachments.map((file) => app.files.toFile(file)),
        },
      };
    },
  );

  // ── comments ──────────────────────────────────────────────────────────────────────────────────────────

  app.post(
    '/cards/:id/comments',
    {
      schema: {
        params: cardIdParams,
        body: newCommentInput,
        response: { 200: commentResponse, ...errorResponses },
      },
    },
    async (request) => {
      const me = actor(request);
      const cardId = request.params.id;
      const found = await access(me.user.id, { cardId }, cardNotFound);
      await enforce(db, writeLimit('comment', me.user.id));
      const comment = await addComment(db, cardId, me.user.id, request.body.message);
      if (comment === 'full') {
        throw badRequest(`A card holds at most ${CARD_COMMENTS_MAX} comments`, 'TOO_MANY_COMMENTS');
      }
      await changed(found, cardId);
      return { comment: toComment(comment) };
    },
  );

  app.delete(
    '/comments/:id',
    { schema: { params: commentIdParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      const me = actor(request);
      const found = await access(me.user.id, { commentId: request.params.id }, () =>
        notFound('Comment not found'),
      );
      const cardId = await deleteOwnComment(db, me.user.id, request.params.id);
      if (!cardId) throw forbidden('Only its author deletes a comment');
      await changed(found, cardId);
      return reply.code(204).send(null);
    },
  );

  // ── attachments ───────────────────────────────────────────────────────────────────────────────────────

  /** One file (multipart, the files block's checks and limits), attached to the card at once. */
  app.post(
    '/cards/:id/attachments',
    { schema: { params: cardIdParams, response: { 200: attachmentResponse, ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      const cardId = request.params.id;
      const found = await access(me.user.id, { cardId }, cardNotFound);
      if (await cardIsFull(db, cardId)) {
        throw badRequest(`A card holds at most ${CARD_ATTACHMENTS_MAX} files`, 'TOO_MANY_ATTACHMENTS');
      }
      const file = await app.files.store(request, { use: 'kanban', ownerId: me.user.id });
      let attached = false;
      try {
        attached = await attachFile(db, cardId, file.id);
      } catch (error) {
        // The card was deleted while the file arrived.
        if (sqlStateOf(error) !== '23503') throw error;
      }
      if (!attached) {
        await app.files.storage.remove(await deleteFiles(db, [file.id]));
        throw cardNotFound();
      }
      await changed(found, cardId);
      return { attachment: app.files.toFile(file) };
    },
  );

  app.delete(
    '/cards/:cardId/attachments/:fileId',
    { schema: { params: attachmentParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      const me = actor(request);
      const { cardId, fileId } = request.params;
      const found = await access(me.user.id, { cardId }, cardNotFound);
      const storageKey = await detachFile(db, cardId, fileId);
      if (!storageKey) throw notFound('Attachment not found');
      await app.files.storage.remove([storageKey]);
      await changed(found, cardId);
      return reply.code(204).send(null);
    },
  );
};
