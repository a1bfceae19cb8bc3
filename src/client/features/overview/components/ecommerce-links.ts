import { paths } from '../../../config/paths.ts';

/**
 * Where the e-commerce overview's widgets lead (issue 26 C, ADR 045): the orders list already filtered to
 * what a figure counts, or the shop filtered to a category or gender. The overview counts days in the
 * viewer's time zone, while the orders list reads a bare day in UTC; so the bounds of a period are sent
 * as instants with the viewer's offset (`2026-03-01T00:00:00+09:00`), which the orders API takes as they
 * are (`startDate` from that instant, `endDate` before it).
 */

const MINUTE_MS = 60_000;
const pad = (n: number, size = 2) => String(Math.trunc(Math.abs(n))).padStart(size, '0');

const wallFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `timeZone` at `ms`, read as if it were UTC (so two wall clocks subtract). */
function wallClock(ms: number, timeZone: string): number {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(ms).map((part) => [part.type, part.value]));
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/** Minutes `timeZone` is ahead of UTC at `ms` (Tokyo: 540; New York in winter: -300). */
const offsetAt = (ms: number, timeZone: string) =>
  Math.round((wallClock(ms, timeZone) - Math.floor(ms / 1000) * 1000) / MINUTE_MS);

/**
 * The instant `day` (`YYYY-MM-DD`) starts in `timeZone`, written with that zone's offset then
 * (`2026-03-01T00:00:00+09:00`). A day that starts later than midnight (a clock change at 00:00) starts at
 * the first instant that exists, written as its wall time.
 */
export function startOfDayIn(day: string, timeZone: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const midnight = Date.UTC(year, month - 1, date);
  // The zone's offset at the wall midnight read as UTC, then at the instant that gives: they differ only
  // near a clock change. Of the two instants, the earliest that falls on `day` there is its start.
  const first = midnight - offsetAt(midnight, timeZone) * MINUTE_MS;
  const second = midnight - offsetAt(first, timeZone) * MINUTE_MS;
  const wallOf = (instant: number) => new Date(instant + offsetAt(instant, timeZone) * MINUTE_MS);
  const onDay = [first, second].filter((instant) => wallOf(instant).toISOString().startsWith(day));
  const instant = Math.min(...(onDay.length ? onDay : [first]));
  const offset = offsetAt(instant, timeZone);
  const wall = wallOf(instant).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  return `${wall}${sign}${pad(offset / 60)}:${pad(offset % 60)}`;
}

/** The first day of the month after `YYYY-MM`. */
function nextMonthOf(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01-01` : `${year}-${pad(m + 1)}-01`;
}

const addDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export type OrderStatusFilter = 'pending' | 'paid' | 'completed' | 'cancelled' | 'refunded';

/** The orders list from the start of `from` to the end of `to` (days of `timeZone`), with a status tab. */
export function ordersOfDays(
  from: string,
  to: string,
  timeZone: string,
  extra: { status?: OrderStatusFilter; search?: string } = {},
): string {
  const params = new URLSearchParams();
  if (extra.status) params.set('status', extra.status);
  params.set('startDate', startOfDayIn(from, timeZone));
  params.set('endDate', startOfDayIn(addDay(to), timeZone));
  if (extra.search) params.set('search', extra.search);
  return `${paths.dashboard.order.list}?${params.toString()}`;
}

/** The orders list of a month (`YYYY-MM`) of `timeZone`, with a status tab. */
export function ordersOfMonth(month: string, timeZone: string, status?: OrderStatusFilter): string {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  params.set('startDate', startOfDayIn(`${month}-01`, timeZone));
  params.set('endDate', startOfDayIn(nextMonthOf(month), timeZone));
  return `${paths.dashboard.order.list}?${params.toString()}`;
}

/** The shop filtered to a category (or a group of them) or to who the products are for. */
export function shopOf(filter: { category: string } | { gender: string }): string {
  const [name, value] = Object.entries(filter)[0] as [string, string];
  return `${paths.dashboard.eCommerce.shop}?${new URLSearchParams({ [name]: value }).toString()}`;
}
