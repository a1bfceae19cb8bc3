/**
 * A big blog (issue #14), part of `npm run bench`. Fills a fresh embedded database (or DATABASE_URL, an
 * empty database you provide) with POSTS (100,000) posts in SQL by AUTHORS (200) people: realistic titles,
 * descriptions, tags and content, 95 % published over three years, views, likes and comment figures, plus
 * real likes and a few hundred comments with replies on one post; then, through the whole API (app.inject:
 * auth, validation, SQL, serialisation), one request at a time, BENCH_RUNS (200) each: list pages with
 * every tab, sort, the author filter and searches (target p95 ≤ 50 ms), suggestions, a post by slug and a
 * page of its comments.
 *
 *   node_modules/.bin/node bench/posts.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/atrium_bench_posts node_modules/.bin/node bench/posts.ts
 *   BENCH_DATA_DIR=/tmp/atrium-bench-posts node_modules/.bin/node bench/posts.ts   (keeps and reuses the data)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import { latencyRow, openBenchDatabase, requireEmptyDatabase, signIn, timeRequests } from './lib.ts';

const POSTS = Number(process.env.POSTS ?? 100_000);
const AUTHORS = Number(process.env.AUTHORS ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const LIST_TARGET_MS = 50;

const { sql } = await import('drizzle-orm');
const { buildApp } = await import('../src/server/app.ts');
const { posts } = await import('../src/server/db/schema/posts.ts');
const { users } = await import('../src/server/db/schema/index.ts');
const { hashPassword, UNUSABLE_PASSWORD_HASH } = await import('../src/server/lib/passwords.ts');

const keep = process.env.BENCH_DATA_DIR;
const { database, dispose } = await openBenchDatabase('posts', keep);
const db = database.db;
/** The bench's password, kept with the data when BENCH_DATA_DIR keeps it. */
const passwordFile = keep ? path.join(keep, 'bench-password') : null;

