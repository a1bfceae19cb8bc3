import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorResponses, staleErrorSchema } from '#shared/contract/common.ts';
import {
  bulkDeleteInvoicesInput,
  bulkDeleteInvoicesResponse,
  formatInvoiceNumber,
  INVOICE_SENDS_PER_MINUTE,
  invoiceIdParams,
  invoiceInput,
  invoicePageResponse,
  invoicePdfQuery,
  invoiceResponse,
  invoiceSchema,
  invoicesQuery,
  invoiceStatusInput,
  sendInvoiceInput,
  updateInvoiceInput,
  type Invoice,
  type InvoiceLanguage,
  type StoredInvoiceStatus,
} from '#shared/contract/invoices.ts';

import { badRequest, notFound, stale } from '../../lib/http-error.ts';
import { enforce } from '../../lib/rate-limiter.ts';
import { actor, signedInScope, type Actor } from '../../plugins/auth.ts';
import { activeAdminIds } from '../../lib/admins.ts';
import { isUniqueViolation } from '../../plugins/errors.ts';
import { invoiceMail } from './invoice-texts.ts';
import { createInvoicePdfs } from './invoice-pdfs.ts';
import {
  deleteInvoices,
  findInvoice,
  insertInvoice,
  invoiceIdByKey,
  listInvoices,
  markSent,
  setInvoiceStatus,
  todayUtc,
  toInvoice,
  updateInvoice,
  type InvoiceLine,
  type InvoiceListRow,
  type InvoiceValues,
} from './invoices.repo.ts';
import { findCustomer, findFromAddress, listServices, snapshotOf } from './parties.repo.ts';
import { assertMayMailOutside } from '../workspace/workspace.service.ts';

const invoiceNotFound = () => notFound('Invoice not found');

type InvoiceRequest = z.output<typeof invoiceInput>;

