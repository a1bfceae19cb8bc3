import {
  TRANSACTIONS_PAGE_SIZE,
  TRANSACTIONS_PAGE_SIZE_MAX,
  transactionSortKeys,
  transactionStatuses,
  transactionTypes,
  type TransactionStatus,
  type TransactionType,
} from '#shared/contract/banking-limits.ts';
import type { TransactionPage } from '#shared/contract/banking.ts';

import { listResource, type ListParamsOf } from '../../../lib/resource.ts';
import { bankingKeys } from './banking-keys.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CENTS = /^\d{1,9}$/;

/**
 * `GET /api/banking/transactions`: one page of the caller's transactions. Its state in the address:
 * `?accountId=<id>&categoryId=<id>|none&type=expense&status=pending&startDate=2026-01-01&endDate=2026-03-31
 * &minAmount=1000&maxAmount=50000&search=rent&sort=amount&order=desc&page=2` (amounts in cents).
 */
export const transactionsList = listResource<TransactionPage>()({
  key: bankingKeys.lists(),
  path: '/banking/transactions',
  config: {
    pageSizes: [5, TRANSACTIONS_PAGE_SIZE, 25, 50],
    defaultPageSize: TRANSACTIONS_PAGE_SIZE,
    sortKeys: transactionSortKeys,
    filters: {
      accountId: UUID,
      categoryId: new RegExp(`^(none|${UUID.source.slice(1, -1)})$`),
      type: transactionTypes,
      status: transactionStatuses,
      startDate: DAY,
      endDate: DAY,
      minAmount: CENTS,
      maxAmount: CENTS,
    },
    searchMax: 100,
  },
  filters: (f) => ({
    accountId: f.accountId,
    categoryId: f.categoryId,
    type: f.type as TransactionType | undefined,
    status: f.status as TransactionStatus | undefined,
    startDate: f.startDate,
    endDate: f.endDate,
    minAmount: f.minAmount === undefined ? undefined : Number(f.minAmount),
    maxAmount: f.maxAmount === undefined ? undefined : Number(f.maxAmount),
  }),
});

export type TransactionsParams = ListParamsOf<typeof transactionsList>;

export const useTransactions = transactionsList.useList;
/** Route loader of /dashboard/banking/transactions (`app/router.tsx`). */
export const transactionsListLoader = transactionsList.loader;

export { TRANSACTIONS_PAGE_SIZE_MAX };
