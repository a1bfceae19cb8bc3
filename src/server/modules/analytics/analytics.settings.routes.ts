/**
 * The instance's analytics settings (issue 30 A, ADR 056), administrators only:
 *
 *   GET    /api/analytics/settings        → analyticsSettingsSchema
 *   PATCH  /api/analytics/settings        analyticsSettingsBody → analyticsSettingsSchema
 *   PUT    /api/analytics/settings/geo    a newer IP-to-country CSV (text/csv, `start,end,country` lines, the
 *                                         format of @ip-location-db) → analyticsSettingsSchema
 *   DELETE /api/analytics/settings/geo    back to the bundled database → analyticsSettingsSchema
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { analyticsSettingsBody, analyticsSettingsSchema } from '#shared/contract/analytics.ts';
import { errorResponses } from '#shared/contract/common.ts';

import { adminScope } from '../../plugins/auth.ts';
import { HttpError } from '../../lib/http-error.ts';
import { parseGeoCsv, useBundledGeo, useGeoTable } from './analytics.geo.ts';
import { readAnalyticsSettings, storeGeoDatabase, updateAnalyticsSettings } from './analytics.settings.ts';

/** The largest IP-to-country CSV taken (the bundled text files are about 23 MB together). */
export const GEO_UPLOAD_MAX = 64 * 1024 * 1024;

const geoQuery = z.object({
  /** The file's name, shown as the database's source. */
  name: z.string().trim().min(1).max(120).default('upload.csv'),
});

export const analyticsSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  adminScope(app);
  app.addContentTypeParser(
    ['text/csv', 'application/csv'],
    { parseAs: 'string', bodyLimit: GEO_UPLOAD_MAX },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/settings',
    { schema: { response: { 200: analyticsSettingsSchema, ...errorResponses } } },
    async () => readAnalyticsSettings(app.db),
  );

  app.patch(
    '/settings',
    {
      schema: { body: analyticsSettingsBody, response: { 200: analyticsSettingsSchema, ...errorResponses } },
    },
    async (request) => updateAnalyticsSettings(app.db, request.body),
  );

  app.put(
    '/settings/geo',
    {
      bodyLimit: GEO_UPLOAD_MAX,
      schema: { querystring: geoQuery, response: { 200: analyticsSettingsSchema, ...errorResponses } },
    },
    async (request) => {
      const csv = typeof request.body === 'string' ? request.body : '';
      let table;
      try {
        table = await parseGeoCsv([csv]);
      } catch {
        throw new HttpError(400, 'validation.geoFileInvalid', {
          code: 'VALIDATION_FAILED',
          issues: [{ path: ['body'], message: 'validation.geoFileInvalid' }],
        });
      }
      const at = new Date();
      await storeGeoDatabase(app.db, { name: request.query.name, csv }, at);
      useGeoTable(table, at.toISOString());
      return readAnalyticsSettings(app.db);
    },
  );

  app.delete(
    '/settings/geo',
    { schema: { response: { 200: analyticsSettingsSchema, ...errorResponses } } },
    async () => {
      await storeGeoDatabase(app.db, null);
      void useBundledGeo();
      return readAnalyticsSettings(app.db);
    },
  );
};
