import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorResponses, errorSchema } from '#shared/contract/common.ts';
import {
  adminOrderPageResponse,
  createOrderInput,
  discountErrorSchema,
  formatOrderNumber,
  myOrdersQuery,
  orderConflictSchema,
  orderIdParams,
  orderQuoteInput,
  orderQuoteResponse,
  orderResponse,
  ORDERS_PER_MINUTE,
  paymentMethodsResponse,
  type OrderStatus,
} from '#shared/contract/orders.ts';

import { badRequest, HttpError, notFound } from '../../lib/http-error.ts';
import { enforce } from '../../lib/rate-limiter.ts';
import { actor, signedInScope } from '../../plugins/auth.ts';
import { recordServerEvent } from '../analytics/analytics.service.ts';
import { findAddress } from './addresses.repo.ts';
import { assertSameRequest, requestHash } from './idempotency.ts';
import {
  announceOrder,
  moveOrder as moveOrderTo,
  orderAnswer,
  orderById,
  orderNotFound,
} from './order-status.ts';
import {
  findOrder,
  listOrders,
  orderIdByKey,
  placeOrder,
  quoteOrder,
  type OverLimit,
  type PlaceResult,
  type QuoteResult,
  type Unavailable,
} from './orders.repo.ts';
import {
  discountRefusal,
  discountTries,
  lineRequests,
  snapshotOf,
  toOrderSummary,
  type OrderListRow,
} from './orders.service.ts';
import { chargeCard, paymentMethodsOf } from './payments.ts';

/** 409: the products short of stock, by name, with what is left of each. */
function outOfStock(unavailable: Unavailable[]): HttpError {
  const names = unavailable
    .map((u) => `${u.name} (${u.available === 0 ? 'none' : u.available} left)`)
    .join(', ');
  return new HttpError(409, `Not enough in stock: ${names}`, {
    code: 'OUT_OF_STOCK',
    extra: { unavailable },
  });
}

/** 409: the products whose maximum per customer the order would pass, each with its maximum (ADR 032). */
function overLimitError(overLimit: OverLimit[]): HttpError {
  const names = overLimit
    .map(
      (o) =>
        `${o.name} (at most ${o.max} per customer${o.ordered ? `, ${o.ordered} in your earlier orders` : ''})`,
    )
    .join(', ');
  return new HttpError(409, `This order would pass the maximum per customer: ${names}`, {
    code: 'PER_CUSTOMER_LIMIT',
    extra: { overLimit },
  });
}

