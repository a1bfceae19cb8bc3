/**
 * Banking's reads and the writes that move no money (ADR 049): profiles with their default categories and
 * first account, accounts, categories, the caller's transactions as they see them, contacts, requests,
 * rules, budgets and recurring transactions. Every function is scoped by the caller's id.
 */
import { and, asc, desc, eq, gte, inArray, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type {
  AccountKind,
  BankAccount,
  BankCategory,
  BankContact,
  BankRule,
  BankTransaction,
  CategoryIcon,
  CategoryKind,
  MoneyRequest,
  PersonRef,
  Recurring,
  TransactionDirection,
  TransactionSortKey,
  TransactionStatus,
  TransactionType,
} from '#shared/contract/banking.ts';
import type { StoredFile } from '#shared/contract/files.ts';

import type { Db } from '../../db/client.ts';
import {
  bankingAccounts,
  bankingBudgets,
  bankingCategories,
  bankingProfiles,
  bankingRecurring,
  bankingRequests,
  bankingRules,
  bankingTransactionFiles,
  bankingTransactions,
  files,
  users,
  type BankingAccountRow,
  type BankingCategoryRow,
  type BankingRecurringRow,
} from '../../db/schema/index.ts';
import { escapeLike } from '../../lib/search.ts';
import type { FileRow } from '../files/files.service.ts';

// ── profiles and defaults ───────────────────────────────────────────────────────────────────────────────

interface DefaultCategory {
  key: string;
  name: string;
  icon: CategoryIcon;
  children?: DefaultCategory[];
}

/** The default set every person starts with (names in English; the client translates them by `key`). */
export const DEFAULT_CATEGORIES: Record<CategoryKind, DefaultCategory[]> = {
  income: [
    { key: 'salary', name: 'Salary', icon: 'salary' },
    { key: 'bonus', name: 'Bonus', icon: 'bonus' },
    { key: 'interest', name: 'Interest', icon: 'interest' },
    { key: 'gifts', name: 'Gifts', icon: 'gift' },
    { key: 'refunds', name: 'Refunds', icon: 'refund' },
    { key: 'otherIncome', name: 'Other income', icon: 'other' },
  ],
  expense: [
    {
      key: 'housing',
      name: 'Housing',
      icon: 'home',
      children: [
        { key: 'rent', name: 'Rent', icon: 'home' },
        { key: 'utilities', name: 'Utilities', icon: 'utilities' },
        { key: 'internet', name: 'Internet and phone', icon: 'internet' },
      ],
    },
    { key: 'groceries', name: 'Groceries', icon: 'groceries' },
    { key: 'restaurants', name: 'Restaurants', icon: 'restaurant' },
    {
      key: 'transport',
      name: 'Transport',
      icon: 'transport',
      children: [{ key: 'fuel', name: 'Fuel', icon: 'fuel' }],
    },
    { key: 'health', name: 'Health', icon: 'health' },
    { key: 'shopping', name: 'Shopping', icon: 'shopping' },
    { key: 'entertainment', name: 'Entertainment', icon: 'entertainment' },
    { key: 'travel', name: 'Travel', icon: 'travel' },
    { key: 'subscriptions', name: 'Subscriptions', icon: 'subscriptions' },
    { key: 'insurance', name: 'Insurance', icon: 'insurance' },
    { key: 'investments', name: 'Investments', icon: 'investments' },
    { key: 'taxes', name: 'Taxes', icon: 'taxes' },
    { key: 'fees', name: 'Bank fees', icon: 'fees' },
    { key: 'otherExpense', name: 'Other expenses', icon: 'other' },
  ],
};

/** The rows of the default categories for `userId` (ids chosen here, so children can name parents). */
export function defaultCategoryRows(userId: string): Array<typeof bankingCategories.$inferInsert> {
  const rows: Array<typeof bankingCategories.$inferInsert> = [];
  for (const kind of ['income', 'expense'] as const) {
    for (const c of DEFAULT_CATEGORIES[kind]) {
      const id = crypto.randomUUID();
      rows.push({ id, userId, kind, name: c.name, icon: c.icon, key: c.key, parentId: null });
      for (const child of c.children ?? []) {
        rows.push({ userId, kind, name: child.name, icon: child.icon, key: child.key, parentId: id });
      }
    }
  }
  return rows;
}

/** People whose profile this process has seen (a profile is never removed but with its person). */
const profiled = new Set<string>();

/**
 * Makes `userId`'s banking profile on first use: the default categories and a current account, in one
 * transaction (a concurrent first use waits on the profile's key and finds it made).
 */
export async function ensureProfile(db: Db, userId: string): Promise<void> {
  if (profiled.has(userId)) return;
  await db.transaction(async (tx) => {
    const made = await tx
      .insert(bankingProfiles)
      .values({ userId })
      .onConflictDoNothing()
      .returning({ userId: bankingProfiles.userId });
    if (!made.length) return;
    await tx.insert(bankingCategories).values(defaultCategoryRows(userId));
    await tx.insert(bankingAccounts).values({ userId, kind: 'current', name: 'Main account' });
  });
  if (profiled.size > 50_000) profiled.clear();
  profiled.add(userId);
}

export async function importMappingOf(db: Db, userId: string) {
  const [row] = await db
    .select({ mapping: bankingProfiles.importMapping })
    .from(bankingProfiles)
    .where(eq(bankingProfiles.userId, userId));
  return row?.mapping ?? null;
}

export async function rememberMapping(
  db: Db,
  userId: string,
  mapping: NonNullable<typeof bankingProfiles.$inferSelect.importMapping>,
) {
  await db.update(bankingProfiles).set({ importMapping: mapping }).where(eq(bankingProfiles.userId, userId));
}

// ── accounts ────────────────────────────────────────────────────────────────────────────────────────────

export function toAccount(row: BankingAccountRow, currency: string, primaryId: string | null): BankAccount {
  return {
    id: row.id,
    kind: row.kind as AccountKind,
    name: row.name,
    status: row.status,
    balance: row.balance,
    currency,
    creditLimit: row.creditLimit,
    holderName: row.holderName,
    maskedNumber: row.cardLast4 ? `•••• ${row.cardLast4}` : null,
    expiry: row.cardExpiry,
    primary: row.id === primaryId,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    version: row.version,
  };
}

/** The person's accounts, open ones first, oldest first. */
export async function accountRowsOf(db: Db, userId: string): Promise<BankingAccountRow[]> {
  return db
    .select()
    .from(bankingAccounts)
    .where(eq(bankingAccounts.userId, userId))
    .orderBy(
      sql`${bankingAccounts.status} = 'closed'`,
      asc(bankingAccounts.createdAt),
      asc(bankingAccounts.id),
    );
}

/** Where money from others arrives: the oldest open current account. */
export const primaryOf = (rows: BankingAccountRow[]) =>
  rows.find((r) => r.kind === 'current' && r.status === 'open')?.id ?? null;

export async function accountsOf(db: Db, userId: string, currency: string) {
  const rows = await accountRowsOf(db, userId);
  const primary = primaryOf(rows);
  const accounts = rows.map((r) => toAccount(r, currency, primary));
  return {
    accounts,
    totalBalance: rows.filter((r) => r.status === 'open').reduce((sum, r) => sum + r.balance, 0),
    currency,
  };
}

export async function findAccount(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(bankingAccounts)
    .where(and(eq(bankingAccounts.id, id), eq(bankingAccounts.userId, userId)));
  return row;
}

export async function accountAnswer(db: Db, userId: string, id: string, currency: string) {
  const rows = await accountRowsOf(db, userId);
  const row = rows.find((r) => r.id === id);
  return row ? toAccount(row, currency, primaryOf(rows)) : undefined;
}

export async function countAccounts(db: Db, userId: string) {
  return db.$count(bankingAccounts, eq(bankingAccounts.userId, userId));
}

export async function insertAccount(db: Db, values: typeof bankingAccounts.$inferInsert) {
  const [row] = await db.insert(bankingAccounts).values(values).returning();
  return row!;
}

/** Edits the name or card details from version `version` (undefined: whatever it is); false when stale. */
export async function updateAccount(
  db: Db,
  userId: string,
  id: string,
  patch: Partial<Pick<BankingAccountRow, 'name' | 'holderName' | 'cardLast4' | 'cardExpiry' | 'creditLimit'>>,
  version: number | undefined,
): Promise<boolean> {
  const rows = await db
    .update(bankingAccounts)
    .set({ ...patch, updatedAt: sql`now()`, version: sql`${bankingAccounts.version} + 1` })
    .where(
      and(
        eq(bankingAccounts.id, id),
        eq(bankingAccounts.userId, userId),
        version === undefined ? undefined : eq(bankingAccounts.version, version),
      ),
    )
    .returning({ id: bankingAccounts.id });
  return rows.length > 0;
}

/** The person's primary account, their profile made first when they have none. */
export async function primaryAccountOf(db: Db, userId: string): Promise<string | null> {
  await ensureProfile(db, userId);
  return primaryOf(await accountRowsOf(db, userId));
}

// ── people ──────────────────────────────────────────────────────────────────────────────────────────────

const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  avatarUrl: users.avatarUrl,
};
type PersonRow = { id: string; firstName: string; lastName: string; email: string; avatarUrl: string | null };
export const toPerson = (r: PersonRow): PersonRef => ({
  id: r.id,
  name: `${r.firstName} ${r.lastName}`.trim() || r.email,
  email: r.email,
  avatarUrl: r.avatarUrl,
});

