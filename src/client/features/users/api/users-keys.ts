/** Query keys of the users domain (STYLE.md §3: keys start with the domain). */
export const usersKeys = {
  all: ['users'] as const,
  lists: () => ['users', 'list'] as const,
  detail: (ref: string) => ['users', 'detail', ref] as const,
  cards: () => ['users', 'cards'] as const,
  profile: (id: string) => ['users', 'profile', id] as const,
  follows: (id: string, direction: 'followers' | 'following') => ['users', direction, id] as const,
  gallery: (id: string) => ['users', 'gallery', id] as const,
  sessions: () => ['users', 'my-sessions'] as const,
  storage: () => ['users', 'my-storage'] as const,
  exports: () => ['users', 'my-exports'] as const,
};
