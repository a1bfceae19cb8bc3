import {
  discountAmountOf,
  DISCOUNT_CHECKS_PER_MINUTE,
  formatOrderNumber,
  fullAddressOf,
  shippingOf,
  type AddressSnapshot,
  type DeliveryOption,
  type DiscountKind,
  type Order,
  type OrderEvent,
  type OrderItem,
  type OrderSummary,
} from '#shared/contract/orders.ts';

import type { DiscountRow, OrderRow } from '../../db/schema/index.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Limit } from '../../lib/rate-limiter.ts';

/**
 * The one budget of discount-code tries per person, shared by `POST /api/discounts/check` and every quote
 * that names a code (`POST /api/orders/quote`): either way a code is not to be guessed, and alternating
 * between the two does not double the tries.
 */
export const discountTries = (userId: string): [key: string, limit: Limit] => [
  `discount-check:${userId}`,
  { max: DISCOUNT_CHECKS_PER_MINUTE, windowSeconds: 60 },
];

/** An order with its customer and lines, as lists and the order page read it (orders.repo.ts). */
export type OrderListRow = OrderRow & {
  customerName: string;
  customerEmail: string;
  customerAvatarUrl: string | null;
  items: OrderItem[];
};

/** A product as the order's transaction took it (the row the conditional UPDATE returned). */
export interface TakenProduct {
  id: string;
  name: string;
  sku: string;
  price: number;
  taxes: number;
  colors: string[];
  sizes: string[];
  coverUrl: string | null;
}

/** A requested line, after the contract (colours merged from `color` and `colors`). */
export interface LineRequest {
  productId: string;
  quantity: number;
  colors: string[];
  size: string | null;
}

export interface PricedOrder {
  items: Array<Omit<OrderItem, 'productId'> & { productId: string }>;
  itemCount: number;
  subtotal: number;
  discount: number;
  shipping: number;
  taxes: number;
  total: number;
}

/**
 * Cents of `amount × percent / 100`, halves rounded up. In whole basis points (percentages have at most two
 * decimals), so the product is an exact integer and a half is exactly a half.
 */
export const percentOf = (amount: number, percent: number) =>
  Math.round((amount * Math.round(percent * 100)) / 10_000);

/**
 * `total` shared out over `weights` in proportion (largest remainder): the shares are whole cents and add
 * up to `total` exactly; leftover cents go to the largest fractions, ties to the first line.
 */
export function shareOut(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, fraction: value - Math.floor(value) }))
    .sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/** Σ price × quantity of the lines. */
export const subtotalOf = (lines: readonly LineRequest[], products: ReadonlyMap<string, TakenProduct>) =>
  lines.reduce((sum, line) => sum + (products.get(line.productId)?.price ?? 0) * line.quantity, 0);

/**
 * Prices an order from the catalog (the rule of contract/orders.ts): line totals, the discount shared out
 * over the lines, taxes per line on its discounted total (rounded per line), shipping, total.
 */
export function priceOrder(
  lines: readonly LineRequest[],
  products: ReadonlyMap<string, TakenProduct>,
  delivery: DeliveryOption,
  discount: { kind: DiscountKind; value: number } | null,
): PricedOrder {
  const lineTotals = lines.map((line) => products.get(line.productId)!.price * line.quantity);
  const subtotal = lineTotals.reduce((a, b) => a + b, 0);
  const discountTotal = discount ? discountAmountOf(discount.kind, discount.value, subtotal) : 0;
  const shares = shareOut(discountTotal, lineTotals);
  const items = lines.map((line, i) => {
    const product = products.get(line.productId)!;
    const lineTotal = lineTotals[i]!;
    const share = shares[i]!;
    return {
      productId: product.id,
      name: product.name,
      sku: product.sku,
      coverUrl: product.coverUrl,
      price: product.price,
      quantity: line.quantity,
      colors: line.colors,
      size: line.size,
      lineTotal,
      discount: share,
      taxRate: product.taxes,
      taxes: percentOf(lineTotal - share, product.taxes),
    };
  });
  const taxes = items.reduce((sum, item) => sum + item.taxes, 0);
  const shipping = shippingOf(delivery);
  return {
    items,
    itemCount: lines.reduce((n, line) => n + line.quantity, 0),
    subtotal,
    discount: discountTotal,
    shipping,
    taxes,
    total: subtotal - discountTotal + shipping + taxes,
  };
}