/**
 * `/api/invoices` (issue #14, ADR 027). A person manages their own invoices (anyone else's id is a 404);
 * administrators manage everyone's. The server numbers invoices from a sequence and computes every figure;
 * edits are version-checked (409 `STALE` with the invoice as it is now). `POST /:id/send` mails the
 * invoice (a draft becomes pending, `sent` goes up); `GET /:id/pdf` is the document in any of the five
 * languages. Every write tells the owner's and the administrators' tabs (`invoices.changed`). The address
 * book, the workspace's addresses and the services are in parties.routes.ts.
 */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  signedInScope(app);
  // PDFs render on worker threads, cached per invoice version (invoice-pdfs.ts).
  const pdfs = createInvoicePdfs();
  app.addHook('onClose', () => pdfs.close());

  /** The invoice if the caller may see it: their own, or any for administrators. */
  async function visible(me: Actor, id: string): Promise<InvoiceListRow> {
    const row = await findInvoice(db, id, me.isAdmin ? undefined : me.user.id);
    if (!row) throw invoiceNotFound();
    return row;
  }

  async function invoiceById(id: string): Promise<Invoice> {
    const row = await findInvoice(db, id);
    if (!row) throw invoiceNotFound();
    return toInvoice(row);
  }

  /** Tells the owner's and the administrators' tabs; a failed push is logged, never the request's failure. */
  async function announce(changes: Array<{ id: string; ownerId: string | null }>): Promise<void> {
    if (!changes.length) return;
    try {
      const admins = await activeAdminIds(db);
      for (const change of changes) {
        const owner = change.ownerId ? [change.ownerId] : []; // none once they deleted their account
        await app.realtime.publish([...new Set([...owner, ...admins])], {
          type: 'invoices.changed',
          invoiceId: change.id,
        });
      }
    } catch (error) {
      app.log.warn({ err: error }, 'Could not push an invoice change');
    }
  }

  /**
   * What the request asks for, with the sender and the customer copied and the services' names: 400 when
   * one of them is not there (the form offered something deleted since).
   */
  async function valuesOf(input: InvoiceRequest, status: StoredInvoiceStatus): Promise<InvoiceValues> {
    const [from, customer, services] = await Promise.all([
      findFromAddress(db, input.fromAddressId),
      findCustomer(db, input.customerId),
      listServices(db),
    ]);
    if (!from) throw badRequest('Choose one of the workspace’s addresses', 'FROM_ADDRESS_UNKNOWN');
    if (!customer) throw badRequest('Choose a customer of the address book', 'CUSTOMER_UNKNOWN');
    const names = new Map(services.map((s) => [s.id, s.name]));
    const items: InvoiceLine[] = input.items.map((item) => {
      if (item.serviceId !== null && !names.has(item.serviceId)) {
        throw badRequest('Choose services from the list', 'SERVICE_UNKNOWN');
      }
      return {
        title: item.title,
        description: item.description,
        serviceId: item.serviceId,
        service: item.serviceId === null ? '' : (names.get(item.serviceId) ?? ''),
        quantity: item.quantity,
        price: item.price,
      };
    });
    return {
      status,
      fromAddressId: from.id,
      invoiceFrom: snapshotOf(from),
      customerId: customer.id,
      invoiceTo: snapshotOf(customer),
      createDate: input.createDate,
      dueDate: input.dueDate,
      items,
      shipping: input.shipping,
      discount: input.discount,
      taxes: input.taxes,
      notes: input.notes,
      language: input.language,
    };
  }

  /**
   * Where an invoice is mailed: the customer's address as the invoice holds it (copied from the address book
   * when the invoice was saved), and nowhere else; 400 when it has none.
   */
  function recipientOf(row: InvoiceListRow): string {
    const to = row.invoiceTo.email;
    if (!to) {
      throw badRequest(
        'The customer has no email address: add one to the customer, then update the invoice',
        'NO_EMAIL',
      );
    }
    return to;
  }

  /** The 409 of a write based on an older version (or a 404 when the invoice went meanwhile). */
  async function staleOrGone(id: string): Promise<never> {
    const current = await findInvoice(db, id);
    throw current ? stale(toInvoice(current)) : invoiceNotFound();
  }

  const conflict = staleErrorSchema(invoiceSchema);

  app.get(
    '/',
    { schema: { querystring: invoicesQuery, response: { 200: invoicePageResponse, ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      const q = request.query;
      const today = todayUtc();
      const { items, ...page } = await listInvoices(
        db,
        {
          ownerId: me.isAdmin ? undefined : me.user.id,
          status: q.status,
          search: q.search,
          serviceIds: q.service ?? [],
          startDate: q.startDate,
          endDate: q.endDate,
          today,
        },
        q.sort,
        q.order,
        q,
      );
      return { invoices: items.map((row) => toInvoice(row, today)), ...page };
    },
  );

  app.post(
    '/',
    {
      schema: {
        body: invoiceInput,
        response: { 200: invoiceResponse, 201: invoiceResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const me = actor(request);
      // The same key again (a retry after a lost answer, or two at once) answers the invoice it made.
      const key = request.body.idempotencyKey ?? null;
      const replay = async () => {
        const made = key ? await invoiceIdByKey(db, me.user.id, key) : undefined;
        return made ? reply.code(200).send({ invoice: await invoiceById(made) }) : undefined;
      };
      const replayed = await replay();
      if (replayed) return replayed;
      const values = await valuesOf(request.body, request.body.status);
      let id: string;
      try {
        id = await insertInvoice(db, me.user.id, app.config.currency, values, key);
      } catch (error) {
        if (isUniqueViolation(error, 'invoices_owner_key_unique')) {
          const again = await replay();
          if (again) return again;
        }
        throw error;
      }
      request.log.info({ event: 'invoice.create', actorId: me.user.id, invoiceId: id });
      await announce([{ id, ownerId: me.user.id }]);
      return reply.code(201).send({ invoice: await invoiceById(id) });
    },
  );

  /** Bulk delete: the caller's invoices among `ids` (administrators: any); the others are left alone. */
  app.post(
    '/bulk-delete',
    {
      schema: {
        body: bulkDeleteInvoicesInput,
        response: { 200: bulkDeleteInvoicesResponse, ...errorResponses },
      },
    },
    async (request) => {
      const me = actor(request);
      const deleted = await deleteInvoices(
        db,
        [...new Set(request.body.ids)],
        me.isAdmin ? undefined : me.user.id,
      );
      request.log.info({ event: 'invoice.bulkDelete', actorId: me.user.id, count: deleted.length });
      await announce(deleted);
      return { deleted: deleted.length };
    },
  );

  app.get(
    '/:id',
    { schema: { params: invoiceIdParams, response: { 200: invoiceResponse, ...errorResponses } } },
    async (request) => ({ invoice: toInvoice(await visible(actor(request), request.params.id)) }),
  );

  /** The whole invoice again, from `version` (409 `STALE` with the current invoice when it changed). */
  app.put(
    '/:id',
    {
      schema: {
        params: invoiceIdParams,
        body: updateInvoiceInput,
        response: { 200: invoiceResponse, ...errorResponses, 409: conflict },
      },
    },
    async (request) => {
      const me = actor(request);
      const before = await visible(me, request.params.id);
      const { version, status, ...input } = request.body;
      if (version !== before.version) throw stale(toInvoice(before));
      const values = await valuesOf({ ...input, status: 'draft' }, status ?? before.status);
      if (!(await updateInvoice(db, before.id, version, values))) {
        return staleOrGone(before.id);
      }
      request.log.info({ event: 'invoice.update', actorId: me.user.id, invoiceId: before.id });
      await announce([{ id: before.id, ownerId: before.ownerId }]);
      return { invoice: await invoiceById(before.id) };
    },
  );

  app.delete(
    '/:id',
    { schema: { params: invoiceIdParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      const me = actor(request);
      const [deleted] = await deleteInvoices(db, [request.params.id], me.isAdmin ? undefined : me.user.id);
      if (!deleted) throw invoiceNotFound();
      request.log.info({ event: 'invoice.delete', actorId: me.user.id, invoiceId: deleted.id });
      await announce([deleted]);
      return reply.code(204).send(null);
    },
  );

  /** A copy as a new draft: a new number, dated today, due after as many days as the original. */
  app.post(
    '/:id/duplicate',
    { schema: { params: invoiceIdParams, response: { 201: invoiceResponse, ...errorResponses } } },
    async (request, reply) => {
      const me = actor(request);
      const original = toInvoice(await visible(me, request.params.id));
      const today = todayUtc();
      const term = Date.parse(original.dueDate) - Date.parse(original.createDate);
      const due = new Date(Date.parse(today) + term).toISOString().slice(0, 10);
      const id = await insertInvoice(db, me.user.id, original.currency, {
        status: 'draft',
        fromAddressId: original.fromAddressId,
        invoiceFrom: original.invoiceFrom,
        customerId: original.customerId,
        invoiceTo: original.invoiceTo,
        createDate: today,
        dueDate: due,
        items: original.items,
        shipping: original.shipping,
        discount: original.discount,
        taxes: original.taxes,
        notes: original.notes,
        language: original.language,
      });
      request.log.info({ event: 'invoice.duplicate', actorId: me.user.id, invoiceId: id, from: original.id });
      await announce([{ id, ownerId: me.user.id }]);
      return reply.code(201).send({ invoice: await invoiceById(id) });
    },
  );

  /** Mark paid (`paid`), unpaid (`pending`) or back to `draft`; from `version` when given. */
  app.post(
    '/:id/status',
    {
      schema: {
        params: invoiceIdParams,
        body: invoiceStatusInput,
        response: { 200: invoiceResponse, ...errorResponses, 409: conflict },
      },
    },
    async (request) => {
      const me = actor(request);
      const before = await visible(me, request.params.id);
      const { status, version } = request.body;
      if (version !== undefined && version !== before.version) throw stale(toInvoice(before));
      if (status !== before.status || (status === 'paid') !== (before.paidAt !== null)) {
        if (!(await setInvoiceStatus(db, before.id, status, version ?? before.version))) {
          return staleOrGone(before.id);
        }
        request.log.info({ event: 'invoice.status', actorId: me.user.id, invoiceId: before.id, status });
        await announce([{ id: before.id, ownerId: before.ownerId }]);
      }
      return { invoice: await invoiceById(before.id) };
    },
  );

  /**
   * Mails the invoice to its customer's address (the one the invoice holds, never one the request names) in
   * its language (or `lang`), through the outbox; a draft becomes pending and `sent` goes up by one. The mail
   * gives the number, the amount and the due date, with the PDF attached (in the same language; the outbox
   * keeps it until the mail is sent). Each refusal comes before anything is rendered or counted.
   */
  app.post(
    '/:id/send',
    {
      schema: {
        params: invoiceIdParams,
        body: sendInvoiceInput,
        response: { 200: invoiceResponse, ...errorResponses },
      },
    },
    async (request) => {
      const me = actor(request);
      const row = await visible(me, request.params.id);
      const body = request.body ?? {};
      const to = recipientOf(row);
      // Who may send, and how much: checked in this order, each a refusal before anything is sent.
      await enforce(db, [
        [`invoice-send:${me.user.id}`, { max: INVOICE_SENDS_PER_MINUTE, windowSeconds: 60 }],
      ]);
      const lang: InvoiceLanguage = body.lang ?? row.language;
      const invoice = toInvoice(row);
      // The document goes with the mail, rendered before anything is counted (a failure sends nothing).
      const { pdf } = await pdfs.pdf(invoice, lang, me.user.id);
      // A verified sender within the outbound mail quotas (issue 24 A and B, ADR 034).
      await assertMayMailOutside(app, me.user, 1, 'mail invoices');
      if (!(await markSent(db, row.id))) throw invoiceNotFound();
      await app.mailer.send({
        to,
        ...invoiceMail(invoice, lang),
        attachments: [
          { filename: `${invoice.invoiceNumber}.pdf`, contentType: 'application/pdf', content: pdf },
        ],
      });
      request.log.info({ event: 'invoice.send', actorId: me.user.id, invoiceId: row.id, lang });
      await announce([{ id: row.id, ownerId: row.ownerId }]);
      return { invoice: await invoiceById(row.id) };
    },
  );

  /** The document, in the invoice's language or `lang`. */
  app.get(
    '/:id/pdf',
    {
      schema: {
        params: invoiceIdParams,
        querystring: invoicePdfQuery,
      },
    },
    async (request, reply) => {
      const me = actor(request);
      const row = await visible(me, request.params.id);
      const lang = request.query.lang ?? row.language;
      const { pdf, cached } = await pdfs.pdf(toInvoice(row), lang, me.user.id);
      const name = `${formatInvoiceNumber(row.number)}.pdf`;
      return reply
        .header('content-type', 'application/pdf')
        .header('x-pdf-cache', cached ? 'hit' : 'miss')
        .header('content-disposition', `${request.query.disposition}; filename="${name}"`)
        .send(pdf);
    },
  );
};
