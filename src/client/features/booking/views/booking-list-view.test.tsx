import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { Booking, BookingPage } from '#shared/contract/booking.ts';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { jsonResponse, mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { shownDate } from '../../../testing/date-field.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { BookingListView } from './booking-list-view.tsx';

vi.mock('../../../lib/save-file.ts', () => ({ saveFile: vi.fn() }));

const listingId = '40000000-0000-4000-8000-000000000001';

function makeBooking(n: number, overrides: Partial<Booking> = {}): Booking {
  return {
    id: `50000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    number: `BK-${1000 + n}`,
    listing: { id: listingId, name: 'Old town walk', kind: 'tour', mode: 'slot', timeZone: 'UTC' },
    person: { id: '00000000-0000-4000-8000-000000000002', name: 'Grace Hopper', email: 'grace@example.com' },
    startsAt: '2026-03-10T09:00:00.000Z',
    endsAt: '2026-03-10T11:00:00.000Z',
    guests: 2,
    unitPriceCents: 2_500,
    priceCents: 5_000,
    currency: 'USD',
    status: 'confirmed',
    cancelReason: null,
    paymentMethod: 'cash',
    paidAt: null,
    createdAt: '2026-03-01T08:00:00.000Z',
    updatedAt: '2026-03-01T08:00:00.000Z',
    ...overrides,
  };
}

const counts = { all: 12, pending: 3, confirmed: 4, checked_in: 1, completed: 2, cancelled: 2 };

const page = (bookings: Booking[], extra: Partial<BookingPage> = {}): BookingPage => ({
  bookings,
  total: bookings.length,
  page: 1,
  pageSize: 20,
  hasNextPage: false,
  counts,
  ...extra,
});

function signIn(role: 'admin' | 'user') {
  authStore.setState({
    ...initialAuthState,
    isInitialized: true,
    isAuthenticated: true,
    user: { ...testUser, role },
  });
}

const addressOf = (router: { state: { location: { search: string } } }) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search).entries());

function renderList(address: string, answer: (query: Record<string, string>) => BookingPage) {
  const mock = mockFetch([
    { path: '/api/config', respond: () => jsonResponse({ demo: null, currency: 'USD' }) },
    {
      path: '/api/booking/bookings',
      respond: ({ url }) =>
        jsonResponse(answer(Object.fromEntries(new URL(url, 'http://localhost').searchParams.entries()))),
    },
    {
      path: `/api/booking/listings/${listingId}`,
      respond: () => jsonResponse({ message: 'Listing not found' }, 404),
    },
  ]);
  const rendered = renderRoutes(
    [
      { path: '/dashboard/booking/list', element: <BookingListView /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [address] },
  );
  const queries = () =>
    mock
      .calls('GET', '/api/booking/bookings')
      .map(([input]) =>
        Object.fromEntries(new URL(String(input), 'http://localhost').searchParams.entries()),
      );
  return { ...mock, ...rendered, queries };
}

describe('the bookings list', () => {
  beforeEach(() => signIn('admin'));

  it('shows each status tab with its count, and a tab asks for its status from the first page', async () => {
    const { router, queries } = renderList('/dashboard/booking/list?page=2', (q) =>
      page(q.status === 'checked_in' ? [makeBooking(2, { status: 'checked_in' })] : [makeBooking(1)]),
    );
    const tabs = await screen.findByRole('tablist', { name: 'Booking status' });
    await waitFor(() => expect(within(tabs).getByRole('tab', { name: 'All 12' })).toBeTruthy());
    expect(within(tabs).getByRole('tab', { name: 'Pending 3' })).toBeTruthy();
    expect(within(tabs).getByRole('tab', { name: 'Checked in 1' })).toBeTruthy();
    expect(within(tabs).getByRole('tab', { name: 'Cancelled 2' })).toBeTruthy();
    expect(queries()[0]).toEqual({ page: '2', pageSize: '20' });

    await userEvent.click(within(tabs).getByRole('tab', { name: 'Checked in 1' }));
    await waitFor(() => expect(addressOf(router)).toEqual({ status: 'checked_in' }));
    await waitFor(() =>
      expect(queries().at(-1)).toEqual({ page: '1', pageSize: '20', status: 'checked_in' }),
    );
    expect(await screen.findByRole('link', { name: 'Open booking BK-1002' })).toBeTruthy();
    expect(within(tabs).getByRole('tab', { name: 'Checked in 1' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it('asks for the listing, the viewer’s days and the search the address names', async () => {
    const { queries } = renderList(
      `/dashboard/booking/list?listingId=${listingId}&startDate=2026-03-01&endDate=2026-03-31&search=BK-10&status=pending`,
      () => page([makeBooking(1, { status: 'pending' })]),
    );
    await screen.findByRole('link', { name: 'Open booking BK-1001' });
    expect(queries()[0]).toEqual({
      page: '1',
      pageSize: '20',
      search: 'BK-10',
      status: 'pending',
      listingId,
      // The viewer's first day from its midnight, the last day up to the next midnight.
      startDate: new Date(2026, 2, 1).toISOString(),
      endDate: new Date(2026, 3, 1).toISOString(),
    });
    // The listing's name comes from its bookings; removing the chip drops the filter.
    const chip = await screen.findByRole('button', { name: 'Listing: Old town walk' });
    expect(await shownDate('Starting from')).toBe('03/01/2026');
    expect(await shownDate('Starting until')).toBe('03/31/2026');
    await userEvent.click(within(chip).getByTestId('CancelIcon'));
    await waitFor(() => expect(queries().at(-1)).not.toHaveProperty('listingId'));
  });

  it('shows an overview link’s instants as their days and sends them as they are', async () => {
    const start = '2026-03-01T00:00:00+07:00';
    const end = '2026-04-01T00:00:00+07:00';
    const { queries } = renderList(
      `/dashboard/booking/list?startDate=${encodeURIComponent(start)}&endDate=${encodeURIComponent(end)}`,
      () => page([makeBooking(1)]),
    );
    await screen.findByRole('link', { name: 'Open booking BK-1001' });
    expect(queries()[0]).toMatchObject({ startDate: start, endDate: end });
    expect(await shownDate('Starting from')).toBe('03/01/2026');
    expect(await shownDate('Starting until')).toBe('03/31/2026');
  });

  it('shows number, listing, person, time, guests, total, payment and status; a row opens the booking', async () => {
    const { router } = renderList('/dashboard/booking/list', () =>
      page([makeBooking(1, { paidAt: '2026-03-02T10:00:00.000Z', paymentMethod: 'bankTransfer' })]),
    );
    const table = await screen.findByRole('grid', { name: 'Bookings' });
    const row = (await within(table).findByRole('link', { name: 'Open booking BK-1001' })).closest('tr')!;
    const cells = within(row);
    expect(cells.getByText('Old town walk')).toBeTruthy();
    expect(cells.getByText('Tour')).toBeTruthy();
    expect(cells.getByText('Grace Hopper')).toBeTruthy();
    expect(cells.getByText('$50.00')).toBeTruthy();
    expect(cells.getByText('Paid')).toBeTruthy();
    expect(cells.getByText('Bank transfer')).toBeTruthy();
    expect(cells.getByText('Confirmed')).toBeTruthy();
    expect(screen.getByText(/Times are shown in your time zone/)).toBeTruthy();
    await userEvent.click(cells.getByRole('link', { name: 'Open booking BK-1001' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/booking/${makeBooking(1).id}`),
    );
  });

  it('shows a person their own bookings without the person column', async () => {
    signIn('user');
    renderList('/dashboard/booking/list', () => page([makeBooking(1)]));
    const table = await screen.findByRole('grid', { name: 'My bookings' });
    await within(table).findByRole('link', { name: 'Open booking BK-1001' });
    expect(within(table).queryByRole('columnheader', { name: 'Booked by' })).toBeNull();
    expect(within(table).queryByText('Grace Hopper')).toBeNull();
  });

  it('exports every page of the filter as CSV', async () => {
    vi.mocked(saveFile).mockClear();
    const { queries } = renderList('/dashboard/booking/list?status=cancelled&search=walk', (q) => {
      if (q.pageSize !== '100') return page([makeBooking(1, { status: 'cancelled' })]);
      return q.page === '1'
        ? page([makeBooking(1, { status: 'cancelled', cancelReason: 'Ill, sorry' })], { hasNextPage: true })
        : page([
            makeBooking(2, {
              status: 'cancelled',
              cancelReason: '=cmd()',
              paidAt: '2026-03-02T10:00:00.000Z',
            }),
          ]);
    });
    await screen.findByRole('link', { name: 'Open booking BK-1001' });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledOnce());

    expect(queries().slice(1)).toEqual([
      { page: '1', pageSize: '100', search: 'walk', status: 'cancelled' },
      { page: '2', pageSize: '100', search: 'walk', status: 'cancelled' },
    ]);
    const [name, blob] = vi.mocked(saveFile).mock.calls[0]!;
    expect(name).toMatch(/^bookings-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = new TextDecoder().decode(new Uint8Array(await blob.arrayBuffer()).slice(3));
    expect(text.split('\r\n')).toEqual([
      'Number,Listing,Kind,Booked by,Email,Starts (UTC),Ends (UTC),Guests,Unit price,Total,Currency,Payment method,Paid at (UTC),Status,Cancellation reason',
      'BK-1001,Old town walk,Tour,Grace Hopper,grace@example.com,2026-03-10T09:00:00.000Z,2026-03-10T11:00:00.000Z,2,25.00,50.00,USD,Cash,,Cancelled,"Ill, sorry"',
      "BK-1002,Old town walk,Tour,Grace Hopper,grace@example.com,2026-03-10T09:00:00.000Z,2026-03-10T11:00:00.000Z,2,25.00,50.00,USD,Cash,2026-03-02T10:00:00.000Z,Cancelled,'=cmd()",
      '',
    ]);
  });
});
