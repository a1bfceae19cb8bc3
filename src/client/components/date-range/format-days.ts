import { currentLanguage } from '../../locales/i18n.ts';
import { getLanguage } from '../../locales/locales-config.ts';

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * Two calendar days (`YYYY-MM-DD`) as a range in the language's format ("Oct 28 – Nov 26, 2026",
 * "28 oct. – 26 nov. 2026"); one day alone when they are the same. The days are read in UTC, so they are
 * never shifted by the browser's own zone (they already are the viewer's days).
 */
export function fDayRange(from: string, to: string, locale?: string): string {
  const language = locale ?? getLanguage(currentLanguage()).numberLocale;
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    formats.set(language, format);
  }
  const start = new Date(`${from}T00:00:00Z`);
  return from === to ? format.format(start) : format.formatRange(start, new Date(`${to}T00:00:00Z`));
}
