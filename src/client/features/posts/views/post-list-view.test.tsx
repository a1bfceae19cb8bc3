import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { PostCard, PostPage } from '#shared/contract/posts.ts';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { jsonResponse, mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { PostListView } from './post-list-view.tsx';

/** An author without posts in the fake list. */
const GRACE = '0b7e7c1e-5a6f-4f43-9b8a-1d2c3e4f5a6b';

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
  featured: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...extra,
});

/**
 * A fake GET /api/posts: 30 posts (2 drafts; the third and the fifth featured), paged as asked, `featured`
 * kept; a search reports capped counts. PUT /:id/featured sets the flag, or answers `refuse` when given.
 */
function postsApi({ refuse }: { refuse?: { status: number; message: string } } = {}) {
  const all = Array.from({ length: 30 }, (_, i) =>
    card(i + 1, {
      ...(i < 2 ? { publish: 'draft' as const, publishedAt: null } : {}),
      featured: i === 2 || i === 4,
    }),
  );
  const featureRoutes = all.map((post) => ({
    method: 'PUT',
    path: `/api/posts/${post.id}/featured`,
    respond: ({ body }: { body: unknown }) => {
      if (refuse) return jsonResponse({ message: refuse.message }, refuse.status);
      post.featured = (body as { featured: boolean }).featured;
      return jsonResponse({ post });
    },
  }));
  return mockFetch([
    ...featureRoutes,
    { path: '/api/posts/search', respond: () => jsonResponse({ results: [] }) },
    {
      path: '/api/posts',
      respond: ({ url }) => {
        const params = new URL(url, 'http://localhost').searchParams;
        const page = Number(params.get('page'));
        const pageSize = Number(params.get('pageSize'));
        const tab = params.get('publish');
        const search = params.get('search');
        const featured = params.get('featured') === 'true';
        const author = params.get('author');
        const shown = all.filter(
          (p) =>
            (tab === 'all' || p.publish === tab) &&
            (!featured || p.featured) &&
            (!author || p.author.id === author),
        );
        const answer: PostPage = {
          posts: shown.slice((page - 1) * pageSize, page * pageSize),
          total: search ? 1000 : shown.length,
          totalCapped: Boolean(search),
          counts: search ? { all: 1000, published: 1000, draft: 2 } : { all: 30, published: 28, draft: 2 },
          page,
          pageSize,
          hasNextPage: page * pageSize < shown.length,
          ...(author && {
            author: author === GRACE ? { id: GRACE, name: 'Grace Hopper', avatarUrl: null } : null,
          }),
        };
        return jsonResponse(answer);
      },
    },
  ]);
}

beforeAll(async () => {
  await import('../../../components/snackbar/snackbar-host.tsx');
});

const renderList = (entry = '/dashboard/blog/posts') =>
  renderRoutes([{ path: '/dashboard/blog/posts', element: <PostListView /> }], { initialEntries: [entry] });

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

