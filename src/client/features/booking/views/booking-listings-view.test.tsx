import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Listing } from '#shared/contract/booking.ts';

import { paths } from '../../../config/paths.ts';
import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { jsonResponse, mockFetch, testUser, type MockRoute } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { makeListing, makeRoom } from '../testing/listing-fixtures.ts';
import { BookingListingsView } from './booking-listings-view.tsx';

const page = (listings: Listing[], total = listings.length) => ({
  listings,
  total,
  page: 1,
  pageSize: 12,
  hasNextPage: false,
});

function signIn(role: 'admin' | 'user') {
  authStore.setState({
    ...initialAuthState,
    isInitialized: true,
    isAuthenticated: true,
    user: { ...testUser, role },
  });
}

/** The config and the listings, answered by `respond`; the requests' query strings are kept in `queries`. */
function listingsRoutes(respond: (query: URLSearchParams) => Response) {
  const queries: URLSearchParams[] = [];
  const routes: MockRoute[] = [
    { path: '/api/config', respond: () => jsonResponse({ demo: null, currency: 'USD' }) },
    {
      path: '/api/booking/listings',
      respond: ({ url }) => {
        const query = new URL(url, 'http://localhost').searchParams;
        queries.push(query);
        return respond(query);
      },
    },
  ];
  return { routes, queries };
}

function renderView(initial = '/dashboard/booking/listings') {
  return renderRoutes(
    [
      { path: '/dashboard/booking/listings', element: <BookingListingsView /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [initial] },
  );
}

describe('the listings page', () => {
  beforeEach(() => signIn('user'));

  it('shows each listing as a card: name, kind, location, price per person or unit, rating and reviews', async () => {
    const { routes } = listingsRoutes(() => jsonResponse(page([makeListing(), makeRoom()])));
    mockFetch(routes);
    renderView();
    const kayak = await screen.findByRole('article', { name: 'Kayak at dawn' });
    expect(within(kayak).getByText('Tour')).toBeTruthy();
    expect(within(kayak).getByText('Harbour pier 3')).toBeTruthy();
    expect(within(kayak).getByText('$25.00')).toBeTruthy();
    expect(within(kayak).getByText('per person')).toBeTruthy();
    expect(within(kayak).getByText('3 reviews')).toBeTruthy();
    expect(within(kayak).getByRole('img', { name: 'Rated 4.7 out of 5' })).toBeTruthy();
    expect(within(kayak).getByRole('link', { name: 'Kayak at dawn' }).getAttribute('href')).toBe(
      paths.dashboard.booking.listing(makeListing().id),
    );
    const room = screen.getByRole('article', { name: 'Sea view room' });
    expect(within(room).getByText('$90.00')).toBeTruthy();
    expect(within(room).getByText('per unit')).toBeTruthy();
    expect(within(room).getByText('No reviews yet')).toBeTruthy();
    // People do not manage listings.
    expect(screen.queryByRole('link', { name: 'New listing' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit Kayak at dawn' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();
  });

  it('sends the search and the kind to the server and keeps them in the address', async () => {
    const { routes, queries } = listingsRoutes((query) =>
      jsonResponse(
        query.get('search') === 'kayak' ? page([makeListing()]) : page([makeListing(), makeRoom()]),
      ),
    );
    mockFetch(routes);
    const { router } = renderView();
    await screen.findByRole('article', { name: 'Sea view room' });
    expect(queries[0]?.get('search')).toBeNull();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search listings' }), 'kayak');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Sea view room' })).toBeNull());
    expect(queries.at(-1)?.get('search')).toBe('kayak');
    expect(router.state.location.search).toContain('search=kayak');

    await userEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Room' }));
    await waitFor(() => expect(queries.at(-1)?.get('kind')).toBe('room'));
    expect(queries.at(-1)?.get('search')).toBe('kayak');
    expect(queries.at(-1)?.get('page')).toBe('1');
    expect(router.state.location.search).toContain('kind=room');
  });

  it('reads the search and kind from the address, and says when nothing matches', async () => {
    const { routes, queries } = listingsRoutes(() => jsonResponse(page([])));
    mockFetch(routes);
    renderView('/dashboard/booking/listings?search=yoga&kind=course');
    expect(await screen.findByText('No listings match.')).toBeTruthy();
    expect(queries[0]?.get('search')).toBe('yoga');
    expect(queries[0]?.get('kind')).toBe('course');
    expect((screen.getByRole('searchbox', { name: 'Search listings' }) as HTMLInputElement).value).toBe(
      'yoga',
    );
  });

  it('lets administrators filter drafts and start a new listing', async () => {
    signIn('admin');
    const { routes, queries } = listingsRoutes((query) =>
      jsonResponse(
        query.get('status') === 'draft'
          ? page([makeRoom({ status: 'draft' })])
          : page([makeListing(), makeRoom({ status: 'draft' })]),
      ),
    );
    mockFetch(routes);
    renderView();
    const draft = await screen.findByRole('article', { name: 'Sea view room' });
    expect(within(draft).getByText('Draft')).toBeTruthy();
    expect(within(draft).getByRole('link', { name: 'Edit Sea view room' }).getAttribute('href')).toBe(
      paths.dashboard.booking.editListing(makeRoom().id),
    );
    expect(screen.getByRole('link', { name: 'New listing' }).getAttribute('href')).toBe(
      paths.dashboard.booking.newListing,
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Draft' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Kayak at dawn' })).toBeNull());
    expect(queries.at(-1)?.get('status')).toBe('draft');
  });

  it('says when there are no listings, and offers Retry when the request fails', async () => {
    let fail = true;
    const { routes } = listingsRoutes(() =>
      fail ? jsonResponse({ message: 'The listings could not be loaded' }, 500) : jsonResponse(page([])),
    );
    mockFetch(routes);
    renderView();
    expect(await screen.findByText('The listings could not be loaded')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No listings yet.')).toBeTruthy();
    expect(screen.queryByText('The listings could not be loaded')).toBeNull();
  });
});
