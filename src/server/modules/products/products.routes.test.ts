import fs from 'node:fs';
import path from 'node:path';

import { asc, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type {
  CreateProductInput,
  Product,
  ProductCard,
  ProductPage,
  ReviewPage,
  ReviewResponse,
} from '#shared/contract/products.ts';

import { files, productImages, productReviews, products } from '../../db/schema/index.ts';
import { apiCalls } from '../../testing/http.ts';
import {
  multipartBody,
  pngWithMetadata,
  quickMembers,
  threeMembers,
  type Member,
} from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: Member;
let alice: Member;
let bob: Member;

const { call, ok } = apiCalls(() => t.app, '/api/products');

const names = (page: { products: ProductCard[] }) => page.products.map((p) => p.name);
const shop = (who: Member, query = '') => ok<ProductPage>(who, 'GET', `/${query ? `?${query}` : ''}`);

let serial = 0;
/** A product made through the API (as the admin), with sensible defaults. */
async function create(overrides: Partial<CreateProductInput> = {}): Promise<Product> {
  serial++;
  const input: CreateProductInput = {
    name: `Product ${serial}`,
    sku: `SKU-${serial}`,
    price: 1000,
    category: 'Shirts',
    gender: ['Men'],
    colors: ['#000000'],
    publish: 'published',
    ...overrides,
  };
  return (await ok<{ product: Product }>(admin, 'POST', '/', input, 201)).product;
}

const productRow = async (id: string) =>
  (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!;

beforeAll(async () => {
  t = await createTestApp({ rateLimitMax: 1_000_000 });
  ({ admin, alice, bob } = await threeMembers(t.app));
});
afterAll(async () => {
  await t?.close();
});

describe('products: who may do what', () => {
  let product: Product;
  beforeAll(async () => {
    product = await create({ name: 'Guarded shirt' });
  });

  const adminRoutes = (id: string) => [
    { method: 'GET' as const, url: '/admin' },
    {
      method: 'POST' as const,
      url: '/',
      payload: { name: 'Sneaky', sku: 'S', price: 1, category: 'Shirts' },
    },
    { method: 'PATCH' as const, url: `/${id}`, payload: { price: 1 } },
    { method: 'DELETE' as const, url: `/${id}` },
    { method: 'POST' as const, url: '/delete', payload: { ids: [id] } },
    { method: 'PUT' as const, url: `/${id}/images`, payload: { fileIds: [] } },
    { method: 'POST' as const, url: `/${id}/images` },
  ];

  it('refuses the administration to other users (403) and changes nothing', async () => {
    const before = await t.database.db.select().from(products).orderBy(asc(products.id));
    for (const route of adminRoutes(product.id)) {
      const res = await call(alice, route.method, route.url, route.payload);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
    const upload = multipartBody(await pngWithMetadata());
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/products/${product.id}/images`,
      headers: { ...alice.headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(res.statusCode).toBe(403);
    expect(await t.database.db.select().from(products).orderBy(asc(products.id))).toEqual(before);
    // Nor may they see drafts by asking for them.
    expect((await call(alice, 'GET', '/?publish=all')).statusCode).toBe(403);
    expect((await call(alice, 'GET', '/?publish=draft')).statusCode).toBe(403);
  });

  it('answers 401 to signed-out callers on every route', async () => {
    const routes = [
      ...adminRoutes(product.id),
      { method: 'GET' as const, url: '/' },
      { method: 'GET' as const, url: `/product?name=${encodeURIComponent(product.name)}` },
      { method: 'GET' as const, url: '/search?q=guard' },
      { method: 'GET' as const, url: `/${product.id}/reviews` },
      { method: 'POST' as const, url: `/${product.id}/reviews`, payload: { rating: 5, comment: 'x' } },
      { method: 'DELETE' as const, url: `/${product.id}/reviews/mine` },
      { method: 'POST' as const, url: `/${product.id}/reviews/${crypto.randomUUID()}/helpful` },
      { method: 'DELETE' as const, url: `/${product.id}/reviews/${crypto.randomUUID()}/helpful` },
    ];
    for (const route of routes) {
      const res = await call(null, route.method, route.url, route.payload);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('never lets answers be cached', async () => {
    const res = await call(alice, 'GET', '/');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('products: creating and editing', () => {
  it('creates a product with every field, sanitising the description; defaults the rest', async () => {
    const product = await create({
      name: '  Linen Shirt  ',
      sku: 'LIN-001',
      code: 'CL-LIN',
      description: '<p>Soft <strong>linen</strong><script>alert(1)</script><img src=x onerror=alert(2)></p>',
      subDescription: 'Breathable.',
      price: 4900,
      priceSale: 6900,
      taxes: 7.5,
      category: 'Shirts',
      gender: ['Men', 'Women', 'Men'],
      colors: ['#ff4842', '1890FF'],
      sizes: ['XL', 'S', 'M'],
      tags: ['linen', 'summer', 'linen'],
      quantity: 8,
      newLabel: { enabled: true, content: 'NEW' },
      saleLabel: { enabled: true, content: 'SALE' },
    });
    expect(product).toMatchObject({
      name: 'Linen Shirt',
      slug: 'linen-shirt',
      sku: 'LIN-001',
      code: 'CL-LIN',
      subDescription: 'Breathable.',
      price: 4900,
      priceSale: 6900,
      taxes: 7.5,
      category: 'Shirts',
      gender: ['Men', 'Women'],
      colors: ['#FF4842', '#1890FF'],
      sizes: ['S', 'M', 'XL'],
      tags: ['linen', 'summer'],
      quantity: 8,
      available: 8,
      inventoryType: 'low stock',
      newLabel: { enabled: true, content: 'NEW' },
      saleLabel: { enabled: true, content: 'SALE' },
      publish: 'published',
      totalRatings: 0,
      totalReviews: 0,
      totalSold: 0,
      coverUrl: null,
      images: [],
      imageFiles: [],
      version: 1,
    });
    expect(product.description).toContain('<strong>linen</strong>');
    expect(product.description).not.toMatch(/script|onerror|alert/);
    expect(product.ratings.map((r) => [r.name, r.starCount])).toEqual([
      ['1 Star', 0],
      ['2 Star', 0],
      ['3 Star', 0],
      ['4 Star', 0],
      ['5 Star', 0],
    ]);

    const minimal = (
      await ok<{ product: Product }>(
        admin,
        'POST',
        '/',
        {
          name: 'Minimal Tee',
          sku: 'MIN-1',
          price: 0,
          category: 'T-shirts',
          gender: ['Kids'],
          colors: ['#FFFFFF'],
        },
        201,
      )
    ).product;
    expect(minimal).toMatchObject({
      publish: 'draft',
      quantity: 0,
      inventoryType: 'out of stock',
      priceSale: null,
      taxes: 0,
      sizes: [],
      tags: [],
      description: '',
      newLabel: { enabled: false, content: 'NEW' },
      saleLabel: { enabled: false, content: 'SALE' },
    });
  });

  it('refuses bad input with a 400 and a message', async () => {
    const base = {
      name: 'Bad',
      sku: 'BAD',
      price: 100,
      category: 'Shirts',
      gender: ['Men'],
      colors: ['#000000'],
    };
    const bad: Array<[object, RegExp]> = [
      [{ ...base, name: '   ' }, /name/i],
      [{ ...base, sku: '' }, /SKU/i],
      [{ ...base, price: -1 }, /price/i],
      [{ ...base, price: 10.5 }, /price/i],
      [{ ...base, price: 1000, priceSale: 900 }, /before the sale/i],
      [{ ...base, price: 1000, priceSale: 1000 }, /before the sale/i],
      [{ ...base, taxes: 101 }, /taxes/i],
      [{ ...base, taxes: 7.555 }, /taxes/i],
      [{ ...base, category: 'Hats' }, /categor/i],
      [{ ...base, gender: [] }, /Men, Women or Kids/i],
      [{ ...base, gender: ['Robots'] }, /Men, Women or Kids/i],
      [{ ...base, colors: [] }, /colour/i],
      [{ ...base, colors: ['#123456'] }, /colour/i],
      [{ ...base, sizes: ['XXXL'] }, /size/i],
      [{ ...base, tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, /tags/i],
      [{ ...base, tags: ['x'.repeat(41)] }, /tag/i],
      [{ ...base, quantity: -3 }, /quantity/i],
      [{ ...base, publish: 'live' }, /publish/i],
      [{ ...base, slug: 'Not a slug!' }, /URL name/i],
      [{ ...base, newLabel: { enabled: true, content: 'x'.repeat(21) } }, /label/i],
      [{ ...base, totalSold: 5 }, /./],
      [{ ...base, description: 'x'.repeat(20_001) }, /too long/i],
    ];
    for (const [payload, message] of bad) {
      const res = await call(admin, 'POST', '/', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 100)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    expect(await t.database.db.$count(products, eq(products.name, 'Bad'))).toBe(0);
  });

  it('keeps names (any letter case), URL names and SKUs unique: 409 naming the field', async () => {
    await create({ name: 'Unique Jacket', sku: 'UNI-1' });
    const sameName = await call(admin, 'POST', '/', {
      name: 'UNIQUE jacket',
      sku: 'UNI-2',
      slug: 'other-slug',
      price: 1,
      category: 'Leather',
      gender: ['Men'],
      colors: ['#000000'],
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({ code: 'NAME_TAKEN' });
    const sameSku = await call(admin, 'POST', '/', {
      name: 'Another Jacket',
      sku: 'UNI-1',
      price: 1,
      category: 'Leather',
      gender: ['Men'],
      colors: ['#000000'],
    });
    expect(sameSku.json()).toMatchObject({ code: 'SKU_TAKEN' });
    const sameSlug = await call(admin, 'POST', '/', {
      name: 'Unique-Jacket!',
      sku: 'UNI-3',
      price: 1,
      category: 'Leather',
      gender: ['Men'],
      colors: ['#000000'],
    });
    expect(sameSlug.statusCode).toBe(409);
    expect(sameSlug.json()).toMatchObject({ code: 'SLUG_TAKEN' });
  });

  it('edits with a version check: a stale edit gets 409 with the product as it is now', async () => {
    const product = await create({ name: 'Versioned Blazer', category: 'Blazers', price: 20000 });
    const edited = (
      await ok<{ product: Product }>(admin, 'PATCH', `/${product.id}`, {
        version: product.version,
        price: 18000,
        description: '<p>Now <em>cheaper</em><iframe src="https://evil.example"></iframe></p>',
      })
    ).product;
    expect(edited).toMatchObject({ price: 18000, version: product.version + 1, name: 'Versioned Blazer' });
    expect(edited.description).toBe('<p>Now <em>cheaper</em></p>');

    const stale = await call(admin, 'PATCH', `/${product.id}`, { version: product.version, price: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'STALE',
      current: { id: product.id, price: 18000, version: 2 },
    });
    expect((await productRow(product.id)).price).toBe(18000);

    // Without a version the edit applies to the stored one; only the fields sent change.
    const renamed = (
      await ok<{ product: Product }>(admin, 'PATCH', `/${product.id}`, { name: 'Renamed Blazer' })
    ).product;
    expect(renamed).toMatchObject({
      name: 'Renamed Blazer',
      slug: 'versioned-blazer',
      price: 18000,
      version: 3,
    });

    // An order taking stock (a conditional UPDATE of quantity and total_sold) makes an open edit stale.
    await t.database.db
      .update(products)
      .set({ quantity: 0, totalSold: 1 })
      .where(eq(products.id, product.id));
    const afterOrder = await call(admin, 'PATCH', `/${product.id}`, { version: 3, quantity: 50 });
    expect(afterOrder.statusCode).toBe(409);
    expect(afterOrder.json()).toMatchObject({ current: { quantity: 0, totalSold: 1, version: 4 } });

    // priceSale is checked against the stored price when only one of them is sent.
    const refused = await call(admin, 'PATCH', `/${product.id}`, { priceSale: 100 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(/before the sale/i);
    await ok(admin, 'PATCH', `/${product.id}`, {
      priceSale: 25000,
      saleLabel: { enabled: true, content: '-28%' },
    });
    // Nothing to change: only the version is checked.
    expect((await ok<{ product: Product }>(admin, 'PATCH', `/${product.id}`, {})).product.version).toBe(5);
    expect((await call(admin, 'PATCH', `/${crypto.randomUUID()}`, { price: 1 })).statusCode).toBe(404);
    expect((await call(admin, 'PATCH', `/${product.id}`, { rating: 5 })).statusCode).toBe(400);
  });

  it('deletes one product, and several at once', async () => {
    const one = await create({ name: 'Doomed One' });
    const two = await create({ name: 'Doomed Two' });
    const three = await create({ name: 'Doomed Three' });
    expect((await call(admin, 'DELETE', `/${one.id}`)).statusCode).toBe(204);
    expect((await call(admin, 'DELETE', `/${one.id}`)).statusCode).toBe(404);
    expect((await call(alice, 'GET', `/product?name=Doomed%20One`)).statusCode).toBe(404);
    const bulk = await ok<{ deleted: number }>(admin, 'POST', '/delete', {
      ids: [two.id, three.id, two.id, one.id, crypto.randomUUID()],
    });
    expect(bulk).toEqual({ deleted: 2 });
    expect(await t.database.db.$count(products, inArray(products.id, [one.id, two.id, three.id]))).toBe(0);
    expect((await call(admin, 'POST', '/delete', { ids: [] })).statusCode).toBe(400);
    expect((await call(admin, 'POST', '/delete', { ids: ['nope'] })).statusCode).toBe(400);
  });
});

describe('products: the shop (the spec calls, filters, sorts, paging)', () => {
  const made: Record<string, Product> = {};
  beforeAll(async () => {
    const plan: Array<[string, Partial<CreateProductInput>, number]> = [
      [
        'Alpha Oxford Shirt',
        { category: 'Shirts', gender: ['Men'], colors: ['#1890FF'], price: 5900, tags: ['cotton'] },
        40,
      ],
      [
        'Beta Silk Blouse',
        { category: 'Shirts', gender: ['Women'], colors: ['#FFC0CB', '#FFFFFF'], price: 8900 },
        120,
      ],
      ['Gamma Kids Tee', { category: 'T-shirts', gender: ['Kids'], colors: ['#FFC107'], price: 1500 }, 300],
      [
        'Delta Slim Jeans',
        { category: 'Jeans', gender: ['Men', 'Women'], colors: ['#1890FF'], price: 7900 },
        75,
      ],
      ['Epsilon Navy Suit', { category: 'Suits', gender: ['Men'], colors: ['#000000'], price: 49900 }, 10],
      [
        'Zeta Derby Shoes',
        {
          category: 'Shoes',
          gender: ['Men'],
          colors: ['#000000', '#7F00FF'],
          price: 13900,
          sku: 'ZETA-SHOE-77',
        },
        60,
      ],
      [
        'Eta Canvas Backpack',
        {
          category: 'Backpacks and bags',
          gender: ['Women', 'Kids'],
          colors: ['#00AB55'],
          price: 9900,
          tags: ['waterproof'],
        },
        5,
      ],
      [
        'Theta Draft Waistcoat',
        { category: 'Waistcoats', gender: ['Men'], colors: ['#000000'], price: 8900, publish: 'draft' },
        999,
      ],
    ];
    for (const [name, fields, sold] of plan) {
      // A tag of their own keeps the other blocks' products out of the paging test.
      const p = await create({
        name,
        sku: `SHOP-${name.split(' ')[0]}`,
        ...fields,
        tags: [...(fields.tags ?? []), 'shopblock'],
      });
      // Sales come from orders (a later part); set them here.
      await t.database.db.update(products).set({ totalSold: sold }).where(eq(products.id, p.id));
      made[name] = p;
    }
  });

  /** The shop's names among those made for this block, in the answer's order. */
  const ours = (page: ProductPage) => names(page).filter((n) => n in made);

  it('answers GET /api/products with { products, total, … }: published products only', async () => {
    const page = await shop(alice, 'pageSize=100');
    expect(Object.keys(page).sort()).toEqual([
      'hasNextPage',
      'page',
      'pageSize',
      'products',
      'total',
      'totalCapped',
    ]);
    expect(page.totalCapped).toBe(false);
    expect(ours(page)).not.toContain('Theta Draft Waistcoat');
    expect(page.products.every((p) => p.publish === 'published')).toBe(true);
    expect(page.total).toBe(page.products.length);
    const card = page.products.find((p) => p.name === 'Alpha Oxford Shirt')!;
    expect(Object.keys(card).sort()).toEqual(
      [
        'available',
        'category',
        'colors',
        'coverUrl',
        'createdAt',
        'id',
        'inventoryType',
        'name',
        'newLabel',
        'price',
        'priceSale',
        'publish',
        'quantity',
        'saleLabel',
        'slug',
        'totalRatings',
        'totalReviews',
      ].sort(),
    );
  });

  it('answers GET /api/products/product?name= with { product }, by name in any case or by URL name', async () => {
    const byName = await ok<{ product: Product }>(
      alice,
      'GET',
      `/product?name=${encodeURIComponent('Alpha Oxford Shirt')}`,
    );
    expect(byName.product).toMatchObject({ id: made['Alpha Oxford Shirt']!.id, totalSold: 40 });
    const anyCase = await ok<{ product: Product }>(alice, 'GET', '/product?name=alpha%20OXFORD%20shirt');
    expect(anyCase.product.id).toBe(made['Alpha Oxford Shirt']!.id);
    const bySlug = await ok<{ product: Product }>(alice, 'GET', '/product?name=alpha-oxford-shirt');
    expect(bySlug.product.id).toBe(made['Alpha Oxford Shirt']!.id);
    const missing = await call(alice, 'GET', '/product?name=No%20Such%20Thing');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Product not found' });
    expect((await call(alice, 'GET', '/product')).statusCode).toBe(400);
  });

  it('hides drafts from everyone but administrators', async () => {
    const draft = made['Theta Draft Waistcoat']!;
    expect((await call(alice, 'GET', '/product?name=Theta%20Draft%20Waistcoat')).statusCode).toBe(404);
    expect((await call(alice, 'GET', `/${draft.id}/reviews`)).statusCode).toBe(404);
    expect(
      (await call(alice, 'POST', `/${draft.id}/reviews`, { rating: 5, comment: 'Early!' })).statusCode,
    ).toBe(404);
    expect((await ok<{ results: unknown[] }>(alice, 'GET', '/search?q=theta')).results).toEqual([]);
    // Administrators see it by name, in the shop when they ask, and in their list.
    expect(
      (await ok<{ product: Product }>(admin, 'GET', '/product?name=Theta%20Draft%20Waistcoat')).product
        .publish,
    ).toBe('draft');
    expect(ours(await shop(admin, 'pageSize=100'))).not.toContain('Theta Draft Waistcoat');
    expect(ours(await shop(admin, 'pageSize=100&publish=all'))).toContain('Theta Draft Waistcoat');
    const drafts = await shop(admin, 'pageSize=100&publish=draft');
    expect(drafts.products.every((p) => p.publish === 'draft')).toBe(true);
    expect(names(drafts)).toContain('Theta Draft Waistcoat');
  });

  it('sorts: featured (best-selling), newest, price up and down', async () => {
    expect(ours(await shop(alice, 'pageSize=100'))).toEqual([
      'Gamma Kids Tee',
      'Beta Silk Blouse',
      'Delta Slim Jeans',
      'Zeta Derby Shoes',
      'Alpha Oxford Shirt',
      'Epsilon Navy Suit',
      'Eta Canvas Backpack',
    ]);
    const newest = ours(await shop(alice, 'pageSize=100&sort=newest'));
    expect(newest[0]).toBe('Eta Canvas Backpack');
    expect(newest.at(-1)).toBe('Alpha Oxford Shirt');
    const up = (await shop(alice, 'pageSize=100&sort=priceAsc')).products.map((p) => p.price);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = (await shop(alice, 'pageSize=100&sort=priceDesc')).products.map((p) => p.price);
    expect(down).toEqual([...down].sort((a, b) => b - a));
    expect((await call(alice, 'GET', '/?sort=cheapest')).statusCode).toBe(400);
  });

  it('filters by gender, category (or its group), colours, price range and search, combined', async () => {
    expect(ours(await shop(alice, 'pageSize=100&gender=Kids'))).toEqual([
      'Gamma Kids Tee',
      'Eta Canvas Backpack',
    ]);
    // Several values of one filter: any of them.
    expect(ours(await shop(alice, 'pageSize=100&gender=Kids&gender=Women'))).toEqual([
      'Gamma Kids Tee',
      'Beta Silk Blouse',
      'Delta Slim Jeans',
      'Eta Canvas Backpack',
    ]);
    expect(ours(await shop(alice, 'pageSize=100&gender=Kids,Women'))).toHaveLength(4);
    expect(ours(await shop(alice, 'pageSize=100&category=Shirts'))).toEqual([
      'Beta Silk Blouse',
      'Alpha Oxford Shirt',
    ]);
    expect(ours(await shop(alice, 'pageSize=100&category=Clothing'))).toEqual([
      'Gamma Kids Tee',
      'Beta Silk Blouse',
      'Delta Slim Jeans',
      'Alpha Oxford Shirt',
    ]);
    expect(ours(await shop(alice, 'pageSize=100&category=Accessories&category=Suits'))).toEqual([
      'Zeta Derby Shoes',
      'Epsilon Navy Suit',
      'Eta Canvas Backpack',
    ]);
    expect(ours(await shop(alice, 'pageSize=100&colors=%231890FF'))).toEqual([
      'Delta Slim Jeans',
      'Alpha Oxford Shirt',
    ]);
    expect(ours(await shop(alice, 'pageSize=100&colors=7f00ff,00AB55'))).toEqual([
      'Zeta Derby Shoes',
      'Eta Canvas Backpack',
    ]);
    expect(ours(await shop(alice, 'pageSize=100&priceMin=5900&priceMax=8900'))).toEqual([
      'Beta Silk Blouse',
      'Delta Slim Jeans',
      'Alpha Oxford Shirt',
    ]);
    expect(ours(await shop(alice, 'pageSize=100&priceMax=1500'))).toEqual(['Gamma Kids Tee']);
    // Search: word prefixes of the name, the SKU and the tags.
    expect(ours(await shop(alice, 'pageSize=100&search=oxf'))).toEqual(['Alpha Oxford Shirt']);
    expect(ours(await shop(alice, 'pageSize=100&search=SLIM%20jea'))).toEqual(['Delta Slim Jeans']);
    expect(ours(await shop(alice, 'pageSize=100&search=zeta-shoe'))).toEqual(['Zeta Derby Shoes']);
    expect(ours(await shop(alice, 'pageSize=100&search=waterp'))).toEqual(['Eta Canvas Backpack']);
    expect(ours(await shop(alice, 'pageSize=100&search=%25%27%22'))).toHaveLength(7);
    // Everything at once.
    const combined = await shop(
      alice,
      'pageSize=100&gender=Men&category=Clothing&colors=%231890FF&priceMin=5000&priceMax=6000&search=shirt&sort=priceAsc',
    );
    expect(names(combined)).toEqual(['Alpha Oxford Shirt']);
    expect(combined.total).toBe(1);
  });

  it('refuses bad filters with a 400 and a message', async () => {
    for (const [query, message] of [
      ['gender=Robots', /Men, Women or Kids/],
      ['category=Hats', /categor/i],
      ['colors=%23123456', /colour/i],
      ['priceMin=-1', /price/i],
      ['priceMin=500&priceMax=100', /lowest price/i],
      ['rating=up5Star', /up4Star/],
      ['page=0', /page/i],
      ['search=' + 'x'.repeat(101), /too long/i],
    ] as const) {
      const res = await call(alice, 'GET', `/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
  });

  it('pages: page and pageSize, the total of the filter and whether a page follows', async () => {
    const first = await shop(alice, 'pageSize=2&category=Clothing&search=shopblock');
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 2, hasNextPage: true });
    expect(names(first)).toEqual(['Gamma Kids Tee', 'Beta Silk Blouse']);
    const second = await shop(alice, 'pageSize=2&category=Clothing&search=shopblock&page=2');
    expect(names(second)).toEqual(['Delta Slim Jeans', 'Alpha Oxford Shirt']);
    expect(second.hasNextPage).toBe(false);
    const beyond = await shop(alice, 'pageSize=2&category=Clothing&search=shopblock&page=9');
    expect(beyond).toMatchObject({ products: [], total: 4, hasNextPage: false });
    expect((await shop(alice, 'pageSize=1000')).pageSize).toBe(100);
  });

  it('filters by rating (average of at least 4, 3, 2, 1 stars)', async () => {
    const [r1, r2] = await quickMembers(t.app, t.database.db, 2, 'rater');
    const rate = (who: Member, name: string, rating: number) =>
      ok(who, 'POST', `/${made[name]!.id}/reviews`, { rating, comment: 'Rated.' });
    await rate(r1!, 'Alpha Oxford Shirt', 5);
    await rate(r2!, 'Alpha Oxford Shirt', 4); // 4.5
    await rate(r1!, 'Beta Silk Blouse', 3);
    await rate(r2!, 'Beta Silk Blouse', 4); // 3.5
    await rate(r1!, 'Gamma Kids Tee', 1); // 1
    expect(ours(await shop(alice, 'pageSize=100&rating=up4Star'))).toEqual(['Alpha Oxford Shirt']);
    expect(ours(await shop(alice, 'pageSize=100&rating=up3Star'))).toEqual([
      'Beta Silk Blouse',
      'Alpha Oxford Shirt',
    ]);
    expect(ours(await shop(alice, 'pageSize=100&rating=up1Star'))).toEqual([
      'Gamma Kids Tee',
      'Beta Silk Blouse',
      'Alpha Oxford Shirt',
    ]);
    const card = (await shop(alice, 'pageSize=100&rating=up4Star')).products.find(
      (p) => p.name === 'Alpha Oxford Shirt',
    );
    expect(card).toMatchObject({ totalRatings: 4.5, totalReviews: 2 });
  });

  it('suggests up to 8 published products while typing (name, cover, price), best-selling first', async () => {
    for (let i = 0; i < 10; i++) await create({ name: `Suggested Scarf ${i}`, sku: `SCARF-${i}` });
    const { results } = await ok<{
      results: Array<{ name: string; coverUrl: string | null; price: number }>;
    }>(alice, 'GET', '/search?q=sugg%20sca');
    expect(results).toHaveLength(8);
    expect(results[0]).toEqual({
      name: expect.stringMatching(/^Suggested Scarf/),
      coverUrl: null,
      price: 1000,
    });
    expect((await ok<{ results: unknown[] }>(alice, 'GET', '/search?q=')).results).toEqual([]);
    expect((await ok<{ results: unknown[] }>(alice, 'GET', '/search?q=%21%21')).results).toEqual([]);
    expect((await ok<{ results: Array<{ name: string }> }>(alice, 'GET', '/search?q=Alpha')).results).toEqual(
      [{ name: 'Alpha Oxford Shirt', coverUrl: null, price: 5900 }],
    );
  });
});

describe('products: the administrators’ list', () => {
  beforeAll(async () => {
    await create({ name: 'Admin Aardvark Tee', sku: 'ADM-1', price: 300, quantity: 0, publish: 'draft' });
    await create({ name: 'Admin Badger Tee', sku: 'ADM-2', price: 100, quantity: 5 });
    await create({ name: 'Admin Cobra Tee', sku: 'ADM-3', price: 200, quantity: 50 });
  });
  const list = (query: string) => ok<ProductPage>(admin, 'GET', `/admin?${query}`);

  it('searches, sorts by any column both ways, and pages on the server', async () => {
    const byName = await list('search=admin&sort=name&order=asc');
    expect(names(byName)).toEqual(['Admin Aardvark Tee', 'Admin Badger Tee', 'Admin Cobra Tee']);
    expect(byName.total).toBe(3);
    expect(names(await list('search=admin&sort=name&order=desc'))).toEqual([
      'Admin Cobra Tee',
      'Admin Badger Tee',
      'Admin Aardvark Tee',
    ]);
    expect(names(await list('search=admin&sort=price&order=asc'))).toEqual([
      'Admin Badger Tee',
      'Admin Cobra Tee',
      'Admin Aardvark Tee',
    ]);
    expect(names(await list('search=admin&sort=quantity&order=desc'))[0]).toBe('Admin Cobra Tee');
    expect(names(await list('search=admin&sort=createdAt&order=asc'))[0]).toBe('Admin Aardvark Tee');
    expect(names(await list('search=admin&sort=publish&order=asc'))[0]).toBe('Admin Aardvark Tee');
    const paged = await list('search=admin&sort=name&order=asc&pageSize=2&page=2');
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2, hasNextPage: false });
    expect(names(paged)).toEqual(['Admin Cobra Tee']);
    expect((await call(admin, 'GET', '/admin?sort=colour')).statusCode).toBe(400);
  });

  it('filters by stock and by publish state (several values each)', async () => {
    expect(names(await list('search=admin&stock=out%20of%20stock'))).toEqual(['Admin Aardvark Tee']);
    expect(
      names(await list('search=admin&stock=low%20stock&stock=out%20of%20stock&sort=name&order=asc')),
    ).toEqual(['Admin Aardvark Tee', 'Admin Badger Tee']);
    expect(names(await list('search=admin&stock=in%20stock'))).toEqual(['Admin Cobra Tee']);
    expect(names(await list('search=admin&publish=draft'))).toEqual(['Admin Aardvark Tee']);
    expect(await list('search=admin&publish=draft,published')).toMatchObject({ total: 3 });
    const card = (await list('search=admin&publish=published&sort=name&order=asc')).products[0]!;
    expect(card).toMatchObject({
      name: 'Admin Badger Tee',
      inventoryType: 'low stock',
      quantity: 5,
      available: 5,
    });
    expect((await call(admin, 'GET', '/admin?stock=plenty')).statusCode).toBe(400);
  });
});

