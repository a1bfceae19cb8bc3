/**
 * Banking (issue 28, ADR 049): a person's accounts, categorised transactions, transfers between people, money
 * requests, CSV statement import, budgets and recurring transactions, on a double-entry ledger.
 *
 * Money is integer cents of the instance's one `CURRENCY` (each account answers its `currency`). Amounts in
 * requests are positive; the type (income, expense, transfer) and, for the viewer, the `direction` say which
 * way the money went. Everything is the caller's own: someone else's account, transaction, category, rule,
 * recurring transaction or request is a 404. Administrators see no one's banking but their own.
 *
 * Routes (all under `/api/banking`, signed in):
 *
 *   GET    /accounts                         → accountsResponse              the caller's accounts (open first)
 *   POST   /accounts                         createAccountInput → 201 accountResponse
 *   PATCH  /accounts/:id                     updateAccountInput → accountResponse        (rename, card details)
 *   POST   /accounts/:id/close               → accountResponse      409 ACCOUNT_NOT_EMPTY unless balance 0
 *
 *   GET    /categories                       → categoriesResponse   (the default set is made on first use)
 *   POST   /categories                       createCategoryInput → 201 categoryResponse
 *   PATCH  /categories/:id                   updateCategoryInput → categoryResponse  (a renamed default
 *                                                        one becomes the person's own: its key is dropped)
 *   DELETE /categories/:id?reassignTo=       deleteCategoryQuery → okSchema  (409 CATEGORY_IN_USE with
 *                                                        `used` while transactions, rules, recurring or
 *                                                        budgets use it, unless `reassignTo` names another
 *                                                        category of the same kind that takes them over;
 *                                                        sub-categories move up to the top level)
 *
 *   GET    /transactions                     transactionsQuery → transactionPageResponse
 *   GET    /transactions/export              transactionsExportQuery → text/csv (the same filters and sort)
 *   GET    /transactions/:id                 → transactionResponse
 *   POST   /transactions                     createTransactionInput → 201 transactionResponse (200: replay)
 *   PATCH  /transactions/:id                 updateTransactionInput → transactionResponse
 *                                             (category, note, counterparty, attachments; status of a
 *                                              pending one: completed moves the money, failed never will)
 *
 *   POST   /transfers                        transferInput → 201 transferResponse (200: the same key again)
 *                                             409 INSUFFICIENT_FUNDS | ACCOUNT_CLOSED | NO_ACCOUNT,
 *                                             400 SAME_ACCOUNT, 422 IDEMPOTENCY_KEY_REUSED
 *
 *   GET    /requests                         → requestsResponse     (incoming and outgoing)
 *   POST   /requests                         createRequestInput → 201 requestResponse
 *   POST   /requests/:id/accept              acceptRequestInput → transferResponse & { request }
 *   POST   /requests/:id/decline             → requestResponse      (the person asked)
 *   POST   /requests/:id/cancel              → requestResponse      (the person who asked)
 *
 *   GET    /contacts                         → contactsResponse     people the caller exchanged money with
 *   GET    /people?search=                   peopleQuery → contactsResponse  the workspace's people to send to
 *
 *   GET    /import/mapping                   → importMappingResponse   (the caller's remembered mapping)
 *   POST   /import/preview                   importInput → importPreviewResponse  (nothing is stored)
 *   POST   /import                           importInput → importResultResponse   (idempotent: a row
 *                                             already imported into the account is skipped; the mapping
 *                                             is remembered)
 *
 *   GET    /rules                            → rulesResponse
 *   POST   /rules                            ruleInput → 201 ruleResponse
 *   PATCH  /rules/:id                        ruleUpdateInput → ruleResponse
 *   DELETE /rules/:id                        → okSchema
 *
 *   GET    /budgets?month=YYYY-MM            budgetsQuery → budgetsResponse   (spent against budgeted)
 *   PUT    /budgets                          budgetInput → budgetsResponse    (amount 0 removes it)
 *
 *   GET    /recurring                        → recurringListResponse
 *   POST   /recurring                        recurringInput → 201 recurringResponse
 *   PATCH  /recurring/:id                    recurringUpdateInput → recurringResponse
 *   DELETE /recurring/:id                    → okSchema
 *
 *   GET    /overview?from=&to=&tz=&period=   bankingOverviewQuery → bankingOverviewResponse
 *
 * Live: `banking.changed` (contract/realtime.ts) goes to the people a write concerns (both sides of a
 * transfer or request); clients refetch what they show. A transfer to someone else, a request and its
 * answer also leave a notification.
 */
