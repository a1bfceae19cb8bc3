import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { useCallback } from 'react';

import { MAIL_SUGGEST_MIN } from '#shared/contract/mail-limits.ts';
import type { StoredFile } from '#shared/contract/files.ts';
import type {
  DraftInput,
  Mail,
  MailAction,
  MailAddress,
  MailLabel,
  MailSummary,
  SendMailInput,
} from '#shared/contract/mail.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { useRealtimeEvent } from '../../../lib/realtime/use-realtime.ts';
import { mailUnreadKey } from './mail-unread.ts';

export type MailsPage = { mails: MailSummary[]; nextCursor: string | null };

/** What a list shows: a system label (`inbox`…) or a custom label's id, and a search. */
export type MailListKey = { label: string; search: string };

export const mailKeys = {
  all: ['mail'] as const,
  labels: mailUnreadKey,
  lists: ['mail', 'list'] as const,
  list: (key: MailListKey) => ['mail', 'list', key.label, key.search] as const,
  mail: (id: string) => ['mail', 'mail', id] as const,
  contacts: (search: string) => ['mail', 'contacts', search] as const,
};

const SYSTEM = new Set(['all', 'inbox', 'sent', 'drafts', 'trash', 'spam', 'important', 'starred']);

export function isSystemLabel(label: string): boolean {
  return SYSTEM.has(label);
}

export function useMailLabels() {
  return useQuery({
    queryKey: mailKeys.labels,
    queryFn: ({ signal }) => apiClient.get<{ labels: MailLabel[] }>('/mail/labels', { signal }),
  });
}

/** The mails under a label, newest first, a page at a time (more as the reader scrolls). */
export function useMails(key: MailListKey) {
  return useInfiniteQuery({
    queryKey: mailKeys.list(key),
    queryFn: ({ signal, pageParam }) =>
      apiClient.get<MailsPage>('/mail/mails', {
        signal,
        query: {
          ...(isSystemLabel(key.label) ? { systemLabel: key.label } : { customLabel: key.label }),
          ...(key.search && { search: key.search }),
          ...(pageParam && { cursor: pageParam }),
        },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useMail(id: string | undefined) {
  return useQuery({
    queryKey: mailKeys.mail(id ?? ''),
    queryFn: ({ signal }) => apiClient.get<{ mail: Mail }>('/mail/mail', { signal, query: { mailId: id } }),
    enabled: Boolean(id),
    retry: false,
  });
}

/** Address suggestions, asked once MAIL_SUGGEST_MIN characters are typed (the server answers none before). */
export function useMailContacts(search: string) {
  return useQuery({
    queryKey: mailKeys.contacts(search),
    queryFn: ({ signal }) =>
      apiClient.get<{ contacts: MailAddress[] }>('/mail/contacts', { signal, query: { search } }),
    enabled: search.length >= MAIL_SUGGEST_MIN,
    staleTime: 60_000,
  });
}

/** After any change: counts, lists and open mails are refetched (the server is the truth). */
function useRefresh() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: mailKeys.all }), [queryClient]);
}

const patchSummaries = (
  data: InfiniteData<MailsPage> | undefined,
  ids: ReadonlySet<string>,
  patch: Partial<MailSummary>,
): InfiniteData<MailsPage> | undefined =>
  data && {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      mails: page.mails.map((mail) => (ids.has(mail.id) ? { ...mail, ...patch } : mail)),
    })),
  };

const flagPatch: Partial<Record<MailAction, Partial<MailSummary>>> = {
  read: { isUnread: false },
  unread: { isUnread: true },
  star: { isStarred: true },
  unstar: { isStarred: false },
  important: { isImportant: true },
  unimportant: { isImportant: false },
};

/** One action on some mails; flags change on screen at once, everything is refetched after. */
export function useUpdateMails() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ ids, action }: { ids: string[]; action: MailAction }) =>
      apiClient.post<{ updated: number }>('/mail/mails/update', { mailIds: ids, action }),
    onMutate: ({ ids, action }) => {
      const patch = flagPatch[action];
      if (!patch) return;
      const set = new Set(ids);
      queryClient.setQueriesData<InfiniteData<MailsPage>>({ queryKey: mailKeys.lists }, (data) =>
        patchSummaries(data, set, patch),
      );
      for (const id of ids) {
        queryClient.setQueryData<{ mail: Mail }>(mailKeys.mail(id), (data) =>
          data ? { mail: { ...data.mail, ...patch } } : data,
        );
      }
    },
    onSettled: refresh,
  });
}

export function useDeleteMails() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (ids: string[]) =>
      apiClient.post<{ updated: number }>('/mail/mails/delete', { mailIds: ids }),
    onSettled: refresh,
  });
}

export function useApplyLabels() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { ids: string[]; add?: string[]; remove?: string[] }) =>
      apiClient.post<null>('/mail/mails/labels', {
        mailIds: input.ids,
        add: input.add ?? [],
        remove: input.remove ?? [],
      }),
    onSettled: refresh,
  });
}

export function useCreateLabel() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { name: string; color: MailLabel['color'] }) =>
      apiClient.post<{ label: MailLabel }>('/mail/labels', input),
    onSettled: refresh,
  });
}

export function useDeleteLabel() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<null>(`/mail/labels/${id}`),
    onSettled: refresh,
  });
}

export function useSendMail() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: SendMailInput) => apiClient.post<{ mail: Mail }>('/mail/send', input),
    onSettled: refresh,
  });
}

/** Saves a draft: creates it the first time, replaces it after (the caller keeps the returned id). */
export function useSaveDraft() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, draft }: { id: string | null; draft: DraftInput }) =>
      id
        ? apiClient.put<{ mail: Mail }>(`/mail/drafts/${id}`, draft)
        : apiClient.post<{ mail: Mail }>('/mail/drafts', draft),
    onSettled: refresh,
  });
}

export function useDiscardDraft() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<null>(`/mail/drafts/${id}`),
    onSettled: refresh,
  });
}

/** New mail and changes made in other tabs arrive live; a reconnect refetches everything. */
export function useMailLive(onNewMail?: (mailId: string) => void) {
  const refresh = useRefresh();
  const resync = useCallback(() => void refresh(), [refresh]);
  useRealtimeEvent(
    'mail.new',
    (event) => {
      void refresh();
      onNewMail?.(event.mailId);
    },
    resync,
  );
  useRealtimeEvent('mail.changed', resync);
}

/**
 * Uploads one attachment at once (`POST /api/files?use=attachment`), reporting progress (0..1); the mail
 * sends its id. Aborting `signal` cancels the upload (the file removed from the compose window).
 */
export function uploadMailAttachment(
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
) {
  return apiClient.upload<{ file: StoredFile }>('/files', file, {
    query: { use: 'attachment' },
    onUploadProgress: onProgress,
    signal,
  });
}