/**
 * `/api/orders` (issue #13, ADR 026). Customers place orders (priced by the server, stock taken atomically,
 * idempotent by key), get a quote for their cart, and read their own orders (anyone else's is a 404;
 * administrators read every one). The administrators' list and status changes are orders.admin.routes.ts.
 * The customer is notified of each change; `orders.changed` goes to them and to the administrators.
 */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  signedInScope(app);

  const announce = (orderId: string, customerId: string, status: OrderStatus) =>
    announceOrder(app, orderId, customerId, status);

  /** The problems of a quote or an order that are the customer's to fix, as answers. */
  function refusal(result: Exclude<PlaceResult | QuoteResult, { kind: 'placed' | 'duplicate' | 'priced' }>) {
    if (result.kind === 'unavailable') return outOfStock(result.unavailable);
    if (result.kind === 'overLimit') return overLimitError(result.overLimit);
    if (result.kind === 'option') return badRequest(result.message, 'OPTION_UNAVAILABLE');
    return discountRefusal(result.discount, result.subtotal, new Date(), app.config.currency);
  }

  /** Moves an order along (order-status.ts): false when it changed meanwhile. */
  const moveOrder = (row: OrderListRow, to: OrderStatus, by: { userId: string | null; note: string }) =>
    moveOrderTo(app, row, to, by);

  // ── checkout ──────────────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/payment-methods',
    { schema: { response: { 200: paymentMethodsResponse, ...errorResponses } } },
    async () => ({ methods: paymentMethodsOf(app.cardPayments, app.config.bankTransferDetails) }),
  );

  /**
   * What these lines would cost now (the checkout's summary); nothing is taken or stored. A quote that names
   * a discount code spends one of the person's code tries, like `POST /api/discounts/check` (the same
   * budget): otherwise it would be a way round that limit.
   */
  app.post(
    '/quote',
    {
      schema: {
        body: orderQuoteInput,
        response: {
          200: orderQuoteResponse,
          ...errorResponses,
          400: discountErrorSchema,
          409: orderConflictSchema,
        },
      },
    },
    async (request) => {
      const { items, delivery, discountCode } = request.body;
      if (discountCode) await enforce(db, [discountTries(actor(request).user.id)]);
      const result = await quoteOrder(db, lineRequests(items), delivery, discountCode);
      if (result.kind !== 'priced') throw refusal(result);
      return {
        quote: {
          ...result.priced,
          discountCode: result.discountCode,
          currency: app.config.currency,
          delivery,
        },
      };
    },
  );

  /**
   * Places an order (201), or answers the order an earlier request with the same idempotency key placed
   * (200, the same body; nothing is taken again). The key reused with a different request is a 422.
   */
  app.post(
    '/',
    {
      schema: {
        body: createOrderInput,
        response: {
          200: orderResponse,
          201: orderResponse,
          ...errorResponses,
          400: discountErrorSchema,
          402: errorSchema,
          409: orderConflictSchema,
          422: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const me = actor(request);
      const input = request.body;
      const hash = requestHash(input);
      const earlier = await orderIdByKey(db, me.user.id, input.idempotencyKey);
      if (earlier) {
        await assertSameRequest(db, earlier, hash);
        return reply.code(200).send({ order: await orderById(db, earlier) });
      }
      await enforce(db, [[`orders:${me.user.id}`, { max: ORDERS_PER_MINUTE, windowSeconds: 60 }]]);
      if (input.paymentMethod === 'card' && !app.cardPayments) {
        throw badRequest(
          'Card payment is not available here: pay cash on delivery or by bank transfer',
          'PAYMENT_METHOD_UNAVAILABLE',
        );
      }
      let address;
      if (input.addressId !== undefined) {
        const saved = await findAddress(db, me.user.id, input.addressId);
        if (!saved) throw notFound('Address not found');
        address = snapshotOf(saved);
      } else {
        address = snapshotOf(input.address!);
      }
      const result = await placeOrder(db, {
        userId: me.user.id,
        lines: lineRequests(input.items),
        delivery: input.delivery,
        discountCode: input.discountCode,
        paymentMethod: input.paymentMethod,
        address,
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        currency: app.config.currency,
      });
      if (result.kind === 'duplicate') {
        await assertSameRequest(db, result.orderId, hash);
        return reply.code(200).send({ order: await orderById(db, result.orderId) });
      }
      if (result.kind !== 'placed') throw refusal(result);
      request.log.info({ event: 'order.place', actorId: me.user.id, orderId: result.orderId });
      let row = await findOrder(db, result.orderId);
      if (!row) throw orderNotFound();
      await announce(row.id, me.user.id, 'pending');
      // A goal of the built-in site's analytics (ADR 056): not awaited, and it cannot fail the order.
      recordServerEvent(app, request, 'order');

      if (input.paymentMethod === 'card' && app.cardPayments) {
        const provider = app.cardPayments;
        const charged = await chargeCard(provider, {
          orderId: row.id,
          orderNumber: formatOrderNumber(row.number),
          amount: row.total,
          currency: row.currency,
          customerEmail: me.user.email,
          idempotencyKey: row.id,
        });
        if (charged !== 'unknown') {
          const note = charged.ok
            ? `Paid by card (${provider.name}, reference ${charged.reference})`
            : `Card payment declined: ${charged.message}`;
          await moveOrder(row, charged.ok ? 'paid' : 'cancelled', { userId: null, note });
          if (!charged.ok) {
            throw new HttpError(402, `The card payment was declined: ${charged.message}`, {
              code: 'PAYMENT_DECLINED',
            });
          }
          row = (await findOrder(db, row.id)) ?? row;
        }
      }
      return reply.code(201).send({ order: await orderAnswer(db, row) });
    },
  );

  // ── the customer's orders ─────────────────────────────────────────────────────────────────────────────

  app.get(
    '/',
    { schema: { querystring: myOrdersQuery, response: { 200: adminOrderPageResponse, ...errorResponses } } },
    async (request) => {
      const q = request.query;
      const { items, ...page } = await listOrders(
        db,
        {
          userId: actor(request).user.id,
          statuses: q.status,
          search: q.search,
          from: q.startDate,
          to: q.endDate,
        },
        q.sort,
        q.order,
        q,
      );
      return { orders: items.map(toOrderSummary), ...page };
    },
  );

  // ── administration ────────────────────────────────────────────────────────────────────────────────────

  // `/admin` is orders.admin.routes.ts's: a static path wins over `/:id` whatever the order.
  app.get(
    '/:id',
    { schema: { params: orderIdParams, response: { 200: orderResponse, ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      // Administrators read every order; anyone else their own (someone else's is a 404).
      const row = await findOrder(db, request.params.id, me.isAdmin ? undefined : me.user.id);
      if (!row) throw orderNotFound();
      return { order: await orderAnswer(db, row) };
    },
  );
};
