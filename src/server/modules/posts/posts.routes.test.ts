import { randomUUID } from 'node:crypto';

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Notification, NotificationPage } from '#shared/contract/notifications.ts';
import type {
  Comment,
  CommentPage,
  CommentResponse,
  CreatePostInput,
  Post,
  PostLikeResponse,
  PostPage,
  PostViewResponse,
} from '#shared/contract/posts.ts';

import { postComments, postViews, posts } from '../../db/schema/posts.ts';
import { apiCalls, type Method } from '../../testing/http.ts';
import { member, multipartBody, pngWithMetadata, type Member } from '../../testing/members.ts';
import { signedInSocket } from '../../testing/realtime-socket.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { commentText, featuredPosts, slugBase } from './posts.service.ts';

let t: TestApp;
let base: string;
let admin: Member;
let alice: Member;
let bob: Member;
let carol: Member;

/**
 * An edit names the version it is based on (ADR 017): a test's PATCH of a post that names none is based on
 * the stored version (the tests of the version itself send theirs, or send none through `t.app.inject`).
 */
async function basedOnStored(method: Method, url: string, payload: object): Promise<object> {
  const id = /^\/([0-9a-f-]{36})$/.exec(url)?.[1];
  if (method !== 'PATCH' || !id || 'version' in payload) return payload;
  const row = await postRow(id);
  return row ? { ...payload, version: row.version } : payload;
}

const { call, ok } = apiCalls(() => t.app, '/api/posts', basedOnStored);

let serial = 0;
/** A post made through the API, published unless told otherwise. */
async function write(who: Member, overrides: Partial<CreatePostInput> = {}): Promise<Post> {
  serial++;
  return (
    await ok<{ post: Post }>(
      who,
      'POST',
      '/',
      { title: `Post number ${serial}`, publish: 'published', ...overrides },
      201,
    )
  ).post;
}

const bySlug = (who: Member, slug: string) => call(who, 'GET', `/by-slug/${encodeURIComponent(slug)}`);
const postRow = async (id: string) => (await t.database.db.select().from(posts).where(eq(posts.id, id)))[0];

beforeAll(async () => {
  t = await createTestApp({ rateLimitMax: 1_000_000 });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await member(t.app, 'Grace', 'Hopper'); // the first account is an admin
  alice = await member(t.app, 'Alice', 'Liddell');
  bob = await member(t.app, 'Bob', 'Marley');
  carol = await member(t.app, 'Carol', 'King');
});
afterAll(async () => {
  await t?.close();
});

describe('posts: slugs', () => {
  it('makes URL names from titles in any script', () => {
    expect(slugBase('Hello, World!')).toBe('hello-world');
    expect(slugBase('  Café crème — à la française  ')).toBe('cafe-creme-a-la-francaise');
    expect(slugBase('Tiếng Việt: Đường phố Hà Nội')).toBe('tieng-viet-duong-pho-ha-noi');
    expect(slugBase('你好，世界')).toBe('你好-世界');
    expect(slugBase('مرحبًا بالعالم')).toBe('مرحبا-بالعالم');
    expect(slugBase('ＦＵＬＬ　ｗｉｄｔｈ １２３')).toBe('full-width-123');
    expect(slugBase('🎉🎉 !!!')).toBeNull();
    expect(Array.from(slugBase('a'.repeat(500))!).length).toBe(100);
  });

  it('gives each post a unique slug, finds it by slug, by title and by a former slug', async () => {
    const one = await write(alice, { title: 'Hello World' });
    const two = await write(bob, { title: 'Hello, world!' });
    const three = await write(alice, { title: 'HELLO WORLD' });
    expect([one.slug, two.slug, three.slug]).toEqual(['hello-world', 'hello-world-2', 'hello-world-3']);

    expect((await bySlug(carol, 'hello-world-2')).json<{ post: Post }>().post.id).toBe(two.id);
    // The title itself finds the post its slug names (the web route is /dashboard/blog/post/{title}).
    expect((await bySlug(carol, 'Hello World')).json<{ post: Post }>().post.id).toBe(one.id);

    const chinese = await write(alice, { title: '你好，世界' });
    expect(chinese.slug).toBe('你好-世界');
    expect((await bySlug(bob, '你好-世界')).json<{ post: Post }>().post.id).toBe(chinese.id);
    expect((await bySlug(bob, '你好，世界')).json<{ post: Post }>().post.id).toBe(chinese.id);
    const arabic = await write(bob, { title: 'مرحبا بالعالم' });
    expect((await bySlug(alice, 'مرحبا بالعالم')).json<{ post: Post }>().post.id).toBe(arabic.id);
    const vietnamese = await write(bob, { title: 'Tiếng Việt' });
    expect(vietnamese.slug).toBe('tieng-viet');
    expect((await bySlug(alice, 'Tiếng Việt')).json<{ post: Post }>().post.id).toBe(vietnamese.id);
    const emoji = await write(bob, { title: '🎉🎉🎉' });
    expect(emoji.slug).toMatch(/^post-[0-9a-f]{8}$/);

    // A new title moves the post to a new slug; the old one still finds it.
    const renamed = (
      await ok<{ post: Post }>(alice, 'PATCH', `/${one.id}`, { title: 'Goodbye World', version: one.version })
    ).post;
    expect(renamed.slug).toBe('goodbye-world');
    expect((await bySlug(carol, 'hello-world')).json<{ post: Post }>().post).toMatchObject({
      id: one.id,
      slug: 'goodbye-world',
    });
    // A title that keeps the same slug keeps it (no renumbering): "HELLO WORLD" stays hello-world-3.
    const same = (await ok<{ post: Post }>(alice, 'PATCH', `/${three.id}`, { title: 'Hello world' })).post;
    expect(same.slug).toBe('hello-world-3');
    // hello-world is free again for a new post.
    expect((await write(carol, { title: 'Hello World' })).slug).toBe('hello-world');
    expect((await bySlug(carol, 'no-such-post')).statusCode).toBe(404);
  });

  it('gives concurrent posts with one title distinct slugs', async () => {
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, i) => write([alice, bob][i % 2]!, { title: 'Race Day' })),
    );
    expect(new Set(made.map((p) => p.slug)).size).toBe(8);
  });
});