import { z } from 'zod';

import { errorSchema, idempotencyKeyField, versionField } from './common.ts';
import { fileSchema } from './files.ts';
import {
  endBoundField,
  listPageSchema,
  orderField,
  pageFields,
  searchField,
  startBoundField,
} from './list.ts';
import { overviewRangeQuery, trendFigureSchema } from './overview.ts';
import {
  accountKinds,
  accountStatuses,
  ACCOUNT_NAME_MAX,
  AMOUNT_MAX,
  AMOUNT_MIN,
  ATTACHMENTS_PER_TRANSACTION_MAX,
  balancePeriods,
  CATEGORY_NAME_MAX,
  categoryIcons,
  categoryKinds,
  COUNTERPARTY_MAX,
  CREDIT_LIMIT_MAX,
  HOLDER_NAME_MAX,
  IMPORT_CSV_MAX_BYTES,
  importDateFormats,
  importDecimalSeparators,
  importDelimiters,
  recurringFrequencies,
  requestStatuses,
  RULE_TEXT_MAX,
  TRANSACTION_NOTE_MAX,
  transactionDirections,
  transactionSortKeys,
  transactionSources,
  transactionStatuses,
  TRANSACTIONS_PAGE_SIZE,
  TRANSACTIONS_PAGE_SIZE_MAX,
  transactionTypes,
} from './banking-limits.ts';

export * from './banking-limits.ts';

const isoTime = z.iso.datetime({ offset: true });
const cents = z.number().int();
const day = z.iso.date();

// ── fields ──────────────────────────────────────────────────────────────────────────────────────────────

/** A positive amount in cents: 1 (0.01) to 100,000,000 (1,000,000.00). */
export const amountField = z
  .number({ error: 'validation.amountInvalid' })
  .int('validation.amountInvalid')
  .min(AMOUNT_MIN, 'validation.amountInvalid')
  .max(AMOUNT_MAX, 'validation.amountInvalid');

const idField = z.uuid({ error: 'validation.fieldTooLong' });
const accountIdField = z.uuid({ error: 'validation.fieldTooLong' });
const categoryIdField = z.uuid({ error: 'validation.categoryInvalid' });

const nameField = (max: number) =>
  z
    .string({ error: 'validation.partyNameRequired' })
    .trim()
    .min(1, 'validation.partyNameRequired')
    .max(max, 'validation.nameTooLong');

const textField = (max: number) =>
  z.string({ error: 'validation.fieldTooLong' }).trim().max(max, 'validation.fieldTooLong');

/** A calendar day (`2026-03-01`): when a transaction happened, in the person's own calendar. */
export const dayField = z.iso.date({ error: 'validation.dateInvalid' });

