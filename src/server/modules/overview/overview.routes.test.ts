import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  dashboardWidgets,
  type AppOverview,
  type DashboardLayout,
  type EcommerceOverview,
} from '#shared/contract/overview.ts';
import type { Order } from '#shared/contract/orders.ts';
import type { Post } from '#shared/contract/posts.ts';

import { mailEntries, mailMessages, posts as postsTable, sessions, users } from '../../db/schema/index.ts';
import { daysOf, todayRange } from '../../lib/date-range.ts';
import { apiCalls } from '../../testing/http.ts';
import { member, type Member } from '../../testing/members.ts';
import { insertProduct, orderBody } from '../../testing/shop.ts';
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

  /** Yesterday to tomorrow in UTC: now is inside, whatever the hour. */
  const around = () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    return `from=${day(-1)}&to=${day(1)}&tz=UTC&year=${new Date().getUTCFullYear()}`;
  };

  it('adds the workspace widgets for administrators, their own figures for members', async () => {
    const { ok } = apiCalls(() => t.app, '/api/overview');
    const forAdmin = await ok<AppOverview>(admin, 'GET', `/app?${around()}`);
    // Both registered (a sign-in each, from a client naming no known browser), verified, no profile yet.
    expect(forAdmin.sessionsByDevice.current).toEqual({ desktop: 0, mobile: 0, tablet: 0, other: 2 });
    expect(forAdmin.verifiedEmails).toMatchObject({ part: 2, total: 2 });
    expect(forAdmin.completeProfiles).toMatchObject({ part: 0, total: 2 });
    expect(forAdmin.accountsByRegion).toEqual({
      year: new Date().getUTCFullYear(),
      series: [{ kind: 'unknown', country: '', months: expect.any(Array) as number[] }],
    });
    expect(forAdmin.topCountries).toEqual([]);
    expect(forAdmin.topAuthors).toEqual([]);
    expect(forAdmin.topProducts).toEqual([]);
    expect(forAdmin.featured).toEqual([]);

    const forAlice = await ok<AppOverview>(alice, 'GET', `/app?${around()}`);
    expect(forAlice.sessionsByDevice.current).toEqual({ desktop: 0, mobile: 0, tablet: 0, other: 1 });
    for (const key of ['accountsByRegion', 'topCountries', 'verifiedEmails', 'completeProfiles'])
      expect(forAlice, key).not.toHaveProperty(key);
  });

  it('answers 400 with a message on a bad year', async () => {
    for (const year of ['1999', '2101', 'soon', '2024.5']) {
      const response = await get(`${around().replace(/&year=\d+/, '')}&year=${year}`, alice);
      expect(response.statusCode, year).toBe(400);
      expect(response.json<{ message: string }>().message, year).toMatch(/year/i);
    }
  });

  it('shows everyone the featured published posts, newest first, and never a draft or an unfeatured post', async () => {
    const posts = apiCalls(() => t.app, '/api/posts');
    const write = async (title: string, publish: 'published' | 'draft') =>
      (await posts.ok<{ post: Post }>(admin, 'POST', '/', { title, publish }, 201)).post;
    const older = await write('Older featured post', 'published');
    const newer = await write('Newer featured post', 'published');
    const draft = await write('Featured draft', 'draft');
    await write('Post nobody featured', 'published');
    // Featured (as an administrator's choice stores it), listed a day apart so the order is certain.
    const feature = (id: string, publishedAt?: Date) =>
      t.app.db
        .update(postsTable)
        .set({ featured: true, ...(publishedAt && { publishedAt }) })
        .where(eq(postsTable.id, id));
    await feature(older.id, new Date(Date.now() - 2 * 86_400_000));
    await feature(newer.id, new Date(Date.now() - 86_400_000));
    await feature(draft.id);

    const { ok } = apiCalls(() => t.app, '/api/overview');
    for (const who of [admin, alice]) {
      const { featured } = await ok<AppOverview>(who, 'GET', `/app?${around()}`);
      expect(featured.map((post) => post.title)).toEqual(['Newer featured post', 'Older featured post']);
      expect(featured[0]).toMatchObject({
        id: newer.id,
        slug: newer.slug,
        coverUrl: null,
        author: { id: admin.id, name: 'Grace Hopper' },
      });
      expect(Date.parse(featured[0]!.publishedAt)).not.toBeNaN();
    }
  });
});

