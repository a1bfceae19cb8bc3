import type { Invoice, InvoicePage } from '#shared/contract/invoices.ts';
import {
  completeLayout,
  type AppOverview,
  type DashboardLayout,
  type LayoutWidget,
  type TrendFigure,
} from '#shared/contract/overview.ts';

import { jsonResponse, testUser, type MockRoute } from '../../../testing/fetch-mock.ts';

/** Fixtures and fake routes of `/dashboard/app`'s requests, for client tests of pages that show it. */

const DAY_MS = 86_400_000;

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += DAY_MS)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/** A trend over `days`: `value` on the last day, nothing before; `previous` for the period before. */
export const trend = (days: string[], value: number, previous: number): TrendFigure => ({
  value,
  previous,
  series: days.map((day, index) => ({ day, value: index === days.length - 1 ? value : 0 })),
});

const noDevices = { desktop: 0, mobile: 0, tablet: 0, other: 0 };

/**
 * What a fresh workspace answers for the range of `query` (`from`, `to`, `tz`, `year`): nothing anywhere;
 * an administrator (`admin`) also gets the workspace figures, all empty, and no overdue invoice.
 */
export function emptyAppOverview(query: URLSearchParams, admin = true): AppOverview {
  const from = query.get('from') ?? '2026-03-01';
  const to = query.get('to') ?? from;
  const days = daysBetween(from, to);
  const zero = trend(days, 0, 0);
  const year = Number(query.get('year') ?? to.slice(0, 4));
  const rate = { part: 0, total: 0, previousPart: 0, previousTotal: 0 };
  return {
    range: { from, to, timeZone: query.get('tz') ?? 'UTC', previousFrom: from, previousTo: from },
    today: {
      unreadMail: 0,
      unreadChat: 0,
      cardsDue: 0,
      eventsToday: 0,
      ...(admin && { overdueInvoices: 0 }),
    },
    featured: [],
    messages: zero,
    sessionsByDevice: { current: noDevices, previous: noDevices },
    topProducts: [],
    topAuthors: [],
    ...(admin && {
      activePeople: zero,
      newAccounts: zero,
      accountsByRegion: { year, series: [] },
      topCountries: [],
      verifiedEmails: rate,
      completeProfiles: rate,
    }),
  };
}

/** An invoice as `GET /api/invoices` lists it, of `testUser` unless said otherwise. */
export function makeInvoice(n: number, overrides: Partial<Invoice> = {}): Invoice {
  const party = {
    name: `Customer ${n}`,
    company: '',
    email: `c${n}@example.com`,
    phoneNumber: '',
    fullAddress: '',
  };
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    invoiceNumber: `INV-${1000 + n}`,
    status: 'pending',
    fromAddressId: null,
    invoiceFrom: party,
    customerId: '00000000-0000-4000-8000-0000000000c1',
    invoiceTo: party,
    createDate: '2026-03-01',
    dueDate: '2026-03-31',
    items: [],
    subtotal: 12_500,
    shipping: 0,
    discount: 0,
    taxes: 0,
    taxAmount: 0,
    totalAmount: 12_500,
    currency: 'USD',
    language: 'en',
    notes: '',
    sent: 0,
    paidAt: null,
    owner: { id: testUser.id, name: testUser.displayName, email: testUser.email, avatarUrl: null },
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

export const invoicePage = (invoices: Invoice[]): InvoicePage => {
  const none = { count: 0, amount: 0 };
  return {
    invoices,
    total: invoices.length,
    page: 1,
    pageSize: 5,
    hasNextPage: false,
    stats: {
      all: { count: invoices.length, amount: 0 },
      draft: none,
      pending: none,
      paid: none,
      overdue: none,
    },
  };
};

export type AppOverviewRoutesOptions = {
  /** The answer of `GET /api/overview/app` for a query (default: an empty workspace, as an administrator). */
  overview?: (query: URLSearchParams) => AppOverview;
  /** The newest invoices (`GET /api/invoices`). */
  invoices?: Invoice[];
  /** The person's saved layout of `app` (default: none). */
  layout?: LayoutWidget[];
};

/**
 * The requests `/dashboard/app` makes besides the shell's: its figures, its new invoices, the person's
 * layout and the public config (the currency of the amounts).
 */
export function appOverviewRoutes({
  overview = (query) => emptyAppOverview(query),
  invoices = [],
  layout,
}: AppOverviewRoutesOptions = {}): MockRoute[] {
  const savedLayout: DashboardLayout = {
    dashboard: 'app',
    widgets: completeLayout('app', layout),
    saved: layout !== undefined,
    updatedAt: layout ? '2026-03-01T10:00:00.000Z' : null,
  };
  return [
    {
      path: '/api/overview/app',
      respond: ({ url }) => jsonResponse(overview(new URL(url, 'http://localhost').searchParams)),
    },
    { path: '/api/invoices', respond: () => jsonResponse(invoicePage(invoices)) },
    { path: '/api/overview/layouts/app', respond: () => jsonResponse(savedLayout) },
    { path: '/api/config', respond: () => jsonResponse({ demo: null, currency: 'USD' }) },
  ];
}
