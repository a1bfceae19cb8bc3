/**
 * Local wall time in a listing's IANA zone ↔ instants (ADR 053). The zone's offset is read with `Intl` at a
 * guess and re-checked once, so days on which the clocks change get the right instants: a wall time in the
 * spring-forward gap moves forward by the gap, an ambiguous one (fall back) takes the earlier instant.
 */

import { isTimeZone, zoneOffsetMs } from '#shared/lib/time-zone.ts';

export { isTimeZone };

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const offsetAt = zoneOffsetMs;

/**
 * Per zone and local day: the zone's offset when it is the same all through the day (no clock change on or
 * near it: nearly every day), else null. Two `Intl` reads per day instead of several per slot, so a month of
 * hourly slots costs ~60 reads, not ~2,000 (bench/booking.ts).
 */
const steadyDays = new Map<string, number | null>();
const STEADY_DAYS_MAX = 50_000;

function steadyOffset(day: string, timeZone: string): number | null {
  const key = `${timeZone}|${day}`;
  let offset = steadyDays.get(key);
  if (offset === undefined) {
    const start = Date.parse(`${day}T00:00:00Z`);
    // Every instant of the local day (minute 0 … 1440) lies between these two, whatever the zone's offset
    // (−12 h … +14 h); the same offset at both means no change between them (zones change at most twice a year).
    const before = offsetAt(start - 14 * HOUR_MS, timeZone);
    const after = offsetAt(start + DAY_MS + 12 * HOUR_MS, timeZone);
    offset = before === after ? before : null;
    if (steadyDays.size >= STEADY_DAYS_MAX) steadyDays.clear();
    steadyDays.set(key, offset);
  }
  return offset;
}

/** The instant of `minute` (0…1440) of local `day` (`2026-03-29`) in `timeZone`. */
export function localToInstant(day: string, minute: number, timeZone: string): Date {
  const wall = Date.parse(`${day}T00:00:00Z`) + minute * 60_000;
  const steady = steadyOffset(day, timeZone);
  if (steady !== null) return new Date(wall - steady);
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const shows = [wall - before, wall - after].filter((at) => at + offsetAt(at, timeZone) === wall);
  // Ambiguous (fall back): the earlier instant; in the gap (spring forward) none shows it: moved forward.
  return new Date(shows.length ? Math.min(...shows) : wall - before);
}

/** The local day (`YYYY-MM-DD`) of an instant in `timeZone`. */
export function localDay(at: Date, timeZone: string): string {
  return new Date(at.getTime() + offsetAt(at.getTime(), timeZone)).toISOString().slice(0, 10);
}

/** The weekday of a calendar day, 0 = Sunday … 6. */
export const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** `day` plus `n` calendar days. */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Calendar days from `from` to `to` (`to` excluded). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
