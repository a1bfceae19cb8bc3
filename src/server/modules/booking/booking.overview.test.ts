import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { BookingOverview } from '#shared/contract/booking-overview.ts';
import type { Booking, Listing } from '#shared/contract/booking.ts';

import { bookingBookings } from '../../db/schema/index.ts';
import { apiCalls } from '../../testing/http.ts';
import { threeMembers, type Member } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/** `GET /api/booking/overview` (ADR 055) through the API: scope, validation, the answer's parts. */

let t: TestApp;
let admin: Member;
let alice: Member;
let bob: Member;
let listing: Listing;
let booking: Booking;
const { call, ok } = apiCalls(() => t.app, '/api/booking');

const dayAhead = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const range = `from=${dayAhead(0)}&to=${dayAhead(9)}&tz=UTC`;

beforeAll(async () => {
  t = await createTestApp({ rateLimitMax: 1_000_000 });
  ({ admin, alice, bob } = await threeMembers(t.app));
  listing = (
    await ok<{ listing: Listing }>(
      admin,
      'POST',
      '/listings',
      {
        name: 'Harbour walk',
        kind: 'tour',
        mode: 'slot',
        priceCents: 2_500,
        priceUnit: 'person',
        capacity: 4,
        durationMinutes: 60,
        timeZone: 'UTC',
        status: 'published',
        hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 600, endMinute: 720 })),
      },
      201,
    )
  ).listing;
  booking = (
    await ok<{ booking: Booking }>(
      alice,
      'POST',
      '/bookings',
      {
        listingId: listing.id,
        startsAt: `${dayAhead(3)}T10:00:00.000Z`,
        guests: 4,
        paymentMethod: 'cash',
        idempotencyKey: 'overview-test-1',
      },
      201,
    )
  ).booking;
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/booking/overview', () => {
  it('gives administrators the workspace, with the reviews waiting, the newest bookings and details', async () => {
    const o = await ok<BookingOverview>(admin, 'GET', `/overview?${range}&period=week`);
    expect(o.scope).toBe('workspace');
    expect(o.total.value).toBe(1);
    expect(o.byStatus.current.pending).toBe(1);
    expect(o.incomes.value).toBe(0);
    expect(o.statistics.period).toBe('week');
    expect(o.statistics.buckets).toHaveLength(8);
    expect(o.reviews).toEqual({ waiting: 0, latest: [] });
    expect(o.newest.map((n) => n.booking.id)).toEqual([booking.id]);
    expect(o.details.map((d) => d.number)).toEqual([booking.number]);
    // 2 slots a day over the next 7 days; the booked one is full (4 of 4).
    expect(o.available.slotsSoldOut).toBe(1);
    expect(o.available.placesTaken).toBe(4);
    expect(o.available.slotsAvailable + o.available.slotsSoldOut).toBeGreaterThanOrEqual(13);

    await ok(admin, 'POST', `/bookings/${booking.id}/confirm`);
    const confirmed = await ok<BookingOverview>(admin, 'GET', `/overview?${range}`);
    expect(confirmed.sold.value).toBe(1);
    expect(confirmed.incomes.value).toBe(10_000);
    expect(confirmed.statistics.period).toBe('month');
  });

  it('gives anyone else their own bookings only, and no reviews', async () => {
    const mine = await ok<BookingOverview>(alice, 'GET', `/overview?${range}`);
    expect(mine.scope).toBe('own');
    expect(mine.total.value).toBe(1);
    expect(mine.reviews).toBeUndefined();
    const none = await ok<BookingOverview>(bob, 'GET', `/overview?${range}`);
    expect(none.total.value).toBe(0);
    expect(none.newest).toEqual([]);
    expect(none.details).toEqual([]);
    // Places available are the published listings' for everyone.
    expect(none.available).toEqual(mine.available);
  });

  it('keeps the places available a while, and forgets them when a booking is made here', async () => {
    const before = (await ok<BookingOverview>(bob, 'GET', `/overview?${range}`)).available;
    // A write that does not go through the API (another instance's, say) shows only once the kept figure ends…
    await t.database.db
      .update(bookingBookings)
      .set({ status: 'cancelled', cancelReason: 'Test' })
      .where(eq(bookingBookings.id, booking.id));
    expect((await ok<BookingOverview>(bob, 'GET', `/overview?${range}`)).available).toEqual(before);
    // …while a booking made through this instance shows at once (the cancelled one's places are free too).
    await ok(
      bob,
      'POST',
      '/bookings',
      {
        listingId: listing.id,
        startsAt: `${dayAhead(4)}T10:00:00.000Z`,
        guests: 1,
        paymentMethod: 'cash',
        idempotencyKey: 'overview-test-kept',
      },
      201,
    );
    const after = (await ok<BookingOverview>(bob, 'GET', `/overview?${range}`)).available;
    expect(after.placesTaken).toBe(1);
    expect(after.slotsSoldOut).toBe(0);
  });

  it('refuses a bad range, zone or period with a 400 and the anonymous with a 401', async () => {
    for (const query of [
      `from=${dayAhead(5)}&to=${dayAhead(1)}&tz=UTC`,
      `from=${dayAhead(0)}&to=${dayAhead(1)}&tz=%2B02%3A00`,
      `${range}&period=decade`,
      `from=2020-01-01&to=2026-01-01&tz=UTC`,
    ]) {
      const res = await call(admin, 'GET', `/overview?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
    expect((await call(null, 'GET', `/overview?${range}`)).statusCode).toBe(401);
  });
});
