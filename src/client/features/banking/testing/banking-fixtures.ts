import type {
  BankAccount,
  BankCategory,
  BankTransaction,
  TransactionPage,
} from '#shared/contract/banking.ts';

import { jsonResponse, type MockRoute } from '../../../testing/fetch-mock.ts';

/** Test data of the banking views: accounts, categories, a transaction and the routes that answer them. */

export const mainAccountId = '10000000-0000-4000-8000-000000000001';
export const savingsAccountId = '10000000-0000-4000-8000-000000000002';
export const groceriesId = '20000000-0000-4000-8000-000000000001';
export const salaryId = '20000000-0000-4000-8000-000000000002';
export const bobId = '00000000-0000-4000-8000-000000000002';

export function makeAccount(overrides: Partial<BankAccount> = {}): BankAccount {
  return {
    id: mainAccountId,
    kind: 'current',
    name: 'Everyday',
    status: 'open',
    balance: 12_500,
    currency: 'USD',
    creditLimit: 0,
    holderName: null,
    maskedNumber: null,
    expiry: null,
    primary: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    closedAt: null,
    version: 1,
    ...overrides,
  };
}

export const categories: BankCategory[] = [
  {
    id: groceriesId,
    kind: 'expense',
    name: 'Groceries',
    icon: 'groceries',
    parentId: null,
    key: 'groceries',
  },
  { id: salaryId, kind: 'income', name: 'Salary', icon: 'salary', parentId: null, key: 'salary' },
];

export function makeTransaction(overrides: Partial<BankTransaction> = {}): BankTransaction {
  return {
    id: '30000000-0000-4000-8000-000000000001',
    type: 'expense',
    direction: 'out',
    status: 'completed',
    source: 'manual',
    amount: 4_250,
    signedAmount: -4_250,
    currency: 'USD',
    date: '2026-03-02',
    account: { id: mainAccountId, name: 'Everyday', kind: 'current' },
    toAccount: null,
    counterparty: 'Fresh Market',
    person: null,
    category: categories[0]!,
    note: '',
    attachments: [],
    createdAt: '2026-03-02T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

export const transactionPage = (transactions: BankTransaction[] = [makeTransaction()]): TransactionPage => ({
  transactions,
  total: transactions.length,
  page: 1,
  pageSize: 10,
  hasNextPage: false,
});

/** The config, accounts and categories every banking page asks for. */
export const bankingBaseRoutes = (accounts: BankAccount[] = [makeAccount()]): MockRoute[] => [
  { path: '/api/config', respond: () => jsonResponse({ demo: null, currency: 'USD' }) },
  {
    path: '/api/banking/accounts',
    respond: () =>
      jsonResponse({
        accounts,
        totalBalance: accounts.reduce((sum, account) => sum + account.balance, 0),
        currency: 'USD',
      }),
  },
  { path: '/api/banking/categories', respond: () => jsonResponse({ categories }) },
];
