/** Booking's queries (ADR 053). Routes call these; nothing here knows about HTTP but the refusals it throws. */
import {
  and,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  lt,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';

import type {
  Booking,
  BookingEvent,
  BookingReview,
  BookingStatus,
  BookingsQuery,
  HoursWindow,
  Listing,
  ListingDate,
  BookingPaymentMethod,
} from '#shared/contract/booking.ts';
import type { StoredFile } from '#shared/contract/files.ts';

import type { Db } from '../../db/client.ts';
import {
  bookingBookings,
  bookingDates,
  bookingEvents,
  bookingHours,
  bookingListings,
  bookingReviews,
  files,
  users,
  type BookingListingRow,
  type BookingReviewRow,
  type BookingRow,
} from '../../db/schema/index.ts';

type FileRow = typeof files.$inferSelect;
import { escapeLike } from '../../lib/search.ts';
import { reach, type Taken } from './booking.availability.ts';

export interface ViewContext {
  currency: string;
  toFile: (row: FileRow) => StoredFile;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const personName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;
const contains = (term: string) => `%${escapeLike(term)}%`;

// ── listings ────────────────────────────────────────────────────────────────────────────────────────────

export type ListingValues = Omit<
  typeof bookingListings.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'version'
>;

export async function findListing(db: Db, id: string): Promise<BookingListingRow | undefined> {
  const [row] = await db.select().from(bookingListings).where(eq(bookingListings.id, id));
  return row;
}

/** The listing row, locked until the transaction ends: every booking and edit of it queues here. */
export async function lockListing(tx: Db, id: string): Promise<BookingListingRow | undefined> {
  const [row] = await tx.select().from(bookingListings).where(eq(bookingListings.id, id)).for('update');
  return row;
}

type HoursOf = Pick<typeof bookingHours.$inferSelect, 'weekday' | 'startMinute' | 'endMinute'>;
type DatesOf = Pick<typeof bookingDates.$inferSelect, 'day' | 'kind' | 'startMinute' | 'endMinute'>;

/**
 * A booking's first step in one round trip: the listing locked (ADR 053) with its weekly hours and dates.
 * The same rows as `lockListing` and `availabilityOf`, read by one statement while the lock is taken.
 */
export async function lockListingWithAvailability(
  tx: Db,
  id: string,
): Promise<{ listing: BookingListingRow; hours: HoursOf[]; dates: DatesOf[] } | undefined> {
  // Written out with qualified names: in a one-table select drizzle leaves columns unqualified, and the
  // subqueries' `id` would be their own.
  const [row] = await tx
    .select({
      listing: bookingListings,
      hours: sql<HoursOf[]>`coalesce((select json_agg(json_build_object('weekday', h.weekday,
        'startMinute', h.start_minute, 'endMinute', h.end_minute) order by h.weekday, h.start_minute)
        from booking_hours h where h.listing_id = booking_listings.id), '[]'::json)`,
      dates: sql<DatesOf[]>`coalesce((select json_agg(json_build_object('day', d.day, 'kind', d.kind,
        'startMinute', d.start_minute, 'endMinute', d.end_minute) order by d.day, d.start_minute)
        from booking_dates d where d.listing_id = booking_listings.id), '[]'::json)`,
    })
    .from(bookingListings)
    .where(eq(bookingListings.id, id))
    .for('update', { of: bookingListings });
  return row;
}

async function replaceAvailability(tx: Db, listingId: string, hours?: HoursWindow[], dates?: ListingDate[]) {
  if (hours) {
    await tx.delete(bookingHours).where(eq(bookingHours.listingId, listingId));
    if (hours.length) await tx.insert(bookingHours).values(hours.map((h) => ({ ...h, listingId })));
  }
  if (dates) {
    await tx.delete(bookingDates).where(eq(bookingDates.listingId, listingId));
    if (dates.length) await tx.insert(bookingDates).values(dates.map((d) => ({ ...d, listingId })));
  }
}

export async function insertListing(
  db: Db,
  values: ListingValues,
  hours: HoursWindow[],
  dates: ListingDate[],
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(bookingListings).values(values).returning({ id: bookingListings.id });
    await replaceAvailability(tx, row!.id, hours, dates);
    return row!.id;
  });
}

