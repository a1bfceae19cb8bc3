import { balancePeriods, type BalancePeriod } from '#shared/contract/banking-limits.ts';

/** The balance statistics' period in the address (`?period=week|month|year`; month by default). */
export function balancePeriodOf(params: URLSearchParams): BalancePeriod {
  const value = params.get('period');
  return (balancePeriods as readonly string[]).includes(value ?? '') ? (value as BalancePeriod) : 'month';
}
