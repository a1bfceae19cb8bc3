import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import type { FileUse, StoredFile } from '#shared/contract/files.ts';

// A decorator's plugin builds on its module's surface only (ADR 035).
import {
  createDiskStorage,
  createS3Storage,
  deleteFiles,
  filesOfUseBefore,
  isPublicUse,
  multipartLimits,
  storeUpload,
  toStoredFile,
  type FileRow,
  type FileStorage,
} from '../modules/files/files.service.ts';

/** May `userId` read `file`? Registered by the area that uses a kind of file (chat: its participants). */
export type ReadCheck = (userId: string, file: FileRow) => Promise<boolean>;

/** Which of these file ids does the area still use (linked to a message, a post…)? */
export type LinkCheck = (fileIds: string[]) => Promise<string[]>;

/**
 * What the area that owns resumable uploads (the file manager) does with them (ADR 047): `check` at
 * creation, before a byte is accepted (throw an HttpError to refuse), `place` once the bytes passed the
 * checks and the file's row is written (throw to refuse: the row and bytes are then deleted). `metadata` is
 * the tus Upload-Metadata the client sent (`filename`, `filetype`, `folderId`…).
 */
export interface ResumableTarget {
  check?(userId: string, metadata: Record<string, string>): Promise<void>;
  place?(userId: string, row: FileRow, metadata: Record<string, string>): Promise<void>;
}

/** An upload nothing links to after this long is removed (attached to a message never sent). */
export const UNLINKED_GRACE_MS = 24 * 60 * 60 * 1000;

export interface FilesBlock {
  storage: FileStorage;
  /**
   * The local folder: the disk driver's files, uploads being received in `.incoming`, and the parts of a
   * completed resumable upload put together in `.resumable` for the checks (whatever the driver; the
   * parts themselves are in the storage driver, ADR 047).
   */
  dir: string;
  /** The resumable uploads' target (the file manager registers one); null until one is. */
  resumable: ResumableTarget | null;
  onResumableUpload(target: ResumableTarget): void;
  /** Streams, checks, re-encodes (images) and stores the one file of a multipart request. */
  store(request: FastifyRequest, options: { use: FileUse; ownerId: string }): Promise<FileRow>;
  /** Lets more people than the owner read files of one use; any check that says yes lets them. */
  allowRead(use: FileUse, check: ReadCheck): void;
  /**
   * Says which files of `use` an area links to. Uses with link checks are swept: a file of theirs that no
   * check claims, older than UNLINKED_GRACE_MS, is deleted (row and bytes).
   */
  linkedBy(use: FileUse, check: LinkCheck): void;
  /** Deletes the unlinked uploads (see `linkedBy`) stored before `before`; returns how many went. */
  sweepUnlinked(before?: Date): Promise<number>;
  /** Public uses: anyone. Otherwise the owner, and whoever a check of the use lets read it. */
  canRead(userId: string | null, file: FileRow): Promise<boolean>;
  /** The API's view of a file, with the URL to load it from (signed for private files). */
  toFile(row: FileRow): StoredFile;
}

declare module 'fastify' {
  interface FastifyInstance {
    files: FilesBlock;
  }
}

/** Temporary files older than this are left-overs of a crash and are removed at start. */
const STALE_INCOMING_MS = 60 * 60 * 1000;

function clearStaleIncoming(dir: string): void {
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat?.isFile() && Date.now() - stat.mtimeMs > STALE_INCOMING_MS) fs.rmSync(file, { force: true });
  }
}

/**
 * The files block (ADR 018): `app.files`, on the disk driver in `config.uploadsDir` (without one, in tests,
 * a temporary folder removed when the app closes) or on an S3-compatible bucket (`config.storage`, ADR 047).
 * Uploads arrive in `<dir>/.incoming` first, whatever the driver.
 */
export const filesPlugin = fp(
  async (app: FastifyInstance) => {
    const configured = app.config.uploadsDir;
    const dir = configured ?? fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-uploads-'));
    const tmpDir = path.join(dir, '.incoming');
    fs.mkdirSync(tmpDir, { recursive: true, mode: 0o700 });
    clearStaleIncoming(tmpDir);
    if (!configured) {
      app.addHook('onClose', async () => {
        await fs.promises.rm(dir, { recursive: true, force: true });
      });
    }
    await app.register(multipart, { limits: multipartLimits });

    const settings = app.config.storage;
    let storage: FileStorage;
    if (settings.driver === 's3') {
      const s3 = createS3Storage(settings);
      app.addHook('onClose', async () => s3.client.destroy());
      storage = s3;
    } else {
      storage = createDiskStorage(dir);
    }
    const readers = new Map<FileUse, ReadCheck[]>();
    const linkers = new Map<FileUse, LinkCheck[]>();
    const SWEEP_BATCH = 500;

    async function sweepUse(use: FileUse, checks: LinkCheck[], before: Date): Promise<number> {
      let removed = 0;
      let after: FileRow | undefined;
      for (;;) {
        const batch = await filesOfUseBefore(app.db, use, before, SWEEP_BATCH, after);
        if (!batch.length) return removed;
        const ids = batch.map((f) => f.id);
        const linked = new Set((await Promise.all(checks.map((check) => check(ids)))).flat());
        const keys = await deleteFiles(
          app.db,
          ids.filter((id) => !linked.has(id)),
        );
        await storage.remove(keys);
        removed += keys.length;
        if (batch.length < SWEEP_BATCH) return removed;
        after = batch.at(-1);
      }
    }

    const block: FilesBlock = {
      storage,
      dir,
      resumable: null,
      onResumableUpload(target) {
        block.resumable = target;
      },
      store: (request, options) => storeUpload(app, request, { ...options, tmpDir }),
      allowRead(use, check) {
        readers.set(use, [...(readers.get(use) ?? []), check]);
      },
      linkedBy(use, check) {
        linkers.set(use, [...(linkers.get(use) ?? []), check]);
      },
      async sweepUnlinked(before = new Date(Date.now() - UNLINKED_GRACE_MS)) {
        let removed = 0;
        for (const [use, checks] of linkers) removed += await sweepUse(use, checks, before);
        return removed;
      },
      async canRead(userId, file) {
        if (isPublicUse(file.use)) return true;
        if (!userId) return false;
        if (file.ownerId === userId) return true;
        for (const check of readers.get(file.use) ?? []) if (await check(userId, file)) return true;
        return false;
      },
      toFile: (row) => toStoredFile(app.secret, row),
    };
    app.decorate('files', block);
  },
  { name: 'files', dependencies: ['auth'] },
);
