/** The plans of the pricing and payment pages. Prices in integer US cents (ARCHITECTURE.md §4). */

export const planIds = ['basic', 'starter', 'premium'] as const;
export type PlanId = (typeof planIds)[number];

export const billingCycles = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof billingCycles)[number];

/** Paying for a year costs this much less per month. */
export const YEARLY_DISCOUNT_PERCENT = 20;

export const planFeatureKeys = ['coreApps', 'commerce', 'analytics', 'prioritySupport'] as const;
export type PlanFeatureKey = (typeof planFeatureKeys)[number];

export interface Plan {
  id: PlanId;
  monthlyCents: number;
  /** null = unlimited. */
  members: number | null;
  storageGb: number;
  features: Record<PlanFeatureKey, boolean>;
  popular: boolean;
}

export const plans: Record<PlanId, Plan> = {
  basic: {
    id: 'basic',
    monthlyCents: 0,
    members: 3,
    storageGb: 5,
    features: { coreApps: true, commerce: false, analytics: false, prioritySupport: false },
    popular: false,
  },
  starter: {
    id: 'starter',
    monthlyCents: 900,
    members: 10,
    storageGb: 50,
    features: { coreApps: true, commerce: true, analytics: false, prioritySupport: false },
    popular: true,
  },
  premium: {
    id: 'premium',
    monthlyCents: 2900,
    members: null,
    storageGb: 500,
    features: { coreApps: true, commerce: true, analytics: true, prioritySupport: true },
    popular: false,
  },
};

export interface PlanPrice {
  /** What one month costs on this cycle (yearly: discounted). */
  perMonthCents: number;
  /** What is billed at once: one month, or twelve discounted months. */
  totalCents: number;
}

export function planPrice(plan: Pick<Plan, 'monthlyCents'>, cycle: BillingCycle): PlanPrice {
  if (cycle === 'monthly') return { perMonthCents: plan.monthlyCents, totalCents: plan.monthlyCents };
  const perMonthCents = Math.round((plan.monthlyCents * (100 - YEARLY_DISCOUNT_PERCENT)) / 100);
  return { perMonthCents, totalCents: perMonthCents * 12 };
}

export const isPlanId = (value: unknown): value is PlanId =>
  typeof value === 'string' && (planIds as readonly string[]).includes(value);

export const isBillingCycle = (value: unknown): value is BillingCycle =>
  typeof value === 'string' && (billingCycles as readonly string[]).includes(value);

/** `/payment?plan=starter&cycle=yearly` */
export function paymentSearch(plan: PlanId, cycle: BillingCycle): string {
  return `?${new URLSearchParams({ plan, cycle }).toString()}`;
}

/** `$9`, `$7.20` (cents only when there are some), in the UI language's number format. */
export function formatMoney(cents: number, locale: string): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}
