/**
 * Booking (issue 29, ADR 053): listings (tours, rooms, courses, equipment) with weekly hours and one-off
 * dates, their availability, bookings that never overbook, a timeline of who did what, and reviews.
 *
 * Prices are integer cents of the instance's one currency, computed by the server. Times are ISO instants;
 * a listing's weekly hours and dates are local to its IANA `timeZone`.
 *
 * Routes (all under `/api/booking`, signed in; "admin" = administrators only):
 *
 *   GET    /listings                        listingsQuery → listingPageResponse   (published; admins: all)
 *   GET    /listings/:id                    → listingResponse     (a draft is 404 to non-admins)
 *   POST   /listings                        admin, listingInput → 201 listingResponse
 *   PATCH  /listings/:id                    admin, listingUpdateInput → listingResponse (409 STALE)
 *   DELETE /listings/:id                    admin → okSchema      (409 LISTING_HAS_BOOKINGS)
 *   GET    /listings/:id/availability       availabilityQuery → availabilityResponse
 *                                            slot mode: each slot with its places left; range mode: each day
 *   GET    /listings/:id/reviews            listReviewsQuery → reviewPageResponse   (accepted only)
 *
 *   GET    /bookings                        bookingsQuery → bookingPageResponse (own; admins: everyone's)
 *                                            with `counts` per status of the same filter without status
 *   GET    /bookings/:id                    → bookingDetailsResponse (with its timeline and review)
 *   POST   /bookings                        createBookingInput → 201 bookingResponse (200: the same key)
 *                                            409 FULL with the places left, 400 NOTICE / NOT_A_SLOT / CLOSED
 *   POST   /bookings/:id/confirm            admin → bookingResponse            pending → confirmed
 *   POST   /bookings/:id/pay                admin, payInput → bookingResponse  (a pending one is confirmed)
 *   POST   /bookings/:id/check-in           admin → bookingResponse            confirmed → checked_in
 *   POST   /bookings/:id/complete           admin → bookingResponse            checked_in → completed
 *   POST   /bookings/:id/cancel             cancelInput → bookingResponse      (own, before the cancel
 *                                            notice; admins any pending or confirmed one)
 *   POST   /bookings/:id/review             reviewInput → 201 reviewResponse   (own completed; once)
 *
 *   GET    /reviews                         admin, adminReviewsQuery → reviewPageResponse
 *   POST   /reviews/:id/accept|reject       admin → reviewResponse
 *
 * Live: `booking.changed` (contract/realtime.ts) to the booking's person and every administrator;
 * `booking.listingChanged` when a listing is created, edited or deleted or its reviews are decided (to
 * everyone signed in for a published one, or one that was; to the administrators for a draft).
 */
import { z } from 'zod';

import {
  bookingActions,
  bookingPaymentMethods,
  bookingStatuses,
  BOOKINGS_PAGE_SIZE,
  BUFFER_MAX,
  CANCEL_REASON_MAX,
  CAPACITY_MAX,
  DATES_MAX,
  dateKinds,
  DURATION_MAX,
  GALLERY_MAX,
  GUESTS_MAX,
  HOURS_WINDOWS_MAX,
  LISTING_DESCRIPTION_MAX,
  LISTING_LOCATION_MAX,
  LISTING_NAME_MAX,
  listingKinds,
  listingModes,
  LISTINGS_PAGE_SIZE,
  listingStatuses,
  NOTICE_HOURS_MAX,
  PRICE_MAX,
  priceUnits,
  RANGE_DAYS_MAX,
  REVIEW_TAG_MAX,
  REVIEW_TAGS_MAX,
  REVIEW_TEXT_MAX,
  reviewStatuses,
} from './booking-limits.ts';
import { idempotencyKeyField, versionField } from './common.ts';
import { fileSchema } from './files.ts';
import { listPageSchema, pageFields, searchField, endBoundField, startBoundField } from './list.ts';
import { timeZoneField } from './overview.ts';

export * from './booking-limits.ts';

const idField = z.uuid({ error: 'validation.fieldTooLong' });
export const idParams = z.object({ id: idField });

/** A calendar day, `2026-03-01`. */
export const dayField = z.iso.date({ error: 'validation.dateInvalid' });