/**
 * Changes a listing edited from `version` (false: it changed meanwhile, nothing done). Runs under the
 * listing's lock, so a capacity or hours change never interleaves with a booking being counted.
 */
export async function updateListing(
  db: Db,
  id: string,
  version: number,
  values: Partial<ListingValues>,
  hours?: HoursWindow[],
  dates?: ListingDate[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await lockListing(tx, id);
    if (!row || row.version !== version) return false;
    await tx
      .update(bookingListings)
      .set({ ...values, updatedAt: new Date(), version: version + 1 })
      .where(eq(bookingListings.id, id));
    await replaceAvailability(tx, id, hours, dates);
    return true;
  });
}

export async function listingHasBookings(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bookingBookings.id })
    .from(bookingBookings)
    .where(eq(bookingBookings.listingId, id))
    .limit(1);
  return Boolean(row);
}

export async function deleteListing(db: Db, id: string): Promise<void> {
  await db.delete(bookingListings).where(eq(bookingListings.id, id));
}

/** Public image uploads among `ids` (a cover or gallery may only show those). */
export async function imageFiles(db: Db, ids: string[]): Promise<FileRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(files)
    .where(and(inArray(files.id, ids), eq(files.use, 'listing')));
}

/** Which of `fileIds` a listing shows (its cover or in its gallery): the others are swept once stale. */
export async function linkedListingFileIds(db: Db, fileIds: string[]): Promise<string[]> {
  if (!fileIds.length) return [];
  const rows = await db
    .select({ cover: bookingListings.coverFileId, gallery: bookingListings.galleryFileIds })
    .from(bookingListings)
    .where(
      or(
        inArray(bookingListings.coverFileId, fileIds),
        arrayOverlaps(bookingListings.galleryFileIds, fileIds),
      ),
    );
  const wanted = new Set(fileIds);
  return [...new Set(rows.flatMap((r) => [r.cover, ...r.gallery]))].filter(
    (id): id is string => id !== null && wanted.has(id),
  );
}

export async function availabilityOf(db: Db, listingId: string) {
  const [hours, dates] = await Promise.all([
    db
      .select()
      .from(bookingHours)
      .where(eq(bookingHours.listingId, listingId))
      .orderBy(asc(bookingHours.weekday), asc(bookingHours.startMinute)),
    db
      .select()
      .from(bookingDates)
      .where(eq(bookingDates.listingId, listingId))
      .orderBy(asc(bookingDates.day), asc(bookingDates.startMinute)),
  ]);
  return { hours, dates };
}

/** The API's listings, in the order of `rows`. */
export async function listingAnswers(
  db: Db,
  ctx: ViewContext,
  rows: BookingListingRow[],
): Promise<Listing[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const fileIds = [
    ...new Set(rows.flatMap((r) => [...(r.coverFileId ? [r.coverFileId] : []), ...r.galleryFileIds])),
  ];
  const [hours, dates, fileRows, ratings] = await Promise.all([
    db
      .select()
      .from(bookingHours)
      .where(inArray(bookingHours.listingId, ids))
      .orderBy(asc(bookingHours.weekday), asc(bookingHours.startMinute)),
    db.select().from(bookingDates).where(inArray(bookingDates.listingId, ids)).orderBy(asc(bookingDates.day)),
    fileIds.length ? db.select().from(files).where(inArray(files.id, fileIds)) : Promise.resolve([]),
    db
      .select({
        listingId: bookingReviews.listingId,
        n: count(),
        avg: sql<string | null>`avg(${bookingReviews.rating})`,
      })
      .from(bookingReviews)
      .where(and(inArray(bookingReviews.listingId, ids), eq(bookingReviews.status, 'accepted')))
      .groupBy(bookingReviews.listingId),
  ]);
  const fileById = new Map(fileRows.map((f) => [f.id, ctx.toFile(f)]));
  return rows.map((r) => {
    const rating = ratings.find((x) => x.listingId === r.id);
    return {
      id: r.id,
      name: r.name,
      kind: r.kind,
      description: r.description,
      location: r.location,
      cover: (r.coverFileId && fileById.get(r.coverFileId)) || null,
      gallery: r.galleryFileIds.flatMap((id) => fileById.get(id) ?? []),
      priceCents: r.priceCents,
      priceUnit: r.priceUnit,
      capacity: r.capacity,
      durationMinutes: r.durationMinutes,
      mode: r.mode,
      bufferBeforeMinutes: r.bufferBeforeMinutes,
      bufferAfterMinutes: r.bufferAfterMinutes,
      bookingNoticeHours: r.bookingNoticeHours,
      cancelNoticeHours: r.cancelNoticeHours,
      timeZone: r.timeZone,
      status: r.status,
      hours: hours
        .filter((h) => h.listingId === r.id)
        .map(({ weekday, startMinute, endMinute }) => ({ weekday, startMinute, endMinute })),
      dates: dates
        .filter((d) => d.listingId === r.id)
        .map(({ day, kind, startMinute, endMinute }) => ({ day, kind, startMinute, endMinute })),
      reviewCount: rating ? Number(rating.n) : 0,
      rating: rating?.avg ? Math.round(Number(rating.avg) * 10) / 10 : null,
      currency: ctx.currency,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      version: r.version,
    };
  });
}

