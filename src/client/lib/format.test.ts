import { afterEach, describe, expect, it } from 'vitest';

import { settingsStore } from './settings/settings-store.ts';
import { changeLanguage } from '../locales/i18n.ts';
import { fCurrency, fDate, fNumber, fRelativeTime } from './format.ts';

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
});
