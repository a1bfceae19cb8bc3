import { createHmac, createSecretKey, randomUUID, timingSafeEqual, type KeyObject } from 'node:crypto';

import { SignJWT } from 'jose';

const ISSUER = 'atrium';
const AUDIENCE = 'atrium-api';

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

/** HS256 access token with sub, sid, jti, exp and a `typ` so no other kind of token passes for it. */
export async function signAccessToken(
  secret: Uint8Array,
  claims: AccessClaims,
  ttlSeconds: number,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: claims.sessionId, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setJti(randomUUID())
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(secret);
}

const keys = new WeakMap<Uint8Array, KeyObject>();
const SEGMENT = /^[\w-]+$/;

function decodeJson(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

interface Verified {
  claims: AccessClaims;
  exp: number;
  nbf: number;
}

/** The signature and the fixed claims of a token; exp and nbf are left to the caller. */
function checkToken(secret: Uint8Array, token: string): Verified | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  if (!SEGMENT.test(header) || !SEGMENT.test(payload) || !SEGMENT.test(signature)) return null;

  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(secret)));
  const expected = Buffer.from(createHmac('sha256', key).update(`${header}.${payload}`).digest('base64url'));
  const presented = Buffer.from(signature);
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return null;

  const head = decodeJson(header);
  if (!head || head.alg !== 'HS256' || 'crit' in head || 'b64' in head) return null;
  if (head.typ !== undefined && head.typ !== 'JWT') return null;

  const claims = decodeJson(payload);
  if (!claims) return null;
  if (typeof claims.exp !== 'number') return null;
  if (claims.nbf !== undefined && typeof claims.nbf !== 'number') return null;
  if (claims.iat !== undefined && typeof claims.iat !== 'number') return null;
  if (claims.iss !== ISSUER || claims.aud !== AUDIENCE || claims.typ !== 'access') return null;
  if (typeof claims.jti !== 'string' || typeof claims.sid !== 'string' || typeof claims.sub !== 'string') {
    return null;
  }
  return {
    claims: { userId: claims.sub, sessionId: claims.sid },
    exp: claims.exp,
    nbf: typeof claims.nbf === 'number' ? claims.nbf : 0,
  };
}

/** Tokens whose signature and claims checked out, per secret (only genuine tokens get in). */
const verifiedTokens = new WeakMap<Uint8Array, Map<string, Verified>>();
export const VERIFIED_TOKENS_MAX = 1000;

/**
 * Verifies signature (HS256 only), exp, nbf, issuer, audience and type; null on any failure.
 *
 * Synchronous HMAC with node:crypto and a key object made once per secret: this runs on every API request,
 * and jose's WebCrypto path (a key import and a thread-pool job per call) cost ~13 % of an authenticated
 * read (ADR 011). It accepts only what signAccessToken produces: a compact JWS whose header says HS256 and
 * nothing the verifier would have to understand (no `crit`, no `b64`), with the canonical signature.
 * The last VERIFIED_TOKENS_MAX genuine tokens are remembered, so a client's next requests skip the HMAC
 * and the decoding; exp and nbf are checked on every call. (The session behind a token is still checked on
 * every request, plugins/auth.ts.)
 */
export function verifyAccessToken(secret: Uint8Array, token: string): AccessClaims | null {
  let cache = verifiedTokens.get(secret);
  if (!cache) verifiedTokens.set(secret, (cache = new Map()));
  let verified = cache.get(token);
  if (!verified) {
    const checked = checkToken(secret, token);
    if (!checked) return null;
    if (cache.size >= VERIFIED_TOKENS_MAX) cache.delete(cache.keys().next().value!);
    cache.set(token, (verified = checked));
  }
  const now = Math.floor(Date.now() / 1000);
  return verified.exp > now && verified.nbf <= now ? verified.claims : null;
}
