import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { analyticsDimensions, type AnalyticsDimension } from '#shared/contract/analytics-limits.ts';
import type { AnalyticsBreakdown } from '#shared/contract/analytics.ts';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { ensureTranslations } from '../../../locales/i18n.ts';
import { jsonResponse, mockFetch, testUser, type MockRoute } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import {
  builtInSite,
  makeBreakdown,
  makeRow,
  makeSummary,
  shopSite,
  shopSiteId,
} from '../testing/analytics-site-fixtures.ts';
import { AnalyticsDetailsView } from './analytics-details-view.tsx';

vi.mock('../../../lib/save-file.ts', () => ({ saveFile: vi.fn() }));

beforeAll(() => ensureTranslations('analytics'));

const days = 'from=2026-03-01&to=2026-03-03';
const base = `/api/analytics/sites/${builtInSite.id}`;

function signIn(role: 'admin' | 'user') {
  authStore.setState({
    ...initialAuthState,
    isInitialized: true,
    isAuthenticated: true,
    user: { ...testUser, role },
  });
}

type Query = { path: string; params: URLSearchParams };

const defaultRows: Partial<Record<AnalyticsDimension, AnalyticsBreakdown['rows']>> = {
  page: [makeRow('/pricing', 60), makeRow('/about-us', 40)],
  entry: [makeRow('/pricing', 50)],
  country: [makeRow('FR', 70), makeRow('DE', 30), makeRow('ZZ', 5)],
  source: [makeRow('search', 80), makeRow('direct', 40)],
};

function renderDetails(
  address: string,
  answer: (dim: AnalyticsDimension, params: URLSearchParams) => AnalyticsBreakdown = (dim) =>
    makeBreakdown(dim, defaultRows[dim] ?? []),
  extra: MockRoute[] = [],
) {
  const queries: Query[] = [];
  const record = (url: string) => {
    const parsed = new URL(url, 'http://localhost');
    queries.push({ path: parsed.pathname, params: parsed.searchParams });
    return parsed.searchParams;
  };
  const breakdowns: MockRoute[] = [builtInSite, shopSite].flatMap((site) =>
    analyticsDimensions.map((dim) => ({
      path: `/api/analytics/sites/${site.id}/breakdown/${dim}`,
      respond: ({ url }: { url: string }) => {
        const params = record(url);
        if (params.get('format') === 'csv') {
          return new Response('value,visitors\nFR,70\n', { headers: { 'content-type': 'text/csv' } });
        }
        return jsonResponse(answer(dim, params));
      },
    })),
  );
  const perSite: MockRoute[] = [builtInSite, shopSite].flatMap((site) => [
    {
      path: `/api/analytics/sites/${site.id}/summary`,
      respond: ({ url }: { url: string }) => {
        record(url);
        return jsonResponse(makeSummary());
      },
    },
    { path: `/api/analytics/sites/${site.id}/now`, respond: () => jsonResponse({ visitors: 7 }) },
  ]);
  const mock = mockFetch([
    ...extra,
    { path: '/api/analytics/sites', respond: () => jsonResponse({ sites: [builtInSite, shopSite] }) },
    ...perSite,
    ...breakdowns,
  ]);
  const rendered = renderRoutes(
    [
      { path: '/dashboard/analytics/:view', element: <AnalyticsDetailsView /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [address] },
  );
  const of = (path: string) => queries.filter((q) => q.path === path);
  return { ...mock, ...rendered, queries, of };
}

const search = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search);

const table = (name: string) => screen.findByRole('grid', { name });

