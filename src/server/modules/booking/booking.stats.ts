/**
 * The booking overview's figures (issue 29 B, ADR 036, ADR 055): read-only, scoped by the viewer —
 * administrators see the workspace's bookings, anyone else their own. A booking belongs to the viewer's day
 * it starts on (`starts_at`, as the bookings list's date filter), so each figure is the list it drills into.
 *
 * - total: bookings of the range, any status; sold: confirmed, checked in or completed; cancelled.
 * - incomes: the prices of the sold bookings (computed at booking time).
 * - check-in rate: of the sold bookings of the range that have started by now, those checked in or
 *   completed; paid rate: of the range's bookings not cancelled, those marked paid.
 * - statistics: sold and cancelled per week (from Monday), month or year, the last few up to today's.
 * - places available: the published listings' slots (or days, for ranges) that start in the next days, with
 *   places left or sold out, from the same availability rules as the booking form (booking.availability.ts).
 */
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';

import { RANGE_DAYS_MAX } from '#shared/contract/booking-limits.ts';
import {
  AVAILABLE_DAYS,
  BOOKING_STATS_BUCKETS,
  OVERVIEW_REVIEWS,
  soldStatuses,
  type BookingOverview,
  type BookingStatsPeriod,
  type StatsBucket,
  type StatusCounts,
} from '#shared/contract/booking-overview.ts';
import { bookingStatuses, type BookingStatus } from '#shared/contract/booking.ts';
import type { RateFigure, TrendFigure } from '#shared/contract/overview.ts';

import type { Db } from '../../db/client.ts';
import {
  bookingBookings,
  bookingDates,
  bookingHours,
  bookingListings,
  bookingReviews,
  files,
  users,
  type BookingDateRow,
  type BookingHourRow,
  type BookingListingRow,
} from '../../db/schema/index.ts';
import {
  daysOf,
  dayIn,
  dayText,
  fillSeries,
  inRange,
  previousPeriod,
  rangeEnd,
  rangeStart,
  rowsOf,
  todayRange,
  type DateRange,
  type StatsScope,
} from '../../lib/date-range.ts';
import { allKeys, nextDay, noSums, rollupSums, type RollupSums } from '../../lib/rollups.ts';
import { peakGuests, reach, slotsOn, windowsOn, type Taken } from './booking.availability.ts';
import { addDays, localDay, localToInstant } from './booking.time.ts';

const b = bookingBookings;
const DAY_MS = 86_400_000;

const soldList = sql.raw(soldStatuses.map((s) => `'${s}'`).join(', '));
const isSold = sql`${b.status} in (${soldList})`;
/** Only the viewer's bookings unless they administer the workspace. */
const scoped = (scope: StatsScope): SQL => (scope.isAdmin ? sql`true` : sql`${b.userId} = ${scope.userId}`);

const zeroCounts = (): StatusCounts => Object.fromEntries(bookingStatuses.map((s) => [s, 0])) as StatusCounts;

type Figures = Pick<
  BookingOverview,
  'total' | 'sold' | 'cancelled' | 'incomes' | 'byStatus' | 'checkIn' | 'paid'
>;
type Period = 'current' | 'previous';

/** Per period: bookings per status, and the sums the rates and incomes need. */
interface PeriodSums {
  byStatus: StatusCounts;
  incomes: number;
  /** Sold bookings that have started by now, and those of them checked in or completed. */
  started: number;
  checkedIn: number;
  /** Bookings not cancelled, and those of them paid. */
  open: number;
  paid: number;
}
const noPeriodSums = (): PeriodSums => ({
  byStatus: zeroCounts(),
  incomes: 0,
  started: 0,
  checkedIn: 0,
  open: 0,
  paid: 0,
});
const isSoldStatus = (status: string) => (soldStatuses as readonly string[]).includes(status);

/** One status's bookings of a period into its sums (`started`: how many have started by now). */
function addStatus(
  into: PeriodSums,
  status: BookingStatus,
  r: { n: number; cents: number; paid: number; started: number },
) {
  into.byStatus[status] += r.n;
  if (isSoldStatus(status)) {
    into.incomes += r.cents;
    into.started += r.started;
    if (status !== 'confirmed') into.checkedIn += r.started;
  }
  if (status !== 'cancelled') {
    into.open += r.n;
    into.paid += r.paid;
  }
}

