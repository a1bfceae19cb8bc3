import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { asc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database } from '../../db/client.ts';
import {
  bookingBookings,
  bookingDates,
  bookingEvents,
  bookingHours,
  bookingListings,
  bookingReviews,
  files,
  users,
  type BookingListingRow,
  type BookingRow,
} from '../../db/schema/index.ts';
import { createMailer } from '../../lib/mailer.ts';
import { UNUSABLE_PASSWORD_HASH } from '../../lib/passwords.ts';
import { withQueryLog } from '../../testing/query-log.ts';
import { createTestDb } from '../../testing/test-db.ts';
import { peakGuests, slotsOn, windowsOn } from './booking.availability.ts';
import { runReminders } from './booking.reminders.ts';
import { seedBooking } from './booking.seed.ts';
import { addDays, daysBetween, localDay } from './booking.time.ts';

/** The booking demo data (issue 29 C): a believable year that keeps every rule of the server, written fast. */

const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-20T12:00:00Z');

let database: Database;
let ids: string[];
/** The statements the seed sent (bulk inserts: a few dozen, whatever the number of bookings). */
let statements: string[];
let uploadsDir: string;
let listings: BookingListingRow[];
let bookings: BookingRow[];

beforeAll(async () => {
  database = await createTestDb();
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-booking-seed-'));
  const rows = await database.db
    .insert(users)
    .values(
      Array.from({ length: 12 }, (_, i) => ({
        email: `booking.seed.${i}@example.com`,
        firstName: `Demo${i}`,
        lastName: 'Guest',
        passwordHash: UNUSABLE_PASSWORD_HASH,
      })),
    )
    .returning({ id: users.id });
  ids = rows.map((r) => r.id);
  const logged = withQueryLog(database);
  await seedBooking(logged.database.db, { adminId: ids[0]!, peopleIds: ids.slice(1), uploadsDir, now: NOW });
  statements = logged.statements;
  listings = await database.db.select().from(bookingListings);
  bookings = await database.db.select().from(bookingBookings).orderBy(asc(bookingBookings.startsAt));
});
afterAll(async () => {
  await database?.close();
  if (uploadsDir) fs.rmSync(uploadsDir, { recursive: true, force: true });
});

