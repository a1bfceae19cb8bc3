import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import type { PresenceStatus } from '#shared/contract/realtime.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { useRealtimeEvent } from '../../../lib/realtime/use-realtime.ts';

/** `GET /api/presence/me` (the contract's myPresenceResponse, without loading zod here). */
export interface MyPresence {
  choice: PresenceStatus;
  presence: { userId: string; status: PresenceStatus; lastActivity: string | null };
}

export const presenceKeys = {
  all: ['presence'] as const,
  me: ['presence', 'me'] as const,
};

/** My chosen status and how others see me; kept current by my own `presence.changed` events. */
export function useMyPresence({ enabled = true }: { enabled?: boolean } = {}) {
  const userId = useAuth((state) => state.user?.id);
  const queryClient = useQueryClient();
  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: presenceKeys.me }),
    [queryClient],
  );
  useRealtimeEvent(
    'presence.changed',
    useCallback((event) => event.userId === userId && refetch(), [userId, refetch]),
    refetch,
  );
  return useQuery({
    queryKey: presenceKeys.me,
    queryFn: ({ signal }) => apiClient.get<MyPresence>('/presence/me', { signal }),
    enabled: Boolean(userId) && enabled,
    staleTime: 60_000,
  });
}

export function useChoosePresence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: PresenceStatus) => apiClient.put<MyPresence>('/presence/me', { status }),
    onSuccess: (answer) => queryClient.setQueryData(presenceKeys.me, answer),
  });
}
