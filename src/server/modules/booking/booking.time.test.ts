import { describe, expect, it } from 'vitest';

import { slotsOn, peakGuests, type Plan } from './booking.availability.ts';
import { addDays, daysBetween, localDay, localToInstant, weekdayOf } from './booking.time.ts';

/** Local wall times of a listing's zone, across daylight-saving changes (ADR 053). */
describe('booking time', () => {
  it('turns local times into instants in summer, winter and on the change days', () => {
    expect(localToInstant('2026-07-01', 9 * 60, 'Europe/Paris').toISOString()).toBe(
      '2026-07-01T07:00:00.000Z',
    );
    expect(localToInstant('2026-01-15', 9 * 60, 'Europe/Paris').toISOString()).toBe(
      '2026-01-15T08:00:00.000Z',
    );
    // Spring forward (02:00 → 03:00): 09:00 is already summer time; 02:30 does not exist and moves forward.
    expect(localToInstant('2026-03-29', 9 * 60, 'Europe/Paris').toISOString()).toBe(
      '2026-03-29T07:00:00.000Z',
    );
    expect(localToInstant('2026-03-29', 150, 'Europe/Paris').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // Fall back (03:00 → 02:00): 02:30 happens twice; the earlier one.
    expect(localToInstant('2026-10-25', 150, 'Europe/Paris').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(localToInstant('2026-10-25', 9 * 60, 'Europe/Paris').toISOString()).toBe(
      '2026-10-25T08:00:00.000Z',
    );
    expect(localToInstant('2026-03-08', 9 * 60, 'America/New_York').toISOString()).toBe(
      '2026-03-08T13:00:00.000Z',
    );
    expect(localToInstant('2026-07-01', 0, 'Asia/Ho_Chi_Minh').toISOString()).toBe(
      '2026-06-30T17:00:00.000Z',
    );
  });

  it('knows local days, weekdays and day arithmetic', () => {
    expect(localDay(new Date('2026-07-01T23:30:00Z'), 'Asia/Ho_Chi_Minh')).toBe('2026-07-02');
    expect(localDay(new Date('2026-07-01T03:30:00Z'), 'America/New_York')).toBe('2026-06-30');
    expect(weekdayOf('2026-11-29')).toBe(0);
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(daysBetween('2026-03-28', '2026-03-31')).toBe(3);
  });

  it('keeps slots at the same local time on the day the clocks change', () => {
    const plan: Plan = {
      mode: 'slot',
      durationMinutes: 60,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
      timeZone: 'Europe/Paris',
      capacity: 5,
    };
    const before = slotsOn(plan, '2026-03-28', [[9 * 60, 11 * 60]]).map((s) => s.startsAt.toISOString());
    const after = slotsOn(plan, '2026-03-29', [[9 * 60, 11 * 60]]).map((s) => s.startsAt.toISOString());
    expect(before).toEqual(['2026-03-28T08:00:00.000Z', '2026-03-28T09:00:00.000Z']);
    expect(after).toEqual(['2026-03-29T07:00:00.000Z', '2026-03-29T08:00:00.000Z']);
  });

  it('counts the most guests present at once, buffers included', () => {
    const plan: Plan = {
      mode: 'range',
      durationMinutes: 60,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 30,
      timeZone: 'UTC',
      capacity: 5,
    };
    const at = (from: string, to: string) => ({ startsAt: new Date(from), endsAt: new Date(to) });
    const taken = [
      { ...at('2026-05-01T09:00Z', '2026-05-01T10:00Z'), guests: 2 },
      { ...at('2026-05-01T11:00Z', '2026-05-01T12:00Z'), guests: 3 },
    ];
    // Both inside, never at once: the larger one.
    expect(peakGuests(plan, taken, at('2026-05-01T08:00Z', '2026-05-01T13:00Z'))).toBe(3);
    // Right after the first: its 30 minutes of buffer still count.
    expect(peakGuests(plan, taken, at('2026-05-01T10:15Z', '2026-05-01T10:30Z'))).toBe(2);
    // Before the second, this one's own buffer after reaches into it.
    expect(peakGuests(plan, taken, at('2026-05-01T10:30Z', '2026-05-01T10:45Z'))).toBe(3);
    // Once the second one's buffer is over: nothing.
    expect(peakGuests(plan, taken, at('2026-05-01T12:30Z', '2026-05-01T13:00Z'))).toBe(0);
  });
});

describe('booking time, day by day', () => {
  const formats = new Map<string, Intl.DateTimeFormat>();
  /** The wall time (as a UTC timestamp) an instant shows in `timeZone`. */
  const wallOf = (at: number, timeZone: string) => {
    let format = formats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      });
      formats.set(timeZone, format);
    }
    const parts = format.formatToParts(new Date(at));
    const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  };

  it('gives the earliest instant that shows each wall time on every day of a year', () => {
    const zones = [
      'Europe/Paris',
      'America/New_York',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'Pacific/Chatham',
    ];
    let gaps = 0;
    for (const timeZone of zones) {
      for (let d = 0; d < 365; d++) {
        const day = addDays('2026-01-01', d);
        for (const minute of [0, 150, 9 * 60, 23 * 60 + 45]) {
          const wall = Date.parse(`${day}T00:00:00Z`) + minute * 60_000;
          const got = localToInstant(day, minute, timeZone).getTime();
          const shown = wallOf(got, timeZone);
          if (shown === wall) {
            // The earliest: half an hour or an hour before shows another wall time (fall back repeats one).
            expect(wallOf(got - 30 * 60_000, timeZone), `${timeZone} ${day} ${minute}`).not.toBe(wall);
            expect(wallOf(got - 60 * 60_000, timeZone), `${timeZone} ${day} ${minute}`).not.toBe(wall);
          } else {
            // In a spring-forward gap: moved forward past it, by at most an hour.
            gaps++;
            expect(shown).toBeGreaterThan(wall);
            expect(shown - wall).toBeLessThanOrEqual(60 * 60_000);
          }
        }
      }
    }
    // Paris (02:30 on 29 March) and Lord Howe (02:15 on 4 October: its change is half an hour) have one each.
    expect(gaps).toBeGreaterThan(0);
  });
});
