import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { Booking, Listing } from '#shared/contract/booking.ts';

import { paths } from '../../../config/paths.ts';
import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { setAccessToken } from '../../../lib/api-client.ts';
import { FakeSocket } from '../../../lib/realtime/fake-socket.ts';
import { realtime } from '../../../lib/realtime/realtime-client.ts';
import { fakeToken, jsonResponse, mockFetch, testUser, type MockRoute } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { addDays, todayIn } from '../components/listing-time.ts';
import {
  availabilityItems,
  firstFreeDay,
  kayakId,
  listingRoutes,
  makeListing,
  makeRoom,
  newBookingId,
  roomId,
  zone,
} from '../testing/listing-fixtures.ts';
import { BookingListingView } from './booking-listing-view.tsx';

function signIn(role: 'admin' | 'user') {
  authStore.setState({
    ...initialAuthState,
    isInitialized: true,
    isAuthenticated: true,
    user: { ...testUser, role },
  });
}

function renderView(id: string) {
  return renderRoutes(
    [
      { path: '/dashboard/booking/listings/:id', element: <BookingListingView id={id} /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [paths.dashboard.booking.listing(id)] },
  );
}

/** The booking the server answers with for `body`. */
function bookingOf(listing: Listing, body: Record<string, unknown>, priceCents: number): Booking {
  return {
    id: newBookingId,
    number: 'BK-000123',
    listing: {
      id: listing.id,
      name: listing.name,
      kind: listing.kind,
      mode: listing.mode,
      timeZone: listing.timeZone,
    },
    person: { id: testUser.id, name: 'Ada Lovelace', email: testUser.email },
    startsAt: String(body.startsAt ?? `${String(body.from)}T00:00:00.000Z`),
    endsAt: String(body.startsAt ?? `${String(body.to)}T00:00:00.000Z`),
    guests: Number(body.guests),
    unitPriceCents: listing.priceCents,
    priceCents,
    currency: 'USD',
    status: 'pending',
    cancelReason: null,
    paymentMethod: body.paymentMethod as Booking['paymentMethod'],
    paidAt: null,
    createdAt: '2026-03-01T00:00:00.000Z',
    updatedAt: '2026-03-01T00:00:00.000Z',
  };
}

/** POST /api/booking/bookings answered by `respond`; the bodies sent are kept in `sent`. */
function bookRoute(respond: (body: Record<string, unknown>) => Response) {
  const sent: Record<string, unknown>[] = [];
  const route: MockRoute = {
    method: 'POST',
    path: '/api/booking/bookings',
    respond: ({ body }) => {
      sent.push(body as Record<string, unknown>);
      return respond(body as Record<string, unknown>);
    },
  };
  return { route, sent };
}

/** Picks `day` (`YYYY-MM-DD`) in the availability calendar, going to the next month when it is there. */
async function pickDay(day: string) {
  const calendar = await screen.findByRole('group', { name: 'Availability' });
  if (day.slice(0, 7) !== todayIn(zone).slice(0, 7)) {
    await userEvent.click(within(calendar).getByRole('button', { name: /next month/i }));
  }
  const number = String(Number(day.slice(8)));
  const cell = await waitFor(() => {
    const found = within(calendar)
      .getAllByRole('gridcell', { name: number })
      .find((element) => !element.hasAttribute('disabled') && element.getAttribute('data-state') === 'free');
    if (!found) throw new Error(`day ${day} is not free yet`);
    return found;
  });
  await userEvent.click(cell);
}

describe('a listing’s page', () => {
  beforeEach(() => signIn('user'));

  it('shows the listing: description, location, price, capacity, duration, notice rules and reviews', async () => {
    mockFetch(listingRoutes(makeListing()));
    renderView(kayakId);
    expect(await screen.findByRole('heading', { level: 1, name: 'Kayak at dawn' })).toBeTruthy();
    const description = await screen.findByTestId('listing-description');
    expect(within(description).getByText('before sunrise').tagName).toBe('STRONG');
    expect(screen.getByText('Harbour pier 3')).toBeTruthy();
    expect(screen.getByText('8 places per time slot')).toBeTruthy();
    expect(screen.getByText('1 hr 30 min')).toBeTruthy();
    expect(screen.getByText(/Book at least 2 hours ahead/)).toBeTruthy();
    expect(screen.getByText(/Cancel up to 24 hours before the start/)).toBeTruthy();
    const reviews = screen.getByRole('region', { name: 'Reviews' });
    expect(await within(reviews).findByText('Grace Hopper')).toBeTruthy();
    expect(within(reviews).getByText('Calm water and a great sunrise.')).toBeTruthy();
    expect(within(reviews).getByRole('img', { name: 'Rated 5 out of 5' })).toBeTruthy();
    // Only administrators edit.
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('books a slot: the day’s times in the listing’s zone, guests, payment, the price preview, a confirm step', async () => {
    const listing = makeListing();
    const { route, sent } = bookRoute((body) =>
      jsonResponse({ booking: bookingOf(listing, body, 5_000) }, 201),
    );
    mockFetch([...listingRoutes(listing), route]);
    renderView(kayakId);
    expect(await screen.findByText('Choose a day with places free.')).toBeTruthy();
    expect(screen.getAllByText('Times in Asia/Tokyo').length).toBeGreaterThan(0);
    const day = firstFreeDay();
    await pickDay(day);

    // 00:00Z is 9:00 AM in Tokyo; the second slot is full.
    const morning = await screen.findByRole('radio', { name: /9:00\s?AM – 10:30\s?AM · 4 places left/ });
    const noon = screen.getByRole('radio', { name: /12:00\s?PM – 1:30\s?PM · Full/ });
    expect((noon as HTMLInputElement).disabled).toBe(true);
    const book = screen.getByRole('button', { name: 'Book' });
    expect((book as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(morning);

    const guests = screen.getByRole('spinbutton', { name: 'Guests' });
    expect(screen.getByText('Up to 4 places')).toBeTruthy();
    await userEvent.clear(guests);
    await userEvent.type(guests, '5');
    expect(screen.getByText('Choose from 1 to 4')).toBeTruthy();
    expect((book as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(guests);
    await userEvent.type(guests, '2');
    await userEvent.click(screen.getByRole('radio', { name: 'Bank transfer' }));
    expect(screen.getByLabelText('Estimated total').textContent).toBe('$50.00');

    await userEvent.click(book);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your booking' });
    expect(within(dialog).getByText('Kayak at dawn')).toBeTruthy();
    expect(within(dialog).getByText('Asia/Tokyo')).toBeTruthy();
    expect(within(dialog).getByText('$50.00')).toBeTruthy();
    expect(sent).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm booking' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      listingId: kayakId,
      startsAt: `${day}T00:00:00.000Z`,
      guests: 2,
      paymentMethod: 'bankTransfer',
      idempotencyKey: expect.stringMatching(/^bk-[\w-]{8,}$/) as unknown,
    });
    expect(await screen.findByText('Booking BK-000123 is made. Total: $50.00.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByRole('link', { name: 'View booking' })[0]?.getAttribute('href')).toBe(
      paths.dashboard.booking.details(newBookingId),
    );
  });

  it('shows the server’s refusal when the slot filled meanwhile, and a new attempt gets a new key', async () => {
    const listing = makeListing();
    const { route, sent } = bookRoute(() =>
      jsonResponse({ message: 'Only 1 place is left for this time', code: 'FULL', placesLeft: 1 }, 409),
    );
    mockFetch([...listingRoutes(listing), route]);
    renderView(kayakId);
    await pickDay(firstFreeDay());
    await userEvent.click(await screen.findByRole('radio', { name: /9:00\s?AM/ }));
    const guests = screen.getByRole('spinbutton', { name: 'Guests' });
    await userEvent.clear(guests);
    await userEvent.type(guests, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm booking' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only 1 place is left for this time');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.idempotencyKey).not.toBe(sent[0]?.idempotencyKey);
  });

  it('shows a notice refusal in the listing’s terms', async () => {
    const listing = makeListing();
    const { route } = bookRoute(() =>
      jsonResponse({ message: 'Bookings close 2 hours before the start', code: 'NOTICE' }, 400),
    );
    mockFetch([...listingRoutes(listing), route]);
    renderView(kayakId);
    await pickDay(firstFreeDay());
    await userEvent.click(await screen.findByRole('radio', { name: /9:00\s?AM/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm booking' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Bookings close 2 hours before the start: choose a later time',
    );
  });

  it('books a range of days: check-in, check-out, the price per unit times the days', async () => {
    const room = makeRoom();
    const { route, sent } = bookRoute((body) =>
      jsonResponse({ booking: bookingOf(room, body, 18_000) }, 201),
    );
    mockFetch([...listingRoutes(room, { reviews: [] }), route]);
    renderView(roomId);
    expect(await screen.findByText('Choose the first day.')).toBeTruthy();
    const from = firstFreeDay();
    const to = addDays(from, 2);
    await pickDay(from);
    expect(await screen.findByText('Now choose the day you leave.')).toBeTruthy();
    await pickDay(to);
    expect(await screen.findByText('2 places left')).toBeTruthy();
    expect(screen.getByLabelText('Estimated total').textContent).toBe('$180.00');
    expect(screen.getByText('$90.00 per unit × 2 days')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ listingId: roomId, from, to, guests: 1, paymentMethod: 'cash' });
    expect(sent[0]).not.toHaveProperty('startsAt');
    expect(await screen.findByText('Booking BK-000123 is made. Total: $180.00.')).toBeTruthy();
  });

  it('gives administrators an Edit button, and says when a listing does not exist', async () => {
    signIn('admin');
    mockFetch(listingRoutes(makeListing()));
    const { unmount } = renderView(kayakId);
    expect((await screen.findByRole('link', { name: 'Edit' })).getAttribute('href')).toBe(
      paths.dashboard.booking.editListing(kayakId),
    );
    unmount();

    mockFetch([
      { path: '/api/config', respond: () => jsonResponse({ demo: null, currency: 'USD' }) },
      {
        path: `/api/booking/listings/${roomId}`,
        respond: () => jsonResponse({ message: 'Listing not found' }, 404),
      },
    ]);
    renderView(roomId);
    expect(await screen.findByText('This listing does not exist or is not published.')).toBeTruthy();
  });

  it('refreshes the free places when someone else books (live)', async () => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    setAccessToken(fakeToken(900));
    realtime.start();
    try {
      await waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
      const socket = FakeSocket.all.at(-1)!;
      act(() => {
        socket.open();
        socket.message({ type: 'ready' });
      });
      let left = 4;
      const listing = makeListing();
      const routes = listingRoutes(listing).map((route) =>
        route.path.endsWith('/availability')
          ? {
              ...route,
              respond: ({ url }: { url: string }) => {
                const query = new URL(url, 'http://localhost').searchParams;
                return jsonResponse({
                  mode: 'slot',
                  timeZone: zone,
                  capacity: 8,
                  items: availabilityItems(listing, query.get('from') ?? '', query.get('to') ?? '', left),
                });
              },
            }
          : route,
      );
      mockFetch(routes);
      renderView(kayakId);
      await pickDay(firstFreeDay());
      expect(
        await screen.findByRole('radio', { name: /9:00\s?AM – 10:30\s?AM · 4 places left/ }),
      ).toBeTruthy();
      await act(() => vi.dynamicImportSettled());

      left = 1;
      act(() => socket.message({ type: 'booking.changed', bookingId: newBookingId, status: 'pending' }));
      expect(
        await screen.findByRole('radio', { name: /9:00\s?AM – 10:30\s?AM · 1 place left/ }),
      ).toBeTruthy();
    } finally {
      realtime.stop();
    }
  });
});