describe('posts: writing, editing and who may do what', () => {
  it('creates a post with every field and defaults the rest', async () => {
    const post = await write(alice, {
      title: '  A Day in Lisbon  ',
      description: 'Trams, tiles and pastries.',
      content: '<p>We took <strong>tram 28</strong>.</p>',
      tags: ['travel', 'europe', 'travel'],
      metaTitle: 'Lisbon',
      metaDescription: 'A day in Lisbon',
      metaKeywords: ['lisbon', 'portugal'],
      allowComments: false,
    });
    expect(post).toMatchObject({
      title: 'A Day in Lisbon',
      slug: 'a-day-in-lisbon',
      description: 'Trams, tiles and pastries.',
      content: '<p>We took <strong>tram 28</strong>.</p>',
      tags: ['travel', 'europe'],
      metaTitle: 'Lisbon',
      metaKeywords: ['lisbon', 'portugal'],
      publish: 'published',
      allowComments: false,
      author: { id: alice.id, name: 'Alice Liddell', avatarUrl: null },
      totalViews: 0,
      totalComments: 0,
      totalFavorites: 0,
      isFavorited: false,
      favoritePerson: [],
      coverUrl: null,
      coverId: null,
      canEdit: true,
      version: 1,
    });
    expect(post.publishedAt).not.toBeNull();
    const draft = (await ok<{ post: Post }>(bob, 'POST', '/', { title: 'Just a draft' }, 201)).post;
    expect(draft).toMatchObject({ publish: 'draft', publishedAt: null, allowComments: true, content: '' });
  });

  it('stores content sanitised and answers it safe (the hostile corpus)', async () => {
    const hostile = [
      '<p>ok</p><script>alert(1)</script>',
      '<img src="x" onerror="alert(1)"><img src="https://example.com/a.png" onload="x()">',
      '<a href="javascript:alert(1)">click</a><a href="JaVaScRiPt:alert(1)">again</a>',
      '<svg><script>alert(1)</script><circle onload="alert(1)"/></svg>',
      '<iframe src="https://evil.example"></iframe><form action="/x"><input name="a"></form>',
      '<p style="background:url(javascript:alert(1))">styled</p><style>body{display:none}</style>',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
      '<math><mi xlink:href="javascript:alert(1)">m</mi></math><object data="x"></object>',
    ].join('');
    const post = await write(alice, { title: 'Hostile content', content: hostile });
    const edited = (
      await ok<{ post: Post }>(alice, 'PATCH', `/${post.id}`, { content: `${hostile}<p>again</p>` })
    ).post;
    const fetched = (await bySlug(bob, post.slug)).json<{ post: Post }>().post;
    const stored = (await postRow(post.id))!.content;
    for (const html of [post.content, edited.content, fetched.content, stored]) {
      expect(html).not.toMatch(
        /<script|onerror|onload|javascript:|<svg|<iframe|<form|<input|style=|<style|data:|<math|<object|alert/i,
      );
      expect(html).toContain('<p>ok</p>');
      expect(html).toContain('<img src="https://example.com/a.png" />');
      expect(html).toContain('<p>styled</p>');
    }
  });

  it('refuses bad input with a 400 and a message', async () => {
    const bad: Array<[object, RegExp]> = [
      [{}, /title/i],
      [{ title: '   ' }, /title/i],
      [{ title: 'x'.repeat(201) }, /title is too long/i],
      [{ title: 'T', content: 'x'.repeat(200_001) }, /content is too long/i],
      [{ title: 'T', description: 'x'.repeat(1001) }, /too long/i],
      [{ title: 'T', publish: 'live' }, /publish/i],
      [{ title: 'T', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, /tags/i],
      [{ title: 'T', tags: ['x'.repeat(41)] }, /tag/i],
      [{ title: 'T', coverId: 'nope' }, /cover/i],
      [{ title: 'T', coverId: crypto.randomUUID() }, /cover/i],
      [{ title: 'T', allowComments: 'yes' }, /comments/i],
      [{ title: 'T', totalViews: 5 }, /./],
      [{ title: 'T', authorId: bob.id }, /./],
    ];
    for (const [payload, message] of bad) {
      const res = await call(alice, 'POST', '/', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    expect(await t.database.db.$count(posts, eq(posts.title, 'T'))).toBe(0);
    for (const query of [
      'sort=best',
      'publish=hidden',
      'author=nope',
      'page=0',
      `search=${'x'.repeat(101)}`,
    ]) {
      const res = await call(alice, 'GET', `/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
    expect((await call(alice, 'GET', '/not-a-uuid')).statusCode).toBe(400);
  });

  it('shows drafts only to their author and administrators', async () => {
    const draft = (await ok<{ post: Post }>(alice, 'POST', '/', { title: 'Secret plans' }, 201)).post;
    for (const who of [alice, admin]) {
      expect((await bySlug(who, draft.slug)).statusCode).toBe(200);
      expect((await call(who, 'GET', `/${draft.id}`)).statusCode).toBe(200);
    }
    for (const [method, url, payload] of [
      ['GET', `/${draft.id}`],
      ['GET', `/by-slug/${draft.slug}`],
      ['PATCH', `/${draft.id}`, { title: 'Mine now' }],
      ['DELETE', `/${draft.id}`],
      ['POST', `/${draft.id}/like`],
      ['POST', `/${draft.id}/views`],
      ['GET', `/${draft.id}/comments`],
      ['POST', `/${draft.id}/comments`, { message: 'hi' }],
    ] as Array<[Method, string, object?]>) {
      const res = await call(bob, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await postRow(draft.id))!.title).toBe('Secret plans');
    const bobsList = await ok<PostPage>(bob, 'GET', '/?search=secret');
    expect(bobsList.posts).toEqual([]);
    const alicesList = await ok<PostPage>(alice, 'GET', '/?search=secret');
    expect(alicesList.posts.map((p) => p.id)).toEqual([draft.id]);
  });

  it('lets the author and administrators edit and delete; others get 403', async () => {
    const post = await write(alice, { title: 'Shared thoughts' });
    const refused = await call(bob, 'PATCH', `/${post.id}`, { title: 'Hijacked' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBeTruthy();
    expect((await call(bob, 'DELETE', `/${post.id}`)).statusCode).toBe(403);
    expect((await postRow(post.id))!.title).toBe('Shared thoughts');
    expect((await bySlug(bob, post.slug)).json<{ post: Post }>().post.canEdit).toBe(false);

    const byAdmin = (
      await ok<{ post: Post }>(admin, 'PATCH', `/${post.id}`, { description: 'Edited by an administrator' })
    ).post;
    expect(byAdmin).toMatchObject({ description: 'Edited by an administrator', version: 2, canEdit: true });
    expect(byAdmin.author.id).toBe(alice.id);
    expect((await call(admin, 'DELETE', `/${post.id}`)).statusCode).toBe(204);
    expect((await call(alice, 'GET', `/${post.id}`)).statusCode).toBe(404);
    const own = await write(bob, { title: 'Short lived' });
    expect((await call(bob, 'DELETE', `/${own.id}`)).statusCode).toBe(204);
    expect((await call(bob, 'DELETE', `/${own.id}`)).statusCode).toBe(404);
  });

  it('edits with a version check: a stale edit gets 409 with the post as it is now', async () => {
    const post = await write(alice, { title: 'Versioned post' });
    const first = (
      await ok<{ post: Post }>(alice, 'PATCH', `/${post.id}`, { version: 1, description: 'First' })
    ).post;
    expect(first.version).toBe(2);
    const stale = await call(admin, 'PATCH', `/${post.id}`, { version: 1, description: 'Second' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'STALE',
      current: { id: post.id, description: 'First', version: 2 },
    });
    expect((await postRow(post.id))!.description).toBe('First');
    // Views, likes and comments do not make an open edit stale.
    await ok(bob, 'POST', `/${post.id}/like`);
    await ok(bob, 'POST', `/${post.id}/views`);
    await ok(bob, 'POST', `/${post.id}/comments`, { message: 'Nice' }, 201);
    const after = (await ok<{ post: Post }>(alice, 'PATCH', `/${post.id}`, { version: 2, tags: ['x'] })).post;
    expect(after.version).toBe(3);
    expect((await call(alice, 'PATCH', `/${post.id}`, { version: 0 })).statusCode).toBe(400);
  });

  it('refuses an edit without a version (400), and lets one of 30 concurrent edits of a version win', async () => {
    const post = await write(alice, { title: 'Edited by many' });
    const blind = await t.app.inject({
      method: 'PATCH',
      url: `/api/posts/${post.id}`,
      headers: alice.headers,
      payload: { description: 'Blind' },
    });
    expect(blind.statusCode).toBe(400);
    expect(blind.json()).toMatchObject({ message: expect.any(String) });
    expect(await postRow(post.id)).toMatchObject({ description: '', version: post.version });

    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(alice, 'PATCH', `/${post.id}`, { description: `Edit ${i}`, version: post.version }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(29);
    expect((await postRow(post.id))!.version).toBe(post.version + 1);
  });

  it('publishes and unpublishes: publishedAt follows, and the list sorts by it', async () => {
    const draft = (await ok<{ post: Post }>(carol, 'POST', '/', { title: 'Carol publishes later' }, 201))
      .post;
    const published = (await ok<{ post: Post }>(carol, 'PATCH', `/${draft.id}`, { publish: 'published' }))
      .post;
    expect(published.publishedAt).not.toBeNull();
    const latest = await ok<PostPage>(carol, 'GET', `/?author=${carol.id}&publish=published`);
    expect(latest.posts[0]!.id).toBe(draft.id);
    const back = (await ok<{ post: Post }>(carol, 'PATCH', `/${draft.id}`, { publish: 'draft' })).post;
    expect(back.publishedAt).toBeNull();
  });

  it('takes a cover uploaded by the caller, and refuses someone else’s', async () => {
    const upload = multipartBody(await pngWithMetadata(640, 360));
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/posts/cover',
      headers: { ...alice.headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const file = uploaded.json<{ file: { id: string; url: string; use: string } }>().file;
    expect(file.use).toBe('cover');
    const post = await write(alice, { title: 'With a cover', coverId: file.id });
    expect(post).toMatchObject({ coverId: file.id, coverUrl: file.url });
    expect(post.coverUrl).toMatch(/^\/api\/uploads\//);
    const cards = await ok<PostPage>(bob, 'GET', '/?search=with%20a%20cover');
    expect(cards.posts[0]!.coverUrl).toBe(file.url);
    // Bob may not use Alice's picture; an administrator may keep it on her post.
    const stolen = await call(bob, 'POST', '/', { title: 'Stolen cover', coverId: file.id });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json<{ message: string }>().message).toMatch(/cover/i);
    await ok(admin, 'PATCH', `/${post.id}`, { coverId: file.id, title: 'With a cover still' });
    const removed = (await ok<{ post: Post }>(alice, 'PATCH', `/${post.id}`, { coverId: null })).post;
    expect(removed.coverUrl).toBeNull();
    expect((await call(null, 'POST', '/cover')).statusCode).toBe(401);
  });

  it('answers 401 to signed-out callers', async () => {
    const id = crypto.randomUUID();
    for (const [method, url] of [
      ['GET', '/'],
      ['GET', '/search?q=a'],
      ['GET', '/by-slug/x'],
      ['GET', `/${id}`],
      ['POST', '/'],
      ['PATCH', `/${id}`],
      ['DELETE', `/${id}`],
      ['POST', `/${id}/like`],
      ['POST', `/${id}/views`],
      ['GET', `/${id}/comments`],
      ['POST', `/${id}/comments`],
      ['DELETE', `/${id}/comments/${id}`],
    ] as Array<[Method, string]>) {
      expect((await call(null, method, url)).statusCode, `${method} ${url}`).toBe(401);
    }
    const res = await call(alice, 'GET', '/');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('posts: the list', () => {
  let dave: Member;
  let erin: Member;
  const made: Record<string, Post> = {};
  beforeAll(async () => {
    dave = await member(t.app, 'Dave', 'Grohl');
    erin = await member(t.app, 'Erin', 'Brockovich');
    made.travel = await write(dave, { title: 'Travelling in Europe', tags: ['travel'] });
    made.cooking = await write(dave, { title: 'Cooking pasta', description: 'Fresh tagliatelle' });
    made.draft = (await ok<{ post: Post }>(dave, 'POST', '/', { title: 'Dave travelling draft' }, 201)).post;
    made.garden = await write(erin, { title: 'Gardening basics', tags: ['garden'] });
    made.erinDraft = (await ok<{ post: Post }>(erin, 'POST', '/', { title: 'Erin draft' }, 201)).post;
    // Views make "popular": cooking 2, garden 1.
    await ok(alice, 'POST', `/${made.cooking.id}/views`);
    await ok(bob, 'POST', `/${made.cooking.id}/views`);
    await ok(alice, 'POST', `/${made.garden.id}/views`);
  });

  const ids = (page: PostPage) => page.posts.map((p) => p.id);

  it('keeps one person’s posts with `author`: their drafts only for themself and administrators', async () => {
    const asBob = await ok<PostPage>(bob, 'GET', `/?author=${dave.id}`);
    expect(ids(asBob)).toEqual([made.cooking!.id, made.travel!.id]);
    expect(asBob.counts).toEqual({ all: 2, published: 2, draft: 0 });
    expect(asBob.total).toBe(2);
    const asDave = await ok<PostPage>(dave, 'GET', `/?author=${dave.id}`);
    expect(ids(asDave)).toEqual([made.draft!.id, made.cooking!.id, made.travel!.id]);
    expect(asDave.counts).toEqual({ all: 3, published: 2, draft: 1 });
    const asAdmin = await ok<PostPage>(admin, 'GET', `/?author=${dave.id}&publish=draft`);
    expect(ids(asAdmin)).toEqual([made.draft!.id]);
    expect((await ok<PostPage>(bob, 'GET', `/?author=${dave.id}&publish=draft`)).posts).toEqual([]);
    const profile = await ok<PostPage>(bob, 'GET', `/?author=${dave.id}&publish=published&pageSize=1`);
    expect(profile).toMatchObject({ total: 2, hasNextPage: true, pageSize: 1 });
    expect(profile.posts[0]).toMatchObject({
      title: 'Cooking pasta',
      author: { id: dave.id, name: 'Dave Grohl' },
    });
    expect(profile.posts[0]).not.toHaveProperty('content');
  });

  it('names the person the `author` filter keeps, even without posts; a bad id is a 400', async () => {
    expect((await ok<PostPage>(bob, 'GET', `/?author=${dave.id}`)).author).toMatchObject({
      id: dave.id,
      name: 'Dave Grohl',
    });
    const none = await ok<PostPage>(bob, 'GET', `/?author=${dave.id}&search=nothingmatchesthis`);
    expect(none).toMatchObject({ total: 0, author: { id: dave.id } });
    expect(await ok<PostPage>(bob, 'GET', `/?author=${randomUUID()}`)).toMatchObject({
      total: 0,
      author: null,
    });
    expect((await ok<PostPage>(bob, 'GET', '/')).author).toBeUndefined();
    const bad = await call(bob, 'GET', '/?author=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBeTruthy();
  });

  it('counts tabs: published for everyone, drafts per viewer (all drafts for administrators)', async () => {
    const all = await t.database.db
      .select({ publish: posts.publish, n: sql<number>`count(*)::int` })
      .from(posts)
      .groupBy(posts.publish);
    const published = all.find((r) => r.publish === 'published')!.n;
    const drafts = all.find((r) => r.publish === 'draft')!.n;
    const ownDrafts = async (who: Member) =>
      t.database.db.$count(posts, sql`${posts.authorId} = ${who.id} and ${posts.publish} = 'draft'`);
    const asErin = await ok<PostPage>(erin, 'GET', '/');
    expect(asErin.counts).toEqual({
      published,
      draft: await ownDrafts(erin),
      all: published + (await ownDrafts(erin)),
    });
    expect(asErin.total).toBe(asErin.counts.all);
    const asAdmin = await ok<PostPage>(admin, 'GET', '/?publish=draft');
    expect(asAdmin.counts).toEqual({ published, draft: drafts, all: published + drafts });
    expect(asAdmin.total).toBe(drafts);
    const erinsDrafts = await ok<PostPage>(erin, 'GET', '/?publish=draft');
    expect(ids(erinsDrafts)).toEqual([made.erinDraft!.id]);
  });

  it('searches word prefixes of title, description and tags, with counts per tab', async () => {
    const travel = await ok<PostPage>(dave, 'GET', '/?search=travell');
    expect(ids(travel)).toEqual([made.draft!.id, made.travel!.id]);
    expect(travel.counts).toEqual({ all: 2, published: 1, draft: 1 });
    expect(travel.totalCapped).toBe(false);
    expect(ids(await ok<PostPage>(bob, 'GET', '/?search=travell'))).toEqual([made.travel!.id]);
    expect(ids(await ok<PostPage>(bob, 'GET', '/?search=fresh%20tag'))).toEqual([made.cooking!.id]);
    expect(ids(await ok<PostPage>(bob, 'GET', '/?search=garden'))).toEqual([made.garden!.id]);
    expect((await ok<PostPage>(bob, 'GET', '/?search=%26%7C!')).posts.length).toBeGreaterThan(0);
    const suggestions = await ok<{ results: Array<{ title: string; slug: string }> }>(
      bob,
      'GET',
      '/search?q=travell',
    );
    expect(suggestions.results).toEqual([
      { id: made.travel!.id, title: 'Travelling in Europe', slug: 'travelling-in-europe', coverUrl: null },
    ]);
    expect((await ok<{ results: unknown[] }>(bob, 'GET', '/search?q=')).results).toEqual([]);
  });

  it('sorts latest, oldest and popular', async () => {
    const q = `/?author=${dave.id}&publish=published`;
    expect(ids(await ok<PostPage>(bob, 'GET', `${q}&sort=latest`))).toEqual([
      made.cooking!.id,
      made.travel!.id,
    ]);
    expect(ids(await ok<PostPage>(bob, 'GET', `${q}&sort=oldest`))).toEqual([
      made.travel!.id,
      made.cooking!.id,
    ]);
    const popular = await ok<PostPage>(bob, 'GET', '/?sort=popular&search=cooking%20gardening');
    expect(popular.posts).toEqual([]);
    const byViews = ids(await ok<PostPage>(bob, 'GET', '/?sort=popular&pageSize=100'));
    expect(byViews.indexOf(made.cooking!.id)).toBeLessThan(byViews.indexOf(made.garden!.id));
    expect(byViews.indexOf(made.garden!.id)).toBeLessThan(byViews.indexOf(made.travel!.id));
  });

  it('pages without overlap', async () => {
    const first = await ok<PostPage>(admin, 'GET', '/?pageSize=3&page=1');
    const second = await ok<PostPage>(admin, 'GET', '/?pageSize=3&page=2');
    expect(first.hasNextPage).toBe(true);
    expect(ids(first).filter((id) => ids(second).includes(id))).toEqual([]);
    expect((await ok<PostPage>(admin, 'GET', '/?pageSize=1000')).pageSize).toBe(100);
  });
});

describe('posts: featured (administrators, ADR 043)', () => {
  const feature = (who: Member | null, id: string, featured: unknown) =>
    call(who, 'PUT', `/${id}/featured`, { featured });
  const carousel = async () => (await featuredPosts(t.database.db, 100)).map((p) => p.id);
  const detailsOf = async (who: Member, id: string) => (await ok<{ post: Post }>(who, 'GET', `/${id}`)).post;

  it('lets an administrator feature a post and take it off, without moving its version', async () => {
    const post = await write(alice, { title: 'Worth featuring' });
    expect(post.featured).toBe(false);
    const featured = (await feature(admin, post.id, true)).json<{ post: Post }>().post;
    expect(featured).toMatchObject({ id: post.id, featured: true, version: post.version });
    expect(featured.updatedAt).toBe(post.updatedAt);
    expect((await postRow(post.id))!.featured).toBe(true);
    // Everyone sees the flag, in the details and in the list; the newest featured post leads the carousel.
    expect((await detailsOf(bob, post.id)).featured).toBe(true);
    const listed = await ok<PostPage>(bob, 'GET', `/?author=${alice.id}&pageSize=100`);
    expect(listed.posts.find((p) => p.id === post.id)?.featured).toBe(true);
    expect((await carousel())[0]).toBe(post.id);
    // The author's edit, open on the version before, still saves.
    const edited = await ok<{ post: Post }>(alice, 'PATCH', `/${post.id}`, {
      description: 'Now with a description',
      version: post.version,
    });
    expect(edited.post).toMatchObject({ featured: true, description: 'Now with a description' });
    // Featuring again changes nothing; taking it off leaves the carousel.
    expect((await feature(admin, post.id, true)).json<{ post: Post }>().post.version).toBe(
      edited.post.version,
    );
    const off = await feature(admin, post.id, false);
    expect(off.statusCode).toBe(200);
    expect(off.json<{ post: Post }>().post.featured).toBe(false);
    expect(await carousel()).not.toContain(post.id);
  });

  it('refuses anyone else, the post’s author included, and bad input', async () => {
    const post = await write(alice, { title: 'Not mine to feature' });
    const refused = await feature(alice, post.id, true);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toHaveProperty('message');
    expect((await feature(bob, post.id, true)).statusCode).toBe(403);
    expect((await feature(null, post.id, true)).statusCode).toBe(401);
    expect((await postRow(post.id))!.featured).toBe(false);
    // Not through the post's own payload either: the create and edit payloads have no such field.
    const viaEdit = await call(alice, 'PATCH', `/${post.id}`, { featured: true });
    expect(viaEdit.statusCode).toBe(400);
    expect((await call(alice, 'POST', '/', { title: 'Sneaky', featured: true })).statusCode).toBe(400);
    expect((await postRow(post.id))!.featured).toBe(false);

    expect((await feature(admin, '00000000-0000-4000-8000-000000000000', true)).statusCode).toBe(404);
    expect((await feature(admin, 'not-a-uuid', true)).statusCode).toBe(400);
    for (const body of [{ featured: 'yes' }, { featured: null }, {}, { featured: true, pinned: true }]) {
      const res = await call(admin, 'PUT', `/${post.id}/featured`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
    expect((await postRow(post.id))!.featured).toBe(false);
  });

  it('keeps a featured draft off the carousel until it is published, and an unpublished post too', async () => {
    const draft = (await ok<{ post: Post }>(bob, 'POST', '/', { title: 'Featured in waiting' }, 201)).post;
    expect((await feature(admin, draft.id, true)).json<{ post: Post }>().post).toMatchObject({
      featured: true,
      publish: 'draft',
    });
    expect(await carousel()).not.toContain(draft.id);
    await ok(bob, 'PATCH', `/${draft.id}`, { publish: 'published' });
    expect((await carousel())[0]).toBe(draft.id);
    await ok(bob, 'PATCH', `/${draft.id}`, { publish: 'draft' });
    expect(await carousel()).not.toContain(draft.id);
    // Still featured: published again, it is back.
    expect((await detailsOf(bob, draft.id)).featured).toBe(true);
  });

  it('lists the featured posts with `featured=true`, with the counts of that filter', async () => {
    const dave = await member(t.app, 'Dave', 'Featured');
    const one = await write(dave, { title: 'Featured one' });
    const two = await write(dave, { title: 'Featured two' });
    await write(dave, { title: 'Plain three' });
    const draft = (await ok<{ post: Post }>(dave, 'POST', '/', { title: 'Featured draft' }, 201)).post;
    for (const post of [one, two, draft]) await feature(admin, post.id, true);

    const mine = await ok<PostPage>(dave, 'GET', `/?author=${dave.id}&featured=true`);
    expect(mine.posts.map((p) => p.id)).toEqual([draft.id, two.id, one.id]);
    expect(mine.counts).toEqual({ all: 3, published: 2, draft: 1 });
    expect(mine).toMatchObject({ total: 3, totalCapped: false });
    // Someone else sees the published ones; administrators every one, by tab.
    const asBob = await ok<PostPage>(bob, 'GET', `/?author=${dave.id}&featured=true`);
    expect(asBob.posts.map((p) => p.id)).toEqual([two.id, one.id]);
    expect(asBob.counts).toEqual({ all: 2, published: 2, draft: 0 });
    const drafts = await ok<PostPage>(admin, 'GET', `/?author=${dave.id}&featured=true&publish=draft`);
    expect(drafts.posts.map((p) => p.id)).toEqual([draft.id]);
    // With a search; every featured post of the workspace for an administrator.
    const searched = await ok<PostPage>(admin, 'GET', '/?featured=true&search=featured%20tw');
    expect(searched.posts.map((p) => p.id)).toEqual([two.id]);
    const everyFeatured = await t.database.db.$count(posts, sql`${posts.featured}`);
    const all = await ok<PostPage>(admin, 'GET', '/?featured=true&pageSize=100');
    expect(all.total).toBe(everyFeatured);
    expect(all.posts.every((p) => p.featured)).toBe(true);

    const bad = await call(admin, 'GET', '/?featured=yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('message');
  });

  it('tells open pages live: everyone for a published post, the author and administrators for a draft', async () => {
    const published = await write(alice, { title: 'Live featured' });
    const draft = (await ok<{ post: Post }>(alice, 'POST', '/', { title: 'Live featured draft' }, 201)).post;
    const bobSocket = await signedInSocket(base, bob.token);
    const aliceSocket = await signedInSocket(base, alice.token);
    const changed = (received: typeof bobSocket.received, postId: string) =>
      received.some((m) => m.type === 'posts.changed' && m.postId === postId);
    try {
      await feature(admin, published.id, true);
      await expect.poll(() => changed(bobSocket.received, published.id)).toBe(true);
      await feature(admin, draft.id, true);
      await expect.poll(() => changed(aliceSocket.received, draft.id)).toBe(true);
      expect(changed(bobSocket.received, draft.id)).toBe(false);
    } finally {
      bobSocket.ws.close();
      aliceSocket.ws.close();
    }
  });
});

describe('posts: likes and views', () => {
  it('likes once per person, unlikes, and shows who liked it', async () => {
    const post = await write(alice, { title: 'Likeable' });
    const liked = await ok<PostLikeResponse>(bob, 'POST', `/${post.id}/like`);
    expect(liked).toMatchObject({ totalFavorites: 1, isFavorited: true });
    expect(liked.favoritePerson).toEqual([{ id: bob.id, name: 'Bob Marley', avatarUrl: null }]);
    expect((await ok<PostLikeResponse>(bob, 'POST', `/${post.id}/like`)).totalFavorites).toBe(1);
    await Promise.all([carol, admin, alice].map((who) => ok(who, 'POST', `/${post.id}/like`)));
    const asBob = (await bySlug(bob, post.slug)).json<{ post: Post }>().post;
    expect(asBob).toMatchObject({ totalFavorites: 4, isFavorited: true });
    expect(asBob.favoritePerson).toHaveLength(4);
    const unliked = await ok<PostLikeResponse>(bob, 'DELETE', `/${post.id}/like`);
    expect(unliked).toMatchObject({ totalFavorites: 3, isFavorited: false });
    expect(unliked.favoritePerson.map((p) => p.id)).not.toContain(bob.id);
    expect((await ok<PostLikeResponse>(bob, 'DELETE', `/${post.id}/like`)).totalFavorites).toBe(3);
    const card = (await ok<PostPage>(carol, 'GET', '/?search=likeable')).posts[0]!;
    expect(card).toMatchObject({ totalFavorites: 3, isFavorited: true });
    expect((await call(bob, 'POST', `/${crypto.randomUUID()}/like`)).statusCode).toBe(404);
  });

  it('counts a view once per reader and day, never the author’s, never a draft’s', async () => {
    const post = await write(alice, { title: 'Viewed' });
    expect(await ok<PostViewResponse>(bob, 'POST', `/${post.id}/views`)).toEqual({
      totalViews: 1,
      counted: true,
    });
    expect(await ok<PostViewResponse>(bob, 'POST', `/${post.id}/views`)).toEqual({
      totalViews: 1,
      counted: false,
    });
    const parallel = await Promise.all(
      Array.from({ length: 10 }, () => ok<PostViewResponse>(carol, 'POST', `/${post.id}/views`)),
    );
    expect(parallel.filter((v) => v.counted)).toHaveLength(1);
    expect(await ok<PostViewResponse>(alice, 'POST', `/${post.id}/views`)).toEqual({
      totalViews: 2,
      counted: false,
    });
    // Yesterday's view does not count for today.
    await t.database.db
      .update(postViews)
      .set({ day: sql`${postViews.day} - 1` })
      .where(eq(postViews.userId, bob.id));
    expect(await ok<PostViewResponse>(bob, 'POST', `/${post.id}/views`)).toEqual({
      totalViews: 3,
      counted: true,
    });
    expect((await postRow(post.id))!.totalViews).toBe(3);
    // Clearing old view records keeps the total.
    await t.database.db.delete(postViews).where(eq(postViews.postId, post.id));
    expect((await postRow(post.id))!.totalViews).toBe(3);
    const draft = (await ok<{ post: Post }>(alice, 'POST', '/', { title: 'Unviewed draft' }, 201)).post;
    expect(await ok<PostViewResponse>(admin, 'POST', `/${draft.id}/views`)).toEqual({
      totalViews: 0,
      counted: false,
    });
  });
});

describe('posts: comments', () => {
  const comments = (who: Member, id: string, query = '') =>
    ok<CommentPage>(who, 'GET', `/${id}/comments${query}`);
  const comment = (who: Member, id: string, message: string, parentId?: string) =>
    ok<CommentResponse>(who, 'POST', `/${id}/comments`, { message, ...(parentId && { parentId }) }, 201);

  it('threads replies one level deep, newest threads first, replies oldest first', async () => {
    const post = await write(alice, { title: 'Discuss' });
    const first = await comment(bob, post.id, 'First!');
    expect(first.totalComments).toBe(1);
    const second = await comment(carol, post.id, 'Second');
    const reply = await comment(alice, post.id, 'Thanks Bob', first.comment.id);
    expect(reply.comment).toMatchObject({
      parentId: first.comment.id,
      tagUser: { id: bob.id, name: 'Bob Marley' },
      author: { id: alice.id, name: 'Alice Liddell' },
    });
    // A reply to a reply joins the thread, naming whom it answers.
    const nested = await comment(bob, post.id, 'You are welcome', reply.comment.id);
    expect(nested.comment).toMatchObject({
      parentId: first.comment.id,
      tagUser: { id: alice.id, name: 'Alice Liddell' },
    });
    expect(nested.totalComments).toBe(4);

    const page = await comments(carol, post.id);
    expect(page).toMatchObject({ total: 2, totalComments: 4, page: 1, hasNextPage: false });
    expect(page.comments.map((c) => c.message)).toEqual(['Second', 'First!']);
    const thread = page.comments[1]!;
    expect(thread.replies.map((r) => r.message)).toEqual(['Thanks Bob', 'You are welcome']);
    expect(thread.totalReplies).toBe(2);
    // Carol may delete her own only; she is not the post's author.
    expect(page.comments[0]!.canDelete).toBe(true);
    expect(thread.canDelete).toBe(false);
    expect((await comments(alice, post.id)).comments.every((c: Comment) => c.canDelete)).toBe(true);
    expect(second.comment.canDelete).toBe(true);
    expect((await bySlug(bob, post.slug)).json<{ post: Post }>().post.totalComments).toBe(4);

    const paged = await comments(carol, post.id, '?pageSize=1&page=2');
    expect(paged.comments.map((c) => c.message)).toEqual(['First!']);
    expect(paged.hasNextPage).toBe(false);
  });

  it('lets authors delete their own, the post’s author and administrators any; replies go with their comment', async () => {
    const post = await write(alice, { title: 'Moderated' });
    const bobs = await comment(bob, post.id, 'Spam spam');
    await comment(carol, post.id, 'A reply', bobs.comment.id);
    const carols = await comment(carol, post.id, 'Carol here');
    const own = await comment(bob, post.id, 'Mine');

    const refused = await call(bob, 'DELETE', `/${post.id}/comments/${carols.comment.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBeTruthy();
    expect(
      (await ok<{ totalComments: number }>(bob, 'DELETE', `/${post.id}/comments/${own.comment.id}`))
        .totalComments,
    ).toBe(3);
    // The post's author removes a thread: its reply goes too.
    const removed = await ok<{ totalComments: number }>(
      alice,
      'DELETE',
      `/${post.id}/comments/${bobs.comment.id}`,
    );
    expect(removed.totalComments).toBe(1);
    expect(await t.database.db.$count(postComments, eq(postComments.postId, post.id))).toBe(1);
    expect((await call(admin, 'DELETE', `/${post.id}/comments/${carols.comment.id}`)).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `/${post.id}/comments/${carols.comment.id}`)).statusCode).toBe(404);
    expect((await postRow(post.id))!.totalComments).toBe(0);
    // A comment of another post is not found through this one.
    const other = await write(bob, { title: 'Another' });
    const elsewhere = await comment(carol, other.id, 'Elsewhere');
    expect((await call(admin, 'DELETE', `/${post.id}/comments/${elsewhere.comment.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(bob, 'POST', `/${post.id}/comments`, { message: 'x', parentId: elsewhere.comment.id }))
        .statusCode,
    ).toBe(404);
  });

  it('stores comments as plain text, whatever markup they hold (the hostile corpus)', async () => {
    const post = await write(alice, { title: 'Hostile comments' });
    const corpus = [
      '<script>alert(1)</script>Hello',
      '<img src=x onerror=alert(1)>Picture',
      '<a href="javascript:alert(1)">click</a>',
      '<svg onload=alert(1)><circle/></svg>Shape',
      '<p style="background:url(javascript:alert(1))">styled</p><style>body{display:none}</style>',
      '&lt;script&gt;alert(1)&lt;/script&gt;Escaped',
      '&amp;lt;img src=x onerror=alert(1)&amp;gt;Twice',
    ];
    for (const message of corpus) {
      const res = await comment(bob, post.id, message);
      const stored = (
        await t.database.db.select().from(postComments).where(eq(postComments.id, res.comment.id))
      )[0]!.message;
      for (const text of [res.comment.message, stored]) {
        expect(text, message).not.toMatch(/<[a-z/!]|alert|onerror|javascript:/i);
      }
    }
    const listed = await comments(carol, post.id, '?pageSize=50');
    expect(listed.comments.map((c) => c.message).sort()).toEqual(
      ['Hello', 'Picture', 'click', 'Shape', 'styled', 'Escaped', 'Twice'].sort(),
    );
    expect(commentText('1 < 2 and 3 > 2\n\n\n\nbye  ')).toBe('1 < 2 and 3 > 2\n\nbye');
    expect(commentText('Tom & Jerry')).toBe('Tom & Jerry');
    // Nothing left but markup: refused.
    const empty = await call(bob, 'POST', `/${post.id}/comments`, { message: '<script>alert(1)</script>' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toMatch(/comment/i);
    for (const payload of [
      {},
      { message: '   ' },
      { message: 'x'.repeat(2001) },
      { message: 'x', parentId: 'nope' },
    ]) {
      const res = await call(bob, 'POST', `/${post.id}/comments`, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
  });

  it('refuses comments where they are closed', async () => {
    const post = await write(alice, { title: 'Closed', allowComments: false });
    const res = await call(bob, 'POST', `/${post.id}/comments`, { message: 'Let me in' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'COMMENTS_CLOSED' });
  });

  it('notifies the post’s author of a comment, and the person answered of a reply, live', async () => {
    const post = await write(alice, { title: 'Notify me' });
    const { ws, received } = await signedInSocket(base, alice.token);
    const bobSocket = await signedInSocket(base, bob.token);
    try {
      const first = await comment(bob, post.id, 'Great post!');
      await expect.poll(() => received.some((m) => m.type === 'notifications.changed')).toBe(true);
      await expect
        .poll(() => received.some((m) => m.type === 'posts.changed' && m.postId === post.id))
        .toBe(true);
      const inbox = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: alice.headers });
      const latest: Notification = inbox.json<NotificationPage>().notifications[0]!;
      expect(latest).toMatchObject({
        type: 'blog',
        title: 'Bob Marley commented on your post “Notify me”',
        body: 'Great post!',
        link: '/dashboard/blog/post/notify-me',
      });
      // Carol replies to Bob: Bob and Alice hear of it.
      await comment(carol, post.id, 'Agreed', first.comment.id);
      await expect.poll(() => bobSocket.received.some((m) => m.type === 'notifications.changed')).toBe(true);
      const bobs = (
        await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bob.headers })
      ).json<NotificationPage>().notifications[0]!;
      expect(bobs.title).toBe('Carol King replied to your comment on “Notify me”');
      // Her own comment tells Alice nothing.
      const before = (
        await t.app.inject({ method: 'GET', url: '/api/notifications', headers: alice.headers })
      ).json<NotificationPage>().total;
      await comment(alice, post.id, 'Thanks all');
      const after = (
        await t.app.inject({ method: 'GET', url: '/api/notifications', headers: alice.headers })
      ).json<NotificationPage>().total;
      expect(after).toBe(before);
    } finally {
      ws.close();
      bobSocket.ws.close();
    }
  });

  it('tells only the author and administrators about a draft', async () => {
    const draft = (await ok<{ post: Post }>(alice, 'POST', '/', { title: 'Quiet draft' }, 201)).post;
    const bobSocket = await signedInSocket(base, bob.token);
    const adminSocket = await signedInSocket(base, admin.token);
    try {
      await ok(alice, 'PATCH', `/${draft.id}`, { description: 'Still quiet' });
      await expect
        .poll(() => adminSocket.received.some((m) => m.type === 'posts.changed' && m.postId === draft.id))
        .toBe(true);
      expect(bobSocket.received.some((m) => m.type === 'posts.changed' && m.postId === draft.id)).toBe(false);
    } finally {
      bobSocket.ws.close();
      adminSocket.ws.close();
    }
  });
});