describe('products: images', () => {
  const upload = async (who: Member, id: string, bytes: Buffer, name = 'picture.png', type = 'image/png') => {
    const body = multipartBody(bytes, name, type);
    return t.app.inject({
      method: 'POST',
      url: `/api/products/${id}/images`,
      headers: { ...who.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const png = (r: number) =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: { r, g: 80, b: 120 } } })
      .png()
      .toBuffer();

  it('uploads pictures (appended, re-encoded, public), reorders and removes them', async () => {
    const product = await create({ name: 'Pictured Bag', category: 'Backpacks and bags' });
    const first = await upload(admin, product.id, await pngWithMetadata());
    expect(first.statusCode, first.body).toBe(200);
    const second = (await upload(admin, product.id, await png(10))).json<{ product: Product }>().product;
    expect(second.images).toHaveLength(2);
    expect(second.imageFiles.map((f) => f.use)).toEqual(['product', 'product']);
    expect(second.images[0]).toMatch(/^\/api\/uploads\/[0-9a-f]{32}\.webp$/);
    expect(second.coverUrl).toBe(second.images[0]);
    expect(second.version).toBe(product.version); // images do not make an open edit stale
    // Public like avatars: the shop's <img> loads them without a token; metadata is gone.
    const picture = await t.app.inject({ method: 'GET', url: second.images[0]! });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
    // The shop's card shows the first as its cover.
    const card = (await shop(alice, 'search=pictured')).products[0]!;
    expect(card.coverUrl).toBe(second.images[0]);

    const [a, b] = second.imageFiles.map((f) => f.id);
    const reordered = await ok<{ product: Product }>(admin, 'PUT', `/${product.id}/images`, {
      fileIds: [b, a],
    });
    expect(reordered.product.imageFiles.map((f) => f.id)).toEqual([b, a]);
    expect(reordered.product.coverUrl).toBe(second.images[1]);

    const removedKey = second.imageFiles[0]!.url.split('/').pop()!;
    expect(fs.existsSync(path.join(t.app.files.dir, removedKey))).toBe(true);
    const removed = await ok<{ product: Product }>(admin, 'PUT', `/${product.id}/images`, { fileIds: [b] });
    expect(removed.product.imageFiles.map((f) => f.id)).toEqual([b]);
    expect(await t.database.db.$count(files, eq(files.id, a!))).toBe(0);
    expect(fs.existsSync(path.join(t.app.files.dir, removedKey))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: second.images[0]! })).statusCode).toBe(404);

    // Only the product's own images, each once.
    const other = await create({ name: 'Other Pictured Bag', category: 'Backpacks and bags' });
    const foreign = (await upload(admin, other.id, await png(200))).json<{ product: Product }>().product;
    for (const fileIds of [[b, foreign.imageFiles[0]!.id], [b, b], ['nope']]) {
      const res = await call(admin, 'PUT', `/${product.id}/images`, { fileIds });
      expect(res.statusCode, JSON.stringify(fileIds)).toBe(400);
    }
    expect((await call(admin, 'PUT', `/${crypto.randomUUID()}/images`, { fileIds: [] })).statusCode).toBe(
      404,
    );

    // Deleting the product deletes its pictures (rows and bytes).
    const keptKey = removed.product.imageFiles[0]!.url.split('/').pop()!;
    expect((await call(admin, 'DELETE', `/${product.id}`)).statusCode).toBe(204);
    expect(fs.existsSync(path.join(t.app.files.dir, keptKey))).toBe(false);
    expect(await t.database.db.$count(productImages, eq(productImages.productId, product.id))).toBe(0);
  });

  it('refuses what is not a picture, an unknown product, and an eleventh picture', async () => {
    const product = await create({ name: 'Crowded Bag', category: 'Backpacks and bags' });
    const pdf = await upload(
      admin,
      product.id,
      Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n'),
      'doc.pdf',
      'application/pdf',
    );
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json<{ message: string }>().message).toMatch(/PNG, JPEG or WebP/);
    expect((await upload(admin, crypto.randomUUID(), await png(1))).statusCode).toBe(404);
    for (let i = 0; i < 10; i++)
      expect((await upload(admin, product.id, await png(i * 20))).statusCode).toBe(200);
    const eleventh = await upload(admin, product.id, await png(255));
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json()).toMatchObject({ code: 'TOO_MANY_IMAGES' });
    expect(await t.database.db.$count(files, eq(files.use, 'product'))).toBeGreaterThanOrEqual(10);
    expect(await t.database.db.$count(productImages, eq(productImages.productId, product.id))).toBe(10);
  });
});

