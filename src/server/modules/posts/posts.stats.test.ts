import { beforeAll, describe, expect, it } from 'vitest';

import { postLikes, posts } from '../../db/schema/index.ts';
import { TOKYO_RANGE, adminScope, at, memberScope, person, statsDb } from '../../testing/stats.ts';
import { topAuthors } from './posts.stats.ts';

describe('posts stats', () => {
  const s = statsDb();

  beforeAll(async () => {
    const { db, alice, bob } = s;
    const readers = await Promise.all([1, 2, 3].map(() => person(db)));
    const post = async (authorId: string, slug: string, published = true) =>
      (
        await db
          .insert(posts)
          .values({
            authorId,
            title: slug,
            slug,
            publish: published ? 'published' : 'draft',
            publishedAt: published ? at('2024-01-01T00:00:00Z') : null,
          })
          .returning()
      )[0]!.id;
    const a1 = await post(alice, 'a1');
    const a2 = await post(alice, 'a2');
    const b1 = await post(bob, 'b1');
    const draft = await post(bob, 'b-draft', false);
    const like = (postId: string, userId: string, createdAt: string) =>
      db.insert(postLikes).values({ postId, userId, createdAt: at(createdAt) });
    await like(a1, readers[0]!, '2024-03-09T16:00:00Z'); // 10 March in Tokyo
    await like(a2, readers[1]!, '2024-03-11T10:00:00Z');
    await like(b1, readers[0]!, '2024-03-10T10:00:00Z');
    await like(b1, readers[1]!, '2024-03-09T14:00:00Z'); // 9 March in Tokyo: out
    await like(b1, readers[2]!, '2024-03-11T15:00:00Z'); // 12 March in Tokyo: out
    await like(draft, readers[2]!, '2024-03-10T10:00:00Z'); // a draft: not counted
  });

  it('ranks authors by the likes their published posts received in the range', async () => {
    const expected = [
      { authorId: s.alice, likes: 2, posts: 2 },
      { authorId: s.bob, likes: 1, posts: 1 },
    ];
    expect(await topAuthors(s.db, adminScope(s.admin), TOKYO_RANGE)).toEqual(expected);
    expect(await topAuthors(s.db, memberScope(s.alice), TOKYO_RANGE)).toEqual(expected);
  });
});
