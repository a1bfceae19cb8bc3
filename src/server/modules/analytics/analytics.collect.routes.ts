/**
 * Collection (issue 30 A, ADR 056): the snippet and the ingest endpoint.
 *
 *   GET     /analytics.js             the snippet (analytics.snippet.ts), cached a day by browsers
 *   OPTIONS /api/analytics/collect    CORS preflight (JSON bodies): allowed for any site's origin
 *   POST    /api/analytics/collect    collectBody (text/plain or JSON) → 202, no body
 *
 * The endpoint answers 202 before anything is written: the site comes from an in-memory cache (one query
 * when a key is first seen; `forgetSite` drops an entry after an edit, entries expire after a minute for
 * edits made on another instance), the checks are in memory, and the event joins the writer's batch
 * (analytics.writer.ts). Dropped, still with 202 (the snippet learns nothing from it): Do-Not-Track and
 * Global Privacy Control, bots (user agent, no window width, a headless marker, over MAX_PER_SECOND events a
 * second from one visitor), administrators on a site that excludes them, and events over the per-site or
 * per-IP limits. Refused with 403: an origin or page that is not one of the site's domains (the built-in site:
 * the instance's own origin), and with 404 an unknown key. The IP address is read to hash the visitor, look
 * up the country and count the limits (under a salted hash), and is stored nowhere: this route's request log
 * line leaves it out, and the body is never logged.
 */
import { createHash } from 'node:crypto';

import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  COLLECT_BODY_MAX,
  PAGEVIEW_EVENT,
  collectBody,
  type CollectBody,
} from '#shared/contract/analytics.ts';

import type { Db } from '../../db/client.ts';
import { analyticsSites } from '../../db/schema/index.ts';
import { HttpError, forbidden, notFound } from '../../lib/http-error.ts';
import { hit, type Limit } from '../../lib/rate-limiter.ts';
import { countryOf } from './analytics.geo.ts';
import { startFold, type FoldLoop } from './analytics.rollup.ts';
import { SNIPPET } from './analytics.snippet.ts';
import { browserOf, deviceOf, isBotUserAgent, languageOf, osOf, pageFacts } from './analytics.ua.ts';
import { saltOf, visitorHash } from './analytics.visitor.ts';
import { AnalyticsWriter } from './analytics.writer.ts';

export const COLLECT_PATH = '/api/analytics/collect';

/** Timings, changed by tests before an app is built. */
export const analyticsTiming = {
  /** Milliseconds between fold rounds. */
  foldMs: 2_000,
  /** Milliseconds between the writer's flushes. */
  flushMs: 250,
};

/** Events per minute a site takes (across instances), and one IP address per site. */
export const SITE_LIMIT: Limit = { max: 120_000, windowSeconds: 60 };
export const IP_LIMIT: Limit = { max: 300, windowSeconds: 60 };
/** Events one visitor may send in a second before counting as a bot (behaviour). */
export const MAX_PER_SECOND = 10;

// ── sites, cached ────────────────────────────────────────────────────────────────────────────────────────

export interface CollectSite {
  id: string;
  key: string;
  domains: string[];
  timeZone: string;
  builtIn: boolean;
  excludeAdmins: boolean;
}

const SITE_TTL_MS = 60_000;
const SITE_CACHE_MAX = 10_000;

interface SiteCache {
  /** By key; null: no such key (kept too, so a flood of made-up keys costs one query each per minute). */
  byKey: Map<string, { site: CollectSite | null; at: number }>;
  /** Every site's domain (the preflight's check), loaded on demand. */
  domains: { set: Set<string>; at: number } | undefined;
}

/** One cache per database (tests build several apps in one process). */
const caches = new Map<Db, SiteCache>();

const cacheOf = (db: Db): SiteCache => {
  let cache = caches.get(db);
  if (!cache) {
    cache = { byKey: new Map(), domains: undefined };
    caches.set(db, cache);
  }
  return cache;
};

/**
 * Forgets a site (by key or id) in every instance-local cache of this process, and the domain list: call after
 * a site is created, changed or removed (analytics.routes.ts). Other instances see the change within a minute.
 */
export function forgetSite(keyOrId: string): void {
  for (const cache of caches.values()) {
    cache.domains = undefined;
    for (const [key, entry] of cache.byKey) {
      if (key === keyOrId || entry.site?.id === keyOrId || entry.site === null) cache.byKey.delete(key);
    }
  }
}

