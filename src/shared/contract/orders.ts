/**
 * Cart, checkout and orders (issue #13, ADR 026): the address book (`/api/addresses`), discount codes
 * (`/api/discounts`), and orders (`/api/orders`): placing one, the customer's own, the administrators'
 * list and status changes.
 *
 * **Money is integer cents** of the instance's one currency, as in the catalog. The server prices every
 * order from the catalog (a line's price is the product's `price` when the order is placed); the request
 * says which products, how many, the colours and size, and nothing about prices (its schemas refuse fields
 * they do not name).
 *
 * Pricing (`POST /api/orders`, `POST /api/orders/quote`):
 * - line total = unit price × quantity; subtotal = Σ line totals;
 * - discount = the code's percentage of the subtotal rounded to the cent (halves up), or its amount, never
 *   more than the subtotal; it is shared out over the lines in proportion to their totals (the remainder
 *   cents go to the lines with the largest fractions, ties to the first), so the lines' shares add up to
 *   the discount;
 * - a line's taxes = (line total − its share of the discount) × the product's `taxes` % / 100, rounded to
 *   the cent (halves up) per line; taxes = Σ line taxes; shipping is not taxed;
 * - total = subtotal − discount + shipping + taxes.
 */
import { z } from 'zod';

import { errorSchema, idempotencyKeyField, versionField } from './common.ts';
import {
  endBoundField,
  listPageSchema,
  listParam,
  orderField,
  pageFields,
  searchField,
  startBoundField,
} from './list.ts';
import {
  ADDRESS_FULL_MAX,
  ADDRESS_NAME_MAX,
  ADDRESS_PART_MAX,
  ADDRESS_PHONE_MAX,
  addressTypes,
  deliveryValues,
  DISCOUNT_CODE_MAX,
  DISCOUNT_CODE_MIN,
  DISCOUNT_PERCENT_MAX,
  DISCOUNT_USAGE_MAX,
  discountKinds,
  DISCOUNTS_PAGE_SIZE,
  ORDER_LINE_QUANTITY_MAX,
  ORDER_LINES_MAX,
  ORDER_NOTE_MAX,
  orderSortKeys,
  ORDERS_PAGE_SIZE,
  ORDERS_PAGE_SIZE_MAX,
  orderStatuses,
  paymentMethods,
  type OrderStatus,
} from './orders-limits.ts';
import { colorField, PRODUCT_PRICE_MAX, productColors, productSizes } from './products.ts';

export * from './orders-limits.ts';

const isoTime = z.iso.datetime({ offset: true });
const cents = z.number().int();

// ── addresses ───────────────────────────────────────────────────────────────────────────────────────────

/** A place to deliver to, as an order keeps it (copied when the order is placed, never referenced). */
export const addressSnapshotSchema = z.object({
  /** The recipient. */
  name: z.string(),
  phoneNumber: z.string(),
  /** The whole address on one line (made from the parts when not given). */
  fullAddress: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
  addressType: z.enum(addressTypes),
});
export type AddressSnapshot = z.infer<typeof addressSnapshotSchema>;

/** An address of the caller's book. */
export const addressSchema = addressSnapshotSchema.extend({
  id: z.uuid(),
  /** The default address (exactly one of a book's addresses once it has any). */
  primary: z.boolean(),
  createdAt: isoTime,
});
export type Address = z.infer<typeof addressSchema>;

export const addressesResponse = z.object({ addresses: z.array(addressSchema) });
export const addressResponse = z.object({ address: addressSchema });

const part = z
  .string({ error: 'validation.fieldTooLong' })
  .trim()
  .max(ADDRESS_PART_MAX, 'validation.fieldTooLong');

