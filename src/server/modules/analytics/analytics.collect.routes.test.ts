import { Writable } from 'node:stream';

import { and, eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { BUILT_IN_SITE_KEY, COLLECT_BODY_MAX } from '#shared/contract/analytics.ts';

import { buildApp, logRedactPaths } from '../../app.ts';
import type { Database, Db } from '../../db/client.ts';
import {
  analyticsDaily,
  analyticsEvents,
  analyticsSalts,
  analyticsSites,
  rateLimits,
} from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/date-range.ts';
import { register } from '../../testing/test-app.ts';
import { createTestDb } from '../../testing/test-db.ts';
import { analyticsTiming, forgetSite, ingestOf, IP_LIMIT } from './analytics.collect.routes.ts';
import { forgetSalt, saltOf, visitorHash } from './analytics.visitor.ts';

/** Collection (issue 30 A, ADR 056) through the API, on PGlite and PostgreSQL. */

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
/** An address that appears nowhere else (TEST-NET-3), to look for in every table afterwards. */
const DISTINCT_IP = '203.0.113.197';

describe('analytics collection', () => {
  let database: Database;
  let db: Db;
  let app: FastifyInstance;
  const lines: string[] = [];
  let shop: { id: string; key: string };
  let builtInId: string;
  /** The instance's first account, so its administrator. */
  let admin: Awaited<ReturnType<typeof register>>;
  let ipCounter = 0;
  const freshIp = () => `198.51.100.${++ipCounter}`;

  beforeAll(async () => {
    analyticsTiming.foldMs = 3_600_000;
    database = await createTestDb();
    db = database.db;
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    app = await buildApp({
      database,
      logger: { level: 'info', redact: { paths: logRedactPaths, censor: '[redacted]' }, stream },
      mailer: { send: async () => {} },
    });
    await app.ready();
    const [site] = await db
      .insert(analyticsSites)
      .values({ name: 'Shop', key: 'shop-key-1', domains: ['shop.example.com'], timeZone: 'Europe/Paris' })
      .returning();
    shop = { id: site!.id, key: site!.key };
    const [builtIn] = await db.select().from(analyticsSites).where(eq(analyticsSites.builtIn, true));
    builtInId = builtIn!.id;
    admin = await register(app, {}, freshIp());
    expect(admin.user.role).toBe('admin');
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const settle = () => ingestOf(db)!.settle();

  interface Send {
    key?: string;
    name?: string;
    url?: string;
    referrer?: string;
    width?: number | null;
    timeZone?: string;
    origin?: string | null;
    ip?: string;
    userAgent?: string;
    headers?: Record<string, string>;
    json?: boolean;
  }
  const send = (o: Send = {}) => {
    const body = {
      k: o.key ?? shop.key,
      n: o.name ?? 'pageview',
      u: o.url ?? 'https://shop.example.com/products/1?utm_source=news&x=secret#top',
      r: o.referrer ?? '',
      ...(o.width === null ? {} : { w: o.width ?? 1280 }),
      l: 'fr-FR',
      ...(o.timeZone ? { z: o.timeZone } : {}),
    };
    return app.inject({
      method: 'POST',
      url: '/api/analytics/collect',
      remoteAddress: o.ip ?? freshIp(),
      headers: {
        'content-type': o.json ? 'application/json' : 'text/plain',
        'user-agent': o.userAgent ?? CHROME,
        ...(o.origin === null ? {} : { origin: o.origin ?? 'https://shop.example.com' }),
        ...o.headers,
      },
      payload: JSON.stringify(body),
    });
  };
  const events = (siteId = shop.id) =>
    db.select().from(analyticsEvents).where(eq(analyticsEvents.siteId, siteId)).orderBy(analyticsEvents.id);
  const total = async (siteId: string, day: string) => {
    const [row] = await db
      .select({
        views: analyticsDaily.views,
        visitors: analyticsDaily.visitors,
        events: analyticsDaily.events,
      })
      .from(analyticsDaily)
      .where(
        and(
          eq(analyticsDaily.siteId, siteId),
          eq(analyticsDaily.day, day),
          eq(analyticsDaily.dim, 'total'),
          eq(analyticsDaily.country, ''),
        ),
      );
    return row ?? { views: 0, visitors: 0, events: 0 };
  };
  const clearEvents = async () => {
    await settle();
    await db.delete(analyticsEvents);
    await db.delete(analyticsDaily);
  };

  describe('the snippet', () => {
    it('is small, cached, loadable from any site, and keeps nothing in the browser', async () => {
      const res = await app.inject({ method: 'GET', url: '/analytics.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/javascript/);
      expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(Buffer.byteLength(res.body)).toBeLessThanOrEqual(4096);
      expect(res.body).not.toMatch(/cookie|localStorage|sessionStorage|indexedDB/i);
      for (const needed of ['pushState', 'replaceState', 'popstate', 'doNotTrack', 'globalPrivacyControl'])
        expect(res.body).toContain(needed);
      expect(res.body).toContain('data-site');
      expect(res.body).toContain('text/plain');
      const again = await app.inject({
        method: 'GET',
        url: '/analytics.js',
        headers: { 'if-none-match': res.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
    });
  });

  describe('the endpoint', () => {
    it('answers 202 with no body, and writes the event in a batch: path only, UTM kept, no query', async () => {
      await clearEvents();
      const res = await send({ referrer: 'https://www.google.com/search?q=x' });
      expect(res.statusCode).toBe(202);
      expect(res.body).toBe('');
      expect(res.headers['access-control-allow-origin']).toBe('https://shop.example.com');
      await settle();
      const [row] = await events();
      expect(row).toMatchObject({
        name: 'pageview',
        page: '/products/1',
        utmSource: 'news',
        source: 'campaign',
        referrer: 'google.com',
        device: 'laptop',
        browser: 'Chrome',
        os: 'Windows',
        language: 'fr',
      });
      const [site] = await db.select().from(analyticsSites).where(eq(analyticsSites.id, shop.id));
      expect(site!.lastEventAt).not.toBeNull();
    });

    it('takes a JSON body and a custom event, and reads the device from the user agent', async () => {
      await clearEvents();
      expect(
        (
          await send({
            json: true,
            name: 'signup',
            userAgent: IPHONE,
            width: 390,
            url: 'https://shop.example.com/',
          })
        ).statusCode,
      ).toBe(202);
      await settle();
      expect(await events()).toMatchObject([{ name: 'signup', page: '/', device: 'mobile', os: 'iOS' }]);
    });

    it('refuses a bad body, a body over the limit and an unknown key with a JSON message', async () => {
      const bad = await app.inject({
        method: 'POST',
        url: '/api/analytics/collect',
        headers: { 'content-type': 'text/plain', origin: 'https://shop.example.com' },
        payload: 'not json',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toHaveProperty('message');
      const big = await send({ url: `https://shop.example.com/${'a'.repeat(COLLECT_BODY_MAX)}` });
      expect(big.statusCode).toBe(413);
      const unknown = await send({ key: 'nope' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toHaveProperty('message');
    });

    it('counts events once: the batch and the fold, and folding again changes nothing', async () => {
      await clearEvents();
      const a = freshIp();
      const b = freshIp();
      for (const ip of [a, a, b]) expect((await send({ ip })).statusCode).toBe(202);
      await send({ ip: a, name: 'signup' });
      await settle();
      await settle();
      const today = (await events())[0]!.day;
      expect(await events()).toHaveLength(4);
      expect(await total(shop.id, today)).toEqual({ views: 3, visitors: 2, events: 1 });
      const before = await db.select().from(analyticsDaily).orderBy(analyticsDaily.dim, analyticsDaily.value);
      await db.execute(sql`insert into analytics_dirty (site_id, day) values (${shop.id}, ${today})`);
      await settle();
      expect(
        await db.select().from(analyticsDaily).orderBy(analyticsDaily.dim, analyticsDaily.value),
      ).toEqual(before);
    });

    it('tells the administrators, at most once a second per site', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const publish = vi.spyOn(app.realtime, 'publish');
      try {
        await send();
        await send();
        await settle();
        const calls = () => publish.mock.calls.filter(([, e]) => e.type === 'analytics.events');
        await vi.waitFor(() => expect(calls()).toHaveLength(1), { timeout: 3000 });
        expect(calls()[0]).toEqual([[admin.user.id], { type: 'analytics.events', siteId: shop.id }]);
        // The fold's announcement, within the same second, waits for the next one.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(calls()).toHaveLength(1);
      } finally {
        publish.mockRestore();
      }
    });
  });

  describe('privacy', () => {
    it('honours Do-Not-Track and Global Privacy Control (202, nothing written)', async () => {
      await clearEvents();
      expect((await send({ headers: { dnt: '1' } })).statusCode).toBe(202);
      expect((await send({ headers: { 'sec-gpc': '1' } })).statusCode).toBe(202);
      await settle();
      expect(await events()).toEqual([]);
      expect((await send({ headers: { dnt: '0' } })).statusCode).toBe(202);
      await settle();
      expect(await events()).toHaveLength(1);
    });

    it('makes a visitor unique within a day but not across days (the salt rotates and goes)', async () => {
      await clearEvents();
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2030-05-01T10:00:00Z'));
      forgetSalt(db);
      const ip = freshIp();
      await send({ ip });
      await send({ ip, url: 'https://shop.example.com/other' });
      await settle();
      vi.setSystemTime(new Date('2030-05-02T10:00:00Z'));
      await send({ ip });
      await settle();
      const rows = await events();
      expect(rows.map((r) => r.day)).toEqual(['2030-05-01', '2030-05-01', '2030-05-02']);
      expect(rows[0]!.visitor).toBe(rows[1]!.visitor);
      expect(rows[2]!.visitor).not.toBe(rows[0]!.visitor);
      expect(await total(shop.id, '2030-05-01')).toMatchObject({ views: 2, visitors: 1 });
      expect(await total(shop.id, '2030-05-02')).toMatchObject({ views: 1, visitors: 1 });
      // Only the current day's salt is kept: the first day's hashes cannot be made again.
      expect((await db.select().from(analyticsSalts)).map((s) => s.day)).toEqual(['2030-05-02']);
      // The hash is of site, IP and user agent: the same person on another site is another visitor.
      const salt = await saltOf(db);
      expect(visitorHash(salt, shop.id, ip, CHROME)).toBe(rows[2]!.visitor);
      expect(visitorHash(salt, builtInId, ip, CHROME)).not.toBe(rows[2]!.visitor);
      vi.useRealTimers();
      forgetSalt(db);
    });

    it('stores the IP address nowhere: no column for it, and no row holds it', async () => {
      // The schema: no column of an address type, and no analytics column named like one.
      const columns = rowsOf<{ table_name: string; column_name: string; data_type: string }>(
        await db.execute(sql`
          select table_name, column_name, data_type from information_schema.columns
          where table_schema = 'public'`),
      );
      expect(columns.length).toBeGreaterThan(50);
      expect(columns.filter((c) => ['inet', 'cidr'].includes(c.data_type))).toEqual([]);
      expect(
        columns.filter(
          (c) =>
            c.table_name.startsWith('analytics_') && /(^|_)(ip|addr|address|remote)(_|$)/.test(c.column_name),
        ),
      ).toEqual([]);

      // The rows: ingest from a distinctive address (page views, an event, refused and dropped ones), then
      // read every table.
      for (const o of [
        {},
        { name: 'signup' },
        { headers: { dnt: '1' } },
        { userAgent: 'curl/8.0' },
        { origin: 'https://evil.example' },
      ])
        await send({ ...o, ip: DISTINCT_IP });
      await send({
        ip: DISTINCT_IP,
        key: BUILT_IN_SITE_KEY,
        origin: 'http://localhost',
        url: 'http://localhost/pricing',
      });
      await settle();
      expect((await events()).length).toBeGreaterThan(0);
      const tables = rowsOf<{ table_name: string }>(
        await db.execute(sql`
          select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE'`),
      );
      expect(tables.length).toBeGreaterThan(20);
      const needles = [DISTINCT_IP, '203.0.113'];
      for (const { table_name } of tables) {
        const rows = rowsOf<{ row: unknown }>(
          await db.execute(
            sql`select to_jsonb(t)::text as row from ${sql.identifier(table_name)} t limit 500`,
          ),
        );
        for (const { row } of rows)
          for (const needle of needles) expect(String(row), table_name).not.toContain(needle);
      }
      // Nor the log lines of the endpoint.
      expect(lines.join('\n')).not.toContain(DISTINCT_IP);
      expect(lines.join('\n')).toContain('/api/analytics/collect');
    });
  });

  describe('bots', () => {
    it('drops known crawlers, headless browsers, tools, and page views without a window width', async () => {
      await clearEvents();
      const bots = [
        'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.0.0 Safari/537.36',
        'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
        'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
        'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
        'curl/8.5.0',
        'python-requests/2.31',
        '',
      ];
      for (const userAgent of bots) expect((await send({ userAgent })).statusCode).toBe(202);
      expect((await send({ width: null })).statusCode).toBe(202);
      await settle();
      expect(await events()).toEqual([]);
    });

    it('drops a visitor sending more than ten events a second', async () => {
      await clearEvents();
      // One second, whatever the machine's speed.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2030-06-01T10:00:00.100Z'));
      forgetSalt(db);
      const ip = freshIp();
      for (let i = 0; i < 15; i++) await send({ ip, name: `click${i}` });
      await settle();
      vi.useRealTimers();
      forgetSalt(db);
      expect((await events()).length).toBe(10);
    });
  });

  describe('limits', () => {
    it('takes at most 300 events a minute from one address per site, counted in memory', async () => {
      await clearEvents();
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2030-06-02T10:00:05.000Z'));
      forgetSalt(db);
      const ip = freshIp();
      // Another browser each time: other visitors from one address (a school, an office), not a burst.
      for (let i = 0; i < IP_LIMIT.max + 5; i++) {
        const res = await send({ ip, userAgent: `${CHROME} Build/${i}` });
        expect(res.statusCode).toBe(202);
      }
      await settle();
      expect((await events()).length).toBe(IP_LIMIT.max);
      // The next window takes the address again.
      vi.setSystemTime(new Date('2030-06-02T10:01:05.000Z'));
      await send({ ip });
      await settle();
      vi.useRealTimers();
      forgetSalt(db);
      expect((await events()).length).toBe(IP_LIMIT.max + 1);
      // No database counter per address: a busy site's new addresses cost no write each.
      const counters = await db.select().from(rateLimits).where(like(rateLimits.key, 'analytics:ip:%'));
      expect(counters).toEqual([]);
    });
  });

  describe('CORS', () => {
    it('refuses other origins with 403 and no CORS header, and allows the site’s', async () => {
      await clearEvents();
      for (const origin of ['https://evil.example', 'https://shop.example.com.evil.example', 'null']) {
        const res = await send({ origin });
        expect(res.statusCode, origin).toBe(403);
        expect(res.json()).toHaveProperty('message');
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
      }
      // A page of another host, sent without an Origin (not from a browser), is refused as well.
      expect((await send({ origin: null, url: 'https://evil.example/' })).statusCode).toBe(403);
      const ok = await send({ origin: 'https://www.shop.example.com', url: 'https://www.shop.example.com/' });
      expect(ok.statusCode).toBe(202);
      expect(ok.headers['access-control-allow-origin']).toBe('https://www.shop.example.com');
      await settle();
      expect(await events()).toHaveLength(1);
    });

    it('answers the preflight for a site’s origin only', async () => {
      const preflight = (origin: string) =>
        app.inject({
          method: 'OPTIONS',
          url: '/api/analytics/collect',
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type',
          },
        });
      const ok = await preflight('https://shop.example.com');
      expect(ok.statusCode).toBe(204);
      expect(ok.headers['access-control-allow-origin']).toBe('https://shop.example.com');
      expect(ok.headers['access-control-allow-methods']).toContain('POST');
      const no = await preflight('https://evil.example');
      expect(no.statusCode).toBe(403);
      expect(no.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('follows a site’s domains after an edit (forgetSite)', async () => {
      await db
        .update(analyticsSites)
        .set({ domains: ['new.example.com'] })
        .where(eq(analyticsSites.id, shop.id));
      forgetSite(shop.id);
      expect((await send()).statusCode).toBe(403);
      expect(
        (await send({ origin: 'https://new.example.com', url: 'https://new.example.com/' })).statusCode,
      ).toBe(202);
      await db
        .update(analyticsSites)
        .set({ domains: ['shop.example.com'] })
        .where(eq(analyticsSites.id, shop.id));
      forgetSite(shop.key);
      expect((await send()).statusCode).toBe(202);
    });

    it('takes the built-in site from the instance’s own origin only', async () => {
      await clearEvents();
      const own = await send({
        key: BUILT_IN_SITE_KEY,
        origin: 'http://localhost',
        url: 'http://localhost/about-us',
      });
      expect(own.statusCode).toBe(202);
      const other = await send({
        key: BUILT_IN_SITE_KEY,
        origin: 'https://shop.example.com',
        url: 'http://localhost/about-us',
      });
      expect(other.statusCode).toBe(403);
      await settle();
      expect(await events(builtInId)).toMatchObject([{ page: '/about-us' }]);
    });
  });

  describe('administrators', () => {
    it('leaves out a signed-in administrator’s views when the site says so', async () => {
      await clearEvents();
      const member = await register(app, {}, freshIp());
      await db.update(analyticsSites).set({ excludeAdmins: true }).where(eq(analyticsSites.id, builtInId));
      forgetSite(builtInId);
      const asUser = async (token: string) =>
        send({
          key: BUILT_IN_SITE_KEY,
          origin: 'http://localhost',
          url: 'http://localhost/pricing',
          headers: { authorization: `Bearer ${token}` },
        });
      expect((await asUser(admin.accessToken)).statusCode).toBe(202);
      expect((await asUser(member.accessToken)).statusCode).toBe(202);
      await settle();
      expect(await events(builtInId)).toHaveLength(1);
      await db.update(analyticsSites).set({ excludeAdmins: false }).where(eq(analyticsSites.id, builtInId));
      forgetSite(builtInId);
    });
  });

  describe('closing', () => {
    it('writes the events still waiting when the app closes', async () => {
      await clearEvents();
      const second = await buildApp({ database, logger: false, mailer: { send: async () => {} } });
      await second.ready();
      const res = await second.inject({
        method: 'POST',
        url: '/api/analytics/collect',
        remoteAddress: freshIp(),
        headers: { 'content-type': 'text/plain', 'user-agent': CHROME, origin: 'https://shop.example.com' },
        payload: JSON.stringify({ k: shop.key, n: 'pageview', u: 'https://shop.example.com/bye', w: 800 }),
      });
      expect(res.statusCode).toBe(202);
      await second.close();
      expect(await events()).toMatchObject([{ page: '/bye' }]);
    });
  });
});
