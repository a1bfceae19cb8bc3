/** The people of a server test: members signed in, many at once, and what the users module writes. */
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

import type { AuthResponse } from '#shared/contract/account.ts';

import type { Db } from '../db/client.ts';
import { auditLog, files, follows, sessions, users } from '../db/schema/index.ts';
import { UNUSABLE_PASSWORD_HASH } from '../lib/passwords.ts';
import { signAccessToken } from '../lib/tokens.ts';
import { createSession, markEmailVerified } from '../modules/account/account.repo.ts';
import { bearer, register, uniqueEmail } from './test-app.ts';

export interface Member {
  id: string;
  email: string;
  token: string;
  headers: { authorization: string };
}

/**
 * Registers a user (the first one of an app becomes admin) and returns its token. The address counts as
 * verified, as it is for everyone who entered their code: tests of what an unverified account may not do
 * use `register` (test-app.ts) instead.
 */
export async function member(
  app: FastifyInstance,
  firstName = 'Ada',
  lastName = 'Lovelace',
  email = uniqueEmail(),
): Promise<Member> {
  const auth: AuthResponse = await register(app, { firstName, lastName, email });
  await markEmailVerified(app.db, auth.user.id);
  return { id: auth.user.id, email, token: auth.accessToken, headers: bearer(auth.accessToken) };
}

/** Grace (registered first in a fresh app, so the admin), Alice and Bob. */
export async function threeMembers(
  app: FastifyInstance,
): Promise<{ admin: Member; alice: Member; bob: Member }> {
  const admin = await member(app, 'Grace', 'Hopper');
  const alice = await member(app, 'Alice', 'Liddell');
  const bob = await member(app, 'Bob', 'Marley');
  return { admin, alice, bob };
}

/** Everything the users module writes, to prove a refused request changed nothing. */
export async function snapshot(db: Db) {
  return {
    users: await db.select().from(users).orderBy(asc(users.id)),
    follows: await db.select().from(follows).orderBy(asc(follows.followerId), asc(follows.followeeId)),
    files: await db.select().from(files).orderBy(asc(files.id)),
    audit: await db.select().from(auditLog).orderBy(asc(auditLog.id)),
    sessions: await db.select().from(sessions).orderBy(asc(sessions.id)),
  };
}

/** A multipart/form-data body with one file part. */
export function multipartBody(
  bytes: Buffer,
  filename = 'picture.png',
  contentType = 'image/png',
  field = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----atrium${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real PNG with EXIF (camera, GPS-like comment) metadata. */
export async function pngWithMetadata(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .withExif({ IFD0: { Make: 'SecretCam', Model: 'X1', ImageDescription: 'home-address-42' } })
    .toBuffer();
}

/**
 * `count` signed-in users made straight in the database (no password hashing, no sign-in): many customers
 * or reviewers quickly. `role` 'admin' makes administrators.
 */
export async function quickMembers(
  app: FastifyInstance,
  db: Db,
  count: number,
  prefix: string,
  role: 'admin' | 'user' = 'user',
): Promise<Member[]> {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `${prefix.toLowerCase()}.${i}.${Date.now()}@example.com`,
        firstName: `${prefix}${i}`,
        lastName: 'Quick',
        role,
        passwordHash: UNUSABLE_PASSWORD_HASH,
      })),
    )
    .returning({ id: users.id, email: users.email });
  return Promise.all(
    rows.map(async (row) => {
      const session = await createSession(db, {
        userId: row.id,
        refreshHash: 'unused',
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      const token = await signAccessToken(app.secret, { userId: row.id, sessionId: session.id }, 900);
      return { id: row.id, email: row.email, token, headers: bearer(token) };
    }),
  );
}
