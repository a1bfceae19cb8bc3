import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import type { Invoice, InvoicePage } from '#shared/contract/invoices.ts';
import type { AppOverview, EcommerceOverview } from '#shared/contract/overview.ts';
import type { RealtimeEventType } from '#shared/contract/realtime.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { useLiveRefresh } from '../../../lib/realtime/use-live-refresh.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { overviewKeys, type OverviewQueryParams } from './overview-keys.ts';

/** The range every overview request is for: `useDashboardRange()`'s `{ from, to, tz }`. */
export type OverviewRange = Pick<OverviewQueryParams, 'from' | 'to' | 'tz'>;

const queryOf = ({ from, to, tz }: OverviewRange, year?: number): OverviewQueryParams =>
  year === undefined ? { from, to, tz } : { from, to, tz, year };

/**
 * `GET /api/overview/app`: what needs the viewer today and the figures of the range (ADR 036); `year` for
 * the accounts-by-region chart (default: the year of `to`). The previous answer stays on screen while
 * another range or year loads, so the widgets do not fall back to skeletons at each change.
 */
export const appOverviewQueryOptions = (range: OverviewRange, year?: number) => {
  const query = queryOf(range, year);
  return queryOptions({
    queryKey: overviewKeys.app(query),
    queryFn: ({ signal }) => apiClient.get<AppOverview>('/overview/app', { signal, query }),
    placeholderData: keepPreviousData,
  });
};

export function useAppOverview(range: OverviewRange, year?: number) {
  return useQuery(appOverviewQueryOptions(range, year));
}

/** What changes `/dashboard/app`'s figures: accounts, orders, invoices, posts, mail, chat, cards, events. */
export const APP_OVERVIEW_EVENTS = [
  'users.changed',
  'orders.changed',
  'invoices.changed',
  'posts.changed',
  'mail.new',
  'mail.changed',
  'chat.message',
  'kanban.changed',
  'calendar.changed',
] as const satisfies readonly RealtimeEventType[];

/**
 * Refreshes `/dashboard/app` (its figures and its new invoices) when something it counts changes elsewhere:
 * once per burst of pushed events (`useLiveRefresh`), the figures on screen staying until the new ones come.
 */
export function useAppOverviewLive(): void {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: overviewKeys.appAll }),
    [queryClient],
  );
  useLiveRefresh(APP_OVERVIEW_EVENTS, refresh);
}

/** How many invoices the app overview's "new invoices" table shows. */
export const NEW_INVOICES_COUNT = 5;

/**
 * The newest invoices (by create date) through the invoices list's own API, `GET /api/invoices`: the
 * viewer's own, administrators everyone's, as the list shows them.
 */
export function useNewInvoices() {
  return useQuery({
    queryKey: overviewKeys.newInvoices(),
    queryFn: ({ signal }) =>
      apiClient.get<InvoicePage>('/invoices', {
        signal,
        query: { page: 1, pageSize: NEW_INVOICES_COUNT, sort: 'createDate', order: 'desc' },
      }),
    select: (page) => page.invoices,
  });
}

/** Deletes an invoice (`DELETE /api/invoices/:id`: one's own, administrators any), then refreshes the table. */
export function useDeleteInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<null>(`/invoices/${id}`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: overviewKeys.appAll }),
        // The invoices area's own lists, if they are cached.
        queryClient.invalidateQueries({ queryKey: ['invoices'] }),
      ]),
  });
}

const invoicePdf = (invoice: Pick<Invoice, 'id'>, disposition?: 'inline') =>
  apiClient.get<Blob>(`/invoices/${invoice.id}/pdf`, {
    responseType: 'blob',
    ...(disposition && { query: { disposition } }),
  });

/** The invoice's PDF (made by the server), saved as `INV-1001.pdf`. */
export async function downloadInvoicePdf(invoice: Pick<Invoice, 'id' | 'invoiceNumber'>): Promise<void> {
  saveFile(`${invoice.invoiceNumber}.pdf`, await invoicePdf(invoice));
}

/** The PDF opened in a new tab, to print it as the server laid it out. */
export async function openInvoicePdf(invoice: Pick<Invoice, 'id'>): Promise<void> {
  const url = URL.createObjectURL(await invoicePdf(invoice, 'inline'));
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * `GET /api/overview/ecommerce` (issue 26 C): the shop's sales over the range for administrators, the
 * viewer's own purchases for anyone else (shop-only figures absent); `year` for the yearly sales (default:
 * the year of `to`). Keeps the previous answer on screen while another range or year loads.
 */
export const ecommerceOverviewQueryOptions = (range: OverviewRange, year?: number) => {
  const query = queryOf(range, year);
  return queryOptions({
    queryKey: overviewKeys.ecommerce(query),
    queryFn: ({ signal }) => apiClient.get<EcommerceOverview>('/overview/ecommerce', { signal, query }),
    placeholderData: keepPreviousData,
  });
};

export function useEcommerceOverview(range: OverviewRange, year?: number) {
  return useQuery(ecommerceOverviewQueryOptions(range, year));
}
