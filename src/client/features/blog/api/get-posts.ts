import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import {
  POSTS_PAGE_SIZE,
  postSorts,
  postTabs,
  type PostSort,
  type PostTab,
} from '#shared/contract/posts-limits.ts';
import type { PostPage } from '#shared/contract/posts.ts';
import { SEARCH_MAX } from '#shared/contract/user-enums.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { authReady, authStore } from '../../../lib/auth/auth-store.ts';
import { parseListState, type ListState, type ListStateConfig } from '../../../lib/list-state.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** The blog's query keys: every key starts with `posts`, so one invalidation refreshes the area. */
export const postsKeys = {
  all: ['posts'] as const,
  lists: () => ['posts', 'list'] as const,
  list: (params: PostsListParams) => ['posts', 'list', params] as const,
  suggestions: (q: string) => ['posts', 'suggestions', q] as const,
  bySlug: (slug: string) => ['posts', 'slug', slug] as const,
  comments: (postId: string) => ['posts', 'comments', postId] as const,
};

/** What a list of posts asks the server (`GET /api/posts`). */
export type PostsListParams = {
  tab: PostTab;
  sort: PostSort;
  search: string;
  /** 1-based. */
  page: number;
  pageSize: number;
  /** One person's posts (a profile). */
  author?: string | undefined;
};

export function getPosts(params: PostsListParams, signal?: AbortSignal): Promise<PostPage> {
  return apiClient.get<PostPage>('/posts', {
    signal,
    query: {
      page: params.page,
      pageSize: params.pageSize,
      sort: params.sort,
      publish: params.tab,
      search: params.search.trim() || undefined,
      author: params.author,
    },
  });
}

export const postsQueryOptions = (params: PostsListParams) =>
  queryOptions({
    queryKey: postsKeys.list(params),
    queryFn: ({ signal }) => getPosts(params, signal),
    placeholderData: keepPreviousData,
  });

export function usePosts(params: PostsListParams, enabled = true) {
  return useQuery({ ...postsQueryOptions(params), enabled });
}

/**
 * The posts page's state in the address: `?tab=draft&sort=popular&search=travel&page=2` (the tab and the
 * sort are list filters; defaults, `all` and `latest`, are left out).
 */
export const postsListConfig: ListStateConfig<never, 'tab' | 'sort'> = {
  pageSizes: [12, POSTS_PAGE_SIZE],
  defaultPageSize: 12,
  filters: {
    tab: postTabs.filter((tab) => tab !== 'all'),
    sort: postSorts.filter((sort) => sort !== 'latest'),
  },
  searchMax: SEARCH_MAX,
};

export type PostsListState = ListState<never, 'tab' | 'sort'>;

/** The request a list state makes (the loader and the view build it alike: one cache entry). */
export function postsParamsOf(state: PostsListState): PostsListParams {
  return {
    tab: (state.filters.tab as PostTab | undefined) ?? 'all',
    sort: (state.filters.sort as PostSort | undefined) ?? 'latest',
    search: state.search,
    page: state.page + 1,
    pageSize: state.pageSize,
  };
}

/** Route loader of /dashboard/blog/posts: the page's request starts with the navigation, beside its code. */
export async function postsListLoader({ request }: { request: Request }): Promise<null> {
  await authReady();
  if (authStore.getState().isAuthenticated) {
    const state = parseListState(new URL(request.url).searchParams, postsListConfig);
    void queryClient.prefetchQuery(postsQueryOptions(postsParamsOf(state)));
  }
  return null;
}
