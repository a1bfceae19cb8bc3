import { useCallback } from 'react';

import { fCurrency } from './format.ts';
import { usePublicConfig } from './public-config.ts';

/**
 * Cents as money, the interface language's way: in the instance's currency (`CURRENCY`, from
 * `/api/config`), or in `currency` when a record carries its own (an invoice or order keeps the currency it
 * was made in).
 */
export function useMoney(): (cents: number, currency?: string) => string {
  const config = usePublicConfig();
  const instanceCurrency = config.data?.currency ?? 'USD';
  return useCallback(
    (cents: number, currency?: string) => fCurrency(cents / 100, currency ?? instanceCurrency),
    [instanceCurrency],
  );
}
