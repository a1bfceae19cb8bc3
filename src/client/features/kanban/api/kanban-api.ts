import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import type { StoredFile } from '#shared/contract/files.ts';
import type {
  BoardMember,
  BoardSummary,
  KanbanBoard,
  KanbanCard,
  KanbanCardDetail,
  KanbanColumn,
  KanbanComment,
  MoveCardInput,
  NewCardInput,
  UpdateCardInput,
} from '#shared/contract/kanban.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { useRealtimeEvent } from '../../../lib/realtime/use-realtime.ts';

export const kanbanKeys = {
  all: ['kanban'] as const,
  boards: ['kanban', 'boards'] as const,
  boardRoot: ['kanban', 'board'] as const,
  /** `''`: the last used board (the server's choice). */
  board: (boardId: string) => ['kanban', 'board', boardId] as const,
  card: (cardId: string) => ['kanban', 'card', cardId] as const,
};

export function useBoards() {
  return useQuery({
    queryKey: kanbanKeys.boards,
    queryFn: ({ signal }) => apiClient.get<{ boards: BoardSummary[] }>('/kanban/boards', { signal }),
  });
}

/** The board (the last used one without an id): columns in order, each with its cards' ids, and the cards. */
export function useBoard(boardId: string) {
  return useQuery({
    queryKey: kanbanKeys.board(boardId),
    queryFn: ({ signal }) =>
      apiClient.get<{ board: KanbanBoard }>('/kanban/board', {
        signal,
        query: { boardId: boardId || undefined },
      }),
    select: (data) => data.board,
    retry: false,
  });
}

export function useCardDetail(cardId: string | null) {
  return useQuery({
    queryKey: kanbanKeys.card(cardId ?? ''),
    queryFn: ({ signal }) => apiClient.get<{ card: KanbanCardDetail }>(`/kanban/cards/${cardId}`, { signal }),
    select: (data) => data.card,
    enabled: Boolean(cardId),
    retry: false,
  });
}

/** Everything the kanban shows refetches (the board, the open card, the switcher). */
function useRefreshKanban() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: kanbanKeys.all }), [queryClient]);
}

/** Changes of members elsewhere (and this person's other tabs) arrive live. */
export function useKanbanLive() {
  const refresh = useRefreshKanban();
  const refetch = () => void refresh();
  useRealtimeEvent('kanban.changed', refetch, refetch);
}

/** Applies `change` to every cached copy of the board with `boardId`; returns how to undo it. */
function patchBoard(queryClient: QueryClient, boardId: string, change: (board: KanbanBoard) => KanbanBoard) {
  const entries = queryClient.getQueriesData<{ board: KanbanBoard }>({ queryKey: kanbanKeys.boardRoot });
  for (const [key, data] of entries) {
    if (data?.board.id === boardId) queryClient.setQueryData(key, { board: change(data.board) });
  }
  return () => {
    for (const [key, data] of entries) queryClient.setQueryData(key, data);
  };
}

/** A board with `cardId` taken out of its column and put in `columnId` at `index`. */
export function withCardAt(board: KanbanBoard, cardId: string, columnId: string, index: number): KanbanBoard {
  const card = board.cards[cardId];
  const target = board.columns[columnId];
  if (!card || !target) return board;
  const columns = { ...board.columns };
  for (const column of Object.values(columns)) {
    if (column.cardIds.includes(cardId)) {
      columns[column.id] = { ...column, cardIds: column.cardIds.filter((id) => id !== cardId) };
    }
  }
  const cardIds = [...columns[columnId]!.cardIds];
  cardIds.splice(Math.min(index, cardIds.length), 0, cardId);
  columns[columnId] = { ...columns[columnId]!, cardIds };
  return {
    ...board,
    columns,
    cards: { ...board.cards, [cardId]: { ...card, columnId, status: target.name } },
  };
}

/** A move shows at once; refused, the board goes back as it was (the caller says why). */
export function useMoveCard(boardId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshKanban();
  return useMutation({
    mutationFn: (input: MoveCardInput & { index: number }) =>
      apiClient.post<{ card: KanbanCard }>('/kanban/cards/move', {
        cardId: input.cardId,
        columnId: input.columnId,
        beforeId: input.beforeId ?? null,
        afterId: input.afterId ?? null,
      }),
    onMutate: async (input) => {
      // A refetch in flight would bring the old order back: dropped first (cancelling restores the data it
      // started from), then the move shows.
      await queryClient.cancelQueries({ queryKey: kanbanKeys.boardRoot });
      const undo = patchBoard(queryClient, boardId, (board) =>
        withCardAt(board, input.cardId, input.columnId, input.index),
      );
      return { undo };
    },
    onError: (_error, _input, context) => context?.undo(),
    onSettled: refresh,
  });
}

