import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { errorResponses, staleErrorSchema } from '#shared/contract/common.ts';
import {
  adminProductsQuery,
  bulkDeleteProductsInput,
  bulkDeleteProductsResponse,
  createProductInput,
  helpfulResponse,
  listProductsQuery,
  PRODUCT_IMAGES_MAX,
  PRODUCT_SUGGESTIONS_MAX,
  productByNameQuery,
  productIdParams,
  productImagesInput,
  productPageResponse,
  productResponse,
  productSchema,
  productSuggestionsQuery,
  productSuggestionsResponse,
  reviewInput,
  reviewPageResponse,
  reviewParams,
  reviewRemovedResponse,
  reviewResponse,
  reviewsQuery,
  saleAbovePrice,
  updateProductInput,
  type Product,
} from '#shared/contract/products.ts';
import { validationMessageEn } from '#shared/lib/validation-messages.ts';

import { badRequest, conflict, forbidden, notFound, stale } from '../../lib/http-error.ts';
import { writeLimit } from '../../lib/limits.ts';
import { enforce } from '../../lib/rate-limiter.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { actor, adminScope, signedInScope } from '../../plugins/auth.ts';
import { isUniqueViolation, sqlStateOf } from '../../plugins/errors.ts';
import { deleteFiles } from '../files/files.repo.ts';
import { publicUploadUrl } from '../files/files.service.ts';
import {
  appendImage,
  buyersAmong,
  deleteProducts,
  deleteReview,
  findProductById,
  findProductByName,
  imageCount,
  imagesOf,
  insertProduct,
  linkedProductFileIds,
  listAdminProducts,
  listProducts,
  markHelpful,
  reviewBy,
  reviewFigures,
  reviewsOf,
  setImages,
  suggestions,
  updateProduct,
  upsertReview,
  type ProductRow,
  type ProductUpdate,
} from './products.repo.ts';
import { reviewFiguresOf, slugify, toCard, toProduct, toReview } from './products.service.ts';

const productNotFound = () => notFound('Product not found');

/** A unique index a create or an edit ran into, as a 409 that names the field. */
function takenConflict(error: unknown): Error | undefined {
  if (isUniqueViolation(error, 'products_name_unique')) {
    return conflict('Another product already has this name', 'NAME_TAKEN');
  }
  if (isUniqueViolation(error, 'products_slug_unique')) {
    return conflict('Another product already has this URL name; choose another slug', 'SLUG_TAKEN');
  }
  if (isUniqueViolation(error, 'products_sku_unique')) {
    return conflict('Another product already has this SKU', 'SKU_TAKEN');
  }
  return undefined;
}