type DaySeries = Array<{ day: unknown; total: unknown; sold: unknown; cancelled: unknown; incomes: unknown }>;

function figuresOf(range: DateRange, periods: Record<Period, PeriodSums>, dayRows: DaySeries): Figures {
  const soldOf = (c: StatusCounts) => c.confirmed + c.checked_in + c.completed;
  const totalOf = (c: StatusCounts) => bookingStatuses.reduce((sum, s) => sum + c[s], 0);
  const trend = (key: 'total' | 'sold' | 'cancelled' | 'incomes', of: (p: PeriodSums) => number) =>
    ({
      value: of(periods.current),
      previous: of(periods.previous),
      series: fillSeries(
        range,
        dayRows.map((r) => ({ day: r.day, value: r[key] })),
      ),
    }) satisfies TrendFigure;
  const rate = (part: (p: PeriodSums) => number, total: (p: PeriodSums) => number) =>
    ({
      part: part(periods.current),
      total: total(periods.current),
      previousPart: part(periods.previous),
      previousTotal: total(periods.previous),
    }) satisfies RateFigure;
  return {
    total: trend('total', (p) => totalOf(p.byStatus)),
    sold: trend('sold', (p) => soldOf(p.byStatus)),
    cancelled: trend('cancelled', (p) => p.byStatus.cancelled),
    incomes: trend('incomes', (p) => p.incomes),
    byStatus: { current: periods.current.byStatus, previous: periods.previous.byStatus },
    checkIn: rate(
      (p) => p.checkedIn,
      (p) => p.started,
    ),
    paid: rate(
      (p) => p.paid,
      (p) => p.open,
    ),
  };
}

/**
 * The range's counts and incomes against the previous period, per viewer's day, the split by status and
 * the two rates. Administrators' figures read the rollups (`booking.status`); a member's, their own rows.
 */
export function bookingFigures(db: Db, scope: StatsScope, range: DateRange): Promise<Figures> {
  return scope.isAdmin ? rollupFigures(db, range) : rawFigures(db, scope, range);
}

/** The figures from the bookings themselves: two statements (both periods by status; the range by day). */
export async function rawFigures(db: Db, scope: StatsScope, range: DateRange): Promise<Figures> {
  const previous = previousPeriod(range);
  const [periods, days] = await Promise.all([
    db.execute(sql`
      select (${b.startsAt} >= ${rangeStart(range)}) as cur, ${b.status} as status, count(*)::int as n,
        coalesce(sum(${b.priceCents}), 0)::bigint as cents,
        count(*) filter (where ${b.paidAt} is not null)::int as paid,
        count(*) filter (where ${b.startsAt} <= now())::int as started
      from ${b}
      where ${b.startsAt} >= ${rangeStart(previous)} and ${b.startsAt} < ${rangeEnd(range)} and ${scoped(scope)}
      group by 1, 2`),
    db.execute(sql`
      select ${dayIn(b.startsAt, range.timeZone)}::text as day, count(*)::int as total,
        count(*) filter (where ${isSold})::int as sold,
        count(*) filter (where ${b.status} = 'cancelled')::int as cancelled,
        coalesce(sum(${b.priceCents}) filter (where ${isSold}), 0)::bigint as incomes
      from ${b} where ${inRange(b.startsAt, range)} and ${scoped(scope)}
      group by 1`),
  ]);
  const sums = { current: noPeriodSums(), previous: noPeriodSums() };
  const rows = rowsOf<{
    cur: unknown;
    status: BookingStatus;
    n: unknown;
    cents: unknown;
    paid: unknown;
    started: unknown;
  }>(periods);
  for (const r of rows) {
    addStatus(sums[r.cur === true || r.cur === 't' ? 'current' : 'previous'], r.status, {
      n: Number(r.n),
      cents: Number(r.cents),
      paid: Number(r.paid),
      started: Number(r.started),
    });
  }
  return figuresOf(range, sums, rowsOf(days));
}

const SERIES = 'booking.status';
const DAY_SERIES = 'booking.day';

/** Sold bookings per status that start between the viewer's today's start and now (today's part of a rate). */
async function startedToday(db: Db, timeZone: string): Promise<Map<string, number>> {
  const today = todayRange(timeZone);
  const result = await db.execute(sql`
    select ${b.status} as status, count(*)::int as n from ${b}
    where ${b.startsAt} >= ${rangeStart(today)} and ${b.startsAt} <= now() and ${isSold}
    group by 1`);
  return new Map(rowsOf<{ status: string; n: unknown }>(result).map((r) => [r.status, Number(r.n)]));
}

