/**
 * What a listing offers on a day, and how full it is (ADR 053). Pure: the weekly hours, one-off dates and
 * bookings come from booking.repo.ts.
 */
import type { BookingDateRow, BookingHourRow, BookingListingRow } from '../../db/schema/index.ts';
import { localToInstant, weekdayOf } from './booking.time.ts';

export type Plan = Pick<
  BookingListingRow,
  'mode' | 'durationMinutes' | 'bufferBeforeMinutes' | 'bufferAfterMinutes' | 'timeZone' | 'capacity'
>;
type Hours = Pick<BookingHourRow, 'weekday' | 'startMinute' | 'endMinute'>;
type Dates = Pick<BookingDateRow, 'day' | 'kind' | 'startMinute' | 'endMinute'>;
export interface Taken {
  startsAt: Date;
  endsAt: Date;
  guests: number;
}
export interface Interval {
  startsAt: Date;
  endsAt: Date;
}

const MINUTE = 60_000;

/** The open windows of a local day (minutes): the weekday's hours and the day's open dates; none if closed. */
export function windowsOn(day: string, hours: Hours[], dates: Dates[]): Array<[number, number]> {
  const ofDay = dates.filter((d) => d.day === day);
  if (ofDay.some((d) => d.kind === 'closed')) return [];
  const weekday = weekdayOf(day);
  const windows: Array<[number, number]> = [
    ...hours.filter((h) => h.weekday === weekday).map((h): [number, number] => [h.startMinute, h.endMinute]),
    ...ofDay
      .filter((d) => d.startMinute !== null && d.endMinute !== null)
      .map((d): [number, number] => [d.startMinute!, d.endMinute!]),
  ];
  return windows.sort((a, b) => a[0] - b[0]);
}

/**
 * The slots of a local day: in each window the first starts after the buffer before, each lasts the
 * duration, the next starts after the buffer after and the next buffer before; a slot must end inside its
 * window. Two windows that yield the same start give it once.
 */
export function slotsOn(plan: Plan, day: string, windows: Array<[number, number]>): Interval[] {
  const starts = new Set<number>();
  const step = plan.durationMinutes + plan.bufferAfterMinutes + plan.bufferBeforeMinutes;
  for (const [from, to] of windows) {
    for (let m = from + plan.bufferBeforeMinutes; m + plan.durationMinutes <= to; m += step) starts.add(m);
  }
  return [...starts]
    .sort((a, b) => a - b)
    .map((m) => ({
      startsAt: localToInstant(day, m, plan.timeZone),
      endsAt: localToInstant(day, m + plan.durationMinutes, plan.timeZone),
    }));
}

/** A booking's interval widened by the listing's buffers: what it keeps from anyone else. */
export const widened = (plan: Plan, at: Interval): Interval => ({
  startsAt: new Date(at.startsAt.getTime() - plan.bufferBeforeMinutes * MINUTE),
  endsAt: new Date(at.endsAt.getTime() + plan.bufferAfterMinutes * MINUTE),
});

/**
 * The most guests present at once, over `at`, of the bookings `taken`, both widened by the buffers (a sweep
 * over the starts and ends; an end at the same instant as a start frees its places first).
 */
export function peakGuests(plan: Plan, taken: Taken[], at: Interval): number {
  const window = widened(plan, at);
  const edges: Array<[number, number]> = [];
  for (const booking of taken) {
    const b = widened(plan, booking);
    const from = Math.max(b.startsAt.getTime(), window.startsAt.getTime());
    const to = Math.min(b.endsAt.getTime(), window.endsAt.getTime());
    if (from < to) edges.push([from, booking.guests], [to, -booking.guests]);
  }
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0;
  let peak = 0;
  for (const [, delta] of edges) {
    now += delta;
    peak = Math.max(peak, now);
  }
  return peak;
}

/** How far around an interval bookings can reach into it through the buffers (to read them). */
export const reach = (plan: Plan) => (plan.bufferBeforeMinutes + plan.bufferAfterMinutes) * MINUTE;