/** A month, `2026-03`. */
export const monthField = z
  .string({ error: 'validation.dateInvalid' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'validation.dateInvalid');

const attachmentIdsField = z
  .array(z.uuid({ error: 'validation.fileIdInvalid' }), { error: 'validation.fileIdInvalid' })
  .max(ATTACHMENTS_PER_TRANSACTION_MAX, 'validation.tooManyAttachments');

export const idParams = z.object({ id: idField });

// ── accounts ────────────────────────────────────────────────────────────────────────────────────────────

/** An account. `balance` is the sum of its postings (ADR 049), cents; a card's may be negative. */
export const accountSchema = z.object({
  id: z.uuid(),
  kind: z.enum(accountKinds),
  name: z.string(),
  status: z.enum(accountStatuses),
  balance: cents,
  currency: z.string(),
  /** Cards: what may be spent below zero (cents); 0 for other kinds. */
  creditLimit: cents,
  /** Cards only (display, never a real card number): the name on the card, `•••• 1234`, `MM/YY`. */
  holderName: z.string().nullable(),
  maskedNumber: z.string().nullable(),
  expiry: z.string().nullable(),
  /** Where money from other people arrives: the person's first open current account. */
  primary: z.boolean(),
  createdAt: isoTime,
  closedAt: isoTime.nullable(),
  version: z.number().int(),
});
export type BankAccount = z.infer<typeof accountSchema>;

export const accountsResponse = z.object({
  accounts: z.array(accountSchema),
  /** Σ balances of the open accounts. */
  totalBalance: cents,
  currency: z.string(),
});
export type AccountsResponse = z.infer<typeof accountsResponse>;
export const accountResponse = z.object({ account: accountSchema });

const cardLast4 = z.string({ error: 'validation.fieldTooLong' }).regex(/^\d{4}$/, 'validation.fieldTooLong');
const cardExpiry = z
  .string({ error: 'validation.dateInvalid' })
  .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'validation.dateInvalid');
const creditLimitField = z
  .number({ error: 'validation.amountInvalid' })
  .int('validation.amountInvalid')
  .min(0, 'validation.amountInvalid')
  .max(CREDIT_LIMIT_MAX, 'validation.amountInvalid');

/**
 * `POST /accounts`. A card takes `holderName`, `last4` and `expiry` (`MM/YY`) for display and an optional
 * `creditLimit` (default 0: it cannot go below zero); other kinds refuse them.
 */
export const createAccountInput = z
  .strictObject({
    kind: z.enum(accountKinds, { error: 'validation.categoryInvalid' }),
    name: nameField(ACCOUNT_NAME_MAX),
    holderName: nameField(HOLDER_NAME_MAX).optional(),
    last4: cardLast4.optional(),
    expiry: cardExpiry.optional(),
    creditLimit: creditLimitField.optional(),
  })
  .refine(
    (a) =>
      a.kind === 'card' ||
      (a.holderName === undefined &&
        a.last4 === undefined &&
        a.expiry === undefined &&
        a.creditLimit === undefined),
    { message: 'validation.categoryInvalid', path: ['kind'] },
  );
export type CreateAccountInput = z.input<typeof createAccountInput>;

/** `PATCH /accounts/:id`: rename; a card's display details and credit limit. */
export const updateAccountInput = z
  .strictObject({
    name: nameField(ACCOUNT_NAME_MAX),
    holderName: nameField(HOLDER_NAME_MAX),
    last4: cardLast4,
    expiry: cardExpiry,
    creditLimit: creditLimitField,
    version: versionField,
  })
  .partial();
export type UpdateAccountInput = z.input<typeof updateAccountInput>;

// ── categories ──────────────────────────────────────────────────────────────────────────────────────────

export const categorySchema = z.object({
  id: z.uuid(),
  kind: z.enum(categoryKinds),
  name: z.string(),
  icon: z.enum(categoryIcons),
  /** A sub-category's parent (one level). */
  parentId: z.uuid().nullable(),
  /** The default set's key (`groceries`, `salary`…); null for a person's own. The client may translate it. */
  key: z.string().nullable(),
});
export type BankCategory = z.infer<typeof categorySchema>;
export const categoriesResponse = z.object({ categories: z.array(categorySchema) });
export const categoryResponse = z.object({ category: categorySchema });

export const createCategoryInput = z.strictObject({
  kind: z.enum(categoryKinds, { error: 'validation.categoryInvalid' }),
  name: nameField(CATEGORY_NAME_MAX),
  icon: z.enum(categoryIcons, { error: 'validation.categoryInvalid' }).default('other'),
  parentId: categoryIdField.nullable().default(null),
});
export type CreateCategoryInput = z.input<typeof createCategoryInput>;

export const updateCategoryInput = z
  .strictObject({
    name: nameField(CATEGORY_NAME_MAX),
    icon: z.enum(categoryIcons, { error: 'validation.categoryInvalid' }),
    parentId: categoryIdField.nullable(),
  })
  .partial();
