import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { AnalyticsOverview } from '#shared/contract/analytics.ts';
import type { DueCard } from '#shared/contract/kanban.ts';
import { completeLayout } from '#shared/contract/overview-layouts.ts';

import { realtime } from '../../../lib/realtime/realtime-client.ts';
import { ensureTranslations } from '../../../locales/i18n.ts';
import { jsonResponse, mockFetch, type MockRoute } from '../../../testing/fetch-mock.ts';
import {
  queriesOf,
  readySocket,
  renderDashboard,
  signIn,
  startRealtime,
  viewerClock,
  widget,
} from '../../overview/testing/overview-view-helpers.tsx';
import { builtInSite, shopSite, shopSiteId } from '../testing/analytics-site-fixtures.ts';
import { AnalyticsOverviewView } from './analytics-overview-view.tsx';

beforeAll(() => ensureTranslations('analytics'));

const orderId = '50000000-0000-4000-8000-000000000001';
const postId = '51000000-0000-4000-8000-000000000001';
const boardId = '52000000-0000-4000-8000-000000000001';
const cardId = '53000000-0000-4000-8000-000000000001';

const series = (first: number, second: number) => [
  { day: '2026-03-01', value: first },
  { day: '2026-03-02', value: second },
];
const point = (day: string, visitors: number) => ({ day, visitors, views: visitors * 3 });
const zero = { value: 0, previous: 0, series: series(0, 0) };

function answer(sales = 12, site = builtInSite): AnalyticsOverview {
  return {
    range: {
      from: '2026-03-01',
      to: '2026-03-02',
      timeZone: 'Asia/Tokyo',
      previousFrom: '2026-02-27',
      previousTo: '2026-02-28',
    },
    site: { id: site.id, name: site.name, timeZone: site.timeZone },
    weeklySales: { value: sales, previous: 8, series: series(sales - 5, 5) },
    newUsers: { value: 4, previous: 2, series: series(1, 3) },
    purchaseOrders: { value: 31, previous: 40, series: series(11, 20) },
    messages: { value: 57, previous: 57, series: series(30, 27) },
    visitsByCountry: [
      { country: 'FR', visitors: 70 },
      { country: 'DE', visitors: 30 },
      { country: 'other', visitors: 5 },
    ],
    visits: {
      current: [point('2026-03-01', 40), point('2026-03-02', 65)],
      previous: [point('2026-02-27', 30), point('2026-02-28', 35)],
    },
    conversionByCountry: [
      { country: 'FR', visitors: 70, converted: 7 },
      { country: 'DE', visitors: 30, converted: 6 },
    ],
    areas: [
      { area: 'mail', value: 10, previous: 8 },
      { area: 'chat', value: 40, previous: 50 },
      { area: 'calendar', value: 3, previous: 1 },
      { area: 'kanban', value: 12, previous: 9 },
      { area: 'shop', value: 12, previous: 8 },
      { area: 'blog', value: 2, previous: 0 },
    ],
    sources: [
      { source: 'search', visitors: 60, previous: 40 },
      { source: 'direct', visitors: 45, previous: 50 },
    ],
    news: [
      {
        id: postId,
        slug: 'spring-launch',
        title: 'Our spring launch',
        description: 'Everything that ships this month',
        coverUrl: null,
        publishedAt: '2026-03-01T09:00:00.000Z',
      },
    ],
    orderTimeline: [{ orderId, number: '#60042', action: 'paid', at: '2026-03-02T01:00:00.000Z' }],
  };
}

/** A new instance: no order, account, message, visit, post or order event yet. */
const emptyAnswer = (): AnalyticsOverview => ({
  ...answer(),
  weeklySales: zero,
  newUsers: zero,
  purchaseOrders: zero,
  messages: zero,
  visitsByCountry: [],
  visits: {
    current: [point('2026-03-01', 0), point('2026-03-02', 0)],
    previous: [point('2026-02-27', 0), point('2026-02-28', 0)],
  },
  conversionByCountry: [],
  areas: answer().areas.map((row) => ({ ...row, value: 0, previous: 0 })),
  sources: [],
  news: [],
  orderTimeline: [],
});

/** A member's answer: no new users, no site traffic. */
const memberAnswer = (sales: number): AnalyticsOverview => {
  const { newUsers: _, ...rest } = answer(sales);
  return {
    ...rest,
    visitsByCountry: [],
    conversionByCountry: [],
    sources: [],
    visits: { current: [], previous: [] },
  };
};

const dueCard: DueCard = {
  id: cardId,
  boardId,
  boardName: 'Launch',
  personal: false,
  columnId: '54000000-0000-4000-8000-000000000001',
  status: 'In progress',
  name: 'Write the release notes',
  priority: 'high',
  due: { start: null, end: '2026-03-01T09:00:00.000Z' },
  version: 3,
};