const priceSaleNotAbove = () =>
  badRequest(validationMessageEn('validation.priceSaleNotAbove'), 'PRICE_SALE_NOT_ABOVE');

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

  async function productAnswer(row: ProductRow): Promise<Product> {
    return toProduct(row, await imagesOf(db, row.id), (file) => app.files.toFile(file));
  }

  async function currentProduct(id: string): Promise<Product> {
    const row = await findProductById(db, id);
    if (!row) throw productNotFound();
    return productAnswer(row);
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
      return { product: await productAnswer(row) };
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

  /** A child scope: the hooks of adminScope apply to these routes only. */
  const administration: FastifyPluginAsyncZod = async (admin) => {
    adminScope(admin);

    admin.get(
      '/admin',
      {
        schema: {
          querystring: adminProductsQuery,
          response: { 200: productPageResponse, ...errorResponses },
        },
      },
      async (request) => {
        const q = request.query;
        const { items, ...page } = await listAdminProducts(
          db,
          { publish: q.publish.length ? q.publish : null, search: q.search, stock: q.stock },
          q.sort,
          q.order,
          q,
        );
        return { products: items.map(toCard), ...page };
      },
    );

    admin.post(
      '/',
      { schema: { body: createProductInput, response: { 201: productResponse, ...errorResponses } } },
      async (request, reply) => {
        const { slug, description, ...input } = request.body;
        let row: ProductRow;
        try {
          row = await insertProduct(db, {
            ...input,
            slug: slug ?? slugify(input.name),
            description: sanitizeRichText(description),
          });
        } catch (error) {
          throw takenConflict(error) ?? error;
        }
        request.log.info({ event: 'product.create', actorId: actor(request).user.id, productId: row.id });
        return reply.code(201).send({ product: await productAnswer(row) });
      },
    );

    admin.patch(
      '/:id',
      {
        schema: {
          params: productIdParams,
          body: updateProductInput,
          response: { 200: productResponse, ...errorResponses, 409: staleErrorSchema(productSchema) },
        },
      },
      async (request) => {
        const { version, description, ...fields } = request.body;
        const before = await findProductById(db, request.params.id);
        if (!before) throw productNotFound();
        // Based on an older version: someone else saved meanwhile (ADR 017).
        if (version !== undefined && version !== before.version) throw stale(await productAnswer(before));
        const patch: ProductUpdate = Object.fromEntries(
          Object.entries(fields).filter(([, value]) => value !== undefined),
        );
        if (description !== undefined) patch.description = sanitizeRichText(description);
        if (!Object.keys(patch).length) return { product: await productAnswer(before) };
        if (
          !saleAbovePrice(
            patch.price ?? before.price,
            patch.priceSale === undefined ? before.priceSale : patch.priceSale,
          )
        ) {
          throw priceSaleNotAbove();
        }
        let after: ProductRow | undefined;
        try {
          after = await updateProduct(db, before.id, patch, before.version);
        } catch (error) {
          throw takenConflict(error) ?? error;
        }
        // Changed between the read and the write (another edit, or an order taking stock).
        if (!after) throw stale(await currentProduct(before.id));
        return { product: await productAnswer(after) };
      },
    );

    admin.delete(
      '/:id',
      { schema: { params: productIdParams, response: { 204: z.null(), ...errorResponses } } },
      async (request, reply) => {
        const { deleted, storageKeys } = await deleteProducts(db, [request.params.id]);
        if (!deleted.length) throw productNotFound();
        await app.files.storage.remove(storageKeys);
        request.log.info({ event: 'product.delete', actorId: actor(request).user.id, productIds: deleted });
        return reply.code(204).send(null);
      },
    );

    admin.post(
      '/delete',
      {
        schema: {
          body: bulkDeleteProductsInput,
          response: { 200: bulkDeleteProductsResponse, ...errorResponses },
        },
      },
      async (request) => {
        const { deleted, storageKeys } = await deleteProducts(db, [...new Set(request.body.ids)]);
        await app.files.storage.remove(storageKeys);
        request.log.info({
          event: 'product.bulk_delete',
          actorId: actor(request).user.id,
          productIds: deleted,
        });
        return { deleted: deleted.length };
      },
    );

    /** One picture (multipart, the files block's checks; re-encoded to WebP), appended to the images. */
    admin.post(
      '/:id/images',
      { schema: { params: productIdParams, response: { 200: productResponse, ...errorResponses } } },
      async (request) => {
        const me = actor(request);
        const { id } = request.params;
        if (!(await findProductById(db, id))) throw productNotFound();
        const full = () =>
          badRequest(`A product has at most ${PRODUCT_IMAGES_MAX} images`, 'TOO_MANY_IMAGES');
        if ((await imageCount(db, id)) >= PRODUCT_IMAGES_MAX) throw full();
        const file = await app.files.store(request, { use: 'product', ownerId: me.user.id });
        let result: Awaited<ReturnType<typeof appendImage>>;
        try {
          result = await appendImage(db, id, file.id);
        } catch (error) {
          await app.files.storage.remove(await deleteFiles(db, [file.id]));
          throw error;
        }
        if (result !== 'added') {
          await app.files.storage.remove(await deleteFiles(db, [file.id]));
          throw result === 'gone' ? productNotFound() : full();
        }
        return { product: await currentProduct(id) };
      },
    );

    /** The images in a new order; those left out are removed (their files too). */
    admin.put(
      '/:id/images',
      {
        schema: {
          params: productIdParams,
          body: productImagesInput,
          response: { 200: productResponse, ...errorResponses },
        },
      },
      async (request) => {
        const { id } = request.params;
        const result = await setImages(db, id, request.body.fileIds);
        if (result === 'gone') throw productNotFound();
        if (result === 'mismatch') {
          throw badRequest(validationMessageEn('validation.imageIdsInvalid'), 'IMAGE_NOT_OF_PRODUCT');
        }
        await app.files.storage.remove(result);
        return { product: await currentProduct(id) };
      },
    );
  };
  await app.register(administration);
};