describe('products: reviews', () => {
  let product: Product;
  beforeAll(async () => {
    product = await create({ name: 'Reviewed Chelsea Boots', category: 'Shoes', sizes: ['9', '10'] });
  });
  const review = (who: Member, rating: number, comment: string) =>
    ok<ReviewResponse>(who, 'POST', `/${product.id}/reviews`, { rating, comment });
  const reviews = (who: Member, query = '') => ok<ReviewPage>(who, 'GET', `/${product.id}/reviews${query}`);

  it('takes one review per person: a second post replaces the first; figures follow', async () => {
    const first = await review(alice, 4, '  Comfortable from day one.  ');
    expect(first.review).toMatchObject({
      name: 'Alice Liddell',
      avatarUrl: null,
      rating: 4,
      comment: 'Comfortable from day one.',
      isPurchased: false,
      helpful: 0,
      markedHelpful: false,
      mine: true,
    });
    expect(first).toMatchObject({ totalRatings: 4, totalReviews: 1 });
    const again = await review(alice, 2, 'The sole came loose after a month.');
    expect(again.review).toMatchObject({ id: first.review.id, rating: 2 });
    expect(again).toMatchObject({ totalRatings: 2, totalReviews: 1 });
    expect(again.ratings.map((r) => r.starCount)).toEqual([0, 1, 0, 0, 0]);
    const byBob = await review(bob, 5, 'Perfect. <b>Not bold</b>');
    expect(byBob.review.comment).toBe('Perfect. <b>Not bold</b>'); // plain text, shown as text
    expect(byBob).toMatchObject({ totalRatings: 3.5, totalReviews: 2 });
    expect(byBob.ratings).toEqual([
      { name: '1 Star', starCount: 0, reviewCount: 0 },
      { name: '2 Star', starCount: 1, reviewCount: 1 },
      { name: '3 Star', starCount: 0, reviewCount: 0 },
      { name: '4 Star', starCount: 0, reviewCount: 0 },
      { name: '5 Star', starCount: 1, reviewCount: 1 },
    ]);
    // The product page and the shop show the same figures.
    const page = await ok<{ product: Product }>(
      alice,
      'GET',
      `/product?name=${encodeURIComponent(product.name)}`,
    );
    expect(page.product).toMatchObject({ totalRatings: 3.5, totalReviews: 2 });
    expect(page.product.version).toBe(product.version); // reviews never make an edit stale
  });

  it('lists reviews newest first or most helpful first, with the caller’s own and the figures', async () => {
    const list = await reviews(alice);
    expect(list.reviews.map((r) => r.name)).toEqual(['Bob Marley', 'Alice Liddell']);
    expect(list).toMatchObject({ total: 2, page: 1, totalReviews: 2, totalRatings: 3.5, hasNextPage: false });
    expect(list.mine).toMatchObject({ name: 'Alice Liddell', rating: 2, mine: true });
    expect((await reviews(admin)).mine).toBeNull();

    // Helpful: anyone but the author, once each; taken back.
    const alicesReview = list.mine!.id;
    const marked = await ok<{ helpful: number; markedHelpful: boolean }>(
      bob,
      'POST',
      `/${product.id}/reviews/${alicesReview}/helpful`,
    );
    expect(marked).toEqual({ helpful: 1, markedHelpful: true });
    expect(await ok(bob, 'POST', `/${product.id}/reviews/${alicesReview}/helpful`)).toEqual(marked);
    await ok(admin, 'POST', `/${product.id}/reviews/${alicesReview}/helpful`);
    const own = await call(alice, 'POST', `/${product.id}/reviews/${alicesReview}/helpful`);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ code: 'OWN_REVIEW' });
    const helpful = await reviews(bob, '?sort=helpful');
    expect(helpful.reviews.map((r) => [r.name, r.helpful, r.markedHelpful])).toEqual([
      ['Alice Liddell', 2, true],
      ['Bob Marley', 0, false],
    ]);
    expect(await ok(bob, 'DELETE', `/${product.id}/reviews/${alicesReview}/helpful`)).toEqual({
      helpful: 1,
      markedHelpful: false,
    });
    const elsewhere = await create({ name: 'Unrelated Bracelet', category: 'Bracelets' });
    expect((await call(bob, 'POST', `/${elsewhere.id}/reviews/${alicesReview}/helpful`)).statusCode).toBe(
      404,
    );

    const paged = await reviews(alice, '?pageSize=1&page=2');
    expect(paged.reviews.map((r) => r.name)).toEqual(['Alice Liddell']);
    expect(paged).toMatchObject({ total: 2, pageSize: 1, hasNextPage: false });
    expect((await call(alice, 'GET', `/${product.id}/reviews?sort=best`)).statusCode).toBe(400);
    expect((await call(alice, 'GET', `/${crypto.randomUUID()}/reviews`)).statusCode).toBe(404);
  });

  it('refuses bad reviews with a 400 and a message', async () => {
    for (const [payload, message] of [
      [{ rating: 0, comment: 'x' }, /1 to 5/],
      [{ rating: 6, comment: 'x' }, /1 to 5/],
      [{ rating: 4.5, comment: 'x' }, /1 to 5/],
      [{ rating: 4, comment: '   ' }, /Write your review/],
      [{ rating: 4, comment: 'x'.repeat(2001) }, /2,000/],
      [{ rating: 4 }, /Write your review/],
      [{ rating: 4, comment: 'x', helpful: 99 }, /./],
    ] as const) {
      const res = await call(alice, 'POST', `/${product.id}/reviews`, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    expect((await reviews(alice)).mine).toMatchObject({ rating: 2 });
  });

  it('removes one’s own review, and the figures follow', async () => {
    const after = await ok<Omit<ReviewResponse, 'review'>>(alice, 'DELETE', `/${product.id}/reviews/mine`);
    expect(after).toMatchObject({ totalRatings: 5, totalReviews: 1 });
    expect(after.ratings.map((r) => r.starCount)).toEqual([0, 0, 0, 0, 1]);
    const again = await call(alice, 'DELETE', `/${product.id}/reviews/mine`);
    expect(again.statusCode).toBe(404);
    expect(again.json<{ message: string }>().message).toMatch(/not reviewed/);
    expect((await reviews(alice)).mine).toBeNull();
  });

  it('keeps the counts exact under concurrent reviews, edits and deletions', async () => {
    const target = await create({ name: 'Busy Backpack', category: 'Backpacks and bags' });
    const crowd = await quickMembers(t.app, t.database.db, 40, 'crowd');
    const post = (who: Member, rating: number) =>
      call(who, 'POST', `/${target.id}/reviews`, { rating, comment: `${rating} stars` });
    // 40 people review at once; then 20 of them change theirs at once while 10 others remove theirs.
    const first = await Promise.all(crowd.map((who, i) => post(who, (i % 5) + 1)));
    expect(first.map((r) => r.statusCode)).toEqual(crowd.map(() => 200));
    const changes = await Promise.all([
      ...crowd.slice(0, 20).map((who) => post(who, 5)),
      ...crowd.slice(20, 30).map((who) => call(who, 'DELETE', `/${target.id}/reviews/mine`)),
      // One person posting five times at once still has one review.
      ...[1, 2, 3, 4, 5].map((rating) => post(crowd[35]!, rating)),
    ]);
    expect(changes.every((r) => r.statusCode === 200)).toBe(true);

    const stored = await t.database.db
      .select({ rating: productReviews.rating })
      .from(productReviews)
      .where(eq(productReviews.productId, target.id));
    expect(stored).toHaveLength(30);
    const stars = [1, 2, 3, 4, 5].map((s) => stored.filter((r) => r.rating === s).length);
    const row = await productRow(target.id);
    expect(row.totalReviews).toBe(30);
    expect(row.starCounts).toEqual(stars);
    expect(row.ratingSum).toBe(stored.reduce((sum, r) => sum + r.rating, 0));

    // An account deleted with its reviews takes their counts with it.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/users/${crowd[0]!.id}`, headers: admin.headers }))
        .statusCode,
    ).toBe(204);
    const after = await productRow(target.id);
    expect(after.totalReviews).toBe(29);
    expect(after.ratingSum).toBe(row.ratingSum - 5);
  });
});