async function siteByKey(db: Db, key: string): Promise<CollectSite | null> {
  const cache = cacheOf(db);
  const held = cache.byKey.get(key);
  if (held && Date.now() - held.at < SITE_TTL_MS) return held.site;
  const [row] = await db
    .select({
      id: analyticsSites.id,
      key: analyticsSites.key,
      domains: analyticsSites.domains,
      timeZone: analyticsSites.timeZone,
      builtIn: analyticsSites.builtIn,
      excludeAdmins: analyticsSites.excludeAdmins,
    })
    .from(analyticsSites)
    .where(eq(analyticsSites.key, key));
  if (cache.byKey.size >= SITE_CACHE_MAX) cache.byKey.clear();
  cache.byKey.set(key, { site: row ?? null, at: Date.now() });
  return row ?? null;
}

/** The built-in site (server goal events), by its flag. */
export async function builtInSite(db: Db): Promise<CollectSite | null> {
  const [row] = await db
    .select({ key: analyticsSites.key })
    .from(analyticsSites)
    .where(eq(analyticsSites.builtIn, true));
  return row ? siteByKey(db, row.key) : null;
}

async function allDomains(db: Db): Promise<Set<string>> {
  const cache = cacheOf(db);
  if (cache.domains && Date.now() - cache.domains.at < SITE_TTL_MS) return cache.domains.set;
  const rows = await db
    .select({ domains: analyticsSites.domains })
    .from(analyticsSites)
    .where(eq(analyticsSites.builtIn, false));
  const set = new Set(rows.flatMap((r) => r.domains.map(bare)));
  cache.domains = { set, at: Date.now() };
  return set;
}

// ── origins ──────────────────────────────────────────────────────────────────────────────────────────────

const bare = (host: string) => host.toLowerCase().replace(/^www\./, '');

const hostOf = (url: string | undefined): string | null => {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? bare(parsed.hostname) : null;
  } catch {
    return null;
  }
};

/** The instance's own host: PUBLIC_URL's, else the request's (same origin). */
const ownHost = (app: FastifyInstance, request: FastifyRequest) =>
  hostOf(app.config.publicUrl) ?? bare(request.hostname.replace(/:\d+$/, '').replace(/^\[|\]$/g, ''));

/** The hosts a site reports from: its domains, or the instance's own host for the built-in site. */
const siteHosts = (app: FastifyInstance, request: FastifyRequest, site: CollectSite) =>
  site.builtIn ? [ownHost(app, request)] : site.domains.map(bare);

const corsHeaders = (reply: FastifyReply, origin: string) => {
  reply.header('access-control-allow-origin', origin);
  reply.header('access-control-allow-methods', 'POST, OPTIONS');
  reply.header('access-control-allow-headers', 'content-type');
  reply.header('access-control-max-age', '86400');
  reply.header('vary', 'Origin');
};

// ── limits and behaviour, in memory ──────────────────────────────────────────────────────────────────────

/**
 * The per-site and per-IP limits of lib/rate-limiter.ts (a counter in the database, so they hold across
 * instances) without a query per event: each instance takes the counter's budget in leases of `lease` events
 * (one `hit` of that cost), spends them in memory, and stops a key as soon as the database says it is over.
 */
class LeasedLimits {
  private readonly keys = new Map<string, { left: number; blockedUntil: number; at: number }>();
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  allow(key: string, limit: Limit, lease: number): boolean {
    const now = Date.now();
    let state = this.keys.get(key);
    if (!state || now - state.at > limit.windowSeconds * 1000) {
      if (this.keys.size > 50_000) this.keys.clear();
      state = { left: 0, blockedUntil: 0, at: now };
      this.keys.set(key, state);
    }
    if (state.blockedUntil > now) return false;
    if (state.left > 0) {
      state.left--;
      return true;
    }
    // A new lease: spent at once (optimistically), while the database counts it.
    state.left = lease - 1;
    const held = state;
    void hit(this.db, key, limit, lease)
      .then((retry) => {
        if (retry !== null) {
          held.blockedUntil = Date.now() + retry * 1000;
          held.left = 0;
        }
      })
      .catch(() => {});
    return true;
  }
}

/**
 * One IP address's events per site, counted in this instance's memory in fixed windows. A counter in the
 * database per address cost a write for nearly every event of a busy site (most events come from an address
 * not seen in the window), and at the bench's 1,000 events/s those writes held the pool the app's other
 * requests wait for. With several instances an address may send up to the limit to each; the per-site limit,
 * leased from the database, still bounds the whole (ADR 056).
 */
export class WindowLimits {
  private window = -1;
  private counts = new Map<string, number>();
  allow(key: string, limit: Limit, now = Date.now()): boolean {
    const window = Math.floor(now / (limit.windowSeconds * 1000));
    if (window !== this.window) {
      this.window = window;
      this.counts = new Map();
    }
    const n = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, n);
    return n <= limit.max;
  }
}

