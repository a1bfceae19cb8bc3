import type { EcommerceOverview } from '#shared/contract/overview.ts';

import type { DashboardRangeState } from '../../../components/date-range/use-dashboard-range.ts';

/**
 * What every widget of the e-commerce overview is given: the one answer of `GET /api/overview/ecommerce`
 * (all widgets share it, so they load, fail and retry together), who is looking, the dashboard's range and
 * how money is written.
 */
export type EcommerceWidgetContext = {
  /** The figures (the previous range's while another one loads); undefined before the first answer. */
  data: EcommerceOverview | undefined;
  loading: boolean;
  error: boolean;
  retry: () => void;
  /** Administrators see the shop; anyone else their own purchases. */
  isAdmin: boolean;
  range: DashboardRangeState;
  /** Cents in the instance's currency, written the language's way. */
  money: (cents: number) => string;
  /** The instance's currency (ISO 4217), for charts and the CSV headers. */
  currency: string;
};

/** The card's state props (`WidgetCard`'s `loading`, `error`, `onRetry`) from the shared answer. */
export const cardState = (ctx: EcommerceWidgetContext) => ({
  loading: ctx.loading,
  error: ctx.error,
  onRetry: ctx.retry,
});

/** Cents as currency units, for charts and exported files (a spreadsheet should read 12.5, not 1250). */
export const units = (cents: number) => cents / 100;

/** A figure with nothing in either period: the widget says so instead of showing zeros. */
export const isNothing = (figure: { value: number; previous: number; series: { value: number }[] }) =>
  figure.value === 0 && figure.previous === 0 && figure.series.every((point) => point.value === 0);
