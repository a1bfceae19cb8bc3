/**
 * Copies every stored object from one storage driver to another (`npm run files:migrate-storage`, ADR 047):
 * disk to bucket when an instance moves to object storage, bucket to disk to come back. Each object's
 * SHA-256 is taken while it is copied and checked against what the target then holds; an object the target
 * already holds with the same bytes is skipped, so a run that stopped half-way is simply started again.
 */
import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import type { FileStorage } from './storage.ts';

export interface MigrationSummary {
  /** Objects in the source. */
  total: number;
  copied: number;
  /** Already in the target with the same bytes. */
  skipped: number;
  /** Bytes copied. */
  bytes: number;
  /** Keys that could not be copied or did not check out (removed from the target again). */
  failed: string[];
}

async function sha256(stream: Readable | null): Promise<string | null> {
  if (!stream) return null;
  const hash = createHash('sha256');
  await pipeline(stream, async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) hash.update(chunk);
  });
  return hash.digest('hex');
}

export async function migrateStorage(
  from: FileStorage,
  to: FileStorage,
  { log = () => {}, concurrency = 4 }: { log?: (line: string) => void; concurrency?: number } = {},
): Promise<MigrationSummary> {
  const summary: MigrationSummary = { total: 0, copied: 0, skipped: 0, bytes: 0, failed: [] };

  async function copyOne(key: string): Promise<void> {
    const existing = await to.size(key);
    if (existing !== null) {
      if (existing === (await from.size(key))) {
        const [source, target] = await Promise.all([
          sha256(await from.read(key)),
          sha256(await to.read(key)),
        ]);
        if (source !== null && source === target) {
          summary.skipped++;
          return;
        }
      }
      // A copy cut off by an earlier run, or other bytes: copied again.
      await to.remove([key]);
    }
    const source = await from.read(key);
    if (!source) {
      summary.failed.push(key);
      log(`${key}: gone from the source meanwhile`);
      return;
    }
    const hash = createHash('sha256');
    let size = 0;
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    source.on('error', (error) => hashing.destroy(error));
    try {
      await to.put(key, source.pipe(hashing));
      const copied = hash.digest('hex');
      if ((await sha256(await to.read(key))) !== copied) throw new Error('the copy does not match');
      summary.copied++;
      summary.bytes += size;
    } catch (error) {
      await to.remove([key]).catch(() => {});
      summary.failed.push(key);
      log(`${key}: ${(error as Error).message}`);
    }
  }

  const running = new Set<Promise<void>>();
  for await (const key of from.list()) {
    summary.total++;
    const job = copyOne(key).finally(() => running.delete(job));
    running.add(job);
    if (running.size >= concurrency) await Promise.race(running);
    if (summary.total % 500 === 0) log(`${summary.total} objects looked at…`);
  }
  await Promise.all(running);
  return summary;
}
