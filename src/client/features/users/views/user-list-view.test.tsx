import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { User } from '#shared/contract/account.ts';
import type { UserPage } from '#shared/contract/users.ts';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { jsonResponse, makeTestUser, mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { UserListView } from './user-list-view.tsx';

const TOTAL = 23;

function makeUser(i: number): User {
  return makeTestUser({
    id: `00000000-0000-4000-8000-${String(100 + i).padStart(12, '0')}`,
    email: `user${i}@example.com`,
    firstName: `User`,
    lastName: `Number ${i}`,
    displayName: `User Number ${i}`,
    role: 'user',
    status: 'active',
    slug: `user-number-${i}`,
    company: `Company ${i}`,
  });
}

/**
 * A fake GET /api/users that pages the 23 users as asked (sorting is not simulated: the URL is asserted),
 * and POST /api/users/bulk-delete.
 */
function usersApi() {
  const all = Array.from({ length: TOTAL }, (_, i) => makeUser(i + 1));
  /** The bodies POST /api/users/bulk-delete received. */
  const bulkBodies: unknown[] = [];
  const mock = mockFetch([
    {
      method: 'POST',
      path: '/api/users/bulk-delete',
      respond: ({ body }) => {
        bulkBodies.push(body);
        return jsonResponse({ deleted: (body as { ids: string[] }).ids.length });
      },
    },
    {
      path: '/api/users',
      respond: ({ url }) => {
        const params = new URL(url, 'http://localhost').searchParams;
        const page = Number(params.get('page'));
        const pageSize = Number(params.get('pageSize'));
        const search = params.get('search') ?? '';
        const matching = all.filter((u) => u.displayName.includes(search));
        return jsonResponse({
          users: matching.slice((page - 1) * pageSize, page * pageSize),
          total: matching.length,
          page,
          pageSize,
          counts: { all: matching.length, active: matching.length, pending: 0, banned: 0, rejected: 0 },
          capped: [],
          hasNextPage: page * pageSize < matching.length,
        } satisfies UserPage);
      },
    },
  ]);
  return { ...mock, bulkBodies };
}

/** The query strings of every GET /api/users so far. */
function requestedQueries(calls: ReturnType<typeof mockFetch>['calls']) {
  return calls('GET', '/api/users').map(([input]) => {
    const params = new URL(String(input), 'http://localhost').searchParams;
    return Object.fromEntries(params.entries());
  });
}

describe('user list view', () => {
  beforeEach(() => {
    authStore.setState({ ...initialAuthState, isInitialized: true, isAuthenticated: true, user: testUser });
  });

  it('asks the server for the page, page size, sort and search the grid shows', async () => {
    const { calls } = usersApi();
    renderRoutes([{ path: '/', element: <UserListView /> }]);

    const grid = await screen.findByRole('grid', { name: 'Users' });
    expect(await within(grid).findByText('User Number 1')).toBeTruthy();
    expect(requestedQueries(calls).at(-1)).toEqual({ page: '1', pageSize: '10' });

    // Next page: the server is asked for page 2.
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(requestedQueries(calls).at(-1)).toEqual({ page: '2', pageSize: '10' }));
    expect(await within(grid).findByText('User Number 11')).toBeTruthy();

    // Sorting by name: back to page 1, sorted on the server.
    await userEvent.click(within(grid).getByRole('columnheader', { name: /Name/ }));
    await waitFor(() =>
      expect(requestedQueries(calls).at(-1)).toEqual({
        page: '1',
        pageSize: '10',
        sort: 'name',
        order: 'asc',
      }),
    );
    await userEvent.click(within(grid).getByRole('columnheader', { name: /Name/ }));
    await waitFor(() =>
      expect(requestedQueries(calls).at(-1)).toEqual({
        page: '1',
        pageSize: '10',
        sort: 'name',
        order: 'desc',
      }),
    );

    // Search (debounced): the whole text, from the first page.
    await userEvent.click(screen.getByRole('searchbox', { name: 'Search' }));
    await userEvent.paste('Number 2');
    await waitFor(() =>
      expect(requestedQueries(calls).at(-1)).toEqual({
        page: '1',
        pageSize: '10',
        sort: 'name',
        order: 'desc',
        search: 'Number 2',
      }),
    );
    expect(requestedQueries(calls).filter((q) => q.search)).toHaveLength(1);

    // A status tab filters on the server too.
    await userEvent.click(screen.getByRole('tab', { name: /Banned/ }));
    await waitFor(() =>
      expect(requestedQueries(calls).at(-1)).toMatchObject({ status: 'banned', page: '1' }),
    );
  });

  it('keeps tab, search, sort and page in the address and asks for what the address says', async () => {
    const { calls } = usersApi();
    const { router } = renderRoutes([{ path: '/', element: <UserListView /> }], {
      initialEntries: ['/?status=active&search=Number&sort=company&order=desc&page=2&pageSize=5'],
    });
    const grid = await screen.findByRole('grid', { name: 'Users' });
    await waitFor(() =>
      expect(requestedQueries(calls)[0]).toEqual({
        page: '2',
        pageSize: '5',
        sort: 'company',
        order: 'desc',
        status: 'active',
        search: 'Number',
      }),
    );
    expect(
      within(grid)
        .getByRole('columnheader', { name: /Company/ })
        .getAttribute('aria-sort'),
    ).toBe('descending');
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('Number');
    expect(screen.getByRole('tab', { name: /Active/ }).getAttribute('aria-selected')).toBe('true');

    // A new tab starts at the first page and keeps the rest; unknown values in the address are ignored.
    await userEvent.click(screen.getByRole('tab', { name: /Banned/ }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?status=banned&search=Number&sort=company&order=desc&pageSize=5',
      ),
    );
    await router.navigate('/?sort=password&pageSize=7&page=-3&status=deleted');
    await waitFor(() => expect(requestedQueries(calls).at(-1)).toEqual({ page: '1', pageSize: '10' }));
  });

  it("asks for the country and creation period an overview's link holds, says so, and drops them on request", async () => {
    const { calls } = usersApi();
    const from = '2026-03-01T00:00:00+09:00';
    const to = '2026-04-01T00:00:00+09:00';
    const { router } = renderRoutes([{ path: '/', element: <UserListView /> }], {
      initialEntries: [
        `/?country=France&createdFrom=${encodeURIComponent(from)}&createdTo=${encodeURIComponent(to)}`,
      ],
    });
    await screen.findByRole('grid', { name: 'Users' });
    await waitFor(() =>
      expect(requestedQueries(calls)[0]).toEqual({
        page: '1',
        pageSize: '10',
        country: 'France',
        createdFrom: from,
        createdTo: to,
      }),
    );
    const filters = screen.getByRole('group', { name: 'Filters from the overview' });
    // The period the link meant: 1 to 31 March in the viewer's days (the end instant is left out).
    const created = within(filters).getByRole('button', {
      name: 'Remove the filter: Created Mar 1, 2026 – Mar 31, 2026',
    });
    await userEvent.click(
      within(filters).getByRole('button', { name: 'Remove the filter: Country: France' }),
    );
    await waitFor(() =>
      expect(requestedQueries(calls).at(-1)).toEqual({
        page: '1',
        pageSize: '10',
        createdFrom: from,
        createdTo: to,
      }),
    );
    await userEvent.click(created);
    await waitFor(() => expect(requestedQueries(calls).at(-1)).toEqual({ page: '1', pageSize: '10' }));
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('group', { name: 'Filters from the overview' })).toBeNull();

    // A bound that is not a day or an instant is ignored.
    await router.navigate('/?createdFrom=yesterday');
    await waitFor(() => expect(requestedQueries(calls).at(-1)).toEqual({ page: '1', pageSize: '10' }));
  });

  it("asks for the people who signed in from a device in a period (an overview's slice), and drops it on request", async () => {
    const { calls } = usersApi();
    const from = '2026-03-01T00:00:00+09:00';
    const to = '2026-04-01T00:00:00+09:00';
    const { router } = renderRoutes([{ path: '/', element: <UserListView /> }], {
      initialEntries: [
        `/?device=mobile&signedInFrom=${encodeURIComponent(from)}&signedInTo=${encodeURIComponent(to)}`,
      ],
    });
    await screen.findByRole('grid', { name: 'Users' });
    await waitFor(() =>
      expect(requestedQueries(calls)[0]).toEqual({
        page: '1',
        pageSize: '10',
        device: 'mobile',
        signedInFrom: from,
        signedInTo: to,
      }),
    );
    const filters = screen.getByRole('group', { name: 'Filters from the overview' });
    const period = within(filters).getByRole('button', {
      name: 'Remove the filter: Signed in Mar 1, 2026 – Mar 31, 2026',
    });
    await userEvent.click(
      within(filters).getByRole('button', { name: 'Remove the filter: Signed in on: Mobile' }),
    );
    await waitFor(() =>
      expect(requestedQueries(calls).at(-1)).toEqual({
        page: '1',
        pageSize: '10',
        signedInFrom: from,
        signedInTo: to,
      }),
    );
    await userEvent.click(period);
    await waitFor(() => expect(requestedQueries(calls).at(-1)).toEqual({ page: '1', pageSize: '10' }));
    expect(router.state.location.search).toBe('');

    // A device the list does not know is ignored.
    await router.navigate('/?device=phone');
    await waitFor(() => expect(requestedQueries(calls).at(-1)).toEqual({ page: '1', pageSize: '10' }));
  });

  it('deletes the selected users in one request after a confirmation', async () => {
    const { bulkBodies } = usersApi();
    renderRoutes([{ path: '/', element: <UserListView /> }]);
    const grid = await screen.findByRole('grid', { name: 'Users' });
    await within(grid).findByText('User Number 1');

    const rowOf = (name: string) => within(grid).getByText(name).closest('[role="row"]') as HTMLElement;
    await userEvent.click(within(rowOf('User Number 1')).getByRole('checkbox'));
    await userEvent.click(within(rowOf('User Number 2')).getByRole('checkbox'));
    expect(screen.getByText('2 selected')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the selected users?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(bulkBodies).toHaveLength(1));
    expect(bulkBodies[0]).toEqual({ ids: [makeUser(1).id, makeUser(2).id] });
    expect(await screen.findByText('Users deleted: 2')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('2 selected')).toBeNull());
  });

  it('changes the page size on the server', async () => {
    const { calls } = usersApi();
    renderRoutes([{ path: '/', element: <UserListView /> }]);
    const grid = await screen.findByRole('grid', { name: 'Users' });
    await within(grid).findByText('User Number 1');

    await userEvent.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    await userEvent.click(await screen.findByRole('option', { name: '25' }));
    await waitFor(() => expect(requestedQueries(calls).at(-1)).toEqual({ page: '1', pageSize: '25' }));
    expect(await within(grid).findByText('User Number 23')).toBeTruthy();
  });

  it('shows the counts of a broad search as lower bounds and pages on by hasNextPage', async () => {
    const many = Array.from({ length: 10 }, (_, i) => makeUser(i + 1));
    const { calls } = mockFetch([
      {
        path: '/api/users',
        respond: ({ url }) => {
          const page = Number(new URL(url, 'http://localhost').searchParams.get('page'));
          return jsonResponse({
            users: many,
            total: 1400,
            page,
            pageSize: 10,
            counts: { all: 1400, active: 1000, pending: 400, banned: 0, rejected: 0 },
            capped: ['all', 'active'],
            hasNextPage: page < 3,
          } satisfies UserPage);
        },
      },
    ]);
    renderRoutes([{ path: '/', element: <UserListView /> }]);
    const grid = await screen.findByRole('grid', { name: 'Users' });
    await within(grid).findByText('User Number 1');

    expect(screen.getByRole('tab', { name: /All/ }).textContent).toContain('1,400+');
    expect(screen.getByRole('tab', { name: /Active/ }).textContent).toContain('1,000+');
    expect(screen.getByRole('tab', { name: /Pending/ }).textContent).toContain('400');
    expect(screen.getByRole('tab', { name: /Pending/ }).textContent).not.toContain('+');
    // The total is not known: the grid says "more than", and pages on while the server says more follow.
    expect(await screen.findByText(/1–10 of more than 10/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(requestedQueries(calls).at(-1)).toMatchObject({ page: '2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(requestedQueries(calls).at(-1)).toMatchObject({ page: '3' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Go to next page' })).toHaveProperty('disabled', true),
    );
  });
});
