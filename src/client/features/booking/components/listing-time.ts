import type { Listing } from '#shared/contract/booking.ts';

import { currentLanguage } from '../../../locales/i18n.ts';
import { getLanguage } from '../../../locales/locales-config.ts';

/**
 * A listing's days and times in its own IANA zone (ADR 053): availability names local days (`2026-03-01`)
 * and instants; the page shows both as the listing's zone has them, whatever the browser's zone is.
 */

const DAY_MS = 86_400_000;

const locale = () => getLanguage(currentLanguage()).numberLocale;

/** Today in `timeZone`, `YYYY-MM-DD`. */
export function todayIn(timeZone: string, now = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** `day` plus `days` calendar days (`YYYY-MM-DD`). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to` (`to` excluded). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The first and last day of the month `day` is in. */
export function monthOf(day: string): { from: string; to: string } {
  const from = `${day.slice(0, 7)}-01`;
  const next = new Date(Date.parse(`${from}T00:00:00Z`));
  next.setUTCMonth(next.getUTCMonth() + 1);
  return { from, to: addDays(next.toISOString().slice(0, 10), -1) };
}

/** A local day as the language writes it in full: "Tuesday, March 10, 2026". */
export function fListingDay(day: string, style: 'full' | 'medium' = 'full'): string {
  return new Intl.DateTimeFormat(locale(), { dateStyle: style, timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** An instant's time of day in `timeZone`: "3:05 PM", "15:05". */
export function fListingTime(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale(), { timeStyle: 'short', timeZone }).format(new Date(instant));
}

/** A duration in minutes, the language's way: "1 hr 30 min", "1 h 30 min"… */
export function fDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const part = (value: number, unit: 'hour' | 'minute') =>
    new Intl.NumberFormat(locale(), { style: 'unit', unit, unitDisplay: 'short' }).format(value);
  if (hours === 0) return part(rest, 'minute');
  return rest === 0 ? part(hours, 'hour') : `${part(hours, 'hour')} ${part(rest, 'minute')}`;
}

/**
 * The price a booking would cost, as the server computes it (ADR 053): price × guests (per person) ×
 * periods (1 for a slot, the days of a range). A preview only: the server's answer is the truth.
 */
export function previewPrice(
  listing: Pick<Listing, 'priceCents' | 'priceUnit'>,
  guests: number,
  periods: number,
): number {
  return listing.priceCents * (listing.priceUnit === 'person' ? guests : 1) * periods;
}
