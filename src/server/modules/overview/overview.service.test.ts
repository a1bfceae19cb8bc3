import { describe, expect, it } from 'vitest';

import { monthsOf, yearOf } from './overview.service.ts';

describe('overview ranges', () => {
  it("compares the viewer's month so far with the whole month before, across a new year", () => {
    // 1 January 2025 09:30 in Tokyo, still 31 December in UTC.
    const now = new Date('2025-01-01T00:30:00Z');
    expect(monthsOf('Asia/Tokyo', now)).toEqual({
      month: '2025-01',
      thisMonth: { from: '2025-01-01', to: '2025-01-01', timeZone: 'Asia/Tokyo' },
      lastMonth: { from: '2024-12-01', to: '2024-12-31', timeZone: 'Asia/Tokyo' },
    });
    expect(monthsOf('UTC', new Date('2024-03-15T12:00:00Z'))).toMatchObject({
      month: '2024-03',
      thisMonth: { from: '2024-03-01', to: '2024-03-15' },
      lastMonth: { from: '2024-02-01', to: '2024-02-29' },
    });
  });

  it('takes the year asked for, or the year of the last day', () => {
    expect(yearOf({ from: '2023-12-01', to: '2024-01-31', tz: 'UTC' })).toBe(2024);
    expect(yearOf({ from: '2023-12-01', to: '2024-01-31', tz: 'UTC', year: 2021 })).toBe(2021);
  });
});
