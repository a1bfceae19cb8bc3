import { zoneOffsetMs } from '#shared/lib/time-zone.ts';
import {
  daysIn,
  isKnownTimeZone,
  OVERVIEW_RANGE_MAX_DAYS,
  TIME_ZONE_PATTERN,
} from '#shared/contract/overview-range.ts';

/**
 * The one date range of a dashboard (issue 26 A, ADR 041), kept in the address: `?range=7d` for a preset,
 * `?from=2026-01-01&to=2026-01-31` for a custom range. Days are the viewer's days (`YYYY-MM-DD`, both
 * included) in the viewer's time zone, as `GET /api/overview/…?from=&to=&tz=` expects them. Anything the
 * address holds that is not a preset or a valid custom range falls back to the default, the last 30 days.
 * Pure functions, zod-free (the contract's limits come from `overview-range.ts`).
 */
export const rangePresets = ['today', '7d', '30d', 'month', 'quarter', 'year'] as const;
export type RangePreset = (typeof rangePresets)[number];
export const DEFAULT_PRESET: RangePreset = '30d';

/** What the address asks for: a preset, or two days. */
export type RangeSelection = { preset: RangePreset } | { preset: 'custom'; from: string; to: string };

/** A resolved range, ready for the API, with the period it is compared with. */
export type DashboardRange = {
  preset: RangePreset | 'custom';
  from: string;
  to: string;
  tz: string;
  /** Days in the range, both ends included. */
  days: number;
  /** The previous period of the same length, ending the day before `from` (the server compares with it). */
  previousFrom: string;
  previousTo: string;
};

export type CustomRangeError = 'invalid' | 'order' | 'tooLong';

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` that names a real calendar day (`2026-02-30` does not). */
export function isDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The viewer's IANA time zone, as the browser reports it; UTC when the browser gives none, or a name the
 * server would refuse (an offset, an unknown zone).
 */
export function viewerTimeZone(): string {
  let zone: string | undefined;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    zone = undefined;
  }
  return zone && zone.length <= 64 && TIME_ZONE_PATTERN.test(zone) && isKnownTimeZone(zone) ? zone : 'UTC';
}

/** Today's date in `timeZone` (`YYYY-MM-DD`), at the instant `now`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Date(now.getTime() + zoneOffsetMs(now.getTime(), timeZone)).toISOString().slice(0, 10);
}

/**
 * A preset's days, ending today: today alone, the last 7 or 30 days, or this month, quarter or year so far
 * (from its first day to today).
 */
export function presetDays(preset: RangePreset, today: string): { from: string; to: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const pad = (n: number) => String(n).padStart(2, '0');
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case 'month':
      return { from: `${year}-${pad(month)}-01`, to: today };
    case 'quarter':
      return { from: `${year}-${pad(month - ((month - 1) % 3))}-01`, to: today };
    case 'year':
      return { from: `${year}-01-01`, to: today };
  }
}

/** Why a custom range cannot be used (`from` after `to`, longer than the API allows), or null. */
export function customRangeError(from: string, to: string): CustomRangeError | null {
  if (!isDay(from) || !isDay(to)) return 'invalid';
  if (from > to) return 'order';
  if (daysIn(from, to) > OVERVIEW_RANGE_MAX_DAYS) return 'tooLong';
  return null;
}

export const isRangePreset = (value: unknown): value is RangePreset =>
  typeof value === 'string' && (rangePresets as readonly string[]).includes(value);

/**
 * What the address asks for: a valid custom `from`/`to` first, else a known `range`, else the default.
 * Half a custom range, or a bad one, is ignored.
 */
export function readRange(params: URLSearchParams): RangeSelection {
  const from = params.get('from');
  const to = params.get('to');
  if (from !== null && to !== null && customRangeError(from, to) === null) {
    return { preset: 'custom', from, to };
  }
  const range = params.get('range');
  return { preset: isRangePreset(range) ? range : DEFAULT_PRESET };
}

/** The address with `selection` written in it; every other parameter is kept. */
export function writeRange(params: URLSearchParams, selection: RangeSelection): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('range');
  next.delete('from');
  next.delete('to');
  if (selection.preset === 'custom') {
    next.set('from', selection.from);
    next.set('to', selection.to);
  } else {
    next.set('range', selection.preset);
  }
  return next;
}

/** The selection's days for a viewer in `tz` whose day is `today`, and the period it is compared with. */
export function resolveRange(
  selection: RangeSelection,
  tz: string,
  today: string = todayIn(tz),
): DashboardRange {
  const { from, to } = selection.preset === 'custom' ? selection : presetDays(selection.preset, today);
  const days = daysIn(from, to);
  return {
    preset: selection.preset,
    from,
    to,
    tz,
    days,
    previousFrom: addDays(from, -days),
    previousTo: addDays(from, -1),
  };
}

const MINUTE_MS = 60_000;
const pad2 = (n: number) => String(Math.trunc(Math.abs(n))).padStart(2, '0');
const offsetMinutes = (ms: number, timeZone: string) => Math.round(zoneOffsetMs(ms, timeZone) / MINUTE_MS);

/**
 * The instant `day` starts in `timeZone`, with that zone's offset (`2026-03-01T00:00:00+09:00`): how a
 * dashboard's days go to a list that reads instants (orders, users), so it counts what the figure counted.
 * Near a clock change the earliest instant that falls on `day` there is its start.
 */
export function startOfDayIn(day: string, timeZone: string): string {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  const first = midnight - offsetMinutes(midnight, timeZone) * MINUTE_MS;
  const second = midnight - offsetMinutes(first, timeZone) * MINUTE_MS;
  const wallOf = (instant: number) => new Date(instant + offsetMinutes(instant, timeZone) * MINUTE_MS);
  const onDay = [first, second].filter((instant) => wallOf(instant).toISOString().startsWith(day));
  const instant = Math.min(...(onDay.length ? onDay : [first]));
  const offset = offsetMinutes(instant, timeZone);
  const sign = offset < 0 ? '-' : '+';
  return `${wallOf(instant).toISOString().slice(0, 19)}${sign}${pad2(offset / 60)}:${pad2(offset % 60)}`;
}
