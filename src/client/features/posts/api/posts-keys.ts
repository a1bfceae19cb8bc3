/** The blog's query keys: every key starts with `posts`, so one invalidation refreshes the area. */
export const postsKeys = {
  all: ['posts'] as const,
  /** Every list of posts (the posts page, a profile's recent posts): `postsList`'s keys start with it. */
  lists: () => ['posts', 'list'] as const,
  suggestions: (q: string) => ['posts', 'suggestions', q] as const,
  bySlug: (slug: string) => ['posts', 'slug', slug] as const,
  comments: (postId: string) => ['posts', 'comments', postId] as const,
};
