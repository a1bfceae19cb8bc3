import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

import {
  categoryIcons,
  categoryKinds,
  recurringFrequencies,
  requestStatuses,
  transactionSources,
  transactionStatuses,
  transactionTypes,
} from '#shared/contract/banking-limits.ts';
import type { ImportMapping } from '#shared/contract/banking.ts';

import { files } from './files.ts';
import { users } from './users.ts';

/**
 * Banking (issue 28, ADR 049): a double-entry ledger. Every completed transaction is postings that sum to
 * zero (checked by a statement trigger on `banking_postings`, drizzle/0029_banking.sql), and that same
 * trigger adds the postings to the accounts' stored `balance` in the inserting statement: a balance is
 * the sum of its postings by construction (and `banking.ledger.test.ts` proves it after a storm of
 * transfers). Postings and the audit are append-only (update and delete refused by triggers).
 */

/** Cents; sums over a year of a busy account pass 2^31. */
const money = () => bigint({ mode: 'number' });

/** The one account outside the workspace: where income comes from and expenses go (no owner, no balance). */
export const EXTERNAL_ACCOUNT_ID = '00000000-0000-4000-8000-000000000001';

/** A person's banking settings: made on first use (with their default categories and a current account). */
export const bankingProfiles = pgTable('banking_profiles', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The CSV import's column mapping, remembered from the last import. */
  importMapping: jsonb().$type<ImportMapping>(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Accounts. `user_id` is null for the external account, and becomes null when its person is deleted (the
 * ledger keeps every posting). `balance` is kept by the postings trigger only; checks keep a current or
 * savings account at or above zero, a card at or above minus its credit limit, and a closed one at zero.
 * `version` follows the person's edits (name, card details), not the balance.
 */
export const bankingAccounts = pgTable(
  'banking_accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    kind: text({ enum: ['current', 'savings', 'card', 'external'] }).notNull(),
    name: text().notNull(),
    status: text({ enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    balance: money().notNull().default(0),
    creditLimit: money().notNull().default(0),
    holderName: text(),
    cardLast4: text(),
    cardExpiry: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp({ withTimezone: true }),
    version: integer().notNull().default(1),
  },
  (t) => [
    index('banking_accounts_user_idx').on(t.userId, t.createdAt),
    check('banking_accounts_floor', sql`kind = 'external' or balance + credit_limit >= 0`),
    check('banking_accounts_credit', sql`credit_limit >= 0 and (kind = 'card' or credit_limit = 0)`),
    check('banking_accounts_closed_empty', sql`status = 'open' or balance = 0`),
  ],
);
export type BankingAccountRow = typeof bankingAccounts.$inferSelect;

/** A person's categories: income and expense trees (one level of sub-categories). */
export const bankingCategories = pgTable(
  'banking_categories',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: categoryKinds }).notNull(),
    name: text().notNull(),
    icon: text({ enum: categoryIcons }).notNull().default('other'),
    parentId: uuid().references((): AnyPgColumn => bankingCategories.id, { onDelete: 'set null' }),
    /** The default set's key; null for the person's own. */
    key: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('banking_categories_user_idx').on(t.userId, t.kind),
    uniqueIndex('banking_categories_key_unique')
      .on(t.userId, t.key)
      .where(sql`key is not null`),
  ],
);
export type BankingCategoryRow = typeof bankingCategories.$inferSelect;

/** Recurring income and expenses; the job writes each occurrence once (`recurring_id, occurrence`). */
export const bankingRecurring = pgTable(
  'banking_recurring',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid()
      .notNull()
      .references(() => bankingAccounts.id),
    type: text({ enum: ['income', 'expense'] }).notNull(),
    amount: money().notNull(),
    counterparty: text().notNull().default(''),
    categoryId: uuid().references(() => bankingCategories.id, { onDelete: 'set null' }),
    note: text().notNull().default(''),
    frequency: text({ enum: recurringFrequencies }).notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    nextDate: date({ mode: 'string' }).notNull(),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('banking_recurring_user_idx').on(t.userId, t.createdAt),
    index('banking_recurring_due_idx')
      .on(t.nextDate)
      .where(sql`active`),
    check('banking_recurring_amount', sql`amount > 0`),
  ],
);
export type BankingRecurringRow = typeof bankingRecurring.$inferSelect;

/**
 * Transactions. Income: external → the person's account; expense: their account → external; transfer:
 * account → account (the same person's, or two people's). `from_user_id`/`to_user_id` are the owners of
 * the two accounts (null for the external side), so "the caller's transactions" is an index range on
 * each. Each side has its own category. Completed ones have their postings; pending and failed ones none.
 */
