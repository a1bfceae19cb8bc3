import { z } from 'zod';

import { bookingSchema, reviewSchema } from './booking.ts';
import { bookingStatsPeriods, bookingStatuses } from './booking-limits.ts';
import { overviewRangeQuery, overviewRangeSchema, rateFigureSchema, trendFigureSchema } from './overview.ts';

/**
 * `/dashboard/booking`'s figures (issue 29 B, ADR 055):
 *
 *   GET /api/booking/overview?from=&to=&tz=&period=   bookingOverviewQuery → bookingOverviewResponse
 *
 * A booking belongs to the viewer's day it **starts** on (the list's date filter reads the same column), so
 * every figure drills into `/dashboard/booking/list?startDate=&endDate=` with the same bookings. Administrators
 * see the workspace's bookings; anyone else their own (`scope: 'own'`), and the widgets only administrators
 * use (`reviews`) are absent.
 */

export {
  AVAILABLE_DAYS,
  BOOKING_STATS_BUCKETS,
  bookingStatsPeriods,
  OVERVIEW_DETAILS,
  OVERVIEW_NEWEST,
  OVERVIEW_REVIEWS,
  soldStatuses,
  type BookingStatsPeriod,
} from './booking-limits.ts';

export const bookingOverviewQuery = overviewRangeQuery.and(
  z.object({
    period: z.enum(bookingStatsPeriods, { error: 'validation.categoryInvalid' }).default('month'),
  }),
);
export type BookingOverviewQuery = z.input<typeof bookingOverviewQuery>;

const count = z.number().int().min(0);

export const statusCountsSchema = z.object(
  Object.fromEntries(bookingStatuses.map((s) => [s, count])) as Record<
    (typeof bookingStatuses)[number],
    typeof count
  >,
);
export type StatusCounts = z.infer<typeof statusCountsSchema>;

export const statsBucketSchema = z.object({
  /** The bucket's first day (the viewer's). */
  start: z.iso.date(),
  sold: count,
  cancelled: count,
});
export type StatsBucket = z.infer<typeof statsBucketSchema>;

export const bookingOverviewResponse = z.object({
  range: overviewRangeSchema,
  currency: z.string(),
  /** `workspace`: every booking (administrators); `own`: the viewer's. */
  scope: z.enum(['workspace', 'own']),
  /** Bookings that start in the range, any status. */
  total: trendFigureSchema,
  /** Sold: confirmed, checked in or completed. */
  sold: trendFigureSchema,
  cancelled: trendFigureSchema,
  /** What the sold bookings cost (cents, the price computed at booking time). */
  incomes: trendFigureSchema,
  /** The range's bookings per status, and the previous period's. */
  byStatus: z.object({ current: statusCountsSchema, previous: statusCountsSchema }),
  /**
   * `checkIn`: of the sold bookings of the range that have started by now, those checked in or completed.
   * `paid`: of the range's bookings not cancelled, those marked paid.
   */
  checkIn: rateFigureSchema,
  paid: rateFigureSchema,
  statistics: z.object({ period: z.enum(bookingStatsPeriods), buckets: z.array(statsBucketSchema) }),
  /**
   * Published listings' slots (timed listings) and days (ranges) that start in the next `days` days: with
   * places left or fully booked, and the places left and taken in them.
   */
  available: z.object({
    days: count,
    slotsAvailable: count,
    slotsSoldOut: count,
    placesLeft: count,
    placesTaken: count,
  }),
  /** Administrators: reviews waiting for a decision (how many, and the newest). */
  reviews: z
    .object({
      waiting: count,
      latest: z.array(reviewSchema.extend({ listingName: z.string(), bookingNumber: z.string() })),
    })
    .optional(),
  /** The most recently made bookings (any start), with their listing's cover. */
  newest: z.array(z.object({ booking: bookingSchema, coverUrl: z.string().nullable() })),
  /** The range's bookings as the list shows them first (latest start first). */
  details: z.array(bookingSchema),
});
export type BookingOverview = z.infer<typeof bookingOverviewResponse>;
