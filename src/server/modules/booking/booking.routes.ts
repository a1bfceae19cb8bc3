import { eq, isNull, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  adminReviewsQuery,
  availabilityQuery,
  availabilityResponse,
  bookingDetailsResponse,
  bookingErrorSchema,
  bookingPageResponse,
  bookingResponse,
  bookingsQuery,
  cancelInput,
  createBookingInput,
  idParams,
  listingInput,
  listingPageResponse,
  listingResponse,
  listingsQuery,
  listingUpdateInput,
  listReviewsQuery,
  payInput,
  RANGE_DAYS_MAX,
  reviewInput,
  reviewPageResponse,
  reviewResponse,
  type AvailabilityItem,
  type Booking,
  type BookingStatus,
  type CreateBookingInput,
  type Listing,
  listingPhotoResponse,
} from '#shared/contract/booking.ts';
import { bookingOverviewQuery, bookingOverviewResponse } from '#shared/contract/booking-overview.ts';
import { errorResponses, okSchema } from '#shared/contract/common.ts';

import {
  bookingBookings,
  bookingReviews,
  type BookingListingRow,
  type BookingRow,
} from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, HttpError, notFound, stale } from '../../lib/http-error.ts';
import { pagedList } from '../../lib/list.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { actor, signedInScope } from '../../plugins/auth.ts';
import { peakGuests, slotsOn, windowsOn, type Interval } from './booking.availability.ts';
import {
  availabilityOf,
  bookingAnswer,
  bookingByKey,
  bookingFilter,
  countBookingsByStatus,
  countListings,
  countReviews,
  decideReview,
  deleteListing,
  findBooking,
  findListing,
  imageFiles,
  insertBooking,
  insertListing,
  insertReview,
  listBookings,
  listingAnswers,
  linkedListingFileIds,
  listingFilter,
  listingHasBookings,
  listListings,
  listReviews,
  lockListingWithAvailability,
  moveBooking,
  newBookingAnswer,
  paymentOf,
  reviewAnswer,
  reviewFilter,
  reviewOfBooking,
  takenBetween,
  timelineOf,
  updateListing,
  type ListingValues,
  type ViewContext,
} from './booking.repo.ts';
import { bookingOverview } from './booking.overview.ts';
import { announceBooking, announceListing } from './booking.service.ts';
import { addDays, daysBetween, localDay, localToInstant } from './booking.time.ts';

const HOUR = 3_600_000;
const statusText: Record<BookingStatus, string> = {
  pending: 'pending',
  confirmed: 'confirmed',
  checked_in: 'checked in',
  completed: 'completed',
  cancelled: 'cancelled',
};

/** A unique violation (the same idempotency key sent twice at once), whatever wraps the driver's error. */
const isUniqueViolation = (error: unknown): boolean => {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
};

/** The instants a booking of `listing` takes: one of its slots, or whole local days; 400 otherwise. */
function intervalOf(
  listing: BookingListingRow,
  {
    hours,
    dates,
  }: Pick<NonNullable<Awaited<ReturnType<typeof lockListingWithAvailability>>>, 'hours' | 'dates'>,
  input: CreateBookingInput,
): Interval & { periods: number } {
  if (listing.mode === 'slot') {
    if (!input.startsAt) throw badRequest('Choose a time for this booking', 'NOT_A_SLOT');
    const at = new Date(input.startsAt).getTime();
    const day = localDay(new Date(at), listing.timeZone);
    const slot = slotsOn(listing, day, windowsOn(day, hours, dates)).find((s) => s.startsAt.getTime() === at);
    if (!slot) throw badRequest('This time is not one of the listing’s free slots', 'NOT_A_SLOT');
    return { ...slot, periods: 1 };
  }
  if (!input.from || !input.to) throw badRequest('Choose the first and the last day', 'NOT_A_RANGE');
  const days = daysBetween(input.from, input.to);
  if (days > RANGE_DAYS_MAX)
    throw badRequest(`Book at most ${RANGE_DAYS_MAX} days at once`, 'RANGE_TOO_LONG');
  for (let i = 0; i < days; i++) {
    const day = addDays(input.from, i);
    if (!windowsOn(day, hours, dates).length) throw badRequest(`The listing is closed on ${day}`, 'CLOSED');
  }
  return {
    startsAt: localToInstant(input.from, 0, listing.timeZone),
    endsAt: localToInstant(input.to, 0, listing.timeZone),
    periods: days,
  };
}

