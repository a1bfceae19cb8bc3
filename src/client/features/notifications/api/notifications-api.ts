import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import type { Notification, NotificationPage } from '#shared/contract/notifications.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { useRealtimeEvent } from '../../../lib/realtime/use-realtime.ts';

export type NotificationFilter = 'all' | 'unread';

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationsKeys = {
  all: ['notifications'] as const,
  list: (filter: NotificationFilter) => ['notifications', { filter }] as const,
};

export function getNotifications(
  filter: NotificationFilter,
  signal?: AbortSignal,
): Promise<NotificationPage> {
  return apiClient.get<NotificationPage>('/notifications', {
    query: { filter, page: 1, pageSize: NOTIFICATIONS_PAGE_SIZE },
    signal,
  });
}

/** The newest notifications (and the unread count). Kept current by `useLiveNotifications`, not polling. */
export function useNotifications(filter: NotificationFilter, { enabled = true }: { enabled?: boolean } = {}) {
  const signedIn = useAuth((state) => state.isAuthenticated);
  return useQuery({
    queryKey: notificationsKeys.list(filter),
    queryFn: ({ signal }) => getNotifications(filter, signal),
    enabled: signedIn && enabled,
    staleTime: 15_000,
  });
}

/**
 * Pushed changes (a new notification, or some read in another tab) refetch the lists at once; so does a
 * reconnect of the real-time socket, which may have missed some.
 */
export function useLiveNotifications(): void {
  const queryClient = useQueryClient();
  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: notificationsKeys.all }),
    [queryClient],
  );
  useRealtimeEvent('notifications.changed', refetch, refetch);
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<{ unreadCount: number }>('/notifications/mark-all-read'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.all }),
  });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiClient.post<{ notification: Notification }>(`/notifications/${encodeURIComponent(id)}/read`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.all }),
  });
}
