import type { TFunction } from 'i18next';

import type { BankAccount, BankCategory } from '#shared/contract/banking.ts';

import { ApiError } from '../../../lib/api-error.ts';

/** A category's name: the default set's in the interface language (by its key), a person's own as written. */
export function categoryLabel(t: TFunction, category: Pick<BankCategory, 'key' | 'name'> | null): string {
  if (!category) return t('banking.categories.none');
  return category.key
    ? t(`banking.categories.${category.key}`, { defaultValue: category.name })
    : category.name;
}

/** An account as a choice: its name and, for a card, its masked number. */
export const accountLabel = (account: Pick<BankAccount, 'name' | 'maskedNumber'>) =>
  account.maskedNumber ? `${account.name} ${account.maskedNumber}` : account.name;

/** Status colours of a transaction (MUI palette names). */
export const statusColor = { pending: 'warning', completed: 'success', failed: 'error' } as const;

/** Cents as the digits a money field shows ("12.50"), for a slider's value. */
export const unitsOf = (cents: number) => Math.max(0, cents) / 100;

/**
 * Categories as a tree, in the server's order: each top-level one followed by its sub-categories, of one
 * kind when given; `depth` 1 for a sub-category.
 */
export function categoryTree<C extends Pick<BankCategory, 'id' | 'kind' | 'name' | 'parentId'>>(
  categories: readonly C[],
  kind?: BankCategory['kind'],
): Array<{ category: C; depth: 0 | 1 }> {
  const ofKind = kind ? categories.filter((category) => category.kind === kind) : [...categories];
  const tops = ofKind.filter((c) => c.parentId === null || !ofKind.some((p) => p.id === c.parentId));
  return tops.flatMap((top) => [
    { category: top, depth: 0 as const },
    ...ofKind
      .filter((child) => child.parentId === top.id)
      .map((child) => ({ category: child, depth: 1 as const })),
  ]);
}

/**
 * A money movement refused for short funds (409 INSUFFICIENT_FUNDS), said plainly: with what the account can
 * spend when the answer tells (`withAvailable`), else without. Null for any other failure.
 */
export function shortFundsText(
  error: unknown,
  t: TFunction,
  money: (cents: number) => string,
  withAvailable: 'banking.transfer.shortFunds' | 'banking.newTransaction.shortFunds',
): string | null {
  if (!(error instanceof ApiError) || error.code !== 'INSUFFICIENT_FUNDS') return null;
  const available = error.body.available;
  return typeof available === 'number'
    ? t(withAvailable, { available: money(available) })
    : t('banking.transfer.shortFundsPlain');
}

/** The first problem of a form checked against its contract, in the interface language. */
export function firstIssue(error: { issues: ReadonlyArray<{ message: string }> }, t: TFunction): string {
  return t((error.issues[0]?.message ?? 'validation.fieldTooLong') as 'validation.fieldTooLong');
}

/** A kind's categories as a select's choices, sub-categories indented under their parent. */
export const categoryOptions = (
  t: TFunction,
  categories: readonly BankCategory[],
  kind: BankCategory['kind'],
  except?: string,
) =>
  categoryTree(categories, kind)
    .filter(({ category }) => category.id !== except)
    .map(({ category, depth }) => ({ value: category.id, label: categoryLabel(t, category), depth }));