export async function activePerson(db: Db, id: string): Promise<PersonRef | undefined> {
  const [row] = await db
    .select(personColumns)
    .from(users)
    .where(and(eq(users.id, id), eq(users.status, 'active')));
  return row ? toPerson(row) : undefined;
}

export async function peopleById(db: Db, ids: string[]): Promise<Map<string, PersonRef>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select(personColumns)
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, toPerson(r)]));
}

/** Active people other than `userId` whose name or email contains `search` (at most 20). */
export async function findPeople(db: Db, userId: string, search: string): Promise<BankContact[]> {
  const term = `%${escapeLike(search.toLowerCase())}%`;
  const rows = await db
    .select(personColumns)
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        ne(users.id, userId),
        search
          ? sql`(lower(${users.firstName} || ' ' || ${users.lastName}) like ${term} escape '\\' or ${users.email} like ${term} escape '\\')`
          : undefined,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(20);
  return rows.map((r) => ({ ...toPerson(r), transfers: 0, lastAt: null }));
}

/** People `userId` exchanged money with (transfers both ways), the most recent first. */
export async function contactsOf(db: Db, userId: string, limit: number): Promise<BankContact[]> {
  const t = bankingTransactions;
  const other = sql<string>`case when ${t.fromUserId} = ${userId} then ${t.toUserId} else ${t.fromUserId} end`;
  const exchanged = db
    .select({
      otherId: other.as('other_id'),
      n: sql<number>`count(*)::int`.as('n'),
      lastAt: sql<Date>`max(${t.createdAt})`.as('last_at'),
    })
    .from(t)
    .where(
      and(
        eq(t.type, 'transfer'),
        eq(t.status, 'completed'),
        or(eq(t.fromUserId, userId), eq(t.toUserId, userId)),
        sql`${t.fromUserId} is not null and ${t.toUserId} is not null and ${t.fromUserId} <> ${t.toUserId}`,
      ),
    )
    .groupBy(sql`1`)
    .as('exchanged');
  const rows = await db
    .select({ ...personColumns, n: exchanged.n, lastAt: exchanged.lastAt })
    .from(exchanged)
    .innerJoin(users, eq(users.id, exchanged.otherId))
    .orderBy(desc(exchanged.lastAt))
    .limit(limit);
  return rows.map((r) => ({
    ...toPerson(r),
    transfers: Number(r.n),
    lastAt: new Date(r.lastAt).toISOString(),
  }));
}

