import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import {
  bookingActions,
  bookingPaymentMethods,
  bookingStatuses,
  dateKinds,
  listingKinds,
  listingModes,
  listingStatuses,
  priceUnits,
  reviewStatuses,
} from '#shared/contract/booking-limits.ts';

import { files } from './files.ts';
import { users } from './users.ts';

/**
 * Booking (issue 29, ADR 053): listings with weekly hours and one-off dates, bookings that never overbook
 * (the listing row is locked while the guests of overlapping bookings are counted, booking.repo.ts), their
 * timeline, and reviews. Prices are integer cents.
 */

/** Cents (ADR 049's rule: money columns are int8; a long stay of many guests passes 2^31). */
const money = () => bigint({ mode: 'number' });

/** Booking numbers: `BK-` and the next value, six digits at least. */
export const bookingNumberSeq = pgSequence('booking_number_seq', { startWith: 1 });

export const bookingListings = pgTable(
  'booking_listings',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    kind: text({ enum: listingKinds }).notNull(),
    /** Rich text, sanitised on write. */
    description: text().notNull().default(''),
    location: text().notNull().default(''),
    coverFileId: uuid().references(() => files.id, { onDelete: 'set null' }),
    galleryFileIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    priceCents: money().notNull(),
    priceUnit: text({ enum: priceUnits }).notNull(),
    capacity: integer().notNull(),
    durationMinutes: integer().notNull(),
    mode: text({ enum: listingModes }).notNull(),
    bufferBeforeMinutes: integer().notNull().default(0),
    bufferAfterMinutes: integer().notNull().default(0),
    bookingNoticeHours: integer().notNull().default(0),
    cancelNoticeHours: integer().notNull().default(0),
    /** IANA zone the hours and dates are local to. */
    timeZone: text().notNull(),
    status: text({ enum: listingStatuses }).notNull().default('draft'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    version: integer().notNull().default(1),
  },
  (t) => [
    index('booking_listings_status_name_idx').on(t.status, t.name, t.id),
    check('booking_listings_price', sql`price_cents >= 0`),
    check('booking_listings_capacity', sql`capacity > 0`),
    check('booking_listings_duration', sql`duration_minutes > 0`),
    check('booking_listings_buffers', sql`buffer_before_minutes >= 0 and buffer_after_minutes >= 0`),
  ],
);

/** Weekly hours: windows of local time on a weekday (0 = Sunday … 6). */
export const bookingHours = pgTable(
  'booking_hours',
  {
    id: uuid().primaryKey().defaultRandom(),
    listingId: uuid()
      .notNull()
      .references(() => bookingListings.id, { onDelete: 'cascade' }),
    weekday: smallint().notNull(),
    startMinute: integer().notNull(),
    endMinute: integer().notNull(),
  },
  (t) => [
    index('booking_hours_listing_idx').on(t.listingId, t.weekday),
    check(
      'booking_hours_window',
      sql`weekday between 0 and 6 and start_minute >= 0 and end_minute <= 1440 and start_minute < end_minute`,
    ),
  ],
);

/** One-off dates: an extra window on a day (`open`), or the whole day closed. */
export const bookingDates = pgTable(
  'booking_dates',
  {
    id: uuid().primaryKey().defaultRandom(),
    listingId: uuid()
      .notNull()
      .references(() => bookingListings.id, { onDelete: 'cascade' }),
    day: date().notNull(),
    kind: text({ enum: dateKinds }).notNull(),
    startMinute: integer(),
    endMinute: integer(),
  },
  (t) => [index('booking_dates_listing_idx').on(t.listingId, t.day)],
);

export const bookingBookings = pgTable(
  'booking_bookings',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** `BK-000123`, from `booking_number_seq`. */
    number: text()
      .notNull()
      .default(sql`'BK-' || lpad(nextval('booking_number_seq')::text, 6, '0')`),
    listingId: uuid()
      .notNull()
      .references(() => bookingListings.id, { onDelete: 'restrict' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    guests: integer().notNull(),
    unitPriceCents: money().notNull(),
    priceCents: money().notNull(),
    status: text({ enum: bookingStatuses }).notNull().default('pending'),
    cancelReason: text(),
    paymentMethod: text({ enum: bookingPaymentMethods }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    /** When the reminder mail the day before was queued (booking.reminders.ts): claimed once, by one job run. */
    remindedAt: timestamp({ withTimezone: true }),
    idempotencyKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('booking_bookings_number_idx').on(t.number),
    uniqueIndex('booking_bookings_user_key_idx').on(t.userId, t.idempotencyKey),
    index('booking_bookings_listing_time_idx').on(t.listingId, t.startsAt),
    index('booking_bookings_user_created_idx').on(t.userId, t.createdAt),
    index('booking_bookings_starts_idx').on(t.startsAt, t.id),
    /** The overview's newest bookings (ADR 055). */
    index('booking_bookings_created_idx').on(t.createdAt, t.id),
    check('booking_bookings_guests', sql`guests > 0`),
    check('booking_bookings_interval', sql`starts_at < ends_at`),
    check('booking_bookings_cancel_reason', sql`status <> 'cancelled' or cancel_reason is not null`),
  ],
);

/** The timeline of a booking: who did what (actor null: the system). */
export const bookingEvents = pgTable(
  'booking_events',
  {
    /** Insertion order: events of one write share their time. */
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bookingId: uuid()
      .notNull()
      .references(() => bookingBookings.id, { onDelete: 'cascade' }),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    action: text({ enum: bookingActions }).notNull(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('booking_events_booking_idx').on(t.bookingId, t.createdAt)],
);

export const bookingReviews = pgTable(
  'booking_reviews',
  {
    id: uuid().primaryKey().defaultRandom(),
    bookingId: uuid()
      .notNull()
      .references(() => bookingBookings.id, { onDelete: 'cascade' }),
    listingId: uuid()
      .notNull()
      .references(() => bookingListings.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint().notNull(),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    text: text().notNull().default(''),
    status: text({ enum: reviewStatuses }).notNull().default('pending'),
    decidedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('booking_reviews_booking_idx').on(t.bookingId),
    index('booking_reviews_listing_idx').on(t.listingId, t.status, t.createdAt),
    index('booking_reviews_status_idx').on(t.status, t.createdAt),
    check('booking_reviews_rating', sql`rating between 1 and 5`),
  ],
);

export type BookingListingRow = typeof bookingListings.$inferSelect;
export type BookingHourRow = typeof bookingHours.$inferSelect;
export type BookingDateRow = typeof bookingDates.$inferSelect;
export type BookingRow = typeof bookingBookings.$inferSelect;
export type BookingEventRow = typeof bookingEvents.$inferSelect;
export type BookingReviewRow = typeof bookingReviews.$inferSelect;
