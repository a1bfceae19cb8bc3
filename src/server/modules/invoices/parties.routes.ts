import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorResponses, staleErrorSchema } from '#shared/contract/common.ts';
import {
  customerIdParams,
  customerInput,
  customerPageResponse,
  customerResponse,
  customerSchema,
  customersQuery,
  fromAddressesResponse,
  servicesResponse,
  updateCustomerInput,
} from '#shared/contract/invoices.ts';

import type { InvoiceCustomerRow } from '../../db/schema/index.ts';
import { sentFields } from '../../lib/fields.ts';
import { conflict, forbidden, notFound, stale } from '../../lib/http-error.ts';
import { actor, signedInScope, type Actor } from '../../plugins/auth.ts';
import {
  deleteCustomer,
  findCustomer,
  insertCustomer,
  listCustomers,
  listFromAddresses,
  listServices,
  toCustomer,
  toFromAddress,
  toService,
  updateCustomer,
} from './parties.repo.ts';

const customerNotFound = () => notFound('Customer not found');

/**
 * Who may change or delete a customer of the shared address book: administrators, and the person who added
 * it. Anyone else reads it (and invoices it) but gets a 403: one person must not redirect another's invoices
 * by editing the address they go to.
 */
function assertMayChange(me: Actor, customer: InvoiceCustomerRow): void {
  if (me.isAdmin || (customer.createdBy !== null && customer.createdBy === me.user.id)) return;
  throw forbidden('Only the person who added this customer, or an administrator, may change it');
}

/**
 * The parties and services of invoices, under `/api/invoices` (registered by app.ts next to invoices.routes.ts):
 * - `/customers`: the invoice address book, shared by the workspace: anyone signed in lists and adds
 *   customers; a customer is edited (version-checked) and deleted by the person who added it or an
 *   administrator (403 for anyone else); a customer with invoices cannot be deleted (409 `CUSTOMER_IN_USE`);
 * - `/from-addresses`: the workspace's own addresses: everyone reads, administrators manage;
 * - `/services`: the services with their default prices: everyone reads, administrators manage.
 * What administrators manage is parties.admin.routes.ts.
 */
export const partiesRoutes: FastifyPluginAsyncZod = async (app) => {
  signedInScope(app);
  const db = app.db;

  // ── customers ───────────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/customers',
    { schema: { querystring: customersQuery, response: { 200: customerPageResponse, ...errorResponses } } },
    async (request) => {
      const { search, ...page } = request.query;
      const { items, ...info } = await listCustomers(db, search, page);
      return { customers: items.map(toCustomer), ...info };
    },
  );

  app.get(
    '/customers/:id',
    { schema: { params: customerIdParams, response: { 200: customerResponse, ...errorResponses } } },
    async (request) => {
      const row = await findCustomer(db, request.params.id);
      if (!row) throw customerNotFound();
      return { customer: toCustomer(row) };
    },
  );

  app.post(
    '/customers',
    { schema: { body: customerInput, response: { 201: customerResponse, ...errorResponses } } },
    async (request, reply) => {
      const me = actor(request);
      const row = await insertCustomer(db, { ...request.body, createdBy: me.user.id });
      request.log.info({ event: 'invoiceCustomer.create', actorId: me.user.id, customerId: row.id });
      return reply.code(201).send({ customer: toCustomer(row) });
    },
  );

  app.patch(
    '/customers/:id',
    {
      schema: {
        params: customerIdParams,
        body: updateCustomerInput,
        response: { 200: customerResponse, ...errorResponses, 409: staleErrorSchema(customerSchema) },
      },
    },
    async (request) => {
      const me = actor(request);
      const { version, ...fields } = request.body;
      const before = await findCustomer(db, request.params.id);
      if (!before) throw customerNotFound();
      assertMayChange(me, before);
      if (version !== undefined && version !== before.version) throw stale(toCustomer(before));
      const patch = sentFields(fields);
      if (!Object.keys(patch).length) return { customer: toCustomer(before) };
      const after = await updateCustomer(db, before.id, patch, before.version);
      if (!after) {
        const current = await findCustomer(db, before.id);
        throw current ? stale(toCustomer(current)) : customerNotFound();
      }
      request.log.info({ event: 'invoiceCustomer.update', actorId: me.user.id, customerId: after.id });
      return { customer: toCustomer(after) };
    },
  );

  app.delete(
    '/customers/:id',
    { schema: { params: customerIdParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      const me = actor(request);
      const before = await findCustomer(db, request.params.id);
      if (!before) throw customerNotFound();
      assertMayChange(me, before);
      const result = await deleteCustomer(db, before.id);
      if (result === 'missing') throw customerNotFound();
      if (result === 'inUse') {
        throw conflict('This customer has invoices: delete them first', 'CUSTOMER_IN_USE');
      }
      request.log.info({ event: 'invoiceCustomer.delete', actorId: me.user.id, customerId: before.id });
      return reply.code(204).send(null);
    },
  );

  // ── reading the workspace's addresses and the services ──────────────────────────────────────────────

  app.get(
    '/from-addresses',
    { schema: { response: { 200: fromAddressesResponse, ...errorResponses } } },
    async () => ({ addresses: (await listFromAddresses(db)).map(toFromAddress) }),
  );

  app.get('/services', { schema: { response: { 200: servicesResponse, ...errorResponses } } }, async () => ({
    services: (await listServices(db)).map(toService),
  }));

  // ── administration ──────────────────────────────────────────────────────────────────────────────────
};
