import { afterEach, describe, expect, it, vi } from 'vitest';

import { OVERVIEW_RANGE_MAX_DAYS } from '#shared/contract/overview-range.ts';

import {
  addDays,
  customRangeError,
  presetDays,
  readRange,
  resolveRange,
  todayIn,
  viewerTimeZone,
  writeRange,
} from './dashboard-range.ts';

const read = (search: string) => readRange(new URLSearchParams(search));

/** Makes the browser report `zone` as its time zone. */
function reportZone(zone: string | undefined) {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...real.call(this), timeZone: zone as string };
  });
}

describe('dashboard range', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives each preset its days, ending today', () => {
    const today = '2026-05-15';
    expect(presetDays('today', today)).toEqual({ from: '2026-05-15', to: '2026-05-15' });
    expect(presetDays('7d', today)).toEqual({ from: '2026-05-09', to: '2026-05-15' });
    expect(presetDays('30d', today)).toEqual({ from: '2026-04-16', to: '2026-05-15' });
    expect(presetDays('month', today)).toEqual({ from: '2026-05-01', to: '2026-05-15' });
    expect(presetDays('quarter', today)).toEqual({ from: '2026-04-01', to: '2026-05-15' });
    expect(presetDays('quarter', '2026-12-31')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(presetDays('quarter', '2026-03-01')).toEqual({ from: '2026-01-01', to: '2026-03-01' });
    expect(presetDays('year', today)).toEqual({ from: '2026-01-01', to: '2026-05-15' });
  });

  it('compares with the previous period of the same length, ending the day before', () => {
    expect(resolveRange({ preset: '30d' }, 'UTC', '2026-03-01')).toEqual({
      preset: '30d',
      from: '2026-01-31',
      to: '2026-03-01',
      tz: 'UTC',
      days: 30,
      previousFrom: '2026-01-01',
      previousTo: '2026-01-30',
    });
    expect(resolveRange({ preset: 'today' }, 'UTC', '2026-03-01')).toMatchObject({
      days: 1,
      previousFrom: '2026-02-28',
      previousTo: '2026-02-28',
    });
  });

  it('reads a preset from the address, and falls back to the last 30 days on anything else', () => {
    expect(read('range=7d')).toEqual({ preset: '7d' });
    expect(read('range=year&tab=x')).toEqual({ preset: 'year' });
    expect(read('')).toEqual({ preset: '30d' });
    expect(read('range=forever')).toEqual({ preset: '30d' });
    expect(read('range=custom')).toEqual({ preset: '30d' });
    expect(read('range=7D')).toEqual({ preset: '30d' });
  });

  it('reads a custom range only when it is valid, else the preset or the default', () => {
    expect(read('from=2026-01-01&to=2026-01-31')).toEqual({
      preset: 'custom',
      from: '2026-01-01',
      to: '2026-01-31',
    });
    // A custom range wins over a preset left in the address.
    expect(read('range=7d&from=2026-01-01&to=2026-01-01')).toEqual({
      preset: 'custom',
      from: '2026-01-01',
      to: '2026-01-01',
    });
    expect(read('from=2026-01-01')).toEqual({ preset: '30d' });
    expect(read('from=2026-01-31&to=2026-01-01')).toEqual({ preset: '30d' });
    expect(read('from=2026-01-31&to=2026-01-01&range=month')).toEqual({ preset: 'month' });
    expect(read('from=2026-02-01&to=2026-02-30')).toEqual({ preset: '30d' });
    expect(read('from=20260101&to=20260131')).toEqual({ preset: '30d' });
    expect(read('from=2020-01-01&to=2026-01-01')).toEqual({ preset: '30d' });
  });

  it('checks a custom range as the API does: start on or before end, at most the longest span', () => {
    expect(customRangeError('2026-01-01', '2026-01-01')).toBeNull();
    expect(customRangeError('2026-01-02', '2026-01-01')).toBe('order');
    const last = addDays('2025-01-01', OVERVIEW_RANGE_MAX_DAYS - 1);
    expect(customRangeError('2025-01-01', last)).toBeNull();
    expect(customRangeError('2025-01-01', addDays(last, 1))).toBe('tooLong');
    expect(customRangeError('', '2026-01-01')).toBe('invalid');
    expect(customRangeError('2026-02-29', '2026-03-01')).toBe('invalid');
  });

  it('writes a preset or a custom range, keeping the other parameters', () => {
    const base = new URLSearchParams('tab=sales&from=2026-01-01&to=2026-01-31');
    expect(writeRange(base, { preset: '7d' }).toString()).toBe('tab=sales&range=7d');
    expect(
      writeRange(new URLSearchParams('range=7d&tab=sales'), {
        preset: 'custom',
        from: '2026-02-01',
        to: '2026-02-10',
      }).toString(),
    ).toBe('tab=sales&from=2026-02-01&to=2026-02-10');
  });

  it("counts days in the viewer's time zone", () => {
    const now = new Date('2026-03-31T20:00:00Z');
    expect(todayIn('Asia/Tokyo', now)).toBe('2026-04-01');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-03-31');
    expect(todayIn('UTC', now)).toBe('2026-03-31');
  });

  it("sends the browser's IANA zone, and UTC when the browser gives none the API accepts", () => {
    reportZone('Asia/Tokyo');
    expect(viewerTimeZone()).toBe('Asia/Tokyo');
    vi.restoreAllMocks();
    reportZone('+02:00');
    expect(viewerTimeZone()).toBe('UTC');
    vi.restoreAllMocks();
    reportZone('Mars/Olympus_Mons');
    expect(viewerTimeZone()).toBe('UTC');
    vi.restoreAllMocks();
    reportZone(undefined);
    expect(viewerTimeZone()).toBe('UTC');
  });
});
