import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  deleteEventInput,
  EVENT_RANGE_MAX_DAYS,
  eventIdParams,
  eventResponse,
  eventsQuery,
  eventsResponse,
  feedResponse,
  feedTokenParams,
  newEventInput,
  respondEventInput,
  updateEventInput,
  type CalendarEvent,
} from '#shared/contract/calendar.ts';
import { errorResponses } from '#shared/contract/common.ts';
import { validationMessageEn } from '#shared/lib/validation-messages.ts';

import { randomToken, sha256 } from '../../lib/crypto.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { writeLimit } from '../../lib/limits.ts';
import { enforce } from '../../lib/rate-limiter.ts';
import { actor, signedInScope } from '../../plugins/auth.ts';
import {
  createEvent,
  deleteEvent,
  eventsFor,
  feedOwner,
  hasFeed,
  removeFeed,
  respond,
  setFeed,
  updateEvent,
  validAttendees,
  visibleEvent,
  type EventFields,
  type EventWithPeople,
} from './calendar.repo.ts';
import { toIcs } from './ics.ts';

const eventNotFound = () => notFound('Event not found');
const DAY_MS = 86_400_000;

/** An instant as the contract accepts it (ISO string, date, or epoch ms) as a Date; 400 when impossible. */
function toDate(value: string | number): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime()))
    throw badRequest(validationMessageEn('validation.dateInvalid'), 'INVALID_DATE');
  return date;
}

function checkOrder(start: Date, end: Date): void {
  if (end < start) throw badRequest(validationMessageEn('validation.endBeforeStart'), 'END_BEFORE_START');
}

export function toEvent({ event, owner, attendees }: EventWithPeople, userId: string): CalendarEvent {
  return {
    id: event.id,
    title: event.title,
    description: event.description,
    color: event.color,
    allDay: event.allDay,
    start: event.start.toISOString(),
    end: event.end.toISOString(),
    owner,
    attendees,
    editable: event.ownerId === userId,
    response: attendees.find((a) => a.id === userId)?.response ?? null,
    createdAt: event.createdAt.toISOString(),
    updatedAt: event.updatedAt.toISOString(),
  };
}

/** The feed's address for a token (absolute when PUBLIC_URL is set, as calendar apps need). */
const feedUrl = (app: FastifyInstance, token: string) =>
  `${app.config.publicUrl?.replace(/\/+$/, '') ?? ''}/api/calendar/feeds/${token}.ics`;