const intField = (min: number, max: number, error = 'validation.numberInvalid') =>
  z.number({ error }).int(error).min(min, error).max(max, error);

// ── listings ────────────────────────────────────────────────────────────────────────────────────────────

/** A window of local time on a weekday (0 = Sunday … 6), minutes of the day, start before end. */
export const hoursWindowSchema = z
  .object({
    weekday: intField(0, 6),
    startMinute: intField(0, 1439),
    endMinute: intField(1, 1440),
  })
  .refine((w) => w.startMinute < w.endMinute, { message: 'validation.endBeforeStart', path: ['endMinute'] });
export type HoursWindow = z.infer<typeof hoursWindowSchema>;

/** A one-off date: `open` adds the window on that day; `closed` removes the whole day (no window). */
export const listingDateSchema = z
  .object({
    day: dayField,
    kind: z.enum(dateKinds, { error: 'validation.statusInvalid' }),
    startMinute: intField(0, 1439).nullable().default(null),
    endMinute: intField(1, 1440).nullable().default(null),
  })
  .refine(
    (d) =>
      d.kind === 'closed'
        ? d.startMinute === null && d.endMinute === null
        : d.startMinute !== null && d.endMinute !== null && d.startMinute < d.endMinute,
    { message: 'validation.endBeforeStart', path: ['endMinute'] },
  );
export type ListingDate = z.infer<typeof listingDateSchema>;

const listingFields = {
  name: z
    .string({ error: 'validation.titleRequired' })
    .trim()
    .min(1, 'validation.titleRequired')
    .max(LISTING_NAME_MAX, 'validation.fieldTooLong'),
  kind: z.enum(listingKinds, { error: 'validation.categoryInvalid' }),
  /** Rich text (HTML); sanitised by the server. */
  description: z.string().max(LISTING_DESCRIPTION_MAX, 'validation.fieldTooLong'),
  location: z.string().trim().max(LISTING_LOCATION_MAX, 'validation.fieldTooLong'),
  /** Ids of public `photo` uploads of the caller. */
  coverFileId: z.uuid({ error: 'validation.coverInvalid' }).nullable(),
  galleryFileIds: z
    .array(z.uuid({ error: 'validation.imageIdsInvalid' }))
    .max(GALLERY_MAX, 'validation.imageIdsInvalid'),
  priceCents: intField(0, PRICE_MAX, 'validation.priceInvalid'),
  priceUnit: z.enum(priceUnits, { error: 'validation.priceInvalid' }),
  capacity: intField(1, CAPACITY_MAX, 'validation.quantityInvalid'),
  durationMinutes: intField(1, DURATION_MAX),
  mode: z.enum(listingModes, { error: 'validation.categoryInvalid' }),
  bufferBeforeMinutes: intField(0, BUFFER_MAX),
  bufferAfterMinutes: intField(0, BUFFER_MAX),
  bookingNoticeHours: intField(0, NOTICE_HOURS_MAX),
  cancelNoticeHours: intField(0, NOTICE_HOURS_MAX),
  timeZone: timeZoneField,
  status: z.enum(listingStatuses, { error: 'validation.publishInvalid' }),
  hours: z.array(hoursWindowSchema).max(HOURS_WINDOWS_MAX, 'validation.fieldTooLong'),
  dates: z.array(listingDateSchema).max(DATES_MAX, 'validation.fieldTooLong'),
};

export const listingInput = z.object({
  ...listingFields,
  description: listingFields.description.default(''),
  location: listingFields.location.default(''),
  coverFileId: listingFields.coverFileId.default(null),
  galleryFileIds: listingFields.galleryFileIds.default([]),
  durationMinutes: listingFields.durationMinutes.default(60),
  bufferBeforeMinutes: listingFields.bufferBeforeMinutes.default(0),
  bufferAfterMinutes: listingFields.bufferAfterMinutes.default(0),
  bookingNoticeHours: listingFields.bookingNoticeHours.default(0),
  cancelNoticeHours: listingFields.cancelNoticeHours.default(0),
  status: listingFields.status.default('draft'),
  hours: listingFields.hours.default([]),
  dates: listingFields.dates.default([]),
});
export type ListingInput = z.infer<typeof listingInput>;

/** Any fields to change, and the version the edit was based on (`hours`/`dates` replace the stored ones). */
export const listingUpdateInput = z
  .object({ ...listingFields, version: versionField })
  .partial()
  .required({
    version: true,
  });