const addressFields = {
  name: z
    .string({ error: 'validation.addressNameRequired' })
    .trim()
    .min(1, 'validation.addressNameRequired')
    .max(ADDRESS_NAME_MAX, 'validation.nameTooLong'),
  phoneNumber: z
    .string({ error: 'validation.phoneRequired' })
    .trim()
    .min(1, 'validation.phoneRequired')
    .max(ADDRESS_PHONE_MAX, 'validation.phoneInvalid')
    .regex(/^[0-9+()\-.\s]*$/, 'validation.phoneInvalid'),
  fullAddress: z
    .string({ error: 'validation.addressRequired' })
    .trim()
    .max(ADDRESS_FULL_MAX, 'validation.fieldTooLong'),
  street: part,
  city: part,
  state: part,
  zipCode: part,
  country: part,
  addressType: z.enum(addressTypes, { error: 'validation.addressTypeInvalid' }),
};

/** The one-line address: as given, else the parts joined ("12 Rue X, Lyon, 69001, France"). */
export const fullAddressOf = (a: {
  fullAddress?: string | undefined;
  street?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
  zipCode?: string | undefined;
  country?: string | undefined;
}) =>
  a.fullAddress ||
  [a.street, a.city, a.state, a.zipCode, a.country]
    .map((p) => p?.trim() ?? '')
    .filter(Boolean)
    .join(', ');

/** Whether an address says where: a one-line address, or at least a street (the rest made from the parts). */
export const hasAddress = (a: { fullAddress?: string | undefined; street?: string | undefined }) =>
  Boolean(a.fullAddress?.trim() || a.street?.trim());

/** An address as a form sends it: `fullAddress`, or the parts (at least the street), or both. */
export const addressInput = z
  .strictObject({
    name: addressFields.name,
    phoneNumber: addressFields.phoneNumber,
    fullAddress: addressFields.fullAddress.default(''),
    street: part.default(''),
    city: part.default(''),
    state: part.default(''),
    zipCode: part.default(''),
    country: part.default(''),
    addressType: addressFields.addressType.default('home'),
  })
  .refine(hasAddress, { message: 'validation.addressRequired', path: ['fullAddress'] });
export type AddressInput = z.input<typeof addressInput>;

/** `POST /api/addresses`: a new address; `primary` makes it the default (the first one always is). */
export const createAddressInput = z
  .strictObject({
    ...addressInput.shape,
    primary: z.boolean({ error: 'validation.primaryInvalid' }).default(false),
  })
  .refine(hasAddress, { message: 'validation.addressRequired', path: ['fullAddress'] });
export type CreateAddressInput = z.input<typeof createAddressInput>;

/**
 * `PATCH /api/addresses/:id`: the fields sent change. `primary: true` makes it the default (the others stop
 * being it); a default cannot be unset except by making another the default. A one-line address that was
 * made from the parts follows them when they change; one written by the person stays as it is.
 */
export const updateAddressInput = z
  .strictObject({ ...addressFields, primary: z.boolean({ error: 'validation.primaryInvalid' }) })
  .partial();
export type UpdateAddressInput = z.input<typeof updateAddressInput>;

export const addressIdParams = z.object({ id: z.uuid({ error: 'validation.addressIdInvalid' }) });

// ── discount codes ──────────────────────────────────────────────────────────────────────────────────────

export const discountSchema = z.object({
  id: z.uuid(),
  /** Upper case; unique in any letter case. */
  code: z.string(),
  kind: z.enum(discountKinds),
  /** A percentage (1–100) for `percent`, cents for `amount`. */
  value: z.number().int(),
  /** The subtotal (cents) an order needs for the code to apply; 0 = none. */
  minSubtotal: z.number().int(),
  /** After this instant the code no longer applies; null = never expires. */
  expiresAt: isoTime.nullable(),
  /** How many orders may use it; null = no limit. */
  usageLimit: z.number().int().nullable(),
  /** Orders that used it (an order cancelled or refunded gives its use back). */
  usedCount: z.number().int(),
  /** An inactive code is unknown to customers. */
  active: z.boolean(),
  createdAt: isoTime,
  updatedAt: isoTime,
  version: z.number().int(),
});
export type Discount = z.infer<typeof discountSchema>;

export const discountResponse = z.object({ discount: discountSchema });
export const discountPageResponse = listPageSchema('discounts', discountSchema);
export type DiscountPage = z.infer<typeof discountPageResponse>;

