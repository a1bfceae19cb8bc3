import { beforeAll, describe, expect, it } from 'vitest';

import { products } from '../../db/schema/index.ts';
import { adminScope, at, memberScope, statsDb } from '../../testing/stats.ts';
import { latestProducts, topProducts } from './products.stats.ts';

describe('products stats', () => {
  const s = statsDb();

  beforeAll(async () => {
    const product = (name: string, totalSold: number, publish: 'published' | 'draft', createdAt: string) =>
      s.db.insert(products).values({
        name,
        slug: name,
        sku: name,
        price: 1000,
        category: 'Shirts',
        totalSold,
        publish,
        createdAt: at(createdAt),
      });
    await product('p-low', 1, 'published', '2024-03-01T00:00:00Z');
    await product('p-high', 50, 'published', '2024-03-04T00:00:00Z');
    await product('p-draft', 99, 'draft', '2024-03-05T00:00:00Z');
    await product('p-mid', 10, 'published', '2024-03-02T00:00:00Z');
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

  it('lists the newest products, drafts for administrators only', async () => {
    const names = async (scope: ReturnType<typeof adminScope>) =>
      (await latestProducts(s.db, scope, 3)).map((p) => p.name);
    expect(await names(adminScope(s.admin))).toEqual(['p-draft', 'p-high', 'p-mid']);
    expect(await names(memberScope(s.alice))).toEqual(['p-high', 'p-mid', 'p-low']);
  });
});
