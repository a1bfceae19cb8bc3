import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { AppOverview } from '#shared/contract/overview.ts';

import { realtime } from '../../../lib/realtime/realtime-client.ts';
import { mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import {
  appOverviewRoutes,
  daysBetween,
  emptyAppOverview,
  makeInvoice,
  trend,
  type AppOverviewRoutesOptions,
} from '../testing/app-overview-fixtures.ts';
import {
  months,
  queriesOf,
  readySocket,
  renderDashboard,
  signIn,
  startRealtime,
  viewerClock,
  widget,
} from '../testing/overview-view-helpers.tsx';
import { OverviewAppView } from './overview-app-view.tsx';

/** 20:00 UTC on 31 March is already 1 April in Tokyo, where the viewer is. */
const NOW = new Date('2026-03-31T20:00:00Z');
const TZ = 'Asia/Tokyo';
const DAYS = daysBetween('2026-03-03', '2026-04-01');

/** An administrator's answer for a busy workspace. */
function busyAnswer(query: URLSearchParams): AppOverview {
  const year = Number(query.get('year') ?? '2026');
  return {
    ...emptyAppOverview(query),
    today: { unreadMail: 3, unreadChat: 1, cardsDue: 2, eventsToday: 1, overdueInvoices: 4 },
    featured: [
      {
        id: '00000000-0000-4000-8000-0000000000f1',
        title: 'Designing dashboards',
        slug: 'designing-dashboards',
        description: 'What people read first',
        coverUrl: null,
        publishedAt: '2026-03-20T09:00:00.000Z',
        author: { id: testUser.id, name: 'Ada Lovelace', avatarUrl: null },
      },
    ],
    activePeople: trend(DAYS, 12, 8),
    newAccounts: trend(DAYS, 5, 0),
    messages: trend(DAYS, 30, 40),
    sessionsByDevice: {
      current: { desktop: 6, mobile: 3, tablet: 1, other: 0 },
      previous: { desktop: 3, mobile: 3, tablet: 0, other: 2 },
    },
    accountsByRegion: {
      year,
      series:
        year === 2026
          ? [
              { kind: 'country', country: 'France', months: months({ 2: 4 }) },
              { kind: 'unknown', country: '', months: months({ 0: 1, 2: 1 }) },
            ]
          : [],
    },
    topProducts: [
      {
        id: 'p1',
        name: 'Linen shirt',
        slug: 'linen-shirt',
        coverUrl: null,
        price: 4_500,
        totalSold: 42,
        ratingAvg: 4.5,
        totalReviews: 8,
      },
    ],
    topCountries: [{ country: 'France', people: 4, devices: { desktop: 5, mobile: 2, tablet: 0, other: 0 } }],
    topAuthors: [
      {
        author: { id: 'a1', name: 'Grace Hopper', avatarUrl: null, country: 'United States' },
        likes: 17,
        posts: 3,
      },
    ],
    verifiedEmails: { part: 3, total: 4, previousPart: 1, previousTotal: 2 },
    completeProfiles: { part: 1, total: 4, previousPart: 0, previousTotal: 0 },
  };
}

/** A member's answer: their own figures, without the workspace ones. */
function memberAnswer(query: URLSearchParams): AppOverview {
  const {
    activePeople: _active,
    newAccounts: _accounts,
    accountsByRegion: _regions,
    topCountries: _countries,
    verifiedEmails: _verified,
    completeProfiles: _complete,
    ...mine
  } = busyAnswer(query);
  const { overdueInvoices: _overdue, ...today } = mine.today;
  return { ...mine, today };
}

function appApi(options: AppOverviewRoutesOptions = {}) {
  return mockFetch([
    ...appOverviewRoutes(options),
    {
      method: 'DELETE',
      path: `/api/invoices/${makeInvoice(1).id}`,
      respond: () => new Response(null, { status: 204 }),
    },
  ]);
}

const queries = (calls: ReturnType<typeof mockFetch>['calls']) => queriesOf(calls, '/api/overview/app');

const renderView = (path = '/dashboard/app') => renderDashboard('/dashboard/app', <OverviewAppView />, path);

const search = (location: { search: string }) => Object.fromEntries(new URLSearchParams(location.search));

describe('app overview', () => {
  viewerClock(NOW, TZ);

  it("shows an administrator the workspace's figures, each with its change against the previous period", async () => {
    signIn('admin');
    const { calls } = appApi({ overview: busyAnswer, invoices: [makeInvoice(1)] });
    renderView();

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada Lovelace' })).toBeTruthy();

    const active = await widget('Active people');
    expect(await within(active).findByText('12')).toBeTruthy();
    expect(within(active).getByText('+50%')).toBeTruthy();
    expect(within(active).getByText('vs the previous 30 days')).toBeTruthy();
    const accounts = await widget('New accounts');
    expect(within(accounts).getByText('5')).toBeTruthy();
    expect(within(accounts).getByText('New')).toBeTruthy();
    const messages = await widget('Messages');
    expect(within(messages).getByText('30')).toBeTruthy();
    expect(within(messages).getByText('-25%')).toBeTruthy();

    const devices = await widget('Sessions by device');
    expect(within(devices).getByText('+25%')).toBeTruthy();
    expect(within(devices).getByRole('row', { name: /^Desktop 6\b/ })).toBeTruthy();

    const regions = await widget('Accounts by region');
    expect(within(regions).getByText('6 new accounts in 2026')).toBeTruthy();

    const invoices = await widget('New invoices');
    const row = await within(invoices).findByRole('row', { name: /INV-1001/ });
    expect(within(row).getByText('Customer 1')).toBeTruthy();
    expect(within(row).getByText('$125.00')).toBeTruthy();
    expect(within(row).getByText('Pending')).toBeTruthy();

    const products = await widget('Top products');
    expect(within(products).getByRole('link', { name: 'Linen shirt' }).getAttribute('href')).toBe(
      '/dashboard/e-commerce/product/linen-shirt',
    );
    expect(within(products).getByText('$45.00 · 42 sold')).toBeTruthy();

    const countries = await widget('Top countries');
    expect(within(countries).getByRole('row', { name: /France 4 5 2 0 0/ })).toBeTruthy();
    expect(within(await widget('Top authors')).getByText('17 likes')).toBeTruthy();

    const verified = await widget('Verified emails');
    expect(within(verified).getByText('3 of 4 new accounts')).toBeTruthy();
    expect(within(verified).getByText('+50%')).toBeTruthy();
    expect(within(await widget('Profile completion')).getByText('New')).toBeTruthy();

    const featured = await widget('Featured');
    expect(
      within(featured)
        .getByRole('link', { name: /Designing dashboards/ })
        .getAttribute('href'),
    ).toBe('/dashboard/blog/post/designing-dashboards');

    // One request for the whole page, for the viewer's range and zone (the year of its end by default).
    expect(queries(calls)).toEqual([{ from: '2026-03-03', to: '2026-04-01', tz: TZ }]);
  });

  it('leaves the workspace widgets out for a member', async () => {
    signIn('user');
    appApi({ overview: memberAnswer });
    renderView();

    expect(within(await widget('Messages')).getByText('30')).toBeTruthy();
    expect(await widget('Sessions by device')).toBeTruthy();
    expect(await widget('Top authors')).toBeTruthy();
    for (const name of [
      'Active people',
      'New accounts',
      'Accounts by region',
      'Top countries',
      'Verified emails',
      'Profile completion',
    ]) {
      expect(screen.queryByRole('region', { name }), name).toBeNull();
    }
    expect(screen.queryByRole('link', { name: /overdue invoice/ })).toBeNull();
  });

  it("keeps the greeting as the page's heading when the person hid the welcome card, and mounts no hidden widget", async () => {
    signIn('admin');
    const { calls } = appApi({
      layout: [
        { id: 'welcome', hidden: true },
        { id: 'new-invoices', hidden: true },
      ],
    });
    renderView();
    expect(await widget('Active people')).toBeTruthy();
    // The later widgets' code is there (and would have asked for the invoices).
    expect(await widget('Top products')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Ada Lovelace' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Welcome back, Ada Lovelace' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'New invoices' })).toBeNull();
    expect(calls('GET', '/api/invoices')).toHaveLength(0);
  });

  it('lists what needs the viewer today, each a link to its place', async () => {
    signIn('admin');
    appApi({ overview: busyAnswer });
    const { router } = renderView();

    const today = await widget('Welcome back, Ada Lovelace');
    const href = (name: string) => within(today).getByRole('link', { name }).getAttribute('href');
    await within(today).findByRole('link', { name: '3 unread emails' });
    expect(href('3 unread emails')).toBe('/dashboard/mail?label=inbox');
    expect(href('1 unread chat message')).toBe('/dashboard/chat');
    expect(href('2 cards due today')).toBe('/dashboard/kanban');
    expect(href('1 event today')).toBe('/dashboard/calendar');
    expect(href('4 overdue invoices')).toBe('/dashboard/invoice/list?status=overdue');

    await userEvent.click(within(today).getByRole('link', { name: '4 overdue invoices' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/invoice/list'));
    expect(search(router.state.location)).toEqual({ status: 'overdue' });
  });

  it("opens the accounts of a bar's country and month, in the viewer's zone", async () => {
    signIn('admin');
    appApi({ overview: busyAnswer });
    const { router } = renderView();
    const regions = await widget('Accounts by region');

    await userEvent.click(
      await within(regions).findByRole('button', {
        name: 'Open the accounts from France created in March 2026',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/user/list'));
    expect(search(router.state.location)).toEqual({
      country: 'France',
      createdFrom: '2026-03-01T00:00:00+09:00',
      createdTo: '2026-04-01T00:00:00+09:00',
    });

    await router.navigate('/dashboard/app');
    const again = await widget('Accounts by region');
    // The accounts without a country: the month's accounts.
    const buttons = await within(again).findAllByRole('button', {
      name: 'Open the accounts created in January 2026',
    });
    await userEvent.click(buttons[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/user/list'));
    expect(search(router.state.location)).toEqual({
      createdFrom: '2026-01-01T00:00:00+09:00',
      createdTo: '2026-02-01T00:00:00+09:00',
    });
  });

  it("opens the people who signed in from a device slice's device in the range, and an author's posts", async () => {
    signIn('admin');
    appApi({ overview: busyAnswer });
    const { router } = renderView();
    const devices = await widget('Sessions by device');
    const [slice] = await within(devices).findAllByRole('button', {
      name: 'Open the people who signed in on Mobile',
    });
    await userEvent.click(slice!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/user/list'));
    expect(search(router.state.location)).toMatchObject({
      device: 'mobile',
      signedInFrom: expect.stringMatching(/T00:00:00\+09:00$/),
      signedInTo: expect.stringMatching(/T00:00:00\+09:00$/),
    });

    await router.navigate('/dashboard/app');
    const authors = await widget('Top authors');
    expect(
      within(authors)
        .getByRole('link', { name: 'Open the published posts of Grace Hopper' })
        .getAttribute('href'),
    ).toBe('/dashboard/blog/posts?author=a1&tab=published');
  });

  it("opens a member's own sessions from a device", async () => {
    signIn('user');
    appApi({ overview: busyAnswer });
    const { router } = renderView();
    const devices = await widget('Sessions by device');
    const [slice] = await within(devices).findAllByRole('button', { name: 'Open your sessions (Desktop)' });
    await userEvent.click(slice!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/user/account'));
    expect(search(router.state.location)).toEqual({ tab: 'security' });
  });

  it('asks again for the year chosen for the accounts by region, and keeps it in the address', async () => {
    signIn('admin');
    const { calls } = appApi({ overview: busyAnswer });
    const { router } = renderView();
    const regions = await widget('Accounts by region');
    await within(regions).findByText('6 new accounts in 2026');

    await userEvent.click(within(regions).getByRole('combobox', { name: 'Year' }));
    await userEvent.click(await screen.findByRole('option', { name: '2024' }));

    expect(await within(regions).findByText('No new accounts in 2024.')).toBeTruthy();
    expect(queries(calls).at(-1)).toEqual({ from: '2026-03-03', to: '2026-04-01', tz: TZ, year: '2024' });
    expect(router.state.location.search).toBe('?year=2024');
  });

  it('asks for the range chosen, keeping the figures on screen meanwhile', async () => {
    signIn('admin');
    const { calls } = appApi({ overview: busyAnswer });
    const { router } = renderView();
    expect(await within(await widget('Active people')).findByText('12')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /^Date range: Last 30 days/ }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Last 7 days' }));

    await waitFor(() =>
      expect(queries(calls).at(-1)).toEqual({ from: '2026-03-26', to: '2026-04-01', tz: TZ }),
    );
    expect(search(router.state.location)).toEqual({ range: '7d' });
    expect(within(await widget('Active people')).getByText('vs the previous 7 days')).toBeTruthy();
  });

  it('says there is nothing yet on a fresh workspace, instead of zeros that look like data', async () => {
    signIn('admin');
    appApi();
    renderView();

    const welcome = await widget('Welcome back, Ada Lovelace');
    expect(await within(welcome).findByText('All clear: nothing needs you today.')).toBeTruthy();
    expect(within(await widget('Featured')).getByText(/No featured posts yet\. To feature one/)).toBeTruthy();
    const empty: [string, string][] = [
      ['Active people', 'No one used Atrium in this period.'],
      ['New accounts', 'No new accounts in this period.'],
      ['Messages', 'No messages in this period.'],
      ['Sessions by device', 'No sign-ins in this period.'],
      ['Accounts by region', 'No new accounts in 2026.'],
      ['New invoices', 'No invoices yet.'],
      ['Top products', 'No products sold yet.'],
      ['Top countries', 'No sign-ins from people with a country in this period.'],
      ['Top authors', 'No likes on posts in this period.'],
      ['Verified emails', 'No new accounts in this period.'],
      ['Profile completion', 'No new accounts in this period.'],
    ];
    for (const [name, text] of empty) {
      expect(await within(await widget(name)).findByText(text), name).toBeTruthy();
    }
    expect(screen.queryByText('0')).toBeNull();
    expect(screen.queryByText(/0%/)).toBeNull();
  });

  it("deletes a new invoice from its row's menu, once confirmed", async () => {
    signIn('admin');
    const { calls } = appApi({
      invoices: [
        makeInvoice(1, { owner: { id: 'someone-else', name: 'Bob', email: 'b@x.test', avatarUrl: null } }),
      ],
    });
    renderView();
    const invoices = await widget('New invoices');

    await userEvent.click(await within(invoices).findByRole('button', { name: 'Actions for INV-1001' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete invoice INV-1001?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(calls('DELETE', `/api/invoices/${makeInvoice(1).id}`)).toHaveLength(1));
    expect(await screen.findByText('Invoice INV-1001 deleted')).toBeTruthy();
  });

  it("offers no delete on another person's invoice to a member", async () => {
    signIn('user');
    appApi({
      overview: memberAnswer,
      invoices: [
        makeInvoice(1, { owner: { id: 'someone-else', name: 'Bob', email: 'b@x.test', avatarUrl: null } }),
      ],
    });
    renderView();
    const invoices = await widget('New invoices');
    await userEvent.click(await within(invoices).findByRole('button', { name: 'Actions for INV-1001' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Download PDF' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Copy link' })).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: 'Delete' })).toBeNull();
  });

  it('asks again when something it counts changes, once per burst', async () => {
    startRealtime();
    try {
      signIn('admin');
      const { calls } = appApi({ overview: busyAnswer });
      renderView();
      await widget('Active people');
      const server = await readySocket();
      expect(queries(calls)).toHaveLength(1);

      server.message({ type: 'users.changed', userId: 'u1' });
      server.message({ type: 'chat.message', conversationId: 'c1', messageId: 'm1', senderId: 'u2' });
      server.message({ type: 'invoices.changed', invoiceId: 'i1' });
      await waitFor(() => expect(queries(calls)).toHaveLength(2), { timeout: 4000 });
      expect(calls('GET', '/api/invoices').length).toBeGreaterThanOrEqual(2);
    } finally {
      realtime.stop();
    }
  });
});