export type UpdateCategoryInput = z.input<typeof updateCategoryInput>;

/** `DELETE /categories/:id`: where what uses the category goes (another of the caller's, same kind). */
export const deleteCategoryQuery = z.object({ reassignTo: categoryIdField.optional() });
export type DeleteCategoryQuery = z.input<typeof deleteCategoryQuery>;

/** 409 CATEGORY_IN_USE: how many transactions, rules, recurring transactions and budgets use it. */
export const categoryInUseSchema = errorSchema.extend({ used: z.number().int().optional() });

// ── transactions ────────────────────────────────────────────────────────────────────────────────────────

export const personRefSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
});
export type PersonRef = z.infer<typeof personRefSchema>;

export const accountRefSchema = z.object({ id: z.uuid(), name: z.string(), kind: z.enum(accountKinds) });

/** A transaction as the caller sees it (one side of a transfer between two people). */
export const transactionSchema = z.object({
  id: z.uuid(),
  type: z.enum(transactionTypes),
  /** For the caller: money in, out, or between their own accounts. */
  direction: z.enum(transactionDirections),
  status: z.enum(transactionStatuses),
  source: z.enum(transactionSources),
  /** Positive cents; the direction says which way. */
  amount: cents,
  /** The amount for the caller: +amount in, −amount out, 0 internal. */
  signedAmount: cents,
  currency: z.string(),
  /** The day it happened. */
  date: day,
  /** The caller's account it moved (for `internal`, the one it left). */
  account: accountRefSchema,
  /** The other of the caller's accounts (internal transfers only). */
  toAccount: accountRefSchema.nullable(),
  /** The payee or payer as written (for a transfer with someone: their name). */
  counterparty: z.string(),
  /** The other person of a transfer or request; null otherwise. */
  person: personRefSchema.nullable(),
  /** The caller's category; null for transfers between people unless they set one. */
  category: categorySchema.nullable(),
  note: z.string(),
  attachments: z.array(fileSchema),
  createdAt: isoTime,
  updatedAt: isoTime,
  version: z.number().int(),
});
export type BankTransaction = z.infer<typeof transactionSchema>;

export const transactionResponse = z.object({ transaction: transactionSchema });
export const transactionPageResponse = listPageSchema('transactions', transactionSchema);
export type TransactionPage = z.infer<typeof transactionPageResponse>;

const transactionFilters = {
  accountId: accountIdField.optional(),
  /** A category and its sub-categories; `none` for uncategorised. */
  categoryId: z.union([z.literal('none'), categoryIdField]).optional(),
  type: z.enum(transactionTypes, { error: 'validation.categoryInvalid' }).optional(),
  /** in, out or internal, for the caller. */
  direction: z.enum(transactionDirections, { error: 'validation.categoryInvalid' }).optional(),
  status: z.enum(transactionStatuses, { error: 'validation.categoryInvalid' }).optional(),
  /** Days (`2026-03-01`, both included) or instants with their offset, as the overview's links send. */
  startDate: startBoundField(),
  endDate: endBoundField(),
  /** Amount range in cents (of `amount`, the positive figure). */
  minAmount: z.coerce
    .number({ error: 'validation.amountInvalid' })
    .int('validation.amountInvalid')
    .min(0, 'validation.amountInvalid')
    .optional(),
  maxAmount: z.coerce
    .number({ error: 'validation.amountInvalid' })
    .int('validation.amountInvalid')
    .min(0, 'validation.amountInvalid')
    .optional(),
  /** Part of the counterparty, the note or the other person's name. */
  search: searchField(),
  sort: z.enum(transactionSortKeys, { error: 'validation.sortInvalid' }).default('date'),
  order: orderField('desc'),
};

const validRanges = <
  T extends {
    startDate?: string | undefined;
    endDate?: string | undefined;
    minAmount?: number | undefined;
    maxAmount?: number | undefined;
  },
