import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch, testUser } from '../testing/fetch-mock.ts';
import { authStore, initialAuthState } from './auth/auth-store.ts';
import { parseListState } from './list-state.ts';
import { queryClient } from './query-client.ts';
import { listResource } from './resource.ts';

type Page = { things: string[] };

const things = listResource<Page>()({
  key: ['things', 'list'],
  path: '/things',
  config: {
    pageSizes: [10, 25],
    defaultPageSize: 10,
    sortKeys: ['name', 'createdAt'],
    filters: { status: ['open', 'closed'], tag: /^[a-z]+(,[a-z]+)*$/ },
  },
  filters: (filters) => ({
    status: (filters.status as 'open' | 'closed' | undefined) ?? ('all' as const),
    tags: filters.tag ? filters.tag.split(',') : [],
  }),
  mayList: (auth) => auth.user?.role === 'admin',
});

const state = (search: string) => parseListState(new URLSearchParams(search), things.config);

describe('listResource', () => {
  it('turns the 0-based list state of the address into the API 1-based request, filters typed', () => {
    expect(
      things.paramsOf(state('page=3&pageSize=25&sort=name&order=desc&search=ada&status=open&tag=a,b')),
    ).toEqual({
      page: 3,
      pageSize: 25,
      sort: 'name',
      order: 'desc',
      search: 'ada',
      status: 'open',
      tags: ['a', 'b'],
    });
    expect(things.paramsOf(state(''))).toEqual({
      page: 1,
      pageSize: 10,
      sort: undefined,
      order: undefined,
      search: '',
      status: 'all',
      tags: [],
    });
  });

  it('sends the order only with a sort, and leaves empty filters and search out', () => {
    expect(things.queryOf({ ...things.paramsOf(state('')), order: 'desc', search: '  ' })).toEqual({
      page: 1,
      pageSize: 10,
      sort: undefined,
      order: undefined,
      search: undefined,
      status: 'all',
      tags: undefined,
    });
    expect(things.queryOf(things.paramsOf(state('sort=createdAt&tag=a,b')))).toMatchObject({
      sort: 'createdAt',
      order: 'asc',
      tags: 'a,b',
    });
  });

  it("renames the request's fields to the API's parameters when the area says how", () => {
    const renamed = listResource<Page>()({
      key: ['things', 'list'],
      path: '/things',
      config: { pageSizes: [10], defaultPageSize: 10, filters: { tab: ['draft'] } },
      filters: (filters) => ({ tab: filters.tab ?? 'all' }),
      query: ({ tab }) => ({ publish: tab === 'all' ? undefined : tab }),
    });
    expect(
      renamed.queryOf(renamed.paramsOf(parseListState(new URLSearchParams('tab=draft'), renamed.config))),
    ).toEqual({
      page: 1,
      pageSize: 10,
      sort: undefined,
      order: undefined,
      search: undefined,
      publish: 'draft',
    });
  });

  it("the loader starts the address's request in the cache the view reads, and only for who may ask", async () => {
    const { calls } = mockFetch([{ path: '/api/things', respond: () => jsonResponse({ things: ['one'] }) }]);
    const request = new Request('http://localhost/dashboard/things?page=2&status=closed');

    authStore.setState({
      ...initialAuthState,
      isInitialized: true,
      isAuthenticated: true,
      user: { ...testUser, role: 'user' },
    });
    expect(await things.loader({ request })).toBeNull();
    expect(calls('GET', '/api/things')).toHaveLength(0);

    authStore.setState({ ...initialAuthState, isInitialized: true, isAuthenticated: true, user: testUser });
    expect(await things.loader({ request })).toBeNull();
    const key = things.queryKey(things.paramsOf(state('page=2&status=closed')));
    await expect.poll(() => queryClient.getQueryData(key)).toEqual({ things: ['one'] });
    expect(key.slice(0, 2)).toEqual(['things', 'list']);
    expect(String(calls('GET', '/api/things')[0]?.[0])).toBe('/api/things?page=2&pageSize=10&status=closed');
  });
});