export type ListingUpdateInput = z.infer<typeof listingUpdateInput>;

export const listingSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(listingKinds),
  description: z.string(),
  location: z.string(),
  cover: fileSchema.nullable(),
  gallery: z.array(fileSchema),
  priceCents: z.number().int(),
  priceUnit: z.enum(priceUnits),
  capacity: z.number().int(),
  durationMinutes: z.number().int(),
  mode: z.enum(listingModes),
  bufferBeforeMinutes: z.number().int(),
  bufferAfterMinutes: z.number().int(),
  bookingNoticeHours: z.number().int(),
  cancelNoticeHours: z.number().int(),
  timeZone: z.string(),
  status: z.enum(listingStatuses),
  hours: z.array(
    z.object({ weekday: z.number().int(), startMinute: z.number().int(), endMinute: z.number().int() }),
  ),
  dates: z.array(
    z.object({
      day: z.string(),
      kind: z.enum(dateKinds),
      startMinute: z.number().int().nullable(),
      endMinute: z.number().int().nullable(),
    }),
  ),
  /** Accepted reviews: how many, and their average rating (null without any). */
  reviewCount: z.number().int(),
  rating: z.number().nullable(),
  currency: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Listing = z.infer<typeof listingSchema>;
export const listingResponse = z.object({ listing: listingSchema });
/** `POST /api/booking/photos`: a picture uploaded for a listing's cover or gallery (public, re-encoded). */
export const listingPhotoResponse = z.object({ file: fileSchema });

export const listingsQuery = z.object({
  ...pageFields(LISTINGS_PAGE_SIZE),
  search: searchField(),
  kind: z.enum(listingKinds, { error: 'validation.categoryInvalid' }).optional(),
  /** Administrators only (others always see published). */
  status: z.enum(listingStatuses, { error: 'validation.publishInvalid' }).optional(),
});
export const listingPageResponse = listPageSchema('listings', listingSchema);
export type ListingPage = z.infer<typeof listingPageResponse>;

// ── availability ────────────────────────────────────────────────────────────────────────────────────────

/** Local days `from` … `to` (both included) in the listing's zone, at most RANGE_DAYS_MAX days. */
export const availabilityQuery = z
  .object({ from: dayField, to: dayField })
  .refine((q) => q.from <= q.to, { message: 'validation.dateRangeInvalid', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) < RANGE_DAYS_MAX * 86_400_000, {
    message: 'validation.rangeTooLong',
    path: ['to'],
  });

/** A slot (slot mode) or a day (range mode) with the places left in it; `bookable` false inside the notice. */
export const availabilityItemSchema = z.object({
  startsAt: z.string(),
  endsAt: z.string(),
  /** The local day it is on. */
  day: z.string(),
  placesLeft: z.number().int(),
  bookable: z.boolean(),
});
export type AvailabilityItem = z.infer<typeof availabilityItemSchema>;
export const availabilityResponse = z.object({
  mode: z.enum(listingModes),
  timeZone: z.string(),
  capacity: z.number().int(),
  items: z.array(availabilityItemSchema),
});
export type Availability = z.infer<typeof availabilityResponse>;

// ── bookings ────────────────────────────────────────────────────────────────────────────────────────────

/**
 * A slot (`startsAt`, one of the availability's) or a range of local days (`from` → `to`, `to` excluded),
 * whichever the listing's mode takes; guests (places) and how the person will pay.
 */
export const createBookingInput = z
  .object({
    listingId: idField,
    startsAt: z.iso.datetime({ offset: true, error: 'validation.dateInvalid' }).optional(),
    from: dayField.optional(),
    to: dayField.optional(),
    guests: intField(1, GUESTS_MAX, 'validation.quantityInvalid'),
    paymentMethod: z.enum(bookingPaymentMethods, { error: 'validation.paymentMethodInvalid' }),
    idempotencyKey: idempotencyKeyField,
  })
  .refine((b) => (b.startsAt !== undefined) !== (b.from !== undefined && b.to !== undefined), {
    message: 'validation.dateInvalid',
    path: ['startsAt'],
  })
  .refine((b) => b.from === undefined || b.to === undefined || b.from < b.to, {
    message: 'validation.endBeforeStart',
    path: ['to'],
  });