export function listingFilter(q: { search: string; kind?: string | undefined; status?: string | undefined }) {
  const where: SQL[] = [];
  if (q.search) where.push(ilike(bookingListings.name, contains(q.search)));
  if (q.kind) where.push(eq(bookingListings.kind, q.kind as BookingListingRow['kind']));
  if (q.status) where.push(eq(bookingListings.status, q.status as BookingListingRow['status']));
  return and(...where);
}

export const listListings = (db: Db, where: SQL | undefined, window: { limit: number; offset: number }) =>
  db
    .select()
    .from(bookingListings)
    .where(where)
    .orderBy(asc(bookingListings.name), asc(bookingListings.id))
    .limit(window.limit)
    .offset(window.offset);

export async function countListings(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(bookingListings).where(where);
  return Number(row?.n ?? 0);
}

// ── availability ────────────────────────────────────────────────────────────────────────────────────────

/** The non-cancelled bookings of a listing that can reach (through the buffers) into `from` … `to`. */
export async function takenBetween(
  db: Db,
  listing: BookingListingRow,
  from: Date,
  to: Date,
): Promise<Taken[]> {
  const margin = reach(listing);
  return db
    .select({
      startsAt: bookingBookings.startsAt,
      endsAt: bookingBookings.endsAt,
      guests: bookingBookings.guests,
    })
    .from(bookingBookings)
    .where(
      and(
        eq(bookingBookings.listingId, listing.id),
        ne(bookingBookings.status, 'cancelled'),
        lt(bookingBookings.startsAt, new Date(to.getTime() + margin)),
        gt(bookingBookings.endsAt, new Date(from.getTime() - margin)),
      ),
    );
}

// ── bookings ────────────────────────────────────────────────────────────────────────────────────────────

export async function bookingByKey(db: Db, userId: string, key: string): Promise<BookingRow | undefined> {
  const [row] = await db
    .select()
    .from(bookingBookings)
    .where(and(eq(bookingBookings.userId, userId), eq(bookingBookings.idempotencyKey, key)));
  return row;
}

export async function insertBooking(
  tx: Db,
  values: typeof bookingBookings.$inferInsert,
): Promise<BookingRow> {
  const [row] = await tx.insert(bookingBookings).values(values).returning();
  await tx.insert(bookingEvents).values({ bookingId: row!.id, actorId: values.userId, action: 'created' });
  return row!;
}

export async function findBooking(db: Db, id: string): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookingBookings).where(eq(bookingBookings.id, id));
  return row;
}

const bookingColumns = {
  booking: bookingBookings,
  listingName: bookingListings.name,
  listingKind: bookingListings.kind,
  listingMode: bookingListings.mode,
  listingTimeZone: bookingListings.timeZone,
  personName,
  personEmail: users.email,
};
type BookingJoin = {
  booking: BookingRow;
  listingName: string;
  listingKind: BookingListingRow['kind'];
  listingMode: BookingListingRow['mode'];
  listingTimeZone: string;
  personName: string;
  personEmail: string;
};

