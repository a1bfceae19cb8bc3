import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorResponses } from '#shared/contract/common.ts';
import {
  discountAmountOf,
  discountCheckInput,
  discountCheckResponse,
  discountErrorSchema,
} from '#shared/contract/orders.ts';

import { enforce } from '../../lib/rate-limiter.ts';
import { actor, signedInScope } from '../../plugins/auth.ts';
import { discountApplies, findDiscountByCode } from './orders.repo.ts';
import { discountRefusal, discountTries } from './orders.service.ts';

/**
 * `/api/discounts` (issue #13, ADR 026): any signed-in person checks a code against their cart
 * (`POST /check`, limited per person: codes are not to be guessed). Administrators manage the codes in
 * discounts.admin.routes.ts.
 */
export const discountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  signedInScope(app);

  app.post(
    '/check',
    {
      schema: {
        body: discountCheckInput,
        response: { 200: discountCheckResponse, ...errorResponses, 400: discountErrorSchema },
      },
    },
    async (request) => {
      const me = actor(request);
      await enforce(db, [discountTries(me.user.id)]);
      const { code, subtotal } = request.body;
      const row = await findDiscountByCode(db, code);
      const now = new Date();
      if (!row || !discountApplies(row, subtotal, now)) {
        throw discountRefusal(row, subtotal, now, app.config.currency);
      }
      return {
        discount: {
          code: row.code,
          kind: row.kind,
          value: row.value,
          amount: discountAmountOf(row.kind, row.value, subtotal),
        },
      };
    },
  );
};
