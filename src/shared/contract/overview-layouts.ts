/**
 * The overview dashboards and their widgets (issue 26 A, "Layout per person"), without zod: the dashboards'
 * pages read these on their first load, and `overview.ts` builds the layout schemas from them.
 *
 * A person's layout is the order of a dashboard's widgets with a hidden flag each. Widget ids are stable
 * names, never positions; a dashboard that gains a widget lists it here, and layouts saved before show it
 * at the end (visible), so a new widget needs no migration. Ids that leave a list are dropped from saved
 * layouts when they are read. The lists of analytics, banking, booking and file are the template's widgets
 * for now: each area adjusts its own list when it builds its overview.
 */

export const dashboards = ['app', 'ecommerce', 'analytics', 'banking', 'booking', 'file'] as const;
export type Dashboard = (typeof dashboards)[number];

/** Each dashboard's widgets, in their default order. */
export const dashboardWidgets = {
  app: [
    'welcome',
    'featured',
    'active-people',
    'new-accounts',
    'messages',
    'sessions-by-device',
    'accounts-by-region',
    'new-invoices',
    'top-products',
    'top-countries',
    'top-authors',
    'verified-email',
    'profile-completion',
  ],
  ecommerce: [
    'welcome',
    'new-products',
    'products-sold',
    'total-balance',
    'sales-profit',
    'sales-by-gender',
    'yearly-sales',
    'sales-by-category',
    'current-balance',
    'best-customers',
    'latest-products',
  ],
  analytics: [
    'weekly-sales',
    'new-users',
    'purchase-orders',
    'messages',
    'website-visits',
    'current-visits',
    'conversion-rates',
    'current-subject',
    'news',
    'order-timeline',
    'traffic-by-site',
    'tasks',
  ],
  banking: [
    'balance',
    'income',
    'expenses',
    'balance-statistics',
    'expenses-categories',
    'recent-transactions',
    'cards',
    'quick-transfer',
    'contacts',
    'invite-friends',
  ],
  booking: [
    'total-booking',
    'sold',
    'canceled',
    'booked',
    'total-incomes',
    'check-in',
    'statistics',
    'customer-reviews',
    'newest-booking',
    'booking-details',
    'available',
  ],
  file: ['storage', 'upload', 'locations', 'data-activity', 'recent-files', 'folders'],
} as const satisfies Record<Dashboard, readonly string[]>;

export type DashboardWidgetId<D extends Dashboard = Dashboard> = (typeof dashboardWidgets)[D][number];

/** A widget's id: lower-case words joined by `-` (what the lists above hold). */
export const WIDGET_ID_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;
/** The most widgets any dashboard has, so a saved layout is never longer. */
export const DASHBOARD_WIDGETS_MAX = Math.max(...Object.values(dashboardWidgets).map((list) => list.length));

export const isDashboard = (value: string): value is Dashboard =>
  (dashboards as readonly string[]).includes(value);

/** One widget of a layout: its id, and whether the person hid it. */
export interface LayoutWidget {
  id: string;
  hidden: boolean;
}

/**
 * What is wrong with `widgets` as a layout of `dashboard` (a validation key), or null: every id must be one
 * of the dashboard's widgets, each at most once. A layout may leave widgets out: they follow, visible, in
 * their default order (`completeLayout`).
 */
export function layoutProblem(dashboard: Dashboard, widgets: readonly LayoutWidget[]): string | null {
  const known = new Set<string>(dashboardWidgets[dashboard]);
  const seen = new Set<string>();
  for (const widget of widgets) {
    if (!known.has(widget.id)) return 'validation.widgetUnknown';
    if (seen.has(widget.id)) return 'validation.widgetRepeated';
    seen.add(widget.id);
  }
  return null;
}

/**
 * The whole layout of `dashboard` from a saved one (or none): the saved widgets still known, in their order,
 * then every widget the saved layout does not name, visible, in the default order.
 */
export function completeLayout(dashboard: Dashboard, saved: readonly LayoutWidget[] = []): LayoutWidget[] {
  const known: readonly string[] = dashboardWidgets[dashboard];
  const seen = new Set<string>();
  const kept: LayoutWidget[] = [];
  for (const widget of saved) {
    if (!known.includes(widget.id) || seen.has(widget.id)) continue;
    seen.add(widget.id);
    kept.push({ id: widget.id, hidden: widget.hidden });
  }
  return [...kept, ...known.filter((id) => !seen.has(id)).map((id) => ({ id, hidden: false }))];
}