describe('e-commerce overview', () => {
  let t: TestApp;
  let admin: Member;
  let alice: Member;
  let bob: Member;
  const { call, ok } = apiCalls(() => t.app, '/api');
  const query = () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    return `from=${day(-1)}&to=${day(1)}&tz=UTC&year=${new Date().getUTCFullYear()}`;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await member(t.app, 'Grace', 'Hopper');
    alice = await member(t.app, 'Alice', 'Liddell');
    bob = await member(t.app, 'Bob', 'Marley');
    const shirt = await insertProduct(t.app.db, { price: 1000, gender: ['Women'], category: 'Shirts' });
    // Alice buys two shirts (2,000 + 1,000 standard shipping) and pays; Bob's order is not paid yet.
    const { order } = await ok<{ order: Order }>(
      alice,
      'POST',
      '/orders',
      orderBody([{ productId: shirt.id, quantity: 2 }]),
      201,
    );
    await ok(admin, 'POST', `/orders/${order.id}/status`, { status: 'paid', version: order.version });
    await ok(bob, 'POST', '/orders', orderBody([{ productId: shirt.id, quantity: 1 }]), 201);
  });
  afterAll(() => t.close());

  it('answers 401 signed out and 400 with a message on a bad query', async () => {
    expect((await call(null, 'GET', `/overview/ecommerce?${query()}`)).statusCode).toBe(401);
    for (const q of ['from=2024-03-10&to=2024-03-01&tz=UTC', `${query()}&year=1999`, 'from=x&to=y&tz=UTC']) {
      const response = await call(alice, 'GET', `/overview/ecommerce?${q}`);
      expect(response.statusCode, q).toBe(400);
      expect(response.json<{ message: string }>().message, q).toMatch(/\w/);
    }
  });

  it("gives administrators the shop's sales", async () => {
    const body = await ok<EcommerceOverview>(admin, 'GET', `/overview/ecommerce?${query()}`);
    expect(body.welcome).toMatchObject({ thisMonth: 3000 });
    expect(body.productsSold.value).toBe(2);
    expect(body.totalBalance.value).toBe(3000);
    expect(body.salesProfit?.value).toBe(2000);
    expect(body.salesByGender.byGender).toContainEqual({ gender: 'Women', units: 2, revenue: 2000 });
    expect(body.salesByCategory).toEqual([{ category: 'Shirts', units: 2, revenue: 2000 }]);
    expect(body.yearlySales.income.reduce((a, b) => a + b)).toBe(3000);
    expect(body.currentBalance).toEqual({ orderTotal: 5000, earnings: 3000, refunded: 0, pending: 2000 });
    expect(body.bestCustomers).toEqual([
      {
        customer: { id: alice.id, name: 'Alice Liddell', avatarUrl: null, country: '' },
        spent: 3000,
        orders: 1,
      },
    ]);
    expect(body.latestProducts).toHaveLength(1);
    expect(body.latestProducts[0]).toMatchObject({ price: 1000, coverUrl: null });
  });

  it('shows members their own purchases and no shop-only widgets', async () => {
    const forBob = await ok<EcommerceOverview>(bob, 'GET', `/overview/ecommerce?${query()}`);
    expect(forBob.totalBalance.value).toBe(0);
    expect(forBob.productsSold.value).toBe(0);
    for (const key of ['salesProfit', 'currentBalance', 'bestCustomers'])
      expect(forBob, key).not.toHaveProperty(key);
    const forAlice = await ok<EcommerceOverview>(alice, 'GET', `/overview/ecommerce?${query()}`);
    expect(forAlice.totalBalance.value).toBe(3000);
    expect(forAlice.welcome.thisMonth).toBe(3000);
  });
});

