import { startOfDayIn } from '../../../components/date-range/dashboard-range.ts';
import { paths } from '../../../config/paths.ts';

/**
 * Where the e-commerce overview's widgets lead (issue 26 C, ADR 045): the orders list already filtered to
 * what a figure counts, or the shop filtered to a category or gender. The overview counts days in the
 * viewer's time zone, while the orders list reads a bare day in UTC; so the bounds of a period are sent
 * as instants with the viewer's offset (`2026-03-01T00:00:00+09:00`), which the orders API takes as they
 * are (`startDate` from that instant, `endDate` before it).
 */

const pad = (n: number, size = 2) => String(Math.trunc(Math.abs(n))).padStart(size, '0');

/** The first day of the month after `YYYY-MM`. */
function nextMonthOf(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01-01` : `${year}-${pad(m + 1)}-01`;
}

const addDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export type OrderStatusFilter = 'pending' | 'paid' | 'completed' | 'cancelled' | 'refunded';

/** The statuses of a sale (`orders.stats.ts`: paid and neither cancelled nor refunded since). */
export const SOLD: readonly OrderStatusFilter[] = ['paid', 'completed'];
/** What "Current balance"'s order total counts: every order but the cancelled ones. */
export const NOT_CANCELLED: readonly OrderStatusFilter[] = ['pending', 'paid', 'completed', 'refunded'];
/** What "Yearly sales" draws: the sales and the refunds. */
export const SOLD_OR_REFUNDED: readonly OrderStatusFilter[] = ['paid', 'completed', 'refunded'];

/** One status or several: the orders list keeps the orders of any of them (`status=paid,completed`). */
export type OrderStatusesFilter = OrderStatusFilter | readonly OrderStatusFilter[];

const statusParam = (status: OrderStatusesFilter | undefined) =>
  status === undefined ? undefined : typeof status === 'string' ? status : status.join(',') || undefined;

/**
 * The orders list from the start of `from` to the end of `to` (days of `timeZone`), of one status or
 * several, of one customer (a user id), with a search.
 */
export function ordersOfDays(
  from: string,
  to: string,
  timeZone: string,
  extra: { status?: OrderStatusesFilter; customer?: string; search?: string } = {},
): string {
  const params = new URLSearchParams();
  const status = statusParam(extra.status);
  if (status) params.set('status', status);
  if (extra.customer) params.set('customer', extra.customer);
  params.set('startDate', startOfDayIn(from, timeZone));
  params.set('endDate', startOfDayIn(addDay(to), timeZone));
  if (extra.search) params.set('search', extra.search);
  return `${paths.dashboard.order.list}?${params.toString()}`;
}

/** The orders list of a month (`YYYY-MM`) of `timeZone`, of one status or several. */
export function ordersOfMonth(month: string, timeZone: string, status?: OrderStatusesFilter): string {
  const params = new URLSearchParams();
  const statuses = statusParam(status);
  if (statuses) params.set('status', statuses);
  params.set('startDate', startOfDayIn(`${month}-01`, timeZone));
  params.set('endDate', startOfDayIn(nextMonthOf(month), timeZone));
  return `${paths.dashboard.order.list}?${params.toString()}`;
}

/** The shop filtered to a category (or a group of them) or to who the products are for. */
export function shopOf(filter: { category: string } | { gender: string }): string {
  const [name, value] = Object.entries(filter)[0] as [string, string];
  return `${paths.dashboard.eCommerce.shop}?${new URLSearchParams({ [name]: value }).toString()}`;
}
