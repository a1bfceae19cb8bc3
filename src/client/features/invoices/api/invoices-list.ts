import {
  INVOICES_PAGE_SIZE,
  INVOICES_PAGE_SIZE_MAX,
  invoiceSortKeys,
  invoiceTabs,
  type InvoiceTab,
} from '#shared/contract/invoices-limits.ts';
import type { Invoice, InvoicePage } from '#shared/contract/invoices.ts';

import { listResource, type ListParamsOf } from '../../../lib/resource.ts';
import { invoicesKeys } from './invoices-keys.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * GET /api/invoices: one page of one's own invoices (administrators: everyone's; the API decides) with the
 * figures per status. Its state in the address:
 * `?status=paid&service=<id>,<id>&startDate=2026-01-01&endDate=2026-03-31&search=ada&sort=dueDate&page=2`.
 */
export const invoicesList = listResource<InvoicePage>()({
  key: invoicesKeys.lists(),
  path: '/invoices',
  config: {
    pageSizes: [5, INVOICES_PAGE_SIZE, 25, 50],
    defaultPageSize: INVOICES_PAGE_SIZE,
    sortKeys: invoiceSortKeys,
    filters: {
      status: invoiceTabs.filter((tab) => tab !== 'all'),
      // Service ids, comma separated.
      service: /^[0-9a-f-]{36}(,[0-9a-f-]{36}){0,19}$/,
      startDate: DAY,
      endDate: DAY,
    },
    searchMax: 100,
  },
  filters: (filters) => ({
    status: (filters.status as InvoiceTab | undefined) ?? ('all' as InvoiceTab),
    services: filters.service ? filters.service.split(',') : [],
    startDate: filters.startDate,
    endDate: filters.endDate,
  }),
  // The API takes the tab as it is (`all` too) and the services as one comma-separated `service`.
  query: ({ status, services, startDate, endDate }) => ({
    status,
    service: services.length ? services.join(',') : undefined,
    startDate,
    endDate,
  }),
});

/** The list's request: the API's 1-based page, size, sort, search, tab, services and dates. */
export type InvoicesParams = ListParamsOf<typeof invoicesList>;

export const useInvoices = invoicesList.useList;
/** Route loader of /dashboard/invoice/list (`app/router.tsx`). */
export const invoicesListLoader = invoicesList.loader;

/** Every invoice of a filter (the CSV export), page by page at the largest page size; at most 100 pages. */
export async function fetchAllInvoices(params: InvoicesParams): Promise<Invoice[]> {
  const all: Invoice[] = [];
  for (let page = 1; ; page++) {
    const answer = await invoicesList.get({ ...params, page, pageSize: INVOICES_PAGE_SIZE_MAX });
    all.push(...answer.invoices);
    if (!answer.hasNextPage || page >= 100) break;
  }
  return all;
}
