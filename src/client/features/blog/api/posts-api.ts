import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';

import { COMMENTS_PAGE_SIZE } from '#shared/contract/posts-limits.ts';
import type {
  CommentPage,
  CommentResponse,
  CreateCommentInput,
  Post,
  PostLikeResponse,
  PostResponse,
  PostSuggestion,
  PostViewResponse,
} from '#shared/contract/posts.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { useRealtimeEvent } from '../../../lib/realtime/use-realtime.ts';
import { postsKeys } from './get-posts.ts';

export { postsKeys };

export function usePostSuggestions(q: string) {
  return useQuery({
    queryKey: postsKeys.suggestions(q),
    queryFn: ({ signal }) =>
      apiClient.get<{ results: PostSuggestion[] }>('/posts/search', { signal, query: { q } }),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** A post by its URL name, a former one, or its title (`GET /api/posts/by-slug/:slug`); 404 when unseen. */
export function usePost(slug: string) {
  return useQuery({
    queryKey: postsKeys.bySlug(slug),
    queryFn: ({ signal }) =>
      apiClient.get<PostResponse>(`/posts/by-slug/${encodeURIComponent(slug)}`, { signal }),
    select: (data) => data.post,
    retry: false,
  });
}

/** Puts a post's fresh answer (after a save, or a 409's `current`) under every key that shows it. */
export function storePost(queryClient: QueryClient, post: Post, ...slugs: string[]): void {
  for (const slug of new Set([post.slug, ...slugs])) {
    queryClient.setQueryData<PostResponse>(postsKeys.bySlug(slug), { post });
  }
}

/** Changes the fields of a post held under any slug key (likes, counts) without a refetch. */
function patchPost(queryClient: QueryClient, postId: string, patch: Partial<Post>): void {
  queryClient.setQueriesData<PostResponse>({ queryKey: ['posts', 'slug'] }, (data) =>
    data && data.post.id === postId ? { post: { ...data.post, ...patch } } : data,
  );
}

/** Counts a reader's visit (once per reader and day on the server); the figure shows on the page. */
export async function countView(queryClient: QueryClient, postId: string): Promise<void> {
  const { totalViews } = await apiClient.post<PostViewResponse>(`/posts/${postId}/views`);
  patchPost(queryClient, postId, { totalViews });
}

export function useLike(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (like: boolean) =>
      like
        ? apiClient.post<PostLikeResponse>(`/posts/${postId}/like`)
        : apiClient.delete<PostLikeResponse>(`/posts/${postId}/like`),
    onSuccess: (figures) => {
      patchPost(queryClient, postId, figures);
      void queryClient.invalidateQueries({ queryKey: postsKeys.lists() });
    },
  });
}

export function useComments(postId: string) {
  return useInfiniteQuery({
    queryKey: postsKeys.comments(postId),
    queryFn: ({ signal, pageParam }) =>
      apiClient.get<CommentPage>(`/posts/${postId}/comments`, {
        signal,
        query: { page: pageParam, pageSize: COMMENTS_PAGE_SIZE },
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasNextPage ? last.page + 1 : undefined),
  });
}

function useCommentsChanged(postId: string) {
  const queryClient = useQueryClient();
  return (totalComments: number) => {
    patchPost(queryClient, postId, { totalComments });
    void queryClient.invalidateQueries({ queryKey: postsKeys.comments(postId) });
    void queryClient.invalidateQueries({ queryKey: postsKeys.lists() });
  };
}

/** A comment, or with `parentId` a reply (to a comment or a reply: either joins that thread). */
export function useAddComment(postId: string) {
  const changed = useCommentsChanged(postId);
  return useMutation({
    mutationFn: (input: CreateCommentInput) =>
      apiClient.post<CommentResponse>(`/posts/${postId}/comments`, input),
    onSuccess: (answer) => changed(answer.totalComments),
  });
}

export function useDeleteComment(postId: string) {
  const changed = useCommentsChanged(postId);
  return useMutation({
    mutationFn: (commentId: string) =>
      apiClient.delete<{ totalComments: number }>(`/posts/${postId}/comments/${commentId}`),
    onSuccess: (answer) => changed(answer.totalComments),
  });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => apiClient.delete<null>(`/posts/${postId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsKeys.lists() }),
  });
}

/**
 * Another person's like, comment or edit arrives without a reload (`posts.changed`): the post's page
 * refetches it and its comments, lists refetch; after a reconnect everything of the area refetches.
 */
export function useLivePosts(postId?: string) {
  const queryClient = useQueryClient();
  const resync = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: postsKeys.all }),
    [queryClient],
  );
  useRealtimeEvent(
    'posts.changed',
    (event) => {
      void queryClient.invalidateQueries({ queryKey: postsKeys.lists() });
      if (postId && event.postId === postId) {
        void queryClient.invalidateQueries({ queryKey: ['posts', 'slug'] });
        void queryClient.invalidateQueries({ queryKey: postsKeys.comments(postId) });
      }
    },
    resync,
  );
}
