import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';

import type { StoredFile } from '#shared/contract/files.ts';
import { COMMENTS_PAGE_SIZE } from '#shared/contract/posts-limits.ts';
import type {
  CommentPage,
  CommentResponse,
  CreateCommentInput,
  CreatePostInput,
  Post,
  PostLikeResponse,
  PostPage,
  PostResponse,
  PostSuggestion,
  PostViewResponse,
  SetPostFeaturedInput,
  UpdatePostInput,
} from '#shared/contract/posts.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { useRealtimeEvent } from '../../../lib/realtime/use-realtime.ts';
import { postsKeys } from './posts-keys.ts';

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
function storePost(queryClient: QueryClient, post: Post, ...slugs: string[]): void {
  for (const slug of new Set([post.slug, ...slugs])) {
    queryClient.setQueryData<PostResponse>(postsKeys.bySlug(slug), { post });
  }
}

/** `storePost` for a view: `useStorePost()(post, ...formerSlugs)`. */
export function useStorePost() {
  const queryClient = useQueryClient();
  return useCallback(
    (post: Post, ...slugs: string[]) => storePost(queryClient, post, ...slugs),
    [queryClient],
  );
}

/** Changes the fields of a post held under any slug key (likes, counts) without a refetch. */
function patchPost(queryClient: QueryClient, postId: string, patch: Partial<Post>): void {
  queryClient.setQueriesData<PostResponse>({ queryKey: ['posts', 'slug'] }, (data) =>
    data && data.post.id === postId ? { post: { ...data.post, ...patch } } : data,
  );
}

/** Counts a reader's visit (once per reader and day on the server); the figure shows on the page. */
async function countView(queryClient: QueryClient, postId: string): Promise<void> {
  const { totalViews } = await apiClient.post<PostViewResponse>(`/posts/${postId}/views`);
  patchPost(queryClient, postId, { totalViews });
}

/** One view per opening of a post's page (the server counts one per reader and day); failures are quiet. */
export function useCountView(postId: string) {
  const queryClient = useQueryClient();
  const viewed = useRef<string | null>(null);
  useEffect(() => {
    if (viewed.current === postId) return;
    viewed.current = postId;
    countView(queryClient, postId).catch(() => {});
  }, [postId, queryClient]);
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

/**
 * Writes a new post (`POST /api/posts`; a draft until published): answers the saved post, which is put in
 * the cache under its URL name; the lists refetch.
 */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePostInput) =>
      apiClient.post<PostResponse>('/posts', input).then((answer) => answer.post),
    onSuccess: (post) => {
      storePost(queryClient, post);
      void queryClient.invalidateQueries({ queryKey: postsKeys.lists() });
    },
  });
}

/**
 * Saves a post on top of the version it was read at (`PATCH /api/posts/:id`): answers the saved post, put
 * in the cache under its URL name and the `slugs` the page knew it by; the lists refetch. Fails with a 409
 * STALE whose `current` (`staleRecord`) is the version someone else saved first.
 */
export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdatePostInput; slugs: readonly string[] }) =>
      apiClient.patch<PostResponse>(`/posts/${id}`, input).then((answer) => answer.post),
    onSuccess: (post, { slugs }) => {
      storePost(queryClient, post, ...slugs);
      void queryClient.invalidateQueries({ queryKey: postsKeys.lists() });
    },
  });
}

/** Uploads a cover image (`POST /api/posts/cover`; the files block checks and re-encodes it). */
export function useUploadCover() {
  return useMutation({
    mutationFn: (file: File) =>
      apiClient.upload<{ file: StoredFile }>('/posts/cover', file).then((answer) => answer.file),
  });
}

/** Sets whether a post is featured wherever it is held: its page and the lists' cards. */
function patchFeatured(queryClient: QueryClient, postId: string, featured: boolean): void {
  patchPost(queryClient, postId, { featured });
  queryClient.setQueriesData<PostPage>({ queryKey: postsKeys.lists() }, (page) =>
    page?.posts.some((post) => post.id === postId)
      ? { ...page, posts: page.posts.map((post) => (post.id === postId ? { ...post, featured } : post)) }
      : page,
  );
}

/**
 * Features a post on the overview's "Featured" carousel or takes it off (administrators,
 * `PUT /api/posts/:id/featured`, ADR 043). Optimistic: the post's page and the cards show the new state at
 * once, and the old one again if the server refuses; the lists refetch either way (a filter of featured
 * posts loses or gains it). The flag moves no version, so an edit open on the post stays valid.
 */
export function useSetFeatured() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, featured }: { id: string } & SetPostFeaturedInput) =>
      apiClient
        .put<PostResponse>(`/posts/${id}/featured`, { featured } satisfies SetPostFeaturedInput)
        .then((answer) => answer.post),
    onMutate: async ({ id, featured }) => {
      // A list refetch in flight would answer with the state before.
      await queryClient.cancelQueries({ queryKey: postsKeys.lists() });
      patchFeatured(queryClient, id, featured);
    },
    // Back to the state before: what is asked is always the other state (the star, the form when changed).
    onError: (_error, { id, featured }) => patchFeatured(queryClient, id, !featured),
    onSuccess: (post) => patchFeatured(queryClient, post.id, post.featured),
    onSettled: () => queryClient.invalidateQueries({ queryKey: postsKeys.lists() }),
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
