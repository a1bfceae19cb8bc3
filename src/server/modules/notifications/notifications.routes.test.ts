import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Notification, NotificationPage } from '#shared/contract/notifications.ts';

import { notifications } from '../../db/schema/notifications.ts';
import { freshIp } from '../../testing/http.ts';
import {
  bearer,
  createTestApp,
  lastCode,
  register,
  uniqueEmail,
  type TestApp,
} from '../../testing/test-app.ts';
import { notify } from './notifications.repo.ts';
import { seedNotifications } from './notifications.seed.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newUser() {
  const auth = await register(t.app, { email: uniqueEmail() }, freshIp());
  return { id: auth.user.id, email: auth.user.email, headers: bearer(auth.accessToken) };
}

function list(headers: Record<string, string>, query = '') {
  return t.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers });
}

describe('notifications', () => {
  it('needs a signed-in caller', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    const markAll = await t.app.inject({ method: 'POST', url: '/api/notifications/mark-all-read' });
    expect(markAll.statusCode).toBe(401);
  });

  it('welcomes a new account with an unread notification that links to the account page', async () => {
    const user = await newUser();
    const page = (await list(user.headers)).json() as NotificationPage;
    expect(page.total).toBe(1);
    expect(page.unreadCount).toBe(1);
    expect(page.notifications[0]).toMatchObject({
      type: 'account',
      link: '/dashboard/user/account',
      readAt: null,
    });
  });

  it('lists newest first, filters unread, pages, and counts', async () => {
    const user = await newUser();
    await seedNotifications(t.database.db, user.id);
    const all = (await list(user.headers, '?pageSize=50')).json() as NotificationPage;
    expect(all.total).toBe(7); // 6 demo + welcome
    expect(all.unreadCount).toBe(4); // 3 unread demo + welcome
    const times = all.notifications.map((n) => Date.parse(n.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const unread = (await list(user.headers, '?filter=unread')).json() as NotificationPage;
    expect(unread.total).toBe(4);
    expect(unread.unreadCount).toBe(4);
    expect(unread.notifications.every((n) => n.readAt === null)).toBe(true);

    const page1 = (await list(user.headers, '?page=1&pageSize=5')).json() as NotificationPage;
    expect(page1).toMatchObject({ page: 1, pageSize: 5, total: 7, hasNextPage: true });
    const page2 = (await list(user.headers, '?page=2&pageSize=5')).json() as NotificationPage;
    expect(page2.notifications).toHaveLength(2);
    expect(page2).toMatchObject({ page: 2, pageSize: 5, total: 7, hasNextPage: false });
    expect(page2.notifications.map((n) => n.id)).not.toContain(page1.notifications[4]?.id);
  });

  it('pages by cursor: nothing repeats or goes missing while new notifications arrive', async () => {
    const user = await newUser();
    await seedNotifications(t.database.db, user.id);
    // Several in the same millisecond: the cursor keeps PostgreSQL's microseconds and the id as tie-breaker.
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        notify(t.database.db, user.id, { type: 'system', title: `Burst ${i}` }),
      ),
    );
    const seen: string[] = [];
    let answer = (await list(user.headers, '?pageSize=3')).json() as NotificationPage;
    seen.push(...answer.notifications.map((n) => n.id));
    // Something new arrives between pages: with offsets page 2 would repeat an item, with the cursor it does not.
    await notify(t.database.db, user.id, { type: 'system', title: 'Arrived meanwhile' });
    while (answer.nextCursor) {
      const res = await list(user.headers, `?pageSize=3&cursor=${answer.nextCursor}`);
      expect(res.statusCode).toBe(200);
      answer = res.json() as NotificationPage;
      seen.push(...answer.notifications.map((n) => n.id));
    }
    expect(answer.hasNextPage).toBe(false);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(12); // 6 demo + welcome + 5 in the burst; the newer one is before the first page
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(rows).toHaveLength(13);
  });

  it('rejects a bad query with 400', async () => {
    const user = await newUser();
    const forged = Buffer.from('2026-01-01 00:00:00|not-an-id').toString('base64url');
    for (const query of [
      '?filter=everything',
      '?page=0',
      '?pageSize=0',
      '?page=x',
      '?cursor=%2F%2F',
      `?cursor=${forged}`,
    ]) {
      expect((await list(user.headers, query)).statusCode).toBe(400);
    }
    // Over the maximum: clamped, and the answer says so.
    const big = await list(user.headers, '?pageSize=51');
    expect(big.statusCode).toBe(200);
    expect(big.json()).toMatchObject({ page: 1, pageSize: 50, hasNextPage: false });
  });

  it('marks one read, keeps the first read time, and lowers the unread count', async () => {
    const user = await newUser();
    const created = await notify(t.database.db, user.id, { type: 'system', title: 'Hello', body: 'World' });
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${created.id}/read`,
      headers: user.headers,
    });
    expect(read.statusCode).toBe(200);
    const { notification } = read.json() as { notification: Notification };
    expect(notification).toMatchObject({ id: created.id, title: 'Hello', body: 'World', link: null });
    expect(notification.readAt).not.toBeNull();

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${created.id}/read`,
      headers: user.headers,
    });
    expect((again.json() as { notification: Notification }).notification.readAt).toBe(notification.readAt);
    expect(((await list(user.headers)).json() as NotificationPage).unreadCount).toBe(1); // the welcome
  });

  it('marks all read', async () => {
    const user = await newUser();
    await seedNotifications(t.database.db, user.id);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/mark-all-read',
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ unreadCount: 0 });
    const page = (await list(user.headers, '?filter=unread')).json() as NotificationPage;
    expect(page).toEqual({
      notifications: [],
      total: 0,
      page: 1,
      pageSize: 10,
      hasNextPage: false,
      nextCursor: null,
      unreadCount: 0,
    });
  });

  it("keeps every user to their own notifications: another user's id is 404 and stays unread", async () => {
    const a = await newUser();
    const b = await newUser();
    const mine = await notify(t.database.db, a.id, { type: 'chat', title: 'For A only' });

    const bList = (await list(b.headers, '?pageSize=50')).json() as NotificationPage;
    expect(bList.notifications.map((n) => n.id)).not.toContain(mine.id);

    const stolen = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${mine.id}/read`,
      headers: b.headers,
    });
    expect(stolen.statusCode).toBe(404);
    await t.app.inject({ method: 'POST', url: '/api/notifications/mark-all-read', headers: b.headers });

    const [row] = await t.database.db.select().from(notifications).where(eq(notifications.id, mine.id));
    expect(row?.readAt).toBeNull();
    expect(((await list(a.headers)).json() as NotificationPage).unreadCount).toBe(2);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const user = await newUser();
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/00000000-0000-4000-8000-000000000000/read',
      headers: user.headers,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({
      method: 'POST',
      url: "/api/notifications/1'%20or%201=1--/read",
      headers: user.headers,
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('tells the user after a password reset (security)', async () => {
    const user = await newUser();
    const ip = freshIp();
    await t.app.inject({
      method: 'POST',
      url: '/api/account/forgot-password',
      remoteAddress: ip,
      payload: { email: user.email },
    });
    const code = lastCode(t.mails, user.email);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/account/new-password',
      remoteAddress: ip,
      payload: { email: user.email, code, password: 'a brand new long passphrase' },
    });
    expect(reset.statusCode).toBe(200);
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(rows.map((r) => r.type).sort()).toEqual(['account', 'security']);
  });

  it('removes notifications with their user', async () => {
    const user = await newUser();
    await seedNotifications(t.database.db, user.id);
    const { users } = await import('../../db/schema/users.ts');
    await t.database.db.delete(users).where(eq(users.id, user.id));
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(rows).toHaveLength(0);
  });
});