describe('products: hostile input', () => {
  it('answers odd values in every field with a 4xx and a message, never a 5xx, and stores nothing odd', async () => {
    const product = await create({ name: 'Hostile Target Tee', category: 'T-shirts' });
    const values: unknown[] = [
      'a\u0000b',
      'x'.repeat(100_000),
      '😀'.repeat(200),
      -1,
      1e308,
      Number.MAX_SAFE_INTEGER,
      true,
      null,
      [],
      {},
      [null],
      { $ne: 1 },
      '<script>alert(1)</script>',
      "'; drop table products; --",
    ];
    const fields = [
      'name',
      'slug',
      'sku',
      'code',
      'description',
      'subDescription',
      'price',
      'priceSale',
      'taxes',
      'category',
      'gender',
      'colors',
      'sizes',
      'tags',
      'quantity',
      'publish',
      'newLabel',
      'saleLabel',
      'version',
    ];
    const failures: string[] = [];
    const check = (label: string, res: { statusCode: number; body: string }) => {
      if (res.statusCode >= 500) failures.push(`${res.statusCode} ${label}`);
      else if (res.statusCode >= 400 && typeof JSON.parse(res.body).message !== 'string')
        failures.push(`no message: ${label}`);
    };
    for (const field of fields) {
      for (const value of values) {
        const payload = { [field]: value };
        check(
          `PATCH ${field}=${JSON.stringify(value).slice(0, 30)}`,
          await call(admin, 'PATCH', `/${product.id}`, payload),
        );
        check(
          `POST ${field}=${JSON.stringify(value).slice(0, 30)}`,
          await call(admin, 'POST', '/', {
            name: 'Hostile New',
            sku: 'HOST-1',
            price: 1,
            category: 'Shirts',
            gender: ['Men'],
            colors: ['#000000'],
            ...payload,
          }),
        );
      }
    }
    for (const value of values) {
      check(
        `review rating`,
        await call(alice, 'POST', `/${product.id}/reviews`, { rating: value, comment: 'x' }),
      );
      check(
        `review comment`,
        await call(alice, 'POST', `/${product.id}/reviews`, { rating: 3, comment: value }),
      );
      check(`images`, await call(admin, 'PUT', `/${product.id}/images`, { fileIds: value }));
      check(`bulk delete`, await call(admin, 'POST', '/delete', { ids: value }));
    }
    for (const query of [
      'gender',
      'category',
      'colors',
      'priceMin',
      'priceMax',
      'rating',
      'sort',
      'publish',
      'search',
      'page',
      'pageSize',
    ]) {
      for (const value of ['%00', '%ff', 'x'.repeat(3000), '-1', '1e308', 'NaN', '%27%3B--', '%23%23%23']) {
        check(`GET ?${query}=${value.slice(0, 20)}`, await call(admin, 'GET', `/?${query}=${value}`));
        check(`GET admin ?${query}`, await call(admin, 'GET', `/admin?${query}=${value}&stock=${value}`));
      }
    }
    expect(failures).toEqual([]);
    // The product is as it was: every odd value was refused or stored as text.
    const row = await productRow(product.id);
    expect(row.description).not.toContain('<script');
    expect(row.name).not.toContain('\u0000');
  }, 120_000);

  it('stores a description only after sanitising it (the hostile HTML corpus)', async () => {
    const corpus = [
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">x</a>',
      '<svg><script>alert(1)</script></svg>',
      '<iframe src="https://evil.example"></iframe>',
      '<p style="background:url(javascript:alert(1))">x</p>',
      '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
      '<form action="https://evil.example"><input name=a></form>',
      '<object data="x.swf"></object>',
      '<a href="data:text/html,<script>alert(1)</script>">x</a>',
      '<div onmouseover="alert(1)">hover</div>',
    ];
    const product = await create({ name: 'Sanitised Shirt', description: corpus.join('') });
    for (const bad of [
      /onerror/i,
      /javascript:/i,
      /<script/i,
      /<svg/i,
      /<iframe/i,
      /style=/i,
      /<form/i,
      /<object/i,
      /data:text/i,
      /onmouseover/i,
    ]) {
      expect(product.description).not.toMatch(bad);
    }
    expect(product.description).toContain('hover');
  });
});

