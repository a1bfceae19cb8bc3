import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import type { BookingStatus } from '#shared/contract/booking.ts';

import { bookingBookings, bookingHours, bookingListings, bookingReviews } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/date-range.ts';
import { TOKYO_RANGE, adminScope, memberScope, statsDb, tokyoFigure } from '../../testing/stats.ts';
import {
  bookingFigures,
  bookingStatistics,
  rawFigures,
  placesAvailable,
  statsBucketStarts,
  waitingReviews,
} from './booking.stats.ts';

/** booking.stats.ts (ADR 055) against hand-counted rows, on PGlite and PostgreSQL. */

describe('booking stats', () => {
  const s = statsDb();
  let listingId: string;
  let completedId: string;
  let seq = 0;

  const listing = async (over: Partial<typeof bookingListings.$inferInsert> = {}) => {
    const [row] = await s.db
      .insert(bookingListings)
      .values({
        name: 'Walk',
        kind: 'tour',
        priceCents: 100,
        priceUnit: 'person',
        capacity: 3,
        durationMinutes: 60,
        mode: 'slot',
        timeZone: 'UTC',
        status: 'published',
        ...over,
      })
      .returning();
    return row!;
  };
  const book = async (
    userId: string,
    status: BookingStatus,
    startsAt: string,
    priceCents: number,
    over: Partial<typeof bookingBookings.$inferInsert> = {},
  ) => {
    const start = new Date(startsAt);
    const [row] = await s.db
      .insert(bookingBookings)
      .values({
        listingId: over.listingId ?? listingId,
        userId,
        startsAt: start,
        endsAt: new Date(start.getTime() + 3_600_000),
        guests: 1,
        unitPriceCents: priceCents,
        priceCents,
        status,
        paymentMethod: 'cash',
        idempotencyKey: `stats-${++seq}`,
        ...(status === 'cancelled' && { cancelReason: 'changed plans' }),
        ...(status !== 'pending' && status !== 'cancelled' && { paidAt: start }),
        ...over,
      })
      .returning();
    return row!;
  };

  beforeAll(async () => {
    const { alice, bob } = s;
    listingId = (await listing({ status: 'draft' })).id;
    // Tokyo's 10 March starts at 2024-03-09T15:00Z; 11 March ends at 2024-03-11T15:00Z.
    await book(alice, 'confirmed', '2024-03-09T15:30:00Z', 1000); // 10 March
    await book(alice, 'checked_in', '2024-03-10T16:00:00Z', 2000); // 11 March
    completedId = (await book(bob, 'completed', '2024-03-11T14:59:00Z', 500)).id; // 11 March, 23:59
    await book(bob, 'cancelled', '2024-03-10T03:00:00Z', 700); // 10 March
    await book(bob, 'pending', '2024-03-10T05:00:00Z', 300); // 10 March
    await book(alice, 'pending', '2024-03-11T15:00:00Z', 9999); // 12 March: after the range
    // The previous period: 8–9 March in Tokyo.
    await book(alice, 'completed', '2024-03-08T00:00:00Z', 400);
    await book(bob, 'cancelled', '2024-03-09T14:59:00Z', 100); // 9 March, 23:59
    await book(bob, 'confirmed', '2024-03-07T14:59:00Z', 50); // 7 March: before both
    await book(bob, 'completed', '2024-02-29T15:00:00Z', 10); // 1 March in Tokyo
    await book(bob, 'cancelled', '2024-02-29T14:59:00Z', 10); // 29 February in Tokyo
  });

  it('counts the range by the viewer’s start day, against the previous period (administrators: all)', async () => {
    const f = await bookingFigures(s.db, adminScope(s.admin), TOKYO_RANGE);
    expect(f.total).toEqual(tokyoFigure(5, 2, [3, 2]));
    expect(f.sold).toEqual(tokyoFigure(3, 1, [1, 2]));
    expect(f.cancelled).toEqual(tokyoFigure(1, 1, [1, 0]));
    expect(f.incomes).toEqual(tokyoFigure(3500, 400, [1000, 2500]));
    expect(f.byStatus).toEqual({
      current: { pending: 1, confirmed: 1, checked_in: 1, completed: 1, cancelled: 1 },
      previous: { pending: 0, confirmed: 0, checked_in: 0, completed: 1, cancelled: 1 },
    });
    // Of the 3 sold (all started): checked in or completed 2. Of the 4 not cancelled: 3 paid.
    expect(f.checkIn).toEqual({ part: 2, total: 3, previousPart: 1, previousTotal: 1 });
    expect(f.paid).toEqual({ part: 3, total: 4, previousPart: 1, previousTotal: 1 });
  });

  it('gives a member the figures of their own bookings only', async () => {
    const f = await bookingFigures(s.db, memberScope(s.alice), TOKYO_RANGE);
    expect(f.total).toEqual(tokyoFigure(2, 1, [1, 1]));
    expect(f.sold).toEqual(tokyoFigure(2, 1, [1, 1]));
    expect(f.cancelled).toEqual(tokyoFigure(0, 0, [0, 0]));
    expect(f.incomes).toEqual(tokyoFigure(3000, 400, [1000, 2000]));
    expect(f.checkIn).toEqual({ part: 1, total: 2, previousPart: 1, previousTotal: 1 });
    expect(f.paid).toEqual({ part: 2, total: 2, previousPart: 1, previousTotal: 1 });
    const admin = await bookingFigures(s.db, memberScope(s.admin), TOKYO_RANGE);
    expect(admin.total.value).toBe(0);
  });

  it('counts a sold booking that has not started yet out of the check-in rate', async () => {
    const far = { from: '2099-01-01', to: '2099-01-31', timeZone: 'UTC' };
    const row = await book(s.alice, 'confirmed', '2099-01-10T10:00:00Z', 100);
    const f = await bookingFigures(s.db, adminScope(s.admin), far);
    expect(f.sold.value).toBe(1);
    expect(f.checkIn).toEqual({ part: 0, total: 0, previousPart: 0, previousTotal: 0 });
    await s.db.delete(bookingBookings).where(eq(bookingBookings.id, row.id));
  });

  it('reads the same figures from the rollups as from the rows, in any zone, and follows changes', async () => {
    const ranges = [
      TOKYO_RANGE,
      { from: '2024-02-01', to: '2024-03-31', timeZone: 'Asia/Kathmandu' },
      { from: '2024-03-08', to: '2024-03-12', timeZone: 'America/New_York' },
      { from: '2024-03-10', to: '2024-03-10', timeZone: 'Pacific/Chatham' },
    ];
    const same = async () => {
      for (const range of ranges) {
        expect(await bookingFigures(s.db, adminScope(s.admin), range)).toEqual(
          await rawFigures(s.db, adminScope(s.admin), range),
        );
      }
    };
    await same();
    // A status change, a payment and a move in time go through the rollups' triggers.
    const moved = await book(s.bob, 'pending', '2024-03-10T06:00:00Z', 250);
    await s.db
      .update(bookingBookings)
      .set({ status: 'confirmed', paidAt: new Date() })
      .where(eq(bookingBookings.id, moved.id));
    expect((await bookingFigures(s.db, adminScope(s.admin), TOKYO_RANGE)).incomes.value).toBe(3750);
    await s.db
      .update(bookingBookings)
      .set({ startsAt: new Date('2024-03-20T06:00:00Z'), endsAt: new Date('2024-03-20T07:00:00Z') })
      .where(eq(bookingBookings.id, moved.id));
    await same();
    await s.db.delete(bookingBookings).where(eq(bookingBookings.id, moved.id));
    await same();
    expect((await bookingFigures(s.db, adminScope(s.admin), TOKYO_RANGE)).incomes.value).toBe(3500);
    // Every change was folded into the rollups when its transaction committed.
    const [waiting] = rowsOf<{ n: number }>(
      await s.db.execute(sql`select count(*)::int as n from rollup_deltas`),
    );
    expect(waiting?.n).toBe(0);
  });

  it('counts today’s sold bookings in the check-in rate once they have started', async () => {
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const range = { from: day(-1), to: day(1), timeZone: 'UTC' };
    const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
    const rows = [
      await book(s.alice, 'checked_in', inMinutes(-1), 100),
      await book(s.alice, 'confirmed', inMinutes(-120), 100),
      await book(s.alice, 'confirmed', inMinutes(120), 100),
    ];
    for (const scope of [adminScope(s.admin), memberScope(s.alice)]) {
      const f = await bookingFigures(s.db, scope, range);
      expect(f.sold.value).toBe(3);
      expect(f.checkIn).toMatchObject({ part: 1, total: 2 });
    }
    // Today at the range's start or end, or in the previous period (a range in the future).
    for (const r of [range, { ...range, from: day(0), to: day(0) }, { ...range, from: day(1), to: day(2) }]) {
      expect(await bookingFigures(s.db, adminScope(s.admin), r)).toEqual(
        await rawFigures(s.db, adminScope(s.admin), r),
      );
    }
    for (const row of rows) await s.db.delete(bookingBookings).where(eq(bookingBookings.id, row.id));
  });

  it('buckets sold and cancelled bookings by week, month and year of the viewer', async () => {
    expect(statsBucketStarts('week', '2024-03-13')).toEqual([
      '2024-01-22',
      '2024-01-29',
      '2024-02-05',
      '2024-02-12',
      '2024-02-19',
      '2024-02-26',
      '2024-03-04',
      '2024-03-11',
    ]);
    const months = await bookingStatistics(s.db, adminScope(s.admin), 'month', '2024-03-11', 'Asia/Tokyo');
    expect(months).toHaveLength(12);
    expect(months[0]!.start).toBe('2023-04-01');
    expect(months.at(-1)).toEqual({ start: '2024-03-01', sold: 6, cancelled: 2 });
    expect(months.at(-2)).toEqual({ start: '2024-02-01', sold: 0, cancelled: 1 });

    const weeks = await bookingStatistics(s.db, adminScope(s.admin), 'week', '2024-03-11', 'Asia/Tokyo');
    expect(weeks.slice(-3)).toEqual([
      { start: '2024-02-26', sold: 1, cancelled: 1 },
      { start: '2024-03-04', sold: 3, cancelled: 2 },
      { start: '2024-03-11', sold: 2, cancelled: 0 },
    ]);
    // In UTC the completed booking of 29 February at 15:00 is in February.
    const utc = await bookingStatistics(s.db, adminScope(s.admin), 'month', '2024-03-11', 'UTC');
    expect(utc.at(-2)).toEqual({ start: '2024-02-01', sold: 1, cancelled: 1 });

    const years = await bookingStatistics(s.db, memberScope(s.alice), 'year', '2024-03-11', 'Asia/Tokyo');
    expect(years.map((y) => y.start)).toEqual([
      '2020-01-01',
      '2021-01-01',
      '2022-01-01',
      '2023-01-01',
      '2024-01-01',
    ]);
    expect(years.at(-1)).toEqual({ start: '2024-01-01', sold: 3, cancelled: 0 });
  });

  it('counts the coming week’s slots and days with places left or sold out, and follows edits', async () => {
    const now = new Date('2030-01-07T00:00:00Z');
    const tour = await listing({ capacity: 3 });
    await s.db.insert(bookingHours).values(
      [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
        listingId: tour.id,
        weekday,
        startMinute: 540,
        endMinute: 660,
      })),
    );
    const room = await listing({ mode: 'range', kind: 'room', capacity: 2, durationMinutes: 1440 });
    await s.db.insert(bookingHours).values(
      [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
        listingId: room.id,
        weekday,
        startMinute: 0,
        endMinute: 1440,
      })),
    );
    await book(s.alice, 'confirmed', '2030-01-07T09:00:00Z', 1, { listingId: tour.id, guests: 3 });
    await book(s.bob, 'pending', '2030-01-08T10:00:00Z', 1, { listingId: tour.id, guests: 1 });
    await book(s.bob, 'cancelled', '2030-01-08T10:00:00Z', 1, { listingId: tour.id, guests: 2 });
    await book(s.bob, 'confirmed', '2030-01-09T00:00:00Z', 1, {
      listingId: room.id,
      guests: 2,
      endsAt: new Date('2030-01-11T00:00:00Z'),
    });

    // Tour: 2 slots × 7 days, one full; room: 7 days from the 7th, two full. The draft listing offers none.
    expect(await placesAvailable(s.db, now, 7)).toEqual({
      days: 7,
      slotsAvailable: 13 + 5,
      slotsSoldOut: 1 + 2,
      placesLeft: 14 * 3 - 4 + 5 * 2,
      placesTaken: 4 + 4,
    });

    await s.db
      .update(bookingListings)
      .set({ capacity: 4, version: sql`${bookingListings.version} + 1`, updatedAt: new Date() })
      .where(eq(bookingListings.id, tour.id));
    expect(await placesAvailable(s.db, now, 7)).toEqual({
      days: 7,
      slotsAvailable: 14 + 5,
      slotsSoldOut: 2,
      placesLeft: 14 * 4 - 4 + 5 * 2,
      placesTaken: 8,
    });
  });

  it('lists the reviews waiting for a decision, newest first', async () => {
    const pending = await s.db
      .insert(bookingReviews)
      .values({ bookingId: completedId, listingId, userId: s.bob, rating: 4, text: 'Lovely' })
      .returning();
    const waiting = await waitingReviews(s.db);
    expect(waiting.waiting).toBe(1);
    expect(waiting.latest).toMatchObject([
      { id: pending[0]!.id, rating: 4, text: 'Lovely', listingName: 'Walk', status: 'pending' },
    ]);
    expect(waiting.latest[0]!.bookingNumber).toMatch(/^BK-\d{6}$/);
    await s.db
      .update(bookingReviews)
      .set({ status: 'accepted' })
      .where(eq(bookingReviews.id, pending[0]!.id));
    expect(await waitingReviews(s.db)).toEqual({ waiting: 0, latest: [] });
  });
});