>(
  schema: z.ZodType<T>,
) =>
  schema
    // The bounds are instants by now, a day's end being the next midnight: a one-day range (the same day
    // as start and end) passes, an end day before the start day does not.
    .refine((q) => !q.startDate || !q.endDate || q.startDate < q.endDate, {
      message: 'validation.dateRangeInvalid',
      path: ['endDate'],
    })
    .refine((q) => q.minAmount === undefined || q.maxAmount === undefined || q.minAmount <= q.maxAmount, {
      message: 'validation.priceRangeInvalid',
      path: ['maxAmount'],
    });

/**
 * `GET /transactions`: the caller's transactions (both sides of transfers they are part of), paged, sorted
 * (`date` = the day, then creation time) and filtered.
 */
export const transactionsQuery = validRanges(
  z.object({ ...pageFields(TRANSACTIONS_PAGE_SIZE, TRANSACTIONS_PAGE_SIZE_MAX), ...transactionFilters }),
);
export type TransactionsQuery = z.input<typeof transactionsQuery>;

/** `GET /transactions/export`: the same filters and sort, as CSV (at most TRANSACTIONS_EXPORT_MAX rows). */
export const transactionsExportQuery = validRanges(z.object(transactionFilters));

/**
 * `POST /transactions`: an income (a deposit) or an expense on one of the caller's open accounts. A
 * `completed` one moves the money at once (an expense beyond what the account may spend is 409
 * INSUFFICIENT_FUNDS); a `pending` one moves it when it is marked completed.
 */
export const createTransactionInput = z.strictObject({
  type: z.enum(['income', 'expense'], { error: 'validation.categoryInvalid' }),
  accountId: accountIdField,
  amount: amountField,
  date: dayField,
  counterparty: textField(COUNTERPARTY_MAX).default(''),
  categoryId: categoryIdField.nullable().default(null),
  note: textField(TRANSACTION_NOTE_MAX).default(''),
  status: z.enum(['pending', 'completed'], { error: 'validation.categoryInvalid' }).default('completed'),
  /** Files uploaded first (`POST /api/files?use=attachment`), the caller's own. */
  attachmentIds: attachmentIdsField.default([]),
  idempotencyKey: idempotencyKeyField,
});
export type CreateTransactionInput = z.input<typeof createTransactionInput>;

/**
 * `PATCH /transactions/:id`: what the caller may change. `status` only from pending (completed moves the
 * money, 409 INSUFFICIENT_FUNDS when it cannot; failed never will). Attachments replace the list.
 */
export const updateTransactionInput = z
  .strictObject({
    categoryId: categoryIdField.nullable(),
    note: textField(TRANSACTION_NOTE_MAX),
    counterparty: textField(COUNTERPARTY_MAX),
    attachmentIds: attachmentIdsField,
    status: z.enum(['completed', 'failed'], { error: 'validation.categoryInvalid' }),
    version: versionField,
  })
  .partial();
export type UpdateTransactionInput = z.input<typeof updateTransactionInput>;

// ── transfers ───────────────────────────────────────────────────────────────────────────────────────────

/**
 * `POST /transfers`: from one of the caller's open accounts to another of theirs (`toAccountId`) or to a
 * person of the workspace (`toUserId`: their primary account; one is opened for them if they have none).
 * Exactly one of the two. The same `idempotencyKey` again answers the first transfer (200) and moves nothing.
 */
export const transferInput = z
  .strictObject({
    fromAccountId: accountIdField,
    toAccountId: accountIdField.optional(),
    toUserId: z.uuid({ error: 'validation.userRefInvalid' }).optional(),
    amount: amountField,
    note: textField(TRANSACTION_NOTE_MAX).default(''),
    idempotencyKey: idempotencyKeyField,
  })
  .refine((t) => (t.toAccountId === undefined) !== (t.toUserId === undefined), {
    message: 'validation.recipientsRequired',
    path: ['toUserId'],
  });
export type TransferInput = z.input<typeof transferInput>;