/**
 * The figures from the rollups: the two periods by status (split at the viewer's today when a period holds
 * it), and the range's days from the one-key `booking.day` series. A sold booking has started by now when
 * its day is before the viewer's today, or it is today's and its start has passed (read from today's rows).
 */
async function rollupFigures(db: Db, range: DateRange): Promise<Figures> {
  const previous = previousPeriod(range);
  const end = nextDay(range.to);
  const today = todayRange(range.timeZone).from;
  const splitsToday = previous.from < today && today < end && today !== range.from;
  const bounds = [previous.from, range.from, end];
  if (splitsToday) bounds.push(today);
  bounds.sort();
  const [periods, days, todays] = await Promise.all([
    rollupSums(db, SERIES, bounds, range.timeZone),
    rollupSums(db, DAY_SERIES, [...daysOf(range), end], range.timeZone),
    previous.from <= today && today <= range.to ? startedToday(db, range.timeZone) : undefined,
  ]);
  const sums = { current: noPeriodSums(), previous: noPeriodSums() };
  for (const status of bookingStatuses) {
    const whole = { current: noSums(), previous: noSums() };
    const beforeToday = { current: 0, previous: 0 };
    bounds.slice(0, -1).forEach((from, i) => {
      const which: Period = from < range.from ? 'previous' : 'current';
      const part = periods[i]?.get(status);
      if (!part) return;
      whole[which].n += part.n;
      whole[which].a += part.a;
      whole[which].b += part.b;
      if (from < today) beforeToday[which] += part.n;
    });
    for (const which of ['current', 'previous'] as const) {
      const period = which === 'current' ? range : previous;
      const started =
        period.to < today
          ? whole[which].n
          : period.from > today
            ? 0
            : beforeToday[which] + (todays?.get(status) ?? 0);
      addStatus(sums[which], status, {
        n: whole[which].n,
        cents: whole[which].a,
        paid: whole[which].b,
        started,
      });
    }
  }
  const dayRows: DaySeries = daysOf(range).map((day, i) => {
    const d = days[i]?.get('') ?? noSums();
    return { day, total: d.n, sold: d.b, cancelled: d.c, incomes: d.a };
  });
  return figuresOf(range, sums, dayRows);
}

/** The first days of the last buckets of `period` ending with the one holding `today`, oldest first. */
export function statsBucketStarts(period: BookingStatsPeriod, today: string): string[] {
  const n = BOOKING_STATS_BUCKETS[period];
  const [y, m] = today.split('-').map(Number) as [number, number];
  if (period === 'year') return Array.from({ length: n }, (_, i) => `${y - (n - 1 - i)}-01-01`);
  if (period === 'month') {
    return Array.from({ length: n }, (_, i) => {
      const index = y * 12 + (m - 1) - (n - 1 - i);
      return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
    });
  }
  const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
  return Array.from({ length: n }, (_, i) => addDays(monday, -7 * (n - 1 - i)));
}

