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
