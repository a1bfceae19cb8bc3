/**
 * Where resumable uploads live (ADR 047): a tus data store whose state is in the database (`file_uploads`:
 * creator, length, offset, metadata, result) and whose bytes are parts in the storage driver
 * (`file_upload_parts`, one object per PATCH). Every instance on the database and the store (a bucket, or a
 * shared disk) sees every upload, so an upload started on one continues on any other; no sticky routing.
 *
 * Two PATCHes of one upload on two instances at once (tus's lock is per instance) cannot both land: a part
 * counts only if the upload's offset is still the one it started at (compare and set); the other is removed
 * and answered 409, and its client asks HEAD where to go on from, as after any conflict.
 */
import { once } from 'node:events';
import fs from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';

import { DataStore, ERRORS, Upload } from '@tus/server';
import { and, asc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { fileUploadParts, fileUploads } from '../../db/schema/index.ts';
import { newStorageKey, type FileStorage } from './storage.ts';

/** An upload as the routes see it. */
export interface UploadRecord {
  id: string;
  ownerId: string;
  size: number;
  offset: number;
  /** What the client sent (filename, filetype…), without the server's keys. */
  metadata: Record<string, string | null>;
  /** The stored file, once the upload is complete. */
  fileId: string | null;
  createdAt: Date;
}

/** The tus metadata key under which the routes hand the creator's id to `create`. */
export const OWNER_KEY = 'atrium-owner';

export class ResumableStore extends DataStore {
  private readonly db: Db;
  private readonly storage: FileStorage;

  constructor(db: Db, storage: FileStorage) {
    super();
    this.db = db;
    this.storage = storage;
    this.extensions = ['creation', 'creation-with-upload', 'termination'];
  }

  async record(id: string): Promise<UploadRecord | undefined> {
    const [row] = await this.db.select().from(fileUploads).where(eq(fileUploads.id, id));
    return row;
  }

  override async create(upload: Upload): Promise<Upload> {
    const { [OWNER_KEY]: ownerId, ...metadata } = upload.metadata ?? {};
    if (!ownerId) throw ERRORS.UNKNOWN_ERROR;
    await this.db.insert(fileUploads).values({ id: upload.id, ownerId, size: upload.size ?? 0, metadata });
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const row = await this.record(id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return new Upload({
      id: row.id,
      size: row.size,
      offset: row.offset,
      metadata: { ...row.metadata, [OWNER_KEY]: row.ownerId },
      creation_date: row.createdAt.toISOString(),
    });
  }

  /**
   * Stores what arrives as one part starting at `offset`, keeping the bytes that came before a dropped
   * connection (tus's file store does the same), and moves the offset on if nobody else did meanwhile.
   */
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const key = newStorageKey('part');
    const part = new PassThrough();
    let bytes = 0;
    let ended = false;
    const end = () => {
      if (!ended) part.end();
      ended = true;
    };
    readable.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (!part.write(chunk)) readable.pause();
    });
    part.on('drain', () => readable.resume());
    readable.once('end', end);
    readable.once('error', end);
    readable.once('close', end);
    await this.storage.put(key, part);
    if (bytes === 0) {
      await this.storage.remove([key]);
      return offset;
    }
    const moved = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(fileUploads)
        .set({ offset: sql`${fileUploads.offset} + ${bytes}`, updatedAt: new Date() })
        .where(and(eq(fileUploads.id, id), eq(fileUploads.offset, offset), isNull(fileUploads.fileId)))
        .returning({ offset: fileUploads.offset });
      if (row)
        await tx.insert(fileUploadParts).values({ uploadId: id, offset, size: bytes, storageKey: key });
      return row;
    });
    if (!moved) {
      await this.storage.remove([key]);
      throw ERRORS.INVALID_OFFSET;
    }
    return moved.offset;
  }

  /** Writes the parts of upload `id`, in order, into the local file `path` (the checks read it from there). */
  async assemble(id: string, path: string): Promise<void> {
    const parts = await this.partsOf(id);
    const out = fs.createWriteStream(path, { mode: 0o600 });
    let failed: Error | null = null;
    out.on('error', (error) => (failed = error));
    try {
      let at = 0;
      for (const part of parts) {
        if (part.offset !== at) throw new Error(`Upload ${id}: a part is missing at ${at}`);
        const source = await this.storage.read(part.storageKey);
        if (!source) throw new Error(`Upload ${id}: the part at ${at} is gone`);
        for await (const chunk of source) if (!out.write(chunk)) await once(out, 'drain');
        at += part.size;
      }
    } finally {
      await new Promise<void>((resolve) => out.end(resolve));
    }
    if (failed) throw failed;
  }

  /** The upload is complete: its parts go, and its record keeps the stored file's id (for HEAD and result). */
  async finish(id: string, fileId: string): Promise<void> {
    await this.removeParts(id);
    await this.db.update(fileUploads).set({ fileId, updatedAt: new Date() }).where(eq(fileUploads.id, id));
  }

  /** Cancelled, refused or stale: the parts and the record go (either may be gone already). */
  override async remove(id: string): Promise<void> {
    await this.removeParts(id);
    await this.db.delete(fileUploads).where(eq(fileUploads.id, id));
  }

  /** What `userId`'s unfinished uploads will take, and how many there are. */
  async unfinishedOf(userId: string): Promise<{ bytes: number; count: number }> {
    const [row] = await this.db
      .select({
        bytes: sql<string>`coalesce(sum(${fileUploads.size}), 0)`,
        count: sql<number>`count(*)::int`,
      })
      .from(fileUploads)
      .where(and(eq(fileUploads.ownerId, userId), isNull(fileUploads.fileId)));
    return { bytes: Number(row?.bytes ?? 0), count: row?.count ?? 0 };
  }

  /**
   * Removes the unfinished uploads that received no byte for `staleMs`, and the records of finished ones
   * older than `resultMs`; answers how many went. Every instance runs it: removing twice is harmless.
   */
  async sweep(staleMs: number, resultMs: number, now = Date.now()): Promise<number> {
    const stale = await this.db
      .select({ id: fileUploads.id })
      .from(fileUploads)
      .where(
        or(
          and(isNull(fileUploads.fileId), lt(fileUploads.updatedAt, new Date(now - staleMs))),
          and(isNotNull(fileUploads.fileId), lt(fileUploads.updatedAt, new Date(now - resultMs))),
        ),
      );
    for (const { id } of stale) await this.remove(id);
    return stale.length;
  }

  private partsOf(id: string) {
    return this.db
      .select()
      .from(fileUploadParts)
      .where(eq(fileUploadParts.uploadId, id))
      .orderBy(asc(fileUploadParts.offset));
  }

  private async removeParts(id: string): Promise<void> {
    const parts = await this.partsOf(id);
    if (!parts.length) return;
    await this.storage.remove(parts.map((p) => p.storageKey));
    await this.db.delete(fileUploadParts).where(eq(fileUploadParts.uploadId, id));
  }

  override async declareUploadLength(): Promise<void> {
    throw ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION;
  }

  override async deleteExpired(): Promise<number> {
    return 0;
  }

  override getExpiration(): number {
    return 0;
  }
}
