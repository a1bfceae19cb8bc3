import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

export const hmac = (secret: Uint8Array, value: string) =>
  createHmac('sha256', secret).update(value).digest('base64url');

/** 256 bits from the CSPRNG, URL-safe. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** A uniformly random 6-digit code from the CSPRNG (ASVS 6.5.3). */
export const randomCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