// ── categories ──────────────────────────────────────────────────────────────────────────────────────────

export const toCategory = (r: BankingCategoryRow): BankCategory => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  icon: r.icon,
  parentId: r.parentId,
  key: r.key,
});

export async function categoriesOf(db: Db, userId: string): Promise<BankCategory[]> {
  const rows = await db
    .select()
    .from(bankingCategories)
    .where(eq(bankingCategories.userId, userId))
    .orderBy(asc(bankingCategories.kind), asc(bankingCategories.createdAt), asc(bankingCategories.name));
  return rows.map(toCategory);
}

export async function findCategory(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(bankingCategories)
    .where(and(eq(bankingCategories.id, id), eq(bankingCategories.userId, userId)));
  return row;
}

export async function countCategories(db: Db, userId: string) {
  return db.$count(bankingCategories, eq(bankingCategories.userId, userId));
}

export async function insertCategory(db: Db, values: typeof bankingCategories.$inferInsert) {
  const [row] = await db.insert(bankingCategories).values(values).returning();
  return row!;
}

export async function updateCategory(
  db: Db,
  userId: string,
  id: string,
  patch: Partial<Pick<BankingCategoryRow, 'name' | 'icon' | 'parentId' | 'key'>>,
) {
  const mine = and(eq(bankingCategories.id, id), eq(bankingCategories.userId, userId));
  // An empty patch (`{}`, which the contract allows) changes nothing: drizzle refuses an empty `set`.
  const [row] = Object.values(patch).some((value) => value !== undefined)
    ? await db.update(bankingCategories).set(patch).where(mine).returning()
    : await db.select().from(bankingCategories).where(mine);
  return row;
}

/** Deletes a category; its children move to the top level (the foreign key sets their parent null). */
export async function deleteCategory(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(bankingCategories)
    .where(and(eq(bankingCategories.id, id), eq(bankingCategories.userId, userId)))
    .returning({ id: bankingCategories.id });
  return rows.length > 0;
}

/**
 * What of the person's uses a category: their side of transactions, rules, recurring transactions and
 * budgets (sub-categories are not counted: deleting a parent moves them to the top level).
 */
export async function categoryUsage(db: Db, userId: string, id: string): Promise<number> {
  const tx = bankingTransactions;
  const [transactions, rules, recurring, budgets] = await Promise.all([
    db.$count(
      tx,
      or(
        and(eq(tx.fromUserId, userId), eq(tx.fromCategoryId, id)),
        and(eq(tx.toUserId, userId), eq(tx.toCategoryId, id)),
      ),
    ),
    db.$count(bankingRules, and(eq(bankingRules.userId, userId), eq(bankingRules.categoryId, id))),
    db.$count(
      bankingRecurring,
      and(eq(bankingRecurring.userId, userId), eq(bankingRecurring.categoryId, id)),
    ),
    db.$count(bankingBudgets, and(eq(bankingBudgets.userId, userId), eq(bankingBudgets.categoryId, id))),
  ]);
  return transactions + rules + recurring + budgets;
}

