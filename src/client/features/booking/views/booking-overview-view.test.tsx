import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { BookingOverview } from '#shared/contract/booking-overview.ts';
import type { Booking } from '#shared/contract/booking.ts';
import { completeLayout } from '#shared/contract/overview-layouts.ts';

import { realtime } from '../../../lib/realtime/realtime-client.ts';
import { jsonResponse, mockFetch } from '../../../testing/fetch-mock.ts';
import {
  queriesOf,
  readySocket,
  renderDashboard,
  signIn,
  startRealtime,
  viewerClock,
  widget,
} from '../../overview/testing/overview-view-helpers.tsx';
import { BookingOverviewView } from './booking-overview-view.tsx';

const bookingId = '60000000-0000-4000-8000-000000000001';
const reviewId = '70000000-0000-4000-8000-000000000001';

const booking: Booking = {
  id: bookingId,
  number: 'BK-000042',
  listing: {
    id: '40000000-0000-4000-8000-000000000001',
    name: 'Kayak at dawn',
    kind: 'tour',
    mode: 'slot',
    timeZone: 'Asia/Tokyo',
  },
  person: { id: '80000000-0000-4000-8000-000000000001', name: 'Alice Liddell', email: 'alice@example.com' },
  startsAt: '2026-03-14T09:00:00.000Z',
  endsAt: '2026-03-14T10:30:00.000Z',
  guests: 2,
  unitPriceCents: 2_500,
  priceCents: 5_000,
  currency: 'USD',
  status: 'confirmed',
  cancelReason: null,
  paymentMethod: 'cash',
  paidAt: null,
  createdAt: '2026-03-10T08:00:00.000Z',
  updatedAt: '2026-03-10T08:00:00.000Z',
};

const series = (first: number, second: number) => [
  { day: '2026-03-01', value: first },
  { day: '2026-03-02', value: second },
];

const answer = (total: number, withReview = true): BookingOverview => ({
  range: {
    from: '2026-03-01',
    to: '2026-03-02',
    timeZone: 'Asia/Tokyo',
    previousFrom: '2026-02-27',
    previousTo: '2026-02-28',
  },
  currency: 'USD',
  scope: 'workspace',
  total: { value: total, previous: 4, series: series(total - 2, 2) },
  sold: { value: 3, previous: 3, series: series(1, 2) },
  cancelled: { value: 1, previous: 2, series: series(1, 0) },
  incomes: { value: 35_000, previous: 20_000, series: series(10_000, 25_000) },
  byStatus: {
    current: { pending: total - 4, confirmed: 1, checked_in: 1, completed: 1, cancelled: 1 },
    previous: { pending: 0, confirmed: 1, checked_in: 1, completed: 1, cancelled: 1 },
  },
  checkIn: { part: 2, total: 3, previousPart: 1, previousTotal: 2 },
  paid: { part: 3, total: 4, previousPart: 1, previousTotal: 3 },
  statistics: {
    period: 'month',
    buckets: [
      { start: '2026-02-01', sold: 4, cancelled: 1 },
      { start: '2026-03-01', sold: 3, cancelled: 1 },
    ],
  },
  available: { days: 7, slotsAvailable: 18, slotsSoldOut: 3, placesLeft: 48, placesTaken: 8 },
  ...(withReview && {
    reviews: {
      waiting: 1,
      latest: [
        {
          id: reviewId,
          bookingId,
          listingId: booking.listing.id,
          author: { id: booking.person.id, name: 'Alice Liddell' },
          rating: 4,
          tags: ['friendly'],
          text: 'Calm water and a great guide',
          status: 'pending',
          createdAt: '2026-03-02T10:00:00.000Z',
          listingName: 'Kayak at dawn',
          bookingNumber: 'BK-000042',
        },
      ],
    },
  }),
  newest: [{ booking, coverUrl: null }],
  details: [booking],
});

