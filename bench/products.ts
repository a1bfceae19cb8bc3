/**
 * A big catalog (issue #13), part of `npm run bench`. Fills a fresh embedded database (or DATABASE_URL, an
 * empty database you provide) with PRODUCTS (100,000) products in SQL: the twelve sub-categories, one to
 * three genders and colours, prices from 5.00 to 600.00 (a fifth on sale), realistic names, tags and
 * descriptions, stock from none to plenty, 95 % published, up to 200 reviews' worth of rating figures
 * each; then, through the whole API (app.inject: auth, validation, SQL, serialisation), one request at a
 * time, BENCH_RUNS (200) each: shop pages with representative filter and sort combinations (target p95
 * ≤ 50 ms), suggestions, a product by name, a page of its reviews and the administrators' list.
 *
 *   node_modules/.bin/node bench/products.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/atrium_bench_products node_modules/.bin/node bench/products.ts
 *   BENCH_DATA_DIR=/tmp/atrium-bench-products node_modules/.bin/node bench/products.ts   (keeps and reuses the data)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import { latencyRow, openBenchDatabase, requireEmptyDatabase, signIn, timeRequests } from './lib.ts';

const PRODUCTS = Number(process.env.PRODUCTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const SHOP_TARGET_MS = 50;
const REVIEWERS = 20;

const { sql } = await import('drizzle-orm');
const { buildApp } = await import('../src/server/app.ts');
const { productCategories, productColors } = await import('../src/shared/contract/products-limits.ts');
const { products, users } = await import('../src/server/db/schema/index.ts');
const { hashPassword, UNUSABLE_PASSWORD_HASH } = await import('../src/server/lib/passwords.ts');

const keep = process.env.BENCH_DATA_DIR;
const { database, dispose } = await openBenchDatabase('products', keep);
const db = database.db;
/** The bench's password, kept with the data when BENCH_DATA_DIR keeps it. */
const passwordFile = keep ? path.join(keep, 'bench-password') : null;

const textArray = (values: readonly string[]) => `array[${values.map((v) => `'${v}'`).join(', ')}]`;