const toBooking = (r: BookingJoin, currency: string): Booking => ({
  id: r.booking.id,
  number: r.booking.number,
  listing: {
    id: r.booking.listingId,
    name: r.listingName,
    kind: r.listingKind,
    mode: r.listingMode,
    timeZone: r.listingTimeZone,
  },
  person: { id: r.booking.userId, name: r.personName, email: r.personEmail },
  startsAt: r.booking.startsAt.toISOString(),
  endsAt: r.booking.endsAt.toISOString(),
  guests: r.booking.guests,
  unitPriceCents: r.booking.unitPriceCents,
  priceCents: r.booking.priceCents,
  currency,
  status: r.booking.status,
  cancelReason: r.booking.cancelReason,
  paymentMethod: r.booking.paymentMethod,
  paidAt: iso(r.booking.paidAt),
  createdAt: r.booking.createdAt.toISOString(),
  updatedAt: r.booking.updatedAt.toISOString(),
});

const joined = (db: Db) =>
  db
    .select(bookingColumns)
    .from(bookingBookings)
    .innerJoin(bookingListings, eq(bookingListings.id, bookingBookings.listingId))
    .innerJoin(users, eq(users.id, bookingBookings.userId));

/** A booking just made, as the API answers it, from what the request already holds (no read back). */
export function newBookingAnswer(
  row: BookingRow,
  listing: BookingListingRow,
  person: { firstName: string; lastName: string; email: string },
  currency: string,
): Booking {
  return toBooking(
    {
      booking: row,
      listingName: listing.name,
      listingKind: listing.kind,
      listingMode: listing.mode,
      listingTimeZone: listing.timeZone,
      personName: `${person.firstName} ${person.lastName}`,
      personEmail: person.email,
    },
    currency,
  );
}

export async function bookingAnswer(db: Db, id: string, currency: string): Promise<Booking | undefined> {
  const [row] = await joined(db).where(eq(bookingBookings.id, id));
  return row && toBooking(row, currency);
}

/** The list's filter without its status (the tabs' counts use it as is). `userId`: only theirs. */
export function bookingFilter(q: BookingsQuery, userId: string | null): SQL | undefined {
  const where: SQL[] = [];
  if (userId) where.push(eq(bookingBookings.userId, userId));
  if (q.listingId) where.push(eq(bookingBookings.listingId, q.listingId));
  if (q.startDate) where.push(sql`${bookingBookings.startsAt} >= ${q.startDate}::timestamptz`);
  if (q.endDate) where.push(sql`${bookingBookings.startsAt} < ${q.endDate}::timestamptz`);
  if (q.search) {
    const like = contains(q.search);
    where.push(
      or(
        ilike(bookingBookings.number, like),
        ilike(bookingListings.name, like),
        ...(userId ? [] : [ilike(personName, like), ilike(users.email, like)]),
      )!,
    );
  }
  return and(...where);
}

const withStatus = (where: SQL | undefined, status: BookingsQuery['status']) =>
  status === 'all' ? where : and(where, eq(bookingBookings.status, status));

export async function listBookings(
  db: Db,
  where: SQL | undefined,
  status: BookingsQuery['status'],
  window: { limit: number; offset: number },
  currency: string,
): Promise<Booking[]> {
  const rows = await joined(db)
    .where(withStatus(where, status))
    .orderBy(desc(bookingBookings.startsAt), desc(bookingBookings.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map((r) => toBooking(r, currency));
}

/** Bookings per status over the filter (without status); `all` is their sum. */
export async function countBookingsByStatus(db: Db, where: SQL | undefined) {
  const rows = await db
    .select({ status: bookingBookings.status, n: count() })
    .from(bookingBookings)
    .innerJoin(bookingListings, eq(bookingListings.id, bookingBookings.listingId))
    .innerJoin(users, eq(users.id, bookingBookings.userId))
    .where(where)
    .groupBy(bookingBookings.status);
  const counts = { all: 0, pending: 0, confirmed: 0, checked_in: 0, completed: 0, cancelled: 0 };
  for (const r of rows) {
    counts[r.status] = Number(r.n);
    counts.all += Number(r.n);
  }
  return counts;
}

/**
 * Moves a booking from one of `from` to `to` (with `set`), and writes the timeline's event, in one
 * transaction; undefined when its status was not one of `from` (someone changed it meanwhile).
 */
export async function moveBooking(
  db: Db,
  id: string,
  from: readonly BookingStatus[],
  set: Partial<Pick<BookingRow, 'status' | 'cancelReason' | 'paidAt' | 'paymentMethod'>>,
  events: Array<{ action: BookingEvent['action']; actorId: string; note?: string | null }>,
  extra?: SQL,
): Promise<BookingRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(bookingBookings)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(bookingBookings.id, id), inArray(bookingBookings.status, [...from]), extra))
      .returning();
    if (!row) return undefined;
    if (events.length) await tx.insert(bookingEvents).values(events.map((e) => ({ ...e, bookingId: id })));
    return row;
  });
}

