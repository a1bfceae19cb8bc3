import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';

import { errorResponses } from '#shared/contract/common.ts';
import {
  helpfulResponse,
  listProductsQuery,
  PRODUCT_SUGGESTIONS_MAX,
  productByNameQuery,
  productIdParams,
  productPageResponse,
  productResponse,
  productSuggestionsQuery,
  productSuggestionsResponse,
  reviewInput,
  reviewPageResponse,
  reviewParams,
  reviewRemovedResponse,
  reviewResponse,
  reviewsQuery,
} from '#shared/contract/products.ts';

import { badRequest, forbidden, notFound } from '../../lib/http-error.ts';
import { writeLimit } from '../../lib/limits.ts';
import { enforce } from '../../lib/rate-limiter.ts';
import { actor, signedInScope } from '../../plugins/auth.ts';
import { sqlStateOf } from '../../plugins/errors.ts';
import { publicUploadUrl } from '../files/files.service.ts';
import {
  buyersAmong,
  deleteReview,
  findProductById,
  findProductByName,
  linkedProductFileIds,
  listProducts,
  markHelpful,
  reviewBy,
  reviewFigures,
  reviewsOf,
  suggestions,
  upsertReview,
  type ProductRow,
} from './products.repo.ts';
import {
  announceProduct,
  productAnswer,
  productNotFound,
  reviewFiguresOf,
  toCard,
  toReview,
} from './products.service.ts';

/**
 * `/api/products` (issue #13, ADR 025): the shop and its reviews for every signed-in user (published
 * products; a draft is a 404 to anyone but an administrator), and the catalog's administration
 * (create, edit with a version check, delete, images) for administrators (403 for anyone else).
 */
export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  signedInScope(app);
  // Product pictures are public (`product` use); an upload whose link to its product failed is swept.
  app.files.linkedBy('product', (fileIds) => linkedProductFileIds(db, fileIds));

  /** The product, if the caller may see it: drafts only for administrators. */
  async function visibleProduct(request: FastifyRequest, row: ProductRow | undefined): Promise<ProductRow> {
    if (!row || (row.publish !== 'published' && !actor(request).isAdmin)) throw productNotFound();
    return row;
  }

  // ── the shop ──────────────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/',
    { schema: { querystring: listProductsQuery, response: { 200: productPageResponse, ...errorResponses } } },
    async (request) => {
      const q = request.query;
      if (q.publish !== 'published' && !actor(request).isAdmin) {
        throw forbidden('Only administrators see products that are not published');
      }
      const { items, ...page } = await listProducts(
        db,
        {
          publish: q.publish === 'all' ? null : [q.publish],
          search: q.search,
          gender: q.gender,
          category: q.category,
          colors: q.colors,
          priceMin: q.priceMin,
          priceMax: q.priceMax,
          rating: q.rating,
        },
        q.sort,
        q,
      );
      return { products: items.map(toCard), ...page };
    },
  );

  app.get(
    '/product',
    { schema: { querystring: productByNameQuery, response: { 200: productResponse, ...errorResponses } } },
    async (request) => {
      const row = await visibleProduct(request, await findProductByName(db, request.query.name));
      return { product: await productAnswer(app, row) };
    },
  );

  app.get(
    '/search',
    {
      schema: {
        querystring: productSuggestionsQuery,
        response: { 200: productSuggestionsResponse, ...errorResponses },
      },
    },
    async (request) => {
      const found = await suggestions(db, request.query.q, PRODUCT_SUGGESTIONS_MAX);
      return {
        results: found.map(({ name, price, coverKey }) => ({
          name,
          price,
          coverUrl: coverKey ? publicUploadUrl(coverKey) : null,
        })),
      };
    },
  );

  // ── reviews ───────────────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/:id/reviews',
    {
      schema: {
        params: productIdParams,
        querystring: reviewsQuery,
        response: { 200: reviewPageResponse, ...errorResponses },
      },
    },
    async (request) => {
      const me = actor(request);
      const product = await visibleProduct(request, await findProductById(db, request.params.id));
      const q = request.query;
      const [{ items, ...page }, mine] = await Promise.all([
        reviewsOf(db, product.id, me.user.id, q.sort, q),
        reviewBy(db, product.id, me.user.id),
      ]);
      const buyers = await buyersAmong(db, product.id, [...items.map((r) => r.userId), me.user.id]);
      return {
        reviews: items.map((r) => toReview(r, me.user.id, buyers)),
        ...page,
        ...reviewFiguresOf(product),
        mine: mine ? toReview(mine, me.user.id, buyers) : null,
      };
    },
  );

  /** One review per person and product: a second post replaces the first (200 with the review either way). */
  app.post(
    '/:id/reviews',
    {
      schema: {
        params: productIdParams,
        body: reviewInput,
        response: { 200: reviewResponse, ...errorResponses },
      },
    },
    async (request) => {
      const me = actor(request);
      const product = await visibleProduct(request, await findProductById(db, request.params.id));
      await enforce(db, writeLimit('comment', me.user.id));
      try {
        await upsertReview(db, { productId: product.id, userId: me.user.id, ...request.body });
      } catch (error) {
        // The product was deleted meanwhile.
        if (sqlStateOf(error) === '23503') throw productNotFound();
        throw error;
      }
      const [review, figures] = await Promise.all([
        reviewBy(db, product.id, me.user.id),
        reviewFigures(db, product.id),
      ]);
      if (!review || !figures) throw productNotFound();
      // The rating the overview's top products show.
      await announceProduct(app, product.id, product);
      const buyers = await buyersAmong(db, product.id, [me.user.id]);
      return { review: toReview(review, me.user.id, buyers), ...reviewFiguresOf(figures) };
    },
  );

  app.delete(
    '/:id/reviews/mine',
    { schema: { params: productIdParams, response: { 200: reviewRemovedResponse, ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      const product = await visibleProduct(request, await findProductById(db, request.params.id));
      if (!(await deleteReview(db, product.id, me.user.id))) {
        throw notFound('You have not reviewed this product');
      }
      const figures = await reviewFigures(db, product.id);
      if (!figures) throw productNotFound();
      await announceProduct(app, product.id, product);
      return reviewFiguresOf(figures);
    },
  );

  for (const [method, helpful] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/:id/reviews/:reviewId/helpful',
      schema: { params: reviewParams, response: { 200: helpfulResponse, ...errorResponses } },
      handler: async (request) => {
        const me = actor(request);
        const product = await visibleProduct(request, await findProductById(db, request.params.id));
        const count = await markHelpful(db, product.id, request.params.reviewId, me.user.id, helpful);
        if (count === undefined) throw notFound('Review not found');
        if (count === 'own') throw badRequest('You cannot mark your own review helpful', 'OWN_REVIEW');
        return { helpful: count, markedHelpful: helpful };
      },
    });
  }

  // ── administration ────────────────────────────────────────────────────────────────────────────────────
};