try {
  const userCount = Number((await db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n);
  const postCount = Number((await db.select({ n: sql<number>`count(*)::int` }).from(posts))[0]?.n);
  let password: string;
  if (passwordFile && userCount && postCount === POSTS && fs.existsSync(passwordFile)) {
    password = fs.readFileSync(passwordFile, 'utf8');
    console.log(`Reusing ${POSTS.toLocaleString('en')} posts in ${keep}.`);
  } else {
    requireEmptyDatabase(userCount, 'posts.ts');
    const started = performance.now();
    password = randomBytes(18).toString('base64url');
    if (passwordFile) fs.writeFileSync(passwordFile, password, { mode: 0o600 });
    const hash = await hashPassword(password);
    // blog.0 is an administrator, blog.1 a writer with posts and drafts; both sign in.
    await db.insert(users).values(
      Array.from({ length: AUTHORS }, (_, i) => ({
        email: `blog.${i}@bench.example`,
        passwordHash: i < 2 ? hash : UNUSABLE_PASSWORD_HASH,
        firstName: `Writer${i}`,
        lastName: 'Bench',
        role: i === 0 ? ('admin' as const) : ('user' as const),
      })),
    );
    // h(k): a stable pseudo-random number per post and field (hashint4), so every run fills the same.
    const h = (k: number) => sql.raw(`(hashint4(n * 7919 + ${k}) & 2147483647)`);
    await db.execute(sql`
      insert into posts (author_id, title, slug, description, content, tags, meta_title, meta_description,
        meta_keywords, publish, published_at, allow_comments, total_views, total_favorites, total_comments,
        created_at, updated_at)
      select a.id,
        w.title,
        lower(replace(w.title, ' ', '-')),
        'Notes on ' || lower(w.topic) || ' from a ' || lower(w.place) || ', with what worked and what did not.',
        '<p>This is a post about <strong>' || lower(w.topic) || '</strong>. We tried a few things before we ' ||
          'found what worked, and most of them taught us something.</p><h3>What we did</h3><ul><li>Start ' ||
          'small</li><li>Share early</li><li>Keep what works</li></ul><p>Thanks for reading.</p>',
        array[lower(w.topic), (array['travel','design','engineering','team','product','writing','health',
          'research'])[1 + ${h(4)} % 8]],
        w.title, 'Notes on ' || lower(w.topic), array[lower(w.topic)],
        case when ${h(5)} % 20 = 0 then 'draft' else 'published' end,
        case when ${h(5)} % 20 = 0 then null else c.created + make_interval(hours => 1 + ${h(6)} % 48) end,
        ${h(7)} % 10 <> 0,
        case when ${h(5)} % 20 = 0 then 0 else ${h(8)} % 5000 end,
        ${h(9)} % 60, ${h(10)} % 40,
        c.created, c.created + make_interval(hours => 1 + ${h(6)} % 48)
      from generate_series(1, ${POSTS}::int) n
      cross join lateral (select id from users where email = 'blog.' || (${h(1)} % ${AUTHORS}) || '@bench.example') a
      cross join lateral (select now() - make_interval(mins => ${h(2)} % (3 * 365 * 24 * 60)) as created) c
      cross join lateral (select
        (array['Designing','Travelling','Cooking','Writing','Planning','Testing','Hiring','Running','Building',
          'Teaching','Learning','Reading','Measuring','Shipping','Hiking','Painting'])[1 + ${h(11)} % 16] as topic,
        (array['Lisbon','Kyoto','Berlin','Hanoi','Marrakesh','Lyon','Oslo','Lima','Seoul','Austin'])[1 + ${h(12)} % 10] as place,
        (array['Designing','Travelling','Cooking','Writing','Planning','Testing','Hiring','Running','Building',
          'Teaching','Learning','Reading','Measuring','Shipping','Hiking','Painting'])[1 + ${h(11)} % 16] || ' in ' ||
        (array['Lisbon','Kyoto','Berlin','Hanoi','Marrakesh','Lyon','Oslo','Lima','Seoul','Austin'])[1 + ${h(12)} % 10] ||
        ' ' || n as title) w`);
    // One post with real likes and a long comment thread to page through.
    await db.execute(sql`
      insert into post_likes (post_id, user_id)
      select (select id from posts where slug = 'cooking-in-lisbon-1' or title like '% 1' order by title limit 1), id
      from users`);
    await db.execute(sql`
      with target as (select id from posts where title like '% 1' order by title limit 1),
      tops as (
        insert into post_comments (post_id, author_id, message, created_at)
        select (select id from target), u.id, 'A comment of a sentence or two, as people write them.',
          now() - make_interval(mins => g)
        from generate_series(1, 300) g cross join lateral (select id from users offset g % ${AUTHORS} limit 1) u
        returning id, post_id, author_id)
      insert into post_comments (post_id, author_id, parent_id, reply_to_user_id, message)
      select t.post_id, t.author_id, t.id, t.author_id, 'A reply.' from tops t, generate_series(1, 2)`);
    await db.execute(sql`vacuum analyze`);
    console.log(
      `Filled in ${((performance.now() - started) / 1000).toFixed(1)} s on ${database.kind}: ` +
        `${POSTS.toLocaleString('en')} posts by ${AUTHORS} people.`,
    );
  }

  const app = await buildApp({ database, logger: false, config: { rateLimitMax: 10_000_000 } });
  try {
    const writer = { authorization: `Bearer ${await signIn(app, 'blog.1@bench.example', password)}` };
    const admin = { authorization: `Bearer ${await signIn(app, 'blog.0@bench.example', password)}` };
    const [author] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`email = 'blog.7@bench.example'`);
    const [busy] = await db
      .select({ id: posts.id, slug: posts.slug })
      .from(posts)
      .where(sql`${posts.totalComments} > 100`)
      .limit(1);
    const results: Array<Record<string, string | number>> = [];
    const measure = async (
      name: string,
      url: string,
      target: number | null,
      headers = writer,
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

    const list = '/api/posts?pageSize=24';
    await measure('all, latest, first page', list, LIST_TARGET_MS);
    await measure('all, latest, page 40', `${list}&page=40`, LIST_TARGET_MS);
    await measure('published, popular', `${list}&publish=published&sort=popular`, LIST_TARGET_MS);
    await measure('all, oldest, page 10', `${list}&sort=oldest&page=10`, LIST_TARGET_MS);
    await measure('my drafts', `${list}&publish=draft`, LIST_TARGET_MS);
    await measure('admin: every draft, latest', `${list}&publish=draft`, LIST_TARGET_MS, admin);
    await measure('admin: all, popular, page 5', `${list}&sort=popular&page=5`, LIST_TARGET_MS, admin);
    await measure(
      "a profile's recent posts",
      `/api/posts?author=${author!.id}&publish=published&pageSize=6`,
      LIST_TARGET_MS,
    );
    await measure("an author's posts, popular", `${list}&author=${author!.id}&sort=popular`, LIST_TARGET_MS);
    await measure('search "tra" (broad)', `${list}&search=tra`, LIST_TARGET_MS);
    await measure('search "cook kyo" (two prefixes)', `${list}&search=cook%20kyo`, LIST_TARGET_MS);
    await measure('search "hik osl", popular', `${list}&search=hik%20osl&sort=popular`, LIST_TARGET_MS);
    await measure('search "12345" (one post)', `${list}&search=12345`, LIST_TARGET_MS);
    await measure(
      'suggestions "pai"',
      '/api/posts/search?q=pai',
      null,
      writer,
      (b) => `${(b.results as unknown[]).length} results`,
    );
    await measure(
      'suggestions "12345" (one post)',
      '/api/posts/search?q=12345',
      null,
      writer,
      (b) => `${(b.results as unknown[]).length} results`,
    );
    await measure(
      'a post by slug',
      `/api/posts/by-slug/${encodeURIComponent(busy!.slug)}`,
      null,
      writer,
      () => '',
    );
    await measure('a page of its comments', `/api/posts/${busy!.id}/comments`, null);
    console.log(`\nPosts on ${database.kind}, ${POSTS.toLocaleString('en')} posts (ms):`);
    console.table(results);
  } finally {
    await app.close();
  }
} finally {
  await dispose();
}
