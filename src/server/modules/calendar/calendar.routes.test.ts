import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CalendarEvent } from '#shared/contract/calendar.ts';

import { apiCalls } from '../../testing/http.ts';
import { member, type Member } from '../../testing/members.ts';
import { signedInSocket } from '../../testing/realtime-socket.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let base: string;
let owner: Member;
let guest: Member;
let stranger: Member;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await member(t.app, 'Grace', 'Hopper');
  owner = await member(t.app, 'Olive', 'Owner');
  guest = await member(t.app, 'Gus', 'Guest');
  stranger = await member(t.app, 'Sam', 'Stranger');
});
afterAll(async () => {
  await t?.close();
});

const { call, ok } = apiCalls(() => t.app, '/api/calendar');

const create = async (who: Member, event: object) =>
  (await ok<{ event: CalendarEvent }>(who, 'POST', '/events/new', event)).event;

const titles = async (who: Member, query = '') =>
  (await call(who, 'GET', `/events${query}`)).json<{ events: CalendarEvent[] }>().events.map((e) => e.title);

describe('calendar: the spec calls', () => {
  it('creates an event (ISO or epoch milliseconds), lists it by range, updates part of it and deletes it', async () => {
    const event = await create(owner, {
      title: 'Design review',
      description: 'Bring the mock-ups',
      color: '#8e33ff',
      start: '2026-03-10T09:00:00.000Z',
      end: Date.parse('2026-03-10T10:30:00.000Z'),
    });
    expect(event).toMatchObject({
      title: 'Design review',
      color: '#8E33FF',
      allDay: false,
      start: '2026-03-10T09:00:00.000Z',
      end: '2026-03-10T10:30:00.000Z',
      editable: true,
      response: null,
      attendees: [],
      owner: { id: owner.id, name: 'Olive Owner' },
    });
    expect(await titles(owner, '?start=2026-03-01T00:00:00Z&end=2026-04-01T00:00:00Z')).toContain(
      'Design review',
    );
    expect(await titles(owner, '?start=2026-04-01T00:00:00Z&end=2026-05-01T00:00:00Z')).not.toContain(
      'Design review',
    );
    // A range that starts or ends inside the event still finds it (overlap).
    expect(await titles(owner, '?start=2026-03-10T10:00:00Z&end=2026-03-10T11:00:00Z')).toContain(
      'Design review',
    );

    const moved = await call(owner, 'POST', '/events/update', {
      eventId: event.id,
      event: { start: '2026-03-11T09:00:00Z', end: '2026-03-11T10:00:00Z' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<{ event: CalendarEvent }>().event).toMatchObject({
      title: 'Design review',
      description: 'Bring the mock-ups',
      start: '2026-03-11T09:00:00.000Z',
    });

    expect((await call(owner, 'POST', '/events/delete', { eventId: event.id })).statusCode).toBe(200);
    expect(await titles(owner)).not.toContain('Design review');
    expect((await call(owner, 'POST', '/events/delete', { eventId: event.id })).statusCode).toBe(404);
  });

  it('finds a long event (weeks) from a range in its middle, for the owner and an attendee', async () => {
    await create(owner, {
      title: 'Sabbatical',
      allDay: true,
      start: '2026-07-01',
      end: '2026-08-31',
      attendeeIds: [guest.id],
    });
    const middle = '?start=2026-08-01T00:00:00Z&end=2026-08-02T00:00:00Z';
    expect(await titles(owner, middle)).toContain('Sabbatical');
    expect(await titles(guest, middle)).toContain('Sabbatical');
    expect(await titles(owner, '?start=2026-09-01T00:00:00Z&end=2026-09-02T00:00:00Z')).not.toContain(
      'Sabbatical',
    );
  });

  it('refuses bad events with a clear 400: no title, end before start, unknown colour, bad dates or range', async () => {
    const cases: Array<[object, RegExp]> = [
      [{ title: ' ', start: '2026-03-10T09:00:00Z', end: '2026-03-10T10:00:00Z' }, /title/i],
      [{ title: 'x', start: '2026-03-10T09:00:00Z', end: '2026-03-10T08:00:00Z' }, /end must not be before/i],
      [
        { title: 'x', color: 'hotpink', start: '2026-03-10T09:00:00Z', end: '2026-03-10T10:00:00Z' },
        /colour/i,
      ],
      [{ title: 'x', start: 'next tuesday', end: '2026-03-10T10:00:00Z' }, /date/i],
      [{ title: 'x'.repeat(256), start: '2026-03-10T09:00:00Z', end: '2026-03-10T10:00:00Z' }, /too long/i],
    ];
    for (const [payload, message] of cases) {
      const res = await call(owner, 'POST', '/events/new', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    expect((await call(owner, 'GET', '/events?start=2026-01-01T00:00:00Z')).statusCode).toBe(400);
    expect(
      (await call(owner, 'GET', '/events?start=2020-01-01T00:00:00Z&end=2026-01-01T00:00:00Z')).statusCode,
    ).toBe(400);
  });
});

describe('calendar: owner, attendee, stranger', () => {
  it('an attendee sees the event read-only and answers it; a stranger gets 404 for everything', async () => {
    const event = await create(owner, {
      title: 'Planning',
      start: '2026-05-04T08:00:00Z',
      end: '2026-05-04T09:00:00Z',
      attendeeIds: [guest.id, owner.id],
    });
    expect(event.attendees).toEqual([expect.objectContaining({ id: guest.id, response: 'pending' })]);

    const seen = (await call(guest, 'GET', '/events')).json<{ events: CalendarEvent[] }>().events;
    expect(seen.find((e) => e.id === event.id)).toMatchObject({ editable: false, response: 'pending' });
    expect(await titles(stranger)).not.toContain('Planning');

    // Only the owner changes or deletes it.
    for (const who of [guest, stranger]) {
      expect(
        (await call(who, 'POST', '/events/update', { eventId: event.id, event: { title: 'Mine now' } }))
          .statusCode,
      ).toBe(404);
      expect((await call(who, 'POST', '/events/delete', { eventId: event.id })).statusCode).toBe(404);
    }
    expect(
      (await call(stranger, 'POST', '/events/respond', { eventId: event.id, response: 'accepted' }))
        .statusCode,
    ).toBe(404);
    expect((await call(stranger, 'GET', `/events/${event.id}/ics`)).statusCode).toBe(404);

    const answered = await call(guest, 'POST', '/events/respond', {
      eventId: event.id,
      response: 'declined',
    });
    expect(answered.json<{ event: CalendarEvent }>().event.response).toBe('declined');
    const ownersView = (await call(owner, 'GET', '/events')).json<{ events: CalendarEvent[] }>().events;
    expect(ownersView.find((e) => e.id === event.id)!.attendees).toEqual([
      expect.objectContaining({ id: guest.id, response: 'declined' }),
    ]);

    // Removing the attendee takes it out of their calendar.
    await call(owner, 'POST', '/events/update', { eventId: event.id, event: { attendeeIds: [] } });
    expect(await titles(guest)).not.toContain('Planning');
  });

  it('tells the owner and the attendees live when an event changes', async () => {
    const { ws, received } = await signedInSocket(base, guest.token);
    try {
      const event = await create(owner, {
        title: 'Live one',
        start: '2026-05-05T08:00:00Z',
        end: '2026-05-05T09:00:00Z',
        attendeeIds: [guest.id],
      });
      await expect
        .poll(() => received.filter((m) => m.type === 'calendar.changed'))
        .toEqual([{ type: 'calendar.changed', eventId: event.id }]);
    } finally {
      ws.close();
    }
  });
});

describe('calendar: iCalendar', () => {
  it('downloads one event as .ics, and serves a secret feed that can be revoked', async () => {
    const event = await create(owner, {
      title: 'Offsite; day one, Paris',
      description: 'Line one\nLine two',
      allDay: true,
      start: '2026-06-01',
      end: '2026-06-01',
    });
    const ics = await call(owner, 'GET', `/events/${event.id}/ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(ics.body).toContain('BEGIN:VEVENT');
    expect(ics.body).toContain('SUMMARY:Offsite\\; day one\\, Paris');
    expect(ics.body).toContain('DESCRIPTION:Line one\\nLine two');
    expect(ics.body).toContain('DTSTART;VALUE=DATE:20260601');
    expect(ics.body).toContain('DTEND;VALUE=DATE:20260602');
    expect(ics.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);

    expect((await call(owner, 'GET', '/feed')).json()).toEqual({ active: false, url: null });
    const made = (await call(owner, 'POST', '/feed')).json<{ active: boolean; url: string }>();
    expect(made.active).toBe(true);
    const path = new URL(made.url, 'http://localhost').pathname;
    const feed = await t.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain('SUMMARY:Offsite');
    expect((await call(owner, 'GET', '/feed')).json()).toEqual({ active: true, url: null });

    // A new address revokes the old one; deleting the feed revokes it too.
    const again = (await call(owner, 'POST', '/feed')).json<{ url: string }>();
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    const newPath = new URL(again.url, 'http://localhost').pathname;
    expect((await t.app.inject({ method: 'GET', url: newPath })).statusCode).toBe(200);
    expect((await call(owner, 'DELETE', '/feed')).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: newPath })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/calendar/feeds/not-a-real-token-at-all.ics' }))
        .statusCode,
    ).toBe(404);
  });
});
