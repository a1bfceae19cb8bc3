import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type {
  Availability,
  Booking,
  BookingDetails,
  BookingPage,
  BookingReview,
  BookingReviewPage,
  Listing,
  ListingInput,
  ListingPage,
} from '#shared/contract/booking.ts';

import { bookingBookings, files } from '../../db/schema/index.ts';
import { apiCalls } from '../../testing/http.ts';
import {
  multipartBody,
  pngWithMetadata,
  quickMembers,
  threeMembers,
  type Member,
} from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/** `/api/booking` (issue 29, ADR 053), on both databases. */

let t: TestApp;
let admin: Member;
let alice: Member;
let bob: Member;
const { call, ok } = apiCalls(() => t.app, '/api/booking');

let keyCounter = 0;
const key = () => `booking-key-${Date.now()}-${++keyCounter}`;

/** The UTC day `n` days from today. */
const dayAhead = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const allWeek = (startMinute: number, endMinute: number) =>
  [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute, endMinute }));

const makeListing = async (over: Partial<ListingInput> = {}) =>
  (
    await ok<{ listing: Listing }>(
      admin,
      'POST',
      '/listings',
      {
        name: 'Old town walk',
        kind: 'tour',
        mode: 'slot',
        priceCents: 2500,
        priceUnit: 'person',
        capacity: 10,
        durationMinutes: 60,
        timeZone: 'UTC',
        status: 'published',
        hours: allWeek(0, 1440),
        ...over,
      },
      201,
    )
  ).listing;

const availability = (who: Member, listingId: string, from: string, to = from) =>
  ok<Availability>(who, 'GET', `/listings/${listingId}/availability?from=${from}&to=${to}`);

const bookSlot = (who: Member, listingId: string, startsAt: string, guests = 1, idempotencyKey = key()) =>
  call(who, 'POST', '/bookings', { listingId, startsAt, guests, paymentMethod: 'cash', idempotencyKey });

const bookRange = (who: Member, listingId: string, from: string, to: string, guests = 1) =>
  call(who, 'POST', '/bookings', {
    listingId,
    from,
    to,
    guests,
    paymentMethod: 'bankTransfer',
    idempotencyKey: key(),
  });

const booked = async (res: Awaited<ReturnType<typeof call>>) => {
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ booking: Booking }>().booking;
};

beforeAll(async () => {
  t = await createTestApp({ rateLimitMax: 1_000_000 });
  ({ admin, alice, bob } = await threeMembers(t.app));
});

afterAll(async () => {
  await t.close();
});

