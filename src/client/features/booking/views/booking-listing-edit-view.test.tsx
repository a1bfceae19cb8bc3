import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Listing } from '#shared/contract/booking.ts';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { jsonResponse, mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { BookingListingEditView } from './booking-listing-edit-view.tsx';

const listingId = '30000000-0000-4000-8000-000000000001';
const config = { path: '/api/config', respond: () => jsonResponse({ currency: 'USD' }) };

function makeListing(overrides: Partial<Listing> = {}): Listing {
  return {
    id: listingId,
    name: 'Harbour walking tour',
    kind: 'tour',
    description: '<p>Two hours along the old port.</p>',
    location: 'Old port',
    cover: null,
    gallery: [],
    priceCents: 2500,
    priceUnit: 'person',
    capacity: 12,
    durationMinutes: 120,
    mode: 'slot',
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 15,
    bookingNoticeHours: 2,
    cancelNoticeHours: 24,
    timeZone: 'Europe/Paris',
    status: 'published',
    hours: [{ weekday: 2, startMinute: 600, endMinute: 960 }],
    dates: [{ day: '2027-01-01', kind: 'closed', startMinute: null, endMinute: null }],
    reviewCount: 0,
    rating: null,
    currency: 'EUR',
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    version: 3,
    ...overrides,
  };
}

const bodyOf = (call: unknown[] | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit | undefined)?.body)) as Record<string, unknown>;

/** Types into one section (hours, minutes, month…) of a MUI X picker. */
async function typeSection(section: HTMLElement, text: string) {
  await userEvent.click(section);
  await userEvent.keyboard(text);
}

function renderEdit(id?: string) {
  return renderRoutes([
    { path: '/', element: <BookingListingEditView {...(id !== undefined && { id })} /> },
    { path: '/dashboard/booking/listings', element: <p>listings page</p> },
    { path: '/dashboard/booking/listings/:id', element: <p>listing page</p> },
  ]);
}

