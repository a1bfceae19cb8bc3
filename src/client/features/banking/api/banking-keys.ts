import type { BalancePeriod } from '#shared/contract/banking-limits.ts';

/** `GET /api/banking/overview`'s query: the dashboard range and the balance statistics' period. */
export type BankingOverviewParams = { from: string; to: string; tz: string; period: BalancePeriod };

/** The banking area's query keys (STYLE.md §3): every key starts with `banking`, so one invalidation refreshes all. */
export const bankingKeys = {
  all: ['banking'] as const,
  overview: (query: BankingOverviewParams) => ['banking', 'overview', query] as const,
  accounts: () => ['banking', 'accounts'] as const,
  categories: () => ['banking', 'categories'] as const,
  lists: () => ['banking', 'transactions'] as const,
  transaction: (id: string) => ['banking', 'transaction', id] as const,
  requests: () => ['banking', 'requests'] as const,
  contacts: () => ['banking', 'contacts'] as const,
  people: (search: string) => ['banking', 'people', search] as const,
  mapping: () => ['banking', 'import', 'mapping'] as const,
  rules: () => ['banking', 'rules'] as const,
  budgets: (month: string) => ['banking', 'budgets', month] as const,
  recurring: () => ['banking', 'recurring'] as const,
};
