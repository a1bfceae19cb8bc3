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
  FROM_ADDRESSES_MAX,
  fromAddressesResponse,
  fromAddressIdParams,
  fromAddressInput,
  fromAddressResponse,
  serviceIdParams,
  serviceInput,
  serviceResponse,
  SERVICES_MAX,
  servicesResponse,
  updateCustomerInput,
  updateFromAddressInput,
  updateServiceInput,
} from '#shared/contract/invoices.ts';

import type { InvoiceCustomerRow } from '../../db/schema/index.ts';
import { conflict, forbidden, notFound, stale } from '../../lib/http-error.ts';
import { actor, adminScope, type Actor } from '../../plugins/auth.ts';
import { isUniqueViolation } from '../../plugins/errors.ts';
import {
  countFromAddresses,
  countServices,
  deleteCustomer,
  deleteFromAddress,
  deleteService,
  findCustomer,
  findFromAddress,
  findService,
  insertCustomer,
  insertFromAddress,
  insertService,
  listCustomers,
  listFromAddresses,
  listServices,
  toCustomer,
  toFromAddress,
  toService,
  updateCustomer,
  updateFromAddress,
  updateService,
} from './parties.repo.ts';

const customerNotFound = () => notFound('Customer not found');
const addressNotFound = () => notFound('Address not found');
const serviceNotFound = () => notFound('Service not found');

/** The service's unique name, as a 409 that says so. */
const nameTaken = (error: unknown) =>
  isUniqueViolation(error, 'invoice_services_name_unique')
    ? conflict('Another service is already called this', 'NAME_TAKEN')
    : error;

/**
 * Who may change or delete a customer of the shared address book: administrators, and the person who added
 * it. Anyone else reads it (and invoices it) but gets a 403: one person must not redirect another's invoices
 * by editing the address they go to.
 */
function assertMayChange(me: Actor, customer: InvoiceCustomerRow): void {
  if (me.isAdmin || (customer.createdBy !== null && customer.createdBy === me.user.id)) return;
  throw forbidden('Only the person who added this customer, or an administrator, may change it');
}

/** Only the fields a request sent. */
const sent = <T extends object>(fields: T) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;

/**
 * The parties and services of invoices, inside `/api/invoices` (a signed-in scope already):
 * - `/customers`: the invoice address book, shared by the workspace: anyone signed in lists and adds
 *   customers; a customer is edited (version-checked) and deleted by the person who added it or an
 *   administrator (403 for anyone else); a customer with invoices cannot be deleted (409 `CUSTOMER_IN_USE`);
 * - `/from-addresses`: the workspace's own addresses: everyone reads, administrators manage;
 * - `/services`: the services with their default prices: everyone reads, administrators manage.
 */
export const partiesRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const patch = sent(fields);
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

  /** A child scope: the hooks of adminScope apply to these routes only. */
  const administration: FastifyPluginAsyncZod = async (admin) => {
    adminScope(admin);

    admin.post(
      '/from-addresses',
      { schema: { body: fromAddressInput, response: { 201: fromAddressResponse, ...errorResponses } } },
      async (request, reply) => {
        if ((await countFromAddresses(db)) >= FROM_ADDRESSES_MAX) {
          throw conflict(`At most ${FROM_ADDRESSES_MAX} addresses`, 'TOO_MANY_ADDRESSES');
        }
        const { primary, ...fields } = request.body;
        const row = await insertFromAddress(db, { ...fields, isPrimary: primary });
        return reply.code(201).send({ address: toFromAddress(row) });
      },
    );

    admin.patch(
      '/from-addresses/:id',
      {
        schema: {
          params: fromAddressIdParams,
          body: updateFromAddressInput,
          response: { 200: fromAddressResponse, ...errorResponses },
        },
      },
      async (request) => {
        const { primary, ...fields } = request.body;
        if (!(await findFromAddress(db, request.params.id))) throw addressNotFound();
        const row = await updateFromAddress(db, request.params.id, {
          ...sent(fields),
          ...(primary === true && { isPrimary: true }),
        });
        if (!row) throw addressNotFound();
        return { address: toFromAddress(row) };
      },
    );

    admin.delete(
      '/from-addresses/:id',
      { schema: { params: fromAddressIdParams, response: { 204: z.null(), ...errorResponses } } },
      async (request, reply) => {
        if (!(await deleteFromAddress(db, request.params.id))) throw addressNotFound();
        return reply.code(204).send(null);
      },
    );

    admin.post(
      '/services',
      { schema: { body: serviceInput, response: { 201: serviceResponse, ...errorResponses } } },
      async (request, reply) => {
        if ((await countServices(db)) >= SERVICES_MAX) {
          throw conflict(`At most ${SERVICES_MAX} services`, 'TOO_MANY_SERVICES');
        }
        try {
          const row = await insertService(db, request.body);
          return reply.code(201).send({ service: toService(row) });
        } catch (error) {
          throw nameTaken(error);
        }
      },
    );

    admin.patch(
      '/services/:id',
      {
        schema: {
          params: serviceIdParams,
          body: updateServiceInput,
          response: { 200: serviceResponse, ...errorResponses },
        },
      },
      async (request) => {
        const before = await findService(db, request.params.id);
        if (!before) throw serviceNotFound();
        const patch = sent(request.body);
        if (!Object.keys(patch).length) return { service: toService(before) };
        try {
          const row = await updateService(db, before.id, patch);
          if (!row) throw serviceNotFound();
          return { service: toService(row) };
        } catch (error) {
          throw nameTaken(error);
        }
      },
    );

    admin.delete(
      '/services/:id',
      { schema: { params: serviceIdParams, response: { 204: z.null(), ...errorResponses } } },
      async (request, reply) => {
        if (!(await deleteService(db, request.params.id))) throw serviceNotFound();
        return reply.code(204).send(null);
      },
    );
  };
  await app.register(administration);
};
