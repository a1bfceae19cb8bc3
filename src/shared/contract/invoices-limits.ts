/**
 * Invoices (issue #14): limits and fixed lists without zod, for the invoice pages (the contract,
 * invoices.ts, re-exports them and builds the schemas).
 *
 * Money is integer cents of the instance's one currency (`CURRENCY`, `GET /api/config`), as in the shop.
 * The server computes every line total, the subtotal, the taxes and the total itself (ADR 027): figures a
 * client sends for them are refused (the request schemas do not name them).
 */

/** What an invoice shows. `overdue` is never stored: it is an unpaid, sent invoice past its due date. */
export const invoiceStatuses = ['draft', 'pending', 'paid', 'overdue'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/** What is stored; `POST /api/invoices/:id/status` sets one of these. */
export const storedInvoiceStatuses = ['draft', 'pending', 'paid'] as const;
export type StoredInvoiceStatus = (typeof storedInvoiceStatuses)[number];

/** The list's tabs: every invoice, then each status (overdue ones are not in `pending`). */
export const invoiceTabs = ['all', ...invoiceStatuses] as const;
export type InvoiceTab = (typeof invoiceTabs)[number];

/**
 * The status an invoice shows on `today` (`YYYY-MM-DD`, UTC): a pending invoice whose due date is before
 * today is overdue. Drafts (never sent) and paid invoices are what they are.
 */
export const invoiceStatusOn = (
  stored: StoredInvoiceStatus,
  dueDate: string,
  today: string,
): InvoiceStatus => (stored === 'pending' && dueDate < today ? 'overdue' : stored);

/** An invoice's number is `INV-` and a sequence (a PostgreSQL sequence from INVOICE_NUMBER_START). */
export const INVOICE_NUMBER_PREFIX = 'INV-';
export const INVOICE_NUMBER_START = 1001;
export const formatInvoiceNumber = (n: number) => `${INVOICE_NUMBER_PREFIX}${n}`;

/** Languages an invoice (and its PDF) can be written in: the interface's five. */
export const invoiceLanguages = ['en', 'fr', 'vi', 'cn', 'ar'] as const;
export type InvoiceLanguage = (typeof invoiceLanguages)[number];

/** Lines of one invoice; units of one line. */
export const INVOICE_ITEMS_MAX = 100;
export const INVOICE_QUANTITY_MAX = 100_000;
/** The highest unit price, shipping or discount: 1,000,000.00 in cents. */
export const INVOICE_AMOUNT_MAX = 100_000_000;
/** Taxes are a percentage from 0 to 100 with at most two decimals. */
export const INVOICE_TAXES_MAX = 100;

export const INVOICE_ITEM_TITLE_MAX = 200;
export const INVOICE_ITEM_DESCRIPTION_MAX = 1_000;
export const INVOICE_NOTES_MAX = 2_000;

export const PARTY_NAME_MAX = 120;
export const PARTY_COMPANY_MAX = 120;
export const PARTY_EMAIL_MAX = 254;
export const PARTY_PHONE_MAX = 30;
export const PARTY_ADDRESS_MAX = 300;

export const SERVICE_NAME_MAX = 120;
/** Services (administrators manage them; everyone reads the whole list). */
export const SERVICES_MAX = 200;
/** The workspace's own addresses (the "from" of an invoice). */
export const FROM_ADDRESSES_MAX = 20;

export const INVOICES_PAGE_SIZE = 10;
export const INVOICES_PAGE_SIZE_MAX = 100;
export const CUSTOMERS_PAGE_SIZE = 20;
/** Ids of one bulk delete. */
export const INVOICES_BULK_MAX = 100;
/** Services one list filter names. */
export const INVOICE_SERVICE_FILTER_MAX = 20;

export const invoiceSortKeys = [
  'createDate',
  'dueDate',
  'number',
  'customer',
  'total',
  'sent',
  'status',
] as const;
export type InvoiceSortKey = (typeof invoiceSortKeys)[number];

/** Mails one person may send per minute through `POST /api/invoices/:id/send` (429 beyond). */
export const INVOICE_SENDS_PER_MINUTE = 20;

/** One line: quantity × unit price. */
export const lineTotalOf = (quantity: number, price: number) => quantity * price;

/**
 * An invoice's figures from its lines, shipping, discount (cents) and taxes (percent, two decimals):
 * subtotal = Σ line totals; taxes = (subtotal − discount) × rate / 100, rounded to the cent (halves up);
 * shipping is not taxed; total = subtotal − discount + shipping + taxes. The server stores these; a client
 * may use the same function to show live totals.
 */
export function invoiceTotalsOf(input: {
  items: ReadonlyArray<{ quantity: number; price: number }>;
  shipping: number;
  discount: number;
  taxes: number;
}): { subtotal: number; taxAmount: number; total: number } {
  const subtotal = input.items.reduce((sum, item) => sum + lineTotalOf(item.quantity, item.price), 0);
  const base = BigInt(Math.max(0, subtotal - input.discount));
  const basisPoints = BigInt(Math.round(input.taxes * 100));
  // base × bp / 10,000, halves up, in integers (the product passes 2^53 for large invoices).
  const taxAmount = Number((base * basisPoints * 2n + 10_000n) / 20_000n);
  return { subtotal, taxAmount, total: subtotal - input.discount + input.shipping + taxAmount };
}
