import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { CalendarEvent } from '#shared/contract/calendar.ts';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { jsonResponse, mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { EventDialog, type EventDialogTarget } from './event-dialog.tsx';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const grace = { id: id(2), name: 'Grace Hopper', avatarUrl: null };

const event = (extra: Partial<CalendarEvent> = {}): CalendarEvent => ({
  id: id(1),
  title: 'Design review',
  description: 'Bring the mock-ups',
  color: '#8E33FF',
  allDay: false,
  start: '2026-11-26T09:00:00.000Z',
  end: '2026-11-26T10:00:00.000Z',
  owner: { id: testUser.id, name: 'Ada Lovelace', avatarUrl: null },
  attendees: [{ ...grace, response: 'pending' }],
  editable: true,
  response: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...extra,
});

function renderDialog(target: EventDialogTarget, onClose = vi.fn()) {
  renderRoutes([
    {
      path: '/',
      element: <EventDialog target={target} onClose={onClose} />,
    },
  ]);
  return { onClose };
}

const sent = (calls: ReturnType<typeof mockFetch>['calls'], path: string) =>
  calls('POST', path).map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

describe('event dialog', () => {
  beforeEach(() => {
    authStore.setState({ ...initialAuthState, isInitialized: true, isAuthenticated: true, user: testUser });
  });

  it('adds an event over the selected range with a colour and an attendee picked from the directory', async () => {
    const { calls } = mockFetch([
      {
        path: '/api/users/cards',
        respond: () =>
          jsonResponse({
            users: [
              {
                id: grace.id,
                slug: 'grace',
                firstName: 'Grace',
                lastName: 'Hopper',
                displayName: 'Grace Hopper',
                role: 'user',
                avatarUrl: null,
                coverUrl: null,
              },
            ],
            total: 1,
            page: 1,
            pageSize: 20,
          }),
      },
      { method: 'POST', path: '/api/calendar/events/new', respond: () => jsonResponse({ event: event() }) },
    ]);
    const start = new Date('2026-11-26T09:00:00.000Z');
    const { onClose } = renderDialog({
      kind: 'new',
      start,
      end: new Date('2026-11-26T10:30:00.000Z'),
      allDay: false,
    });

    const dialog = await screen.findByRole('dialog', { name: 'Add event' });
    // Without a title the shared schema refuses, in the field, and nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Title is required')).toBeTruthy();
    expect(calls('POST', '/api/calendar/events/new')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Title'), 'Design review');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Colour 2' }));
    await userEvent.type(within(dialog).getByLabelText('Attendees'), 'Gra');
    await userEvent.click(await screen.findByRole('option', { name: 'Grace Hopper' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(calls, '/api/calendar/events/new')).toEqual([
      {
        title: 'Design review',
        description: '',
        allDay: false,
        color: '#8E33FF',
        start: '2026-11-26T09:00:00.000Z',
        end: '2026-11-26T10:30:00.000Z',
        attendeeIds: [grace.id],
      },
    ]);
    expect(await screen.findByText('Event added')).toBeTruthy();
  });

  it('deletes an event only after the confirmation', async () => {
    const { calls } = mockFetch([
      {
        method: 'POST',
        path: '/api/calendar/events/delete',
        respond: () => new Response(null, { status: 204 }),
      },
    ]);
    const { onClose } = renderDialog({ kind: 'event', event: event() });
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    expect(within(dialog).getByLabelText('Title')).toHaveProperty('value', 'Design review');
    expect(within(dialog).getByText(/Grace Hopper · Not answered/)).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete event' });
    expect(calls('POST', '/api/calendar/events/delete')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(calls, '/api/calendar/events/delete')).toEqual([{ eventId: id(1) }]);
  });

  it('keeps a colour of its own that another calendar client set, next to the palette', async () => {
    const { calls } = mockFetch([
      {
        method: 'POST',
        path: '/api/calendar/events/update',
        respond: () => jsonResponse({ event: event({ color: '#123ABC' }) }),
      },
    ]);
    const { onClose } = renderDialog({ kind: 'event', event: event({ color: '#123abc' }) });
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    const colours = within(dialog).getAllByRole('radio');
    // The event's own colour first (checked), then the theme's eight.
    expect(colours).toHaveLength(9);
    const own = within(dialog).getByRole('radio', { name: 'The event’s own colour (#123ABC)' });
    expect(own.getAttribute('aria-checked')).toBe('true');
    expect(colours[0]).toBe(own);

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Colour 3' }));
    expect(own.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(own);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(calls, '/api/calendar/events/update')).toEqual([
      expect.objectContaining({ eventId: id(1), event: expect.objectContaining({ color: '#123ABC' }) }),
    ]);
  });

  it('offers only the palette for an event in a palette colour', async () => {
    mockFetch([]);
    renderDialog({ kind: 'event', event: event() });
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(8);
    expect(within(dialog).getByRole('radio', { name: 'Colour 2' }).getAttribute('aria-checked')).toBe('true');
  });

  it("shows an attendee the organiser's event read-only and sends their answer", async () => {
    const { calls } = mockFetch([
      {
        method: 'POST',
        path: '/api/calendar/events/respond',
        respond: () => jsonResponse({ event: event({ editable: false, response: 'accepted' }) }),
      },
    ]);
    renderDialog({
      kind: 'event',
      event: event({
        editable: false,
        response: 'pending',
        owner: { id: grace.id, name: 'Grace Hopper', avatarUrl: null },
        attendees: [{ id: testUser.id, name: 'Ada Lovelace', avatarUrl: null, response: 'pending' }],
      }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Event' });
    expect(within(dialog).queryByLabelText('Title')).toBeNull();
    expect(within(dialog).getByText('Design review')).toBeTruthy();
    expect(within(dialog).getByText(/Organiser: Grace Hopper/)).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(sent(calls, '/api/calendar/events/respond')).toEqual([{ eventId: id(1), response: 'accepted' }]),
    );
    expect(await screen.findByText('Answer sent')).toBeTruthy();
  });
});
