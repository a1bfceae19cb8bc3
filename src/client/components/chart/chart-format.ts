import { fCurrency, fData, fNumber, fPercent } from '../../lib/format.ts';
import type { ChartCategory, ChartDateFormat, ChartValueFormat } from './chart-types.ts';

/** How a chart writes its values and categories, in one language (`numberLocale` of lib/format's languages). */
export type ChartFormatters = {
  /** A value in full: tooltips and the data table. */
  value: (value: number | null) => string;
  /** A value on the value axis: short (1.2K, 1,2 k, 1.2 万). */
  tick: (value: number) => string;
  /** An x-axis value: tooltips, the axis and the data table. */
  category: (category: ChartCategory) => string;
};

const dateOptions: Record<ChartDateFormat, Intl.DateTimeFormatOptions> = {
  day: { day: 'numeric', month: 'short' },
  month: { month: 'short', year: 'numeric' },
  year: { year: 'numeric' },
  date: { dateStyle: 'medium' },
};

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, format: ChartDateFormat): Intl.DateTimeFormat {
  const key = `${locale}|${format}`;
  let cached = dateFormats.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(locale, dateOptions[format]);
    dateFormats.set(key, cached);
  }
  return cached;
}

/** Written where a value is missing (a gap in a series). */
export const MISSING_VALUE = '–';

export function chartFormatters({
  locale,
  valueFormat = 'number',
  currency = 'USD',
  dateFormat: dates = 'date',
}: {
  locale: string;
  valueFormat?: ChartValueFormat;
  currency?: string;
  dateFormat?: ChartDateFormat;
}): ChartFormatters {
  const value = (n: number | null) => {
    if (n === null || Number.isNaN(n)) return MISSING_VALUE;
    if (valueFormat === 'percent') return fPercent(n, { locale });
    if (valueFormat === 'currency') return fCurrency(n, currency, { locale });
    if (valueFormat === 'bytes') return fData(n, { locale });
    return fNumber(n, { locale });
  };
  const tick = (n: number) => {
    if (valueFormat === 'percent') return fPercent(n, { locale });
    if (valueFormat === 'currency')
      return fNumber(n, { locale, style: 'currency', currency, notation: 'compact' });
    if (valueFormat === 'bytes') return fData(n, { locale });
    return fNumber(n, { locale, notation: 'compact' });
  };
  const category = (c: ChartCategory) => {
    if (c instanceof Date) return dateFormat(locale, dates).format(c);
    if (typeof c === 'number') return fNumber(c, { locale });
    return c;
  };
  return { value, tick, category };
}
