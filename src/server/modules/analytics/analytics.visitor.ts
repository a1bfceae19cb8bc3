/**
 * The visitor of an event (issue 30 A, ADR 056): the first 8 bytes of sha256(salt ‖ site ‖ IP ‖ user agent)
 * as a signed 64-bit integer, with a salt of the UTC day. The salt is random, made on demand by whichever
 * instance needs it first (insert … on conflict do nothing, then read: every instance uses the same one), and
 * the salts of earlier days are deleted, so a hash cannot be recomputed and a visitor cannot be followed
 * across days. The IP address and user agent are only ever inputs of the hash: neither is stored or logged.
 */
import { createHash, randomBytes } from 'node:crypto';

import { eq, lt, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { analyticsSalts } from '../../db/schema/index.ts';

/** The UTC day of `at`, `YYYY-MM-DD`. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The day's salt, kept in memory once read (per database: tests run several apps in one process). */
const cache = new WeakMap<object, { day: string; salt: Promise<Buffer> }>();

async function loadSalt(db: Db, day: string): Promise<Buffer> {
  await db
    .insert(analyticsSalts)
    .values({ day, salt: randomBytes(32) })
    .onConflictDoNothing();
  // Earlier days' salts go: once deleted, that day's hashes cannot be made again.
  await db.delete(analyticsSalts).where(lt(analyticsSalts.day, day));
  const [row] = await db.select().from(analyticsSalts).where(eq(analyticsSalts.day, day));
  if (!row) throw new Error('analytics salt missing');
  return row.salt;
}

/** The salt of `at`'s UTC day (one database round trip per day and instance). */
export function saltOf(db: Db, at = new Date()): Promise<Buffer> {
  const day = utcDay(at);
  const held = cache.get(db);
  if (held?.day === day) return held.salt;
  const salt = loadSalt(db, day);
  cache.set(db, { day, salt });
  // A failed read is not kept: the next event tries again.
  salt.catch(() => {
    if (cache.get(db)?.salt === salt) cache.delete(db);
  });
  return salt;
}

/** Forgets the salt held in memory (tests that move the clock). */
export function forgetSalt(db: Db): void {
  cache.delete(db);
}

/** The visitor hash: first 8 bytes of sha256(salt ‖ siteId ‖ ip ‖ userAgent), signed. */
export function visitorHash(salt: Buffer, siteId: string, ip: string, userAgent: string): bigint {
  const digest = createHash('sha256')
    .update(salt)
    .update(siteId)
    .update('\0')
    .update(ip)
    .update('\0')
    .update(userAgent)
    .digest();
  return digest.readBigInt64BE(0);
}

/** The visitor of a request now on a site (the salt of today). */
export async function visitorOf(
  db: Db,
  siteId: string,
  ip: string,
  userAgent: string,
  at = new Date(),
): Promise<bigint> {
  return visitorHash(await saltOf(db, at), siteId, ip, userAgent);
}

/** Whether a salt of a day before `day` is still stored (a test of the rotation). */
export async function staleSaltCount(db: Db, day: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(analyticsSalts)
    .where(lt(analyticsSalts.day, day));
  return row?.n ?? 0;
}