/** The day after the bucket that starts on `start`. */
function bucketEnd(period: BookingStatsPeriod, start: string): string {
  if (period === 'week') return addDays(start, 7);
  const [y, m] = start.split('-').map(Number) as [number, number];
  if (period === 'year') return `${y + 1}-01-01`;
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/**
 * Sold and cancelled bookings per bucket (by the viewer's day they start on), the last few to today's:
 * administrators from the rollups, members from their rows.
 */
export async function bookingStatistics(
  db: Db,
  scope: StatsScope,
  period: BookingStatsPeriod,
  today: string,
  timeZone: string,
): Promise<StatsBucket[]> {
  const starts = statsBucketStarts(period, today);
  const end = bucketEnd(period, starts.at(-1)!);
  if (scope.isAdmin) {
    const buckets = await rollupSums(db, SERIES, [...starts, end], timeZone, { measures: ['n'] });
    return starts.map((start, i) => {
      const sums = buckets[i] ?? new Map<string, RollupSums>();
      return {
        start,
        sold: allKeys(sums, soldStatuses).n,
        cancelled: sums.get('cancelled')?.n ?? 0,
      };
    });
  }
  return rawStatistics(db, scope, period, starts, end, timeZone);
}

/** The statistics from the bookings themselves. */
export async function rawStatistics(
  db: Db,
  scope: StatsScope,
  period: BookingStatsPeriod,
  starts: string[],
  end: string,
  timeZone: string,
): Promise<StatsBucket[]> {
  const span: DateRange = { from: starts[0]!, to: addDays(end, -1), timeZone };
  const unit = sql.raw(`'${period}'`);
  const result = await db.execute(sql`
    select date_trunc(${unit}, ${dayIn(b.startsAt, timeZone)})::date::text as start,
      count(*) filter (where ${isSold})::int as sold,
      count(*) filter (where ${b.status} = 'cancelled')::int as cancelled
    from ${b} where ${inRange(b.startsAt, span)} and ${scoped(scope)}
    group by 1`);
  const byStart = new Map(
    rowsOf<{ start: unknown; sold: unknown; cancelled: unknown }>(result).map((r) => [dayText(r.start), r]),
  );
  return starts.map((start) => {
    const r = byStart.get(start);
    return { start, sold: Number(r?.sold ?? 0), cancelled: Number(r?.cancelled ?? 0) };
  });
}

// ── places available ────────────────────────────────────────────────────────────────────────────────────

type PlanRow = Pick<
  BookingListingRow,
  'id' | 'mode' | 'capacity' | 'durationMinutes' | 'bufferBeforeMinutes' | 'bufferAfterMinutes' | 'timeZone'
>;
interface Candidates {
  listing: PlanRow;
  /** Its slots (or range days) over the kept days, in order: their starts and ends (ms). */
  starts: number[];
  ends: number[];
}

const REFERENCE_DAY = '2000-01-03';
const REFERENCE_MS = Date.UTC(2000, 0, 3);
/** The slots' start minutes of a day's windows, per listing shape (slotsOn's rule, read on a UTC day). */
const shapes = new Map<string, number[]>();
function slotMinutes(plan: PlanRow, windows: Array<[number, number]>): number[] {
  const key = `${plan.durationMinutes}|${plan.bufferBeforeMinutes}|${plan.bufferAfterMinutes}|${windows.join(';')}`;
  let minutes = shapes.get(key);
  if (!minutes) {
    minutes = slotsOn({ ...plan, timeZone: 'UTC' }, REFERENCE_DAY, windows).map(
      (slot) => (slot.startsAt.getTime() - REFERENCE_MS) / 60_000,
    );
    if (shapes.size > 10_000) shapes.clear();
    shapes.set(key, minutes);
  }
  return minutes;
}
/** localToInstant (ms), kept: listings share zones and hours, and zone rules do not change meanwhile. */
const instants = new Map<string, number>();
function instantOf(day: string, minute: number, timeZone: string): number {
  const key = `${timeZone}|${day}|${minute}`;
  let at = instants.get(key);
  if (at === undefined) {
    at = localToInstant(day, minute, timeZone).getTime();
    if (instants.size > 100_000) instants.clear();
    instants.set(key, at);
  }
  return at;
}

/**
 * The published listings' slots over a few days, kept per database while no listing changes: a listing's
 * edit (hours and dates included) bumps its version and `updated_at`, and creating, publishing or deleting
 * one changes the count, so the signature below tells a stale copy.
 */
const plansKept = new WeakMap<Db, { key: string; candidates: Candidates[] }>();

async function candidatesFor(
  db: Db,
  firstDay: string,
  days: number,
  signature: string,
): Promise<Candidates[]> {
  const key = `${firstDay}/${days}/${signature}`;
  const kept = plansKept.get(db);
  if (kept?.key === key) return kept.candidates;

  const listings: PlanRow[] = await db
    .select({
      id: bookingListings.id,
      mode: bookingListings.mode,
      capacity: bookingListings.capacity,
      durationMinutes: bookingListings.durationMinutes,
      bufferBeforeMinutes: bookingListings.bufferBeforeMinutes,
      bufferAfterMinutes: bookingListings.bufferAfterMinutes,
      timeZone: bookingListings.timeZone,
    })
    .from(bookingListings)
    .where(eq(bookingListings.status, 'published'));
  const published = sql`(select ${bookingListings.id} from ${bookingListings} where ${bookingListings.status} = 'published')`;
  const [hours, dates] = await Promise.all([
    db
      .select({
        listingId: bookingHours.listingId,
        weekday: bookingHours.weekday,
        startMinute: bookingHours.startMinute,
        endMinute: bookingHours.endMinute,
      })
      .from(bookingHours)
      .where(sql`${bookingHours.listingId} in ${published}`),
    db
      .select({
        listingId: bookingDates.listingId,
        day: bookingDates.day,
        kind: bookingDates.kind,
        startMinute: bookingDates.startMinute,
        endMinute: bookingDates.endMinute,
      })
      .from(bookingDates)
      .where(
        and(
          sql`${bookingDates.listingId} in ${published}`,
          sql`${bookingDates.day} >= ${addDays(firstDay, -1)}::date`,
          sql`${bookingDates.day} <= ${addDays(firstDay, days + 1)}::date`,
        ),
      ),
  ]);
  const hoursOf = groupBy(hours, (h) => h.listingId);
  const datesOf = groupBy(dates, (d) => d.listingId);
  const candidates = listings.map((listing): Candidates => {
    const h: Array<Pick<BookingHourRow, 'weekday' | 'startMinute' | 'endMinute'>> =
      hoursOf.get(listing.id) ?? [];
    const d: Array<Pick<BookingDateRow, 'day' | 'kind' | 'startMinute' | 'endMinute'>> =
      datesOf.get(listing.id) ?? [];
    const starts: number[] = [];
    const ends: number[] = [];
    const zone = listing.timeZone;
    // A day before and after: the listings' zones are not the viewer's.
    for (let i = -1; i <= days; i++) {
      const day = addDays(firstDay, i);
      const windows = windowsOn(day, h, d);
      if (listing.mode === 'slot') {
        for (const minute of slotMinutes(listing, windows)) {
          starts.push(instantOf(day, minute, zone));
          ends.push(instantOf(day, minute + listing.durationMinutes, zone));
        }
      } else if (windows.length) {
        starts.push(instantOf(day, 0, zone));
        ends.push(instantOf(addDays(day, 1), 0, zone));
      }
    }
    return { listing, starts, ends };
  });
  plansKept.set(db, { key, candidates });
  return candidates;
}

function groupBy<T>(rows: T[], keyOf: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(keyOf(row));
    if (list) list.push(row);
    else map.set(keyOf(row), [row]);
  }
  return map;
}