export const bankingTransactions = pgTable(
  'banking_transactions',
  {
    id: uuid().primaryKey().defaultRandom(),
    type: text({ enum: transactionTypes }).notNull(),
    status: text({ enum: transactionStatuses }).notNull(),
    source: text({ enum: transactionSources }).notNull(),
    amount: money().notNull(),
    occurredOn: date({ mode: 'string' }).notNull(),
    fromAccountId: uuid()
      .notNull()
      .references(() => bankingAccounts.id),
    toAccountId: uuid()
      .notNull()
      .references(() => bankingAccounts.id),
    fromUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    toUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    fromCategoryId: uuid().references(() => bankingCategories.id, { onDelete: 'set null' }),
    toCategoryId: uuid().references(() => bankingCategories.id, { onDelete: 'set null' }),
    counterparty: text().notNull().default(''),
    note: text().notNull().default(''),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: text(),
    requestHash: text(),
    /** CSV import: a fingerprint of the row in its account (unique: a row is imported once). */
    importKey: text(),
    recurringId: uuid().references(() => bankingRecurring.id, { onDelete: 'set null' }),
    occurrence: date({ mode: 'string' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    version: integer().notNull().default(1),
  },
  (t) => [
    index('banking_tx_from_user_idx').on(t.fromUserId, t.occurredOn, t.createdAt, t.id),
    index('banking_tx_to_user_idx').on(t.toUserId, t.occurredOn, t.createdAt, t.id),
    index('banking_tx_from_account_idx').on(t.fromAccountId, t.occurredOn),
    index('banking_tx_to_account_idx').on(t.toAccountId, t.occurredOn),
    uniqueIndex('banking_tx_idempotency_unique')
      .on(t.createdBy, t.idempotencyKey)
      .where(sql`idempotency_key is not null`),
    uniqueIndex('banking_tx_import_unique')
      .on(t.importKey)
      .where(sql`import_key is not null`),
    uniqueIndex('banking_tx_occurrence_unique')
      .on(t.recurringId, t.occurrence)
      .where(sql`recurring_id is not null`),
    check('banking_tx_amount', sql`amount > 0`),
    check('banking_tx_accounts', sql`from_account_id <> to_account_id`),
  ],
);
export type BankingTransactionRow = typeof bankingTransactions.$inferSelect;

/** The ledger: one row per account a completed transaction moved; a transaction's postings sum to zero. */
export const bankingPostings = pgTable(
  'banking_postings',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: uuid()
      .notNull()
      .references(() => bankingTransactions.id),
    accountId: uuid()
      .notNull()
      .references(() => bankingAccounts.id),
    amount: money().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('banking_postings_account_idx').on(t.accountId),
    index('banking_postings_tx_idx').on(t.transactionId),
    check('banking_postings_nonzero', sql`amount <> 0`),
  ],
);

/** Receipts of a transaction (files of use `attachment`, the person's own). */
export const bankingTransactionFiles = pgTable(
  'banking_transaction_files',
  {
    transactionId: uuid()
      .notNull()
      .references(() => bankingTransactions.id, { onDelete: 'cascade' }),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.transactionId, t.fileId] }),
    index('banking_tx_files_file_idx').on(t.fileId),
  ],
);

/** Money requests: `requester` asks `payer`; accepting pays it by a transfer. */
export const bankingRequests = pgTable(
  'banking_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    requesterId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    payerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: money().notNull(),
    note: text().notNull().default(''),
    status: text({ enum: requestStatuses }).notNull().default('pending'),
    transactionId: uuid().references(() => bankingTransactions.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('banking_requests_requester_idx').on(t.requesterId, t.createdAt),
    index('banking_requests_payer_idx').on(t.payerId, t.createdAt),
    check('banking_requests_amount', sql`amount > 0 and requester_id <> payer_id`),
  ],
);

/** Import rules: payee contains `contains` → category. */
export const bankingRules = pgTable(
  'banking_rules',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contains: text().notNull(),
    categoryId: uuid()
      .notNull()
      .references(() => bankingCategories.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('banking_rules_user_idx').on(t.userId, t.createdAt)],
);

/** Budgets per expense category per month (`month` is its first day). */
export const bankingBudgets = pgTable(
  'banking_budgets',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: uuid()
      .notNull()
      .references(() => bankingCategories.id, { onDelete: 'cascade' }),
    month: date({ mode: 'string' }).notNull(),
    amount: money().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.month, t.categoryId] }),
    check('banking_budgets_amount', sql`amount > 0`),
  ],
);

/**
 * Every transfer (and request payment), written in the transfer's own database transaction: who, from which
 * account to which, how much, from which address. Append-only; not shown to administrators (ADR 049).
 */
export const bankingAudit = pgTable(
  'banking_audit',
  {
    id: uuid().primaryKey().defaultRandom(),
    actorId: uuid(),
    action: text().notNull(),
    transactionId: uuid(),
    fromAccountId: uuid(),
    toAccountId: uuid(),
    amount: money().notNull(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('banking_audit_tx_idx').on(t.transactionId)],
);