/**
 * Why a line cannot be had as asked: a colour or size the product does not come in (null when it can).
 * A line without colours or size is fine.
 */
export function optionProblem(line: LineRequest, product: TakenProduct): string | null {
  const badColour = line.colors.find((c) => !product.colors.includes(c));
  if (badColour) return `${product.name} does not come in the colour ${badColour}`;
  if (line.size !== null && !product.sizes.includes(line.size)) {
    return product.sizes.length
      ? `${product.name} does not come in size ${line.size}`
      : `${product.name} has no sizes`;
  }
  return null;
}

/** The lines of a request: `color` and `colors` merged (each once), no size as null. */
export function lineRequests(
  items: ReadonlyArray<{
    productId: string;
    quantity: number;
    color?: string | undefined;
    colors?: string[] | undefined;
    size?: string | undefined;
  }>,
): LineRequest[] {
  return items.map((item) => ({
    productId: item.productId,
    quantity: item.quantity,
    colors: [...new Set([...(item.color ? [item.color] : []), ...(item.colors ?? [])])],
    size: item.size ?? null,
  }));
}

/** Units per product over the lines (a product may be on several lines), products in id order. */
export function unitsPerProduct(lines: readonly LineRequest[]): Array<[productId: string, units: number]> {
  const units = new Map<string, number>();
  for (const line of lines) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  return [...units.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** An address as an order keeps it (the one-line form made from the parts when not given). */
export function snapshotOf(
  a: Omit<AddressSnapshot, 'fullAddress'> & { fullAddress?: string },
): AddressSnapshot {
  return {
    name: a.name,
    phoneNumber: a.phoneNumber,
    fullAddress: fullAddressOf(a),
    street: a.street,
    city: a.city,
    state: a.state,
    zipCode: a.zipCode,
    country: a.country,
    addressType: a.addressType,
  };
}

/** An order row of a list, as the API answers it. */
export function toOrderSummary(row: OrderListRow): OrderSummary {
  return {
    id: row.id,
    number: formatOrderNumber(row.number),
    status: row.status,
    customer: {
      id: row.userId,
      name: row.customerName,
      email: row.customerEmail,
      avatarUrl: row.customerAvatarUrl,
    },
    items: row.items,
    itemCount: row.itemCount,
    subtotal: row.subtotal,
    discount: row.discount,
    discountCode: row.discountCode,
    shipping: row.shipping,
    taxes: row.taxes,
    total: row.total,
    currency: row.currency,
    delivery: row.delivery,
    paymentMethod: row.paymentMethod,
    address: row.address,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export const toOrder = (row: OrderListRow, history: OrderEvent[]): Order => ({
  ...toOrderSummary(row),
  history,
});

/** Cents as the English messages write them ("USD 50.00"); clients format the raw figures themselves. */
export const moneyText = (cents: number, currency: string) => `${currency} ${(cents / 100).toFixed(2)}`;

/**
 * Why a code does not apply to a subtotal at `now`, as a 400: unknown (or inactive), expired, used up, or
 * below its minimum (with `minSubtotal`).
 */
export function discountRefusal(
  row: DiscountRow | undefined,
  subtotal: number,
  now: Date,
  currency: string,
): HttpError {
  if (!row || !row.active) {
    return new HttpError(400, 'There is no such discount code', { code: 'DISCOUNT_UNKNOWN' });
  }
  if (row.expiresAt !== null && row.expiresAt <= now) {
    return new HttpError(400, 'This discount code has expired', { code: 'DISCOUNT_EXPIRED' });
  }
  if (row.usageLimit !== null && row.usedCount >= row.usageLimit) {
    return new HttpError(400, 'This discount code has been used up', { code: 'DISCOUNT_USED_UP' });
  }
  if (subtotal < row.minSubtotal) {
    return new HttpError(
      400,
      `This discount code needs a subtotal of at least ${moneyText(row.minSubtotal, currency)}`,
      { code: 'DISCOUNT_BELOW_MINIMUM', extra: { minSubtotal: row.minSubtotal } },
    );
  }
  return new HttpError(400, 'This discount code does not apply to this order', {
    code: 'DISCOUNT_NOT_APPLICABLE',
  });
}