try {
  const userCount = Number((await db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n);
  const productCount = Number((await db.select({ n: sql<number>`count(*)::int` }).from(products))[0]?.n);
  let password: string;
  if (passwordFile && userCount && productCount === PRODUCTS && fs.existsSync(passwordFile)) {
    password = fs.readFileSync(passwordFile, 'utf8');
    console.log(`Reusing ${PRODUCTS.toLocaleString('en')} products in ${keep}.`);
  } else {
    requireEmptyDatabase(userCount, 'products.ts');
    const started = performance.now();
    password = randomBytes(18).toString('base64url');
    if (passwordFile) fs.writeFileSync(passwordFile, password, { mode: 0o600 });
    const hash = await hashPassword(password);
    await db.insert(users).values(
      Array.from({ length: REVIEWERS + 2 }, (_, i) => ({
        email: `shop.${i}@bench.example`,
        passwordHash: i < 2 ? hash : UNUSABLE_PASSWORD_HASH,
        firstName: `Shopper${i}`,
        lastName: 'Bench',
        role: i === 0 ? ('admin' as const) : ('user' as const),
      })),
    );
    // h(k): a stable pseudo-random number per product and field (hashint4), so every run fills the same.
    const h = (k: number) => sql.raw(`(hashint4(n * 7919 + ${k}) & 2147483647)`);
    const categories = textArray(productCategories);
    const colours = textArray(productColors);
    await db.execute(sql`
      insert into products (name, slug, sku, code, description, sub_description, price, price_sale, taxes,
        category, gender, colors, sizes, tags, quantity, total_sold, publish, new_label, sale_label,
        total_reviews, rating_sum, star_counts, created_at, updated_at)
      select
        w.adjective || ' ' || w.material || ' ' || w.noun || ' ' || n,
        lower(w.adjective || '-' || w.material || '-' || w.noun || '-' || n),
        'BN-' || lpad(n::text, 6, '0'),
        upper(left(w.noun, 3)) || '-' || (n % 997),
        '<p>The <strong>' || w.adjective || ' ' || w.material || ' ' || w.noun || '</strong> is cut from ' ||
          w.material || ' and finished by hand. It keeps its shape wash after wash and goes with everything ' ||
          'in your wardrobe, from the office to the weekend.</p><h6>Specifications</h6><ul><li>Material: ' ||
          w.material || '</li><li>Care: machine wash cold, dry flat</li><li>Origin: Portugal</li>' ||
          '<li>Fit: true to size</li></ul><p>Free returns within 30 days. Every piece is checked before it ' ||
          'leaves our workshop, and repairs are free for the first year.</p>',
        'A ' || w.material || ' ' || lower(w.noun) || ' for every day.',
        p.price,
        case when ${h(3)} % 5 = 0 then p.price + (p.price / 4 / 100) * 100 + 100 end,
        10,
        c.category,
        case ${h(4)} % 6 when 0 then array['Men'] when 1 then array['Women'] when 2 then array['Kids']
          when 3 then array['Men','Women'] when 4 then array['Women','Kids'] else array['Men','Women','Kids'] end,
        case ${h(5)} % 3
          when 0 then array[(${sql.raw(colours)})[1 + ${h(6)} % 8]]
          when 1 then array[(${sql.raw(colours)})[1 + ${h(6)} % 8], (${sql.raw(colours)})[1 + (${h(6)} + 3) % 8]]
          else array[(${sql.raw(colours)})[1 + ${h(6)} % 8], (${sql.raw(colours)})[1 + (${h(6)} + 2) % 8],
            (${sql.raw(colours)})[1 + (${h(6)} + 5) % 8]] end,
        case when c.category = 'Shoes' then array['7','8','9','10','11']
          when c.category in ('Backpacks and bags', 'Bracelets', 'Face masks') then array[]::text[]
          else array['S','M','L','XL'] end,
        array[lower(w.material), lower(c.category), (array['summer','winter','classic','everyday','sale','gift'])[1 + ${h(7)} % 6]],
        case when ${h(8)} % 20 = 0 then 0 when ${h(8)} % 10 = 1 then 1 + ${h(9)} % 10 else 11 + ${h(9)} % 490 end,
        ${h(10)} % 5000,
        case when ${h(11)} % 20 = 0 then 'draft' else 'published' end,
        json_build_object('enabled', ${h(12)} % 12 = 0, 'content', 'NEW')::jsonb,
        json_build_object('enabled', ${h(3)} % 5 = 0, 'content', 'SALE')::jsonb,
        r.s1 + r.s2 + r.s3 + r.s4 + r.s5,
        r.s1 + 2 * r.s2 + 3 * r.s3 + 4 * r.s4 + 5 * r.s5,
        array[r.s1, r.s2, r.s3, r.s4, r.s5],
        now() - make_interval(mins => ${h(13)} % (3 * 365 * 24 * 60)),
        now() - make_interval(mins => ${h(14)} % (30 * 24 * 60))
      from generate_series(1, ${PRODUCTS}::int) n
      cross join lateral (select (${sql.raw(categories)})[1 + ${h(1)} % 12] as category) c
      cross join lateral (select 500 + (${h(2)} % 5955) * 10 as price) p
      cross join lateral (select
        (array['Classic','Slim','Relaxed','Vintage','Essential','Premium','Everyday','Tailored','Soft',
          'Heritage','Urban','Coastal','Alpine','Modern','Signature','Studio','Weekend','Travel','Utility',
          'Original'])[1 + ${h(15)} % 20] as adjective,
        (array['Cotton','Linen','Wool','Denim','Leather','Suede','Silk','Canvas','Cashmere','Tweed'])[1 + ${h(16)} % 10] as material,
        (array['Shirt','Tee','Jeans','Jacket','Suit','Blazer','Trousers','Waistcoat','Shoes','Backpack',
          'Bracelet','Mask'])[1 + (array_position(${sql.raw(categories)}, c.category) - 1)] as noun) w
      cross join lateral (select
        -- Per-product rating figures: up to 200 reviews, leaning to a mood of its own.
        case when ${h(17)} % 4 = 0 then 0 else ${h(18)} % (1 + ${h(19)} % 8) end as s1,
        case when ${h(17)} % 4 = 0 then 0 else ${h(20)} % (1 + ${h(19)} % 10) end as s2,
        case when ${h(17)} % 4 = 0 then 0 else ${h(21)} % 30 end as s3,
        case when ${h(17)} % 4 = 0 then 0 else ${h(22)} % 60 end as s4,
        case when ${h(17)} % 4 = 0 then 0 else ${h(23)} % (10 + ${h(24)} % 90) end as s5) r`);
    // One product with real reviews to page through.
    await db.execute(sql`
      insert into product_reviews (product_id, user_id, rating, comment, posted_at)
      select (select id from products where sku = 'BN-000002'), u.id, 1 + (row_number() over (order by u.email))::int % 5,
        'A review of a sentence or two, as people write them.', now() - make_interval(hours => (row_number() over (order by u.email))::int)
      from users u where u.email like 'shop.%' and u.email not in ('shop.0@bench.example')`);
    await db.execute(sql`vacuum analyze`);
    console.log(
      `Filled in ${((performance.now() - started) / 1000).toFixed(1)} s on ${database.kind}: ` +
        `${PRODUCTS.toLocaleString('en')} products.`,
    );
  }

  const app = await buildApp({ database, logger: false, config: { rateLimitMax: 10_000_000 } });
  try {
    const shopper = { authorization: `Bearer ${await signIn(app, 'shop.1@bench.example', password)}` };
    const admin = { authorization: `Bearer ${await signIn(app, 'shop.0@bench.example', password)}` };
    const results: Array<Record<string, string | number>> = [];
    const measure = async (
      name: string,
      url: string,
      target: number | null,
      headers = shopper,
      size?: (body: Record<string, unknown>) => string | number,
    ) => {
      const { times, first } = await timeRequests(app, { method: 'GET', url, headers }, RUNS);
      const body = first.json<Record<string, unknown>>();
      const extra = size
        ? size(body)
        : typeof body.total === 'number'
          ? `${body.total.toLocaleString('en')}${body.totalCapped ? '+' : ''} match`
          : '';
      results.push(latencyRow(name, times, target, { result: extra }));
    };

    const shop = '/api/products?pageSize=24';
    await measure('shop: featured, first page', shop, SHOP_TARGET_MS);
    await measure('shop: newest, page 40', `${shop}&sort=newest&page=40`, SHOP_TARGET_MS);
    await measure('shop: category + price ascending', `${shop}&category=Jeans&sort=priceAsc`, SHOP_TARGET_MS);
    await measure(
      'shop: group + price descending',
      `${shop}&category=Tailored&sort=priceDesc`,
      SHOP_TARGET_MS,
    );
    await measure(
      'shop: gender + 2 colours + price range',
      `${shop}&gender=Women&colors=FF4842,1890FF&priceMin=2000&priceMax=10000`,
      SHOP_TARGET_MS,
    );
    await measure(
      'shop: kids + 1 colour + cheap, by price',
      `${shop}&gender=Kids&colors=7F00FF&priceMax=3000&sort=priceAsc`,
      SHOP_TARGET_MS,
    );
    await measure('shop: search prefix "lin"', `${shop}&search=lin`, SHOP_TARGET_MS);
    await measure('shop: search "slim den" (two prefixes)', `${shop}&search=slim%20den`, SHOP_TARGET_MS);
    await measure('shop: rating 4 stars & up, newest', `${shop}&rating=up4Star&sort=newest`, SHOP_TARGET_MS);
    await measure(
      'shop: kids + 1 colour + 4 stars (narrow)',
      `${shop}&gender=Kids&colors=7F00FF&rating=up4Star`,
      SHOP_TARGET_MS,
    );
    await measure(
      'shop: category + colour + 4 stars, newest (narrow)',
      `${shop}&category=Bracelets&colors=FFC0CB&rating=up4Star&sort=newest`,
      SHOP_TARGET_MS,
    );
    await measure(
      'shop: everything at once',
      `${shop}&search=cot&gender=Men&category=Clothing&colors=000000&priceMin=1000&priceMax=20000&rating=up3Star&sort=priceAsc`,
      SHOP_TARGET_MS,
    );
    await measure(
      'suggestions "lea"',
      '/api/products/search?q=lea',
      null,
      shopper,
      (b) => `${(b.results as unknown[]).length} results`,
    );
    const [reviewed] = await db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(sql`${products.sku} = 'BN-000002'`);
    await measure(
      'product by name',
      `/api/products/product?name=${encodeURIComponent(reviewed!.name)}`,
      null,
      shopper,
      () => '',
    );
    await measure(`a product's reviews, newest`, `/api/products/${reviewed!.id}/reviews`, null, shopper);
    const adminList = '/api/products/admin?pageSize=10';
    await measure('admin: newest first', adminList, null, admin);
    await measure(
      'admin: by name, low + out of stock',
      `${adminList}&sort=name&order=asc&stock=low%20stock,out%20of%20stock`,
      null,
      admin,
    );
    await measure('admin: drafts by price', `${adminList}&publish=draft&sort=price&order=desc`, null, admin);
    await measure('admin: by publish state', `${adminList}&sort=publish&order=asc`, null, admin);
    console.log(`\nProducts on ${database.kind}, ${PRODUCTS.toLocaleString('en')} products (ms):`);
    console.table(results);
  } finally {
    await app.close();
  }
} finally {
  await dispose();
}
