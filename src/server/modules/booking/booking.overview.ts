/**
 * `GET /api/booking/overview` (issue 29 B, ADR 055): the booking dashboard's figures in one answer. The
 * figures are booking.stats.ts's; the bookings shown (newest, details) are the list's answers.
 */
import { and, eq } from 'drizzle-orm';

import {
  OVERVIEW_DETAILS,
  OVERVIEW_NEWEST,
  type BookingOverview,
  type BookingOverviewQuery,
  type BookingStatsPeriod,
} from '#shared/contract/booking-overview.ts';

import type { Db } from '../../db/client.ts';
import { bookingBookings } from '../../db/schema/index.ts';
import { inRange, previousPeriod, todayRange, type StatsScope } from '../../lib/date-range.ts';
import { listBookings, type ViewContext } from './booking.repo.ts';
import {
  bookingFigures,
  bookingStatistics,
  listingCovers,
  newestBookings,
  placesAvailable,
  waitingReviews,
} from './booking.stats.ts';

const b = bookingBookings;

/**
 * How long "places available" (every published listing's slots of the coming week, ~30 ms at the bench's
 * size) is kept per database. A booking or listing change on this instance forgets it at once
 * (`forgetPlacesAvailable`, from the announcements); one on another instance shows within this time.
 */
export const PLACES_KEEP_MS = 15_000;
const placesKept = new WeakMap<Db, { at: number; value: Promise<BookingOverview['available']> }>();

export function forgetPlacesAvailable(db: Db): void {
  placesKept.delete(db);
}

function keptPlacesAvailable(db: Db): Promise<BookingOverview['available']> {
  const now = Date.now();
  const kept = placesKept.get(db);
  if (kept && now - kept.at < PLACES_KEEP_MS) return kept.value;
  const value = placesAvailable(db);
  placesKept.set(db, { at: now, value });
  value.catch(() => forgetPlacesAvailable(db));
  return value;
}

export async function bookingOverview(
  db: Db,
  ctx: ViewContext,
  scope: StatsScope,
  q: Required<Pick<BookingOverviewQuery, 'from' | 'to' | 'tz'>> & { period: BookingStatsPeriod },
): Promise<BookingOverview> {
  const range = { from: q.from, to: q.to, timeZone: q.tz };
  const previous = previousPeriod(range);
  const mine = scope.isAdmin ? undefined : eq(b.userId, scope.userId);
  const window = (limit: number) => ({ limit, offset: 0 });
  const [figures, statistics, available, reviews, newestRows, details] = await Promise.all([
    bookingFigures(db, scope, range),
    bookingStatistics(db, scope, q.period, todayRange(q.tz).from, q.tz),
    keptPlacesAvailable(db),
    scope.isAdmin ? waitingReviews(db) : Promise.resolve(undefined),
    listBookings(db, newestBookings(scope, OVERVIEW_NEWEST), 'all', window(OVERVIEW_NEWEST), ctx.currency),
    listBookings(db, and(inRange(b.startsAt, range), mine), 'all', window(OVERVIEW_DETAILS), ctx.currency),
  ]);
  const covers = await listingCovers(
    db,
    newestRows.map((r) => r.listing.id),
  );
  const newest = newestRows
    .sort((x, y) => y.createdAt.localeCompare(x.createdAt) || y.id.localeCompare(x.id))
    .map((booking) => {
      const cover = covers.get(booking.listing.id);
      return { booking, coverUrl: cover ? ctx.toFile(cover).url : null };
    });
  return {
    range: { ...range, previousFrom: previous.from, previousTo: previous.to },
    currency: ctx.currency,
    scope: scope.isAdmin ? 'workspace' : 'own',
    ...figures,
    statistics: { period: q.period, buckets: statistics },
    available,
    ...(reviews && { reviews }),
    newest,
    details,
  };
}
