import { afterEach, describe, expect, it } from 'vitest';

import { settingsStore } from './settings/settings-store.ts';
import { changeLanguage } from '../locales/i18n.ts';
import { fCurrency, fData, fDate, fDay, fNumber, fRelativeTime } from './format.ts';

/** Intl output uses narrow/no-break spaces in some locales; compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatting per language', () => {
  afterEach(async () => {
    await changeLanguage('en');
    settingsStore.getState().reset();
  });

  it('formats numbers, money and dates for the current language', async () => {
    const date = new Date(Date.UTC(2026, 2, 14, 12));
    expect(fNumber(1234567.5)).toBe('1,234,567.5');
    expect(fCurrency(1234.5)).toBe('$1,234.50');
    expect(fDate(date)).toBe('Mar 14, 2026');

    await changeLanguage('fr');
    expect(plain(fNumber(1234567.5))).toBe('1 234 567,5');
    expect(plain(fCurrency(1234.5, 'EUR'))).toBe('1 234,50 €');
    expect(fDate(date)).toBe('14 mars 2026');

    await changeLanguage('cn');
    expect(fDate(date)).toBe('2026年3月14日');

    await changeLanguage('vi');
    expect(plain(fNumber(1234567.5))).toBe('1.234.567,5');
  });

  it('writes relative times in the language', async () => {
    const now = new Date('2026-03-14T12:00:00Z');
    expect(fRelativeTime('2026-03-14T11:57:00Z', { now })).toBe('3 minutes ago');
    await changeLanguage('fr');
    expect(plain(fRelativeTime('2026-03-14T11:57:00Z', { now }))).toBe('il y a 3 minutes');
  });

  it('writes file sizes in units of 1,024, the local way', async () => {
    expect(fData(512)).toBe('512 byte');
    expect(fData(1536)).toBe('1.5 kB');
    expect(fData(25 * 1024 * 1024)).toBe('25 MB');
    await changeLanguage('fr');
    expect(plain(fData(1536))).toBe('1,5 ko');
  });

  it('names days relative to today: today, yesterday, then the date', () => {
    const now = new Date(2026, 2, 14, 9);
    expect(fDay(new Date(2026, 2, 14, 23, 59), { now })).toBe('Today');
    expect(fDay(new Date(2026, 2, 13, 0, 1), { now })).toBe('Yesterday');
    expect(fDay(new Date(2026, 2, 10, 12), { now })).toBe('Tuesday, March 10, 2026');
  });
});