function renderOverview({
  answers = [answer()],
  cards = [dueCard],
  address = '/dashboard/analytics?from=2026-03-01&to=2026-03-02',
  extra = [],
}: {
  answers?: AnalyticsOverview[] | ((site: string | null) => AnalyticsOverview);
  cards?: DueCard[];
  address?: string;
  extra?: MockRoute[];
} = {}) {
  let call = 0;
  const mock = mockFetch([
    ...extra,
    {
      path: '/api/analytics/overview',
      respond: ({ url }) => {
        const site = new URL(url, 'http://localhost').searchParams.get('site');
        return jsonResponse(
          typeof answers === 'function' ? answers(site) : answers[Math.min(call++, answers.length - 1)]!,
        );
      },
    },
    { path: '/api/analytics/sites', respond: () => jsonResponse({ sites: [shopSite, builtInSite] }) },
    { path: '/api/kanban/cards/due', respond: () => jsonResponse({ cards }) },
    {
      path: '/api/overview/layouts/analytics',
      respond: () =>
        jsonResponse({
          dashboard: 'analytics',
          widgets: completeLayout('analytics'),
          saved: false,
          updatedAt: null,
        }),
    },
  ]);
  const rendered = renderDashboard('/dashboard/analytics', <AnalyticsOverviewView />, address);
  return { ...mock, ...rendered };
}

