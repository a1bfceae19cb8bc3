import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route's log line leaves out the client address (the analytics ingest, ADR 056). */
    logClientAddress?: boolean;
  }
}

/**
 * One log line per request, written when the response is sent: method, URL, client address, status and
 * response time (Fastify's default writes two, "incoming request" and "request completed"; pino's
 * serialisation and redaction of each line is a measurable part of an API request, ADR 011). Pair with
 * `disableRequestLogging: true`. A route whose config says `logClientAddress: false` is logged with its
 * method and path only.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const req =
      request.routeOptions.config.logClientAddress === false
        ? { method: request.method, url: request.url.split('?')[0] }
        : request;
    request.log.info({ req, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
}
