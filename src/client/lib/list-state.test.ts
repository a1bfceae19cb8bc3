import { describe, expect, it } from 'vitest';

import { parseListState, writeListState, type ListStateConfig } from './list-state.ts';

const config: ListStateConfig<'name' | 'createdAt', 'status'> = {
  pageSizes: [10, 25, 50],
  defaultPageSize: 10,
  sortKeys: ['name', 'createdAt'],
  filters: { status: ['active', 'banned'] },
  searchMax: 5,
};
const parse = (query: string) => parseListState(new URLSearchParams(query), config);

describe('list state in the address', () => {
  it('reads page (1-based in the address), size, sort, search and filters', () => {
    expect(parse('page=3&pageSize=25&sort=name&order=desc&search=%20ada%20&status=banned')).toEqual({
      page: 2,
      pageSize: 25,
      sort: { field: 'name', order: 'desc' },
      search: 'ada',
      filters: { status: 'banned' },
    });
  });

  it('falls back to the defaults for anything unknown or malformed', () => {
    expect(parse('page=0&pageSize=7&sort=password&order=sideways&status=deleted')).toEqual({
      page: 0,
      pageSize: 10,
      sort: null,
      search: '',
      filters: {},
    });
    expect(parse('page=-2').page).toBe(0);
    expect(parse('page=1e3').page).toBe(0);
    expect(parse('page=99999999').page).toBe(0);
    // An order without a known sort means nothing; a sort without an order is ascending.
    expect(parse('order=desc').sort).toBeNull();
    expect(parse('sort=createdAt').sort).toEqual({ field: 'createdAt', order: 'asc' });
    expect(parse('search=abcdefgh').search).toBe('abcde');
  });

  it('writes only what differs from the defaults and keeps parameters it does not own', () => {
    const written = writeListState(
      new URLSearchParams('user=42&page=4'),
      {
        page: 0,
        pageSize: 10,
        sort: { field: 'name', order: 'asc' },
        search: ' x ',
        filters: { status: 'active' },
      },
      config,
    );
    expect(written.toString()).toBe('user=42&sort=name&search=x&status=active');
    const round = writeListState(
      new URLSearchParams(),
      parse('page=2&pageSize=50&sort=name&order=desc'),
      config,
    );
    expect(round.toString()).toBe('page=2&pageSize=50&sort=name&order=desc');
  });
});