/** Events per visitor in the current second (behaviour: a person does not send ten a second). */
class Burst {
  private second = 0;
  private counts = new Map<bigint, number>();
  tooMany(visitor: bigint): boolean {
    const now = Math.floor(Date.now() / 1000);
    if (now !== this.second) {
      this.second = now;
      this.counts = new Map();
    }
    const n = (this.counts.get(visitor) ?? 0) + 1;
    this.counts.set(visitor, n);
    return n > MAX_PER_SECOND;
  }
}

// ── the ingest of one app ────────────────────────────────────────────────────────────────────────────────

export interface Ingest {
  writer: AnalyticsWriter;
  fold: FoldLoop;
  /** Keeps an event's work done after the answer, so `settle` waits for it (never rejects). */
  track(work: Promise<unknown>): void;
  /** Waits for the events being taken, writes what waits and folds it (tests, close). */
  settle(): Promise<void>;
}

/** The ingests of the apps on each database, newest last (tests may run two apps on one database). */
const ingests = new WeakMap<Db, Ingest[]>();

/** The ingest of the app on `db` (tests, and the server goal events). */
export const ingestOf = (db: Db): Ingest | undefined => ingests.get(db)?.at(-1);

/** The site's day of an instant (`YYYY-MM-DD` in its zone). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
export function siteDay(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
    } catch {
      format = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'UTC',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
    }
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** What the ingest needs of an event besides the site. */
export interface IncomingEvent {
  name: string;
  url: string;
  referrer: string;
  width: number | undefined;
  language: string | undefined;
  timeZone: string | undefined;
  ip: string;
  userAgent: string;
}

/** Turns an accepted event into a row and queues it. Returns whether it was kept (a reason otherwise). */
export async function ingestEvent(
  app: FastifyInstance,
  ingest: Ingest,
  site: CollectSite,
  hosts: readonly string[],
  event: IncomingEvent,
  checks: {
    limits?: LeasedLimits | undefined;
    perIp?: WindowLimits | undefined;
    burst?: Burst | undefined;
  } = {},
): Promise<'kept' | 'limited' | 'bot'> {
  const at = new Date();
  const salt = await saltOf(app.db, at);
  if (checks.limits && !checks.limits.allow(`analytics:site:${site.id}`, SITE_LIMIT, 200)) return 'limited';
  if (checks.perIp) {
    const ipKey = createHash('sha256').update(salt).update(event.ip).digest('base64url').slice(0, 22);
    if (!checks.perIp.allow(`${site.id}:${ipKey}`, IP_LIMIT)) return 'limited';
  }
  const visitor = visitorHash(salt, site.id, event.ip, event.userAgent);
  if (checks.burst?.tooMany(visitor)) return 'bot';
  const facts = pageFacts(event.url, event.referrer, hosts);
  ingest.writer.push({
    siteId: site.id,
    at,
    day: siteDay(at, site.timeZone),
    visitor,
    name: event.name,
    page: facts.page,
    source: facts.source,
    referrer: facts.referrer,
    utmSource: facts.utmSource,
    utmMedium: facts.utmMedium,
    utmCampaign: facts.utmCampaign,
    country: countryOf(event.ip, event.timeZone),
    device: deviceOf(event.userAgent, event.width),
    browser: browserOf(event.userAgent),
    os: osOf(event.userAgent),
    language: languageOf(event.language),
  });
  return 'kept';
}

/**
 * Records a server-side goal event (`signup`, `order`) on the built-in site for the visitor of `request`
 * (its IP address and user agent, as the page views of that person). Never throws, never waits: the caller's
 * request goes on whatever happens here.
 */
export function recordServerEvent(app: FastifyInstance, request: FastifyRequest, name: string): void {
  const ingest = ingestOf(app.db);
  if (!ingest) return;
  ingest.track(
    (async () => {
      const userAgent = request.headers['user-agent'] ?? '';
      if (isBotUserAgent(userAgent) || request.headers.dnt === '1' || request.headers['sec-gpc'] === '1')
        return;
      const site = await builtInSite(app.db);
      if (!site) return;
      const hosts = siteHosts(app, request, site);
      const referer = request.headers.referer;
      const page = referer && hostOf(referer) === hosts[0] ? referer : `http://${hosts[0]}/`;
      await ingestEvent(app, ingest, site, hosts, {
        name,
        url: page,
        referrer: '',
        width: undefined,
        language: request.headers['accept-language']?.split(',')[0],
        timeZone: undefined,
        ip: request.ip,
        userAgent,
      });
    })(),
  );
}

const badBody = () =>
  new HttpError(400, 'validation.eventInvalid', {
    code: 'VALIDATION_FAILED',
    issues: [{ path: ['body'], message: 'validation.eventInvalid' }],
  });