describe('an analytics detail view', () => {
  beforeEach(() => {
    signIn('admin');
    vi.mocked(saveFile).mockClear();
  });

  it('shows the totals with their change, the breakdown rows and visitors now', async () => {
    renderDetails(`/dashboard/analytics/pages?${days}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pages' })).toBeTruthy();
    const grid = await table('Visitors by Page');
    expect(await within(grid).findByRole('button', { name: 'Filter by Page: /pricing' })).toBeTruthy();
    const pricing = within(grid).getByRole('button', { name: 'Filter by Page: /pricing' }).closest('tr')!;
    const cells = [...pricing.querySelectorAll('td')].map((cell) => cell.getAttribute('data-field'));
    expect(cells).toEqual(['value', 'visitors', 'views', 'visits', 'events', 'previousVisitors', 'share']);
    expect(within(pricing).getByText('180')).toBeTruthy(); // views
    expect(within(pricing).getByText('+100%')).toBeTruthy(); // 60 against 30
    expect(within(pricing).getByText('50%')).toBeTruthy(); // share

    const visitors = document.querySelector('[data-figure="visitors"]') as HTMLElement;
    await waitFor(() => expect(within(visitors).getByText('120')).toBeTruthy());
    expect(within(visitors).getByText('+20%')).toBeTruthy();
    const conversions = document.querySelector('[data-figure="conversions"]') as HTMLElement;
    expect(within(conversions).getByText('New')).toBeTruthy();
    expect(await screen.findByText('7 visitors now')).toBeTruthy();
  });

  it('names countries in the interface language, the unknown one as such', async () => {
    renderDetails(`/dashboard/analytics/countries?${days}`);
    const grid = await table('Visitors by Country');
    expect(await within(grid).findByRole('button', { name: 'Filter by Country: France' })).toBeTruthy();
    expect(within(grid).getByRole('button', { name: 'Filter by Country: Germany' })).toBeTruthy();
    expect(within(grid).getByRole('button', { name: 'Filter by Country: Unknown' })).toBeTruthy();
  });

  it('filters the whole view by a clicked value, in the address and every request, until the chip is removed', async () => {
    const { router, of } = renderDetails(`/dashboard/analytics/countries?${days}&page=2`);
    const user = userEvent.setup();
    const grid = await table('Visitors by Country');
    await user.click(await within(grid).findByRole('button', { name: 'Filter by Country: France' }));

    await waitFor(() => expect(search(router).getAll('filter')).toEqual(['country:FR']));
    expect(search(router).get('page')).toBeNull();
    await waitFor(() =>
      expect(of(`${base}/summary`).at(-1)?.params.getAll('filter')).toEqual(['country:FR']),
    );
    await waitFor(() =>
      expect(of(`${base}/breakdown/country`).at(-1)?.params.getAll('filter')).toEqual(['country:FR']),
    );
    expect(of(`${base}/breakdown/country`).at(-1)?.params.get('page')).toBe('1');
    const chips = screen.getByRole('group', { name: 'Filters' });
    expect(within(chips).getByText('Country: France')).toBeTruthy();

    await user.click(within(chips).getByTitle('Remove the filter Country: France'));
    await waitFor(() => expect(search(router).getAll('filter')).toEqual([]));
    expect(screen.queryByRole('group', { name: 'Filters' })).toBeNull();
    expect(within(grid).getByRole('button', { name: 'Filter by Country: Germany' })).toBeTruthy();
  });

  it('exports the CSV of the table with its filters and sort', async () => {
    const { of } = renderDetails(
      `/dashboard/analytics/countries?${days}&filter=device:mobile&sort=views&order=desc&page=2`,
    );
    const user = userEvent.setup();
    await table('Visitors by Country');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledOnce());
    const csv = of(`${base}/breakdown/country`).find((q) => q.params.get('format') === 'csv')!;
    expect(Object.fromEntries(csv.params.entries())).toEqual({
      from: '2026-03-01',
      to: '2026-03-03',
      filter: 'device:mobile',
      sort: 'views',
      order: 'desc',
      format: 'csv',
    });
    const [name, blob] = vi.mocked(saveFile).mock.calls[0]!;
    expect(name).toBe('analytics-country-2026-03-01-2026-03-03.csv');
    expect(await (blob as Blob).text()).toBe('value,visitors\nFR,70\n');
  });

  it('keeps the page and sort in the address and asks the server for them', async () => {
    const { router, of } = renderDetails(`/dashboard/analytics/pages?${days}`, (dim, params) =>
      makeBreakdown(dim, [makeRow(`/p${params.get('page')}`, 10)], {
        total: 25,
        page: Number(params.get('page')),
        hasNextPage: params.get('page') !== '3',
      }),
    );
    const user = userEvent.setup();
    const grid = await table('Visitors by Page');
    expect(await within(grid).findByText('/p1')).toBeTruthy();
    expect(of(`${base}/breakdown/page`)[0]?.params.get('pageSize')).toBe('10');
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(search(router).get('page')).toBe('2'));
    expect(await within(grid).findByText('/p2')).toBeTruthy();

    await user.click(within(grid).getByRole('columnheader', { name: 'Views' }));
    await waitFor(() => expect(search(router).get('sort')).toBe('views'));
    expect(search(router).get('page')).toBeNull();
    await waitFor(() => {
      const last = of(`${base}/breakdown/page`).at(-1)!.params;
      expect([last.get('sort'), last.get('order'), last.get('page')]).toEqual(['views', 'asc', '1']);
    });
    await user.click(within(grid).getByRole('columnheader', { name: 'Views' }));
    await waitFor(() => expect(search(router).get('order')).toBe('desc'));
    await waitFor(() => expect(of(`${base}/breakdown/page`).at(-1)!.params.get('order')).toBe('desc'));
  });

  it('keeps the site, range and filters when another view or tab is opened', async () => {
    const address = `/dashboard/analytics/countries?site=${shopSiteId}&range=7d&filter=country:FR`;
    const { router, of } = renderDetails(address);
    const user = userEvent.setup();
    await table('Visitors by Country');
    await waitFor(() =>
      expect(
        of(`/api/analytics/sites/${shopSiteId}/breakdown/country`).at(-1)?.params.getAll('filter'),
      ).toEqual(['country:FR']),
    );
    const nav = screen.getByRole('navigation', { name: 'Analytics' });
    await user.click(within(nav).getByRole('link', { name: 'Pages' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/analytics/pages'));
    expect(search(router).get('site')).toBe(shopSiteId);
    expect(search(router).get('range')).toBe('7d');
    expect(search(router).getAll('filter')).toEqual(['country:FR']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pages' })).toBeTruthy();

    const tabs = screen.getByRole('tablist', { name: 'Pages by' });
    await user.click(within(tabs).getByRole('tab', { name: 'Entry page' }));
    await waitFor(() => expect(search(router).get('tab')).toBe('entry'));
    await waitFor(() =>
      expect(
        of(`/api/analytics/sites/${shopSiteId}/breakdown/entry`).at(-1)?.params.getAll('filter'),
      ).toEqual(['country:FR']),
    );
    expect(screen.getByRole('group', { name: 'Filters' })).toBeTruthy();
  });

  it('shows the app’s not-found page for an unknown view', async () => {
    mockFetch([]);
    renderRoutes([{ path: '/dashboard/analytics/:view', element: <AnalyticsDetailsView /> }], {
      initialEntries: ['/dashboard/analytics/nope'],
    });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
  });
});
