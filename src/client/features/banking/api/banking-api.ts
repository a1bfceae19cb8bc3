import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import type {
  AcceptRequestInput,
  AccountsResponse,
  BankAccount,
  BankCategory,
  BankContact,
  BankRule,
  BankTransaction,
  BankingOverview,
  BudgetInput,
  BudgetsResponse,
  CreateAccountInput,
  CreateCategoryInput,
  CreateRequestInput,
  CreateTransactionInput,
  ImportInput,
  ImportMapping,
  ImportPreview,
  ImportResult,
  MoneyRequest,
  Recurring,
  RecurringInput,
  RecurringUpdateInput,
  RequestsResponse,
  RuleInput,
  TransferInput,
  TransferResponse,
  UpdateAccountInput,
  UpdateCategoryInput,
  UpdateTransactionInput,
} from '#shared/contract/banking.ts';
import type { StoredFile } from '#shared/contract/files.ts';
import type { Invitation } from '#shared/contract/workspace.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { useLiveRefresh } from '../../../lib/realtime/use-live-refresh.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { bankingKeys, type BankingOverviewParams } from './banking-keys.ts';
import { transactionsList, type TransactionsParams } from './banking-list.ts';

/** The prefix of a money movement's idempotency key (a retry of the same attempt sends the same key). */
export const BANKING_KEY_PREFIX = 'bk-';

// ── overview ────────────────────────────────────────────────────────────────────────────────────────────

/** `GET /api/banking/overview`: the previous answer stays on screen while another range or period loads. */
export const bankingOverviewQueryOptions = (query: BankingOverviewParams) =>
  queryOptions({
    queryKey: bankingKeys.overview(query),
    queryFn: ({ signal }) => apiClient.get<BankingOverview>('/banking/overview', { signal, query }),
    placeholderData: keepPreviousData,
  });

export function useBankingOverview(query: BankingOverviewParams) {
  return useQuery(bankingOverviewQueryOptions(query));
}

/**
 * Refreshes everything banking shows when `banking.changed` arrives (a transfer received, a request
 * answered, an import elsewhere): once per burst, the figures on screen staying until the new ones come.
 */
export function useBankingLive(delayMs?: number): void {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: bankingKeys.all }),
    [queryClient],
  );
  useLiveRefresh(['banking.changed'], refresh, delayMs === undefined ? {} : { delayMs });
}

/** After any write: every banking figure and list may have moved. */
function useInvalidateBanking() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: bankingKeys.all });
}

// ── accounts and categories ─────────────────────────────────────────────────────────────────────────────

export function useAccounts() {
  return useQuery({
    queryKey: bankingKeys.accounts(),
    queryFn: ({ signal }) => apiClient.get<AccountsResponse>('/banking/accounts', { signal }),
  });
}

export function useAccountActions() {
  const invalidate = useInvalidateBanking();
  return {
    create: useMutation({
      mutationFn: (input: CreateAccountInput) =>
        apiClient.post<{ account: BankAccount }>('/banking/accounts', input),
      onSettled: invalidate,
    }),
    update: useMutation({
      mutationFn: ({ id, ...input }: UpdateAccountInput & { id: string }) =>
        apiClient.patch<{ account: BankAccount }>(`/banking/accounts/${id}`, input),
      onSettled: invalidate,
    }),
    close: useMutation({
      mutationFn: (id: string) => apiClient.post<{ account: BankAccount }>(`/banking/accounts/${id}/close`),
      onSettled: invalidate,
    }),
  };
}

export function useCategories() {
  return useQuery({
    queryKey: bankingKeys.categories(),
    queryFn: ({ signal }) => apiClient.get<{ categories: BankCategory[] }>('/banking/categories', { signal }),
    select: (answer) => answer.categories,
    staleTime: 60_000,
  });
}

/** The category editor's writes: create, rename / icon / parent, delete (with where its uses go). */
export function useCategoryActions() {
  const invalidate = useInvalidateBanking();
  return {
    create: useMutation({
      mutationFn: (input: CreateCategoryInput) =>
        apiClient.post<{ category: BankCategory }>('/banking/categories', input),
      onSettled: invalidate,
    }),
    update: useMutation({
      mutationFn: ({ id, ...input }: UpdateCategoryInput & { id: string }) =>
        apiClient.patch<{ category: BankCategory }>(`/banking/categories/${id}`, input),
      onSettled: invalidate,
    }),
    remove: useMutation({
      mutationFn: ({ id, reassignTo }: { id: string; reassignTo?: string }) =>
        apiClient.delete<{ ok: true }>(`/banking/categories/${id}`, { query: { reassignTo } }),
      onSettled: invalidate,
    }),
  };
}

/** `POST /api/banking/transactions`: a manual income or expense (idempotent by the attempt's key). */
export function useCreateTransaction() {
  const invalidate = useInvalidateBanking();
  return useMutation({
    mutationFn: (input: CreateTransactionInput) =>
      apiClient.post<{ transaction: BankTransaction }>('/banking/transactions', input),
    onSuccess: invalidate,
  });
}

// ── transfers and requests ──────────────────────────────────────────────────────────────────────────────

/** `POST /api/banking/transfers` (idempotent by the attempt's key). */
export function useTransfer() {
  const invalidate = useInvalidateBanking();
  return useMutation({
    mutationFn: (input: TransferInput) => apiClient.post<TransferResponse>('/banking/transfers', input),
    onSuccess: invalidate,
  });
}

export function useRequests(enabled = true) {
  return useQuery({
    queryKey: bankingKeys.requests(),
    queryFn: ({ signal }) => apiClient.get<RequestsResponse>('/banking/requests', { signal }),
    enabled,
  });
}

