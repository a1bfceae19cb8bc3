import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { SIGNED_IN_COOKIE, type AuthResponse } from '#shared/contract/account.ts';

import { randomToken, sha256 } from '../../lib/crypto.ts';
import { signAccessToken } from '../../lib/tokens.ts';
import { createSession, toUser, type UserRow } from './account.repo.ts';

export const REFRESH_COOKIE = 'atrium_refresh';
const REFRESH_PATH = '/api/account';

function isSecure(request: FastifyRequest, publicUrl: string | undefined): boolean {
  return request.protocol === 'https' || Boolean(publicUrl?.startsWith('https:'));
}

/** httpOnly, SameSite=Strict, Secure over https, sent only to the account routes (SECURITY.md S14). */
export function setRefreshCookie(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  sessionId: string,
  secret: string,
): void {
  reply.setCookie(REFRESH_COOKIE, `${sessionId}.${secret}`, {
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecure(request, app.config.publicUrl),
    path: REFRESH_PATH,
    maxAge: app.config.sessionAbsoluteTtl,
  });
  reply.setCookie(SIGNED_IN_COOKIE, '1', {
    httpOnly: false,
    sameSite: 'lax',
    secure: isSecure(request, app.config.publicUrl),
    path: '/',
    maxAge: app.config.sessionAbsoluteTtl,
  });
}

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_PATH });
  reply.clearCookie(SIGNED_IN_COOKIE, { path: '/' });
}

/** Splits a refresh cookie `<sessionId>.<secret>`; null when malformed. */
export function parseRefreshCookie(value: string | undefined): { sessionId: string; secret: string } | null {
  if (!value) return null;
  const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([\w-]{20,200})$/i.exec(
    value,
  );
  return match?.[1] && match[2] ? { sessionId: match[1], secret: match[2] } : null;
}

/** A new session for `user`: a sessions row, the refresh cookie and an access token. */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
): Promise<AuthResponse> {
  const secret = randomToken();
  const session = await createSession(app.db, {
    userId: user.id,
    refreshHash: sha256(secret),
    userAgent: request.headers['user-agent']?.slice(0, 500),
    ip: request.ip,
    expiresAt: new Date(Date.now() + app.config.sessionAbsoluteTtl * 1000),
  });
  setRefreshCookie(app, request, reply, session.id, secret);
  const accessToken = await signAccessToken(
    app.secret,
    { userId: user.id, sessionId: session.id },
    app.config.accessTokenTtl,
  );
  return { accessToken, user: toUser(user) };
}
