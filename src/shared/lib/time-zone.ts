/**
 * Wall clocks of IANA time zones, with nothing but `Intl` (the server's booking slots and the overview's
 * day links both turn a zone's local time into instants; a clock change is handled by their callers).
 */

const wallFormats = new Map<string, Intl.DateTimeFormat>();

function wallFormat(timeZone: string): Intl.DateTimeFormat {
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
  return format;
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    wallFormat(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** How far `timeZone` is ahead of UTC at the instant `ms` (Tokyo: +9 h; New York in winter: -5 h), in ms. */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(
    wallFormat(timeZone)
      .formatToParts(new Date(ms))
      .map((part) => [part.type, part.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(ms / 1000) * 1000;
}