/**
 * `/api/calendar` (issue #12): the spec's calls (events in a range, new, update, delete), an attendee's
 * answer, one event as `.ics`, and the caller's secret feed address. An event is visible to its owner and
 * its attendees; only the owner changes or deletes it; everyone else gets 404, whatever id they try.
 */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  signedInScope(app);

  /** Tells the owner's and the attendees' tabs (and those just removed) that the event changed. */
  const changed = (eventId: string, userIds: readonly string[]) =>
    app.realtime.publish([...new Set(userIds)], { type: 'calendar.changed', eventId });

  async function answer(userId: string, eventId: string) {
    const event = await visibleEvent(db, userId, eventId);
    if (!event) throw eventNotFound();
    return { event: toEvent(event, userId) };
  }

  app.get(
    '/events',
    { schema: { querystring: eventsQuery, response: { 200: eventsResponse, ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      const { start, end } = request.query;
      let range = null;
      if (start !== undefined || end !== undefined) {
        if (start === undefined || end === undefined)
          throw badRequest('Give both start and end', 'RANGE_INCOMPLETE');
        range = { start: toDate(start), end: toDate(end) };
        checkOrder(range.start, range.end);
        if (range.end.getTime() - range.start.getTime() > EVENT_RANGE_MAX_DAYS * DAY_MS) {
          throw badRequest(`Ask for at most ${EVENT_RANGE_MAX_DAYS} days at a time`, 'RANGE_TOO_LONG');
        }
      }
      const events = await eventsFor(db, me.user.id, range);
      return { events: events.map((event) => toEvent(event, me.user.id)) };
    },
  );

  app.post(
    '/events/new',
    { schema: { body: newEventInput, response: { 200: eventResponse, ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      const { attendeeIds, start, end, ...rest } = request.body;
      const fields: EventFields = { ...rest, start: toDate(start), end: toDate(end) };
      checkOrder(fields.start, fields.end);
      const attendees = await validAttendees(db, me.user.id, attendeeIds);
      if (attendees.length) await enforce(db, writeLimit('calendarInvitation', me.user.id));
      const id = await createEvent(db, me.user.id, fields, attendees);
      await changed(id, [me.user.id, ...attendees]);
      return answer(me.user.id, id);
    },
  );

  app.post(
    '/events/update',
    { schema: { body: updateEventInput, response: { 200: eventResponse, ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      const { eventId, event } = request.body;
      const current = await visibleEvent(db, me.user.id, eventId);
      if (!current || current.event.ownerId !== me.user.id) throw eventNotFound();
      const { attendeeIds, start, end, ...rest } = event;
      const fields: Partial<EventFields> = {
        ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)),
        ...(start !== undefined && { start: toDate(start) }),
        ...(end !== undefined && { end: toDate(end) }),
      };
      checkOrder(fields.start ?? current.event.start, fields.end ?? current.event.end);
      const attendees =
        attendeeIds === undefined ? undefined : await validAttendees(db, me.user.id, attendeeIds);
      // Naming someone who was not invited yet is an invitation.
      const invited = new Set(current.attendees.map((a) => a.id));
      if (attendees?.some((id) => !invited.has(id))) {
        await enforce(db, writeLimit('calendarInvitation', me.user.id));
      }
      const result = await updateEvent(db, me.user.id, eventId, fields, attendees);
      if (!result) throw eventNotFound();
      await changed(eventId, [me.user.id, ...result.before, ...result.after]);
      return answer(me.user.id, eventId);
    },
  );

  app.post(
    '/events/delete',
    { schema: { body: deleteEventInput, response: { 200: z.object({}), ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      const attendees = await deleteEvent(db, me.user.id, request.body.eventId);
      if (!attendees) throw eventNotFound();
      await changed(request.body.eventId, [me.user.id, ...attendees]);
      return {};
    },
  );

  app.post(
    '/events/respond',
    { schema: { body: respondEventInput, response: { 200: eventResponse, ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      const { eventId, response } = request.body;
      if (!(await respond(db, me.user.id, eventId, response))) throw eventNotFound();
      const event = await visibleEvent(db, me.user.id, eventId);
      if (event) await changed(eventId, [event.event.ownerId, ...event.attendees.map((a) => a.id)]);
      return answer(me.user.id, eventId);
    },
  );

  app.get('/events/:id/ics', { schema: { params: eventIdParams } }, async (request, reply) => {
    const me = actor(request);
    const event = await visibleEvent(db, me.user.id, request.params.id);
    if (!event) throw eventNotFound();
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="event-${event.event.id}.ics"`)
      .send(toIcs([event], event.event.title));
  });

  app.get('/feed', { schema: { response: { 200: feedResponse, ...errorResponses } } }, async (request) => ({
    active: await hasFeed(db, actor(request).user.id),
    url: null,
  }));

  app.post('/feed', { schema: { response: { 200: feedResponse, ...errorResponses } } }, async (request) => {
    const token = randomToken(24);
    await setFeed(db, actor(request).user.id, sha256(token));
    return { active: true, url: feedUrl(app, token) };
  });

  app.delete(
    '/feed',
    { schema: { response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await removeFeed(db, actor(request).user.id);
      return reply.code(204).send(null);
    },
  );
};

/**
 * `GET /api/calendar/feeds/<token>.ics`: the secret feed calendar apps subscribe to (no sign-in: the token
 * is the key; an unknown or revoked one is 404). Every event the owner owns or attends.
 */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/:token', { schema: { params: feedTokenParams } }, async (request, reply) => {
    const token = request.params.token.replace(/\.ics$/, '');
    const userId = await feedOwner(app.db, sha256(token));
    if (!userId) throw notFound('Feed not found');
    const events = await eventsFor(app.db, userId, null);
    return reply
      .type('text/calendar; charset=utf-8')
      .header('cache-control', 'private, max-age=300')
      .send(toIcs(events, 'Atrium'));
  });
};