/** A transfer made (or the one the key made before), and the caller's source account after it. */
export const transferResponse = z.object({
  transaction: transactionSchema,
  fromAccount: accountSchema,
});
export type TransferResponse = z.infer<typeof transferResponse>;

/** 409 INSUFFICIENT_FUNDS: how much the account could send. */
export const transferErrorSchema = errorSchema.extend({ available: cents.optional() });

// ── requests ────────────────────────────────────────────────────────────────────────────────────────────

export const moneyRequestSchema = z.object({
  id: z.uuid(),
  /** Who asks for the money (and receives it). */
  requester: personRefSchema,
  /** Who is asked (and pays). */
  payer: personRefSchema,
  amount: cents,
  currency: z.string(),
  note: z.string(),
  status: z.enum(requestStatuses),
  /** The transfer that paid it (accepted only; visible to both). */
  transactionId: z.uuid().nullable(),
  createdAt: isoTime,
  answeredAt: isoTime.nullable(),
});
export type MoneyRequest = z.infer<typeof moneyRequestSchema>;

export const requestsResponse = z.object({
  /** Asked of the caller, newest first (pending first). */
  incoming: z.array(moneyRequestSchema),
  /** The caller's own requests. */
  outgoing: z.array(moneyRequestSchema),
});
export type RequestsResponse = z.infer<typeof requestsResponse>;
export const requestResponse = z.object({ request: moneyRequestSchema });

/** `POST /requests`: ask `payerId` (not oneself) for an amount. */
export const createRequestInput = z.strictObject({
  payerId: z.uuid({ error: 'validation.userRefInvalid' }),
  amount: amountField,
  note: textField(TRANSACTION_NOTE_MAX).default(''),
});
export type CreateRequestInput = z.input<typeof createRequestInput>;

/** `POST /requests/:id/accept`: pay it from one of the caller's accounts (a transfer, idempotent by key). */
export const acceptRequestInput = z.strictObject({
  fromAccountId: accountIdField,
  idempotencyKey: idempotencyKeyField,
});
export type AcceptRequestInput = z.input<typeof acceptRequestInput>;
export const acceptRequestResponse = transferResponse.extend({ request: moneyRequestSchema });

// ── contacts ────────────────────────────────────────────────────────────────────────────────────────────

export const contactSchema = personRefSchema.extend({
  /** Transfers exchanged with the caller (both ways), and the last one's time; 0 / null for people found. */
  transfers: z.number().int(),
  lastAt: isoTime.nullable(),
});
export type BankContact = z.infer<typeof contactSchema>;
export const contactsResponse = z.object({ contacts: z.array(contactSchema) });

/** `GET /people?search=`: active people of the workspace (not the caller), by name or email. */
export const peopleQuery = z.object({ search: searchField() });

// ── CSV import ──────────────────────────────────────────────────────────────────────────────────────────

const columnField = z
  .number({ error: 'validation.numberInvalid' })
  .int('validation.numberInvalid')
  .min(0, 'validation.numberInvalid')
  .max(99, 'validation.numberInvalid');

/**
 * Which column (0-based) holds what. `amount` is signed (negative = money out); or `debit` and `credit`
 * columns (positive figures) instead of it.
 */
export const importMappingSchema = z
  .strictObject({
    date: columnField,
    amount: columnField.nullable().default(null),
    debit: columnField.nullable().default(null),
    credit: columnField.nullable().default(null),
    counterparty: columnField,
    note: columnField.nullable().default(null),
    dateFormat: z.enum(importDateFormats, { error: 'validation.dateInvalid' }).default('YYYY-MM-DD'),
    delimiter: z.enum(importDelimiters, { error: 'validation.fieldTooLong' }).default(','),
    decimal: z.enum(importDecimalSeparators, { error: 'validation.fieldTooLong' }).default('.'),
    hasHeader: z.boolean({ error: 'validation.fieldTooLong' }).default(true),
  })
  .refine((m) => m.amount !== null || (m.debit !== null && m.credit !== null), {
    message: 'validation.amountInvalid',
    path: ['amount'],
  });
