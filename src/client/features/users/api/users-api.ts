import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';

import type { messageResponse, MyAccountResponse } from '#shared/contract/account.ts';
import type { StorageUsage } from '#shared/contract/files.ts';
import type {
  BulkDeleteInput,
  bulkDeleteResponse,
  ChangePasswordInput,
  CreateUserInput,
  FollowResponse,
  GalleryResponse,
  imageResponse,
  ProfileResponse,
  PublicUser,
  PublicUserPage,
  SessionsResponse,
  UpdateMyAccountInput,
  UpdateUserInput,
  UserResponse,
} from '#shared/contract/users.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { useAuthActions } from '../../../lib/auth/use-auth.ts';
import { usersKeys } from './users-keys.ts';

/**
 * The users area's requests other than its lists (those are in users-list.ts): a user as admins manage
 * them, a profile with its followers and gallery, following, and one's own account and storage.
 */

export const getUser = (ref: string, signal?: AbortSignal) =>
  apiClient.get<UserResponse>(`/users/${encodeURIComponent(ref)}`, { signal });

export const userQueryOptions = (ref: string) =>
  queryOptions({
    queryKey: usersKeys.detail(ref),
    queryFn: ({ signal }) => getUser(ref, signal),
    // A 404 (unknown name) is an answer, not a hiccup: do not retry it.
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });

/** GET /api/users/:idOrSlug (admin): the full user for the edit page. */
export function useUser(ref: string) {
  return useQuery(userQueryOptions(ref));
}

type BulkDeleteResponse = z.infer<typeof bulkDeleteResponse>;

/** The admin's writes: create, edit, delete, bulk delete, set a user's avatar. */
export const manageUsersApi = {
  create: (input: CreateUserInput) => apiClient.post<UserResponse>('/users', input),
  update: (ref: string, input: UpdateUserInput) =>
    apiClient.patch<UserResponse>(`/users/${encodeURIComponent(ref)}`, input),
  remove: (ref: string) => apiClient.delete<null>(`/users/${encodeURIComponent(ref)}`),
  bulkDelete: (input: BulkDeleteInput) => apiClient.post<BulkDeleteResponse>('/users/bulk-delete', input),
  uploadAvatar: (ref: string, file: Blob) =>
    apiClient.upload<UserResponse>(`/users/${encodeURIComponent(ref)}/avatar`, file),
};

/** Every write changes the lists, the tab counts and maybe a profile: refetch what the domain cached. */
function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: usersKeys.all });
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: manageUsersApi.create, onSuccess: invalidate });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ ref, input }: { ref: string; input: UpdateUserInput }) =>
      manageUsersApi.update(ref, input),
    onSuccess: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: manageUsersApi.remove, onSuccess: invalidate });
}

export function useBulkDeleteUsers() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: manageUsersApi.bulkDelete, onSuccess: invalidate });
}

export function useUploadUserAvatar() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ ref, file }: { ref: string; file: Blob }) => manageUsersApi.uploadAvatar(ref, file),
    onSuccess: invalidate,
  });
}

const userPath = (id: string) => `/users/${encodeURIComponent(id)}`;

export const profileQueryOptions = (id: string) =>
  queryOptions({
    queryKey: usersKeys.profile(id),
    queryFn: ({ signal }) => apiClient.get<ProfileResponse>(`${userPath(id)}/profile`, { signal }),
  });

/** GET /api/users/:id/profile: public fields, follower/following counts (waits for an id). */
export function useProfile(id: string | undefined) {
  return useQuery({ ...profileQueryOptions(id ?? ''), enabled: Boolean(id) });
}

