import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { PostCard, PostPage } from '#shared/contract/posts.ts';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { jsonResponse, mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { PostListView } from './post-list-view.tsx';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const card = (n: number, extra: Partial<PostCard> = {}): PostCard => ({
  id: id(n),
  title: `Post number ${n}`,
  slug: `post-number-${n}`,
  description: `About ${n}`,
  coverUrl: null,
  tags: [],
  publish: 'published',
  publishedAt: '2026-11-01T00:00:00.000Z',
  author: { id: testUser.id, name: 'Ada Lovelace', avatarUrl: null },
  totalViews: 1200,
  totalComments: 1,
  totalFavorites: 3,
  isFavorited: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...extra,
});

/** A fake GET /api/posts: 30 posts (2 drafts), paged as asked; a search reports capped counts. */
function postsApi() {
  const all = Array.from({ length: 30 }, (_, i) =>
    card(i + 1, i < 2 ? { publish: 'draft', publishedAt: null } : {}),
  );
  return mockFetch([
    { path: '/api/posts/search', respond: () => jsonResponse({ results: [] }) },
    {
      path: '/api/posts',
      respond: ({ url }) => {
        const params = new URL(url, 'http://localhost').searchParams;
        const page = Number(params.get('page'));
        const pageSize = Number(params.get('pageSize'));
        const tab = params.get('publish');
        const search = params.get('search');
        const shown = all.filter((p) => tab === 'all' || p.publish === tab);
        const answer: PostPage = {
          posts: shown.slice((page - 1) * pageSize, page * pageSize),
          total: search ? 1000 : shown.length,
          totalCapped: Boolean(search),
          counts: search ? { all: 1000, published: 1000, draft: 2 } : { all: 30, published: 28, draft: 2 },
          page,
          pageSize,
          hasNextPage: page * pageSize < shown.length,
        };
        return jsonResponse(answer);
      },
    },
  ]);
}

describe('the posts page', () => {
  beforeEach(() => {
    authStore.setState({ ...initialAuthState, isInitialized: true, isAuthenticated: true, user: testUser });
  });

  it('shows the cards with their counts, the tabs with theirs, and pages on the server', async () => {
    const { calls } = postsApi();
    const { router } = renderRoutes([{ path: '/dashboard/blog/posts', element: <PostListView /> }], {
      initialEntries: ['/dashboard/blog/posts'],
    });
    const grid = await screen.findByRole('region', { name: 'Posts' });
    const first = await within(grid).findByRole('article', { name: 'Post number 1' });
    expect(within(first).getByText('Draft')).toBeTruthy();
    expect(within(first).getByRole('img', { name: '1,200 views' })).toBeTruthy();
    expect(within(first).getByRole('img', { name: '1 comment' })).toBeTruthy();
    expect(within(first).getByRole('img', { name: '3 likes' })).toBeTruthy();
    expect(within(grid).getAllByRole('article')).toHaveLength(12);
    expect(screen.getByRole('tab', { name: 'All 30' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Drafts 2' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Go to page 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    await waitFor(() => expect(within(grid).getAllByRole('article')).toHaveLength(6));

    await userEvent.click(screen.getByRole('tab', { name: 'Drafts 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=draft'));
    await waitFor(() => expect(within(grid).getAllByRole('article')).toHaveLength(2));
    const asked = calls('GET', '/api/posts').map(
      ([input]) => new URL(String(input), 'http://localhost').search,
    );
    expect(asked).toContain('?page=1&pageSize=12&sort=latest&publish=draft');
  });

  it('searches with Enter and says when a count is a lower bound', async () => {
    postsApi();
    const { router } = renderRoutes([{ path: '/dashboard/blog/posts', element: <PostListView /> }], {
      initialEntries: ['/dashboard/blog/posts?sort=popular'],
    });
    const search = await screen.findByRole('combobox', { name: 'Search posts' });
    await userEvent.type(search, 'travel{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?search=travel&sort=popular'));
    expect(await screen.findByRole('tab', { name: 'All 1,000+' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Drafts 2' })).toBeTruthy();
  });
});
