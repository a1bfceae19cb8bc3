import { describe, expect, it } from 'vitest';

import { createPostInput, type Post } from '#shared/contract/posts.ts';

import { postFormValues, toPostPayload } from './post-form-values.ts';

const person = { id: '00000000-0000-4000-8000-000000000001', name: 'Ada Lovelace', avatarUrl: null };

const post: Post = {
  id: '00000000-0000-4000-8000-000000000010',
  title: 'Travelling in Europe',
  slug: 'travelling-in-europe',
  description: 'Trains and tiles',
  content: '<p>Hello</p>',
  coverId: '00000000-0000-4000-8000-000000000020',
  coverUrl: '/uploads/cover.webp',
  tags: ['travel'],
  metaTitle: 'Europe',
  metaDescription: 'By train',
  metaKeywords: ['train'],
  publish: 'published',
  publishedAt: '2026-11-01T00:00:00.000Z',
  allowComments: false,
  author: person,
  totalViews: 3,
  totalComments: 1,
  totalFavorites: 2,
  isFavorited: false,
  featured: true,
  favoritePerson: [],
  canEdit: true,
  version: 4,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('post form values', () => {
  it('fills the form from a post and sends back what the shared schema takes', () => {
    const values = postFormValues(post);
    expect(values.publish).toBe(true);
    expect(values.allowComments).toBe(false);
    expect(values.featured).toBe(true);
    expect(values.cover).toEqual({ id: post.coverId, url: post.coverUrl });
    // `featured` is not sent with the post (an administrator's switch, sent on its own).
    const payload = toPostPayload(values);
    expect(createPostInput.safeParse(payload).success).toBe(true);
    expect(payload).toEqual({
      title: post.title,
      description: post.description,
      content: post.content,
      coverId: post.coverId,
      tags: ['travel'],
      metaTitle: 'Europe',
      metaDescription: 'By train',
      metaKeywords: ['train'],
      publish: 'published',
      allowComments: false,
    });
  });

  it('starts a new post as a draft with comments open, no cover; an empty editor is no content', () => {
    const values = postFormValues();
    expect(values).toMatchObject({
      publish: false,
      allowComments: true,
      featured: false,
      cover: null,
      tags: [],
    });
    const payload = toPostPayload({ ...values, title: 'Hi', content: '<p></p>', tags: [' a ', ''] });
    expect(payload).toMatchObject({ content: '', coverId: null, tags: ['a'], publish: 'draft' });
    expect(createPostInput.safeParse(payload).success).toBe(true);
  });

  it('lets the shared schema refuse a post without a title', () => {
    const result = createPostInput.safeParse(toPostPayload(postFormValues()));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['title'],
      message: 'validation.postTitleRequired',
    });
  });
});