/** A code as typed: trimmed, upper case, letters, digits, `-` and `_`. */
export const discountCodeField = z
  .string({ error: 'validation.discountCodeInvalid' })
  .trim()
  .toUpperCase()
  .min(DISCOUNT_CODE_MIN, 'validation.discountCodeInvalid')
  .max(DISCOUNT_CODE_MAX, 'validation.discountCodeInvalid')
  .regex(/^[A-Z0-9_-]+$/, 'validation.discountCodeInvalid');

/**
 * The largest subtotal an order can reach (cents: 5,000,000,000.00, past 2^31, money columns are 64-bit):
 * also the cap of a discount's minimum subtotal.
 */
const ORDER_SUBTOTAL_MAX = ORDER_LINES_MAX * ORDER_LINE_QUANTITY_MAX * PRODUCT_PRICE_MAX;

const discountFields = {
  code: discountCodeField,
  kind: z.enum(discountKinds, { error: 'validation.discountKindInvalid' }),
  value: z
    .number({ error: 'validation.discountValueInvalid' })
    .int('validation.discountValueInvalid')
    .min(1, 'validation.discountValueInvalid')
    .max(PRODUCT_PRICE_MAX, 'validation.discountValueInvalid'),
  minSubtotal: z
    .number({ error: 'validation.minSubtotalInvalid' })
    .int('validation.minSubtotalInvalid')
    .min(0, 'validation.minSubtotalInvalid')
    .max(ORDER_SUBTOTAL_MAX, 'validation.minSubtotalInvalid'),
  expiresAt: z.iso.datetime({ offset: true, error: 'validation.dateInvalid' }).nullable(),
  usageLimit: z
    .number({ error: 'validation.usageLimitInvalid' })
    .int('validation.usageLimitInvalid')
    .min(1, 'validation.usageLimitInvalid')
    .max(DISCOUNT_USAGE_MAX, 'validation.usageLimitInvalid')
    .nullable(),
  active: z.boolean({ error: 'validation.discountActiveInvalid' }),
};

/** A percentage is at most 100. */
export const discountValueFits = (kind: string, value: number) =>
  kind !== 'percent' || value <= DISCOUNT_PERCENT_MAX;

export const createDiscountInput = z
  .strictObject({
    code: discountFields.code,
    kind: discountFields.kind,
    value: discountFields.value,
    minSubtotal: discountFields.minSubtotal.default(0),
    expiresAt: discountFields.expiresAt.default(null),
    usageLimit: discountFields.usageLimit.default(null),
    active: discountFields.active.default(true),
  })
  .refine((d) => discountValueFits(d.kind, d.value), {
    message: 'validation.discountValueInvalid',
    path: ['value'],
  });
export type CreateDiscountInput = z.input<typeof createDiscountInput>;

/** Only the fields sent change; `version` is the one the edit was based on (409 `STALE` when older). */
export const updateDiscountInput = z
  .strictObject({ ...discountFields, version: versionField.optional() })
  .partial()
  .refine((d) => d.kind === undefined || d.value === undefined || discountValueFits(d.kind, d.value), {
    message: 'validation.discountValueInvalid',
    path: ['value'],
  });
export type UpdateDiscountInput = z.input<typeof updateDiscountInput>;

export const discountIdParams = z.object({ id: z.uuid({ error: 'validation.discountIdInvalid' }) });

/** `GET /api/discounts`: newest first; `search` matches the code. */
export const discountsQuery = z.object({
  ...pageFields(DISCOUNTS_PAGE_SIZE),
  search: searchField(),
});

const subtotalField = z
  .number({ error: 'validation.subtotalInvalid' })
  .int('validation.subtotalInvalid')
  .min(0, 'validation.subtotalInvalid')
  .max(ORDER_SUBTOTAL_MAX, 'validation.subtotalInvalid');

/** `POST /api/discounts/check`: would this code apply to a cart with this subtotal (cents)? */
export const discountCheckInput = z.strictObject({
  code: z
    .string({ error: 'validation.discountCodeRequired' })
    .trim()
    .toUpperCase()
    .min(1, 'validation.discountCodeRequired')
    .max(DISCOUNT_CODE_MAX, 'validation.discountCodeInvalid'),
  subtotal: subtotalField,
});
export type DiscountCheckInput = z.input<typeof discountCheckInput>;