describe('the posts page: one author’s posts', () => {
  beforeEach(() => {
    authStore.setState({ ...initialAuthState, isInitialized: true, isAuthenticated: true, user: testUser });
  });

  it('asks for the author the address names, names them in a chip, and its cross shows everyone’s', async () => {
    const { calls } = postsApi();
    const { router } = renderList(`/dashboard/blog/posts?author=${GRACE}&sort=popular`);
    const chip = await screen.findByRole('button', { name: /By Grace Hopper/ });
    const asked = () =>
      calls('GET', '/api/posts').map(([input]) =>
        Object.fromEntries(new URL(String(input), 'http://localhost').searchParams),
      );
    expect(asked().at(-1)).toMatchObject({ author: GRACE, sort: 'popular' });
    expect(await screen.findByText('No posts match')).toBeTruthy();

    await userEvent.click(within(chip).getByTestId('CancelIcon'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=popular'));
    await waitFor(() => expect(asked().at(-1)).not.toHaveProperty('author'));
    expect(screen.queryByRole('button', { name: /^By / })).toBeNull();
  });

  it('ignores an author that is not a user id', async () => {
    const { calls } = postsApi();
    renderList('/dashboard/blog/posts?author=ada');
    await screen.findByRole('tab', { name: 'All 30' });
    const [input] = calls('GET', '/api/posts').at(-1)!;
    expect(new URL(String(input), 'http://localhost').searchParams.has('author')).toBe(false);
  });
});

describe('the posts page: featured posts (administrators)', () => {
  beforeEach(() => {
    authStore.setState({ ...initialAuthState, isInitialized: true, isAuthenticated: true, user: testUser });
  });

  it('shows which posts are featured, and features one with its star at once', async () => {
    const { calls } = postsApi();
    renderList();
    const grid = await screen.findByRole('region', { name: 'Posts' });
    const third = await within(grid).findByRole('article', { name: 'Post number 3' });
    expect(within(third).getByText('Featured')).toBeTruthy();
    expect(within(third).getByRole('button', { name: 'Remove from the dashboard' })).toBeTruthy();
    const fourth = within(grid).getByRole('article', { name: 'Post number 4' });
    expect(within(fourth).queryByText('Featured')).toBeNull();

    await userEvent.click(within(fourth).getByRole('button', { name: 'Feature on the dashboard' }));
    expect(await within(fourth).findByRole('button', { name: 'Remove from the dashboard' })).toBeTruthy();
    expect(within(fourth).getByText('Featured')).toBeTruthy();
    const [, init] = calls('PUT', `/api/posts/${id(4)}/featured`)[0]!;
    expect(JSON.parse(init!.body as string)).toEqual({ featured: true });
    expect(await screen.findByText('Featured on the dashboard')).toBeTruthy();

    // And off again.
    await userEvent.click(within(third).getByRole('button', { name: 'Remove from the dashboard' }));
    await waitFor(() => expect(within(third).queryByText('Featured')).toBeNull());
    expect(within(third).getByRole('button', { name: 'Feature on the dashboard' })).toBeTruthy();
    expect(JSON.parse(calls('PUT', `/api/posts/${id(3)}/featured`)[0]![1]!.body as string)).toEqual({
      featured: false,
    });
  });

  it('puts the star back and says why when the server refuses', async () => {
    postsApi({ refuse: { status: 403, message: 'Only administrators may do this' } });
    renderList();
    const fourth = await screen.findByRole('article', { name: 'Post number 4' });
    await userEvent.click(within(fourth).getByRole('button', { name: 'Feature on the dashboard' }));
    expect(await screen.findByText('Only administrators may do this')).toBeTruthy();
    expect(within(fourth).getByRole('button', { name: 'Feature on the dashboard' })).toBeTruthy();
    expect(within(fourth).queryByText('Featured')).toBeNull();
  });

  it('keeps the featured posts with “Featured only”, in the address', async () => {
    const { calls } = postsApi();
    const { router } = renderList();
    const only = await screen.findByRole('button', { name: 'Featured only' });
    expect(only.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(only);
    await waitFor(() => expect(router.state.location.search).toBe('?featured=true'));
    const grid = screen.getByRole('region', { name: 'Posts' });
    await waitFor(() =>
      expect(
        within(grid)
          .getAllByRole('article')
          .map((card) => card.getAttribute('aria-label')),
      ).toEqual(['Post number 3', 'Post number 5']),
    );
    expect(screen.getByRole('button', { name: 'Featured only' }).getAttribute('aria-pressed')).toBe('true');
    const asked = calls('GET', '/api/posts').map(
      ([input]) => new URL(String(input), 'http://localhost').search,
    );
    expect(asked).toContain('?page=1&pageSize=12&sort=latest&publish=all&featured=true');
  });

  it('shows members neither the stars, the chips nor the filter', async () => {
    authStore.setState({
      ...initialAuthState,
      isInitialized: true,
      isAuthenticated: true,
      user: { ...testUser, role: 'user' },
    });
    postsApi();
    renderList();
    const third = await screen.findByRole('article', { name: 'Post number 3' });
    expect(within(third).queryByText('Featured')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Feature on the dashboard' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove from the dashboard' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Featured only' })).toBeNull();
  });
});
