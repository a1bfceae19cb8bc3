import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { Post } from '#shared/contract/posts.ts';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { jsonResponse, mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { PostEditView } from './post-form-view.tsx';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const author = { id: testUser.id, name: 'Ada Lovelace', avatarUrl: null };

const post = (extra: Partial<Post> = {}): Post => ({
  id: id(10),
  title: 'Travelling in Europe',
  slug: 'travelling-in-europe',
  description: 'Trains and tiles',
  content: '<p>Hello</p>',
  coverId: null,
  coverUrl: null,
  tags: ['travel'],
  metaTitle: '',
  metaDescription: '',
  metaKeywords: [],
  publish: 'draft',
  publishedAt: null,
  allowComments: true,
  author,
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

const originalRange = {
  getClientRects: Range.prototype.getClientRects,
  getBoundingClientRect: Range.prototype.getBoundingClientRect,
};

beforeAll(async () => {
  await import('../../../components/snackbar/snackbar-host.tsx');
  // jsdom has no layout: ProseMirror asks where the caret is after each change.
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  document.elementFromPoint = () => null;
});

afterAll(() => {
  Object.assign(Range.prototype, originalRange);
});

describe('the post form (edit)', () => {
  beforeEach(() => {
    authStore.setState({ ...initialAuthState, isInitialized: true, isAuthenticated: true, user: testUser });
  });

  it('saves with the version it was read at; a 409 STALE shows the fresh post and says so', async () => {
    const fresh = post({ title: 'Travelling in Portugal', version: 4 });
    const { calls } = mockFetch([
      { path: '/api/posts/by-slug/travelling-in-europe', respond: () => jsonResponse({ post: post() }) },
      {
        method: 'PATCH',
        path: `/api/posts/${id(10)}`,
        respond: () => jsonResponse({ message: 'Changed meanwhile', code: 'STALE', current: fresh }, 409),
      },
    ]);
    renderRoutes([{ path: '/', element: <PostEditView slug="travelling-in-europe" /> }]);

    const title = await screen.findByLabelText('Post title');
    expect((title as HTMLInputElement).value).toBe('Travelling in Europe');
    await userEvent.clear(title);
    await userEvent.type(title, 'Travelling in Spain');
    await userEvent.click(screen.getByRole('switch', { name: 'Publish' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(calls('PATCH', `/api/posts/${id(10)}`)).toHaveLength(1));
    const [, init] = calls('PATCH', `/api/posts/${id(10)}`)[0]!;
    expect(JSON.parse(init!.body as string)).toMatchObject({
      title: 'Travelling in Spain',
      publish: 'published',
      tags: ['travel'],
      coverId: null,
      version: 3,
    });
    expect(await screen.findByText(/Someone else changed this/)).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByLabelText('Post title') as HTMLInputElement).value).toBe('Travelling in Portugal'),
    );
  });

  it('refuses an empty title in place, without a request', async () => {
    const { calls } = mockFetch([
      { path: '/api/posts/by-slug/travelling-in-europe', respond: () => jsonResponse({ post: post() }) },
    ]);
    renderRoutes([{ path: '/', element: <PostEditView slug="travelling-in-europe" /> }]);
    await userEvent.clear(await screen.findByLabelText('Post title'));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Give the post a title')).toBeTruthy();
    expect(calls('PATCH', `/api/posts/${id(10)}`)).toHaveLength(0);
  });

  it('tells a reader who may not edit the post so, without a form', async () => {
    mockFetch([
      {
        path: '/api/posts/by-slug/travelling-in-europe',
        respond: () => jsonResponse({ post: post({ canEdit: false, publish: 'published' }) }),
      },
    ]);
    renderRoutes([{ path: '/', element: <PostEditView slug="travelling-in-europe" /> }]);
    expect(await screen.findByText('Only the post’s author or an administrator may edit it.')).toBeTruthy();
    expect(screen.queryByLabelText('Post title')).toBeNull();
  });
});

describe('the post form: featured on the dashboard', () => {
  const postPage = { path: '/dashboard/blog/post/:slug', element: <p>The post’s page</p> };
  const renderEdit = () =>
    renderRoutes([{ path: '/', element: <PostEditView slug="travelling-in-europe" /> }, postPage]);

  it('lets an administrator feature the post: the post is saved, then featured on its own', async () => {
    authStore.setState({ ...initialAuthState, isInitialized: true, isAuthenticated: true, user: testUser });
    const { calls, fetchMock } = mockFetch([
      { path: '/api/posts/by-slug/travelling-in-europe', respond: () => jsonResponse({ post: post() }) },
      {
        method: 'PATCH',
        path: `/api/posts/${id(10)}`,
        respond: () => jsonResponse({ post: post({ version: 4 }) }),
      },
      {
        method: 'PUT',
        path: `/api/posts/${id(10)}/featured`,
        respond: ({ body }) =>
          jsonResponse({ post: post({ version: 4, featured: (body as { featured: boolean }).featured }) }),
      },
    ]);
    renderEdit();
    const featured = await screen.findByRole('switch', { name: 'Featured on the dashboard' });
    expect((featured as HTMLInputElement).checked).toBe(false);
    expect(featured.getAttribute('aria-describedby')).toBeTruthy();
    await userEvent.click(featured);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('The post’s page')).toBeTruthy();
    const [, patch] = calls('PATCH', `/api/posts/${id(10)}`)[0]!;
    expect(JSON.parse(patch!.body as string)).not.toHaveProperty('featured');
    const [, put] = calls('PUT', `/api/posts/${id(10)}/featured`)[0]!;
    expect(JSON.parse(put!.body as string)).toEqual({ featured: true });
    const methods = fetchMock.mock.calls.map(([, init]) => init?.method ?? 'GET');
    expect(methods.indexOf('PATCH')).toBeLessThan(methods.indexOf('PUT'));
  });

  it('sends nothing more when the switch is as the post is, and says so when featuring fails', async () => {
    authStore.setState({ ...initialAuthState, isInitialized: true, isAuthenticated: true, user: testUser });
    const { calls } = mockFetch([
      {
        path: '/api/posts/by-slug/travelling-in-europe',
        respond: () => jsonResponse({ post: post({ featured: true }) }),
      },
      {
        method: 'PATCH',
        path: `/api/posts/${id(10)}`,
        respond: () => jsonResponse({ post: post({ version: 4, featured: true }) }),
      },
      {
        method: 'PUT',
        path: `/api/posts/${id(10)}/featured`,
        respond: () => jsonResponse({ message: 'Post not found' }, 404),
      },
    ]);
    const { router } = renderEdit();
    const featured = await screen.findByRole('switch', { name: 'Featured on the dashboard' });
    expect((featured as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The post’s page')).toBeTruthy();
    expect(calls('PUT', `/api/posts/${id(10)}/featured`)).toHaveLength(0);

    // Again, switched off: the post is saved, taking it off fails and the page says so.
    await router.navigate('/');
    await userEvent.click(await screen.findByRole('switch', { name: 'Featured on the dashboard' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText(
        'The post is saved, but the dashboard’s featured posts were not changed: Post not found',
      ),
    ).toBeTruthy();
    expect(calls('PATCH', `/api/posts/${id(10)}`)).toHaveLength(2);
    expect(calls('PUT', `/api/posts/${id(10)}/featured`)).toHaveLength(1);
  });

  it('shows members no such switch', async () => {
    authStore.setState({
      ...initialAuthState,
      isInitialized: true,
      isAuthenticated: true,
      user: { ...testUser, role: 'user' },
    });
    const { calls } = mockFetch([
      { path: '/api/posts/by-slug/travelling-in-europe', respond: () => jsonResponse({ post: post() }) },
      {
        method: 'PATCH',
        path: `/api/posts/${id(10)}`,
        respond: () => jsonResponse({ post: post({ version: 4 }) }),
      },
    ]);
    renderEdit();
    expect(await screen.findByRole('switch', { name: 'Allow comments' })).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Featured on the dashboard' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The post’s page')).toBeTruthy();
    expect(calls('PATCH', `/api/posts/${id(10)}`)).toHaveLength(1);
  });
});
