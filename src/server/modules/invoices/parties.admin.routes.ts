import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorResponses } from '#shared/contract/common.ts';
import {
  FROM_ADDRESSES_MAX,
  fromAddressIdParams,
  fromAddressInput,
  fromAddressResponse,
  serviceIdParams,
  serviceInput,
  serviceResponse,
  SERVICES_MAX,
  updateFromAddressInput,
  updateServiceInput,
} from '#shared/contract/invoices.ts';

import { sentFields } from '../../lib/fields.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { adminScope } from '../../plugins/auth.ts';
import { isUniqueViolation } from '../../plugins/errors.ts';
import {
  countFromAddresses,
  countServices,
  deleteFromAddress,
  deleteService,
  findFromAddress,
  findService,
  insertFromAddress,
  insertService,
  toFromAddress,
  toService,
  updateFromAddress,
  updateService,
} from './parties.repo.ts';

const addressNotFound = () => notFound('Address not found');
const serviceNotFound = () => notFound('Service not found');

/** The service's unique name, as a 409 that says so. */
const nameTaken = (error: unknown) =>
  isUniqueViolation(error, 'invoice_services_name_unique')
    ? conflict('Another service is already called this', 'NAME_TAKEN')
    : error;

/**
 * The invoices' parties for administrators, under `/api/invoices`: the workspace's own addresses
 * (`/from-addresses`) and the services with their default prices (`/services`); 403 for anyone else.
 */
export const partiesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  adminScope(app);
  const db = app.db;

  app.post(
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

  app.patch(
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
        ...sentFields(fields),
        ...(primary === true && { isPrimary: true }),
      });
      if (!row) throw addressNotFound();
      return { address: toFromAddress(row) };
    },
  );

  app.delete(
    '/from-addresses/:id',
    { schema: { params: fromAddressIdParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      if (!(await deleteFromAddress(db, request.params.id))) throw addressNotFound();
      return reply.code(204).send(null);
    },
  );

  app.post(
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

  app.patch(
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
      const patch = sentFields(request.body);
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

  app.delete(
    '/services/:id',
    { schema: { params: serviceIdParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      if (!(await deleteService(db, request.params.id))) throw serviceNotFound();
      return reply.code(204).send(null);
    },
  );
};
