import { readStorage, writeStorage } from '../../../lib/storage.ts';

/** Where the launch date of the coming-soon page is kept (ISO date), so a reload keeps counting down. */
export const LAUNCH_STORAGE_KEY = 'atrium.comingSoon.launchAt';
/** The launch is this many days after the first visit. */
export const LAUNCH_IN_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The launch date: the stored one while it is still ahead (and not further than LAUNCH_IN_DAYS), otherwise
 * LAUNCH_IN_DAYS from `now` — so the countdown never shows a past or a negative time.
 */
export function resolveLaunchDate(stored: string | null, now: number): Date {
  const storedTime = stored ? Date.parse(stored) : Number.NaN;
  if (Number.isFinite(storedTime) && storedTime > now && storedTime <= now + LAUNCH_IN_DAYS * DAY_MS) {
    return new Date(storedTime);
  }
  return new Date(now + LAUNCH_IN_DAYS * DAY_MS);
}

/** resolveLaunchDate with local storage (kept when storage is unusable: then each visit starts again). */
export function loadLaunchDate(now: number = Date.now()): Date {
  const stored = readStorage(LAUNCH_STORAGE_KEY);
  const date = resolveLaunchDate(stored, now);
  if (stored !== date.toISOString()) writeStorage(LAUNCH_STORAGE_KEY, date.toISOString());
  return date;
}

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** The launch time has come. */
  done: boolean;
}

/** Whole days, hours, minutes and seconds until `target`; all zero (never negative) once it has passed. */
export function timeLeft(target: number, now: number): TimeLeft {
  const totalSeconds = Math.max(0, Math.floor((target - now) / 1000));
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
    done: totalSeconds === 0,
  };
}
