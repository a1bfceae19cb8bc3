import { describe, expect, it } from 'vitest';

import { overviewRangeQuery } from '#shared/contract/overview.ts';

import {
  daysOf,
  dayText,
  fillMonths,
  fillSeries,
  previousPeriod,
  todayRange,
  yearRange,
} from './date-range.ts';

describe('date ranges', () => {
  it('compares with the period of the same length that ends the day before', () => {
    expect(previousPeriod({ from: '2024-03-01', to: '2024-03-31', timeZone: 'UTC' })).toEqual({
      from: '2024-01-30',
      to: '2024-02-29',
      timeZone: 'UTC',
    });
    expect(previousPeriod({ from: '2024-03-10', to: '2024-03-10', timeZone: 'Asia/Tokyo' })).toEqual({
      from: '2024-03-09',
      to: '2024-03-09',
      timeZone: 'Asia/Tokyo',
    });
  });

  it('lists every day, across a daylight-saving change', () => {
    expect(daysOf({ from: '2024-03-30', to: '2024-04-01', timeZone: 'Europe/Paris' })).toEqual([
      '2024-03-30',
      '2024-03-31',
      '2024-04-01',
    ]);
  });

  it("takes today from the viewer's zone", () => {
    const now = new Date('2024-03-09T23:30:00Z');
    expect(todayRange('Asia/Tokyo', now).from).toBe('2024-03-10');
    expect(todayRange('America/New_York', now).from).toBe('2024-03-09');
  });

  it('fills the days without rows with 0', () => {
    const range = { from: '2024-03-10', to: '2024-03-12', timeZone: 'UTC' };
    expect(fillSeries(range, [{ day: '2024-03-11', value: '4' }])).toEqual([
      { day: '2024-03-10', value: 0 },
      { day: '2024-03-11', value: 4 },
      { day: '2024-03-12', value: 0 },
    ]);
    expect(dayText(new Date(2024, 2, 11))).toBe('2024-03-11');
  });

  it('spans a calendar year and fills its twelve months', () => {
    expect(yearRange(2024, 'Asia/Tokyo')).toEqual({
      from: '2024-01-01',
      to: '2024-12-31',
      timeZone: 'Asia/Tokyo',
    });
    const months = fillMonths([
      { month: 1, value: '3' },
      { month: '12', value: 2 },
      { month: 12, value: 1 },
    ]);
    expect(months).toEqual([3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3]);
  });

  it('accepts IANA zones only, and ranges in order of at most two years', () => {
    const ok = (q: Record<string, string>) => overviewRangeQuery.safeParse(q).success;
    const base = { from: '2024-01-01', to: '2024-01-31' };
    expect(ok({ ...base, tz: 'Europe/Paris' })).toBe(true);
    expect(ok({ ...base, tz: 'America/Argentina/Buenos_Aires' })).toBe(true);
    expect(ok({ ...base, tz: 'UTC' })).toBe(true);
    expect(ok({ ...base, tz: 'Mars/Olympus' })).toBe(false);
    expect(ok({ ...base, tz: '+02:00' })).toBe(false);
    expect(ok({ ...base, tz: "UTC'; drop table users; --" })).toBe(false);
    expect(ok({ from: '2024-02-01', to: '2024-01-31', tz: 'UTC' })).toBe(false);
    expect(ok({ from: '2022-01-01', to: '2023-12-31', tz: 'UTC' })).toBe(true);
    expect(ok({ from: '2022-01-01', to: '2024-01-02', tz: 'UTC' })).toBe(false);
    expect(ok({ from: '2024-02-30', to: '2024-03-01', tz: 'UTC' })).toBe(false);
  });
});