describe('listings', () => {
  it('administrators manage listings; people read only published ones', async () => {
    const draft = await makeListing({
      name: 'Draft room',
      status: 'draft',
      description: '<p>Nice <script>alert(1)</script><b>view</b></p>',
    });
    expect(draft.description).not.toContain('script');
    expect(draft.description).toContain('<b>view</b>');
    expect(draft.hours).toHaveLength(7);

    expect((await call(alice, 'GET', `/listings/${draft.id}`)).statusCode).toBe(404);
    expect((await call(alice, 'POST', '/listings', { name: 'x' })).statusCode).toBe(400);
    const refused = await call(alice, 'POST', '/listings', {
      name: 'Mine',
      kind: 'tour',
      mode: 'slot',
      priceCents: 1,
      priceUnit: 'person',
      capacity: 1,
      timeZone: 'UTC',
    });
    expect(refused.statusCode).toBe(403);
    const people = await ok<ListingPage>(alice, 'GET', '/listings?search=Draft');
    expect(people.listings.map((l) => l.id)).not.toContain(draft.id);
    const admins = await ok<ListingPage>(admin, 'GET', '/listings?search=Draft');
    expect(admins.listings.map((l) => l.id)).toContain(draft.id);

    const published = await ok<{ listing: Listing }>(admin, 'PATCH', `/listings/${draft.id}`, {
      status: 'published',
      version: draft.version,
    });
    expect(published.listing.status).toBe('published');
    expect((await ok<{ listing: Listing }>(alice, 'GET', `/listings/${draft.id}`)).listing.name).toBe(
      'Draft room',
    );
    const stale = await call(admin, 'PATCH', `/listings/${draft.id}`, {
      name: 'Old',
      version: draft.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ code: string }>().code).toBe('STALE');

    const badImage = await call(admin, 'PATCH', `/listings/${draft.id}`, {
      coverFileId: '00000000-0000-4000-8000-00000000abcd',
      version: published.listing.version,
    });
    expect(badImage.statusCode).toBe(400);
    expect(badImage.json<{ code: string }>().code).toBe('IMAGE_INVALID');

    const badZone = await call(admin, 'POST', '/listings', {
      name: 'Zone',
      kind: 'room',
      mode: 'range',
      priceCents: 1,
      priceUnit: 'unit',
      capacity: 1,
      timeZone: 'Mars/Olympus',
    });
    expect(badZone.statusCode).toBe(400);
  });

  it('takes pictures uploaded for listings only, from administrators, and sweeps the ones no listing shows', async () => {
    const upload = async (who: Member) => {
      const body = multipartBody(await pngWithMetadata());
      return t.app.inject({
        method: 'POST',
        url: '/api/booking/photos',
        headers: { ...who.headers, ...body.headers },
        payload: body.payload,
      });
    };
    expect((await upload(alice)).statusCode).toBe(403);
    const [cover, kept, unused] = await Promise.all([upload(admin), upload(admin), upload(admin)]);
    expect(cover.statusCode, cover.body).toBe(201);
    const file = (res: typeof cover) => res.json<{ file: { id: string; url: string; use: string } }>().file;
    expect(file(cover).use).toBe('listing');
    // Public like a product's pictures (an <img> sends no token), and nobody's profile photo.
    expect((await t.app.inject({ method: 'GET', url: file(cover).url })).statusCode).toBe(200);
    const gallery = await t.app.inject({
      method: 'GET',
      url: `/api/users/${admin.id}/gallery`,
      headers: admin.headers,
    });
    expect(gallery.statusCode, gallery.body).toBe(200);
    expect(gallery.body).not.toContain(file(cover).id);

    const listing = await makeListing({ coverFileId: file(cover).id, galleryFileIds: [file(kept).id] });
    expect(listing.cover?.id).toBe(file(cover).id);
    expect(listing.gallery.map((g) => g.id)).toEqual([file(kept).id]);

    // A profile photo is not a listing's picture.
    const profile = multipartBody(await pngWithMetadata());
    const photo = await t.app.inject({
      method: 'POST',
      url: '/api/account/gallery',
      headers: { ...admin.headers, ...profile.headers },
      payload: profile.payload,
    });
    expect(photo.statusCode, photo.body).toBe(200);
    const refused = await call(admin, 'PATCH', `/listings/${listing.id}`, {
      coverFileId: photo.json<{ image: { id: string } }>().image.id,
      version: listing.version,
    });
    expect(refused.json<{ code: string }>().code).toBe('IMAGE_INVALID');

    // Swept once stale: the unused upload goes, the cover and the gallery picture stay.
    await t.app.files.sweepUnlinked(new Date(Date.now() + 60_000));
    const left = await t.database.db
      .select({ id: files.id })
      .from(files)
      .where(inArray(files.id, [file(cover).id, file(kept).id, file(unused).id]));
    expect(left.map((r) => r.id).sort()).toEqual([file(cover).id, file(kept).id].sort());
  });
});

