import type { FastifyInstance } from 'fastify';

/**
 * One log line per request, written when the response is sent: method, URL, client address, status and
 * response time (Fastify's default writes two, "incoming request" and "request completed"; pino's
 * serialisation and redaction of each line is a measurable part of an API request, ADR 011). Pair with
 * `disableRequestLogging: true`.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
}
