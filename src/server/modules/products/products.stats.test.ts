import { beforeAll, describe, expect, it } from 'vitest';

import { products } from '../../db/schema/index.ts';
import { adminScope, memberScope, statsDb } from '../../testing/stats.ts';
import { topProducts } from './products.stats.ts';

describe('products stats', () => {
  const s = statsDb();

  beforeAll(async () => {
    const product = (name: string, totalSold: number, publish: 'published' | 'draft') =>
      s.db
        .insert(products)
        .values({ name, slug: name, sku: name, price: 1000, category: 'Shirts', totalSold, publish });
    await product('p-low', 1, 'published');
    await product('p-high', 50, 'published');
    await product('p-draft', 99, 'draft');
    await product('p-mid', 10, 'published');
  });

  it('lists the best sellers, drafts for administrators only', async () => {
    const names = async (scope: ReturnType<typeof adminScope>) =>
      (await topProducts(s.db, scope, 3)).map((p) => [p.name, p.totalSold]);
    expect(await names(adminScope(s.admin))).toEqual([
      ['p-draft', 99],
      ['p-high', 50],
      ['p-mid', 10],
    ]);
    expect(await names(memberScope(s.alice))).toEqual([
      ['p-high', 50],
      ['p-mid', 10],
      ['p-low', 1],
    ]);
  });
});
