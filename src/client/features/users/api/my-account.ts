import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';

import type { messageResponse, MyAccountResponse } from '#shared/contract/account.ts';
import type {
  ChangePasswordInput,
  imageResponse,
  SessionsResponse,
  UpdateMyAccountInput,
} from '#shared/contract/users.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { useAuthActions } from '../../../lib/auth/use-auth.ts';
import { usersKeys } from './users-keys.ts';

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
