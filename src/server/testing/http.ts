/**
 * Calling the API from a server test (ADR 039): one `call`/`ok` pair, one sign-in, one fresh client address.
 * A test file makes its pair once, `const { call, ok } = apiCalls(() => t.app, '/api/invoices')`, and every
 * request names who sends it (a member, or null for a signed-out caller), the method, the URL below the
 * prefix (with its query string) and the body.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

import { GOOD_PASSWORD } from './test-app.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who sends a request: a signed-in member (its bearer header, see members.ts), or null when signed out. */
export type Caller = { headers: Record<string, string> } | null;

export interface ApiCalls {
  /** Sends the request; the whole response, whatever its status. */
  call(who: Caller, method: Method, url: string, payload?: object): Promise<LightMyRequestResponse>;
  /** Sends the request, expects `status` (the method, URL and body are in the failure message); the parsed JSON. */
  ok<T>(who: Caller, method: Method, url: string, payload?: object, status?: number): Promise<T>;
}

/**
 * The `call`/`ok` pair for the routes below `prefix`. `app` is read at each call, so the pair can be made
 * before `beforeAll` builds the app. `prepare` may rewrite a body before it is sent (the posts tests add the
 * stored version to an edit that names none).
 */
export function apiCalls(
  app: () => FastifyInstance,
  prefix = '/api',
  prepare?: (method: Method, url: string, payload: object) => object | Promise<object>,
): ApiCalls {
  const call = async (who: Caller, method: Method, url: string, payload?: object) =>
    app().inject({
      method,
      url: `${prefix}${url}`,
      headers: who?.headers ?? {},
      ...(payload && { payload: prepare ? await prepare(method, url, payload) : payload }),
    });
  async function ok<T>(who: Caller, method: Method, url: string, payload?: object, status = 200): Promise<T> {
    const res = await call(who, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json<T>();
  }
  return { call, ok };
}

let ipCounter = 0;
/** A client address no other request of this process used, so the per-IP limits never interfere. */
export const freshIp = () => {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

/**
 * POST /api/account/login; the whole response. It comes from a fresh address unless `ip` pins one (the per-IP
 * limits count by it); `userAgent` names the device the session is shown as.
 */
export function login(
  app: FastifyInstance,
  email: string,
  password = GOOD_PASSWORD,
  { ip = freshIp(), userAgent }: { ip?: string; userAgent?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/account/login',
    remoteAddress: ip,
    headers: userAgent ? { 'user-agent': userAgent } : {},
    payload: { email, password },
  });
}
