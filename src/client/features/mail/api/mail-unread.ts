import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { apiClient } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { useRealtimeEvent } from '../../../lib/realtime/use-realtime.ts';

/** `GET /api/mail/labels`, typed here without loading zod in the shell. */
interface LabelCounts {
  labels: Array<{ id: string; unreadCount: number }>;
}

export const mailUnreadKey = ['mail', 'labels'] as const;

/**
 * Unread mails in the signed-in user's inbox, for the Mail nav badge on every dashboard page: the label
 * list (which the mail page shows too), refetched when mail arrives, changes in another tab, or the socket
 * reconnects. Small on purpose: it loads with the shell, the mail area does not.
 */
export function useMailUnread(): number {
  const signedIn = useAuth((state) => Boolean(state.user));
  const queryClient = useQueryClient();
  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: mailUnreadKey }),
    [queryClient],
  );
  useRealtimeEvent('mail.new', refetch, refetch);
  useRealtimeEvent('mail.changed', refetch);
  const query = useQuery({
    queryKey: mailUnreadKey,
    queryFn: ({ signal }) => apiClient.get<LabelCounts>('/mail/labels', { signal }),
    enabled: signedIn,
    staleTime: 60_000,
  });
  return query.data?.labels.find((label) => label.id === 'inbox')?.unreadCount ?? 0;
}