export async function timelineOf(db: Db, bookingId: string): Promise<BookingEvent[]> {
  const rows = await db
    .select({ event: bookingEvents, actorName: personName, actorId: users.id })
    .from(bookingEvents)
    .leftJoin(users, eq(users.id, bookingEvents.actorId))
    .where(eq(bookingEvents.bookingId, bookingId))
    .orderBy(asc(bookingEvents.createdAt), asc(bookingEvents.id));
  return rows.map((r) => ({
    id: String(r.event.id),
    action: r.event.action,
    actor: r.actorId ? { id: r.actorId, name: r.actorName } : null,
    note: r.event.note,
    createdAt: r.event.createdAt.toISOString(),
  }));
}

export const paymentOf = (method: BookingPaymentMethod | undefined) =>
  method ? { paymentMethod: method } : {};

// ── reviews ─────────────────────────────────────────────────────────────────────────────────────────────

const toReview = (r: { review: BookingReviewRow; authorName: string }): BookingReview => ({
  id: r.review.id,
  bookingId: r.review.bookingId,
  listingId: r.review.listingId,
  author: { id: r.review.userId, name: r.authorName },
  rating: r.review.rating,
  tags: r.review.tags,
  text: r.review.text,
  status: r.review.status,
  createdAt: r.review.createdAt.toISOString(),
});

const reviewsJoined = (db: Db) =>
  db
    .select({ review: bookingReviews, authorName: personName })
    .from(bookingReviews)
    .innerJoin(users, eq(users.id, bookingReviews.userId));

export async function reviewAnswer(db: Db, where: SQL): Promise<BookingReview | undefined> {
  const [row] = await reviewsJoined(db).where(where);
  return row && toReview(row);
}

export const reviewOfBooking = (db: Db, bookingId: string) =>
  reviewAnswer(db, eq(bookingReviews.bookingId, bookingId));

/** Inserts the review and the booking's `reviewed` event; undefined when the booking already has one. */
export async function insertReview(
  db: Db,
  values: typeof bookingReviews.$inferInsert,
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bookingReviews)
      .values(values)
      .onConflictDoNothing({ target: bookingReviews.bookingId })
      .returning({ id: bookingReviews.id });
    if (!row) return undefined;
    await tx
      .insert(bookingEvents)
      .values({ bookingId: values.bookingId, actorId: values.userId, action: 'reviewed' });
    return row.id;
  });
}

export async function decideReview(
  db: Db,
  id: string,
  status: 'accepted' | 'rejected',
  adminId: string,
): Promise<BookingReviewRow | undefined> {
  const [row] = await db
    .update(bookingReviews)
    .set({ status, decidedBy: adminId, decidedAt: new Date() })
    .where(eq(bookingReviews.id, id))
    .returning();
  return row;
}

export function reviewFilter(q: { status?: string | undefined; listingId?: string | undefined }) {
  return and(
    ...(q.status ? [eq(bookingReviews.status, q.status as BookingReviewRow['status'])] : []),
    ...(q.listingId ? [eq(bookingReviews.listingId, q.listingId)] : []),
  );
}

export async function listReviews(db: Db, where: SQL | undefined, window: { limit: number; offset: number }) {
  const rows = await reviewsJoined(db)
    .where(where)
    .orderBy(desc(bookingReviews.createdAt), desc(bookingReviews.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map(toReview);
}

export async function countReviews(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(bookingReviews).where(where);
  return Number(row?.n ?? 0);
}