/** A code that applies, and what it takes off the subtotal (cents). */
export const appliedDiscountSchema = z.object({
  code: z.string(),
  kind: z.enum(discountKinds),
  value: z.number().int(),
  amount: cents,
});
export type AppliedDiscount = z.infer<typeof appliedDiscountSchema>;
export const discountCheckResponse = z.object({ discount: appliedDiscountSchema });

/**
 * A code that does not apply: 400 with `code` DISCOUNT_UNKNOWN (no such active code), DISCOUNT_EXPIRED,
 * DISCOUNT_USED_UP or DISCOUNT_BELOW_MINIMUM (with `minSubtotal`, cents).
 */
export const discountErrorSchema = errorSchema.extend({ minSubtotal: z.number().int().optional() });

// ── orders ──────────────────────────────────────────────────────────────────────────────────────────────

export const orderItemSchema = z.object({
  /** null when the product was deleted since. */
  productId: z.uuid().nullable(),
  /** The product as it was when the order was placed. */
  name: z.string(),
  sku: z.string(),
  coverUrl: z.string().nullable(),
  /** The unit price paid, cents. */
  price: cents,
  quantity: z.number().int(),
  /** The colours chosen (from the product's palette); none when the product has none. */
  colors: z.array(z.string()),
  size: z.string().nullable(),
  /** price × quantity. */
  lineTotal: cents,
  /** The line's share of the order's discount. */
  discount: cents,
  /** The product's tax rate (%) and the line's taxes, cents. */
  taxRate: z.number(),
  taxes: cents,
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** What an order costs, as the server priced it (cents). */
const pricingFields = {
  items: z.array(orderItemSchema),
  /** Units over all lines. */
  itemCount: z.number().int(),
  subtotal: cents,
  discount: cents,
  /** The code applied, upper case; null without one. */
  discountCode: z.string().nullable(),
  shipping: cents,
  taxes: cents,
  total: cents,
  /** ISO 4217: the instance's currency when the order was placed. */
  currency: z.string(),
  delivery: z.enum(deliveryValues),
};

export const orderQuoteSchema = z.object(pricingFields);
export type OrderQuote = z.infer<typeof orderQuoteSchema>;
export const orderQuoteResponse = z.object({ quote: orderQuoteSchema });

export const orderCustomerSchema = z.object({
  /** null once the person deleted their account; name and email are then empty (ADR 058). */
  id: z.uuid().nullable(),
  name: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
});

export const orderEventSchema = z.object({
  status: z.enum(orderStatuses),
  at: isoTime,
  /** Who made the change; null when their account is gone. */
  by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  note: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** An order as lists show it (an expandable row: with its lines). */
export const orderSummarySchema = z.object({
  id: z.uuid(),
  /** `#1001`: sequential and unique. */
  number: z.string(),
  status: z.enum(orderStatuses),
  customer: orderCustomerSchema,
  ...pricingFields,
  paymentMethod: z.enum(paymentMethods),
  /** Copied from the address book (or the form) when the order was placed. */
  address: addressSnapshotSchema,
  createdAt: isoTime,
  updatedAt: isoTime,
  /** Raised by every change of status (ADR 017). */
  version: z.number().int(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** An order with its timeline, oldest change first. */
export const orderSchema = orderSummarySchema.extend({ history: z.array(orderEventSchema) });
export type Order = z.infer<typeof orderSchema>;

export const orderResponse = z.object({ order: orderSchema });
export type OrderResponse = z.infer<typeof orderResponse>;

export const orderPageResponse = listPageSchema('orders', orderSummarySchema);
export type OrderPage = z.infer<typeof orderPageResponse>;

export const orderStatusKeys = ['all', ...orderStatuses] as const;
export type OrderStatusKey = (typeof orderStatusKeys)[number];

export const orderCountsSchema = z.object({
  all: z.number().int(),
  pending: z.number().int(),
  paid: z.number().int(),
  completed: z.number().int(),
  cancelled: z.number().int(),
  refunded: z.number().int(),
});
export type OrderCounts = z.infer<typeof orderCountsSchema>;

/**
 * `GET /api/orders/admin` and `GET /api/orders` (the caller's): `total` is the selected tab's count (the
 * selected statuses' counts added up); `counts` are per status under the search, dates and customer
 * (ignoring the status filter), each exact up to the cap (1,000) and listed in `capped` when more
 * ("1,000+"). `customer`: who the `customer` filter names (null: no such person), absent without it.
 */
export const adminOrderPageResponse = orderPageResponse.extend({
  counts: orderCountsSchema,
  capped: z.array(z.enum(orderStatusKeys)),
  customer: orderCustomerSchema.nullable().optional(),
});
export type AdminOrderPage = z.infer<typeof adminOrderPageResponse>;

/** The 409 of an order that cannot be served: the products short of stock and how many are left. */
export const unavailableSchema = z.object({
  productId: z.uuid(),
  name: z.string(),
  /** Units that can be bought now (0 when the product is gone or unpublished). */
  available: z.number().int(),
});
/** A product whose maximum per customer the order would pass (409 `PER_CUSTOMER_LIMIT`, ADR 032). */
export const overLimitSchema = z.object({
  productId: z.uuid(),
  name: z.string(),
  /** The product's maximum per customer. */
  max: z.number().int(),
  /** Units of it in the customer's earlier orders that are not cancelled or refunded. */
  ordered: z.number().int(),
});
export type OverLimit = z.infer<typeof overLimitSchema>;
export const orderConflictSchema = errorSchema.extend({
  unavailable: z.array(unavailableSchema).optional(),
  overLimit: z.array(overLimitSchema).optional(),
  current: orderSchema.optional(),
});

/** How this instance takes payment (`GET /api/orders/payment-methods`). */
export const paymentMethodInfoSchema = z.object({
  id: z.enum(paymentMethods),
  /** Bank transfer: the instance's account details (`BANK_TRANSFER_DETAILS`); null otherwise. */
  instructions: z.string().nullable(),
  /** Card: the provider's name; null otherwise. */
  provider: z.string().nullable(),
});
export type PaymentMethodInfo = z.infer<typeof paymentMethodInfoSchema>;
export const paymentMethodsResponse = z.object({ methods: z.array(paymentMethodInfoSchema) });

// ── order requests ──────────────────────────────────────────────────────────────────────────────────────

const productId = z.uuid({ error: 'validation.productIdInvalid' });

/**
 * One line: a product, how many, its colours (`color` for one, `colors` for several, as the cart merges
 * them) and size. Nothing else: a price or a total in a line is refused (400).
 */
export const orderItemInput = z.strictObject({
  productId,
  quantity: z
    .number({ error: 'validation.orderQuantityInvalid' })
    .int('validation.orderQuantityInvalid')
    .min(1, 'validation.orderQuantityInvalid')
    .max(ORDER_LINE_QUANTITY_MAX, 'validation.orderQuantityInvalid'),
  color: colorField.optional(),
  colors: z
    .array(colorField, { error: 'validation.colorInvalid' })
    .max(productColors.length, 'validation.colorInvalid')
    .optional(),
  size: z.enum(productSizes, { error: 'validation.sizeInvalid' }).optional(),
});
export type OrderItemInput = z.input<typeof orderItemInput>;

const orderItems = z
  .array(orderItemInput, { error: 'validation.orderItemsRequired' })
  .min(1, 'validation.orderItemsRequired')
  .max(ORDER_LINES_MAX, 'validation.tooManyOrderLines');

/** A code, or nothing ('' and null are none). */
const optionalCode = z
  .union([z.literal(''), z.null(), discountCodeField], { error: 'validation.discountCodeInvalid' })
  .optional()
  .transform((v) => v || undefined);

/** `POST /api/orders/quote`: what these lines would cost (nothing is taken or stored). */
export const orderQuoteInput = z.strictObject({
  items: orderItems,
  delivery: z.enum(deliveryValues, { error: 'validation.deliveryInvalid' }).default('free'),
  discountCode: optionalCode,
});
export type OrderQuoteInput = z.input<typeof orderQuoteInput>;

/**
 * `POST /api/orders`: the lines, where to (`addressId` of the caller's book, or an `address` typed in; one
 * of them), the delivery option, a discount code, the payment method and an idempotency key (a new one per
 * checkout: sending the same key again answers the order it placed, and places nothing).
 */
export const createOrderInput = z
  .strictObject({
    items: orderItems,
    addressId: z.uuid({ error: 'validation.addressIdInvalid' }).optional(),
    address: addressInput.optional(),
    delivery: z.enum(deliveryValues, { error: 'validation.deliveryInvalid' }),
    discountCode: optionalCode,
    paymentMethod: z.enum(paymentMethods, { error: 'validation.paymentMethodInvalid' }),
    idempotencyKey: idempotencyKeyField,
  })
  .refine((o) => (o.addressId === undefined) !== (o.address === undefined), {
    message: 'validation.addressChoice',
    path: ['addressId'],
  });
export type CreateOrderInput = z.input<typeof createOrderInput>;

export const orderIdParams = z.object({ id: z.uuid({ error: 'validation.orderIdInvalid' }) });

/**
 * `status`: a tab (`all`, `paid`) or several statuses (`paid,completed`, or the parameter repeated), the
 * orders having any of them. Parsed to the statuses kept; none (or `all` among them) = every order.
 */
const statusFilter = listParam(
  z.enum(orderStatusKeys, { error: 'validation.orderStatusInvalid' }),
  orderStatusKeys.length,
  'validation.orderStatusInvalid',
).transform((keys): OrderStatus[] =>
  keys.includes('all') ? [] : orderStatuses.filter((status) => keys.includes(status)),
);

/** The fields the administrators' list and the customer's own share. */
const ordersQueryFields = {
  ...pageFields(ORDERS_PAGE_SIZE, ORDERS_PAGE_SIZE_MAX),
  status: statusFilter,
  search: searchField(),
  /** Orders placed at or after: the start of this day (UTC), or this instant. */
  startDate: startBoundField(),
  /** Orders placed before the end of this day (UTC), or before this instant. */
  endDate: endBoundField(),
  sort: z.enum(orderSortKeys, { error: 'validation.orderSortInvalid' }).default('createdAt'),
  order: orderField('desc'),
};

const validRange = (q: { startDate?: string | undefined; endDate?: string | undefined }) =>
  !q.startDate || !q.endDate || q.startDate < q.endDate;

/**
 * `GET /api/orders/admin`: every order. `status` picks a tab or several statuses; `customer` keeps one
 * customer's orders (a user id); `startDate` and `endDate` bound the creation time (days in UTC, both
 * included, or instants); `search` is an order number (`#1001` or `1001`) or part of the customer's name
 * or email.
 */
export const adminOrdersQuery = z
  .object({
    ...ordersQueryFields,
    customer: z.uuid({ error: 'validation.userRefInvalid' }).optional(),
  })
  .refine(validRange, { message: 'validation.dateRangeInvalid', path: ['endDate'] });
export type AdminOrdersQuery = z.input<typeof adminOrdersQuery>;

/**
 * `GET /api/orders`: the caller's own orders, with the same tabs, dates, search (an order number) and sorts
 * as the administrators' list, answered in the same shape.
 */
export const myOrdersQuery = z
  .object(ordersQueryFields)
  .refine(validRange, { message: 'validation.dateRangeInvalid', path: ['endDate'] });
export type MyOrdersQuery = z.input<typeof myOrdersQuery>;

/** `POST /api/orders/:id/status`: the next status (see orderTransitions), a note, the version seen. */
export const orderStatusInput = z.strictObject({
  status: z.enum(orderStatuses, { error: 'validation.orderStatusInvalid' }),
  note: z
    .string({ error: 'validation.orderNoteTooLong' })
    .trim()
    .max(ORDER_NOTE_MAX, 'validation.orderNoteTooLong')
    .default(''),
  version: versionField,
});
export type OrderStatusInput = z.input<typeof orderStatusInput>;
