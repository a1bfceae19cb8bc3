import { queryOptions, useQuery } from '@tanstack/react-query';

import type { InvitationPreview, SignupPolicy } from '#shared/contract/workspace.ts';

import { apiClient } from '../../../lib/api-client.ts';

/** Who may register (issue 24 A, ADR 034): the workspace's sign-up policy and an invitation link's facts. */
export const signupPolicyQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'signup-policy'],
    queryFn: ({ signal }) => apiClient.get<SignupPolicy>('/workspace/signup', { auth: false, signal }),
    staleTime: 60_000,
  });

export const useSignupPolicy = () => useQuery(signupPolicyQueryOptions());

export const useInvitationPreview = (token: string | null) =>
  useQuery({
    queryKey: ['account', 'invitation', token],
    queryFn: ({ signal }) =>
      apiClient.get<InvitationPreview>('/workspace/invitations/preview', {
        auth: false,
        signal,
        query: { token },
      }),
    enabled: token !== null,
    retry: false,
  });
