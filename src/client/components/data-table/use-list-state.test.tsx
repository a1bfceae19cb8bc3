import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';

import type { ListStateConfig } from '../../lib/list-state.ts';
import { renderRoutes } from '../../testing/test-utils.tsx';
import { useListState } from './use-list-state.ts';

const config: ListStateConfig<'name', 'startDate' | 'endDate'> = {
  pageSizes: [10, 25],
  defaultPageSize: 10,
  sortKeys: ['name'],
  filters: { startDate: /^\d{4}-\d{2}-\d{2}$/u, endDate: /^\d{4}-\d{2}-\d{2}$/u },
  searchMax: 50,
};

function DateFilters() {
  const list = useListState(config);
  return (
    <>
      <p>
        from {list.filters.startDate ?? '-'} to {list.filters.endDate ?? '-'}
      </p>
      <button type="button" onClick={() => list.setFilter('startDate', '2026-11-24')}>
        Start
      </button>
      <button type="button" onClick={() => list.setFilter('endDate', '2026-11-30')}>
        End
      </button>
      <button
        type="button"
        onClick={() => {
          list.setFilter('startDate', '2026-01-01');
          list.setFilter('endDate', '2026-01-31');
        }}
      >
        January
      </button>
    </>
  );
}

function SearchList() {
  const list = useListState(config);
  return (
    <>
      <input
        aria-label="Search"
        value={list.searchInput}
        onChange={(event) => list.setSearchInput(event.target.value)}
      />
      <Link to="/item">Open the item</Link>
    </>
  );
}

/** A page of cards: every change is a history entry; a price range is two filters set at once. */
function CardPage() {
  const list = useListState(config, { history: 'push' });
  return (
    <>
      <p>
        page {list.page + 1}, from {list.filters.startDate ?? '-'} to {list.filters.endDate ?? '-'}, search{' '}
        {list.search || '-'}
      </p>
      <button type="button" onClick={() => list.setPage(list.page + 1)}>
        Next page
      </button>
      <button
        type="button"
        onClick={() => list.setFilters({ startDate: '2026-01-01', endDate: '2026-01-31', search: ' ada ' })}
      >
        January
      </button>
      <button type="button" onClick={() => list.setFilters({ startDate: undefined, endDate: undefined })}>
        Clear
      </button>
      <button type="button" onClick={() => list.setSearch('grace')}>
        Search grace
      </button>
    </>
  );
}

describe('useListState', () => {
  it('drops a search still waiting to be written when a link leaves the list', async () => {
    // The item page's code takes longer than the search's pause: the search must not cancel the way out.
    let release: () => void = () => {};
    const { router } = renderRoutes(
      [
        { path: '/list', element: <SearchList /> },
        {
          path: '/item',
          lazy: () =>
            new Promise((resolve) => (release = () => resolve({ Component: () => <h1>The item</h1> }))),
        },
      ],
      { initialEntries: ['/list'] },
    );
    await userEvent.type(await screen.findByRole('textbox', { name: 'Search' }), 'ada');
    await userEvent.click(screen.getByRole('link', { name: 'Open the item' }));
    // Longer than the search's pause (300 ms).
    await act(() => new Promise((resolve) => setTimeout(resolve, 450)));
    act(() => release());
    expect(await screen.findByRole('heading', { name: 'The item' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/item');
  });

  it('keeps both of two changes made before the address caught up with the first', async () => {
    // Every change of the address runs the page's loader again; until it ends, the address is the old one.
    let release: () => void = () => {};
    let loads = 0;
    const { router } = renderRoutes(
      [
        {
          path: '/list',
          element: <DateFilters />,
          HydrateFallback: () => null,
          loader: () => {
            loads += 1;
            return loads === 1 ? null : new Promise<null>((resolve) => (release = () => resolve(null)));
          },
        },
      ],
      { initialEntries: ['/list'] },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Start' }));
    await userEvent.click(screen.getByRole('button', { name: 'End' }));
    act(() => release());
    await waitFor(() =>
      expect(router.state.location.search).toBe('?startDate=2026-11-24&endDate=2026-11-30'),
    );
    expect(screen.getByText('from 2026-11-24 to 2026-11-30')).toBeTruthy();
  });

  it('keeps both of two changes made in one handler', async () => {
    const { router } = renderRoutes([{ path: '/list', element: <DateFilters /> }], {
      initialEntries: ['/list?startDate=2025-05-05'],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'January' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?startDate=2026-01-01&endDate=2026-01-31'),
    );
    expect(screen.getByText('from 2026-01-01 to 2026-01-31')).toBeTruthy();
  });

  it('starts from the address again once it changed from outside (Back, a link)', async () => {
    const { router } = renderRoutes([{ path: '/list', element: <DateFilters /> }], {
      initialEntries: ['/list'],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Start' }));
    await waitFor(() => expect(router.state.location.search).toBe('?startDate=2026-11-24'));
    await act(() => router.navigate('/list?endDate=2026-12-01'));
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?endDate=2026-12-01&startDate=2026-11-24'),
    );
  });

  it("in 'push' mode steps back through pages and filters; several filters and the search change at once", async () => {
    const { router } = renderRoutes([{ path: '/shop', element: <CardPage /> }], {
      initialEntries: ['/shop'],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(router.state.historyAction).toBe('PUSH');

    // Both dates and the search in one entry, back to the first page.
    await userEvent.click(screen.getByRole('button', { name: 'January' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?search=ada&startDate=2026-01-01&endDate=2026-01-31'),
    );
    expect(screen.getByText('page 1, from 2026-01-01 to 2026-01-31, search ada')).toBeTruthy();

    // A search written at once (not after the typing pause), keeping the filters.
    await userEvent.click(screen.getByRole('button', { name: 'Search grace' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?search=grace&startDate=2026-01-01&endDate=2026-01-31'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=grace'));

    // Back walks the entries: the search before the clear, then the dates, then page 2.
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?search=grace&startDate=2026-01-01&endDate=2026-01-31');
    await act(() => router.navigate(-1));
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByText('page 2, from - to -, search -')).toBeTruthy();
  });

  it('replaces the history entry by default (Back leaves the list)', async () => {
    const { router } = renderRoutes([{ path: '/list', element: <DateFilters /> }], {
      initialEntries: ['/elsewhere', '/list'],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Start' }));
    await waitFor(() => expect(router.state.location.search).toBe('?startDate=2026-11-24'));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
