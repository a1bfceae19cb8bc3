import type { FastifyInstance } from 'fastify';

import { hmac, randomCode } from '../../lib/crypto.ts';
import { consumeCode, issueCode, voidCodes, type CodePurpose, type UserRow } from './account.repo.ts';

export const CODE_TTL_SECONDS = 10 * 60;

/**
 * A code's HMAC names its purpose, its user and the address it was mailed to: it proves that mailbox only,
 * and stops working when the account's address changes (issue 8 §4.2).
 */
const codeHash = (app: FastifyInstance, purpose: CodePurpose, userId: string, email: string, code: string) =>
  hmac(app.secret, `${purpose}:${userId}:${email}:${code}`);

const TEXTS: Record<CodePurpose, (code: string) => { subject: string; text: string }> = {
  reset_password: (code) => ({
    subject: 'Your Atrium password reset code',
    text: `Your password reset code is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this mail.`,
  }),
  verify_email: (code) => ({
    subject: 'Confirm your Atrium email address',
    text: `Your email verification code is ${code}. It expires in 10 minutes.`,
  }),
};

/** Issues a new code of `purpose` for the user's current address and queues the mail with it. */
export async function sendCode(app: FastifyInstance, user: UserRow, purpose: CodePurpose): Promise<void> {
  const code = randomCode();
  await issueCode(app.db, {
    userId: user.id,
    purpose,
    email: user.email,
    codeHash: codeHash(app, purpose, user.id, user.email, code),
    ttlSeconds: CODE_TTL_SECONDS,
  });
  await app.mailer.send({ to: user.email, ...TEXTS[purpose](code), secret: code });
}

/** Checks and uses up a code: only one mailed to the user's current address counts. */
export function useCode(
  app: FastifyInstance,
  user: UserRow,
  purpose: CodePurpose,
  code: string,
): Promise<boolean> {
  return consumeCode(app.db, {
    userId: user.id,
    purpose,
    email: user.email,
    codeHash: codeHash(app, purpose, user.id, user.email, code),
  });
}

/**
 * After an address change (by the user or an admin): every outstanding code stops working, the new address
 * is unverified (the caller stored emailVerified false with it), and a verification code goes to it.
 */
export async function afterEmailChange(app: FastifyInstance, user: UserRow): Promise<void> {
  await voidCodes(app.db, user.id);
  await sendCode(app, user, 'verify_email');
}
