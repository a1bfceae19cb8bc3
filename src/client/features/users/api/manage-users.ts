import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';

import type {
  BulkDeleteInput,
  bulkDeleteResponse,
  CreateUserInput,
  UpdateUserInput,
  UserResponse,
} from '#shared/contract/users.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { usersKeys } from './users-keys.ts';

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
