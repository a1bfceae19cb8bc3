/** The overview dashboards' query keys: every key starts with `overview`, so one invalidation refreshes them. */
export const overviewKeys = {
  all: ['overview'] as const,
  /** Everything `/dashboard/app` shows (its figures for every range, its new invoices). */
  appAll: ['overview', 'app'] as const,
  /** `/dashboard/app`'s figures for one range (and year of the year select). */
  app: (query: OverviewQueryParams) => ['overview', 'app', query] as const,
  /** The app overview's "new invoices" table (the newest few of the invoices list). */
  newInvoices: () => ['overview', 'app', 'new-invoices'] as const,
  /** Everything `/dashboard/ecommerce` shows (its figures for every range and year). */
  ecommerceAll: ['overview', 'ecommerce'] as const,
  /** `/dashboard/ecommerce`'s figures for one range (and year). */
  ecommerce: (query: OverviewQueryParams) => ['overview', 'ecommerce', query] as const,
};

/** `?from=&to=&tz=&year=` of `GET /api/overview/app|ecommerce` (`useDashboardRange()` gives the first three). */
export type OverviewQueryParams = { from: string; to: string; tz: string; year?: number | undefined };
