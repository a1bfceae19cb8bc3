/**
 * The reminder mail the day before a booking (issue 29 A, ADR 053). Each run claims the pending and
 * confirmed bookings that start within the next REMIND_BEFORE_HOURS with one conditional UPDATE
 * (`reminded_at` set where it is still null; `FOR UPDATE SKIP LOCKED` so two instances take different rows,
 * and the re-checked `reminded_at is null` so no row is taken twice), then queues each claimed booking's mail
 * in the outbox. However many instances run it at once, and however often, a booking is mailed once. A mail
 * that cannot be queued gives its claim back, so the next run tries again.
 */
import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

import type { Db } from '../../db/client.ts';
import { bookingBookings, bookingListings, users } from '../../db/schema/index.ts';
import type { Mail, Mailer } from '../../lib/mailer.ts';

/** How long before its start a booking is reminded (the job runs every 10 minutes: 24 h to 23 h 50 before). */
export const REMIND_BEFORE_HOURS = 24;
/** The statuses that still expect the person: a cancelled, checked-in or completed booking is not reminded. */
export const REMINDED_STATUSES = ['pending', 'confirmed'] as const;

const HOUR = 3_600_000;
const BATCH = 100;
const ROUNDS = 20;

export interface ReminderDeps {
  db: Db;
  mailer: Mailer;
  currency: string;
  /** The public address, for a link to the booking in the mail (none without it). */
  publicUrl?: string | null | undefined;
  log?: FastifyBaseLogger | undefined;
}

export interface ReminderRow {
  id: string;
  number: string;
  startsAt: Date;
  endsAt: Date;
  guests: number;
  priceCents: number;
  status: (typeof REMINDED_STATUSES)[number];
  paymentMethod: 'cash' | 'bankTransfer';
  paidAt: Date | null;
  listingName: string;
  listingMode: 'slot' | 'range';
  location: string;
  timeZone: string;
  email: string;
  firstName: string;
  lastName: string;
}

const when = (at: Date, timeZone: string, withTime: boolean) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
  }).format(at);

const money = (cents: number, currency: string) => `${currency} ${(cents / 100).toFixed(2)}`;

const METHOD_TEXT = { cash: 'cash', bankTransfer: 'bank transfer' } as const;

/**
 * The reminder's subject and text. English: the server keeps no language per person (the web app's language
 * lives in the browser), as for every other mail the app sends but invoices.
 */
export function reminderMail(row: ReminderRow, currency: string, publicUrl?: string | null): Mail {
  const base = publicUrl?.replace(/\/+$/, '');
  const range = row.listingMode === 'range';
  const start = when(row.startsAt, row.timeZone, !range);
  const time = range
    ? `from ${start} to ${when(row.endsAt, row.timeZone, false)}`
    : `on ${start} (${row.timeZone} time)`;
  const places = `${row.guests} ${range ? (row.guests === 1 ? 'place' : 'places') : row.guests === 1 ? 'guest' : 'guests'}`;
  return {
    to: row.email,
    subject: `Reminder: ${row.listingName}, ${start} (${row.number})`,
    text: [
      `Hello ${`${row.firstName} ${row.lastName}`.trim() || row.email},`,
      '',
      `This is a reminder of your booking ${row.number}: ${row.listingName} ${time}, for ${places}.`,
      ...(row.location ? [`Where: ${row.location}`] : []),
      `Price: ${money(row.priceCents, currency)}, ${
        row.paidAt ? 'paid' : `to pay by ${METHOD_TEXT[row.paymentMethod]}`
      }.`,
      ...(row.status === 'pending'
        ? ['', 'Your booking is still waiting for confirmation; we will let you know when it is confirmed.']
        : []),
      '',
      'If you cannot come, please cancel it from your bookings so that someone else can take your place.',
      ...(base ? ['', `${base}/dashboard/booking/${row.id}`] : []),
    ].join('\n'),
  };
}

/** Claims up to BATCH bookings due a reminder at `now`: their `reminded_at` is set, in one statement. */
async function claim(db: Db, now: Date): Promise<string[]> {
  const due = db
    .select({ id: bookingBookings.id })
    .from(bookingBookings)
    .where(
      and(
        gt(bookingBookings.startsAt, now),
        lte(bookingBookings.startsAt, new Date(now.getTime() + REMIND_BEFORE_HOURS * HOUR)),
        inArray(bookingBookings.status, [...REMINDED_STATUSES]),
        isNull(bookingBookings.remindedAt),
        // Booked before the reminder was due: a booking made within a day of its start is not reminded.
        sql`${bookingBookings.createdAt} <= ${bookingBookings.startsAt} - make_interval(hours => ${REMIND_BEFORE_HOURS})`,
      ),
    )
    .orderBy(bookingBookings.startsAt)
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(bookingBookings)
    .set({ remindedAt: now })
    .where(
      and(
        inArray(bookingBookings.id, due),
        // Re-checked after a wait on the row: another run that took it meanwhile has set it.
        isNull(bookingBookings.remindedAt),
        inArray(bookingBookings.status, [...REMINDED_STATUSES]),
      ),
    )
    .returning({ id: bookingBookings.id });
  return rows.map((r) => r.id);
}

async function details(db: Db, ids: string[]): Promise<ReminderRow[]> {
  const rows = await db
    .select({
      id: bookingBookings.id,
      number: bookingBookings.number,
      startsAt: bookingBookings.startsAt,
      endsAt: bookingBookings.endsAt,
      guests: bookingBookings.guests,
      priceCents: bookingBookings.priceCents,
      status: bookingBookings.status,
      paymentMethod: bookingBookings.paymentMethod,
      paidAt: bookingBookings.paidAt,
      listingName: bookingListings.name,
      listingMode: bookingListings.mode,
      location: bookingListings.location,
      timeZone: bookingListings.timeZone,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(bookingBookings)
    .innerJoin(bookingListings, eq(bookingListings.id, bookingBookings.listingId))
    .innerJoin(users, eq(users.id, bookingBookings.userId))
    .where(inArray(bookingBookings.id, ids))
    .orderBy(bookingBookings.startsAt);
  return rows as ReminderRow[];
}

/**
 * Queues the reminder of every booking due one at `now` (ADR 053); returns how many were queued. Safe to run
 * on every instance at once.
 */
export async function runReminders(deps: ReminderDeps, now = new Date()): Promise<number> {
  let sent = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const ids = await claim(deps.db, now);
    if (!ids.length) break;
    for (const row of await details(deps.db, ids)) {
      try {
        await deps.mailer.send(reminderMail(row, deps.currency, deps.publicUrl));
        sent++;
      } catch (error) {
        deps.log?.warn({ err: error, bookingId: row.id }, 'Could not queue a booking reminder');
        // Give the claim back: the next run tries again (while the booking is still due).
        await deps.db
          .update(bookingBookings)
          .set({ remindedAt: null })
          .where(and(eq(bookingBookings.id, row.id), eq(bookingBookings.remindedAt, now)));
      }
    }
    if (ids.length < BATCH) break;
  }
  return sent;
}

/** The job as server.ts runs it: the app's mailer, currency and public address. */
export const sendBookingReminders = (app: FastifyInstance): Promise<number> =>
  runReminders({
    db: app.db,
    mailer: app.mailer,
    currency: app.config.currency,
    publicUrl: app.config.publicUrl,
    log: app.log,
  });