/**
 * Deletes a category after moving what used it to `to` (same person, same kind; checked by the caller):
 * the person's side of its transactions, its rules and recurring transactions, and its budgets (added to
 * `to`'s budget of the same month). One database transaction: all moved and deleted, or nothing.
 */
export async function deleteCategoryReassigning(
  db: Db,
  userId: string,
  id: string,
  to: string,
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const tx = bankingTransactions;
    await trx
      .update(tx)
      .set({ fromCategoryId: to, version: sql`${tx.version} + 1`, updatedAt: new Date() })
      .where(and(eq(tx.fromUserId, userId), eq(tx.fromCategoryId, id)));
    await trx
      .update(tx)
      .set({ toCategoryId: to, version: sql`${tx.version} + 1`, updatedAt: new Date() })
      .where(and(eq(tx.toUserId, userId), eq(tx.toCategoryId, id)));
    await trx
      .update(bankingRules)
      .set({ categoryId: to })
      .where(and(eq(bankingRules.userId, userId), eq(bankingRules.categoryId, id)));
    await trx
      .update(bankingRecurring)
      .set({ categoryId: to })
      .where(and(eq(bankingRecurring.userId, userId), eq(bankingRecurring.categoryId, id)));
    await trx.execute(sql`
      insert into ${bankingBudgets} (user_id, category_id, month, amount)
      select user_id, ${to}, month, amount from ${bankingBudgets}
      where user_id = ${userId} and category_id = ${id}
      on conflict (user_id, month, category_id)
      do update set amount = ${bankingBudgets}.amount + excluded.amount`);
    return deleteCategory(trx, userId, id);
  });
}

export async function hasChildren(db: Db, id: string) {
  return (await db.$count(bankingCategories, eq(bankingCategories.parentId, id))) > 0;
}

// ── transactions ────────────────────────────────────────────────────────────────────────────────────────

const fromAccount = alias(bankingAccounts, 'from_account');
const toAccountT = alias(bankingAccounts, 'to_account');
const fromUser = alias(users, 'from_user');
const toUser = alias(users, 'to_user');
const fromCategory = alias(bankingCategories, 'from_category');
const toCategoryT = alias(bankingCategories, 'to_category');

const t = bankingTransactions;

/** The caller's transactions: they own one side (or both). */
const mine = (userId: string) => or(eq(t.fromUserId, userId), eq(t.toUserId, userId))!;

/** For the caller: in, out, or internal. */
const directionOf = (userId: string) =>
  sql<TransactionDirection>`case when ${t.fromUserId} = ${userId} and ${t.toUserId} = ${userId} then 'internal' when ${t.toUserId} = ${userId} then 'in' else 'out' end`;

/** The caller's side's category. */
const myCategory = (userId: string) =>
  sql<
    string | null
  >`case when ${t.fromUserId} = ${userId} then ${t.fromCategoryId} else ${t.toCategoryId} end`;

export interface TransactionFilters {
  accountId?: string | undefined;
  categoryId?: string | undefined;
  type?: TransactionType | undefined;
  direction?: TransactionDirection | undefined;
  status?: TransactionStatus | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  minAmount?: number | undefined;
  maxAmount?: number | undefined;
  search: string;
  sort: TransactionSortKey;
  order: 'asc' | 'desc';
}

/**
 * The filter's condition. Dates are instants (the contract turns a day into its UTC midnight); a
 * transaction's day is compared as that day's UTC midnight, so a day filter means that calendar day.
 */
function whereOf(db: Db, userId: string, f: TransactionFilters): SQL {
  const day = (instant: string) => instant.slice(0, 10);
  const conditions: Array<SQL | undefined> = [mine(userId)];
  if (f.accountId) conditions.push(or(eq(t.fromAccountId, f.accountId), eq(t.toAccountId, f.accountId)));
  if (f.categoryId === 'none') conditions.push(sql`${myCategory(userId)} is null`);
  else if (f.categoryId) {
    const children = db
      .select({ id: bankingCategories.id })
      .from(bankingCategories)
      .where(and(eq(bankingCategories.parentId, f.categoryId), eq(bankingCategories.userId, userId)));
    conditions.push(sql`(${myCategory(userId)} = ${f.categoryId} or ${myCategory(userId)} in ${children})`);
  }
  if (f.type) conditions.push(eq(t.type, f.type));
  if (f.direction) conditions.push(sql`${directionOf(userId)} = ${f.direction}`);
  if (f.status) conditions.push(eq(t.status, f.status));
  if (f.startDate) {
    // An instant inside a day (a zone's midnight) starts from that day.
    conditions.push(gte(t.occurredOn, day(f.startDate)));
  }
  if (f.endDate) {
    const end = new Date(f.endDate);
    const exclusive = end.toISOString().endsWith('T00:00:00.000Z')
      ? day(f.endDate)
      : new Date(end.getTime() + 86_400_000).toISOString().slice(0, 10);
    conditions.push(lt(t.occurredOn, exclusive));
  }
  if (f.minAmount !== undefined) conditions.push(gte(t.amount, f.minAmount));
  if (f.maxAmount !== undefined) conditions.push(lte(t.amount, f.maxAmount));
  if (f.search) {
    const term = `%${escapeLike(f.search.toLowerCase())}%`;
    conditions.push(
      sql`(lower(${t.counterparty}) like ${term} escape '\\' or lower(${t.note}) like ${term} escape '\\' or exists (select 1 from ${users} u where u.id in (${t.fromUserId}, ${t.toUserId}) and u.id <> ${userId} and lower(u.first_name || ' ' || u.last_name) like ${term} escape '\\'))`,
    );
  }
  return and(...conditions)!;
}

