import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AppOverview } from '#shared/contract/overview.ts';

import { mailEntries, mailMessages, sessions, users } from '../../db/schema/index.ts';
import { daysOf, todayRange } from '../../lib/date-range.ts';
import { apiCalls } from '../../testing/http.ts';
import { member, type Member } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

describe('overview routes', () => {
  let t: TestApp;
  let admin: Member;
  let alice: Member;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await member(t.app, 'Grace', 'Hopper');
    alice = await member(t.app, 'Alice', 'Liddell');
  });
  afterAll(() => t.close());

  const today = new Date().toISOString().slice(0, 10);
  /** The day of `instant` in `timeZone`: ranges are chosen from the rows' real times, not the clock's. */
  const dayOf = (instant: Date, timeZone: string) => todayRange(timeZone, instant).from;
  const { call } = apiCalls(() => t.app, '/api/overview');
  const get = (q: string, who?: Member) => call(who ?? null, 'GET', `/app?${q}`);

  it('answers 401 signed out, before looking at the query', async () => {
    expect((await get(`from=${today}&to=${today}&tz=UTC`)).statusCode).toBe(401);
    expect((await get('tz=Nowhere/Land')).statusCode).toBe(401);
  });

  it('answers 400 with a message on a bad zone or range', async () => {
    for (const q of [
      `from=${today}&to=${today}&tz=Nowhere/Land`,
      `from=${today}&to=${today}&tz=%2B02:00`,
      `from=2024-03-10&to=2024-03-01&tz=UTC`,
      `from=2020-01-01&to=2024-01-01&tz=UTC`,
      `from=yesterday&to=${today}&tz=UTC`,
      `from=${today}&to=${today}`,
    ]) {
      const response = await get(q, alice);
      expect(response.statusCode, q).toBe(400);
      expect(response.json<{ message: string }>().message, q).toMatch(/\w/);
    }
    expect(
      (await get(`from=${today}&to=${today}&tz=Nowhere/Land`, alice)).json<{ message: string }>().message,
    ).toMatch(/time zone/i);
  });

  it('gives administrators the workspace figures', async () => {
    // The two accounts, their sessions and welcome mails, from the first row's day to the last one's in Paris.
    const db = t.app.db;
    const times = [
      ...(await db.select({ at: users.createdAt }).from(users)),
      ...(await db.select({ at: sessions.createdAt }).from(sessions)),
      ...(await db.select({ at: mailMessages.sentAt }).from(mailMessages)),
    ].map((row) => row.at!.getTime());
    const from = dayOf(new Date(Math.min(...times)), 'Europe/Paris');
    const to = dayOf(new Date(Math.max(...times)), 'Europe/Paris');
    const days = daysOf({ from, to, timeZone: 'Europe/Paris' });
    const response = await get(`from=${from}&to=${to}&tz=Europe/Paris`, admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<AppOverview>();
    expect(body.range).toMatchObject({ from, to, timeZone: 'Europe/Paris' });
    expect(body.today.overdueInvoices).toBe(0);
    // Both signed up in the range: two new accounts, two people signed in.
    expect(body.newAccounts?.value).toBe(2);
    expect(body.activePeople?.value).toBe(2);
    expect(body.newAccounts?.series.map((point) => point.day)).toEqual(days);
    // The welcome mail each received.
    expect(body.messages.value).toBe(2);
  });

  it('shows members their own figures and no workspace ones', async () => {
    // Alice's day in Tokyo is the day of her welcome mail, whatever the zone the test runs in.
    const [welcome] = await t.app.db
      .select({ at: mailEntries.at })
      .from(mailEntries)
      .where(eq(mailEntries.userId, alice.id));
    const day = dayOf(welcome!.at, 'Asia/Tokyo');
    const response = await get(`from=${day}&to=${day}&tz=Asia/Tokyo`, alice);
    expect(response.statusCode).toBe(200);
    const body = response.json<AppOverview>();
    expect(body).not.toHaveProperty('newAccounts');
    expect(body).not.toHaveProperty('activePeople');
    expect(body.today).not.toHaveProperty('overdueInvoices');
    expect(body.today).toMatchObject({ unreadChat: 0, cardsDue: 0, eventsToday: 0 });
    // Her welcome mail, not the administrator's.
    expect(body.messages).toMatchObject({ value: 1, series: [{ day, value: 1 }] });
  });
});
