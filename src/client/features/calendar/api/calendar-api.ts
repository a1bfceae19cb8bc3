import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import type { CalendarEvent, NewEventInput, UpdateEventInput } from '#shared/contract/calendar.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { useRealtimeEvent } from '../../../lib/realtime/use-realtime.ts';

/** The range a view shows (ISO instants, end exclusive), as FullCalendar reports it. */
export type EventRange = { start: string; end: string };

export const calendarKeys = {
  all: ['calendar'] as const,
  events: ['calendar', 'events'] as const,
  range: (range: EventRange) => ['calendar', 'events', range.start, range.end] as const,
  feed: ['calendar', 'feed'] as const,
};

/** The events overlapping the visible range; the previous range's stay shown while the next loads. */
export function useEvents(range: EventRange | null) {
  return useQuery({
    queryKey: calendarKeys.range(range ?? { start: '', end: '' }),
    queryFn: ({ signal }) =>
      apiClient.get<{ events: CalendarEvent[] }>('/calendar/events', {
        signal,
        query: { start: range?.start, end: range?.end },
      }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

/** Every cached range refetches after a change (an event can sit in several views at once). */
function useInvalidateEvents() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: calendarKeys.events }), [queryClient]);
}

export function useCreateEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: (event: NewEventInput) =>
      apiClient.post<{ event: CalendarEvent }>('/calendar/events/new', event),
    onSettled: invalidate,
  });
}

export function useUpdateEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: (input: UpdateEventInput) =>
      apiClient.post<{ event: CalendarEvent }>('/calendar/events/update', input),
    onSettled: invalidate,
  });
}

export function useDeleteEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: (eventId: string) => apiClient.post<null>('/calendar/events/delete', { eventId }),
    onSettled: invalidate,
  });
}

/** An attendee's answer. */
export function useRespondEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: (input: { eventId: string; response: 'accepted' | 'declined' }) =>
      apiClient.post<{ event: CalendarEvent }>('/calendar/events/respond', input),
    onSettled: invalidate,
  });
}

/** Someone (this person elsewhere, or an organiser) changed an event the caller sees: refetch. */
export function useCalendarLive() {
  const invalidate = useInvalidateEvents();
  const refetch = () => void invalidate();
  useRealtimeEvent('calendar.changed', refetch, refetch);
}

/** The event as an iCalendar file (the download needs the session's token, so it goes through the client). */
export function fetchEventIcs(eventId: string): Promise<string> {
  return apiClient.get<string>(`/calendar/events/${eventId}/ics`, { responseType: 'text' });
}

type Feed = { active: boolean; url: string | null };

export function useFeed(enabled: boolean) {
  return useQuery({
    queryKey: calendarKeys.feed,
    queryFn: ({ signal }) => apiClient.get<Feed>('/calendar/feed', { signal }),
    enabled,
  });
}

export function useFeedActions() {
  const queryClient = useQueryClient();
  const store = (feed: Feed) => queryClient.setQueryData(calendarKeys.feed, feed);
  const create = useMutation({
    mutationFn: () => apiClient.post<Feed>('/calendar/feed'),
    onSuccess: store,
  });
  const revoke = useMutation({
    mutationFn: () => apiClient.delete<null>('/calendar/feed'),
    onSuccess: () => store({ active: false, url: null }),
  });
  return { create, revoke };
}
