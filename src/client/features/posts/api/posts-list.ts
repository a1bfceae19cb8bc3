import {
  POSTS_PAGE_SIZE,
  postSorts,
  postTabs,
  type PostSort,
  type PostTab,
} from '#shared/contract/posts-limits.ts';
import type { PostPage } from '#shared/contract/posts.ts';
import { SEARCH_MAX } from '#shared/contract/user-enums.ts';

import { listResource, type ListParamsOf } from '../../../lib/resource.ts';
import { postsKeys } from './posts-keys.ts';

/**
 * GET /api/posts: one page of the posts the caller may see, with the counts of the tabs. The posts page's
 * state in the address: `?tab=draft&sort=popular&search=travel&page=2` (the tab and the sort are list
 * filters; defaults, `all` and `latest`, are left out), and `featured=true` for the featured posts only
 * (the administrators' filter), `author=<user id>` for one person's posts (the overview's top authors lead
 * there; a profile's recent posts add it to their own request). The tab is sent as `publish`.
 */
export const postsList = listResource<PostPage>()({
  key: postsKeys.lists(),
  path: '/posts',
  config: {
    pageSizes: [12, POSTS_PAGE_SIZE],
    defaultPageSize: 12,
    filters: {
      tab: postTabs.filter((tab) => tab !== 'all'),
      sort: postSorts.filter((sort) => sort !== 'latest'),
      featured: ['true'],
      author: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    },
    searchMax: SEARCH_MAX,
  },
  filters: (filters) => ({
    tab: (filters.tab as PostTab | undefined) ?? ('all' as PostTab),
    sort: (filters.sort as PostSort | undefined) ?? ('latest' as PostSort),
    author: filters.author?.toLowerCase() as string | undefined,
    featured: filters.featured === 'true',
  }),
  query: ({ tab, sort, author, featured }) => ({
    publish: tab,
    sort,
    author,
    featured: featured ? 'true' : undefined,
  }),
});

/** A list's request: the API's 1-based page, size, search, tab, sort and (a profile's) author. */
export type PostsListParams = ListParamsOf<typeof postsList>;

export const usePosts = postsList.useList;
/** Route loader of /dashboard/blog/posts (`app/router.tsx`). */
export const postsListLoader = postsList.loader;
