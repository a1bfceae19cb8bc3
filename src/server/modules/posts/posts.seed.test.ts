import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { PostPage, Post } from '#shared/contract/posts.ts';

import { files } from '../../db/schema/index.ts';
import { postComments, postCounts, postLikes, posts } from '../../db/schema/posts.ts';
import { member, quickMembers, type Member } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { POST_COVER_SIZE, seedPosts } from './posts.seed.ts';
import { featuredPosts } from './posts.service.ts';

let t: TestApp;
let admin: Member;
let people: Member[];
let uploadsDir: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimitMax: 1_000_000 });
  admin = await member(t.app, 'Grace', 'Hopper');
  people = await quickMembers(t.app, t.database.db, 12, 'Reader');
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-posts-seed-'));
  await seedPosts(t.database.db, { adminId: admin.id, peopleIds: people.map((p) => p.id), uploadsDir });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

describe('posts demo data', () => {
  it('writes 24 posts, two of them the admin’s drafts, each with a drawn cover of its author’s', async () => {
    const rows = await t.database.db.select().from(posts);
    expect(rows).toHaveLength(24);
    expect(rows.filter((p) => p.publish === 'draft').map((p) => p.authorId)).toEqual([admin.id, admin.id]);
    expect(new Set(rows.map((p) => p.slug)).size).toBe(24);
    expect(rows.map((p) => p.slug)).toEqual(
      expect.arrayContaining(['mot-ngay-o-pho-co-ha-noi', '在上海的第一周', 'رحلة-الى-مراكش']),
    );
    const covers = await t.database.db
      .select()
      .from(files)
      .where(sql`${files.use} = 'cover'`);
    expect(covers).toHaveLength(24);
    for (const post of rows) {
      const cover = covers.find((f) => f.id === post.coverFileId)!;
      expect(cover.ownerId).toBe(post.authorId);
    }
    const meta = await sharp(path.join(uploadsDir, covers[0]!.storageKey)).metadata();
    expect(meta).toMatchObject({ format: 'webp', ...POST_COVER_SIZE });
  });

  it('keeps the figures and tab counts the triggers keep', async () => {
    const [figures] = await t.database.db
      .select({
        likes: sql<number>`(select count(*)::int from ${postLikes})`,
        liked: sql<number>`(select coalesce(sum(total_favorites), 0)::int from ${posts})`,
        comments: sql<number>`(select count(*)::int from ${postComments})`,
        commented: sql<number>`(select coalesce(sum(total_comments), 0)::int from ${posts})`,
        replies: sql<number>`(select count(*)::int from ${postComments} where parent_id is not null)`,
        counted: sql<number>`(select coalesce(sum(total), 0)::int from ${postCounts})`,
      })
      .from(sql`(select 1) one`);
    expect(figures!.likes).toBeGreaterThan(20);
    expect(figures!.liked).toBe(figures!.likes);
    expect(figures!.comments).toBeGreaterThan(10);
    expect(figures!.replies).toBeGreaterThan(0);
    expect(figures!.commented).toBe(figures!.comments);
    expect(figures!.counted).toBe(24);
  });

  it('answers through the API: the list, a post by its Vietnamese title, its comments', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/posts', headers: people[0]!.headers });
    const page = list.json<PostPage>();
    expect(page.counts).toEqual({ all: 22, published: 22, draft: 0 });
    expect(page.posts[0]!.coverUrl).toMatch(/^\/api\/uploads\/[0-9a-f]{32}\.webp$/);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/posts/by-slug/${encodeURIComponent('Một ngày ở phố cổ Hà Nội')}`,
      headers: people[0]!.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ post: Post }>().post.title).toBe('Một ngày ở phố cổ Hà Nội');
    const asAdmin = await t.app.inject({ method: 'GET', url: '/api/posts', headers: admin.headers });
    expect(asAdmin.json<PostPage>().counts).toEqual({ all: 24, published: 22, draft: 2 });
  });

  it('features a few published posts for the dashboard’s carousel', async () => {
    const featured = await t.database.db
      .select()
      .from(posts)
      .where(sql`${posts.featured}`);
    expect(featured.length).toBeGreaterThanOrEqual(4);
    expect(featured.every((p) => p.publish === 'published')).toBe(true);
    const carousel = await featuredPosts(t.database.db);
    expect(carousel).toHaveLength(Math.min(6, featured.length));
    expect(carousel.every((p) => p.coverUrl !== null)).toBe(true);
  });
});
