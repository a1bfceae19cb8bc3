import type { EventWithPeople } from './calendar.repo.ts';

/**
 * RFC 5545 text: backslash, semicolon, comma and every line break (CRLF, LF or a lone CR) escaped; other
 * control characters, which TEXT may not hold (a lone CR would end the line for a lenient parser and let
 * an event's text add properties of its own), dropped.
 */
const text = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');

/** Lines longer than 75 octets are folded (CRLF + space), never inside a UTF-8 character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const utc = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const day = (date: Date) => date.toISOString().slice(0, 10).replace(/-/g, '');

/** An iCalendar (`text/calendar`) document of these events, for calendar apps and downloads. */
export function toIcs(events: EventWithPeople[], name: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Atrium//Calendar//EN',
    'CALSCALE:GREGORIAN',
    `X-WR-CALNAME:${text(name)}`,
  ];
  for (const { event, owner } of events) {
    // All-day events end on the day after their last day (DTEND is exclusive).
    const endDay = new Date(event.end);
    if (event.allDay && day(endDay) === day(event.start)) endDay.setUTCDate(endDay.getUTCDate() + 1);
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.id}@atrium`,
      `DTSTAMP:${utc(event.updatedAt)}`,
      `LAST-MODIFIED:${utc(event.updatedAt)}`,
      `SEQUENCE:${event.version - 1}`,
      event.allDay ? `DTSTART;VALUE=DATE:${day(event.start)}` : `DTSTART:${utc(event.start)}`,
      event.allDay ? `DTEND;VALUE=DATE:${day(endDay)}` : `DTEND:${utc(event.end)}`,
      `SUMMARY:${text(event.title)}`,
      ...(event.description ? [`DESCRIPTION:${text(event.description)}`] : []),
      `ORGANIZER;CN=${text(owner.name).replace(/[:"]/g, '')}:urn:uuid:${owner.id}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