export type CreateBookingInput = z.infer<typeof createBookingInput>;

export const bookingSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  listing: z.object({
    id: z.uuid(),
    name: z.string(),
    kind: z.enum(listingKinds),
    mode: z.enum(listingModes),
    /** The listing's IANA zone: its slots and days are local times there. */
    timeZone: z.string(),
  }),
  person: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  startsAt: z.string(),
  endsAt: z.string(),
  guests: z.number().int(),
  unitPriceCents: z.number().int(),
  priceCents: z.number().int(),
  currency: z.string(),
  status: z.enum(bookingStatuses),
  cancelReason: z.string().nullable(),
  paymentMethod: z.enum(bookingPaymentMethods),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;
export const bookingResponse = z.object({ booking: bookingSchema });

export const bookingEventSchema = z.object({
  id: z.string(),
  action: z.enum(bookingActions),
  actor: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type BookingEvent = z.infer<typeof bookingEventSchema>;

export const reviewSchema = z.object({
  id: z.uuid(),
  bookingId: z.uuid(),
  listingId: z.uuid(),
  author: z.object({ id: z.uuid(), name: z.string() }),
  rating: z.number().int(),
  tags: z.array(z.string()),
  text: z.string(),
  status: z.enum(reviewStatuses),
  createdAt: z.string(),
});
export type BookingReview = z.infer<typeof reviewSchema>;
export const reviewResponse = z.object({ review: reviewSchema });

export const bookingDetailsResponse = z.object({
  booking: bookingSchema,
  timeline: z.array(bookingEventSchema),
  review: reviewSchema.nullable(),
});
export type BookingDetails = z.infer<typeof bookingDetailsResponse>;

export const bookingStatusFilters = ['all', ...bookingStatuses] as const;

export const bookingsQuery = z.object({
  ...pageFields(BOOKINGS_PAGE_SIZE),
  search: searchField(),
  status: z.enum(bookingStatusFilters, { error: 'validation.statusInvalid' }).default('all'),
  listingId: idField.optional(),
  /** Bookings that start in this range. */
  startDate: startBoundField(),
  endDate: endBoundField(),
});
export type BookingsQuery = z.infer<typeof bookingsQuery>;

export const bookingPageResponse = listPageSchema('bookings', bookingSchema).extend({
  /** Per status (and `all`), over the same filter without the status. */
  counts: z.record(z.enum(bookingStatusFilters), z.number().int()),
});
export type BookingPage = z.infer<typeof bookingPageResponse>;

export const payInput = z.object({
  paymentMethod: z.enum(bookingPaymentMethods, { error: 'validation.paymentMethodInvalid' }).optional(),
});
export const cancelInput = z.object({
  reason: z
    .string({ error: 'validation.reviewRequired' })
    .trim()
    .min(1, 'validation.reviewRequired')
    .max(CANCEL_REASON_MAX, 'validation.fieldTooLong'),
});

// ── reviews ─────────────────────────────────────────────────────────────────────────────────────────────

export const reviewInput = z.object({
  rating: z
    .number({ error: 'validation.ratingRequired' })
    .int()
    .min(1, 'validation.ratingRequired')
    .max(5, 'validation.ratingRequired'),
  tags: z
    .array(z.string().trim().min(1, 'validation.tagInvalid').max(REVIEW_TAG_MAX, 'validation.tagInvalid'))
    .max(REVIEW_TAGS_MAX, 'validation.tooManyTags')
    .default([]),
  text: z.string().trim().max(REVIEW_TEXT_MAX, 'validation.reviewTooLong').default(''),
});
export type ReviewInput = z.infer<typeof reviewInput>;

export const listReviewsQuery = z.object({ ...pageFields(20) });
export const adminReviewsQuery = z.object({
  ...pageFields(20),
  status: z.enum(reviewStatuses, { error: 'validation.statusInvalid' }).optional(),
  listingId: idField.optional(),
});
export const reviewPageResponse = listPageSchema('reviews', reviewSchema);
export type BookingReviewPage = z.infer<typeof reviewPageResponse>;

/** A refused booking: the usual error, and for a full slot or range the places still left. */
export const bookingErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  placesLeft: z.number().int().optional(),
});
