import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorResponses, staleErrorSchema } from '#shared/contract/common.ts';
import {
  createDiscountInput,
  discountIdParams,
  discountPageResponse,
  discountResponse,
  discountSchema,
  discountsQuery,
  discountValueFits,
  updateDiscountInput,
} from '#shared/contract/orders.ts';
import { validationMessageEn } from '#shared/lib/validation-messages.ts';

import { badRequest, conflict, notFound, stale } from '../../lib/http-error.ts';
import { actor, adminScope } from '../../plugins/auth.ts';
import { isUniqueViolation } from '../../plugins/errors.ts';
import {
  deleteDiscount,
  findDiscount,
  insertDiscount,
  listDiscounts,
  toDiscount,
  updateDiscount,
  type DiscountUpdate,
} from './discounts.repo.ts';

const discountNotFound = () => notFound('Discount code not found');

/** The code's unique index, as a 409 that names it. */
const codeTaken = (error: unknown) =>
  isUniqueViolation(error, 'discount_codes_code_unique')
    ? conflict('Another discount code is already called this', 'CODE_TAKEN')
    : error;

/**
 * `/api/discounts` for administrators (issue #13, ADR 026): list, create, edit (version check) and delete
 * discount codes (403 for anyone else).
 */
export const discountsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  adminScope(app);
  const db = app.db;

  app.get(
    '/',
    { schema: { querystring: discountsQuery, response: { 200: discountPageResponse, ...errorResponses } } },
    async (request) => {
      const { search, ...page } = request.query;
      const { items, ...info } = await listDiscounts(db, search, page);
      return { discounts: items.map(toDiscount), ...info };
    },
  );

  app.post(
    '/',
    { schema: { body: createDiscountInput, response: { 201: discountResponse, ...errorResponses } } },
    async (request, reply) => {
      const { expiresAt, ...input } = request.body;
      try {
        const row = await insertDiscount(db, {
          ...input,
          expiresAt: expiresAt === null ? null : new Date(expiresAt),
        });
        request.log.info({ event: 'discount.create', actorId: actor(request).user.id, discountId: row.id });
        return reply.code(201).send({ discount: toDiscount(row) });
      } catch (error) {
        throw codeTaken(error);
      }
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        params: discountIdParams,
        body: updateDiscountInput,
        response: { 200: discountResponse, ...errorResponses, 409: staleErrorSchema(discountSchema) },
      },
    },
    async (request) => {
      const { version, expiresAt, ...fields } = request.body;
      const before = await findDiscount(db, request.params.id);
      if (!before) throw discountNotFound();
      if (version !== undefined && version !== before.version) throw stale(toDiscount(before));
      const patch: DiscountUpdate = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      );
      if (expiresAt !== undefined) patch.expiresAt = expiresAt === null ? null : new Date(expiresAt);
      if (!Object.keys(patch).length) return { discount: toDiscount(before) };
      if (!discountValueFits(patch.kind ?? before.kind, patch.value ?? before.value)) {
        throw badRequest(validationMessageEn('validation.discountValueInvalid'), 'DISCOUNT_VALUE_INVALID');
      }
      let after;
      try {
        after = await updateDiscount(db, before.id, patch, before.version);
      } catch (error) {
        throw codeTaken(error);
      }
      if (!after) {
        const current = await findDiscount(db, before.id);
        throw current ? stale(toDiscount(current)) : discountNotFound();
      }
      request.log.info({ event: 'discount.update', actorId: actor(request).user.id, discountId: after.id });
      return { discount: toDiscount(after) };
    },
  );

  app.delete(
    '/:id',
    { schema: { params: discountIdParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      if (!(await deleteDiscount(db, request.params.id))) throw discountNotFound();
      request.log.info({
        event: 'discount.delete',
        actorId: actor(request).user.id,
        discountId: request.params.id,
      });
      return reply.code(204).send(null);
    },
  );
};