/**
 * Published listings' slots (days, for ranges) that start from `now` to `days` days later: how many have
 * places left and how many are fully booked, and the places left and taken in them (the same for
 * everyone: published availability is public).
 */
export async function placesAvailable(
  db: Db,
  now = new Date(),
  days = AVAILABLE_DAYS,
): Promise<BookingOverview['available']> {
  const from = now.getTime();
  const to = from + days * DAY_MS;
  const l = bookingListings;
  const published = sql`${l.status} = 'published'`;
  const iso = (ms: number) => new Date(ms).toISOString();
  // One statement (a row costs more than its work on PGlite): the published listings' signature, then the
  // bookings not cancelled that reach into the period through the largest buffers: any that start from a
  // day before it (a slot lasts a day at most), and ranges (RANGE_DAYS_MAX days at most) that started before.
  const [row] = rowsOf<{ sig: string; taken: string | null }>(
    await db.execute(sql`
      with r as (
        select coalesce(max(${l.bufferBeforeMinutes} + ${l.bufferAfterMinutes}), 0) * interval '1 minute' as m
        from ${l} where ${published}
      ), t as (
        select ${b.listingId} as listing_id, ${b.startsAt} as starts_at, ${b.endsAt} as ends_at, ${b.guests} as guests
        from ${b}, r
        where ${b.status} <> 'cancelled' and ${b.startsAt} < ${iso(to)}::timestamptz + r.m
          and ${b.startsAt} >= ${iso(from - DAY_MS)}::timestamptz - r.m
        union all
        select ${b.listingId}, ${b.startsAt}, ${b.endsAt}, ${b.guests}
        from ${l} join ${b} on ${b.listingId} = ${l.id}, r
        where ${published} and ${l.mode} = 'range' and ${b.status} <> 'cancelled'
          and ${b.startsAt} >= ${iso(from - (RANGE_DAYS_MAX + 1) * DAY_MS)}::timestamptz - r.m
          and ${b.startsAt} < ${iso(from - DAY_MS)}::timestamptz - r.m
          and ${b.endsAt} > ${iso(from)}::timestamptz - r.m
      )
      select (select concat_ws('/', count(*), max(${l.updatedAt})::text, coalesce(sum(${l.version}), 0))
          from ${l} where ${published}) as sig,
        (select string_agg(concat_ws(',', listing_id, (extract(epoch from starts_at) * 1000)::bigint,
          (extract(epoch from ends_at) * 1000)::bigint, guests), ';') from t) as taken`),
  );
  const candidates = await candidatesFor(db, localDay(now, 'UTC'), days, row?.sig ?? '');
  const figure = { days, slotsAvailable: 0, slotsSoldOut: 0, placesLeft: 0, placesTaken: 0 };
  if (!candidates.length) return figure;
  const taken = (row?.taken ? row.taken.split(';') : []).map((text) => {
    const [listingId = '', startsAt, endsAt, guests] = text.split(',');
    return {
      listingId,
      startsAt: new Date(Number(startsAt)),
      endsAt: new Date(Number(endsAt)),
      guests: Number(guests),
    };
  });
  const takenOf = groupBy<Taken & { listingId: string }>(taken, (t) => t.listingId);
  for (const { listing, starts, ends } of candidates) {
    const mine = takenOf.get(listing.id);
    const capacity = listing.capacity;
    const margin = reach(listing);
    for (let i = 0; i < starts.length; i++) {
      const start = starts[i]!;
      if (start < from || start >= to) continue;
      let left = capacity;
      // Only a booking that reaches the slot through the buffers can take its places.
      if (
        mine?.some((t) => t.startsAt.getTime() < ends[i]! + margin && t.endsAt.getTime() > start - margin)
      ) {
        const at = { startsAt: new Date(start), endsAt: new Date(ends[i]!) };
        left = Math.max(0, capacity - peakGuests(listing, mine, at));
      }
      if (left > 0) figure.slotsAvailable++;
      else figure.slotsSoldOut++;
      figure.placesLeft += left;
      figure.placesTaken += capacity - left;
    }
  }
  return figure;
}

