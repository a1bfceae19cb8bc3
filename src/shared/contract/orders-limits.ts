/**
 * Checkout and orders (issue #13): limits and fixed lists without zod, for the cart, checkout and order
 * pages (the contract, orders.ts, re-exports them and builds the schemas).
 *
 * Money is integer cents of the instance's one currency (`CURRENCY`, `GET /api/config`), as in the catalog.
 * The server prices every order itself (ADR 026): what a client says a line costs is never read.
 */

export const orderStatuses = ['pending', 'paid', 'completed', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * The changes of status an administrator may make; anything else is a 400. `cancelled` and `refunded` are
 * final, and reaching either puts the order's stock back (once: only one of them can ever be reached).
 */
export const orderTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['paid', 'cancelled'],
  paid: ['completed', 'refunded', 'cancelled'],
  completed: ['refunded'],
  cancelled: [],
  refunded: [],
};

/** Whether an order in `from` may move to `to`. */
export const canMoveOrder = (from: OrderStatus, to: OrderStatus) => orderTransitions[from].includes(to);

/** Statuses whose stock went back to the shelves. */
export const stockReturningStatuses: readonly OrderStatus[] = ['cancelled', 'refunded'];

/**
 * An order's number is sequential (a PostgreSQL sequence from ORDER_NUMBER_START) and shown with a `#`:
 * `#1001`. Searches take it with or without the `#`.
 */
export const ORDER_NUMBER_START = 1001;
export const formatOrderNumber = (number: number) => `#${number}`;

/**
 * Delivery options (constant; the server prices shipping from this list, the client shows it): `price` in
 * cents, delivery in `minDays`–`maxDays` working days.
 */
export const deliveryOptions = [
  { value: 'free', price: 0, minDays: 5, maxDays: 7 },
  { value: 'standard', price: 1000, minDays: 3, maxDays: 5 },
  { value: 'express', price: 2000, minDays: 2, maxDays: 3 },
] as const;
export type DeliveryOption = (typeof deliveryOptions)[number]['value'];
export const deliveryValues = deliveryOptions.map((d) => d.value) as unknown as readonly [
  DeliveryOption,
  ...DeliveryOption[],
];
/** Shipping in cents for a delivery option. */
export const shippingOf = (delivery: DeliveryOption): number =>
  deliveryOptions.find((d) => d.value === delivery)?.price ?? 0;

/**
 * Payment methods. `cash` (cash on delivery) and `bankTransfer` (the order stays `pending` until an
 * administrator marks it paid) always ship; `card` is offered only when the instance has a card payment
 * provider (none ships: `GET /api/orders/payment-methods` lists what this instance takes).
 */
export const paymentMethods = ['cash', 'bankTransfer', 'card'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const addressTypes = ['home', 'office'] as const;
export type AddressType = (typeof addressTypes)[number];

export const ADDRESS_NAME_MAX = 80;
export const ADDRESS_PHONE_MAX = 30;
export const ADDRESS_FULL_MAX = 300;
export const ADDRESS_PART_MAX = 120;
/** Addresses one person may keep in their book. */
export const ADDRESSES_MAX = 20;

/** Lines of one order, and units of one line. */
export const ORDER_LINES_MAX = 50;
export const ORDER_LINE_QUANTITY_MAX = 100;
export const ORDER_NOTE_MAX = 500;

export const ORDERS_PAGE_SIZE = 10;
export const ORDERS_PAGE_SIZE_MAX = 100;
export const orderSortKeys = ['createdAt', 'number', 'customer', 'total', 'status'] as const;
export type OrderSortKey = (typeof orderSortKeys)[number];

/**
 * Anti-automation (SECURITY.md API6): orders a person may place, and discount codes they may try, per
 * minute (429 with Retry-After beyond). Replaying an idempotency key is not counted.
 */
export const ORDERS_PER_MINUTE = 10;
export const DISCOUNT_CHECKS_PER_MINUTE = 30;

export const discountKinds = ['percent', 'amount'] as const;
export type DiscountKind = (typeof discountKinds)[number];
/** A code: 3 to 32 letters, digits, `-` or `_`, kept in upper case (codes are unique in any letter case). */
export const DISCOUNT_CODE_MIN = 3;
export const DISCOUNT_CODE_MAX = 32;
export const DISCOUNTS_PAGE_SIZE = 20;
/** A percent discount takes 1 to 100 %; an amount is cents (at most the catalog's highest price). */
export const DISCOUNT_PERCENT_MAX = 100;
export const DISCOUNT_USAGE_MAX = 1_000_000;

/** The demo discount code the seed makes (10 % off, no minimum). */
export const DEMO_DISCOUNT_CODE = 'WELCOME10';

/**
 * What a discount takes off a subtotal (cents): a percentage rounded to the nearest cent (halves up), or a
 * fixed amount; never more than the subtotal.
 */
export function discountAmountOf(kind: DiscountKind, value: number, subtotal: number): number {
  const raw = kind === 'percent' ? Math.round((subtotal * value) / 100) : value;
  return Math.max(0, Math.min(subtotal, raw));
}