export function useRequestActions() {
  const invalidate = useInvalidateBanking();
  return {
    create: useMutation({
      mutationFn: (input: CreateRequestInput) =>
        apiClient.post<{ request: MoneyRequest }>('/banking/requests', input),
      onSettled: invalidate,
    }),
    accept: useMutation({
      mutationFn: ({ id, ...input }: AcceptRequestInput & { id: string }) =>
        apiClient.post<TransferResponse & { request: MoneyRequest }>(`/banking/requests/${id}/accept`, input),
      onSettled: invalidate,
    }),
    decline: useMutation({
      mutationFn: (id: string) =>
        apiClient.post<{ request: MoneyRequest }>(`/banking/requests/${id}/decline`),
      onSettled: invalidate,
    }),
  };
}

export function useContacts() {
  return useQuery({
    queryKey: bankingKeys.contacts(),
    queryFn: ({ signal }) => apiClient.get<{ contacts: BankContact[] }>('/banking/contacts', { signal }),
    select: (answer) => answer.contacts,
  });
}

/** `POST /api/workspace/invitations`: the workspace's own invitation (a registration link by mail). */
export function useInviteFriend() {
  return useMutation({
    mutationFn: (email: string) =>
      apiClient.post<{ invitation: Invitation }>('/workspace/invitations', { email }),
  });
}

// ── transactions ────────────────────────────────────────────────────────────────────────────────────────

export function useTransaction(id: string | null) {
  return useQuery({
    queryKey: bankingKeys.transaction(id ?? ''),
    queryFn: ({ signal }) =>
      apiClient.get<{ transaction: BankTransaction }>(`/banking/transactions/${id}`, { signal }),
    select: (answer) => answer.transaction,
    enabled: id !== null,
  });
}

export function useUpdateTransaction() {
  const invalidate = useInvalidateBanking();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateTransactionInput & { id: string }) =>
      apiClient.patch<{ transaction: BankTransaction }>(`/banking/transactions/${id}`, input),
    onSettled: invalidate,
  });
}

/** The list's filters and sort as CSV, made by the server (`GET /transactions/export`), saved. */
export async function exportTransactions(params: TransactionsParams): Promise<void> {
  const query = { ...transactionsList.queryOf(params), page: undefined, pageSize: undefined };
  const blob = await apiClient.get<Blob>('/banking/transactions/export', { query, responseType: 'blob' });
  saveFile(`transactions-${new Date().toISOString().slice(0, 10)}.csv`, blob);
}

/** A receipt (`POST /api/files?use=attachment`), then listed on the transaction. */
export function uploadReceipt(file: File): Promise<{ file: StoredFile }> {
  return apiClient.upload<{ file: StoredFile }>('/files', file, { query: { use: 'attachment' } });
}

// ── import and rules ────────────────────────────────────────────────────────────────────────────────────

export function useImportMapping() {
  return useQuery({
    queryKey: bankingKeys.mapping(),
    queryFn: ({ signal }) =>
      apiClient.get<{ mapping: ImportMapping | null }>('/banking/import/mapping', { signal }),
    select: (answer) => answer.mapping,
  });
}

export function useImportActions() {
  const invalidate = useInvalidateBanking();
  return {
    preview: useMutation({
      mutationFn: (input: ImportInput) => apiClient.post<ImportPreview>('/banking/import/preview', input),
    }),
    run: useMutation({
      mutationFn: (input: ImportInput) => apiClient.post<ImportResult>('/banking/import', input),
      onSettled: invalidate,
    }),
  };
}

export function useRules() {
  return useQuery({
    queryKey: bankingKeys.rules(),
    queryFn: ({ signal }) => apiClient.get<{ rules: BankRule[] }>('/banking/rules', { signal }),
    select: (answer) => answer.rules,
  });
}

export function useRuleActions() {
  const queryClient = useQueryClient();
  const invalidate = () => queryClient.invalidateQueries({ queryKey: bankingKeys.rules() });
  return {
    create: useMutation({
      mutationFn: (input: RuleInput) => apiClient.post<{ rule: BankRule }>('/banking/rules', input),
      onSettled: invalidate,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiClient.delete<null>(`/banking/rules/${id}`),
      onSettled: invalidate,
    }),
  };
}

// ── budgets and recurring ───────────────────────────────────────────────────────────────────────────────

export function useBudgets(month: string) {
  return useQuery({
    queryKey: bankingKeys.budgets(month),
    queryFn: ({ signal }) => apiClient.get<BudgetsResponse>('/banking/budgets', { signal, query: { month } }),
    placeholderData: keepPreviousData,
  });
}

export function useSetBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BudgetInput) => apiClient.put<BudgetsResponse>('/banking/budgets', input),
    onSuccess: (answer) => queryClient.setQueryData(bankingKeys.budgets(answer.month), answer),
  });
}

export function useRecurring() {
  return useQuery({
    queryKey: bankingKeys.recurring(),
    queryFn: ({ signal }) => apiClient.get<{ recurring: Recurring[] }>('/banking/recurring', { signal }),
    select: (answer) => answer.recurring,
  });
}

export function useRecurringActions() {
  const queryClient = useQueryClient();
  const invalidate = () => queryClient.invalidateQueries({ queryKey: bankingKeys.recurring() });
  return {
    create: useMutation({
      mutationFn: (input: RecurringInput) =>
        apiClient.post<{ recurring: Recurring }>('/banking/recurring', input),
      onSettled: invalidate,
    }),
    update: useMutation({
      mutationFn: ({ id, ...input }: RecurringUpdateInput & { id: string }) =>
        apiClient.patch<{ recurring: Recurring }>(`/banking/recurring/${id}`, input),
      onSettled: invalidate,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiClient.delete<null>(`/banking/recurring/${id}`),
      onSettled: invalidate,
    }),
  };
}
