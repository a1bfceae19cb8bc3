/**
 * Card payments behind an interface (ADR 026). No provider ships: a self-hosted instance cannot reach a
 * card network on its own, and pretending to charge a card would be worse than not offering it. An
 * instance that has a contract with a payment provider passes an implementation to `buildApp`
 * (`cardPayments`); the card method is then offered (`GET /api/orders/payment-methods`) and charged once the
 * order is stored.
 */
import type { PaymentMethodInfo } from '#shared/contract/orders.ts';

export interface CardCharge {
  orderId: string;
  /** `#1001`. */
  orderNumber: string;
  /** Cents of `currency`. */
  amount: number;
  currency: string;
  customerEmail: string;
  /** The order's id again, for the provider's own idempotency: one order is charged at most once. */
  idempotencyKey: string;
}

export type CardChargeResult =
  | { ok: true; reference: string }
  /** Declined: the order is cancelled (its stock goes back) and the customer told `message`. */
  | { ok: false; message: string };

export interface CardPaymentProvider {
  /** Shown next to the card option ("Stripe", "Adyen"…). */
  readonly name: string;
  /**
   * Charges an order that is stored (pending, its stock taken), outside any transaction. A result within
   * CARD_CHARGE_TIMEOUT_MS settles it: paid, or cancelled when declined. A throw or no answer in time leaves
   * the order pending for an administrator to check with the provider (never charged twice by us).
   */
  charge(charge: CardCharge): Promise<CardChargeResult>;
}

export const CARD_CHARGE_TIMEOUT_MS = 15_000;

/** The provider's answer, or 'unknown' when it threw or did not answer in time. */
export async function chargeCard(
  provider: CardPaymentProvider,
  charge: CardCharge,
): Promise<CardChargeResult | 'unknown'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      provider.charge(charge),
      new Promise<'unknown'>((resolve) => {
        timer = setTimeout(() => resolve('unknown'), CARD_CHARGE_TIMEOUT_MS);
      }),
    ]);
  } catch {
    return 'unknown';
  } finally {
    clearTimeout(timer);
  }
}

/** What this instance takes: cash on delivery and bank transfer always, card with a provider. */
export function paymentMethodsOf(
  provider: CardPaymentProvider | null,
  bankTransferDetails: string | null,
): PaymentMethodInfo[] {
  return [
    { id: 'cash', instructions: null, provider: null },
    { id: 'bankTransfer', instructions: bankTransferDetails, provider: null },
    ...(provider ? [{ id: 'card' as const, instructions: null, provider: provider.name }] : []),
  ];
}