describe('the analytics overview', () => {
  viewerClock(new Date('2026-03-02T03:00:00Z'), 'Asia/Tokyo');
  beforeEach(() => signIn('admin'));

  it('shows the range’s figures, asked for in the viewer’s zone, and links each to what it counts', async () => {
    const { calls } = renderOverview();
    const sales = await widget('Weekly sales');
    expect(within(sales).getByText('12', { selector: 'p' })).toBeTruthy();
    expect(within(await widget('New users')).getByText('4', { selector: 'p' })).toBeTruthy();
    expect(within(await widget('Purchase orders')).getByText('31', { selector: 'p' })).toBeTruthy();
    expect(within(await widget('Messages')).getByText('57', { selector: 'p' })).toBeTruthy();
    expect(within(await widget('Website visits')).getByText('105 visitors, 315 page views')).toBeTruthy();

    const traffic = await widget('Traffic by site');
    expect(within(traffic).getByRole('link', { name: 'Search' }).getAttribute('href')).toBe(
      `/dashboard/analytics/sources?site=${builtInSite.id}&from=2026-03-01&to=2026-03-02&filter=source%3Asearch`,
    );
    expect(within(traffic).getByText('60')).toBeTruthy();

    const news = await widget('News');
    expect(within(news).getByRole('link', { name: 'Our spring launch' }).getAttribute('href')).toBe(
      '/dashboard/blog/post/spring-launch',
    );
    const timeline = await widget('Order timeline');
    expect(within(timeline).getByRole('link', { name: 'Order #60042: paid' }).getAttribute('href')).toBe(
      `/dashboard/order/${orderId}`,
    );
    const subject = await widget('Current subject');
    expect(within(subject).getByRole('rowheader', { name: 'Kanban' })).toBeTruthy();

    expect(queriesOf(calls, '/api/analytics/overview')[0]).toEqual({
      from: '2026-03-01',
      to: '2026-03-02',
      tz: 'Asia/Tokyo',
    });
    // Due soon: by the end of the 7th day from the viewer's today, in the viewer's zone.
    expect(queriesOf(calls, '/api/kanban/cards/due')[0]).toEqual({
      before: '2026-03-10T00:00:00+09:00',
      limit: '8',
    });
    // The administrator's links to the detail views and the sites.
    const nav = screen.getByRole('navigation', { name: 'Analytics' });
    expect(within(nav).getByRole('link', { name: 'Sites' }).getAttribute('href')).toBe(
      '/dashboard/analytics/sites',
    );
  });

  it('opens the orders of the range in the viewer’s days from Weekly sales', async () => {
    const { router } = renderOverview();
    const sales = await widget('Weekly sales');
    await userEvent.click(within(sales).getByRole('button', { name: 'Actions: Weekly sales' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Open list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/order/list'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      startDate: '2026-03-01T00:00:00+09:00',
      endDate: '2026-03-03T00:00:00+09:00',
    });
  });

  it('asks for the site chosen at the top, built-in first, and keeps it in the address', async () => {
    const { calls, router } = renderOverview({
      answers: (site) => (site === shopSiteId ? answer(99, shopSite) : answer(12)),
    });
    expect(within(await widget('Weekly sales')).getByText('12', { selector: 'p' })).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: 'Site' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Atrium', 'Shop']);
    await userEvent.click(screen.getByRole('option', { name: 'Shop' }));
    expect(await within(await widget('Weekly sales')).findByText('99', { selector: 'p' })).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('site')).toBe(shopSiteId);
    expect(queriesOf(calls, '/api/analytics/overview').at(-1)).toMatchObject({ site: shopSiteId });
  });

  it('opens the pages of a country’s visitors from its slice, by keyboard too', async () => {
    const { router } = renderOverview();
    const visits = await widget('Current visits');
    const open = await within(visits).findByRole('button', { name: 'Open the pages seen from France' });
    expect(within(visits).getByRole('button', { name: 'Open every country' })).toBeTruthy();
    open.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/analytics/pages'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      site: builtInSite.id,
      from: '2026-03-01',
      to: '2026-03-02',
      filter: 'country:FR',
    });
  });

  it('marks a task complete through the kanban API and says so', async () => {
    const { calls } = renderOverview({
      extra: [
        {
          method: 'POST',
          path: '/api/kanban/cards/update',
          respond: () => jsonResponse({ card: { id: cardId } }),
        },
      ],
    });
    const tasks = await widget('Tasks');
    expect(await within(tasks).findByText('Write the release notes')).toBeTruthy();
    expect(within(tasks).getByText('Late')).toBeTruthy();
    await userEvent.click(within(tasks).getByRole('button', { name: 'Actions for Write the release notes' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Mark complete' }));
    await waitFor(() => expect(calls('POST', '/api/kanban/cards/update')).toHaveLength(1));
    const [, init] = calls('POST', '/api/kanban/cards/update')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ cardId, version: 3, card: { completed: true } });
    expect(await screen.findByText('“Write the release notes” marked complete')).toBeTruthy();
  });

  it('shares a task’s link with a toast, and Edit opens the card in the kanban page', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const { router } = renderOverview();
    const tasks = await widget('Tasks');
    const menu = await within(tasks).findByRole('button', { name: 'Actions for Write the release notes' });
    const cardAddress = `/dashboard/kanban?board=${boardId}&card=${cardId}`;
    expect(within(tasks).getByRole('link', { name: 'Write the release notes' }).getAttribute('href')).toBe(
      cardAddress,
    );
    await user.click(menu);
    await user.click(await screen.findByRole('menuitem', { name: 'Share' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}${cardAddress}`));
    expect(await screen.findByText('Link copied')).toBeTruthy();

    await user.click(menu);
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(cardAddress),
    );
  });

  it('deletes a task only after a confirmation, through the kanban API, and says so', async () => {
    const { calls } = renderOverview({
      extra: [{ method: 'POST', path: '/api/kanban/cards/delete', respond: () => jsonResponse({}) }],
    });
    const tasks = await widget('Tasks');
    await userEvent.click(
      await within(tasks).findByRole('button', { name: 'Actions for Write the release notes' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Write the release notes”?' });
    expect(calls('POST', '/api/kanban/cards/delete')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls('POST', '/api/kanban/cards/delete')).toHaveLength(1));
    const [, init] = calls('POST', '/api/kanban/cards/delete')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ cardId });
    expect(await screen.findByText('“Write the release notes” deleted')).toBeTruthy();
    await waitFor(() => expect(within(tasks).queryByText('Write the release notes')).toBeNull());
  });

  it('says so when a new instance has no traffic, no post, no order and no task', async () => {
    renderOverview({ answers: [emptyAnswer()], cards: [] });
    expect(
      await within(await widget('Current visits')).findByText(/No visits in this period yet/),
    ).toBeTruthy();
    expect(within(await widget('Website visits')).getByText(/No visits in this period yet/)).toBeTruthy();
    expect(within(await widget('Conversion rates')).getByText(/No visits in this period yet/)).toBeTruthy();
    expect(within(await widget('Traffic by site')).getByText(/No visits in this period yet/)).toBeTruthy();
    expect(within(await widget('Weekly sales')).getByText('Nothing in this period yet')).toBeTruthy();
    expect(within(await widget('Current subject')).getByText('Nothing in this period yet')).toBeTruthy();
    expect(within(await widget('News')).getByText('No post published yet')).toBeTruthy();
    expect(within(await widget('Order timeline')).getByText('No order yet')).toBeTruthy();
    expect(await within(await widget('Tasks')).findByText('No card due this week')).toBeTruthy();
  });

  it('shows a member their own figures without the site’s, and refreshes live on orders.changed', async () => {
    signIn('user');
    startRealtime();
    try {
      const { calls } = renderOverview({ answers: [memberAnswer(3), memberAnswer(5)] });
      const sales = await widget('Weekly sales');
      expect(within(sales).getByText('3', { selector: 'p' })).toBeTruthy();
      for (const hidden of [
        'New users',
        'Current visits',
        'Website visits',
        'Conversion rates',
        'Traffic by site',
      ]) {
        expect(screen.queryByRole('region', { name: hidden })).toBeNull();
      }
      expect(screen.queryByRole('combobox', { name: 'Site' })).toBeNull();
      expect(calls('GET', '/api/analytics/sites')).toHaveLength(0);
      const server = await readySocket();
      server.message({ type: 'orders.changed', orderId, status: 'paid' });
      expect(await within(sales).findByText('5', { selector: 'p' }, { timeout: 4000 })).toBeTruthy();
    } finally {
      realtime.stop();
    }
  });

  it('refreshes the site’s figures live on analytics.events', async () => {
    startRealtime();
    try {
      renderOverview({ answers: [answer(12), answer(13)] });
      const sales = await widget('Weekly sales');
      expect(within(sales).getByText('12', { selector: 'p' })).toBeTruthy();
      const server = await readySocket();
      server.message({ type: 'analytics.events', siteId: builtInSite.id });
      expect(await within(sales).findByText('13', { selector: 'p' }, { timeout: 4000 })).toBeTruthy();
    } finally {
      realtime.stop();
    }
  });
});
