import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { attendeeResponses } from '#shared/contract/calendar.ts';

import { users } from './users.ts';

/** An event in its owner's calendar (issue #12); attendees see it in theirs. */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull().default(''),
    color: text().notNull(),
    allDay: boolean().notNull().default(false),
    start: timestamp({ withTimezone: true }).notNull(),
    end: timestamp({ withTimezone: true }).notNull(),
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('calendar_events_owner_start_idx').on(t.ownerId, t.start, t.end),
    // Events one attends, by time (the attendee rows are joined to the events starting in a range).
    index('calendar_events_start_idx').on(t.start),
    // The few events longer than a week, which a range query cannot find by their start alone.
    index('calendar_events_long_idx')
      .on(t.start)
      .where(sql`"end" - "start" > interval '7 days'`),
  ],
);

export const calendarAttendees = pgTable(
  'calendar_attendees',
  {
    eventId: uuid()
      .notNull()
      .references(() => calendarEvents.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    response: text({ enum: attendeeResponses }).notNull().default('pending'),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('calendar_attendees_user_idx').on(t.userId)],
);

/** A user's secret iCalendar feed: the SHA-256 of the token in its address (revocable by replacing it). */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text().notNull().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