describe('dashboard layouts', () => {
  let t: TestApp;
  let alice: Member;
  let bob: Member;
  const { call, ok } = apiCalls(() => t.app, '/api/overview/layouts');
  const defaults = (dashboard: keyof typeof dashboardWidgets) =>
    dashboardWidgets[dashboard].map((id) => ({ id, hidden: false }));

  beforeAll(async () => {
    t = await createTestApp();
    await member(t.app, 'Grace', 'Hopper');
    alice = await member(t.app, 'Alice', 'Liddell');
    bob = await member(t.app, 'Bob', 'Marley');
  });
  afterAll(() => t.close());

  it('answers 401 signed out', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const)
      expect(
        (await call(null, method, '/app', method === 'PUT' ? { widgets: [] } : undefined)).statusCode,
      ).toBe(401);
  });

  it('gives the default layout until one is saved', async () => {
    expect(await ok<DashboardLayout>(alice, 'GET', '/ecommerce')).toEqual({
      dashboard: 'ecommerce',
      widgets: defaults('ecommerce'),
      saved: false,
      updatedAt: null,
    });
  });

  it("saves a person's order and hidden widgets, for them only, until they reset it", async () => {
    const widgets = [
      { id: 'top-authors', hidden: false },
      { id: 'welcome', hidden: true },
    ];
    const saved = await ok<DashboardLayout>(alice, 'PUT', '/app', { widgets });
    // The widgets left out follow, visible, in their default order.
    const expected = [
      ...widgets,
      ...defaults('app').filter((w) => w.id !== 'top-authors' && w.id !== 'welcome'),
    ];
    expect(saved).toMatchObject({ dashboard: 'app', widgets: expected, saved: true });
    expect(await ok<DashboardLayout>(alice, 'GET', '/app')).toEqual(saved);
    expect((await ok<DashboardLayout>(bob, 'GET', '/app')).saved).toBe(false);
    expect((await ok<DashboardLayout>(alice, 'GET', '/ecommerce')).saved).toBe(false);

    // Saved again: replaced, not added to.
    const again = await ok<DashboardLayout>(alice, 'PUT', '/app', {
      widgets: [{ id: 'messages', hidden: true }],
    });
    expect(again.widgets[0]).toEqual({ id: 'messages', hidden: true });
    expect(again.widgets.filter((w) => w.hidden)).toHaveLength(1);

    expect(await ok<DashboardLayout>(alice, 'DELETE', '/app')).toMatchObject({
      widgets: defaults('app'),
      saved: false,
    });
    expect((await ok<DashboardLayout>(alice, 'GET', '/app')).saved).toBe(false);
    // Resetting a layout never saved is fine too.
    expect((await ok<DashboardLayout>(bob, 'DELETE', '/file')).saved).toBe(false);
  });

  it('refuses unknown dashboards and widgets with a message, and changes nothing', async () => {
    await ok(bob, 'PUT', '/banking', { widgets: [{ id: 'income', hidden: true }] });
    const refused: Array<[string, string, object | undefined, RegExp]> = [
      ['GET', '/nope', undefined, /dashboard/i],
      ['PUT', '/nope', { widgets: [] }, /dashboard/i],
      ['DELETE', '/nope', undefined, /dashboard/i],
      ['PUT', '/banking', { widgets: [{ id: 'welcome', hidden: false }] }, /no such widget/i],
      ['PUT', '/banking', { widgets: [{ id: 'Income!', hidden: false }] }, /no such widget/i],
      [
        'PUT',
        '/banking',
        {
          widgets: [
            { id: 'income', hidden: false },
            { id: 'income', hidden: true },
          ],
        },
        /once/i,
      ],
      ['PUT', '/banking', { widgets: [{ id: 'income' }] }, /\w/],
      ['PUT', '/banking', { widgets: 'income' }, /\w/],
      ['PUT', '/banking', {}, /\w/],
    ];
    for (const [method, url, body, message] of refused) {
      const response = await call(bob, method as 'GET', url, body);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    const kept = await ok<DashboardLayout>(bob, 'GET', '/banking');
    expect(kept.widgets[0]).toEqual({ id: 'income', hidden: true });
  });
});
