import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorResponses } from '#shared/contract/common.ts';
import {
  ADDRESSES_MAX,
  addressesResponse,
  addressIdParams,
  addressResponse,
  createAddressInput,
  fullAddressOf,
  hasAddress,
  updateAddressInput,
  type Address,
} from '#shared/contract/orders.ts';
import { validationMessageEn } from '#shared/lib/validation-messages.ts';

import { badRequest, notFound } from '../../lib/http-error.ts';
import { actor, signedInScope } from '../../plugins/auth.ts';
import {
  createAddress,
  deleteAddress,
  findAddress,
  listAddresses,
  updateAddress,
  type AddressFields,
  type AddressRow,
} from './addresses.repo.ts';

const addressNotFound = () => notFound('Address not found');

export function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    name: row.name,
    phoneNumber: row.phoneNumber,
    fullAddress: row.fullAddress,
    street: row.street,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    country: row.country,
    addressType: row.addressType,
    primary: row.isPrimary,
    createdAt: row.createdAt.toISOString(),
  };
}

const PARTS = ['street', 'city', 'state', 'zipCode', 'country'] as const;

/**
 * `/api/addresses` (issue #13, ADR 026): the caller's address book for checkout. Every route reads and
 * writes the caller's own addresses only: anyone else's id is a 404, and nothing changes.
 */
export const addressesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  signedInScope(app);

  app.get('/', { schema: { response: { 200: addressesResponse, ...errorResponses } } }, async (request) => ({
    addresses: (await listAddresses(db, actor(request).user.id)).map(toAddress),
  }));

  app.post(
    '/',
    { schema: { body: createAddressInput, response: { 201: addressResponse, ...errorResponses } } },
    async (request, reply) => {
      const { primary, ...fields } = request.body;
      const row = await createAddress(
        db,
        actor(request).user.id,
        { ...fields, fullAddress: fullAddressOf(fields) },
        primary,
      );
      if (row === 'full') {
        throw badRequest(`An address book holds at most ${ADDRESSES_MAX} addresses`, 'TOO_MANY_ADDRESSES');
      }
      return reply.code(201).send({ address: toAddress(row) });
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        params: addressIdParams,
        body: updateAddressInput,
        response: { 200: addressResponse, ...errorResponses },
      },
    },
    async (request) => {
      const me = actor(request);
      const { primary, ...fields } = request.body;
      const current = await findAddress(db, me.user.id, request.params.id);
      if (!current) throw addressNotFound();
      if (primary === false && current.isPrimary) {
        throw badRequest(
          'Make another address the default instead: a book with addresses always has one',
          'DEFAULT_REQUIRED',
        );
      }
      const patch: Partial<AddressFields> = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      );
      // A one-line address made from the parts follows them; one of the person's own stays as written.
      const madeFromParts = current.fullAddress === fullAddressOf({ ...current, fullAddress: '' });
      const fullAddress = patch.fullAddress ?? (madeFromParts ? '' : current.fullAddress);
      if (!hasAddress({ fullAddress, street: patch.street ?? current.street })) {
        throw badRequest(validationMessageEn('validation.addressRequired'), 'ADDRESS_REQUIRED');
      }
      if (patch.fullAddress !== undefined || (madeFromParts && PARTS.some((p) => patch[p] !== undefined))) {
        patch.fullAddress = fullAddressOf({ ...current, ...patch, fullAddress });
      }
      const row = await updateAddress(db, me.user.id, current.id, patch, primary === true);
      if (!row) throw addressNotFound();
      return { address: toAddress(row) };
    },
  );

  app.delete(
    '/:id',
    { schema: { params: addressIdParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      if (!(await deleteAddress(db, actor(request).user.id, request.params.id))) throw addressNotFound();
      return reply.code(204).send(null);
    },
  );
};