describe('availability and booking', () => {
  it('offers slots from the weekly hours and dates, with buffers, in the listing zone', async () => {
    const closedDay = dayAhead(3);
    const openDay = dayAhead(4);
    const listing = await makeListing({
      hours: allWeek(540, 780),
      bufferBeforeMinutes: 15,
      bufferAfterMinutes: 15,
      timeZone: 'Asia/Ho_Chi_Minh',
      dates: [
        { day: closedDay, kind: 'closed', startMinute: null, endMinute: null },
        { day: openDay, kind: 'open', startMinute: 1200, endMinute: 1300 },
      ],
    });
    const day = dayAhead(2);
    const slots = await availability(alice, listing.id, day);
    // 09:15–10:15 and 10:45–11:45 local (+07:00); 12:15 would end after 13:00.
    expect(slots.items.map((s) => s.startsAt)).toEqual([`${day}T02:15:00.000Z`, `${day}T03:45:00.000Z`]);
    expect(slots.items.every((s) => s.placesLeft === 10 && s.bookable)).toBe(true);
    expect((await availability(alice, listing.id, closedDay)).items).toEqual([]);
    expect((await availability(alice, listing.id, openDay)).items.map((s) => s.startsAt)).toEqual([
      `${openDay}T02:15:00.000Z`,
      `${openDay}T03:45:00.000Z`,
      `${openDay}T13:15:00.000Z`,
    ]);

    const notASlot = await bookSlot(alice, listing.id, `${day}T03:00:00.000Z`);
    expect(notASlot.statusCode).toBe(400);
    expect(notASlot.json<{ code: string }>().code).toBe('NOT_A_SLOT');
    expect((await bookSlot(alice, listing.id, `${closedDay}T02:15:00.000Z`)).statusCode).toBe(400);

    const booking = await booked(await bookSlot(alice, listing.id, `${day}T09:15:00+07:00`, 3));
    expect(booking.priceCents).toBe(7500);
    expect(booking.status).toBe('pending');
    expect(booking.number).toMatch(/^BK-\d{6,}$/);
    const after = await availability(bob, listing.id, day);
    expect(after.items.map((s) => s.placesLeft)).toEqual([7, 10]);
  });

  it('gives exactly the last 10 places of a slot to 200 people booking at once', async () => {
    const listing = await makeListing({ capacity: 12 });
    const startsAt = `${dayAhead(6)}T10:00:00.000Z`;
    await booked(await bookSlot(alice, listing.id, startsAt, 2));
    const crowd = await quickMembers(t.app, t.app.db, 200, 'Crowd');
    const answers = await Promise.all(crowd.map((who) => bookSlot(who, listing.id, startsAt)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(190);
    for (const refused of answers.filter((r) => r.statusCode === 409)) {
      const body = refused.json<{ message: string; code: string; placesLeft: number }>();
      expect(body.code).toBe('FULL');
      expect(body.message).toBe('This time is fully booked: choose another one');
      expect(body.placesLeft).toBe(0);
    }
    const [sum] = await t.app.db
      .select({ guests: sql<number>`sum(${bookingBookings.guests})::int` })
      .from(bookingBookings)
      .where(eq(bookingBookings.listingId, listing.id));
    expect(sum!.guests).toBe(12);
    const slot = (await availability(alice, listing.id, dayAhead(6))).items.find(
      (s) => s.startsAt === startsAt,
    );
    expect(slot).toMatchObject({ placesLeft: 0, bookable: false });

    const tooMany = await bookSlot(bob, listing.id, `${dayAhead(6)}T11:00:00.000Z`, 13);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json<{ message: string }>().message).toBe('Only 12 places are left for this time');
  });

  it('keeps overlapping date ranges and their buffers apart', async () => {
    const room = await makeListing({
      name: 'Garden room',
      kind: 'room',
      mode: 'range',
      capacity: 1,
      priceCents: 10_000,
      priceUnit: 'unit',
      bufferAfterMinutes: 24 * 60,
    });
    const d = (n: number) => dayAhead(10 + n);
    const stay = await booked(await bookRange(alice, room.id, d(0), d(2)));
    expect(stay.priceCents).toBe(20_000);
    expect(stay.startsAt).toBe(`${d(0)}T00:00:00.000Z`);
    expect(stay.endsAt).toBe(`${d(2)}T00:00:00.000Z`);

    // Overlapping, then inside the day of cleaning after it: refused.
    for (const [from, to] of [
      [d(1), d(3)],
      [d(2), d(3)],
      [d(-1), d(0)],
    ] as const) {
      const res = await bookRange(bob, room.id, from, to);
      expect(res.statusCode, `${from}→${to}`).toBe(409);
      expect(res.json<{ code: string }>().code).toBe('FULL');
    }
    await booked(await bookRange(bob, room.id, d(3), d(4)));
    await booked(await bookRange(bob, room.id, d(-2), d(-1)));

    const days = await availability(bob, room.id, d(-3), d(5));
    expect(days.items.map((i) => [i.day, i.placesLeft])).toEqual([
      [d(-3), 0],
      [d(-2), 0],
      [d(-1), 0],
      [d(0), 0],
      [d(1), 0],
      [d(2), 0],
      [d(3), 0],
      [d(4), 0],
      [d(5), 1],
    ]);

    // Cancelling frees the dates.
    await ok(alice, 'POST', `/bookings/${stay.id}/cancel`, { reason: 'Plans changed' });
    await booked(await bookRange(bob, room.id, d(0), d(1)));
  });

  it('computes prices past 2^31 cents', async () => {
    const hall = await makeListing({
      kind: 'equipment',
      mode: 'range',
      capacity: 1000,
      priceCents: 100_000_000,
      priceUnit: 'person',
    });
    const big = await booked(await bookRange(alice, hall.id, dayAhead(20), dayAhead(23), 1000));
    expect(big.priceCents).toBe(300_000_000_000);
    expect(big.unitPriceCents).toBe(100_000_000);
  });

  it('refuses booking inside the notice and cancelling after the cancel notice', async () => {
    const listing = await makeListing({ bookingNoticeHours: 72, cancelNoticeHours: 48 });
    const soon = `${dayAhead(2)}T12:00:00.000Z`;
    const slots = await availability(alice, listing.id, dayAhead(2));
    expect(slots.items.find((s) => s.startsAt === soon)?.bookable).toBe(false);
    const early = await bookSlot(alice, listing.id, soon);
    expect(early.statusCode).toBe(400);
    expect(early.json<{ code: string; message: string }>()).toMatchObject({ code: 'NOTICE' });
    await booked(await bookSlot(alice, listing.id, `${dayAhead(5)}T12:00:00.000Z`));

    const late = await makeListing({ cancelNoticeHours: 48 });
    const tomorrow = await booked(await bookSlot(alice, late.id, `${dayAhead(1)}T12:00:00.000Z`));
    const refused = await call(alice, 'POST', `/bookings/${tomorrow.id}/cancel`, { reason: 'Ill' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(
      'Bookings can be cancelled up to 48 hours before they start: ask an administrator',
    );
    expect((await call(alice, 'POST', `/bookings/${tomorrow.id}/cancel`, { reason: ' ' })).statusCode).toBe(
      400,
    );
    const byAdmin = await ok<{ booking: Booking }>(admin, 'POST', `/bookings/${tomorrow.id}/cancel`, {
      reason: 'Guide ill',
    });
    expect(byAdmin.booking).toMatchObject({ status: 'cancelled', cancelReason: 'Guide ill' });

    const later = await booked(await bookSlot(alice, late.id, `${dayAhead(5)}T12:00:00.000Z`));
    const own = await ok<{ booking: Booking }>(alice, 'POST', `/bookings/${later.id}/cancel`, {
      reason: 'Ill',
    });
    expect(own.booking.status).toBe('cancelled');
    expect((await call(alice, 'POST', `/bookings/${later.id}/cancel`, { reason: 'Again' })).statusCode).toBe(
      409,
    );
  });

  it('answers the same booking for the same key, once', async () => {
    const listing = await makeListing();
    const k = key();
    const startsAt = `${dayAhead(7)}T08:00:00.000Z`;
    const [a, b] = await Promise.all([
      bookSlot(bob, listing.id, startsAt, 1, k),
      bookSlot(bob, listing.id, startsAt, 1, k),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json<{ booking: Booking }>().booking.id).toBe(b.json<{ booking: Booking }>().booking.id);
    const slot = (await availability(bob, listing.id, dayAhead(7))).items.find(
      (s) => s.startsAt === startsAt,
    );
    expect(slot?.placesLeft).toBe(9);
  });
});

describe('status, access and reviews', () => {
  it('runs a booking through its statuses with a timeline; people see only their own', async () => {
    const listing = await makeListing({ name: 'Kayak course', kind: 'course' });
    const mine = await booked(await bookSlot(alice, listing.id, `${dayAhead(8)}T09:00:00.000Z`, 2));
    const bobs = await booked(await bookSlot(bob, listing.id, `${dayAhead(8)}T10:00:00.000Z`));

    expect((await call(bob, 'GET', `/bookings/${mine.id}`)).statusCode).toBe(404);
    expect((await call(bob, 'POST', `/bookings/${mine.id}/cancel`, { reason: 'x' })).statusCode).toBe(404);
    expect((await call(alice, 'POST', `/bookings/${mine.id}/confirm`)).statusCode).toBe(403);
    const own = await ok<BookingPage>(bob, 'GET', `/bookings?listingId=${listing.id}`);
    expect(own.bookings.map((b) => b.id)).toEqual([bobs.id]);
    const all = await ok<BookingPage>(admin, 'GET', `/bookings?listingId=${listing.id}&status=pending`);
    expect(all.bookings.map((b) => b.id).sort()).toEqual([mine.id, bobs.id].sort());
    expect(all.counts).toMatchObject({ all: 2, pending: 2, confirmed: 0 });

    // A review only after completion.
    const early = await call(alice, 'POST', `/bookings/${mine.id}/review`, { rating: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json<{ code: string }>().code).toBe('NOT_COMPLETED');

    expect((await call(admin, 'POST', `/bookings/${mine.id}/check-in`)).statusCode).toBe(409);
    const paid = await ok<{ booking: Booking }>(admin, 'POST', `/bookings/${mine.id}/pay`, {
      paymentMethod: 'bankTransfer',
    });
    expect(paid.booking).toMatchObject({ status: 'confirmed', paymentMethod: 'bankTransfer' });
    expect(paid.booking.paidAt).not.toBeNull();
    expect((await call(admin, 'POST', `/bookings/${mine.id}/pay`, {})).statusCode).toBe(409);
    await ok(admin, 'POST', `/bookings/${mine.id}/check-in`);
    await ok(admin, 'POST', `/bookings/${mine.id}/complete`);

    const counts = await ok<BookingPage>(admin, 'GET', `/bookings?listingId=${listing.id}&status=completed`);
    expect(counts.bookings.map((b) => b.id)).toEqual([mine.id]);
    expect(counts.counts).toMatchObject({ all: 2, pending: 1, completed: 1 });
    const search = await ok<BookingPage>(admin, 'GET', `/bookings?search=${encodeURIComponent(mine.number)}`);
    expect(search.bookings.map((b) => b.id)).toEqual([mine.id]);
    const inRange = await ok<BookingPage>(
      admin,
      'GET',
      `/bookings?listingId=${listing.id}&startDate=${dayAhead(8)}&endDate=${dayAhead(8)}`,
    );
    expect(inRange.total).toBe(2);
    const outside = await ok<BookingPage>(
      admin,
      'GET',
      `/bookings?listingId=${listing.id}&startDate=${dayAhead(9)}`,
    );
    expect(outside.counts.all).toBe(0);
    expect((await ok<BookingPage>(bob, 'GET', `/bookings?search=Alice`)).bookings).toEqual([]);

    const review = await ok<{ review: BookingReview }>(
      alice,
      'POST',
      `/bookings/${mine.id}/review`,
      { rating: 4, tags: ['friendly', 'friendly', 'fun'], text: 'Great guide' },
      201,
    );
    expect(review.review).toMatchObject({ status: 'pending', rating: 4, tags: ['friendly', 'fun'] });
    const again = await call(alice, 'POST', `/bookings/${mine.id}/review`, { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ code: string }>().code).toBe('ALREADY_REVIEWED');
    expect((await call(alice, 'POST', `/bookings/${mine.id}/review`, { rating: 6 })).statusCode).toBe(400);

    const details = await ok<BookingDetails>(alice, 'GET', `/bookings/${mine.id}`);
    expect(details.timeline.map((e) => [e.action, e.actor?.name])).toEqual([
      ['created', 'Alice Liddell'],
      ['paid', 'Grace Hopper'],
      ['confirmed', 'Grace Hopper'],
      ['checked_in', 'Grace Hopper'],
      ['completed', 'Grace Hopper'],
      ['reviewed', 'Alice Liddell'],
    ]);
    expect(details.review?.id).toBe(review.review.id);

    // Public reviews: accepted only.
    const before = await ok<BookingReviewPage>(bob, 'GET', `/listings/${listing.id}/reviews`);
    expect(before.reviews).toEqual([]);
    expect((await call(alice, 'POST', `/reviews/${review.review.id}/accept`)).statusCode).toBe(403);
    const waiting = await ok<BookingReviewPage>(
      admin,
      'GET',
      `/reviews?status=pending&listingId=${listing.id}`,
    );
    expect(waiting.reviews.map((r) => r.id)).toEqual([review.review.id]);
    await ok(admin, 'POST', `/reviews/${review.review.id}/accept`);
    const afterAccept = await ok<BookingReviewPage>(bob, 'GET', `/listings/${listing.id}/reviews`);
    expect(afterAccept.reviews.map((r) => r.text)).toEqual(['Great guide']);
    expect((await ok<{ listing: Listing }>(bob, 'GET', `/listings/${listing.id}`)).listing).toMatchObject({
      reviewCount: 1,
      rating: 4,
    });
    await ok(admin, 'POST', `/reviews/${review.review.id}/reject`);
    expect((await ok<BookingReviewPage>(bob, 'GET', `/listings/${listing.id}/reviews`)).reviews).toEqual([]);

    // A listing with bookings stays (draft it instead).
    expect((await call(admin, 'DELETE', `/listings/${listing.id}`)).statusCode).toBe(409);
  });

  it('tells the person and the administrators live', async () => {
    const listing = await makeListing();
    const publish = vi.spyOn(t.app.realtime, 'publish');
    try {
      const booking = await booked(await bookSlot(bob, listing.id, `${dayAhead(9)}T09:00:00.000Z`));
      await ok(admin, 'POST', `/bookings/${booking.id}/confirm`);
      const sent = publish.mock.calls.filter(([, event]) => event.type === 'booking.changed');
      expect(sent.map(([to, event]) => [[...to].sort(), event])).toEqual([
        [[bob.id, admin.id].sort(), { type: 'booking.changed', bookingId: booking.id, status: 'pending' }],
        [[bob.id, admin.id].sort(), { type: 'booking.changed', bookingId: booking.id, status: 'confirmed' }],
      ]);
      expect(sent.every(([to]) => !to.includes(alice.id))).toBe(true);
    } finally {
      publish.mockRestore();
    }
  });

  it('needs a session', async () => {
    expect((await call(null, 'GET', '/listings')).statusCode).toBe(401);
    expect((await call(null, 'GET', '/bookings')).statusCode).toBe(401);
  });
});
