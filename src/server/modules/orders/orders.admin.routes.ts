import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorResponses } from '#shared/contract/common.ts';
import {
  adminOrderPageResponse,
  adminOrdersQuery,
  canMoveOrder,
  orderConflictSchema,
  orderIdParams,
  orderResponse,
  orderStatusInput,
} from '#shared/contract/orders.ts';

import { badRequest, stale } from '../../lib/http-error.ts';
import { actor, adminScope } from '../../plugins/auth.ts';
import { moveOrder, orderAnswer, orderById, orderNotFound } from './order-status.ts';
import { findOrder, listOrders, orderCustomer } from './orders.repo.ts';
import { toOrderSummary } from './orders.service.ts';

/**
 * `/api/orders` for administrators (issue #13, ADR 026): every order (`GET /admin`: tabs with counts, several
 * statuses, one customer's, dates, search, sorts), and the next status along `orderTransitions`
 * (`POST /:id/status`, version-checked; cancelling or refunding puts the stock back once). 403 for anyone
 * else.
 */
export const ordersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  adminScope(app);
  const db = app.db;

  app.get(
    '/admin',
    {
      schema: {
        querystring: adminOrdersQuery,
        response: { 200: adminOrderPageResponse, ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const [{ items, ...page }, customer] = await Promise.all([
        listOrders(
          db,
          { statuses: q.status, userId: q.customer, search: q.search, from: q.startDate, to: q.endDate },
          q.sort,
          q.order,
          q,
        ),
        q.customer ? orderCustomer(db, q.customer) : undefined,
      ]);
      return {
        orders: items.map(toOrderSummary),
        ...page,
        ...(q.customer && { customer: customer ?? null }),
      };
    },
  );

  /**
   * The next status, along `orderTransitions` (anything else is a 400), from the version the
   * administrator saw (409 `STALE` with the order as it is now when it changed meanwhile).
   */
  app.post(
    '/:id/status',
    {
      schema: {
        params: orderIdParams,
        body: orderStatusInput,
        response: { 200: orderResponse, ...errorResponses, 409: orderConflictSchema },
      },
    },
    async (request) => {
      const me = actor(request);
      const { status, note, version } = request.body;
      const row = await findOrder(db, request.params.id);
      if (!row) throw orderNotFound();
      if (!canMoveOrder(row.status, status)) {
        throw badRequest(
          row.status === status
            ? `This order is already ${status}`
            : `An order that is ${row.status} cannot become ${status}`,
          'INVALID_TRANSITION',
        );
      }
      if (version !== row.version) throw stale(await orderAnswer(db, row));
      if (!(await moveOrder(app, row, status, { userId: me.user.id, note }))) {
        throw stale(await orderById(db, row.id));
      }
      request.log.info({
        event: 'order.status',
        actorId: me.user.id,
        orderId: row.id,
        from: row.status,
        to: status,
      });
      return { order: await orderById(db, row.id) };
    },
  );
};
