import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

import type { FollowResponse, PublicUser } from '#shared/contract/users.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { usersKeys } from './users-keys.ts';

type FollowVariables = { id: string; follow: boolean };

export const followUser = ({ id, follow }: FollowVariables) =>
  apiClient[follow ? 'post' : 'delete']<FollowResponse>(`/users/${encodeURIComponent(id)}/follow`);

type Patch = Pick<PublicUser, 'isFollowing'> & Partial<Pick<PublicUser, 'followerCount'>>;
type Cached = { users?: PublicUser[]; user?: PublicUser } | undefined;

/** Writes the new follow state into every cached page or profile that shows this user. */
function patchCachedUser(queryClient: QueryClient, id: string, patch: (user: PublicUser) => Patch): void {
  const apply = (user: PublicUser) => (user.id === id ? { ...user, ...patch(user) } : user);
  queryClient.setQueriesData<Cached>({ queryKey: usersKeys.all }, (data) => {
    if (!data || typeof data !== 'object') return data;
    if (Array.isArray(data.users)) return { ...data, users: data.users.map(apply) };
    if (data.user && 'isFollowing' in data.user) return { ...data, user: apply(data.user) };
    return data;
  });
}

/**
 * POST/DELETE /api/users/:id/follow. The button changes at once (optimistic); the server's follower count
 * replaces the guess, a failure puts the old state back, and the lists that depend on it refetch.
 */
export function useFollowUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: followUser,
    onMutate: async ({ id, follow }) => {
      await queryClient.cancelQueries({ queryKey: usersKeys.all });
      patchCachedUser(queryClient, id, (user) => ({
        isFollowing: follow,
        followerCount: Math.max(0, user.followerCount + (follow === user.isFollowing ? 0 : follow ? 1 : -1)),
      }));
    },
    onSuccess: (result, { id }) => {
      patchCachedUser(queryClient, id, () => result);
    },
    onError: (_error, { id, follow }) => {
      patchCachedUser(queryClient, id, (user) => ({
        isFollowing: !follow,
        followerCount: Math.max(0, user.followerCount + (follow ? -1 : 1)),
      }));
    },
    onSettled: () => {
      // My own following count and "Friends" list change too; cards and lists stay as patched.
      void queryClient.invalidateQueries({ queryKey: ['users', 'profile'] });
      void queryClient.invalidateQueries({ queryKey: ['users', 'following'] });
      void queryClient.invalidateQueries({ queryKey: ['users', 'followers'] });
    },
  });
}
