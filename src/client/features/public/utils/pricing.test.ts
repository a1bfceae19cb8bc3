import { describe, expect, it } from 'vitest';

import { formatMoney, isBillingCycle, isPlanId, paymentSearch, planPrice, plans } from './pricing.ts';

describe('plan prices', () => {
  it('monthly: the list price, billed every month', () => {
    expect(planPrice(plans.starter, 'monthly')).toEqual({ perMonthCents: 900, totalCents: 900 });
    expect(planPrice(plans.premium, 'monthly')).toEqual({ perMonthCents: 2900, totalCents: 2900 });
  });

  it('yearly: 20% off per month, twelve months billed at once', () => {
    expect(planPrice(plans.starter, 'yearly')).toEqual({ perMonthCents: 720, totalCents: 8640 });
    expect(planPrice(plans.premium, 'yearly')).toEqual({ perMonthCents: 2320, totalCents: 27_840 });
  });

  it('the free plan stays free', () => {
    expect(planPrice(plans.basic, 'yearly')).toEqual({ perMonthCents: 0, totalCents: 0 });
  });

  it('rounds to whole cents', () => {
    expect(planPrice({ monthlyCents: 999 }, 'yearly')).toEqual({ perMonthCents: 799, totalCents: 9588 });
  });
});

describe('formatting and parameters', () => {
  it('formats dollars, with cents only when there are some', () => {
    expect(formatMoney(900, 'en-US')).toBe('$9');
    expect(formatMoney(720, 'en-US')).toBe('$7.20');
    expect(formatMoney(8640, 'en-US')).toBe('$86.40');
    expect(formatMoney(27_840, 'en-US')).toBe('$278.40');
    expect(formatMoney(720, 'fr-FR')).toMatch(/^7,20\s\$US$/);
  });

  it('checks plan and cycle names from the URL', () => {
    expect(isPlanId('starter')).toBe(true);
    expect(isPlanId('gold')).toBe(false);
    expect(isPlanId(null)).toBe(false);
    expect(isBillingCycle('yearly')).toBe(true);
    expect(isBillingCycle('weekly')).toBe(false);
    expect(paymentSearch('premium', 'yearly')).toBe('?plan=premium&cycle=yearly');
  });
});
