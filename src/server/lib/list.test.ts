import { describe, expect, it } from 'vitest';

import { pagedList } from './list.ts';

const letters = 'abcdefghijk'.split('');
const rows = ({ limit, offset }: { limit: number; offset: number }) =>
  Promise.resolve(letters.slice(offset, offset + limit));

describe('pagedList', () => {
  it('reads one row more than the page to know whether another follows', async () => {
    const asked: { limit: number; offset: number }[] = [];
    const first = await pagedList(
      { page: 1, pageSize: 5 },
      (window) => {
        asked.push(window);
        return rows(window);
      },
      () => Promise.resolve(letters.length),
    );
    expect(asked).toEqual([{ limit: 6, offset: 0 }]);
    expect(first).toEqual({
      items: ['a', 'b', 'c', 'd', 'e'],
      total: 11,
      page: 1,
      pageSize: 5,
      hasNextPage: true,
    });
  });

  it('says no page follows on the last one, and an empty page past the end', async () => {
    const count = () => Promise.resolve(letters.length);
    expect(await pagedList({ page: 3, pageSize: 5 }, rows, count)).toMatchObject({
      items: ['k'],
      hasNextPage: false,
    });
    expect(await pagedList({ page: 2, pageSize: 10 }, rows, count)).toMatchObject({
      items: ['k'],
      hasNextPage: false,
    });
    expect(await pagedList({ page: 9, pageSize: 5 }, rows, count)).toMatchObject({
      items: [],
      hasNextPage: false,
    });
  });

  it('goes by the rows, not the count, when the count is a lower bound', async () => {
    const capped = await pagedList({ page: 1, pageSize: 5 }, rows, () => Promise.resolve(5));
    expect(capped).toMatchObject({ total: 5, hasNextPage: true });
  });
});
