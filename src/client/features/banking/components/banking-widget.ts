import type { BalancePeriod } from '#shared/contract/banking-limits.ts';
import type { BankingOverview } from '#shared/contract/banking.ts';

import type { DashboardRangeState } from '../../../components/date-range/use-dashboard-range.ts';
import type { Person } from '../../../components/people-picker/people-picker.tsx';
import { paths } from '../../../config/paths.ts';

/** What every widget of `/dashboard/banking` gets from the view: the one answer and the dialogs to open. */
export type BankingWidgetContext = {
  data: BankingOverview | undefined;
  loading: boolean;
  error: boolean;
  retry: () => void;
  range: DashboardRangeState;
  money: (cents: number) => string;
  currency: string;
  period: BalancePeriod;
  setPeriod: (period: BalancePeriod) => void;
  openTransfer: (person?: Person) => void;
  openAccount: () => void;
  openRequests: () => void;
};

/** A card's loading, error and retry from the context. */
export const cardState = (ctx: BankingWidgetContext) => ({
  loading: ctx.loading,
  error: ctx.error,
  onRetry: ctx.retry,
});

/** A day of the answer as a chart's date (noon UTC: the same day in every time zone). */
export const dayDate = (day: string) => new Date(`${day}T12:00:00Z`);

/**
 * The transactions list filtered as a widget's figure was counted: `categoryId` (`none`: uncategorised),
 * type, and the range's days (both included: a one-day range sends the same day twice).
 */
export function transactionsOf(filters: {
  categoryId?: string;
  type?: string;
  startDate?: string;
  endDate?: string;
}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value) params.set(name, value);
  }
  const query = params.toString();
  return query ? `${paths.dashboard.banking.transactions}?${query}` : paths.dashboard.banking.transactions;
}

/** Cents as plain units for CSV exports. */
export const units = (cents: number) => Number((cents / 100).toFixed(2));