function parseBody(body: unknown): CollectBody {
  let value = body;
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    try {
      value = JSON.parse(String(body)) as unknown;
    } catch {
      throw badBody();
    }
  }
  const parsed = collectBody.safeParse(value);
  if (!parsed.success) throw badBody();
  return parsed.data;
}

export const analyticsCollectRoutes: FastifyPluginAsyncZod = async (app) => {
  const writer = new AnalyticsWriter({
    db: app.db,
    publish: (users, event) => app.realtime.publish(users, event),
    log: app.log,
    flushMs: analyticsTiming.flushMs,
  });
  const fold = startFold(app.db, {
    intervalMs: analyticsTiming.foldMs,
    log: app.log,
    onFolded: (siteIds) => {
      for (const siteId of siteIds) writer.announceSite(siteId);
    },
  });
  const inflight = new Set<Promise<unknown>>();
  const ingest: Ingest = {
    writer,
    fold,
    track: (work) => {
      const tracked = work
        .catch((error: unknown) => app.log.warn({ err: error }, 'Collecting an analytics event failed'))
        .finally(() => inflight.delete(tracked));
      inflight.add(tracked);
    },
    settle: async () => {
      await Promise.all(inflight);
      await writer.flush();
      await fold.runOnce();
    },
  };
  ingests.set(app.db, [...(ingests.get(app.db) ?? []), ingest]);
  const limits = new LeasedLimits(app.db);
  const perIp = new WindowLimits();
  const burst = new Burst();
  app.addHook('onClose', async () => {
    await Promise.all(inflight);
    await writer.close();
    await fold.stop();
    await fold.runOnce().catch(() => {});
    const left = (ingests.get(app.db) ?? []).filter((other) => other !== ingest);
    ingests.set(app.db, left);
    if (!left.length) caches.delete(app.db);
  });

  const snippetEtag = `"${createHash('sha256').update(SNIPPET).digest('base64url').slice(0, 16)}"`;
  app.get('/analytics.js', { schema: { hide: true } }, async (request, reply) => {
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=86400, stale-while-revalidate=604800')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('access-control-allow-origin', '*')
      .header('etag', snippetEtag);
    if (request.headers['if-none-match'] === snippetEtag) return reply.code(304).send();
    return SNIPPET;
  });

  // The preflight of a JSON body (the snippet's text/plain needs none): any site's origin may ask.
  app.options(COLLECT_PATH, { schema: { hide: true } }, async (request, reply) => {
    const origin = request.headers.origin;
    const host = hostOf(origin);
    if (origin && host && (host === ownHost(app, request) || (await allDomains(app.db)).has(host))) {
      corsHeaders(reply, origin);
      return reply.code(204).send();
    }
    return reply.code(403).send({ message: 'This origin may not report to this instance.' });
  });

  app.post(
    COLLECT_PATH,
    {
      bodyLimit: COLLECT_BODY_MAX,
      // The request log line of this route leaves out the client address (plugins/request-log.ts).
      config: { logClientAddress: false },
      schema: { hide: true },
    },
    async (request, reply) => {
      reply.header('cross-origin-resource-policy', 'cross-origin');
      const body = parseBody(request.body);
      const site = await siteByKey(app.db, body.k);
      if (!site) throw notFound('No site has this key');
      const hosts = siteHosts(app, request, site);
      const origin = request.headers.origin;
      if (origin !== undefined) {
        const host = hostOf(origin);
        if (!host || !hosts.includes(host)) throw forbidden('This origin may not report to this site.');
        corsHeaders(reply, origin);
      }
      const pageHost = hostOf(body.u);
      if (!pageHost || !hosts.includes(pageHost))
        throw forbidden('This page is not on one of the site’s domains.');
      reply.code(202).send();

      // After the answer: nothing below is awaited by the browser.
      const userAgent = request.headers['user-agent'] ?? '';
      if (request.headers.dnt === '1' || request.headers['sec-gpc'] === '1') return reply;
      if (isBotUserAgent(userAgent)) return reply;
      // Behaviour: the snippet always sends the window's width.
      if ((body.n === PAGEVIEW_EVENT && body.w === undefined) || body.w === 0) return reply;
      ingest.track(
        (async () => {
          if (site.excludeAdmins && (await isAdminRequest(app, request))) return;
          await ingestEvent(
            app,
            ingest,
            site,
            hosts,
            {
              name: body.n,
              url: body.u,
              referrer: body.r,
              width: body.w,
              language: body.l,
              timeZone: body.z,
              ip: request.ip,
              userAgent,
            },
            { limits, perIp, burst },
          );
        })(),
      );
      return reply;
    },
  );
};

/** Whether the request carries a live session of an administrator (the web app's reporter sends its token). */
async function isAdminRequest(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7) : null;
  if (!token) return false;
  const session = await app.sessionOfToken(token).catch(() => null);
  return session?.user.role === 'admin';
}
