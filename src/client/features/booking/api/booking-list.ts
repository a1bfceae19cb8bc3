import { BOOKINGS_PAGE_SIZE, bookingStatuses } from '#shared/contract/booking-limits.ts';
import type { Booking, BookingPage } from '#shared/contract/booking.ts';
import { PAGE_SIZE_MAX, SEARCH_MAX } from '#shared/contract/user-enums.ts';

import { listResource, type ListParamsOf } from '../../../lib/resource.ts';
import { bookingKeys } from './booking-keys.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A bound of the date range in the address: a day as the date fields write it (`2026-03-01`, the viewer's
 * day), or an instant with its offset (`2026-03-01T00:00:00+09:00`), as the overview's widgets link to a
 * period of the viewer's days.
 */
export const DATE_BOUND = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * The day a date field shows for a bound of the address: a day as it is; an instant as its day in its own
 * offset, and an end instant at midnight (the first moment it leaves out) as the day before it.
 */
export function dayOfBound(bound: 'startDate' | 'endDate', value: string | undefined): string | undefined {
  if (value === undefined || DAY.test(value)) return value;
  const day = value.slice(0, 10);
  const atMidnight = /^T00:00:00(\.0{1,3})?(Z|[+-]\d{2}:\d{2})$/.test(value.slice(10));
  if (bound === 'startDate' || !atMidnight) return day;
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/**
 * A bound as the API takes it. A day is the viewer's day: it starts at the viewer's midnight (the instant is
 * sent, since the API reads a bare day in UTC), and the end day is included, so the end bound is the next
 * day's midnight. An instant from the address is sent as it is.
 */
export function boundInstant(bound: 'startDate' | 'endDate', value: string | undefined): string | undefined {
  if (value === undefined || !DAY.test(value)) return value;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, bound === 'startDate' ? day : day + 1).toISOString();
}

export type BookingTab = 'all' | (typeof bookingStatuses)[number];

/**
 * `GET /api/booking/bookings`: one page of one's own bookings (administrators: everyone's; the API decides),
 * newest start first (the contract has no sort keys), with the count of every status tab over the same
 * filter. Its state in the address:
 * `?status=confirmed&listingId=<id>&startDate=2026-03-01&endDate=2026-03-31&search=BK-10&page=2`.
 */
export const bookingsList = listResource<BookingPage>()({
  key: bookingKeys.lists(),
  path: '/booking/bookings',
  config: {
    pageSizes: [10, BOOKINGS_PAGE_SIZE, 50],
    defaultPageSize: BOOKINGS_PAGE_SIZE,
    filters: {
      status: bookingStatuses,
      listingId: UUID,
      startDate: DATE_BOUND,
      endDate: DATE_BOUND,
    },
    searchMax: SEARCH_MAX,
  },
  filters: (f) => ({
    status: (f.status as BookingTab | undefined) ?? ('all' as BookingTab),
    listingId: f.listingId?.toLowerCase(),
    startDate: f.startDate,
    endDate: f.endDate,
  }),
  query: ({ status, listingId, startDate, endDate }) => ({
    status: status === 'all' ? undefined : status,
    listingId,
    startDate: boundInstant('startDate', startDate),
    endDate: boundInstant('endDate', endDate),
  }),
});

/** The list's request: the API's 1-based page, size, search, status tab, listing and dates. */
export type BookingsParams = ListParamsOf<typeof bookingsList>;

export const useBookings = bookingsList.useList;
/** Route loader of /dashboard/booking/list (`app/router.tsx`). */
export const bookingsListLoader = bookingsList.loader;

/** Every booking of a filter (the CSV export), page by page at the largest page size; at most 100 pages. */
export async function fetchAllBookings(params: BookingsParams): Promise<Booking[]> {
  const all: Booking[] = [];
  for (let page = 1; ; page++) {
    const answer = await bookingsList.get({ ...params, page, pageSize: PAGE_SIZE_MAX });
    all.push(...answer.bookings);
    if (!answer.hasNextPage || page >= 100) break;
  }
  return all;
}