function orderOf(f: Pick<TransactionFilters, 'sort' | 'order'>): SQL[] {
  const dir = (column: SQL | typeof t.amount) =>
    f.order === 'asc' ? sql`${column} asc` : sql`${column} desc`;
  switch (f.sort) {
    case 'amount':
      return [dir(t.amount), dir(sql`${t.id}`)];
    case 'counterparty':
      return [dir(sql`lower(${t.counterparty})`), dir(sql`${t.createdAt}`), dir(sql`${t.id}`)];
    case 'status':
      return [dir(sql`${t.status}`), dir(sql`${t.occurredOn}`), dir(sql`${t.id}`)];
    case 'createdAt':
      return [dir(sql`${t.createdAt}`), dir(sql`${t.id}`)];
    default:
      return [dir(sql`${t.occurredOn}`), dir(sql`${t.createdAt}`), dir(sql`${t.id}`)];
  }
}

const viewColumns = {
  tx: t,
  fromAccountName: fromAccount.name,
  fromAccountKind: fromAccount.kind,
  toAccountName: toAccountT.name,
  toAccountKind: toAccountT.kind,
  fromFirst: fromUser.firstName,
  fromLast: fromUser.lastName,
  fromEmail: fromUser.email,
  fromAvatar: fromUser.avatarUrl,
  toFirst: toUser.firstName,
  toLast: toUser.lastName,
  toEmail: toUser.email,
  toAvatar: toUser.avatarUrl,
  fromCategory: fromCategory,
  toCategory: toCategoryT,
};

