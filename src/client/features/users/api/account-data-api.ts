import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';

import type { messageResponse } from '#shared/contract/account.ts';
import type {
  AccountExportResponse,
  AccountExportsResponse,
  DeleteMyAccountInput,
} from '#shared/contract/users.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { useAuthActions } from '../../../lib/auth/use-auth.ts';
import { usersKeys } from './users-keys.ts';

/**
 * My data, portable (issue 32 C, ADR 058): the export of everything that is mine, and deleting my account.
 * Only the account page's Privacy tab loads this (not the users list).
 */
export const accountDataApi = {
  deleteAccount: (input: DeleteMyAccountInput) =>
    apiClient.post<z.infer<typeof messageResponse>>('/account/my-account/delete', input),
  exports: (signal?: AbortSignal) => apiClient.get<AccountExportsResponse>('/account/exports', { signal }),
  startExport: () => apiClient.post<AccountExportResponse>('/account/exports'),
  downloadExport: (id: string) =>
    apiClient.get<Blob>(`/account/exports/${encodeURIComponent(id)}/download`, { responseType: 'blob' }),
};

/**
 * Deletes my account; once the server has, this device signs out (the server has already ended every
 * session).
 */
export function useDeleteMyAccount() {
  const { logout } = useAuthActions();
  return useMutation({ mutationFn: accountDataApi.deleteAccount, onSuccess: () => logout() });
}

/** My data exports; asked again every 2 s while one is being prepared (it takes seconds). */
export function useMyExports() {
  return useQuery({
    queryKey: usersKeys.exports(),
    queryFn: ({ signal }) => accountDataApi.exports(signal),
    refetchInterval: (query) =>
      query.state.data?.exports.some((e) => e.status === 'preparing') ? 2000 : false,
  });
}

export function useStartExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accountDataApi.startExport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.exports() }),
  });
}
