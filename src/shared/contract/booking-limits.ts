/**
 * Booking (issue 29, ADR 053): limits and fixed lists without zod, for the booking pages (the contract,
 * booking.ts, re-exports them and builds the schemas). Prices are integer cents of the instance's currency.
 */

/** What a listing offers. */
export const listingKinds = ['tour', 'room', 'course', 'equipment'] as const;
export type ListingKind = (typeof listingKinds)[number];

/** Timed slots from weekly hours (tours, courses) or whole local days (rooms, equipment). */
export const listingModes = ['slot', 'range'] as const;
export type ListingMode = (typeof listingModes)[number];

/** What the price is for: each guest, or the whole booking (per slot, or per day of a range). */
export const priceUnits = ['person', 'unit'] as const;
export type PriceUnit = (typeof priceUnits)[number];

export const listingStatuses = ['draft', 'published'] as const;
export type ListingStatus = (typeof listingStatuses)[number];

/** One-off dates: `open` adds a window on that day, `closed` removes the whole day. */
export const dateKinds = ['open', 'closed'] as const;
export type DateKind = (typeof dateKinds)[number];

export const bookingStatuses = ['pending', 'confirmed', 'checked_in', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** The orders area's method names (ADR 053: no card here). */
export const bookingPaymentMethods = ['cash', 'bankTransfer'] as const;
export type BookingPaymentMethod = (typeof bookingPaymentMethods)[number];

export const reviewStatuses = ['pending', 'accepted', 'rejected'] as const;
export type BookingReviewStatus = (typeof reviewStatuses)[number];

/** What the timeline records. */
export const bookingActions = [
  'created',
  'confirmed',
  'paid',
  'checked_in',
  'completed',
  'cancelled',
  'reviewed',
] as const;
export type BookingAction = (typeof bookingActions)[number];

export const LISTING_NAME_MAX = 120;
export const LISTING_DESCRIPTION_MAX = 20_000;
export const LISTING_LOCATION_MAX = 200;
export const GALLERY_MAX = 12;
export const PRICE_MAX = 100_000_000;
export const CAPACITY_MAX = 10_000;
export const DURATION_MAX = 24 * 60;
export const BUFFER_MAX = 7 * 24 * 60;
export const NOTICE_HOURS_MAX = 365 * 24;
export const HOURS_WINDOWS_MAX = 50;
export const DATES_MAX = 400;
export const GUESTS_MAX = 1_000;
/** The longest range one booking takes, and the longest availability read. */
export const RANGE_DAYS_MAX = 62;
export const CANCEL_REASON_MAX = 500;
export const REVIEW_TEXT_MAX = 2_000;
export const REVIEW_TAGS_MAX = 10;
export const REVIEW_TAG_MAX = 40;
export const BOOKINGS_PAGE_SIZE = 20;
export const LISTINGS_PAGE_SIZE = 20;

// ── the overview (issue 29 B, ADR 055): plain values the client needs without the schemas ─────────────────

/** The statistics' buckets: weeks (from Monday), months or years. */
export const bookingStatsPeriods = ['week', 'month', 'year'] as const;
export type BookingStatsPeriod = (typeof bookingStatsPeriods)[number];
/** How many buckets each period shows, the last one holding the viewer's today. */
export const BOOKING_STATS_BUCKETS: Record<BookingStatsPeriod, number> = { week: 8, month: 12, year: 5 };

/** The coming period of "places available": the next this many days from now. */
export const AVAILABLE_DAYS = 7;
/** How many waiting reviews, newest bookings and booking details the overview shows. */
export const OVERVIEW_REVIEWS = 5;
export const OVERVIEW_NEWEST = 8;
export const OVERVIEW_DETAILS = 8;

/** A booking is sold once confirmed: confirmed (paid or paying at the door), checked in or completed. */
export const soldStatuses = ['confirmed', 'checked_in', 'completed'] as const;