/**
 * `/api/booking` (issue 29, ADR 053): listings, availability, bookings and reviews. Everyone signed in reads
 * published listings and books them; people see their own bookings (anyone else's is a 404), administrators
 * everyone's, and manage listings, statuses and reviews. Every route is listed at the top of
 * contract/booking.ts.
 */
export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const currency = app.config.currency;
  signedInScope(app);

  const ctx: ViewContext = { currency, toFile: (row) => app.files.toFile(row) };
  const admin = (request: Parameters<typeof actor>[0]) => {
    const who = actor(request);
    if (!who.isAdmin) throw forbidden('Only administrators can do this');
    return who;
  };

  const listingOf = async (row: BookingListingRow): Promise<Listing> =>
    (await listingAnswers(db, ctx, [row]))[0]!;

  /** The listing, if the caller may see it: drafts only for administrators. */
  async function visibleListing(
    request: Parameters<typeof actor>[0],
    id: string,
  ): Promise<BookingListingRow> {
    const row = await findListing(db, id);
    if (!row || (row.status !== 'published' && !actor(request).isAdmin)) throw notFound('Listing not found');
    return row;
  }

  /** The booking, if it is the caller's or the caller is an administrator. */
  async function visibleBooking(request: Parameters<typeof actor>[0], id: string): Promise<BookingRow> {
    const who = actor(request);
    const row = await findBooking(db, id);
    if (!row || (row.userId !== who.user.id && !who.isAdmin)) throw notFound('Booking not found');
    return row;
  }

  async function answer(id: string): Promise<{ booking: Booking }> {
    const booking = await bookingAnswer(db, id, currency);
    if (!booking) throw notFound('Booking not found');
    return { booking };
  }

  async function checkImages(ids: string[]) {
    const unique = [...new Set(ids)];
    if ((await imageFiles(db, unique)).length !== unique.length)
      throw badRequest('Choose pictures uploaded for listings', 'IMAGE_INVALID');
  }

  // A listing's pictures are uploaded before the form is saved; one no listing shows is swept once stale.
  app.files.linkedBy('listing', (fileIds) => linkedListingFileIds(db, fileIds));

  /** One picture for a listing's cover or gallery (multipart, the files block's checks; re-encoded). */
  app.post(
    '/photos',
    { schema: { response: { 201: listingPhotoResponse, ...errorResponses } } },
    async (request, reply) => {
      const who = admin(request);
      const row = await app.files.store(request, { use: 'listing', ownerId: who.user.id });
      return reply.code(201).send({ file: app.files.toFile(row) });
    },
  );

  // ── listings ──────────────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/listings',
    { schema: { querystring: listingsQuery, response: { 200: listingPageResponse, ...errorResponses } } },
    async (request) => {
      const q = request.query;
      if (q.status && q.status !== 'published' && !actor(request).isAdmin)
        throw forbidden('Only administrators see draft listings');
      const where = listingFilter({ ...q, status: actor(request).isAdmin ? q.status : 'published' });
      const page = await pagedList(
        q,
        (window) => listListings(db, where, window),
        () => countListings(db, where),
      );
      const { items, ...info } = page;
      return { listings: await listingAnswers(db, ctx, items), ...info };
    },
  );

  app.get(
    '/listings/:id',
    { schema: { params: idParams, response: { 200: listingResponse, ...errorResponses } } },
    async (request) => ({ listing: await listingOf(await visibleListing(request, request.params.id)) }),
  );

  app.post(
    '/listings',
    { schema: { body: listingInput, response: { 201: listingResponse, ...errorResponses } } },
    async (request, reply) => {
      admin(request);
      const { hours, dates, ...b } = request.body;
      await checkImages([...(b.coverFileId ? [b.coverFileId] : []), ...b.galleryFileIds]);
      const id = await insertListing(
        db,
        { ...b, description: sanitizeRichText(b.description) },
        hours,
        dates,
      );
      await announceListing(app, id, b.status === 'published');
      return reply.code(201).send({ listing: await listingOf((await findListing(db, id))!) });
    },
  );

  app.patch(
    '/listings/:id',
    {
      schema: {
        params: idParams,
        body: listingUpdateInput,
        response: { 200: listingResponse, ...errorResponses },
      },
    },
    async (request) => {
      admin(request);
      const { hours, dates, version, ...b } = request.body;
      const row = await findListing(db, request.params.id);
      if (!row) throw notFound('Listing not found');
      const images = [...(b.coverFileId ? [b.coverFileId] : []), ...(b.galleryFileIds ?? [])];
      await checkImages(images);
      const values: Partial<ListingValues> = Object.fromEntries(
        Object.entries({
          ...b,
          ...(b.description !== undefined && { description: sanitizeRichText(b.description) }),
        }).filter(([, v]) => v !== undefined),
      );
      const changed = await updateListing(db, row.id, version, values, hours, dates);
      const now = await findListing(db, row.id);
      if (!now) throw notFound('Listing not found');
      if (!changed) throw stale(await listingOf(now));
      await announceListing(app, row.id, row.status === 'published' || now.status === 'published');
      return { listing: await listingOf(now) };
    },
  );

  app.delete(
    '/listings/:id',
    { schema: { params: idParams, response: { 200: okSchema, ...errorResponses } } },
    async (request) => {
      admin(request);
      const row = await findListing(db, request.params.id);
      if (!row) throw notFound('Listing not found');
      if (await listingHasBookings(db, row.id))
        throw conflict('This listing has bookings: make it a draft instead', 'LISTING_HAS_BOOKINGS');
      await deleteListing(db, row.id);
      await announceListing(app, row.id, row.status === 'published');
      return { ok: true as const };
    },
  );

  app.get(
    '/listings/:id/availability',
    {
      schema: {
        params: idParams,
        querystring: availabilityQuery,
        response: { 200: availabilityResponse, ...errorResponses },
      },
    },
    async (request) => {
      const listing = await visibleListing(request, request.params.id);
      const { hours, dates } = await availabilityOf(db, listing.id);
      const days = daysBetween(request.query.from, request.query.to) + 1;
      const candidates: Array<Interval & { day: string }> = [];
      for (let i = 0; i < days; i++) {
        const day = addDays(request.query.from, i);
        const windows = windowsOn(day, hours, dates);
        if (listing.mode === 'slot') {
          for (const slot of slotsOn(listing, day, windows)) candidates.push({ ...slot, day });
        } else if (windows.length) {
          candidates.push({
            day,
            startsAt: localToInstant(day, 0, listing.timeZone),
            endsAt: localToInstant(addDays(day, 1), 0, listing.timeZone),
          });
        }
      }
      const first = candidates[0];
      const last = candidates.at(-1);
      const taken = first && last ? await takenBetween(db, listing, first.startsAt, last.endsAt) : [];
      const earliest = Date.now() + listing.bookingNoticeHours * HOUR;
      const items: AvailabilityItem[] = candidates.map((c) => {
        const placesLeft = Math.max(0, listing.capacity - peakGuests(listing, taken, c));
        return {
          day: c.day,
          startsAt: c.startsAt.toISOString(),
          endsAt: c.endsAt.toISOString(),
          placesLeft,
          bookable: placesLeft > 0 && c.startsAt.getTime() >= earliest,
        };
      });
      return { mode: listing.mode, timeZone: listing.timeZone, capacity: listing.capacity, items };
    },
  );

  app.get(
    '/listings/:id/reviews',
    {
      schema: {
        params: idParams,
        querystring: listReviewsQuery,
        response: { 200: reviewPageResponse, ...errorResponses },
      },
    },
    async (request) => {
      const listing = await visibleListing(request, request.params.id);
      const where = reviewFilter({ status: 'accepted', listingId: listing.id });
      const { items, ...info } = await pagedList(
        request.query,
        (window) => listReviews(db, where, window),
        () => countReviews(db, where),
      );
      return { reviews: items, ...info };
    },
  );

  // ── bookings ──────────────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/bookings',
    { schema: { querystring: bookingsQuery, response: { 200: bookingPageResponse, ...errorResponses } } },
    async (request) => {
      const who = actor(request);
      const q = request.query;
      const where = bookingFilter(q, who.isAdmin ? null : who.user.id);
      const [page, counts] = await Promise.all([
        pagedList(
          q,
          (window) => listBookings(db, where, q.status, window, currency),
          async () => 0,
        ),
        countBookingsByStatus(db, where),
      ]);
      const { items, ...info } = page;
      return { bookings: items, ...info, total: counts[q.status], counts };
    },
  );

  app.get(
    '/bookings/:id',
    { schema: { params: idParams, response: { 200: bookingDetailsResponse, ...errorResponses } } },
    async (request) => {
      const row = await visibleBooking(request, request.params.id);
      const [{ booking }, timeline, review] = await Promise.all([
        answer(row.id),
        timelineOf(db, row.id),
        reviewOfBooking(db, row.id),
      ]);
      return { booking, timeline, review: review ?? null };
    },
  );

  app.post(
    '/bookings',
    {
      schema: {
        body: createBookingInput,
        response: { 200: bookingResponse, 201: bookingResponse, ...errorResponses, 409: bookingErrorSchema },
      },
    },
    async (request, reply) => {
      const who = actor(request).user;
      const userId = who.id;
      const b = request.body;
      const replay = async () => {
        const row = await bookingByKey(db, userId, b.idempotencyKey);
        if (!row) return undefined;
        if (row.listingId !== b.listingId)
          throw new HttpError(
            422,
            'This request key was already used for a different booking: use a new key',
            {
              code: 'IDEMPOTENCY_KEY_REUSED',
            },
          );
        return reply.code(200).send(await answer(row.id));
      };
      const replayed = await replay();
      if (replayed) return replayed;

      let made: { row: BookingRow; listing: BookingListingRow };
      try {
        made = await db.transaction(async (tx) => {
          // Every booking of this listing waits here for the one before it (ADR 053).
          const locked = await lockListingWithAvailability(tx, b.listingId);
          const listing = locked?.listing;
          if (!locked || !listing || listing.status !== 'published') throw notFound('Listing not found');
          const at = intervalOf(listing, locked, b);
          if (at.startsAt.getTime() < Date.now() + listing.bookingNoticeHours * HOUR) {
            throw badRequest(
              `Bookings close ${listing.bookingNoticeHours} hours before the start: choose a later time`,
              'NOTICE',
            );
          }
          const taken = await takenBetween(tx, listing, at.startsAt, at.endsAt);
          const placesLeft = Math.max(0, listing.capacity - peakGuests(listing, taken, at));
          if (b.guests > placesLeft) {
            throw new HttpError(
              409,
              placesLeft === 0
                ? 'This time is fully booked: choose another one'
                : `Only ${placesLeft} ${placesLeft === 1 ? 'place is' : 'places are'} left for this time`,
              { code: 'FULL', extra: { placesLeft } },
            );
          }
          const priceCents =
            listing.priceCents * (listing.priceUnit === 'person' ? b.guests : 1) * at.periods;
          const row = await insertBooking(tx, {
            listingId: listing.id,
            userId,
            startsAt: at.startsAt,
            endsAt: at.endsAt,
            guests: b.guests,
            unitPriceCents: listing.priceCents,
            priceCents,
            paymentMethod: b.paymentMethod,
            idempotencyKey: b.idempotencyKey,
          });
          return { row, listing };
        });
      } catch (error) {
        // The same key sent twice at once: the other request made it.
        if (isUniqueViolation(error)) {
          const again = await replay();
          if (again) return again;
        }
        throw error;
      }
      await announceBooking(app, made.row);
      return reply.code(201).send({ booking: newBookingAnswer(made.row, made.listing, who, currency) });
    },
  );

  /** Moves a booking; 409 with its status when it is not in one of `from` (changed meanwhile). */
  async function move(
    id: string,
    actorId: string,
    from: readonly BookingStatus[],
    set: Parameters<typeof moveBooking>[3],
    actions: Array<{ action: Parameters<typeof moveBooking>[4][number]['action']; note?: string | null }>,
    verb: string,
    extra?: SQL,
  ) {
    const row = await moveBooking(
      db,
      id,
      from,
      set,
      actions.map((a) => ({ ...a, actorId })),
      extra,
    );
    if (!row) {
      const current = await findBooking(db, id);
      if (!current) throw notFound('Booking not found');
      throw conflict(`This booking is ${statusText[current.status]}: it cannot be ${verb}`, 'STATUS');
    }
    await announceBooking(app, row);
    return answer(row.id);
  }

  // The plain steps of the flow, each from one status to the next, by an administrator.
  const steps = [
    { path: 'confirm', from: 'pending', to: 'confirmed', verb: 'confirmed' },
    { path: 'check-in', from: 'confirmed', to: 'checked_in', verb: 'checked in' },
    { path: 'complete', from: 'checked_in', to: 'completed', verb: 'completed' },
  ] as const;
  for (const step of steps) {
    app.post(
      `/bookings/:id/${step.path}`,
      { schema: { params: idParams, response: { 200: bookingResponse, ...errorResponses } } },
      async (request) => {
        const who = admin(request);
        return move(
          request.params.id,
          who.user.id,
          [step.from],
          { status: step.to },
          [{ action: step.to }],
          step.verb,
        );
      },
    );
  }

  app.post(
    '/bookings/:id/pay',
    { schema: { params: idParams, body: payInput, response: { 200: bookingResponse, ...errorResponses } } },
    async (request) => {
      const who = admin(request);
      const row = await findBooking(db, request.params.id);
      if (!row) throw notFound('Booking not found');
      if (row.paidAt) throw conflict('This booking is already paid', 'ALREADY_PAID');
      if (row.status === 'cancelled')
        throw conflict('This booking is cancelled: it cannot be paid', 'STATUS');
      const confirming = row.status === 'pending';
      return move(
        row.id,
        who.user.id,
        [row.status],
        {
          paidAt: new Date(),
          ...paymentOf(request.body.paymentMethod),
          ...(confirming && { status: 'confirmed' }),
        },
        [
          { action: 'paid', note: request.body.paymentMethod ?? row.paymentMethod },
          ...(confirming ? [{ action: 'confirmed' as const }] : []),
        ],
        'paid',
        isNull(bookingBookings.paidAt),
      );
    },
  );

  app.post(
    '/bookings/:id/cancel',
    {
      schema: { params: idParams, body: cancelInput, response: { 200: bookingResponse, ...errorResponses } },
    },
    async (request) => {
      const who = actor(request);
      const row = await visibleBooking(request, request.params.id);
      if (!who.isAdmin) {
        const listing = await findListing(db, row.listingId);
        const hours = listing?.cancelNoticeHours ?? 0;
        if (row.startsAt.getTime() < Date.now() + hours * HOUR) {
          throw badRequest(
            `Bookings can be cancelled up to ${hours} hours before they start: ask an administrator`,
            'NOTICE',
          );
        }
      }
      const reason = request.body.reason;
      return move(
        row.id,
        who.user.id,
        ['pending', 'confirmed'],
        { status: 'cancelled', cancelReason: reason },
        [{ action: 'cancelled', note: reason }],
        'cancelled',
      );
    },
  );

  // ── reviews ───────────────────────────────────────────────────────────────────────────────────────────

  app.post(
    '/bookings/:id/review',
    { schema: { params: idParams, body: reviewInput, response: { 201: reviewResponse, ...errorResponses } } },
    async (request, reply) => {
      const who = actor(request);
      const row = await findBooking(db, request.params.id);
      if (!row || row.userId !== who.user.id) throw notFound('Booking not found');
      if (row.status !== 'completed')
        throw conflict('Only a completed booking can be reviewed', 'NOT_COMPLETED');
      const b = request.body;
      const id = await insertReview(db, {
        bookingId: row.id,
        listingId: row.listingId,
        userId: who.user.id,
        rating: b.rating,
        tags: [...new Set(b.tags)],
        text: b.text,
      });
      if (!id) throw conflict('This booking already has a review', 'ALREADY_REVIEWED');
      await announceBooking(app, row);
      const review = await reviewAnswer(db, eqReview(id));
      return reply.code(201).send({ review: review! });
    },
  );

  app.get(
    '/reviews',
    { schema: { querystring: adminReviewsQuery, response: { 200: reviewPageResponse, ...errorResponses } } },
    async (request) => {
      admin(request);
      const where = reviewFilter(request.query);
      const { items, ...info } = await pagedList(
        request.query,
        (window) => listReviews(db, where, window),
        () => countReviews(db, where),
      );
      return { reviews: items, ...info };
    },
  );

  for (const [path, status] of [
    ['accept', 'accepted'],
    ['reject', 'rejected'],
  ] as const) {
    app.post(
      `/reviews/:id/${path}`,
      { schema: { params: idParams, response: { 200: reviewResponse, ...errorResponses } } },
      async (request) => {
        const who = admin(request);
        const row = await decideReview(db, request.params.id, status, who.user.id);
        if (!row) throw notFound('Review not found');
        const booking = await findBooking(db, row.bookingId);
        if (booking) await announceBooking(app, booking);
        const listing = await findListing(db, row.listingId);
        await announceListing(app, row.listingId, listing?.status === 'published');
        return { review: (await reviewAnswer(db, eqReview(row.id)))! };
      },
    );
  }

  // ── overview (contract/booking-overview.ts, ADR 055) ────────────────────────────────────────────────────

  app.get(
    '/overview',
    {
      schema: {
        querystring: bookingOverviewQuery,
        response: { 200: bookingOverviewResponse, ...errorResponses },
      },
    },
    async (request) => {
      const who = actor(request);
      return bookingOverview(db, ctx, { userId: who.user.id, isAdmin: who.isAdmin }, request.query);
    },
  );
};

const eqReview = (id: string) => eq(bookingReviews.id, id);
