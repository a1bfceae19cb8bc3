import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { eventColors, type CalendarEvent } from '#shared/contract/calendar.ts';

import { member, type Member } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/** Issue #24: events take any `#RRGGBB` colour (other calendar clients send their own), nothing else. */
let t: TestApp;
let owner: Member;

beforeAll(async () => {
  t = await createTestApp();
  await member(t.app, 'Grace', 'Hopper');
  owner = await member(t.app, 'Olive', 'Owner');
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/calendar${url}`, headers: owner.headers, payload });

const slot = { start: '2026-03-10T09:00:00Z', end: '2026-03-10T10:00:00Z' };

async function listed(id: string): Promise<CalendarEvent | undefined> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/calendar/events?start=2026-03-01T00:00:00Z&end=2026-04-01T00:00:00Z',
    headers: owner.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ events: CalendarEvent[] }>().events.find((event) => event.id === id);
}

describe('calendar: event colours', () => {
  it('stores and returns a colour outside the palette, on create and on update', async () => {
    expect(eventColors).not.toContain('#123ABC');
    const created = await post('/events/new', { title: 'Imported', color: '#123abc', ...slot });
    expect(created.statusCode, created.body).toBe(200);
    const event = created.json<{ event: CalendarEvent }>().event;
    expect(event.color).toBe('#123ABC');
    expect((await listed(event.id))?.color).toBe('#123ABC');

    const updated = await post('/events/update', { eventId: event.id, event: { color: '#0a0B0c' } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<{ event: CalendarEvent }>().event.color).toBe('#0A0B0C');
    expect((await listed(event.id))?.color).toBe('#0A0B0C');
  });

  it('answers 400 with a message for a colour that is not #RRGGBB, and stores nothing', async () => {
    const event = (await post('/events/new', { title: 'Kept', color: '#8E33FF', ...slot })).json<{
      event: CalendarEvent;
    }>().event;
    for (const color of ['hotpink', '#12345', '#1234567', '123456', '#12345G', 'rgb(1, 2, 3)', 42, null]) {
      const created = await post('/events/new', { title: `Bad ${String(color)}`, color, ...slot });
      expect(created.statusCode, `${String(color)}: ${created.body}`).toBe(400);
      expect(created.json<{ message: string }>().message).toMatch(/#RRGGBB/);

      const updated = await post('/events/update', { eventId: event.id, event: { color } });
      expect(updated.statusCode, `${String(color)}: ${updated.body}`).toBe(400);
      expect(updated.json<{ message: string }>().message).toMatch(/#RRGGBB/);
    }
    expect((await listed(event.id))?.color).toBe('#8E33FF');
  });
});
