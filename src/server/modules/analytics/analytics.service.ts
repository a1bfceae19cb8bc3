/**
 * Analytics' surface for site changes (ADR 035, ADR 056): after a site is added, edited or removed, the
 * ingest forgets what it cached of the sites (keys, domains, time zone) and every active administrator's open
 * pages hear of it (`analytics.siteChanged`). A failed push is logged, never the request's failure. Other
 * areas record the built-in site's goal events (a sign-up, an order) through `recordServerEvent`.
 */
import type { FastifyInstance } from 'fastify';

import { activeAdminIds } from '../../lib/admins.ts';
import { forgetSite } from './analytics.collect.routes.ts';

export { recordServerEvent } from './analytics.collect.routes.ts';

/** Tells the ingest and the active administrators that the site `siteId` changed (or is gone). */
export async function announceSite(app: FastifyInstance, siteId: string): Promise<void> {
  forgetSite(siteId);
  try {
    await app.realtime.publish(await activeAdminIds(app.db), { type: 'analytics.siteChanged', siteId });
  } catch (error) {
    app.log.warn({ err: error }, 'Could not push an analytics site change');
  }
}