describe('listing management view', () => {
  beforeEach(() => {
    authStore.setState({ ...initialAuthState, isInitialized: true, isAuthenticated: true, user: testUser });
  });

  it('creates a listing with its weekly hours and one-off dates, then opens it', async () => {
    const { calls } = mockFetch([
      config,
      {
        method: 'POST',
        path: '/api/booking/listings',
        respond: ({ body }) => jsonResponse({ listing: makeListing(body as Partial<Listing>) }, 201),
      },
    ]);
    renderEdit();

    expect(await screen.findByRole('heading', { level: 1, name: 'New listing' })).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Sunset kayak tour');
    await userEvent.type(screen.getByRole('textbox', { name: 'Location' }), 'North beach');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Price' }), '45.50');
    // Each mode says what it means.
    expect(screen.getByText(/Timed slots of the set length/)).toBeTruthy();
    expect(screen.getByText(/Whole days from a start day to an end day/)).toBeTruthy();

    // Monday 9:00–17:00 (a new window's default), copied to Tuesday–Friday; Saturday gets one too.
    await userEvent.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    expect(within(screen.getByRole('group', { name: 'Monday' })).queryByText('Closed')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Copy Monday to weekdays' }));
    expect(await screen.findByRole('group', { name: 'Friday, hours 1' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add hours on Saturday' }));
    const saturday = screen.getByRole('group', { name: 'Saturday, hours 1' });
    const [, saturdayEnd] = within(saturday).getAllByRole('spinbutton', { name: 'Hours' });
    await typeSection(saturdayEnd!, '01');
    expect(within(screen.getByRole('group', { name: 'Sunday' })).getByText('Closed')).toBeTruthy();

    // 25 December 2026 closed all day; 27 December open 10:00–14:00.
    const adding = screen.getByRole('group', { name: 'Add date' });
    const pickDay = async (month: string, day: string, year: string) => {
      const fields = within(adding)
        .getAllByRole('group')
        .find((g) => within(g).queryByRole('spinbutton', { name: 'Month' }));
      await typeSection(within(fields!).getByRole('spinbutton', { name: 'Month' }), month);
      await typeSection(within(fields!).getByRole('spinbutton', { name: 'Day' }), day);
      await typeSection(within(fields!).getByRole('spinbutton', { name: 'Year' }), year);
    };
    await pickDay('12', '25', '2026');
    await userEvent.click(within(adding).getByRole('button', { name: 'Add date' }));
    await pickDay('12', '27', '2026');
    await userEvent.click(within(adding).getByRole('combobox', { name: 'On this date' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Open' }));
    const [startHours, endHours] = within(adding).getAllByRole('spinbutton', { name: 'Hours' });
    await typeSection(startHours!, '10');
    await typeSection(endHours!, '02');
    await userEvent.click(within(adding).getByRole('button', { name: 'Add date' }));
    const list = screen.getByRole('list', { name: 'One-off dates' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Closed all day'),
      expect.stringContaining('Open 10:00 AM – 2:00 PM'),
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Create listing' }));

    await waitFor(() => expect(calls('POST', '/api/booking/listings')).toHaveLength(1));
    const sent = bodyOf(calls('POST', '/api/booking/listings')[0]);
    const weekday = { startMinute: 540, endMinute: 1020 };
    expect(sent).toMatchObject({
      name: 'Sunset kayak tour',
      kind: 'tour',
      mode: 'slot',
      location: 'North beach',
      priceCents: 4550,
      priceUnit: 'person',
      capacity: 10,
      durationMinutes: 60,
      status: 'draft',
      coverFileId: null,
      galleryFileIds: [],
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(sent.hours).toEqual([
      { weekday: 1, ...weekday },
      { weekday: 2, ...weekday },
      { weekday: 3, ...weekday },
      { weekday: 4, ...weekday },
      { weekday: 5, ...weekday },
      { weekday: 6, startMinute: 540, endMinute: 780 },
    ]);
    expect(sent.dates).toEqual([
      { day: '2026-12-25', kind: 'closed', startMinute: null, endMinute: null },
      { day: '2026-12-27', kind: 'open', startMinute: 600, endMinute: 840 },
    ]);
    expect(await screen.findByText('listing page')).toBeTruthy();
  });

  it('a new listing is booked the way its kind usually is, until the mode is chosen', async () => {
    mockFetch([config]);
    renderEdit();
    const slot = await screen.findByRole('radio', { name: /Time slots/ });
    expect((slot as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('spinbutton', { name: 'Slot length (minutes)' })).toBeTruthy();

    await userEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Room' }));
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: /Days/ }) as HTMLInputElement).checked).toBe(true),
    );
    // Days have no slot length; the capacity counts units.
    expect(screen.queryByRole('spinbutton', { name: 'Slot length (minutes)' })).toBeNull();
    expect(screen.getByText('Units that can be booked on each day')).toBeTruthy();

    // Chosen by hand, the mode stays.
    await userEvent.click(screen.getByRole('radio', { name: /Time slots/ }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Equipment' }));
    expect((screen.getByRole('radio', { name: /Time slots/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows the hours’ mistakes on the window and sends nothing', async () => {
    const { calls } = mockFetch([config]);
    renderEdit();

    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Pottery course');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Price' }), '30');
    // Wednesday 9:00 PM to 5:00 PM: the end before the start.
    await userEvent.click(screen.getByRole('button', { name: 'Add hours on Wednesday' }));
    const first = screen.getByRole('group', { name: 'Wednesday, hours 1' });
    const [startMeridiem] = within(first).getAllByRole('spinbutton', { name: 'Meridiem' });
    await typeSection(startMeridiem!, 'P');
    // A second window, then moved onto the first one: they overlap.
    await userEvent.click(screen.getByRole('button', { name: 'Add hours on Thursday' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add hours on Thursday' }));
    const second = screen.getByRole('group', { name: 'Thursday, hours 2' });
    const [secondStart] = within(second).getAllByRole('spinbutton', { name: 'Hours' });
    await typeSection(secondStart!, '03');
    await userEvent.click(screen.getByRole('button', { name: 'Create listing' }));

    expect(await within(first).findByText('The end must not be before the start')).toBeTruthy();
    expect(within(second).getByText('These hours overlap other hours of the same day')).toBeTruthy();
    expect(calls('POST', '/api/booking/listings')).toHaveLength(0);

    // Fixed, the message goes.
    await typeSection(startMeridiem!, 'A');
    await waitFor(() => expect(within(first).queryByText('The end must not be before the start')).toBeNull());
  });

  it('refuses a one-off open date whose end is not after its start', async () => {
    mockFetch([config]);
    renderEdit();
    const adding = await screen.findByRole('group', { name: 'Add date' });
    await userEvent.click(within(adding).getByRole('button', { name: 'Add date' }));
    expect(await within(adding).findByText('Choose a date')).toBeTruthy();
    await typeSection(within(adding).getByRole('spinbutton', { name: 'Month' }), '12');
    await typeSection(within(adding).getByRole('spinbutton', { name: 'Day' }), '24');
    await typeSection(within(adding).getByRole('spinbutton', { name: 'Year' }), '2026');
    await userEvent.click(within(adding).getByRole('combobox', { name: 'On this date' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Open' }));
    const [startMeridiem] = within(adding).getAllByRole('spinbutton', { name: 'Meridiem' });
    await typeSection(startMeridiem!, 'P');
    await userEvent.click(within(adding).getByRole('button', { name: 'Add date' }));
    expect(await within(adding).findByText('The end must be after the start')).toBeTruthy();
    expect(screen.getByText('No one-off dates.')).toBeTruthy();
  });

  it('edits a listing: shows what is saved and patches it with its version', async () => {
    const listing = makeListing();
    const { calls } = mockFetch([
      config,
      { path: `/api/booking/listings/${listingId}`, respond: () => jsonResponse({ listing }) },
      {
        method: 'PATCH',
        path: `/api/booking/listings/${listingId}`,
        respond: ({ body }) => jsonResponse({ listing: { ...listing, ...(body as object), version: 4 } }),
      },
    ]);
    renderEdit(listingId);

    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect((name as HTMLInputElement).value).toBe('Harbour walking tour');
    expect((screen.getByRole('spinbutton', { name: 'Price' }) as HTMLInputElement).value).toBe('25.00');
    expect(screen.getByRole('group', { name: 'Tuesday, hours 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Remove .*1, 2027/ })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Time zone' }) as HTMLInputElement).value).toBe(
      'Europe/Paris',
    );

    await userEvent.clear(name);
    await userEvent.type(name, 'Harbour night tour');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Tuesday, hours 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(calls('PATCH', `/api/booking/listings/${listingId}`)).toHaveLength(1));
    expect(bodyOf(calls('PATCH', `/api/booking/listings/${listingId}`)[0])).toMatchObject({
      version: 3,
      name: 'Harbour night tour',
      priceCents: 2500,
      timeZone: 'Europe/Paris',
      status: 'published',
      hours: [],
      dates: [{ day: '2027-01-01', kind: 'closed', startMinute: null, endMinute: null }],
    });
    expect(await screen.findByText('listing page')).toBeTruthy();
  });

  it('when someone saved first, shows their version and says so', async () => {
    const listing = makeListing();
    const theirs = { ...listing, name: 'Harbour tour by boat', version: 4 };
    mockFetch([
      config,
      { path: `/api/booking/listings/${listingId}`, respond: () => jsonResponse({ listing }) },
      {
        method: 'PATCH',
        path: `/api/booking/listings/${listingId}`,
        respond: () => jsonResponse({ message: 'Changed meanwhile', code: 'STALE', current: theirs }, 409),
      },
    ]);
    renderEdit(listingId);

    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), ' (new)');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(/Someone else changed this while you were editing/)).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe(
        'Harbour tour by boat',
      ),
    );
  });

  it('shows the server’s field issues on their fields', async () => {
    mockFetch([
      config,
      {
        method: 'POST',
        path: '/api/booking/listings',
        respond: () =>
          jsonResponse(
            {
              message: 'Invalid input',
              issues: [{ path: ['priceCents'], message: 'Enter a price from 0 to 1,000,000' }],
            },
            400,
          ),
      },
    ]);
    renderEdit();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Boat');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Price' }), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Create listing' }));
    expect(await screen.findByText('Enter a price from 0 to 1,000,000')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('deletes after a confirmation, and says why a listing with bookings cannot be', async () => {
    const listing = makeListing();
    let answer = 409;
    const { calls } = mockFetch([
      config,
      { path: `/api/booking/listings/${listingId}`, respond: () => jsonResponse({ listing }) },
      {
        method: 'DELETE',
        path: `/api/booking/listings/${listingId}`,
        respond: () =>
          answer === 409
            ? jsonResponse(
                {
                  message: 'This listing has bookings: make it a draft instead',
                  code: 'LISTING_HAS_BOOKINGS',
                },
                409,
              )
            : jsonResponse({ ok: true }),
      },
    ]);
    renderEdit(listingId);

    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this listing?' });
    expect(within(dialog).getByText(/“Harbour walking tour” will be deleted/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText('This listing has bookings: make it a draft instead.'),
    ).toBeTruthy();
    expect(screen.queryByText('listings page')).toBeNull();

    answer = 200;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('listings page')).toBeTruthy();
    expect(calls('DELETE', `/api/booking/listings/${listingId}`)).toHaveLength(2);
  });
});
