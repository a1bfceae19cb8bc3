import type { AvailabilityItem, BookingReview, Listing } from '#shared/contract/booking.ts';

import { jsonResponse, type MockRoute } from '../../../testing/fetch-mock.ts';
import { addDays, daysBetween, todayIn } from '../components/listing-time.ts';

/** Test data of the listings pages: listings, their availability and reviews, and the routes that answer them. */

export const kayakId = '40000000-0000-4000-8000-000000000001';
export const roomId = '40000000-0000-4000-8000-000000000002';
export const newBookingId = '50000000-0000-4000-8000-000000000001';

/** The listings' zone: no daylight saving, nine hours ahead of UTC (09:00 there is 00:00Z). */
export const zone = 'Asia/Tokyo';

export function makeListing(overrides: Partial<Listing> = {}): Listing {
  return {
    id: kayakId,
    name: 'Kayak at dawn',
    kind: 'tour',
    description: '<p>Paddle the bay <strong>before sunrise</strong>.</p>',
    location: 'Harbour pier 3',
    cover: null,
    gallery: [],
    priceCents: 2_500,
    priceUnit: 'person',
    capacity: 8,
    durationMinutes: 90,
    mode: 'slot',
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    bookingNoticeHours: 2,
    cancelNoticeHours: 24,
    timeZone: zone,
    status: 'published',
    hours: [],
    dates: [],
    reviewCount: 3,
    rating: 4.7,
    currency: 'USD',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

export const makeRoom = (overrides: Partial<Listing> = {}) =>
  makeListing({
    id: roomId,
    name: 'Sea view room',
    kind: 'room',
    mode: 'range',
    priceCents: 9_000,
    priceUnit: 'unit',
    capacity: 2,
    reviewCount: 0,
    rating: null,
    ...overrides,
  });

/** The first day with availability: tomorrow in the listings' zone. */
export const firstFreeDay = () => addDays(todayIn(zone), 1);

/**
 * Availability as the server answers it for `from`…`to`: from tomorrow on, a slot listing has two slots a
 * day (09:00–10:30 with `placesLeft` places (at most the capacity), 12:00–13:30 full); a range listing has each day open with
 * `placesLeft` places.
 */
export function availabilityItems(
  listing: Listing,
  from: string,
  to: string,
  placesLeft = 4,
): AvailabilityItem[] {
  const items: AvailabilityItem[] = [];
  const left = Math.min(placesLeft, listing.capacity);
  for (let i = 0; i <= daysBetween(from, to); i++) {
    const day = addDays(from, i);
    if (day < firstFreeDay()) continue;
    if (listing.mode === 'slot') {
      items.push(
        {
          day,
          startsAt: `${day}T00:00:00.000Z`,
          endsAt: `${day}T01:30:00.000Z`,
          placesLeft: left,
          bookable: true,
        },
        {
          day,
          startsAt: `${day}T03:00:00.000Z`,
          endsAt: `${day}T04:30:00.000Z`,
          placesLeft: 0,
          bookable: false,
        },
      );
    } else {
      // The day's local midnight in Tokyo is 15:00Z the day before.
      items.push({
        day,
        startsAt: `${addDays(day, -1)}T15:00:00.000Z`,
        endsAt: `${day}T15:00:00.000Z`,
        placesLeft: left,
        bookable: true,
      });
    }
  }
  return items;
}

export function makeReview(overrides: Partial<BookingReview> = {}): BookingReview {
  return {
    id: '60000000-0000-4000-8000-000000000001',
    bookingId: '50000000-0000-4000-8000-000000000009',
    listingId: kayakId,
    author: { id: '00000000-0000-4000-8000-000000000002', name: 'Grace Hopper' },
    rating: 5,
    tags: ['Friendly guide'],
    text: 'Calm water and a great sunrise.',
    status: 'accepted',
    createdAt: '2026-02-01T00:00:00.000Z',
    ...overrides,
  };
}

/** What a listing's page asks for: the config, the listing, its availability and its reviews. */
export function listingRoutes(listing: Listing, { reviews = [makeReview()] } = {}): MockRoute[] {
  return [
    { path: '/api/config', respond: () => jsonResponse({ demo: null, currency: 'USD' }) },
    { path: `/api/booking/listings/${listing.id}`, respond: () => jsonResponse({ listing }) },
    {
      path: `/api/booking/listings/${listing.id}/availability`,
      respond: ({ url }) => {
        const query = new URL(url, 'http://localhost').searchParams;
        const from = query.get('from') ?? '';
        const to = query.get('to') ?? '';
        return jsonResponse({
          mode: listing.mode,
          timeZone: listing.timeZone,
          capacity: listing.capacity,
          items: availabilityItems(listing, from, to),
        });
      },
    },
    {
      path: `/api/booking/listings/${listing.id}/reviews`,
      respond: () =>
        jsonResponse({ reviews, total: reviews.length, page: 1, pageSize: 20, hasNextPage: false }),
    },
  ];
}
