/**
 * Banking (issue 28): limits and fixed lists without zod, for the banking pages (the contract, banking.ts,
 * re-exports them and builds the schemas).
 *
 * Money is integer cents of the instance's one currency (`CURRENCY`, `GET /api/config`). Amounts a person
 * types are positive; which way the money goes is the transaction's type and direction (ADR 049).
 */

/** Kinds of account a person opens. A card shows a holder name, the last four digits and an expiry only. */
export const accountKinds = ['current', 'savings', 'card'] as const;
export type AccountKind = (typeof accountKinds)[number];

/** Kinds that can never go below zero; a card may go down to minus its credit limit (ADR 049). */
export const nonNegativeKinds: readonly AccountKind[] = ['current', 'savings'];

export const accountStatuses = ['open', 'closed'] as const;
export type AccountStatus = (typeof accountStatuses)[number];

export const transactionTypes = ['income', 'expense', 'transfer'] as const;
export type TransactionType = (typeof transactionTypes)[number];

export const transactionStatuses = ['pending', 'completed', 'failed'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];

/**
 * How a transaction moves the viewer's money: `in` (income, or a transfer from someone else), `out`
 * (expense, or a transfer to someone else), `internal` (between two of the viewer's own accounts).
 */
export const transactionDirections = ['in', 'out', 'internal'] as const;
export type TransactionDirection = (typeof transactionDirections)[number];

/** Where a transaction came from. */
export const transactionSources = ['manual', 'transfer', 'request', 'import', 'recurring', 'seed'] as const;
export type TransactionSource = (typeof transactionSources)[number];

/** Categories are income or expense trees (two levels: a category and its sub-categories). */
export const categoryKinds = ['income', 'expense'] as const;
export type CategoryKind = (typeof categoryKinds)[number];

/** Icon names (Iconify, offline set) a category may show; the client maps each to its icon. */
export const categoryIcons = [
  'salary',
  'bonus',
  'interest',
  'gift',
  'refund',
  'other',
  'home',
  'groceries',
  'restaurant',
  'transport',
  'car',
  'fuel',
  'health',
  'shopping',
  'clothes',
  'entertainment',
  'travel',
  'education',
  'utilities',
  'phone',
  'internet',
  'insurance',
  'subscriptions',
  'investments',
  'taxes',
  'pets',
  'kids',
  'sport',
  'charity',
  'fees',
] as const;
export type CategoryIcon = (typeof categoryIcons)[number];

export const requestStatuses = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type MoneyRequestStatus = (typeof requestStatuses)[number];

export const recurringFrequencies = ['weekly', 'monthly'] as const;
export type RecurringFrequency = (typeof recurringFrequencies)[number];

/** The overview's balance statistics: 8 weeks by week, 12 months by month, or 5 years by year. */
export const balancePeriods = ['week', 'month', 'year'] as const;
export type BalancePeriod = (typeof balancePeriods)[number];
export const BALANCE_BUCKETS: Record<BalancePeriod, number> = { week: 8, month: 12, year: 5 };

/** One amount: from 0.01 to 1,000,000.00 (cents). */
export const AMOUNT_MIN = 1;
export const AMOUNT_MAX = 100_000_000;
/** A card's credit limit (cents), 0 = none: a card then cannot go below zero either. */
export const CREDIT_LIMIT_MAX = 100_000_000;

export const ACCOUNT_NAME_MAX = 60;
export const HOLDER_NAME_MAX = 80;
export const ACCOUNTS_PER_PERSON_MAX = 20;
export const COUNTERPARTY_MAX = 120;
export const TRANSACTION_NOTE_MAX = 500;
export const CATEGORY_NAME_MAX = 40;
export const CATEGORIES_PER_PERSON_MAX = 200;
export const RULE_TEXT_MAX = 80;
export const RULES_PER_PERSON_MAX = 200;
export const ATTACHMENTS_PER_TRANSACTION_MAX = 10;

export const TRANSACTIONS_PAGE_SIZE = 10;
export const TRANSACTIONS_PAGE_SIZE_MAX = 100;
/** `GET /api/banking/transactions/export`: at most this many rows (newest first by the list's sort). */
export const TRANSACTIONS_EXPORT_MAX = 50_000;
export const transactionSortKeys = ['date', 'amount', 'counterparty', 'status', 'createdAt'] as const;
export type TransactionSortKey = (typeof transactionSortKeys)[number];

/** CSV import: the statement's size and rows. */
export const IMPORT_CSV_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_ROWS_MAX = 5_000;
export const importDateFormats = ['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY', 'DD.MM.YYYY'] as const;
export type ImportDateFormat = (typeof importDateFormats)[number];
export const importDelimiters = [',', ';', '\t'] as const;
export const importDecimalSeparators = ['.', ','] as const;

/** Transfers per person per minute (a runaway client, not a person, reaches it). */
export const TRANSFERS_PER_MINUTE = 120;

/** Recent transactions on the overview. */
export const RECENT_TRANSACTIONS = 6;
export const CONTACTS_MAX = 50;

/** Cents as a plain decimal (`123456` → `1234.56`), for CSV files. */
export const centsToDecimal = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};
