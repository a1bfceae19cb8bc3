import { describe, expect, it } from 'vitest';

import {
  readFilters,
  resolveView,
  sharedSearch,
  tabOf,
  withFilter,
  withoutFilter,
} from './analytics-views.ts';

describe('the analytics views’ address', () => {
  it('knows the views, their aliases and tabs; anything else is not found', () => {
    expect(resolveView('pages')).toEqual({ view: 'pages', tab: 'page' });
    expect(resolveView('browsers')).toEqual({ view: 'devices', tab: 'browser' });
    expect(resolveView('sites')).toBeNull();
    expect(resolveView('nope')).toBeNull();
    expect(tabOf('sources', 'source', 'utmCampaign')).toBe('utmCampaign');
    expect(tabOf('sources', 'source', 'country')).toBe('source');
  });

  it('reads filters split at the first colon, dropping bad ones and repeats of a dimension', () => {
    const params = new URLSearchParams(
      'filter=page:/a:b&filter=nope:x&filter=:x&filter=page:/c&filter=country:FR&filter=utmCampaign:',
    );
    expect(readFilters(params)).toEqual([
      { dim: 'page', value: '/a:b' },
      { dim: 'country', value: 'FR' },
      { dim: 'utmCampaign', value: '' },
    ]);
  });

  it('adds a filter in place of the same dimension’s, back on the first page, and removes one', () => {
    const params = new URLSearchParams('site=s&page=3&filter=country:FR&filter=device:mobile');
    const next = withFilter(params, { dim: 'country', value: 'DE' });
    expect(next.getAll('filter')).toEqual(['country:DE', 'device:mobile']);
    expect(next.get('page')).toBeNull();
    expect(next.get('site')).toBe('s');
    expect(withoutFilter(next, 'device').getAll('filter')).toEqual(['country:DE']);
  });

  it('refuses a sixth filter', () => {
    const params = new URLSearchParams(
      ['page:/', 'entry:/', 'source:direct', 'country:FR', 'device:mobile']
        .map((f) => `filter=${f}`)
        .join('&'),
    );
    expect(withFilter(params, { dim: 'os', value: 'iOS' })).toBe(params);
    expect(withFilter(params, { dim: 'os', value: 'iOS' }).getAll('filter')).toHaveLength(5);
  });

  it('keeps the site, range and filters for a link to another view, not the table’s state', () => {
    const params = new URLSearchParams('site=s&range=7d&tab=entry&page=2&sort=views&filter=country:FR');
    expect(sharedSearch(params)).toBe('?site=s&range=7d&filter=country%3AFR');
  });
});
