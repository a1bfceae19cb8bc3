import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  analyticsBreakdownQuery,
  analyticsBreakdownResponse,
  analyticsDimensionField,
  analyticsSummaryQuery,
  analyticsSummaryResponse,
  siteCheckResponse,
  siteCreateBody,
  siteSchema,
  siteUpdateBody,
  type AnalyticsFilter,
} from '#shared/contract/analytics.ts';
import { errorResponses } from '#shared/contract/common.ts';
import { daysIn, OVERVIEW_RANGE_MAX_DAYS } from '#shared/contract/overview.ts';
import { validationMessageEn } from '#shared/lib/validation-messages.ts';

import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { actor, adminScope } from '../../plugins/auth.ts';
import { announceSite } from './analytics.service.ts';
import {
  deleteSite,
  findSite,
  insertSite,
  listSites,
  siteAnswer,
  siteCheck,
  updateSite,
  type SiteRow,
} from './analytics.sites.ts';
import {
  BREAKDOWN_CSV_MAX,
  breakdownCsv,
  breakdownPage,
  siteBreakdown,
  siteSummary,
  visitorsNow,
} from './analytics.stats.ts';

const idParams = z.object({ id: z.uuid({ error: 'validation.idInvalid' }) });
const breakdownParams = idParams.extend({ dimension: analyticsDimensionField });
const siteResponse = z.object({ site: siteSchema });

/** A 400 like the contract's own validation errors, for what the handler checks itself. */
function invalid(path: string, key: string): HttpError {
  const message = validationMessageEn(key);
  return new HttpError(400, `${path}: ${message}`, {
    code: 'VALIDATION_FAILED',
    issues: [{ path: [path], message }],
  });
}

/** The range's days in order and not longer than an overview's; every filter names a value. */
function checkFigures(query: { from: string; to: string; filter: AnalyticsFilter[] }): void {
  if (query.from > query.to) throw invalid('to', 'validation.dateRangeInvalid');
  if (daysIn(query.from, query.to) > OVERVIEW_RANGE_MAX_DAYS) throw invalid('to', 'validation.rangeTooLong');
  if (query.filter.some((f) => f.value === '')) throw invalid('filter', 'validation.filterInvalid');
}

/**
 * `/api/analytics` sites and figures (issue 30, ADR 056), administrators only: the sites (add, edit, remove,
 * check installation), a site's summary and breakdowns over a range of its days (JSON or CSV) and its
 * visitors now. The collect endpoint and the overview live in their own plugins.
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  adminScope(app);

  async function siteOr404(id: string): Promise<SiteRow> {
    const site = await findSite(db, id);
    if (!site) throw notFound('Site not found');
    return site;
  }

  // ── sites ─────────────────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/sites',
    { schema: { response: { 200: z.object({ sites: z.array(siteSchema) }), ...errorResponses } } },
    async () => ({ sites: (await listSites(db)).map(siteAnswer) }),
  );

  app.post(
    '/sites',
    { schema: { body: siteCreateBody, response: { 201: siteResponse, ...errorResponses } } },
    async (request, reply) => {
      const row = await insertSite(db, request.body, actor(request).user.id);
      await announceSite(app, row.id);
      return reply.code(201).send({ site: siteAnswer(row) });
    },
  );

  app.patch(
    '/sites/:id',
    {
      schema: { params: idParams, body: siteUpdateBody, response: { 200: siteResponse, ...errorResponses } },
    },
    async (request) => {
      const site = await siteOr404(request.params.id);
      if (site.builtIn && request.body.domains !== undefined) {
        throw badRequest(
          'The built-in site’s domains are the instance’s own address; they cannot be changed',
          'BUILT_IN_DOMAINS',
        );
      }
      const row = await updateSite(db, site.id, request.body);
      if (!row) throw notFound('Site not found');
      await announceSite(app, row.id);
      return { site: siteAnswer(row) };
    },
  );

  app.delete(
    '/sites/:id',
    { schema: { params: idParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      const site = await siteOr404(request.params.id);
      if (site.builtIn) {
        throw conflict('The built-in site (this instance’s own pages) cannot be removed', 'BUILT_IN_SITE');
      }
      if (!(await deleteSite(db, site.id))) throw notFound('Site not found');
      await announceSite(app, site.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/sites/:id/check',
    { schema: { params: idParams, response: { 200: siteCheckResponse, ...errorResponses } } },
    async (request) => siteCheck(db, await siteOr404(request.params.id)),
  );

  // ── figures ───────────────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/sites/:id/summary',
    {
      schema: {
        params: idParams,
        querystring: analyticsSummaryQuery,
        response: { 200: analyticsSummaryResponse, ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      checkFigures(q);
      const site = await siteOr404(request.params.id);
      return siteSummary(db, site, { from: q.from, to: q.to, filters: q.filter });
    },
  );

  app.get(
    '/sites/:id/breakdown/:dimension',
    {
      schema: {
        params: breakdownParams,
        querystring: analyticsBreakdownQuery,
        response: { 200: analyticsBreakdownResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const q = request.query;
      checkFigures(q);
      const site = await siteOr404(request.params.id);
      const dim = request.params.dimension;
      const figures = { from: q.from, to: q.to, filters: q.filter, sort: q.sort, order: q.order };
      if (q.format === 'csv') {
        const { rows } = await siteBreakdown(db, site, dim, {
          ...figures,
          limit: BREAKDOWN_CSV_MAX,
          offset: 0,
        });
        return (
          reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="analytics-${dim}-${q.from}-${q.to}.csv"`)
            // A text/csv string skips the JSON serializer; the 200 schema types the JSON answer only.
            .send(breakdownCsv(dim, rows) as never)
        );
      }
      return breakdownPage(db, site, dim, { ...figures, page: q.page, pageSize: q.pageSize });
    },
  );

  app.get(
    '/sites/:id/now',
    {
      schema: {
        params: idParams,
        response: { 200: z.object({ visitors: z.number().int().min(0) }), ...errorResponses },
      },
    },
    async (request) => ({ visitors: await visitorsNow(db, (await siteOr404(request.params.id)).id) }),
  );
};
