import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type {
  CreateInvitationInput,
  Invitation,
  InvitationList,
  UpdateWorkspaceSettingsInput,
  WorkspaceSettings,
} from '#shared/contract/workspace.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { workspaceKeys } from './workspace-keys.ts';

/** `PUT /api/workspace/settings`: the changed fields and the version the form was filled from. */
export function useSaveWorkspaceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateWorkspaceSettingsInput) =>
      apiClient.put<WorkspaceSettings>('/workspace/settings', input),
    onSuccess: (saved) => queryClient.setQueryData(workspaceKeys.settings(), saved),
  });
}

/** `GET /api/workspace/invitations`: newest first (an administrator sees everyone's). */
export function useInvitations() {
  return useQuery({
    queryKey: workspaceKeys.invitations(),
    queryFn: ({ signal }) => apiClient.get<InvitationList>('/workspace/invitations', { signal }),
  });
}

/** `POST /api/workspace/invitations`: mails a registration link; the new invitation leads the list at once. */
export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInvitationInput) =>
      apiClient.post<{ invitation: Invitation }>('/workspace/invitations', input),
    onSuccess: ({ invitation }) =>
      queryClient.setQueryData<InvitationList>(workspaceKeys.invitations(), (list) =>
        list
          ? { invitations: [invitation, ...list.invitations.filter((i) => i.id !== invitation.id)] }
          : list,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.invitations() }),
  });
}

/** `DELETE /api/workspace/invitations/:id`: the link stops working (409 when it was already used). */
export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<null>(`/workspace/invitations/${id}`),
    onSuccess: (_, id) =>
      queryClient.setQueryData<InvitationList>(workspaceKeys.invitations(), (list) =>
        list
          ? {
              invitations: list.invitations.map((i) =>
                i.id === id ? { ...i, status: 'revoked' as const } : i,
              ),
            }
          : list,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.invitations() }),
  });
}