describe('seedBooking', () => {
  it('offers every kind of listing with hours, dates, buffers and covers, and a draft', async () => {
    const db = database.db;
    const published = listings.filter((l) => l.status === 'published');
    expect(new Set(published.map((l) => l.kind))).toEqual(new Set(['tour', 'room', 'course', 'equipment']));
    expect(new Set(published.map((l) => l.mode))).toEqual(new Set(['slot', 'range']));
    expect(listings.filter((l) => l.status === 'draft')).toHaveLength(1);
    expect(published.some((l) => l.bufferBeforeMinutes > 0 && l.bufferAfterMinutes > 0)).toBe(true);
    for (const listing of listings) {
      expect(await db.$count(bookingHours, eq(bookingHours.listingId, listing.id))).toBeGreaterThan(0);
    }
    const closed = await db.select().from(bookingDates).where(eq(bookingDates.kind, 'closed'));
    expect(closed.some((d) => d.day > '2026-11-20')).toBe(true);
    expect(await db.$count(bookingDates, eq(bookingDates.kind, 'open'))).toBeGreaterThan(0);
    // Covers are public listing pictures whose bytes were written.
    for (const listing of published) {
      expect(listing.coverFileId).not.toBeNull();
      const [cover] = await db.select().from(files).where(eq(files.id, listing.coverFileId!));
      expect(cover!.use).toBe('listing');
      expect(fs.statSync(path.join(uploadsDir, cover!.storageKey)).size).toBe(cover!.size);
    }
    expect(published.some((l) => l.galleryFileIds.length > 0)).toBe(true);
  });

  it('books a year, past and ahead, in every status, made before the notice', () => {
    expect(bookings.length).toBeGreaterThan(300);
    expect(new Set(bookings.map((b) => b.status))).toEqual(
      new Set(['pending', 'confirmed', 'checked_in', 'completed', 'cancelled']),
    );
    expect(bookings[0]!.startsAt.getTime()).toBeLessThan(NOW - 300 * 24 * HOUR);
    expect(bookings.at(-1)!.startsAt.getTime()).toBeGreaterThan(NOW + 30 * 24 * HOUR);
    const draft = listings.find((l) => l.status === 'draft')!;
    const byId = new Map(listings.map((l) => [l.id, l]));
    for (const b of bookings) {
      const listing = byId.get(b.listingId)!;
      expect(b.listingId).not.toBe(draft.id);
      expect(b.createdAt.getTime()).toBeLessThanOrEqual(NOW);
      expect(b.createdAt.getTime()).toBeLessThanOrEqual(
        b.startsAt.getTime() - listing.bookingNoticeHours * HOUR,
      );
      if (b.status === 'completed') expect(b.endsAt.getTime()).toBeLessThanOrEqual(NOW);
      if (b.status === 'checked_in') {
        expect(b.startsAt.getTime()).toBeLessThanOrEqual(NOW);
        expect(b.endsAt.getTime()).toBeGreaterThan(NOW);
      }
      if (b.status === 'pending' || b.status === 'confirmed')
        expect(b.startsAt.getTime()).toBeGreaterThan(NOW);
      if (b.status === 'cancelled') expect(b.cancelReason).toBeTruthy();
      if (b.status === 'completed' || b.status === 'checked_in') expect(b.paidAt).not.toBeNull();
      const periods =
        listing.mode === 'range'
          ? daysBetween(localDay(b.startsAt, listing.timeZone), localDay(b.endsAt, listing.timeZone))
          : 1;
      expect(b.priceCents).toBe(
        listing.priceCents * (listing.priceUnit === 'person' ? b.guests : 1) * periods,
      );
    }
  });

  it('never passes a capacity, and books only open slots and days', async () => {
    const db = database.db;
    for (const listing of listings) {
      const hours = await db.select().from(bookingHours).where(eq(bookingHours.listingId, listing.id));
      const dates = await db.select().from(bookingDates).where(eq(bookingDates.listingId, listing.id));
      const live = bookings.filter((b) => b.listingId === listing.id && b.status !== 'cancelled');
      for (const b of live) {
        expect(peakGuests(listing, live, b)).toBeLessThanOrEqual(listing.capacity);
        const day = localDay(b.startsAt, listing.timeZone);
        if (listing.mode === 'slot') {
          const slots = slotsOn(listing, day, windowsOn(day, hours, dates));
          expect(slots.some((s) => s.startsAt.getTime() === b.startsAt.getTime())).toBe(true);
        } else {
          const last = localDay(b.endsAt, listing.timeZone);
          for (let d = day; d < last; d = addDays(d, 1))
            expect(windowsOn(d, hours, dates).length).toBeGreaterThan(0);
        }
      }
    }
  });

  it('keeps a timeline per booking, and reviews of completed bookings only, some waiting', async () => {
    const db = database.db;
    const events = await db.select().from(bookingEvents).orderBy(asc(bookingEvents.id));
    const firstOf = new Map<string, string>();
    for (const e of events) if (!firstOf.has(e.bookingId)) firstOf.set(e.bookingId, e.action);
    expect(firstOf.size).toBe(bookings.length);
    expect(new Set(firstOf.values())).toEqual(new Set(['created']));
    for (const e of events) expect(e.createdAt.getTime()).toBeLessThanOrEqual(NOW);

    const reviews = await db.select().from(bookingReviews);
    const byId = new Map(bookings.map((b) => [b.id, b]));
    for (const r of reviews) {
      const b = byId.get(r.bookingId)!;
      expect(b.status).toBe('completed');
      expect(r.userId).toBe(b.userId);
      expect(r.listingId).toBe(b.listingId);
      expect(r.createdAt.getTime()).toBeGreaterThan(b.endsAt.getTime());
      expect(r.createdAt.getTime()).toBeLessThanOrEqual(NOW);
    }
    expect(reviews.filter((r) => r.status === 'pending').length).toBeGreaterThanOrEqual(3);
    expect(reviews.filter((r) => r.status === 'accepted').length).toBeGreaterThanOrEqual(10);
  });

  it('leaves no burst of reminder mail for the first start', async () => {
    const db = database.db;
    const mailer = createMailer({ db, log: pino({ level: 'silent' }), worker: null });
    expect(await runReminders({ db, mailer, currency: 'USD' }, new Date(NOW))).toBe(0);
  });

  it('writes in bulk: a bounded number of statements, not one per booking', () => {
    expect(bookings.length).toBeGreaterThan(200);
    expect(statements.length).toBeLessThanOrEqual(12);
  });
});
