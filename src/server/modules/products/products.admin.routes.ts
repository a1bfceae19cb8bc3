import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorResponses, staleErrorSchema } from '#shared/contract/common.ts';
import {
  adminProductsQuery,
  bulkDeleteProductsInput,
  bulkDeleteProductsResponse,
  createProductInput,
  PRODUCT_IMAGES_MAX,
  productIdParams,
  productImagesInput,
  productPageResponse,
  productResponse,
  productSchema,
  saleAbovePrice,
  updateProductInput,
} from '#shared/contract/products.ts';
import { validationMessageEn } from '#shared/lib/validation-messages.ts';

import { badRequest, conflict, stale } from '../../lib/http-error.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { actor, adminScope } from '../../plugins/auth.ts';
import { isUniqueViolation } from '../../plugins/errors.ts';
import { deleteFiles } from '../files/files.service.ts';
import {
  appendImage,
  deleteProducts,
  findProductById,
  imageCount,
  insertProduct,
  listAdminProducts,
  setImages,
  updateProduct,
  type ProductRow,
  type ProductUpdate,
} from './products.repo.ts';
import {
  announceProduct,
  currentProduct,
  productAnswer,
  productNotFound,
  slugify,
  toCard,
} from './products.service.ts';

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
 * `/api/products` for administrators (issue #13, ADR 025): the catalog's administration (list with every
 * state, create, edit with a version check, delete, images); 403 for anyone else.
 */
export const productsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  adminScope(app);
  const db = app.db;

  app.get(
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

  app.post(
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
      await announceProduct(app, row.id, row);
      return reply.code(201).send({ product: await productAnswer(app, row) });
    },
  );

  app.patch(
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
      if (version !== undefined && version !== before.version) throw stale(await productAnswer(app, before));
      const patch: ProductUpdate = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      );
      if (description !== undefined) patch.description = sanitizeRichText(description);
      if (!Object.keys(patch).length) return { product: await productAnswer(app, before) };
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
      if (!after) throw stale(await currentProduct(app, before.id));
      await announceProduct(app, after.id, after, before.publish === 'published');
      return { product: await productAnswer(app, after) };
    },
  );

  app.delete(
    '/:id',
    { schema: { params: productIdParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      const { deleted, storageKeys } = await deleteProducts(db, [request.params.id]);
      if (!deleted.length) throw productNotFound();
      await app.files.storage.remove(storageKeys);
      request.log.info({ event: 'product.delete', actorId: actor(request).user.id, productIds: deleted });
      await announceProduct(app, request.params.id, null);
      return reply.code(204).send(null);
    },
  );

  app.post(
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
      if (deleted.length) await announceProduct(app, deleted.length === 1 ? deleted[0]! : null, null);
      return { deleted: deleted.length };
    },
  );

  /** One picture (multipart, the files block's checks; re-encoded to WebP), appended to the images. */
  app.post(
    '/:id/images',
    { schema: { params: productIdParams, response: { 200: productResponse, ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      const { id } = request.params;
      if (!(await findProductById(db, id))) throw productNotFound();
      const full = () => badRequest(`A product has at most ${PRODUCT_IMAGES_MAX} images`, 'TOO_MANY_IMAGES');
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
      const product = await currentProduct(app, id);
      await announceProduct(app, id, product);
      return { product };
    },
  );

  /** The images in a new order; those left out are removed (their files too). */
  app.put(
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
      const product = await currentProduct(app, id);
      await announceProduct(app, id, product);
      return { product };
    },
  );
};