export function useMoveColumn(boardId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshKanban();
  return useMutation({
    mutationFn: (input: {
      columnId: string;
      beforeId: string | null;
      afterId: string | null;
      order: string[];
    }) =>
      apiClient.post<{ columnOrder: string[] }>('/kanban/columns/move', {
        columnId: input.columnId,
        beforeId: input.beforeId,
        afterId: input.afterId,
      }),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: kanbanKeys.boardRoot });
      return { undo: patchBoard(queryClient, boardId, (board) => ({ ...board, columnOrder: input.order })) };
    },
    onError: (_error, _input, context) => context?.undo(),
    onSettled: refresh,
  });
}

/** A mutation that refetches the kanban once done (the answer's record is in the cache by then). */
function useKanbanMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const refresh = useRefreshKanban();
  return useMutation({ mutationFn, onSettled: refresh });
}

export const useNewBoard = () =>
  useKanbanMutation((name: string) => apiClient.post<{ board: KanbanBoard }>('/kanban/boards', { name }));
export const useRenameBoard = () =>
  useKanbanMutation(({ boardId, name }: { boardId: string; name: string }) =>
    apiClient.patch<{ board: BoardSummary }>(`/kanban/boards/${boardId}`, { name }),
  );
export const useDeleteBoard = () =>
  useKanbanMutation((boardId: string) => apiClient.delete<null>(`/kanban/boards/${boardId}`));
export const useAddMember = () =>
  useKanbanMutation(({ boardId, userId }: { boardId: string; userId: string }) =>
    apiClient.post<{ members: BoardMember[] }>(`/kanban/boards/${boardId}/members`, { userId }),
  );
export const useRemoveMember = () =>
  useKanbanMutation(({ boardId, userId }: { boardId: string; userId: string }) =>
    apiClient.delete<null>(`/kanban/boards/${boardId}/members/${userId}`),
  );

export const useNewColumn = () =>
  useKanbanMutation((input: { name: string; boardId: string }) =>
    apiClient.post<{ column: KanbanColumn }>('/kanban/columns/new', input),
  );
export const useRenameColumn = () =>
  useKanbanMutation(({ columnId, name }: { columnId: string; name: string }) =>
    apiClient.post<{ column: KanbanColumn }>('/kanban/columns/update', { columnId, column: { name } }),
  );
export const useDeleteColumn = () =>
  useKanbanMutation((columnId: string) => apiClient.post<null>('/kanban/columns/delete', { columnId }));
export const useClearColumn = () =>
  useKanbanMutation((columnId: string) => apiClient.post<null>('/kanban/columns/clear', { columnId }));

export const useNewCard = () =>
  useKanbanMutation((input: NewCardInput) =>
    apiClient.post<{ card: KanbanCard }>('/kanban/cards/new', input),
  );
export const useDeleteCard = () =>
  useKanbanMutation((cardId: string) => apiClient.post<null>('/kanban/cards/delete', { cardId }));

/** A field edit with the version it was based on; the fresh card lands in the caches. */
export function useUpdateCard() {
  const queryClient = useQueryClient();
  const refresh = useRefreshKanban();
  return useMutation({
    mutationFn: (input: UpdateCardInput) =>
      apiClient.post<{ card: KanbanCard }>('/kanban/cards/update', input),
    onSuccess: ({ card }) => {
      queryClient.setQueryData<{ card: KanbanCardDetail }>(kanbanKeys.card(card.id), (data) =>
        data ? { card: { ...data.card, ...card } } : data,
      );
    },
    onSettled: refresh,
  });
}

export const useAddComment = (cardId: string) =>
  useKanbanMutation((message: string) =>
    apiClient.post<{ comment: KanbanComment }>(`/kanban/cards/${cardId}/comments`, { message }),
  );
export const useDeleteComment = () =>
  useKanbanMutation((commentId: string) => apiClient.delete<null>(`/kanban/comments/${commentId}`));

export function uploadCardAttachment(cardId: string, file: File, onProgress: (fraction: number) => void) {
  return apiClient.upload<{ attachment: StoredFile }>(`/kanban/cards/${cardId}/attachments`, file, {
    onUploadProgress: onProgress,
  });
}

export const useRemoveAttachment = (cardId: string) =>
  useKanbanMutation((fileId: string) =>
    apiClient.delete<null>(`/kanban/cards/${cardId}/attachments/${fileId}`),
  );

export const useRefreshAfterUpload = useRefreshKanban;