function viewQuery(db: Db) {
  return db
    .select(viewColumns)
    .from(t)
    .innerJoin(fromAccount, eq(fromAccount.id, t.fromAccountId))
    .innerJoin(toAccountT, eq(toAccountT.id, t.toAccountId))
    .leftJoin(fromUser, eq(fromUser.id, t.fromUserId))
    .leftJoin(toUser, eq(toUser.id, t.toUserId))
    .leftJoin(fromCategory, eq(fromCategory.id, t.fromCategoryId))
    .leftJoin(toCategoryT, eq(toCategoryT.id, t.toCategoryId));
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof viewQuery>['execute']>>[number];

function toTransaction(
  row: ViewRow,
  userId: string,
  currency: string,
  attachments: StoredFile[],
): BankTransaction {
  const x = row.tx;
  const fromMe = x.fromUserId === userId;
  const toMe = x.toUserId === userId;
  const direction: TransactionDirection = fromMe && toMe ? 'internal' : toMe ? 'in' : 'out';
  const accountRef = (id: string, name: string, kind: string) => ({
    id,
    name,
    kind: kind as AccountKind,
  });
  const account =
    direction === 'in'
      ? accountRef(x.toAccountId, row.toAccountName, row.toAccountKind)
      : accountRef(x.fromAccountId, row.fromAccountName, row.fromAccountKind);
  const otherUser =
    x.type !== 'transfer' || direction === 'internal'
      ? null
      : direction === 'in'
        ? row.fromEmail !== null && x.fromUserId
          ? {
              id: x.fromUserId,
              firstName: row.fromFirst!,
              lastName: row.fromLast!,
              email: row.fromEmail,
              avatarUrl: row.fromAvatar,
            }
          : null
        : row.toEmail !== null && x.toUserId
          ? {
              id: x.toUserId,
              firstName: row.toFirst!,
              lastName: row.toLast!,
              email: row.toEmail,
              avatarUrl: row.toAvatar,
            }
          : null;
  const person = otherUser ? toPerson(otherUser) : null;
  const category = fromMe ? row.fromCategory : row.toCategory;
  return {
    id: x.id,
    type: x.type,
    direction,
    status: x.status,
    source: x.source,
    amount: x.amount,
    signedAmount: direction === 'in' ? x.amount : direction === 'out' ? -x.amount : 0,
    currency,
    date: x.occurredOn,
    account,
    toAccount:
      direction === 'internal' ? accountRef(x.toAccountId, row.toAccountName, row.toAccountKind) : null,
    counterparty: person && !x.counterparty ? person.name : x.counterparty,
    person,
    category: category ? toCategory(category) : null,
    note: x.note,
    attachments,
    createdAt: x.createdAt.toISOString(),
    updatedAt: x.updatedAt.toISOString(),
    version: x.version,
  };
}

/** The files of these transactions, per transaction. */
async function attachmentsOf(
  db: Db,
  ids: string[],
  toFile: (row: FileRow) => StoredFile,
): Promise<Map<string, StoredFile[]>> {
  const byTx = new Map<string, StoredFile[]>();
  if (!ids.length) return byTx;
  const rows = await db
    .select({ transactionId: bankingTransactionFiles.transactionId, file: files })
    .from(bankingTransactionFiles)
    .innerJoin(files, eq(files.id, bankingTransactionFiles.fileId))
    .where(inArray(bankingTransactionFiles.transactionId, ids))
    .orderBy(asc(files.createdAt));
  for (const r of rows) {
    const list = byTx.get(r.transactionId) ?? [];
    list.push(toFile(r.file));
    byTx.set(r.transactionId, list);
  }
  return byTx;
}

export interface ViewContext {
  userId: string;
  currency: string;
  toFile: (row: FileRow) => StoredFile;
}

async function answerRows(db: Db, ctx: ViewContext, rows: ViewRow[]): Promise<BankTransaction[]> {
  const files = await attachmentsOf(
    db,
    rows.map((r) => r.tx.id),
    ctx.toFile,
  );
  return rows.map((r) => toTransaction(r, ctx.userId, ctx.currency, files.get(r.tx.id) ?? []));
}

/** One of the caller's transactions; undefined when it is not theirs. */
export async function findTransaction(
  db: Db,
  ctx: ViewContext,
  id: string,
): Promise<BankTransaction | undefined> {
  const rows = await viewQuery(db).where(and(eq(t.id, id), mine(ctx.userId)));
  return (await answerRows(db, ctx, rows))[0];
}

export async function listTransactions(
  db: Db,
  ctx: ViewContext,
  f: TransactionFilters,
  window: { limit: number; offset: number },
): Promise<BankTransaction[]> {
  // The page's ids first, from the transactions alone, then the view's joins for those rows only: joined
  // before the sort, the planner hashes every account and person (issue 28 C's bench, ADR 049).
  const page = db
    .select({ id: t.id })
    .from(t)
    .where(whereOf(db, ctx.userId, f))
    .orderBy(...orderOf(f))
    .limit(window.limit)
    .offset(window.offset);
  const rows = await viewQuery(db)
    .where(inArray(t.id, page))
    .orderBy(...orderOf(f));
  return answerRows(db, ctx, rows);
}

export async function countTransactions(db: Db, userId: string, f: TransactionFilters): Promise<number> {
  return db.$count(t, whereOf(db, userId, f));
}

/** The caller's raw transaction row (for edits); undefined when not theirs. */
export async function transactionRow(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.id, id), mine(userId)));
  return row;
}

/** Sets the caller's side's category, the note, the counterparty; false when the version is stale. */
export async function updateTransaction(
  db: Db,
  userId: string,
  row: typeof t.$inferSelect,
  patch: { categoryId?: string | null; note?: string; counterparty?: string },
  version: number | undefined,
): Promise<boolean> {
  const set: Partial<typeof t.$inferInsert> = {};
  if (patch.categoryId !== undefined) {
    if (row.fromUserId === userId) set.fromCategoryId = patch.categoryId;
    else set.toCategoryId = patch.categoryId;
  }
  if (patch.note !== undefined) set.note = patch.note;
  if (patch.counterparty !== undefined) set.counterparty = patch.counterparty;
  const rows = await db
    .update(t)
    .set({ ...set, updatedAt: sql`now()`, version: sql`${t.version} + 1` })
    .where(and(eq(t.id, row.id), version === undefined ? undefined : eq(t.version, version)))
    .returning({ id: t.id });
  return rows.length > 0;
}

/** Of these file ids, the caller's own `attachment` uploads. */
export async function ownAttachmentIds(db: Db, userId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, ids), eq(files.ownerId, userId), eq(files.use, 'attachment')));
  return rows.map((r) => r.id);
}

/** Replaces the caller's receipts on a transaction. */
export async function setAttachments(db: Db, userId: string, transactionId: string, fileIds: string[]) {
  await db.transaction(async (tx) => {
    await tx
      .delete(bankingTransactionFiles)
      .where(
        and(
          eq(bankingTransactionFiles.transactionId, transactionId),
          eq(bankingTransactionFiles.userId, userId),
        ),
      );
    if (fileIds.length) {
      await tx
        .insert(bankingTransactionFiles)
        .values(fileIds.map((fileId) => ({ transactionId, fileId, userId })))
        .onConflictDoNothing();
    }
  });
}

/** Files' readers: a person who is part of a transaction holding the file. */
export async function canReadTransactionFile(db: Db, userId: string, fileId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: t.id })
    .from(bankingTransactionFiles)
    .innerJoin(t, eq(t.id, bankingTransactionFiles.transactionId))
    .where(and(eq(bankingTransactionFiles.fileId, fileId), mine(userId)))
    .limit(1);
  return Boolean(row);
}

