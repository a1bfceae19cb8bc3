import fs from 'node:fs';

import { hash, verify } from '@node-rs/argon2';

import { PASSWORD_MAX } from '#shared/lib/password-policy.ts';
import { validationMessageEn } from '#shared/lib/validation-messages.ts';

import { HttpError } from './http-error.ts';

/** argon2id, m=19456 KiB, t=2, p=1: OWASP's and ASVS 5.0 Appendix C's minimum (SECURITY.md A1). */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(
    fs
      .readFileSync(new URL('../data/common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean),
  );
  return common;
}

/** True for passwords on the bundled list of common and breached passwords (ASVS 6.2.4), any case. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/**
 * The server's half of the password policy (the length rules are the shared zod schema's): refuses a common
 * password with the same 400 a schema failure gives, naming the field it came in (`password`, `newPassword`).
 * Every route that sets a password calls this, and nothing else decides.
 */
export function assertPasswordAllowed(password: string, field = 'password'): void {
  if (!isCommonPassword(password)) return;
  const message = validationMessageEn('validation.passwordCommon');
  throw new HttpError(400, `${field}: ${message}`, {
    code: 'VALIDATION_FAILED',
    issues: [{ path: [field], message }],
  });
}

/** A password's length as the shared zod schema counts it: in code points, so an emoji counts once. */
const lengthOf = (password: string) => [...password].length;

export async function hashPassword(password: string): Promise<string> {
  if (lengthOf(password) > PASSWORD_MAX) throw new Error('Password longer than the policy allows');
  return hash(password, ARGON2_OPTIONS);
}

/**
 * Stored for accounts that must not sign in with a password at all (the seeded demo users besides the demo
 * admin): no input hashes to it, and verifyPassword spends the time of a real check on it.
 */
export const UNUSABLE_PASSWORD_HASH = '!no-password';

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (lengthOf(password) > PASSWORD_MAX) return false;
  if (!passwordHash.startsWith('$argon2')) {
    await burnPasswordCheck(password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so an unknown email is not told apart by timing (SECURITY.md A10). */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hash('atrium-timing-equaliser', ARGON2_OPTIONS);
  await verifyPassword(await dummyHash, [...password].slice(0, PASSWORD_MAX).join(''));
}