export const followsQueryOptions = (
  id: string,
  direction: 'followers' | 'following',
  page: number,
  pageSize: number,
) =>
  queryOptions({
    queryKey: [...usersKeys.follows(id, direction), { page, pageSize }],
    queryFn: ({ signal }) =>
      apiClient.get<PublicUserPage>(`${userPath(id)}/${direction}`, { signal, query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });

/** GET /api/users/:id/followers or /following, one page. */
export function useFollows(id: string, direction: 'followers' | 'following', page: number, pageSize: number) {
  return useQuery(followsQueryOptions(id, direction, page, pageSize));
}

export const galleryQueryOptions = (id: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...usersKeys.gallery(id), { page, pageSize }],
    queryFn: ({ signal }) =>
      apiClient.get<GalleryResponse>(`${userPath(id)}/gallery`, { signal, query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });

/** GET /api/users/:id/gallery: the user's uploaded pictures, newest first. */
export function useGallery(id: string, page: number, pageSize: number) {
  return useQuery(galleryQueryOptions(id, page, pageSize));
}

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

type MessageResponse = z.infer<typeof messageResponse>;
type ImageResponse = z.infer<typeof imageResponse>;

/** Self-service calls under /api/account: my profile, password, sessions and pictures. */
export const myAccountApi = {
  update: (input: UpdateMyAccountInput) => apiClient.patch<MyAccountResponse>('/account/my-account', input),
  changePassword: (input: ChangePasswordInput) =>
    apiClient.post<MessageResponse>('/account/change-password', input),
  resendVerification: () => apiClient.post<MessageResponse>('/account/resend-verification'),
  sessions: (signal?: AbortSignal) => apiClient.get<SessionsResponse>('/account/sessions', { signal }),
  revokeSession: (id: string) => apiClient.delete<null>(`/account/sessions/${encodeURIComponent(id)}`),
  uploadPicture: (kind: 'avatar' | 'cover', file: Blob) =>
    apiClient.upload<MyAccountResponse>(`/account/${kind}`, file),
  uploadPhoto: (file: Blob) => apiClient.upload<ImageResponse>('/account/gallery', file),
  deletePhoto: (imageId: string) => apiClient.delete<null>(`/account/gallery/${encodeURIComponent(imageId)}`),
};

/**
 * After a change to my account: the auth store gets the new user (the header shows the new name and
 * avatar) and the cached profile pages refetch.
 */
function useAccountChanged() {
  const queryClient = useQueryClient();
  const { setUser } = useAuthActions();
  return ({ user }: MyAccountResponse) => {
    setUser(user);
    void queryClient.invalidateQueries({ queryKey: usersKeys.all });
  };
}

export function useUpdateMyAccount() {
  const changed = useAccountChanged();
  return useMutation({ mutationFn: myAccountApi.update, onSuccess: changed });
}

export function useUploadMyPicture() {
  const changed = useAccountChanged();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: 'avatar' | 'cover'; file: Blob }) =>
      myAccountApi.uploadPicture(kind, file),
    onSuccess: changed,
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: myAccountApi.changePassword,
    // The server ends every other session.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.sessions() }),
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: myAccountApi.resendVerification });
}

/** GET /api/account/sessions: where I am signed in. */
export function useMySessions() {
  return useQuery({ queryKey: usersKeys.sessions(), queryFn: ({ signal }) => myAccountApi.sessions(signal) });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: myAccountApi.revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKeys.sessions() }),
  });
}

export function useUploadPhoto(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: myAccountApi.uploadPhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.gallery(userId) }),
  });
}

export function useDeletePhoto(userId: string) {
  const queryClient = useQueryClient();
  const { refreshUser } = useAuthActions();
  return useMutation({
    mutationFn: myAccountApi.deletePhoto,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: usersKeys.gallery(userId) });
      // A deleted picture stops being my avatar or cover.
      await refreshUser().catch(() => undefined);
    },
  });
}

/** `GET /api/files/usage`: what my stored files take against my storage quota (issue 24 C). */
export const getMyStorage = (signal?: AbortSignal) =>
  apiClient.get<{ usage: StorageUsage }>('/files/usage', { signal }).then((answer) => answer.usage);

export function useMyStorage() {
  return useQuery({ queryKey: usersKeys.storage(), queryFn: ({ signal }) => getMyStorage(signal) });
}
