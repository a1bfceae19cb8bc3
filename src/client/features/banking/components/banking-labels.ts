import type { TFunction } from 'i18next';

import type { BankAccount, BankCategory } from '#shared/contract/banking.ts';

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
