import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Security headers with a strict CSP (SECURITY.md §0.4: `base-uri 'none'`, `object-src 'none'`), and a
 * global per-IP limit on API requests, shared through Redis when REDIS_URL is set.
 */
/** The web app's own routes (plugins/web-app.ts): `/` and the static files' wildcard. */
const WEB_APP_ROUTES = new Set(['/', '/*']);

/**
 * Whether a request is spared the global API limit: only when it matched a web app route and its decoded path
 * is not an API path. Decided on the matched route, not the raw URL, so `/%61pi/health` counts like
 * `/api/health` (issue 8 §4.9); a request that matched nothing counts too.
 */
export function isWebAppRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route === undefined || !WEB_APP_ROUTES.has(route)) return false;
  const rawPath = request.url.split('?')[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return false;
  }
  return !/^\/+api(\/|$)/i.test(decoded);
}

export async function registerSecurity(
  app: FastifyInstance,
  options: { rateLimitMax: number; redisUrl?: string | undefined; hsts: boolean },
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // Emotion (MUI) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    hsts: options.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });

  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { connectTimeout: 1_000, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'Redis error (rate limits)'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: true,
    max: options.rateLimitMax,
    timeWindow: 60_000,
    // API requests only: the web app's static files (dozens per page load) must not use up the budget.
    allowList: isWebAppRequest,
    ...(redis ? { redis, nameSpace: 'atrium-rl:', skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
}
