import { createHmac, randomUUID } from 'node:crypto';

import { SignJWT, type JWTPayload } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { signAccessToken, VERIFIED_TOKENS_MAX, verifyAccessToken } from './tokens.ts';

const secret = new TextEncoder().encode('a test secret of at least thirty-two characters');
const claims = { userId: randomUUID(), sessionId: randomUUID() };
const now = () => Math.floor(Date.now() / 1000);

/** A token with the server's claims, changed by `edit`, signed with `secret` and the given header. */
function forge(
  edit: (payload: JWTPayload) => JWTPayload = (p) => p,
  header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' },
) {
  const payload = edit({
    sid: claims.sessionId,
    typ: 'access',
    sub: claims.userId,
    jti: randomUUID(),
    iss: 'atrium',
    aud: 'atrium-api',
    iat: now(),
    exp: now() + 600,
  });
  return new SignJWT(payload).setProtectedHeader(header as { alg: string }).sign(secret);
}

/** A compact JWS over any header, HMAC-SHA256 with `secret` (jose refuses to sign some of these). */
function signRaw(header: Record<string, unknown>, payload: Record<string, unknown>) {
  const encode = (part: Record<string, unknown>) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const input = `${encode(header)}.${encode(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

describe('verifyAccessToken', () => {
  it('verifies what signAccessToken signs, synchronously (no WebCrypto job per request)', async () => {
    const token = await signAccessToken(secret, claims, 60);
    const result = verifyAccessToken(secret, token);
    expect(result).not.toBeInstanceOf(Promise);
    expect(result).toEqual(claims);
  });

  it('accepts a token without typ in the header, like jose does', async () => {
    expect(verifyAccessToken(secret, await forge(undefined, { alg: 'HS256' }))).toEqual(claims);
  });

  it('refuses a signature that is not the canonical encoding (an extra character)', async () => {
    const token = await signAccessToken(secret, claims, 60);
    expect(verifyAccessToken(secret, `${token}A`)).toBeNull();
    expect(verifyAccessToken(secret, token.slice(0, -1))).toBeNull();
  });

  it('refuses headers it does not understand, even when correctly signed', async () => {
    const [, payload] = (await forge()).split('.');
    const claimsOf = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    expect(verifyAccessToken(secret, signRaw({ alg: 'HS256' }, claimsOf))).toEqual(claims);
    expect(verifyAccessToken(secret, signRaw({ alg: 'HS256', crit: ['x'], x: 1 }, claimsOf))).toBeNull();
    expect(
      verifyAccessToken(secret, signRaw({ alg: 'HS256', b64: false, crit: ['b64'] }, claimsOf)),
    ).toBeNull();
    expect(verifyAccessToken(secret, signRaw({ alg: 'HS256', typ: 'at+jwt' }, claimsOf))).toBeNull();
    expect(verifyAccessToken(secret, signRaw({ alg: 'none' }, claimsOf))).toBeNull();
  });

  it('refuses another algorithm name over an HS256 signature', async () => {
    const [, payload, signature] = (await forge()).split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'HS512', typ: 'JWT' })).toString('base64url');
    expect(verifyAccessToken(secret, `${header}.${payload}.${signature}`)).toBeNull();
  });

  it.each([
    ['an audience list', (p: JWTPayload) => ({ ...p, aud: ['atrium-api', 'other'] })],
    ['a string exp', (p: JWTPayload) => ({ ...p, exp: String(now() + 600) as unknown as number })],
    ['exp = now', (p: JWTPayload) => ({ ...p, exp: now() })],
    ['a string nbf', (p: JWTPayload) => ({ ...p, nbf: String(now()) as unknown as number })],
    ['no jti', ({ jti: _jti, ...p }: JWTPayload) => p],
    ['a numeric sub', (p: JWTPayload) => ({ ...p, sub: 42 as unknown as string })],
  ])('refuses a token with %s', async (_label, edit) => {
    expect(verifyAccessToken(secret, await forge(edit))).toBeNull();
  });

  it.each(['', 'a.b', 'a.b.c.d', 'e30.e30.', '..', 'W10.W10.sig', 'e30.bnVsbA.sig'])(
    'refuses the malformed token %j',
    (token) => {
      expect(verifyAccessToken(secret, token)).toBeNull();
    },
  );
});

describe('verifyAccessToken, remembered tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('still refuses a remembered token once it has expired', async () => {
    const token = await signAccessToken(secret, claims, 60);
    expect(verifyAccessToken(secret, token)).toEqual(claims);
    expect(verifyAccessToken(secret, token)).toEqual(claims);
    vi.useFakeTimers({ now: Date.now() + 61_000 });
    expect(verifyAccessToken(secret, token)).toBeNull();
  });

  it('accepts a remembered not-yet-valid token only from its nbf on', async () => {
    const token = await forge((p) => ({ ...p, nbf: now() + 30 }));
    expect(verifyAccessToken(secret, token)).toBeNull();
    vi.useFakeTimers({ now: Date.now() + 31_000 });
    expect(verifyAccessToken(secret, token)).toEqual(claims);
  });

  it('does not let a remembered token vouch for a tampered one, or for another secret', async () => {
    const token = await signAccessToken(secret, claims, 60);
    expect(verifyAccessToken(secret, token)).toEqual(claims);
    const [header, payload, signature] = token.split('.');
    const other = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'x' }),
    );
    expect(verifyAccessToken(secret, `${header}.${other.toString('base64url')}.${signature}`)).toBeNull();
    expect(
      verifyAccessToken(new TextEncoder().encode('another secret of at least 32 characters'), token),
    ).toBeNull();
  });

  it('keeps verifying after more than VERIFIED_TOKENS_MAX tokens (the oldest are checked again)', async () => {
    const first = await signAccessToken(secret, claims, 60);
    expect(verifyAccessToken(secret, first)).toEqual(claims);
    for (let i = 0; i < VERIFIED_TOKENS_MAX + 5; i++) {
      expect(verifyAccessToken(secret, await signAccessToken(secret, claims, 60))).toEqual(claims);
    }
    expect(verifyAccessToken(secret, first)).toEqual(claims);
  });
});
