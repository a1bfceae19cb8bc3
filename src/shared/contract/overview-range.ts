/**
 * The plain constants and helpers of the overview range, without zod: the dashboard's date range (client)
 * checks an address's days against them on the first load, with no schema library. overview.ts re-exports
 * them next to its schemas.
 */

/** The longest range a dashboard asks for: two years (the "year" preset and a year select fit easily). */
export const OVERVIEW_RANGE_MAX_DAYS = 731;

/** An IANA zone name's shape (`Europe/Paris`, `UTC`, `America/Argentina/Buenos_Aires`); offsets are refused. */
export const TIME_ZONE_PATTERN = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;

export function isKnownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Whole days from `from` to `to`, both included (1 when they are the same day). */
export function daysIn(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}