describe('products: counts of broad filters', () => {
  it('counts up to 1,000 matches and says when there are more; paging still goes on', async () => {
    // 1,001 published products in one go (what orders and years of catalog work would leave).
    await t.database.db.execute(sql`
      insert into products (name, slug, sku, price, category, gender, colors, tags, publish, quantity)
      select 'Bulk Item ' || n, 'bulk-item-' || n, 'BULK-' || n, 100 + n, 'Bracelets', array['Women'],
        array['#FFC0CB'], array['bulkcheck'], 'published', 5
      from generate_series(1, 1001) n`);
    const broad = await shop(alice, 'search=bulkcheck&sort=priceDesc&pageSize=10&page=100');
    expect(broad).toMatchObject({ total: 1000, totalCapped: true, hasNextPage: true, page: 100 });
    const last = await shop(alice, 'search=bulkcheck&sort=priceDesc&pageSize=10&page=101');
    expect(last).toMatchObject({ total: 1000, totalCapped: true, hasNextPage: false });
    expect(names(last)).toEqual(['Bulk Item 1']);
    const narrow = await shop(alice, 'search=bulkcheck&priceMax=200');
    expect(narrow).toMatchObject({ total: 100, totalCapped: false });
    const admins = await ok<ProductPage>(admin, 'GET', '/admin?search=bulkcheck&stock=low%20stock');
    expect(admins).toMatchObject({ total: 1000, totalCapped: true });
  });
});
