/**
 * Invoices (issue #14, ADR 027): invoices (`/api/invoices`), the invoice address book of customers
 * (`/api/invoices/customers`), the workspace's own addresses an invoice comes from
 * (`/api/invoices/from-addresses`) and the services with their default prices (`/api/invoices/services`).
 *
 * **Money is integer cents** of the instance's one currency. A request gives each line's quantity and unit
 * price, the shipping, the discount (cents) and the taxes (a percentage); the server computes the line
 * totals, the subtotal, the taxes' amount and the total (`invoiceTotalsOf`) and stores only its own figures:
 * a request that names them is refused (400, the schemas are strict).
 *
 * Dates are days (`YYYY-MM-DD`); "today" is the server's day in UTC. An invoice is `overdue` when it is
 * `pending` (sent, not paid) and its due date is before today: derived when read, never stored.
 */
import { z } from 'zod';

import { idempotencyKeyField, versionField } from './common.ts';
import {
  CUSTOMERS_PAGE_SIZE,
  INVOICE_AMOUNT_MAX,
  INVOICE_ITEM_DESCRIPTION_MAX,
  INVOICE_ITEM_TITLE_MAX,
  INVOICE_ITEMS_MAX,
  INVOICE_NOTES_MAX,
  INVOICE_QUANTITY_MAX,
  INVOICE_SERVICE_FILTER_MAX,
  INVOICE_TAXES_MAX,
  invoiceLanguages,
  INVOICES_BULK_MAX,
  INVOICES_PAGE_SIZE,
  INVOICES_PAGE_SIZE_MAX,
  invoiceSortKeys,
  invoiceStatuses,
  invoiceTabs,
  PARTY_ADDRESS_MAX,
  PARTY_COMPANY_MAX,
  PARTY_EMAIL_MAX,
  PARTY_NAME_MAX,
  PARTY_PHONE_MAX,
  SERVICE_NAME_MAX,
  storedInvoiceStatuses,
} from './invoices-limits.ts';
import { listPageSchema, orderField, pageFields, searchField } from './list.ts';

export * from './invoices-limits.ts';

const isoTime = z.iso.datetime({ offset: true });
const cents = z.number().int();
const day = z.iso.date();

// ── parties: customers and the workspace's addresses ───────────────────────────────────────────────────

/** Who an invoice is from or to, as the invoice keeps it (copied when the invoice is saved). */
export const partySnapshotSchema = z.object({
  name: z.string(),
  company: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  fullAddress: z.string(),
});
export type PartySnapshot = z.infer<typeof partySnapshotSchema>;

/**
 * A customer of the invoice address book, shared by the workspace: anyone signed in reads it and adds to it;
 * the person who added a customer (`createdBy`) and administrators change or delete it.
 */
export const customerSchema = partySnapshotSchema.extend({
  id: z.uuid(),
  /** Who added it (null once their account is gone: then administrators only). */
  createdBy: z.uuid().nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
  version: z.number().int(),
});
export type Customer = z.infer<typeof customerSchema>;