// ── reviews ─────────────────────────────────────────────────────────────────────────────────────────────

const personName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

/** Reviews waiting for an administrator's decision: how many, and the newest few with their booking. */
export async function waitingReviews(db: Db, limit = OVERVIEW_REVIEWS) {
  const r = bookingReviews;
  // The few newest through the (status, created_at) index, and the count apart: a count over the window
  // would join every waiting review before the limit (30 ms at the bench's size, 2 ms this way).
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        review: r,
        authorName: personName,
        listingName: bookingListings.name,
        bookingNumber: b.number,
      })
      .from(r)
      .innerJoin(users, eq(users.id, r.userId))
      .innerJoin(bookingListings, eq(bookingListings.id, r.listingId))
      .innerJoin(b, eq(b.id, r.bookingId))
      .where(eq(r.status, 'pending'))
      .orderBy(desc(r.createdAt), desc(r.id))
      .limit(limit),
    db.select({ waiting: count() }).from(r).where(eq(r.status, 'pending')),
  ]);
  return {
    waiting: Number(counted?.waiting ?? 0),
    latest: rows.map((x) => ({
      id: x.review.id,
      bookingId: x.review.bookingId,
      listingId: x.review.listingId,
      author: { id: x.review.userId, name: x.authorName },
      rating: x.review.rating,
      tags: x.review.tags,
      text: x.review.text,
      status: x.review.status,
      createdAt: x.review.createdAt.toISOString(),
      listingName: x.listingName,
      bookingNumber: x.bookingNumber,
    })),
  };
}

/** The newest bookings (by when they were made), the viewer's unless an administrator: a list filter. */
export const newestBookings = (scope: StatsScope, limit: number): SQL =>
  sql`${b.id} in (select ${b.id} from ${b} ${scope.isAdmin ? sql`` : sql`where ${b.userId} = ${scope.userId}`}
    order by ${b.createdAt} desc, ${b.id} desc limit ${limit})`;

/** The cover file rows of some listings, by listing id. */
export async function listingCovers(db: Db, listingIds: string[]) {
  if (!listingIds.length) return new Map<string, typeof files.$inferSelect>();
  const rows = await db
    .select({ id: bookingListings.id, file: files })
    .from(bookingListings)
    .innerJoin(files, eq(files.id, bookingListings.coverFileId))
    .where(inArray(bookingListings.id, [...new Set(listingIds)]));
  return new Map(rows.map((r) => [r.id, r.file]));
}