export async function linkedFileIds(db: Db, fileIds: string[]): Promise<string[]> {
  if (!fileIds.length) return [];
  const rows = await db
    .selectDistinct({ id: bankingTransactionFiles.fileId })
    .from(bankingTransactionFiles)
    .where(inArray(bankingTransactionFiles.fileId, fileIds));
  return rows.map((r) => r.id);
}

// ── requests ────────────────────────────────────────────────────────────────────────────────────────────

const requester = alias(users, 'requester');
const payer = alias(users, 'payer');

function requestQuery(db: Db) {
  return db
    .select({
      r: bankingRequests,
      rFirst: requester.firstName,
      rLast: requester.lastName,
      rEmail: requester.email,
      rAvatar: requester.avatarUrl,
      pFirst: payer.firstName,
      pLast: payer.lastName,
      pEmail: payer.email,
      pAvatar: payer.avatarUrl,
    })
    .from(bankingRequests)
    .innerJoin(requester, eq(requester.id, bankingRequests.requesterId))
    .innerJoin(payer, eq(payer.id, bankingRequests.payerId));
}
type RequestViewRow = Awaited<ReturnType<ReturnType<typeof requestQuery>['execute']>>[number];

const toRequest = (row: RequestViewRow, currency: string): MoneyRequest => ({
  id: row.r.id,
  requester: toPerson({
    id: row.r.requesterId,
    firstName: row.rFirst,
    lastName: row.rLast,
    email: row.rEmail,
    avatarUrl: row.rAvatar,
  }),
  payer: toPerson({
    id: row.r.payerId,
    firstName: row.pFirst,
    lastName: row.pLast,
    email: row.pEmail,
    avatarUrl: row.pAvatar,
  }),
  amount: row.r.amount,
  currency,
  note: row.r.note,
  status: row.r.status,
  transactionId: row.r.transactionId,
  createdAt: row.r.createdAt.toISOString(),
  answeredAt: row.r.answeredAt?.toISOString() ?? null,
});

export async function requestsOf(db: Db, userId: string, currency: string) {
  const rows = await requestQuery(db)
    .where(or(eq(bankingRequests.requesterId, userId), eq(bankingRequests.payerId, userId)))
    .orderBy(sql`${bankingRequests.status} = 'pending' desc`, desc(bankingRequests.createdAt))
    .limit(200);
  const all = rows.map((r) => toRequest(r, currency));
  return {
    incoming: all.filter((r) => r.payer.id === userId),
    outgoing: all.filter((r) => r.requester.id === userId),
  };
}

export async function findRequest(db: Db, userId: string, id: string, currency: string) {
  const [row] = await requestQuery(db).where(
    and(
      eq(bankingRequests.id, id),
      or(eq(bankingRequests.requesterId, userId), eq(bankingRequests.payerId, userId)),
    ),
  );
  return row ? toRequest(row, currency) : undefined;
}

export async function insertRequest(db: Db, values: typeof bankingRequests.$inferInsert) {
  const [row] = await db.insert(bankingRequests).values(values).returning({ id: bankingRequests.id });
  return row!.id;
}

/** Moves a pending request on (as the payer or the requester, per `by`); false when it was not pending. */
export async function answerRequest(
  db: Db,
  id: string,
  by: { payerId?: string; requesterId?: string },
  status: 'accepted' | 'declined' | 'cancelled',
  transactionId: string | null = null,
): Promise<boolean> {
  const rows = await db
    .update(bankingRequests)
    .set({ status, transactionId, answeredAt: sql`now()` })
    .where(
      and(
        eq(bankingRequests.id, id),
        eq(bankingRequests.status, 'pending'),
        by.payerId ? eq(bankingRequests.payerId, by.payerId) : undefined,
        by.requesterId ? eq(bankingRequests.requesterId, by.requesterId) : undefined,
      ),
    )
    .returning({ id: bankingRequests.id });
  return rows.length > 0;
}

export async function pendingRequestCount(db: Db, userId: string) {
  return db.$count(
    bankingRequests,
    and(eq(bankingRequests.payerId, userId), eq(bankingRequests.status, 'pending')),
  );
}

// ── rules ───────────────────────────────────────────────────────────────────────────────────────────────

const toRule = (r: typeof bankingRules.$inferSelect): BankRule => ({
  id: r.id,
  contains: r.contains,
  categoryId: r.categoryId,
  createdAt: r.createdAt.toISOString(),
});

export async function rulesOf(db: Db, userId: string): Promise<BankRule[]> {
  const rows = await db
    .select()
    .from(bankingRules)
    .where(eq(bankingRules.userId, userId))
    .orderBy(asc(bankingRules.createdAt), asc(bankingRules.id));
  return rows.map(toRule);
}

export async function insertRule(db: Db, values: typeof bankingRules.$inferInsert) {
  const [row] = await db.insert(bankingRules).values(values).returning();
  return toRule(row!);
}

