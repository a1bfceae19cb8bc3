import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorResponses } from '#shared/contract/common.ts';
import {
  applyLabelsInput,
  deleteMailsInput,
  draftInput,
  labelIdParams,
  labelInput,
  labelPatch,
  labelResponse,
  labelsResponse,
  MAIL_LABELS_MAX,
  MAIL_SUGGEST_MIN,
  MAIL_SUGGESTIONS_MAX,
  mailContactsQuery,
  mailContactsResponse,
  mailIdParams,
  mailQuery,
  mailResponse,
  mailsQuery,
  mailsResponse,
  sendMailInput,
  systemLabels,
  updatedResponse,
  updateMailsInput,
  type MailLabel,
} from '#shared/contract/mail.ts';

import { mailLabels, type MailAddressColumn } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { enforce, type Limit } from '../../lib/rate-limiter.ts';
import { richTextToText, sanitizeRichText } from '../../lib/rich-text.ts';
import { actor, signedInScope } from '../../plugins/auth.ts';
import {
  applyLabels,
  canReadMailFile,
  createDraft,
  deleteEntries,
  discardDraft,
  findLabel,
  findPeople,
  fullMail,
  labelsWithCounts,
  listMails,
  mailedFileIds,
  messageOfEntry,
  ownAttachments,
  peopleByEmail,
  sendMail,
  systemCounts,
  updateDraft,
  updateEntries,
  type MessageContent,
} from './mail.repo.ts';
import { toMail, toSummaries } from './mail.service.ts';
import { assertMayMailOutside } from '../workspace/workspace.service.ts';

/** Mails sent per user; plenty for a person, a wall for a script. */
const SEND_LIMIT: Limit = { max: 60, windowSeconds: 60 };

const mailNotFound = () => notFound('Mail not found');