function renderOverview(answers: BookingOverview[], range = 'from=2026-03-01&to=2026-03-02') {
  let call = 0;
  const mock = mockFetch([
    { path: '/api/config', respond: () => jsonResponse({ demo: null, currency: 'USD' }) },
    {
      path: '/api/booking/overview',
      respond: () => jsonResponse(answers[Math.min(call++, answers.length - 1)]!),
    },
    {
      method: 'POST',
      path: `/api/booking/reviews/${reviewId}/accept`,
      respond: () => jsonResponse({ review: { ...answers[0]!.reviews!.latest[0]!, status: 'accepted' } }),
    },
    {
      path: '/api/overview/layouts/booking',
      respond: () =>
        jsonResponse({
          dashboard: 'booking',
          widgets: completeLayout('booking'),
          saved: false,
          updatedAt: null,
        }),
    },
  ]);
  const rendered = renderDashboard(
    '/dashboard/booking',
    <BookingOverviewView />,
    `/dashboard/booking?${range}`,
  );
  return { ...mock, ...rendered };
}

describe('the booking overview', () => {
  viewerClock(new Date('2026-03-02T03:00:00Z'), 'Asia/Tokyo');
  beforeEach(() => signIn('admin'));

  it('shows the range’s figures and asks for them in the viewer’s zone', async () => {
    const { calls } = renderOverview([answer(8)]);
    expect(within(await widget('Total bookings')).getByText('8', { selector: 'p' })).toBeTruthy();
    expect(await within(await widget('Total incomes')).findByText('$350.00')).toBeTruthy();
    expect(within(await widget('Cancelled')).getByText('1', { selector: 'p' })).toBeTruthy();
    const booked = await widget('Booked');
    expect(within(booked).getByText('Checked in')).toBeTruthy();
    expect(within(booked).getByRole('progressbar', { name: 'Pending' }).getAttribute('aria-valuetext')).toBe(
      '4 (50%)',
    );
    expect(within(await widget('Places available')).getByText('48 places left, 8 taken')).toBeTruthy();
    const details = await widget('Booking details');
    expect(within(details).getByRole('link', { name: 'BK-000042' }).getAttribute('href')).toBe(
      `/dashboard/booking/${bookingId}`,
    );
    expect(queriesOf(calls, '/api/booking/overview')[0]).toMatchObject({
      from: '2026-03-01',
      to: '2026-03-02',
      tz: 'Asia/Tokyo',
      period: 'month',
    });
  });

  it('opens the cancelled bookings of the range in the viewer’s days', async () => {
    const { router } = renderOverview([answer(8)]);
    const cancelled = await widget('Cancelled');
    await userEvent.click(within(cancelled).getByRole('button', { name: 'Actions: Cancelled' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Open list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/booking/list'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      status: 'cancelled',
      startDate: '2026-03-01T00:00:00+09:00',
      endDate: '2026-03-03T00:00:00+09:00',
    });
  });

  it('accepts a waiting review: the API is called and the review leaves', async () => {
    const { calls } = renderOverview([answer(8), answer(8, true), answer(8, false)]);
    const reviews = await widget('Customer reviews');
    expect(await within(reviews).findByText('Calm water and a great guide')).toBeTruthy();
    await userEvent.click(
      within(reviews).getByRole('button', { name: 'Accept the review of Alice Liddell' }),
    );
    await waitFor(() => expect(calls('POST', `/api/booking/reviews/${reviewId}/accept`)).toHaveLength(1));
    await waitFor(() => expect(within(reviews).queryByText('Calm water and a great guide')).toBeNull());
    expect(await screen.findByText('Review accepted')).toBeTruthy();
  });

  it('hides the reviews from a member and refreshes live on booking.changed', async () => {
    signIn('user');
    startRealtime();
    try {
      renderOverview([
        { ...answer(8, false), scope: 'own' },
        { ...answer(9, false), scope: 'own' },
      ]);
      const total = await widget('Total bookings');
      expect(within(total).getByText('8', { selector: 'p' })).toBeTruthy();
      expect(screen.queryByRole('region', { name: 'Customer reviews' })).toBeNull();
      const server = await readySocket();
      server.message({ type: 'booking.changed', bookingId, status: 'confirmed' });
      expect(await within(total).findByText('9', { selector: 'p' }, { timeout: 4000 })).toBeTruthy();
    } finally {
      realtime.stop();
    }
  });
});