export async function updateRule(
  db: Db,
  userId: string,
  id: string,
  patch: { contains?: string; categoryId?: string },
) {
  const mine = and(eq(bankingRules.id, id), eq(bankingRules.userId, userId));
  // An empty patch (`{}`, which the contract allows) changes nothing: drizzle refuses an empty `set`.
  const [row] = Object.values(patch).some((value) => value !== undefined)
    ? await db.update(bankingRules).set(patch).where(mine).returning()
    : await db.select().from(bankingRules).where(mine);
  return row ? toRule(row) : undefined;
}

export async function deleteRule(db: Db, userId: string, id: string) {
  const rows = await db
    .delete(bankingRules)
    .where(and(eq(bankingRules.id, id), eq(bankingRules.userId, userId)))
    .returning({ id: bankingRules.id });
  return rows.length > 0;
}

export async function countRules(db: Db, userId: string) {
  return db.$count(bankingRules, eq(bankingRules.userId, userId));
}

/** The first rule (oldest first) whose text the counterparty contains, any letter case. */
export function categoryByRules(rules: BankRule[], counterparty: string): string | null {
  const text = counterparty.toLowerCase();
  return rules.find((r) => text.includes(r.contains.toLowerCase()))?.categoryId ?? null;
}

// ── recurring ───────────────────────────────────────────────────────────────────────────────────────────

export const toRecurring = (r: BankingRecurringRow): Recurring => ({
  id: r.id,
  type: r.type,
  accountId: r.accountId,
  amount: r.amount,
  counterparty: r.counterparty,
  categoryId: r.categoryId,
  note: r.note,
  frequency: r.frequency,
  startDate: r.startDate,
  nextDate: r.nextDate,
  active: r.active,
  createdAt: r.createdAt.toISOString(),
});

export async function recurringOf(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(bankingRecurring)
    .where(eq(bankingRecurring.userId, userId))
    .orderBy(asc(bankingRecurring.createdAt), asc(bankingRecurring.id));
  return rows.map(toRecurring);
}

export async function insertRecurring(db: Db, values: typeof bankingRecurring.$inferInsert) {
  const [row] = await db.insert(bankingRecurring).values(values).returning();
  return toRecurring(row!);
}

export async function updateRecurring(
  db: Db,
  userId: string,
  id: string,
  patch: Partial<Pick<BankingRecurringRow, 'amount' | 'counterparty' | 'categoryId' | 'note' | 'active'>>,
) {
  const [row] = await db
    .update(bankingRecurring)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(bankingRecurring.id, id), eq(bankingRecurring.userId, userId)))
    .returning();
  return row ? toRecurring(row) : undefined;
}

export async function deleteRecurring(db: Db, userId: string, id: string) {
  const rows = await db
    .delete(bankingRecurring)
    .where(and(eq(bankingRecurring.id, id), eq(bankingRecurring.userId, userId)))
    .returning({ id: bankingRecurring.id });
  return rows.length > 0;
}

// ── budgets ─────────────────────────────────────────────────────────────────────────────────────────────

/** `2026-03` → `2026-03-01`, and the first day of the next month. */
export function monthBounds(month: string): { first: string; next: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { first: `${month}-01`, next };
}

/**
 * The month's budgets with what was spent: completed expenses (and transfers out to other people) of the
 * caller dated in the month, in the budget's category or its sub-categories.
 */
export async function budgetsOf(db: Db, userId: string, month: string) {
  const { first, next } = monthBounds(month);
  const result = await db.execute(sql`
    select b.category_id as "categoryId", b.amount::bigint as amount,
      coalesce((
        select sum(x.amount) from ${t} x
        where x.from_user_id = ${userId} and x.status = 'completed'
          and (x.to_user_id is null or x.to_user_id <> ${userId})
          and x.occurred_on >= ${first}::date and x.occurred_on < ${next}::date
          and (x.from_category_id = b.category_id or x.from_category_id in (
            select c.id from ${bankingCategories} c where c.parent_id = b.category_id))
      ), 0)::bigint as spent
    from ${bankingBudgets} b
    where b.user_id = ${userId} and b.month = ${first}::date
    order by b.category_id`);
  return (
    result as unknown as { rows: Array<{ categoryId: string; amount: unknown; spent: unknown }> }
  ).rows.map((r) => ({ categoryId: r.categoryId, amount: Number(r.amount), spent: Number(r.spent) }));
}

export async function setBudget(db: Db, userId: string, month: string, categoryId: string, amount: number) {
  const { first } = monthBounds(month);
  if (amount === 0) {
    await db
      .delete(bankingBudgets)
      .where(
        and(
          eq(bankingBudgets.userId, userId),
          eq(bankingBudgets.month, first),
          eq(bankingBudgets.categoryId, categoryId),
        ),
      );
    return;
  }
  await db
    .insert(bankingBudgets)
    .values({ userId, month: first, categoryId, amount })
    .onConflictDoUpdate({
      target: [bankingBudgets.userId, bankingBudgets.month, bankingBudgets.categoryId],
      set: { amount },
    });
}
