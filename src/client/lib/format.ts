import { currentLanguage } from '../locales/i18n.ts';
import { getLanguage } from '../locales/locales-config.ts';

/**
 * Dates, numbers and money formatted for the UI language (en-US, fr-FR, vi-VN, zh-CN, ar-SD), with Intl.
 * Pass `locale` to format for another language than the current one.
 */
type Options = { locale?: string };
type DateInput = Date | string | number;

function localeOf(options?: Options): string {
  return options?.locale ?? getLanguage(currentLanguage()).numberLocale;
}

/**
 * Intl formatters are costly to build (tens of ms for the first of a locale on a slow phone) and cheap to
 * reuse: one per locale and options, built on first use. A table of 50 dates builds one, not 50.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  kind: string,
  locale: string,
  format: object,
  make: () => T,
): T {
  const key = `${kind}|${locale}|${JSON.stringify(format)}`;
  let cached = formatters.get(key) as T | undefined;
  if (!cached) {
    cached = make();
    formatters.set(key, cached);
  }
  return cached;
}
const numberFormat = (locale: string, format: Intl.NumberFormatOptions) =>
  formatter('number', locale, format, () => new Intl.NumberFormat(locale, format));
const dateFormat = (locale: string, format: Intl.DateTimeFormatOptions) =>
  formatter('date', locale, format, () => new Intl.DateTimeFormat(locale, format));

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function fNumber(value: number, options?: Options & Intl.NumberFormatOptions): string {
  const { locale: _locale, ...format } = options ?? {};
  return numberFormat(localeOf(options), format).format(value);
}

/** Money in the given currency (ISO 4217; the amount is not converted, only written the local way). */
export function fCurrency(value: number, currency = 'USD', options?: Options): string {
  return numberFormat(localeOf(options), { style: 'currency', currency }).format(value);
}

/** 0.256 → "25.6%" (fraction in, percent out). */
export function fPercent(value: number, options?: Options): string {
  return numberFormat(localeOf(options), { style: 'percent', maximumFractionDigits: 1 }).format(value);
}

/** A size in bytes, the local way: 512 → "512 B", 1536 → "1.5 kB", 25 * 2^20 → "25 MB" (units of 1,024). */
export function fData(bytes: number, options?: Options): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return numberFormat(localeOf(options), {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** `timeZone`: an IANA zone to show the date in (a listing's); none = the viewer's. */
type ZoneOptions = Options & { timeZone?: string | undefined };
const zoneOf = (options?: ZoneOptions) => (options?.timeZone ? { timeZone: options.timeZone } : {});

export function fDate(value: DateInput, options?: ZoneOptions): string {
  const date = toDate(value);
  return date ? dateFormat(localeOf(options), { dateStyle: 'medium', ...zoneOf(options) }).format(date) : '';
}

export function fDateTime(value: DateInput, options?: ZoneOptions): string {
  const date = toDate(value);
  return date
    ? dateFormat(localeOf(options), { dateStyle: 'medium', timeStyle: 'short', ...zoneOf(options) }).format(
        date,
      )
    : '';
}

/** The time of day only: "3:05 PM", "15:05". */
export function fTime(value: DateInput, options?: ZoneOptions): string {
  const date = toDate(value);
  return date ? dateFormat(localeOf(options), { timeStyle: 'short', ...zoneOf(options) }).format(date) : '';
}

/**
 * Two instants as one range, the language's way: days ("Mar 21 – 24, 2027") or, with `time`, days and
 * times ("Mar 21, 2027, 9:00 – 11:00 AM"), in `timeZone` (none = the viewer's).
 */
export function fDateTimeRange(
  start: DateInput,
  end: DateInput,
  options?: ZoneOptions & { time?: boolean },
): string {
  const from = toDate(start);
  const to = toDate(end);
  if (!from || !to) return '';
  const format = dateFormat(localeOf(options), {
    dateStyle: 'medium',
    ...(options?.time ? { timeStyle: 'short' } : {}),
    ...zoneOf(options),
  });
  return format.formatRange(from, to);
}

/** A day heading: "Today", "Yesterday" (in the language), else the full date ("Tuesday, March 10, 2026"). */
export function fDay(value: DateInput, options?: Options & { now?: Date }): string {
  const date = toDate(value);
  if (!date) return '';
  const now = options?.now ?? new Date();
  const startOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOf(date) - startOf(now)) / (24 * 3600 * 1000));
  const locale = localeOf(options);
  if (days === 0 || days === -1) {
    const format = formatter(
      'relative',
      locale,
      {},
      () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
    );
    const text = format.format(days, 'day');
    return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
  }
  return dateFormat(locale, { dateStyle: 'full' }).format(date);
}

const relativeUnits: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "3 minutes ago", "il y a 3 minutes", "3 分钟前"… */
export function fRelativeTime(value: DateInput, options?: Options & { now?: Date }): string {
  const date = toDate(value);
  if (!date) return '';
  const seconds = Math.round((date.getTime() - (options?.now ?? new Date()).getTime()) / 1000);
  const locale = localeOf(options);
  const format = formatter(
    'relative',
    locale,
    {},
    () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
  );
  for (const [unit, size] of relativeUnits) {
    if (Math.abs(seconds) >= size || unit === 'second')
      return format.format(Math.round(seconds / size), unit);
  }
  return '';
}