/**
 * `/api/mail` (issue #11): the spec's calls (labels, mails, mail), plus sending, drafts, state changes and
 * custom labels. A mail's id is the caller's own copy: anyone else's id is 404. Mail between people of the
 * instance is delivered at once (an inbox copy each, live); other addresses go out through the outbox.
 */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  signedInScope(app);
  app.files.allowRead('attachment', (userId, file) => canReadMailFile(db, userId, file.id));
  app.files.linkedBy('attachment', (fileIds) => mailedFileIds(db, fileIds));

  /** The caller's own tabs refresh their counts and lists. */
  const changed = (userId: string) => app.realtime.publish([userId], { type: 'mail.changed' });

  /** Addresses as stored, lower-cased and each once per field, with the names of people we know. */
  async function content(
    senderId: string,
    input: z.infer<typeof draftInput>,
  ): Promise<{ content: MessageContent; recipients: Map<string, string> }> {
    const unique = (list: string[]) => [...new Set(list.map((a) => a.toLowerCase()))];
    const to = unique(input.to);
    const cc = unique(input.cc).filter((a) => !to.includes(a));
    const bcc = unique(input.bcc).filter((a) => !to.includes(a) && !cc.includes(a));
    const people = await peopleByEmail(db, [...to, ...cc, ...bcc]);
    const byEmail = new Map(people.map((p) => [p.email, p]));
    const address = (email: string): MailAddressColumn => ({ name: byEmail.get(email)?.name ?? '', email });
    if (!(await ownAttachments(db, senderId, input.attachments))) {
      throw badRequest('Attach files you uploaded yourself (POST /api/files)', 'INVALID_ATTACHMENTS');
    }
    let inReplyTo: string | null = null;
    if (input.inReplyTo) {
      inReplyTo = (await messageOfEntry(db, senderId, input.inReplyTo)) ?? null;
      if (!inReplyTo) throw mailNotFound();
    }
    const html = sanitizeRichText(input.message);
    return {
      content: {
        from: { name: '', email: '' },
        to: to.map(address),
        cc: cc.map(address),
        bcc: bcc.map(address),
        subject: input.subject,
        html,
        text: richTextToText(html),
        inReplyTo,
        fileIds: input.attachments,
      },
      recipients: new Map(people.map((p) => [p.email, p.id])),
    };
  }

  async function answer(userId: string, entryId: string) {
    const mail = await fullMail(db, userId, entryId);
    if (!mail) throw mailNotFound();
    return { mail: await toMail(app, userId, mail) };
  }

  app.get(
    '/labels',
    { schema: { response: { 200: labelsResponse, ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      const [counts, custom] = await Promise.all([
        systemCounts(db, me.user.id),
        labelsWithCounts(db, me.user.id),
      ]);
      const labels: MailLabel[] = [
        ...systemLabels.map((name) => ({
          id: name,
          type: 'system' as const,
          name,
          color: null,
          unreadCount: counts[name] ?? 0,
        })),
        ...custom.map((label) => ({
          id: label.id,
          type: 'custom' as const,
          name: label.name,
          color: label.color,
          unreadCount: label.unread,
        })),
      ];
      return { labels };
    },
  );

  app.get(
    '/contacts',
    {
      schema: { querystring: mailContactsQuery, response: { 200: mailContactsResponse, ...errorResponses } },
    },
    async (request) => {
      // Fewer characters than MAIL_SUGGEST_MIN suggest nobody: suggestions are for finding one person, not
      // for listing the directory.
      const { search } = request.query;
      if (search.length < MAIL_SUGGEST_MIN) return { contacts: [] };
      const me = actor(request);
      const viewer = { id: me.user.id, isAdmin: me.isAdmin };
      const people = await findPeople(db, viewer, search, MAIL_SUGGESTIONS_MAX);
      return {
        contacts: people.map((p) => ({ name: p.name, email: p.email, userId: p.id, avatarUrl: p.avatarUrl })),
      };
    },
  );

  app.get(
    '/mails',
    { schema: { querystring: mailsQuery, response: { 200: mailsResponse, ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      const { systemLabel, customLabel, search, cursor, limit } = request.query;
      if (systemLabel && customLabel) {
        throw badRequest('Give either systemLabel or customLabel', 'LABEL_CONFLICT');
      }
      if (customLabel && !(await findLabel(db, me.user.id, customLabel))) throw notFound('Label not found');
      const page = await listMails(db, me.user.id, {
        filter: customLabel
          ? { kind: 'custom', labelId: customLabel }
          : { kind: 'system', label: systemLabel ?? 'inbox' },
        search,
        cursor,
        limit,
      });
      return { mails: await toSummaries(db, page.items), nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/mail',
    { schema: { querystring: mailQuery, response: { 200: mailResponse, ...errorResponses } } },
    async (request) => answer(actor(request).user.id, request.query.mailId),
  );

  app.post(
    '/send',
    { schema: { body: sendMailInput, response: { 200: mailResponse, ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      await enforce(db, [[`mail:send:${me.user.id}`, SEND_LIMIT]]);
      const { draftId, ...input } = request.body;
      const { content: mail, recipients } = await content(me.user.id, input);
      mail.from = { name: `${me.user.firstName} ${me.user.lastName}`.trim(), email: me.user.email };
      const all = [...mail.to, ...mail.cc, ...mail.bcc].map((a) => a.email);
      const external = all.filter((email) => !recipients.has(email));
      // Outside addresses need a verified sender and fit the mail quotas (issue 24 A; 403 or 429 otherwise).
      await assertMayMailOutside(app, me.user, new Set(external).size, 'send mail outside the workspace');
      const smtp = Boolean(app.config.smtpUrl);
      const delivery = await sendMail(db, {
        senderId: me.user.id,
        content: mail,
        recipientIds: all.flatMap((email) => recipients.get(email) ?? []),
        undelivered: smtp ? [] : external,
        draftEntryId: draftId,
      });
      if (!delivery) throw mailNotFound();
      // Outside addresses leave through the outbox (kept there, and the sender told, without SMTP).
      for (const to of external) {
        await app.mailer.send({
          to,
          subject: mail.subject || '(no subject)',
          text: `${mail.from.name} <${mail.from.email}> wrote:\n\n${mail.text}`,
        });
      }
      for (const { userId, entryId } of delivery.recipients) {
        await app.realtime.publish([userId], { type: 'mail.new', mailId: entryId });
      }
      await changed(me.user.id);
      return answer(me.user.id, delivery.senderEntryId);
    },
  );

  app.post(
    '/drafts',
    { schema: { body: draftInput, response: { 200: mailResponse, ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      const { content: draft } = await content(me.user.id, request.body);
      draft.from = { name: `${me.user.firstName} ${me.user.lastName}`.trim(), email: me.user.email };
      const entryId = await createDraft(db, me.user.id, draft);
      await changed(me.user.id);
      return answer(me.user.id, entryId);
    },
  );

  app.put(
    '/drafts/:id',
    {
      schema: { params: mailIdParams, body: draftInput, response: { 200: mailResponse, ...errorResponses } },
    },
    async (request) => {
      const me = actor(request);
      const { content: draft } = await content(me.user.id, request.body);
      draft.from = { name: `${me.user.firstName} ${me.user.lastName}`.trim(), email: me.user.email };
      if (!(await updateDraft(db, me.user.id, request.params.id, draft))) throw mailNotFound();
      return answer(me.user.id, request.params.id);
    },
  );

  app.delete(
    '/drafts/:id',
    { schema: { params: mailIdParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      const me = actor(request);
      if (!(await discardDraft(db, me.user.id, request.params.id))) throw mailNotFound();
      await changed(me.user.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/mails/update',
    { schema: { body: updateMailsInput, response: { 200: updatedResponse, ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      const updated = await updateEntries(db, me.user.id, request.body.mailIds, request.body.action);
      if (updated) await changed(me.user.id);
      return { updated };
    },
  );

  app.post(
    '/mails/delete',
    { schema: { body: deleteMailsInput, response: { 200: updatedResponse, ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      const updated = await deleteEntries(db, me.user.id, request.body.mailIds);
      if (updated) await changed(me.user.id);
      return { updated };
    },
  );

  app.post(
    '/mails/labels',
    { schema: { body: applyLabelsInput, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      const me = actor(request);
      const { mailIds, add, remove } = request.body;
      if (!(await applyLabels(db, me.user.id, mailIds, add, remove))) throw notFound('Label not found');
      await changed(me.user.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/labels',
    { schema: { body: labelInput, response: { 200: labelResponse, ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(mailLabels)
        .where(eq(mailLabels.userId, me.user.id));
      if (Number(count?.n ?? 0) >= MAIL_LABELS_MAX) {
        throw badRequest(`At most ${MAIL_LABELS_MAX} labels`, 'TOO_MANY_LABELS');
      }
      const [label] = await db
        .insert(mailLabels)
        .values({ userId: me.user.id, name: request.body.name, color: request.body.color })
        .onConflictDoNothing()
        .returning();
      if (!label) throw conflict('You already have a label with this name', 'LABEL_EXISTS');
      await changed(me.user.id);
      return {
        label: {
          id: label.id,
          type: 'custom' as const,
          name: label.name,
          color: label.color,
          unreadCount: 0,
        },
      };
    },
  );

  app.patch(
    '/labels/:id',
    {
      schema: {
        params: labelIdParams,
        body: labelPatch,
        response: { 200: labelResponse, ...errorResponses },
      },
    },
    async (request) => {
      const me = actor(request);
      const current = await findLabel(db, me.user.id, request.params.id);
      if (!current) throw notFound('Label not found');
      const { name, color } = request.body;
      // An empty patch changes nothing (drizzle refuses an empty `set`).
      const [label] =
        name === undefined && color === undefined
          ? [current]
          : await db
              .update(mailLabels)
              .set({ ...(name !== undefined && { name }), ...(color !== undefined && { color }) })
              .where(and(eq(mailLabels.id, current.id), eq(mailLabels.userId, me.user.id)))
              .returning();
      await changed(me.user.id);
      const counts = (await labelsWithCounts(db, me.user.id)).find((l) => l.id === current.id);
      return {
        label: {
          id: label!.id,
          type: 'custom' as const,
          name: label!.name,
          color: label!.color,
          unreadCount: counts?.unread ?? 0,
        },
      };
    },
  );

  app.delete(
    '/labels/:id',
    { schema: { params: labelIdParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      const me = actor(request);
      const gone = await db
        .delete(mailLabels)
        .where(and(eq(mailLabels.id, request.params.id), eq(mailLabels.userId, me.user.id)))
        .returning({ id: mailLabels.id });
      if (!gone.length) throw notFound('Label not found');
      await changed(me.user.id);
      return reply.code(204).send(null);
    },
  );
};
