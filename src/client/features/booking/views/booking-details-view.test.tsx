import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { Booking, BookingDetails, BookingReview, Listing } from '#shared/contract/booking.ts';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { realtime } from '../../../lib/realtime/realtime-client.ts';
import { jsonResponse, mockFetch, testUser, type MockRoute } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { readySocket, startRealtime } from '../../overview/testing/overview-view-helpers.tsx';
import { BookingDetailsView } from './booking-details-view.tsx';

const bookingId = '50000000-0000-4000-8000-000000000001';
const listingId = '40000000-0000-4000-8000-000000000001';
const guest = {
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Grace Hopper',
  email: 'grace@example.com',
};
const HOUR = 3_600_000;

function makeBooking(overrides: Partial<Booking> = {}): Booking {
  return {
    id: bookingId,
    number: 'BK-1001',
    listing: { id: listingId, name: 'Old town walk', kind: 'tour', mode: 'slot', timeZone: 'Europe/Paris' },
    person: guest,
    startsAt: new Date(Date.now() + 72 * HOUR).toISOString(),
    endsAt: new Date(Date.now() + 74 * HOUR).toISOString(),
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

const makeReview = (overrides: Partial<BookingReview> = {}): BookingReview => ({
  id: '60000000-0000-4000-8000-000000000001',
  bookingId,
  listingId,
  author: { id: guest.id, name: guest.name },
  rating: 4,
  tags: ['Friendly staff'],
  text: 'Lovely walk',
  status: 'pending',
  createdAt: '2026-03-12T08:00:00.000Z',
  ...overrides,
});

const makeListing = (overrides: Partial<Listing> = {}): Listing => ({
  id: listingId,
  name: 'Old town walk',
  kind: 'tour',
  description: '',
  location: 'Old town',
  cover: null,
  gallery: [],
  priceCents: 2_500,
  priceUnit: 'person',
  capacity: 10,
  durationMinutes: 120,
  mode: 'slot',
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  bookingNoticeHours: 0,
  cancelNoticeHours: 24,
  timeZone: 'Europe/Paris',
  status: 'published',
  hours: [],
  dates: [],
  reviewCount: 0,
  rating: null,
  currency: 'USD',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
  ...overrides,
});

function signIn(as: 'admin' | 'guest') {
  authStore.setState({
    ...initialAuthState,
    isInitialized: true,
    isAuthenticated: true,
    user: as === 'admin' ? { ...testUser, role: 'admin' } : { ...testUser, ...guest, role: 'user' },
  });
}

/** The booking's page; `details` is read on every request, so a test changes what the server has. */
function renderDetails(
  state: { details: BookingDetails },
  routes: MockRoute[] = [],
  listing: Listing | null = makeListing(),
) {
  const mock = mockFetch([
    ...routes,
    { path: '/api/config', respond: () => jsonResponse({ demo: null, currency: 'USD' }) },
    { path: `/api/booking/bookings/${bookingId}`, respond: () => jsonResponse(state.details) },
    {
      path: `/api/booking/listings/${listingId}`,
      respond: () =>
        listing ? jsonResponse({ listing }) : jsonResponse({ message: 'Listing not found' }, 404),
    },
  ]);
  const rendered = renderRoutes(
    [{ path: '/dashboard/booking/:id', element: <BookingDetailsView id={bookingId} /> }],
    {
      initialEntries: [`/dashboard/booking/${bookingId}`],
    },
  );
  return { ...mock, ...rendered };
}

const details = (booking: Booking, extra: Partial<BookingDetails> = {}): BookingDetails => ({
  booking,
  timeline: [
    {
      id: '1',
      action: 'created',
      actor: { id: guest.id, name: guest.name },
      note: null,
      createdAt: '2026-03-01T08:00:00.000Z',
    },
  ],
  review: null,
  ...extra,
});

const summary = () => screen.findByRole('region', { name: 'Details' });

describe('a booking’s details', () => {
  beforeEach(() => signIn('admin'));

  it('shows what, who, when (listing’s and viewer’s zone), guests, price, payment and status', async () => {
    renderDetails({ details: details(makeBooking({ paymentMethod: 'bankTransfer' })) });
    const part = await summary();
    expect(await screen.findByRole('heading', { name: 'Booking BK-1001' })).toBeTruthy();
    expect(within(part).getByRole('link', { name: 'Old town walk' }).getAttribute('href')).toBe(
      `/dashboard/booking/listings/${listingId}`,
    );
    expect(within(part).getByText('Grace Hopper')).toBeTruthy();
    expect(await within(part).findByText('Listing time (Europe/Paris)')).toBeTruthy();
    expect(within(part).getByText('$50.00')).toBeTruthy();
    expect(within(part).getByText('$25.00')).toBeTruthy();
    expect(within(part).getByText('Bank transfer')).toBeTruthy();
    expect(within(part).getByText('Not paid yet')).toBeTruthy();
    expect(within(part).getByText('Confirmed')).toBeTruthy();
    const timeline = screen.getByRole('list', { name: 'Timeline' });
    expect(within(timeline).getByText('Booked')).toBeTruthy();
    expect(within(timeline).getByText(/Grace Hopper/)).toBeTruthy();
  });

  it('shows a range of days as the listing’s days, and the viewer’s times when the zones differ', async () => {
    const real = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...real.call(this), timeZone: 'America/New_York' };
    });
    const room = {
      id: listingId,
      name: 'Garden suite',
      kind: 'room',
      mode: 'range',
      timeZone: 'Europe/Paris',
    } as const;
    renderDetails(
      {
        details: details(
          makeBooking({
            listing: room,
            startsAt: '2027-01-20T23:00:00.000Z',
            endsAt: '2027-01-23T23:00:00.000Z',
          }),
        ),
      },
      [],
      makeListing({ mode: 'range', kind: 'room', name: 'Garden suite' }),
    );
    const part = await summary();
    const term = await within(part).findByText('Listing time (Europe/Paris)');
    // Nights of 21, 22 and 23 January in Paris; from New York they start at 6 PM the day before.
    expect(term.nextElementSibling!.textContent).toMatch(/^Jan 21\s–\s24, 2027$/u);
    const own = within(part).getByText('Your time (America/New_York)');
    expect(own.nextElementSibling!.textContent).toMatch(
      /^Jan 20, 2027, 6:00\sPM\s–\sJan 23, 2027, 6:00\sPM$/u,
    );
  });

  it('offers an administrator the steps of the status; Check in moves it on and the page shows it', async () => {
    const state = { details: details(makeBooking()) };
    const { calls } = renderDetails(state, [
      {
        method: 'POST',
        path: `/api/booking/bookings/${bookingId}/check-in`,
        respond: () => {
          const booking = makeBooking({ status: 'checked_in' });
          state.details = details(booking, {
            timeline: [
              ...state.details.timeline,
              {
                id: '2',
                action: 'checked_in',
                actor: { id: testUser.id, name: 'Ada Lovelace' },
                note: null,
                createdAt: new Date().toISOString(),
              },
            ],
          });
          return jsonResponse({ booking });
        },
      },
    ]);
    const actions = await screen.findByRole('group', { name: 'Booking actions' });
    expect(within(actions).queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(within(actions).queryByRole('button', { name: 'Complete' })).toBeNull();
    expect(within(actions).getByRole('button', { name: 'Mark paid' })).toBeTruthy();
    expect(within(actions).getByRole('button', { name: 'Cancel booking' })).toBeTruthy();

    await userEvent.click(within(actions).getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('Guest checked in')).toBeTruthy();
    expect(calls('POST', `/api/booking/bookings/${bookingId}/check-in`)).toHaveLength(1);
    const part = await summary();
    await waitFor(() => expect(within(part).getByText('Checked in')).toBeTruthy());
    // Now the next step is Complete; check-in is done.
    const after = screen.getByRole('group', { name: 'Booking actions' });
    expect(within(after).getByRole('button', { name: 'Complete' })).toBeTruthy();
    expect(within(after).queryByRole('button', { name: 'Check in' })).toBeNull();
    expect(
      within(screen.getByRole('list', { name: 'Timeline' })).getByText('Ada Lovelace', { exact: false }),
    ).toBeTruthy();
  });

  it('shows a refused step’s message from the server', async () => {
    renderDetails({ details: details(makeBooking({ status: 'pending' })) }, [
      {
        method: 'POST',
        path: `/api/booking/bookings/${bookingId}/confirm`,
        respond: () =>
          jsonResponse({ message: 'This booking is cancelled: it cannot be confirmed', code: 'STATUS' }, 409),
      },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This booking is cancelled: it cannot be confirmed')).toBeTruthy();
  });

  it('cancelling requires a reason, sends it, and shows the server’s refusal in the dialog', async () => {
    signIn('guest');
    const bodies: unknown[] = [];
    renderDetails({ details: details(makeBooking()) }, [
      {
        method: 'POST',
        path: `/api/booking/bookings/${bookingId}/cancel`,
        respond: ({ body }) => {
          bodies.push(body);
          return jsonResponse(
            {
              message: 'Bookings can be cancelled up to 24 hours before they start: ask an administrator',
              code: 'NOTICE',
            },
            400,
          );
        },
      },
    ]);
    const actions = await screen.findByRole('group', { name: 'Booking actions' });
    // A person has no administrator's steps.
    expect(within(actions).queryByRole('button', { name: 'Check in' })).toBeNull();
    expect(within(actions).queryByRole('button', { name: 'Mark paid' })).toBeNull();
    await userEvent.click(within(actions).getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel booking BK-1001?' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await within(dialog).findByText('Give a reason for cancelling')).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(bodies).toEqual([]);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Flight cancelled');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(
      await within(dialog).findByText(
        'Bookings can be cancelled up to 24 hours before they start: ask an administrator',
      ),
    ).toBeTruthy();
    expect(bodies).toEqual([{ reason: 'Flight cancelled' }]);
  });

  it('an administrator cancels with a reason and the booking shows as cancelled', async () => {
    const state = { details: details(makeBooking({ status: 'pending' })) };
    renderDetails(state, [
      {
        method: 'POST',
        path: `/api/booking/bookings/${bookingId}/cancel`,
        respond: ({ body }) => {
          const { reason } = body as { reason: string };
          const booking = makeBooking({ status: 'cancelled', cancelReason: reason });
          state.details = details(booking);
          return jsonResponse({ booking });
        },
      },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel booking BK-1001?' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Guide is ill');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const part = await summary();
    await waitFor(() => expect(within(part).getByText('Guide is ill')).toBeTruthy());
    expect(within(part).getByText('Cancelled')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Booking actions' })).toBeNull();
  });

  it('hides Cancel from the person once the listing’s cancel notice has started, and says why', async () => {
    signIn('guest');
    renderDetails({
      details: details(
        makeBooking({
          startsAt: new Date(Date.now() + 5 * HOUR).toISOString(),
          endsAt: new Date(Date.now() + 7 * HOUR).toISOString(),
        }),
      ),
    });
    expect(await screen.findByText(/cancelling closes 24 hours before it starts/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
  });

  it('lets the person review a completed booking: rating, tags and text are sent', async () => {
    signIn('guest');
    const bodies: unknown[] = [];
    const state = {
      details: details(makeBooking({ status: 'completed', paidAt: '2026-03-02T10:00:00.000Z' })),
    };
    renderDetails(state, [
      {
        method: 'POST',
        path: `/api/booking/bookings/${bookingId}/review`,
        respond: ({ body }) => {
          bodies.push(body);
          const review = makeReview(body as Partial<BookingReview>);
          state.details = { ...state.details, review };
          return jsonResponse({ review }, 201);
        },
      },
    ]);
    const part = await screen.findByRole('region', { name: 'Review' });
    // Without a rating nothing is sent.
    await userEvent.click(within(part).getByRole('button', { name: 'Send review' }));
    expect(await within(part).findByText('Choose a rating from 1 to 5')).toBeTruthy();
    expect(bodies).toEqual([]);

    // A plain click: jsdom lays nothing out, so the stars' hover (from the pointer's place) means nothing.
    fireEvent.click(within(part).getByRole('radio', { name: '4 out of 5' }));
    const tags = within(part).getByRole('combobox', { name: 'Tags' });
    await userEvent.click(tags);
    await userEvent.click(await screen.findByRole('option', { name: 'On time' }));
    await userEvent.type(tags, 'Great guide{Enter}');
    await userEvent.type(within(part).getByRole('textbox', { name: 'Your review' }), ' Worth it ');
    await userEvent.click(within(part).getByRole('button', { name: 'Send review' }));

    await waitFor(() =>
      expect(bodies).toEqual([{ rating: 4, tags: ['On time', 'Great guide'], text: 'Worth it' }]),
    );
    expect(await screen.findByText('Thank you for your review')).toBeTruthy();
    // The review as sent, waiting for an administrator.
    expect(await within(part).findByText('Waiting')).toBeTruthy();
    expect(within(part).queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('shows an administrator the review with Accept and Reject; Accept calls the API', async () => {
    const state = {
      details: details(makeBooking({ status: 'completed' }), { review: makeReview() }),
    };
    const { calls } = renderDetails(state, [
      {
        method: 'POST',
        path: `/api/booking/reviews/${makeReview().id}/accept`,
        respond: () => {
          const review = makeReview({ status: 'accepted' });
          state.details = { ...state.details, review };
          return jsonResponse({ review });
        },
      },
    ]);
    const part = await screen.findByRole('region', { name: 'Review' });
    expect(await within(part).findByText('Lovely walk')).toBeTruthy();
    expect(within(part).getByText('Friendly staff')).toBeTruthy();
    expect(within(part).getByRole('button', { name: 'Reject' })).toBeTruthy();
    await userEvent.click(within(part).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Review accepted')).toBeTruthy();
    expect(calls('POST', `/api/booking/reviews/${makeReview().id}/accept`)).toHaveLength(1);
    await waitFor(() => expect(within(part).getByText('Accepted')).toBeTruthy());
    expect(within(part).queryByRole('button', { name: 'Accept' })).toBeNull();
    // No review form for the administrator of someone else's booking.
    expect(within(part).queryByRole('button', { name: 'Send review' })).toBeNull();
  });

  it('shows a not-found state for an address that names no booking, without asking', async () => {
    const { fetchMock } = mockFetch([]);
    renderRoutes([{ path: '*', element: <BookingDetailsView id="BK-1001" /> }]);
    expect(await screen.findByRole('heading', { name: 'Booking not found' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a not-found state for a booking that is not there or not theirs (404)', async () => {
    mockFetch([
      {
        path: `/api/booking/bookings/${bookingId}`,
        respond: () => jsonResponse({ message: 'Booking not found' }, 404),
      },
    ]);
    renderRoutes([{ path: '*', element: <BookingDetailsView id={bookingId} /> }]);
    expect(await screen.findByRole('heading', { name: 'Booking not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to bookings' }).getAttribute('href')).toBe(
      '/dashboard/booking/list',
    );
  });

  it('shows a change made by the other side without a reload (booking.changed)', async () => {
    startRealtime();
    try {
      const state = { details: details(makeBooking({ status: 'pending' })) };
      renderDetails(state);
      const part = await summary();
      expect(await within(part).findByText('Pending')).toBeTruthy();
      const server = await readySocket();
      state.details = details(makeBooking({ status: 'cancelled', cancelReason: 'Plans changed' }));
      server.message({ type: 'booking.changed', bookingId, status: 'cancelled' });
      expect(await within(part).findByText('Plans changed', {}, { timeout: 4000 })).toBeTruthy();
    } finally {
      realtime.stop();
    }
  });
});
