import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import type { CommentPage, Post } from '#shared/contract/posts.ts';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { jsonResponse, mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { PostDetailsView } from './post-details-view.tsx';

const postId = '00000000-0000-4000-8000-000000000010';

const post = (extra: Partial<Post> = {}): Post => ({
  id: postId,
  title: 'Travelling in Europe',
  slug: 'travelling-in-europe',
  description: 'Trains and tiles',
  content: '<p>Hello</p>',
  coverId: null,
  coverUrl: null,
  tags: [],
  metaTitle: '',
  metaDescription: '',
  metaKeywords: [],
  publish: 'published',
  publishedAt: '2026-11-01T00:00:00.000Z',
  allowComments: true,
  author: { id: '00000000-0000-4000-8000-000000000002', name: 'Grace Hopper', avatarUrl: null },
  totalViews: 0,
  totalComments: 0,
  totalFavorites: 0,
  isFavorited: false,
  featured: false,
  favoritePerson: [],
  canEdit: true,
  version: 3,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...extra,
});

const noComments: CommentPage = {
  comments: [],
  total: 0,
  totalComments: 0,
  page: 1,
  pageSize: 10,
  hasNextPage: false,
};

/** The post's page asks for the post, counts a view and loads the comments; `featured` sets the flag. */
function postApi(stored: Post) {
  return mockFetch([
    { path: '/api/posts/by-slug/travelling-in-europe', respond: () => jsonResponse({ post: stored }) },
    {
      method: 'POST',
      path: `/api/posts/${postId}/views`,
      respond: () => jsonResponse({ totalViews: 1, counted: true }),
    },
    { path: `/api/posts/${postId}/comments`, respond: () => jsonResponse(noComments) },
    {
      method: 'PUT',
      path: `/api/posts/${postId}/featured`,
      respond: ({ body }) => {
        stored.featured = (body as { featured: boolean }).featured;
        return jsonResponse({ post: stored });
      },
    },
  ]);
}

const renderPost = () =>
  renderRoutes(
    [{ path: '/dashboard/blog/post/:slug', element: <PostDetailsView slug="travelling-in-europe" /> }],
    { initialEntries: ['/dashboard/blog/post/travelling-in-europe'] },
  );

beforeAll(async () => {
  await import('../../../components/snackbar/snackbar-host.tsx');
});

describe('the post’s page: featured on the dashboard', () => {
  it('lets an administrator feature the post, and shows it is featured', async () => {
    authStore.setState({ ...initialAuthState, isInitialized: true, isAuthenticated: true, user: testUser });
    const { calls } = postApi(post());
    renderPost();
    const heading = await screen.findByRole('heading', { name: 'Travelling in Europe' });
    const hero = heading.parentElement!;
    expect(within(hero).queryByText('Featured')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Feature on the dashboard' }));
    expect(await screen.findByRole('button', { name: 'Remove from the dashboard' })).toBeTruthy();
    expect(within(hero).getByText('Featured')).toBeTruthy();
    expect(JSON.parse(calls('PUT', `/api/posts/${postId}/featured`)[0]![1]!.body as string)).toEqual({
      featured: true,
    });
  });

  it('shows its author, a member, neither the button nor the chip', async () => {
    authStore.setState({
      ...initialAuthState,
      isInitialized: true,
      isAuthenticated: true,
      user: { ...testUser, role: 'user' },
    });
    postApi(post({ featured: true }));
    renderPost();
    const heading = await screen.findByRole('heading', { name: 'Travelling in Europe' });
    expect(screen.getByRole('link', { name: 'Edit' })).toBeTruthy();
    expect(within(heading.parentElement!).queryByText('Featured')).toBeNull();
    expect(screen.queryByRole('button', { name: /dashboard/ })).toBeNull();
  });
});
