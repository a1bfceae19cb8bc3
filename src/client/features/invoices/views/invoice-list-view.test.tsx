import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { invoicesListLoader } from '../api/invoices-list.ts';
import {
  designId,
  hostingId,
  invoiceSettingsRoutes,
  invoicesPageRoute,
  queriesOf,
} from '../testing/invoices-fixtures.ts';
import { InvoiceListView } from './invoice-list-view.tsx';

/** The address's query, as an object. */
const addressOf = (router: { state: { location: { search: string } } }) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search).entries());

function renderList(address: string) {
  const mock = mockFetch([invoicesPageRoute(), ...invoiceSettingsRoutes()]);
  const rendered = renderRoutes([{ path: '/invoices', element: <InvoiceListView /> }], {
    initialEntries: [address],
  });
  return { ...mock, ...rendered };
}

describe('invoice list view', () => {
  beforeEach(() => {
    authStore.setState({
      ...initialAuthState,
      isInitialized: true,
      isAuthenticated: true,
      user: { ...testUser, role: 'user' },
    });
  });

  it('asks for the tab, services, dates, search, sort and page the address names, and shows them', async () => {
    const { calls } = renderList(
      `/invoices?page=2&sort=dueDate&order=desc&search=acme&status=paid&service=${designId},${hostingId}&startDate=2026-01-01&endDate=2026-03-31`,
    );
    const grid = await screen.findByRole('grid');
    expect(await within(grid).findByText('INV-1011')).toBeTruthy();
    expect(queriesOf(calls)).toEqual([
      {
        page: '2',
        pageSize: '10',
        sort: 'dueDate',
        order: 'desc',
        search: 'acme',
        status: 'paid',
        service: `${designId},${hostingId}`,
        startDate: '2026-01-01',
        endDate: '2026-03-31',
      },
    ]);
    expect(screen.getByRole('tab', { name: /Paid/, selected: true })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Search invoices' }) as HTMLInputElement).value).toBe('acme');
    expect(await screen.findByText('Design, Hosting')).toBeTruthy();
  });

  it('leaves out of the address and the request what it cannot use', async () => {
    const { calls } = renderList(
      '/invoices?status=lost&service=nope&startDate=yesterday&page=-1&sort=colour',
    );
    expect(await within(await screen.findByRole('grid')).findByText('INV-1001')).toBeTruthy();
    expect(queriesOf(calls)).toEqual([{ page: '1', pageSize: '10', status: 'all' }]);
  });

  it('keeps a new tab and search in the address, from the first page, keeping the other filters', async () => {
    const { calls, router } = renderList('/invoices?page=2&startDate=2026-01-01');
    const grid = await screen.findByRole('grid');
    expect(await within(grid).findByText('INV-1011')).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: /Overdue/ }));
    await waitFor(() => expect(addressOf(router)).toEqual({ startDate: '2026-01-01', status: 'overdue' }));
    await waitFor(() =>
      expect(queriesOf(calls).at(-1)).toEqual({
        page: '1',
        pageSize: '10',
        status: 'overdue',
        startDate: '2026-01-01',
      }),
    );

    await userEvent.click(screen.getByRole('textbox', { name: 'Search invoices' }));
    await userEvent.paste('INV-1003');
    await waitFor(() =>
      expect(addressOf(router)).toEqual({ search: 'INV-1003', startDate: '2026-01-01', status: 'overdue' }),
    );
    await waitFor(() =>
      expect(queriesOf(calls).at(-1)).toMatchObject({ search: 'INV-1003', status: 'overdue' }),
    );

    // The next page is in the address too.
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(addressOf(router)).toMatchObject({ page: '2', search: 'INV-1003' }));
  });

  it("the route's loader asks for the address's page before the view, and the view finds it", async () => {
    const mock = mockFetch([invoicesPageRoute(), ...invoiceSettingsRoutes()]);
    renderRoutes(
      [
        {
          path: '/invoices',
          loader: invoicesListLoader,
          HydrateFallback: () => null,
          element: <InvoiceListView />,
        },
      ],
      { initialEntries: ['/invoices?status=draft&search=acme'] },
    );
    expect(await within(await screen.findByRole('grid')).findByText('INV-1001')).toBeTruthy();
    // One request: the view asked for what the loader had started (the same cache entry).
    expect(queriesOf(mock.calls)).toEqual([{ page: '1', pageSize: '10', status: 'draft', search: 'acme' }]);
  });
});
