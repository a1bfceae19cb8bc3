import { describe, expect, it } from 'vitest';

import { parseListState } from '../../../lib/list-state.ts';
import { postsList } from './posts-list.ts';

const paramsOf = (query: string) =>
  postsList.paramsOf(parseListState(new URLSearchParams(query), postsList.config));

describe('the posts page’s address', () => {
  it('asks for every post the caller may see, latest first, by default', () => {
    expect(paramsOf('')).toEqual({
      tab: 'all',
      sort: 'latest',
      search: '',
      page: 1,
      pageSize: 12,
      featured: false,
    });
  });

  it('reads the tab, the sort, the search and the page', () => {
    expect(paramsOf('tab=draft&sort=popular&search=%20travel%20&page=3')).toEqual({
      tab: 'draft',
      sort: 'popular',
      search: 'travel',
      page: 3,
      pageSize: 12,
      featured: false,
    });
  });

  it('falls back to the defaults on values the API does not take', () => {
    expect(paramsOf('tab=secret&sort=random&page=-2&pageSize=7&featured=yes')).toEqual({
      tab: 'all',
      sort: 'latest',
      search: '',
      page: 1,
      pageSize: 12,
      featured: false,
    });
  });

  it('sends the tab as `publish`, the sort, the trimmed search and a profile’s author', () => {
    const params = paramsOf('tab=published&sort=oldest&search=%20travel%20&page=2');
    expect(postsList.queryOf({ ...params, author: 'u1' })).toEqual({
      page: 2,
      pageSize: 12,
      sort: 'oldest',
      publish: 'published',
      search: 'travel',
      author: 'u1',
    });
  });

  it('keeps the featured posts with `featured=true`, sent as the API takes it', () => {
    const params = paramsOf('featured=true&tab=published');
    expect(params).toMatchObject({ featured: true, tab: 'published' });
    expect(postsList.queryOf(params)).toMatchObject({ featured: 'true', publish: 'published' });
    expect(postsList.queryOf(paramsOf('')).featured).toBeUndefined();
  });
});
