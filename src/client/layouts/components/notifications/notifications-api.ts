import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { Notification, NotificationPage } from '#shared/contract/notifications.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';

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

/** The newest notifications (and the unread count), refreshed every minute while signed in. */
export function useNotifications(filter: NotificationFilter, { enabled = true }: { enabled?: boolean } = {}) {
  const signedIn = useAuth((state) => state.isAuthenticated);
  return useQuery({
    queryKey: notificationsKeys.list(filter),
    queryFn: ({ signal }) => getNotifications(filter, signal),
    enabled: signedIn && enabled,
    refetchInterval: 60_000,
    staleTime: 15_000,
  });
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
