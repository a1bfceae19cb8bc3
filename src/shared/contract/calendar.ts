/**
 * Calendar (issue #12): `/api/calendar/*`. The spec's four calls keep their paths and fields (`events`,
 * `event`, `eventId`); attendees' answers and the iCalendar feed are ours.
 */
import { z } from 'zod';

export const EVENT_TITLE_MAX = 255;
export const EVENT_DESCRIPTION_MAX = 5000;
export const EVENT_ATTENDEES_MAX = 50;
/** The widest range one request may ask for (a year and a few weeks: the agenda's longest view). */
export const EVENT_RANGE_MAX_DAYS = 400;

/** The theme's eight event colours (the template's), as hex: the palette the event form offers. */
export const eventColors = [
  '#00A76F',
  '#8E33FF',
  '#003768',
  '#00B8D9',
  '#22C55E',
  '#FFAB00',
  '#FF5630',
  '#7A0916',
] as const;

export const attendeeResponses = ['pending', 'accepted', 'declined'] as const;
export type AttendeeResponse = (typeof attendeeResponses)[number];

export const eventPersonSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
});

export const calendarEventSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  color: z.string(),
  allDay: z.boolean(),
  start: z.iso.datetime({ offset: true }),
  end: z.iso.datetime({ offset: true }),
  owner: eventPersonSchema,
  attendees: z.array(eventPersonSchema.extend({ response: z.enum(attendeeResponses) })),
  /** Whether the caller may change it (the owner); attendees see it read-only and answer. */
  editable: z.boolean(),
  /** The caller's own answer when they are an attendee. */
  response: z.enum(attendeeResponses).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

/** ISO 8601 (with an offset, or a date for all-day events) or epoch milliseconds, as FullCalendar sends. */
/** The last millisecond of the year 9999: as late as an ISO date (four-digit years) and the database go. */
const LAST_INSTANT = 253_402_300_799_999;

const instant = z.union(
  [
    z.iso.datetime({ offset: true, local: true }),
    z.iso.date(),
    z.number().int().min(0).max(LAST_INSTANT, { error: 'validation.dateInvalid' }),
    z
      .string()
      .regex(/^\d{1,15}$/)
      .transform(Number)
      .pipe(z.number().max(LAST_INSTANT, { error: 'validation.dateInvalid' })),
  ],
  { error: 'validation.dateInvalid' },
);

const eventFields = {
  title: z
    .string({ error: 'validation.titleRequired' })
    .trim()
    .min(1, 'validation.titleRequired')
    .max(EVENT_TITLE_MAX, 'validation.fieldTooLong'),
  description: z.string().max(EVENT_DESCRIPTION_MAX, 'validation.fieldTooLong'),
  /**
   * Any `#RRGGBB` colour, stored in capitals: other calendar clients send colours of their own (issue #24);
   * the form offers the theme's palette (`eventColors`).
   */
  color: z
    .string({ error: 'validation.colorHexInvalid' })
    .regex(/^#[0-9a-f]{6}$/i, 'validation.colorHexInvalid')
    .transform((value) => value.toUpperCase()),
  allDay: z.boolean(),
  start: instant,
  end: instant,
  /** Other people of the instance; the event appears in their calendars. */
  attendeeIds: z
    .array(z.uuid({ error: 'validation.userRefInvalid' }))
    .max(EVENT_ATTENDEES_MAX, 'validation.tooManyRecipients'),
};

export const newEventInput = z.object({
  ...eventFields,
  description: eventFields.description.default(''),
  color: eventFields.color.default(eventColors[0]),
  allDay: eventFields.allDay.default(false),
  attendeeIds: eventFields.attendeeIds.default([]),
});
export type NewEventInput = z.input<typeof newEventInput>;

/** The spec's body `{ eventId, event }`; `event` holds only what changes. */
export const updateEventInput = z.object({
  eventId: z.uuid({ error: 'validation.eventIdInvalid' }),
  event: z.object(eventFields).partial(),
});
export type UpdateEventInput = z.input<typeof updateEventInput>;

export const deleteEventInput = z.object({ eventId: z.uuid({ error: 'validation.eventIdInvalid' }) });

export const respondEventInput = z.object({
  eventId: z.uuid({ error: 'validation.eventIdInvalid' }),
  response: z.enum(['accepted', 'declined'], { error: 'validation.responseInvalid' }),
});

export const eventsQuery = z.object({ start: instant.optional(), end: instant.optional() });
export const eventsResponse = z.object({ events: z.array(calendarEventSchema) });
export const eventResponse = z.object({ event: calendarEventSchema });
export const eventIdParams = z.object({ id: z.uuid({ error: 'validation.eventIdInvalid' }) });

/**
 * The caller's secret iCalendar feed: whether one is active, and its address only in the answer that made
 * it (the server keeps a hash; making a new one revokes the old address).
 */
export const feedResponse = z.object({ active: z.boolean(), url: z.string().nullable() });
export const feedTokenParams = z.object({ token: z.string().regex(/^[\w-]{20,80}\.ics$/) });