export type ImportMapping = z.output<typeof importMappingSchema>;
export type ImportMappingInput = z.input<typeof importMappingSchema>;

export const importMappingResponse = z.object({ mapping: importMappingSchema.nullable() });

/** `POST /import/preview` and `POST /import`: the statement's text into one of the caller's open accounts. */
export const importInput = z.strictObject({
  accountId: accountIdField,
  csv: z
    .string({ error: 'validation.fieldTooLong' })
    .min(1, 'validation.fieldTooLong')
    .max(IMPORT_CSV_MAX_BYTES, 'validation.fieldTooLong'),
  mapping: importMappingSchema,
});
export type ImportInput = z.input<typeof importInput>;

export const importRowSchema = z.object({
  /** 1-based line of the file. */
  line: z.number().int(),
  date: day.nullable(),
  type: z.enum(['income', 'expense']).nullable(),
  /** Positive cents. */
  amount: cents.nullable(),
  counterparty: z.string(),
  note: z.string(),
  /** From the caller's rules (the first rule whose text the counterparty contains). */
  categoryId: z.uuid().nullable(),
  /** Already in the account (imported before, or the same row earlier in this file). */
  duplicate: z.boolean(),
  /** Why the row cannot be imported (`date`, `amount`, `columns`); null when it can. */
  error: z.enum(['date', 'amount', 'columns']).nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importPreviewResponse = z.object({
  /** The header row's cells (when `hasHeader`), to label the mapping's columns. */
  header: z.array(z.string()),
  rows: z.array(importRowSchema),
  /** Rows that would be imported (not duplicates, no error). */
  toImport: z.number().int(),
});
export type ImportPreview = z.infer<typeof importPreviewResponse>;

export const importResultResponse = z.object({
  imported: z.number().int(),
  duplicates: z.number().int(),
  failed: z.number().int(),
  account: accountSchema,
});
export type ImportResult = z.infer<typeof importResultResponse>;

// ── rules ───────────────────────────────────────────────────────────────────────────────────────────────

/** Payee contains `contains` (any letter case) → `categoryId`. The first matching rule, oldest first, wins. */
export const ruleSchema = z.object({
  id: z.uuid(),
  contains: z.string(),
  categoryId: z.uuid(),
  createdAt: isoTime,
});
export type BankRule = z.infer<typeof ruleSchema>;
export const rulesResponse = z.object({ rules: z.array(ruleSchema) });
export const ruleResponse = z.object({ rule: ruleSchema });
export const ruleInput = z.strictObject({
  contains: nameField(RULE_TEXT_MAX),
  categoryId: categoryIdField,
});
export type RuleInput = z.input<typeof ruleInput>;
export const ruleUpdateInput = ruleInput.partial();

// ── budgets ─────────────────────────────────────────────────────────────────────────────────────────────

export const budgetSchema = z.object({
  categoryId: z.uuid(),
  /** Budgeted for the month, cents. */
  amount: cents,
  /** Completed expenses of the category (and its sub-categories) dated in the month, cents. */
  spent: cents,
});
export type Budget = z.infer<typeof budgetSchema>;
export const budgetsResponse = z.object({
  month: z.string(),
  budgets: z.array(budgetSchema),
  currency: z.string(),
});
export type BudgetsResponse = z.infer<typeof budgetsResponse>;
export const budgetsQuery = z.object({ month: monthField });
/** `PUT /budgets`: sets an expense category's budget for a month; 0 removes it. */
export const budgetInput = z.strictObject({
  month: monthField,
  categoryId: categoryIdField,
  amount: z
    .number({ error: 'validation.amountInvalid' })
    .int('validation.amountInvalid')
    .min(0, 'validation.amountInvalid')
    .max(AMOUNT_MAX, 'validation.amountInvalid'),
});
export type BudgetInput = z.input<typeof budgetInput>;

// ── recurring ───────────────────────────────────────────────────────────────────────────────────────────

/**
 * A recurring income or expense (salary, rent): on `nextDate` and then every week or month (a monthly one
 * on the start day, the month's last day when shorter), the scheduled job writes the transaction, once per
 * occurrence however many instances run. An expense the account cannot cover is written as `failed`.
 */
export const recurringSchema = z.object({
  id: z.uuid(),
  type: z.enum(['income', 'expense']),
  accountId: z.uuid(),
  amount: cents,
  counterparty: z.string(),
  categoryId: z.uuid().nullable(),
  note: z.string(),
  frequency: z.enum(recurringFrequencies),
  /** The first occurrence's day; monthly ones fall on its day of the month. */
  startDate: day,
  /** The next occurrence the job will write. */
  nextDate: day,
  active: z.boolean(),
  createdAt: isoTime,
});
export type Recurring = z.infer<typeof recurringSchema>;
export const recurringListResponse = z.object({ recurring: z.array(recurringSchema) });
export const recurringResponse = z.object({ recurring: recurringSchema });
export const recurringInput = z.strictObject({
  type: z.enum(['income', 'expense'], { error: 'validation.categoryInvalid' }),
  accountId: accountIdField,
  amount: amountField,
  counterparty: textField(COUNTERPARTY_MAX).default(''),
  categoryId: categoryIdField.nullable().default(null),
  note: textField(TRANSACTION_NOTE_MAX).default(''),
  frequency: z.enum(recurringFrequencies, { error: 'validation.categoryInvalid' }),
  startDate: dayField,
});
export type RecurringInput = z.input<typeof recurringInput>;
export const recurringUpdateInput = z
  .strictObject({
    amount: amountField,
    counterparty: textField(COUNTERPARTY_MAX),
    categoryId: categoryIdField.nullable(),
    note: textField(TRANSACTION_NOTE_MAX),
    active: z.boolean({ error: 'validation.completedInvalid' }),
  })
  .partial();
export type RecurringUpdateInput = z.input<typeof recurringUpdateInput>;

// ── overview ────────────────────────────────────────────────────────────────────────────────────────────

/** `GET /overview`: the dashboard range (`from`, `to`, `tz`) and the balance statistics' period. */
export const bankingOverviewQuery = overviewRangeQuery.and(
  z.object({
    period: z.enum(balancePeriods, { error: 'validation.categoryInvalid' }).default('month'),
  }),
);
export type BankingOverviewQuery = z.input<typeof bankingOverviewQuery>;

/** One bucket of the balance statistics (a week from its Monday, a month, a year), cents. */
export const balanceBucketSchema = z.object({
  /** The bucket's first day. */
  start: day,
  income: cents,
  expenses: cents,
  /** Net moved into savings accounts (transfers and deposits in, less what left them). */
  savings: cents,
  /** Expenses in the `investments` category (and its sub-categories). */
  investment: cents,
});
export type BalanceBucket = z.infer<typeof balanceBucketSchema>;

export const expenseCategoryFigureSchema = z.object({
  /** A top-level expense category (sub-categories counted in it); null: uncategorised. */
  categoryId: z.uuid().nullable(),
  name: z.string(),
  icon: z.enum(categoryIcons).nullable(),
  key: z.string().nullable(),
  value: cents,
});
export type ExpenseCategoryFigure = z.infer<typeof expenseCategoryFigureSchema>;

/**
 * The caller's banking overview (their own money only, administrators included). Income and expenses are
 * completed transactions dated in the range (transfers between people count: received as income, sent as
 * expenses; between one's own accounts, neither), compared with the previous period, with daily series.
 */
export const bankingOverviewResponse = z.object({
  currency: z.string(),
  totalBalance: cents,
  accounts: z.array(accountSchema),
  income: trendFigureSchema,
  expenses: trendFigureSchema,
  period: z.enum(balancePeriods),
  balanceStats: z.array(balanceBucketSchema),
  expenseCategories: z.array(expenseCategoryFigureSchema),
  recent: z.array(transactionSchema),
  contacts: z.array(contactSchema),
  /** Money requests waiting for the caller's answer. */
  pendingRequests: z.number().int(),
});
export type BankingOverview = z.infer<typeof bankingOverviewResponse>;
