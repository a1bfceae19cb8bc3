import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { featuredPostSchema } from '#shared/contract/posts.ts';

import { files, posts, users } from '../../db/schema/index.ts';
import { at, statsDb } from '../../testing/stats.ts';
import { featuredPosts } from './posts.service.ts';

/** `featuredPosts` (ADR 043): the overview's carousel, straight from the database. */
describe('posts: featuredPosts', () => {
  const s = statsDb();
  const ids: Record<string, string> = {};
  let coverKey: string;

  beforeAll(async () => {
    const { db, alice, bob } = s;
    coverKey = `${'c'.repeat(32)}.webp`;
    const [cover] = await db
      .insert(files)
      .values({
        ownerId: alice,
        use: 'cover',
        storageKey: coverKey,
        name: 'c.webp',
        mimeType: 'image/webp',
        size: 1,
      })
      .returning({ id: files.id });
    const post = async (
      slug: string,
      authorId: string,
      options: { featured: boolean; publishedAt: string | null; coverFileId?: string },
    ) => {
      const [row] = await db
        .insert(posts)
        .values({
          authorId,
          title: `Title ${slug}`,
          slug,
          description: `About ${slug}`,
          featured: options.featured,
          publish: options.publishedAt ? 'published' : 'draft',
          publishedAt: options.publishedAt ? at(options.publishedAt) : null,
          coverFileId: options.coverFileId ?? null,
        })
        .returning({ id: posts.id });
      ids[slug] = row!.id;
    };
    // Featured and published on eight different days; the newest two first in the carousel.
    for (let day = 1; day <= 8; day++) {
      await post(`f${day}`, day % 2 ? alice : bob, {
        featured: true,
        publishedAt: `2024-05-0${day}T09:00:00Z`,
        ...(day === 8 ? { coverFileId: cover!.id } : {}),
      });
    }
    // Newer, but not featured; featured, but a draft.
    await post('plain', alice, { featured: false, publishedAt: '2024-06-01T09:00:00Z' });
    await post('draft', bob, { featured: true, publishedAt: null });
  });

  it('gives the newest featured published posts, newest first, at most `limit` (6 by default)', async () => {
    const six = await featuredPosts(s.db);
    expect(six.map((p) => p.id)).toEqual(['f8', 'f7', 'f6', 'f5', 'f4', 'f3'].map((slug) => ids[slug]));
    expect((await featuredPosts(s.db, 2)).map((p) => p.id)).toEqual([ids.f8, ids.f7]);
    expect(await featuredPosts(s.db, 20)).toHaveLength(8);
  });

  it('answers in the contract’s shape, with the cover’s address and the author', async () => {
    const [newest, second] = await featuredPosts(s.db, 2);
    const [alice] = await s.db.select().from(users).where(eq(users.id, s.alice));
    expect(featuredPostSchema.parse(newest)).toEqual(newest);
    expect(newest).toEqual({
      id: ids.f8,
      title: 'Title f8',
      slug: 'f8',
      description: 'About f8',
      coverUrl: `/api/uploads/${coverKey}`,
      publishedAt: '2024-05-08T09:00:00.000Z',
      author: { id: s.bob, name: expect.stringMatching(/^Stats\d+ Person$/), avatarUrl: null },
    });
    expect(second).toMatchObject({
      coverUrl: null,
      author: { id: s.alice, name: `${alice!.firstName} ${alice!.lastName}`, avatarUrl: null },
    });
  });

  it('drops a post that is no longer featured or no longer published', async () => {
    await s.db.update(posts).set({ featured: false }).where(eq(posts.id, ids.f8!));
    await s.db.update(posts).set({ publish: 'draft', publishedAt: null }).where(eq(posts.id, ids.f7!));
    expect((await featuredPosts(s.db, 2)).map((p) => p.id)).toEqual([ids.f6, ids.f5]);
    // And comes back when featured and published again.
    await s.db.update(posts).set({ featured: true }).where(eq(posts.id, ids.f8!));
    expect((await featuredPosts(s.db, 1)).map((p) => p.id)).toEqual([ids.f8]);
  });

  it('is empty when nothing is featured', async () => {
    await s.db.update(posts).set({ featured: false });
    expect(await featuredPosts(s.db)).toEqual([]);
  });
});
