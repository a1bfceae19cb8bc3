import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import type { UserRow } from '../db/schema/index.ts';
import { findLiveSessionUser, touchSession } from './sessions.ts';
import { HttpError, forbidden, unauthorized } from '../lib/http-error.ts';
import { verifyAccessToken } from '../lib/tokens.ts';

export interface AuthContext {
  user: UserRow;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route serves an account still waiting for approval (its own account only; ADR 034). */
    allowPending?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless the request carries a valid token of a live session of an active user. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: as `authenticate`, then 403 unless the user is an admin (read from the database). */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** The live session an access token belongs to, or null (what `authenticate` checks; the socket uses it). */
    sessionOfToken: (token: string) => Promise<AuthContext | null>;
  }
}

/** Who is calling: the signed-in user of a route in a signed-in or admin scope. */
export interface Actor extends AuthContext {
  isAdmin: boolean;
}

/**
 * The one way a route gets its caller (issue #9 C). Only inside a scope (`signedInScope`, `adminScope`) or
 * behind `authenticate`: anywhere else it answers 401 rather than act for nobody.
 */
export function actor(request: FastifyRequest): Actor {
  if (!request.auth) throw unauthorized();
  return { ...request.auth, isAdmin: request.auth.user.role === 'admin' };
}

/**
 * Route scopes: call one at the top of a route plugin (or of a child scope registered inside it) and every
 * route in it is checked before anything else (so a signed-out request gets 401 whatever else is wrong with
 * it) and answered with `Cache-Control: no-store` (personal data never sits in a cache, SECURITY.md S17).
 */
export function signedInScope(app: FastifyInstance): void {
  app.addHook('onRequest', app.authenticate);
  noStore(app);
}

/** As `signedInScope`, and 403 unless the caller is an admin (read from the database on each request). */
export function adminScope(app: FastifyInstance): void {
  signedInScope(app);
  app.addHook('onRequest', app.requireAdmin);
}

/** Answers of this scope are never stored by a browser or a proxy. */
export function noStore(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
}

/** Banned and rejected users cannot sign in (account.routes.ts), so their existing sessions end too. */
export const mayHoldSession = (user: Pick<UserRow, 'status'>) =>
  user.status !== 'banned' && user.status !== 'rejected';

/** Sessions are touched at most this often, so idle expiry costs one write a minute, not one per request. */
const TOUCH_EVERY_MS = 60_000;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer ([\w-]+\.[\w-]+\.[\w-]*)$/.exec(header);
  return match?.[1] ?? null;
}

/**
 * Every request with a token is checked against the sessions table: logout, password reset, a ban or
 * deletion take effect on the next request, not at the token's exp (SECURITY.md S7–S9).
 */
export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('auth', null);

    /** 'invalid' for a bad or expired token, 'ended' for a good token of a session that is over. */
    async function check(token: string): Promise<AuthContext | 'invalid' | 'ended'> {
      const claims = verifyAccessToken(app.secret, token);
      if (!claims) return 'invalid';
      const live = await findLiveSessionUser(app.db, claims.sessionId, app.config.sessionIdleTtl);
      if (!live || live.user.id !== claims.userId || !mayHoldSession(live.user)) return 'ended';
      if (Date.now() - live.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
        await touchSession(app.db, live.sessionId);
      }
      return { user: live.user, sessionId: live.sessionId };
    }

    async function resolve(request: FastifyRequest): Promise<AuthContext> {
      if (request.auth) return request.auth;
      const token = bearerToken(request);
      if (!token) throw unauthorized();
      const result = await check(token);
      if (result === 'invalid') throw unauthorized('Invalid or expired token');
      if (result === 'ended') throw unauthorized('Your session has ended. Please sign in again.');
      request.auth = result;
      return request.auth;
    }

    // A pending account (sign-up policy `approval`) holds a session but reaches only the routes that say
    // `config: { allowPending: true }` (its own account), and opens no live socket (ADR 034).
    app.decorate('sessionOfToken', async (token: string) => {
      const result = await check(token);
      return typeof result === 'string' || result.user.status === 'pending' ? null : result;
    });

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const { user } = await resolve(request);
      if (user.status === 'pending' && !request.routeOptions.config.allowPending) {
        throw new HttpError(403, 'Your account is waiting for an administrator’s approval.', {
          code: 'ACCOUNT_PENDING',
        });
      }
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      const { user } = await resolve(request);
      if (user.role !== 'admin') throw forbidden();
    });
  },
  { name: 'auth' },
);