/** One of the workspace's own addresses (administrators manage them; `primary` is the default "from"). */
export const fromAddressSchema = partySnapshotSchema.extend({
  id: z.uuid(),
  primary: z.boolean(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type FromAddress = z.infer<typeof fromAddressSchema>;

const partyFields = {
  name: z
    .string({ error: 'validation.partyNameRequired' })
    .trim()
    .min(1, 'validation.partyNameRequired')
    .max(PARTY_NAME_MAX, 'validation.fieldTooLong'),
  company: z
    .string({ error: 'validation.fieldTooLong' })
    .trim()
    .max(PARTY_COMPANY_MAX, 'validation.fieldTooLong'),
  email: z.union([
    z.literal(''),
    z
      .string({ error: 'validation.emailInvalid' })
      .trim()
      .toLowerCase()
      .max(PARTY_EMAIL_MAX, 'validation.emailInvalid')
      .pipe(z.email({ error: 'validation.emailInvalid' })),
  ]),
  phoneNumber: z
    .string({ error: 'validation.phoneInvalid' })
    .trim()
    .max(PARTY_PHONE_MAX, 'validation.phoneInvalid')
    .regex(/^[0-9+()\-.\s]*$/, 'validation.phoneInvalid'),
  fullAddress: z
    .string({ error: 'validation.addressRequired' })
    .trim()
    .min(1, 'validation.addressRequired')
    .max(PARTY_ADDRESS_MAX, 'validation.fieldTooLong'),
};

/** `POST /api/invoices/customers`. */
export const customerInput = z.strictObject({
  name: partyFields.name,
  company: partyFields.company.default(''),
  email: partyFields.email.default(''),
  phoneNumber: partyFields.phoneNumber.default(''),
  fullAddress: partyFields.fullAddress,
});
export type CustomerInput = z.input<typeof customerInput>;

/** `PATCH /api/invoices/customers/:id`: the fields sent change; `version` as read (409 `STALE` when older). */
export const updateCustomerInput = z
  .strictObject({ ...partyFields, version: versionField.optional() })
  .partial();
export type UpdateCustomerInput = z.input<typeof updateCustomerInput>;

export const customerIdParams = z.object({ id: z.uuid({ error: 'validation.customerIdInvalid' }) });
export const customerResponse = z.object({ customer: customerSchema });
export const customerPageResponse = listPageSchema('customers', customerSchema);
export type CustomerPage = z.infer<typeof customerPageResponse>;

/** `GET /api/invoices/customers`: by name; `search` matches the name, company or email. */
export const customersQuery = z.object({
  ...pageFields(CUSTOMERS_PAGE_SIZE),
  search: searchField(),
});
export type CustomersQuery = z.input<typeof customersQuery>;

/** `POST /api/invoices/from-addresses` (administrators). The first one is the default. */
export const fromAddressInput = z.strictObject({
  name: partyFields.name,
  company: partyFields.company.default(''),
  email: partyFields.email.default(''),
  phoneNumber: partyFields.phoneNumber.default(''),
  fullAddress: partyFields.fullAddress,
  primary: z.boolean({ error: 'validation.primaryInvalid' }).default(false),
});
export type FromAddressInput = z.input<typeof fromAddressInput>;
export const updateFromAddressInput = z
  .strictObject({ ...partyFields, primary: z.boolean({ error: 'validation.primaryInvalid' }) })
  .partial();
export type UpdateFromAddressInput = z.input<typeof updateFromAddressInput>;
export const fromAddressIdParams = z.object({ id: z.uuid({ error: 'validation.fromAddressIdInvalid' }) });
export const fromAddressResponse = z.object({ address: fromAddressSchema });
export const fromAddressesResponse = z.object({ addresses: z.array(fromAddressSchema) });

// ── services ────────────────────────────────────────────────────────────────────────────────────────────

/** A service an invoice line can name; choosing it fills in its default price (cents). */
export const serviceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  price: cents,
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type Service = z.infer<typeof serviceSchema>;

const amountField = z
  .number({ error: 'validation.amountInvalid' })
  .int('validation.amountInvalid')
  .min(0, 'validation.amountInvalid')
  .max(INVOICE_AMOUNT_MAX, 'validation.amountInvalid');

export const serviceInput = z.strictObject({
  name: z
    .string({ error: 'validation.serviceNameRequired' })
    .trim()
    .min(1, 'validation.serviceNameRequired')
    .max(SERVICE_NAME_MAX, 'validation.fieldTooLong'),
  price: amountField,
});
export type ServiceInput = z.input<typeof serviceInput>;
export const updateServiceInput = serviceInput.partial();
export type UpdateServiceInput = z.input<typeof updateServiceInput>;
export const serviceIdParams = z.object({ id: z.uuid({ error: 'validation.serviceIdInvalid' }) });
export const serviceResponse = z.object({ service: serviceSchema });
/** `GET /api/invoices/services`: all of them (at most SERVICES_MAX), by name. */
export const servicesResponse = z.object({ services: z.array(serviceSchema) });

// ── invoices ────────────────────────────────────────────────────────────────────────────────────────────

export const invoiceItemSchema = z.object({
  title: z.string(),
  description: z.string(),
  /** The service named (null: none, or deleted since) and its name as it was when the invoice was saved. */
  serviceId: z.uuid().nullable(),
  service: z.string(),
  quantity: z.number().int(),
  /** Unit price, cents. */
  price: cents,
  /** quantity × price, computed by the server. */
  total: cents,
});
export type InvoiceItem = z.infer<typeof invoiceItemSchema>;

export const invoiceOwnerSchema = z.object({
  /** null once the person deleted their account; name and email are then empty (ADR 058). */
  id: z.uuid().nullable(),
  name: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
});

/** An invoice as lists show it and the document prints it. */
export const invoiceSchema = z.object({
  id: z.uuid(),
  /** `INV-1001`: sequential and unique. */
  invoiceNumber: z.string(),
  /** `overdue` when pending past its due date (derived on read). */
  status: z.enum(invoiceStatuses),
  /** The workspace address it is from (null when deleted since) and the copy the invoice keeps. */
  fromAddressId: z.uuid().nullable(),
  invoiceFrom: partySnapshotSchema,
  customerId: z.uuid(),
  invoiceTo: partySnapshotSchema,
  createDate: day,
  dueDate: day,
  items: z.array(invoiceItemSchema),
  /** Σ line totals. */
  subtotal: cents,
  shipping: cents,
  discount: cents,
  /** The tax rate, percent (two decimals), and what it comes to in cents. */
  taxes: z.number(),
  taxAmount: cents,
  /** subtotal − discount + shipping + taxAmount. */
  totalAmount: cents,
  /** ISO 4217: the instance's currency when the invoice was created. */
  currency: z.string(),
  /** The language its PDF and mail are written in. */
  language: z.enum(invoiceLanguages),
  notes: z.string(),
  /** How many times it was mailed. */
  sent: z.number().int(),
  paidAt: isoTime.nullable(),
  owner: invoiceOwnerSchema,
  createdAt: isoTime,
  updatedAt: isoTime,
  version: z.number().int(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceResponse = z.object({ invoice: invoiceSchema });
export type InvoiceResponse = z.infer<typeof invoiceResponse>;

/** A tab of the list: how many invoices and their total amount (cents). */
export const invoiceTabStatSchema = z.object({ count: z.number().int(), amount: cents });
export const invoiceStatsSchema = z.object({
  all: invoiceTabStatSchema,
  draft: invoiceTabStatSchema,
  pending: invoiceTabStatSchema,
  paid: invoiceTabStatSchema,
  overdue: invoiceTabStatSchema,
});
export type InvoiceStats = z.infer<typeof invoiceStatsSchema>;

/**
 * `GET /api/invoices`: a page of invoices, `total` the selected tab's count, and `stats`: each tab's count
 * and amount under the filters (search, services, dates) whatever the selected tab.
 */
export const invoicePageResponse = listPageSchema('invoices', invoiceSchema).extend({
  stats: invoiceStatsSchema,
});
export type InvoicePage = z.infer<typeof invoicePageResponse>;

// ── invoice requests ────────────────────────────────────────────────────────────────────────────────────

const dayField = z
  .string({ error: 'validation.dateInvalid' })
  .max(10, 'validation.dateInvalid')
  .pipe(z.iso.date({ error: 'validation.dateInvalid' }));

export const invoiceItemInput = z.strictObject({
  title: z
    .string({ error: 'validation.titleRequired' })
    .trim()
    .min(1, 'validation.titleRequired')
    .max(INVOICE_ITEM_TITLE_MAX, 'validation.fieldTooLong'),
  description: z
    .string({ error: 'validation.fieldTooLong' })
    .trim()
    .max(INVOICE_ITEM_DESCRIPTION_MAX, 'validation.fieldTooLong')
    .default(''),
  /** A service of the list, or none. */
  serviceId: z.uuid({ error: 'validation.serviceIdInvalid' }).nullable().default(null),
  quantity: z
    .number({ error: 'validation.invoiceQuantityInvalid' })
    .int('validation.invoiceQuantityInvalid')
    .min(1, 'validation.invoiceQuantityInvalid')
    .max(INVOICE_QUANTITY_MAX, 'validation.invoiceQuantityInvalid'),
  /** Unit price, cents. */
  price: amountField,
});
export type InvoiceItemInput = z.input<typeof invoiceItemInput>;

const invoiceFields = {
  fromAddressId: z.uuid({ error: 'validation.fromAddressIdInvalid' }),
  customerId: z.uuid({ error: 'validation.customerIdInvalid' }),
  createDate: dayField,
  dueDate: dayField,
  items: z
    .array(invoiceItemInput, { error: 'validation.invoiceItemsRequired' })
    .min(1, 'validation.invoiceItemsRequired')
    .max(INVOICE_ITEMS_MAX, 'validation.tooManyInvoiceItems'),
  shipping: amountField.default(0),
  discount: amountField.default(0),
  taxes: z
    .number({ error: 'validation.taxesInvalid' })
    .min(0, 'validation.taxesInvalid')
    .max(INVOICE_TAXES_MAX, 'validation.taxesInvalid')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'validation.taxesInvalid')
    .default(0),
  notes: z
    .string({ error: 'validation.invoiceNotesTooLong' })
    .trim()
    .max(INVOICE_NOTES_MAX, 'validation.invoiceNotesTooLong')
    .default(''),
  language: z.enum(invoiceLanguages, { error: 'validation.languageInvalid' }).default('en'),
  /** `pending` saves it as issued (not sent yet); `draft` keeps it a draft. */
  status: z.enum(['draft', 'pending'], { error: 'validation.invoiceStatusInvalid' }).default('draft'),
};

const dueNotBeforeCreate = (i: { createDate: string; dueDate: string }) => i.dueDate >= i.createDate;
const discountFits = (i: { items: Array<{ quantity: number; price: number }>; discount: number }) =>
  i.discount <= i.items.reduce((sum, item) => sum + item.quantity * item.price, 0);

/**
 * `POST /api/invoices` (201) and `PUT /api/invoices/:id` (the whole invoice again, with the `version` it
 * was read at): the sender and the customer by id (copied into the invoice), the days, the lines (no line
 * totals), shipping, discount (cents, at most the subtotal), taxes (%), notes, language and draft/pending.
 */
export const invoiceInput = z
  .strictObject({
    ...invoiceFields,
    /** Optional: a retry with the same key answers the invoice the first request made (200), not a new one. */
    idempotencyKey: idempotencyKeyField.optional(),
  })
  .refine(dueNotBeforeCreate, { message: 'validation.dueBeforeCreate', path: ['dueDate'] })
  .refine(discountFits, { message: 'validation.discountTooLarge', path: ['discount'] });
export type InvoiceInput = z.input<typeof invoiceInput>;

export const updateInvoiceInput = z
  .strictObject({
    ...invoiceFields,
    status: z.enum(storedInvoiceStatuses, { error: 'validation.invoiceStatusInvalid' }).optional(),
    /** Required (ADR 017): an edit names the version it was read at, so a blind overwrite is refused. */
    version: versionField,
  })
  .refine(dueNotBeforeCreate, { message: 'validation.dueBeforeCreate', path: ['dueDate'] })
  .refine(discountFits, { message: 'validation.discountTooLarge', path: ['discount'] });
export type UpdateInvoiceInput = z.input<typeof updateInvoiceInput>;

export const invoiceIdParams = z.object({ id: z.uuid({ error: 'validation.invoiceIdInvalid' }) });

/** `POST /api/invoices/bulk-delete`: the caller's invoices among `ids` are deleted (others are skipped). */
export const bulkDeleteInvoicesInput = z.strictObject({
  ids: z
    .array(z.uuid({ error: 'validation.invoiceIdInvalid' }), { error: 'validation.invoiceIdsRequired' })
    .min(1, 'validation.invoiceIdsRequired')
    .max(INVOICES_BULK_MAX, 'validation.invoiceIdsRequired'),
});
export type BulkDeleteInvoicesInput = z.input<typeof bulkDeleteInvoicesInput>;
export const bulkDeleteInvoicesResponse = z.object({ deleted: z.number().int() });

/** `POST /api/invoices/:id/status`: mark paid (`paid`) or unpaid (`pending`), or back to `draft`. */
export const invoiceStatusInput = z.strictObject({
  status: z.enum(storedInvoiceStatuses, { error: 'validation.invoiceStatusInvalid' }),
  version: versionField.optional(),
});
export type InvoiceStatusInput = z.input<typeof invoiceStatusInput>;

/**
 * `POST /api/invoices/:id/send`: mails the invoice with its PDF to the invoice's customer address (never to
 * another: an `email` in the body is a 400), in the invoice's language (or `lang`); a draft becomes pending,
 * `sent` goes up by one.
 */
export const sendInvoiceInput = z
  .strictObject({
    lang: z.enum(invoiceLanguages, { error: 'validation.languageInvalid' }).optional(),
  })
  .default({});
export type SendInvoiceInput = z.input<typeof sendInvoiceInput>;

/** `GET /api/invoices/:id/pdf?lang=`: the document (application/pdf), in the invoice's language by default. */
export const invoicePdfQuery = z.object({
  lang: z.enum(invoiceLanguages, { error: 'validation.languageInvalid' }).optional(),
  /** `attachment` (default) to download, `inline` to open in the browser. */
  disposition: z
    .enum(['attachment', 'inline'], { error: 'validation.dispositionInvalid' })
    .default('attachment'),
});

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A comma-separated list of service ids, or the parameter repeated. */
const serviceFilter = z
  .union([z.string(), z.array(z.string())], { error: 'validation.serviceIdInvalid' })
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(
    z
      .array(z.uuid({ error: 'validation.serviceIdInvalid' }))
      .max(INVOICE_SERVICE_FILTER_MAX, 'validation.serviceIdInvalid'),
  )
  .optional();

const dayParam = z
  .string({ error: 'validation.dateInvalid' })
  .max(10, 'validation.dateInvalid')
  .refine((v) => DATE_ONLY.test(v) && z.iso.date().safeParse(v).success, 'validation.dateInvalid')
  .optional();

/**
 * `GET /api/invoices`: the caller's invoices (administrators: everyone's). `status` picks a tab; `service`
 * keeps invoices with a line of one of these services; `startDate`/`endDate` bound the create date (days,
 * both included); `search` is an invoice number (`INV-1001` or `1001`) or part of the customer's name,
 * company or email.
 */
export const invoicesQuery = z
  .object({
    ...pageFields(INVOICES_PAGE_SIZE, INVOICES_PAGE_SIZE_MAX),
    status: z.enum(invoiceTabs, { error: 'validation.invoiceStatusInvalid' }).default('all'),
    search: searchField(),
    service: serviceFilter,
    startDate: dayParam,
    endDate: dayParam,
    sort: z.enum(invoiceSortKeys, { error: 'validation.invoiceSortInvalid' }).default('createDate'),
    order: orderField('desc'),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: 'validation.dateRangeInvalid',
    path: ['endDate'],
  });
export type InvoicesQuery = z.input<typeof invoicesQuery>;
