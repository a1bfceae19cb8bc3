import { describe, expect, it } from 'vitest';

import {
  LAUNCH_IN_DAYS,
  LAUNCH_STORAGE_KEY,
  loadLaunchDate,
  resolveLaunchDate,
  timeLeft,
} from './countdown.ts';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 4, 15, 12, 0, 0);

describe('launch date', () => {
  it('is 30 days after the first visit', () => {
    expect(resolveLaunchDate(null, now).getTime()).toBe(now + LAUNCH_IN_DAYS * DAY);
  });

  it('keeps a stored date that is still ahead', () => {
    const stored = new Date(now + 3 * DAY).toISOString();
    expect(resolveLaunchDate(stored, now).toISOString()).toBe(stored);
  });

  it('starts again when the stored date has passed, is too far or is not a date', () => {
    for (const stored of [
      new Date(now - 1000).toISOString(),
      new Date(now + 400 * DAY).toISOString(),
      'soon',
    ]) {
      expect(resolveLaunchDate(stored, now).getTime()).toBe(now + LAUNCH_IN_DAYS * DAY);
    }
  });

  it('is stored in local storage so a reload keeps counting', () => {
    const first = loadLaunchDate(now);
    expect(window.localStorage.getItem(LAUNCH_STORAGE_KEY)).toBe(first.toISOString());
    expect(loadLaunchDate(now + 5000).getTime()).toBe(first.getTime());
  });
});

describe('time left', () => {
  it('splits into days, hours, minutes and seconds', () => {
    const target = now + 2 * DAY + 3 * 3600_000 + 4 * 60_000 + 5000 + 999;
    expect(timeLeft(target, now)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5, done: false });
  });

  it('never goes negative', () => {
    expect(timeLeft(now - 10_000, now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, done: true });
  });
});
