/**
 * The S3-compatible storage driver (ADR 047): files in one bucket (AWS S3, MinIO, Ceph, Garage, R2…), so
 * several instances share them. Uploads are streamed in parts (`@aws-sdk/lib-storage`), never held whole;
 * reads ask the store for one byte range; keys are the same server-chosen names as on disk, under an
 * optional prefix.
 */
import { create as contentDisposition } from 'content-disposition';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';

import { STORAGE_KEY, type FileStorage } from './storage.ts';

export interface S3Settings {
  /** The store's address (`https://s3.example.com`, `http://127.0.0.1:9000`); unset = AWS by region. */
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  /** Unset: the SDK's default credential chain (instance role, AWS_* variables, profile). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `bucket` in the path rather than the host name (MinIO and most self-hosted stores need it). */
  forcePathStyle: boolean;
  /** Downloads redirect to a URL of the store valid this many seconds; 0 = stream through the server. */
  presignSeconds: number;
}

/** Which driver an instance stores its files with (env.ts `storageSettingsOf`, AppConfig `storage`). */
export type StorageSettings = { driver: 'disk' } | ({ driver: 's3' } & S3Settings);

/** Bytes per uploaded part, and parts in flight per upload: at most 4 × 8 MiB held while streaming. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 4;
/** Objects deleted at once by `remove`. */
const DELETE_CONCURRENCY = 8;

const missing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Newer SDKs add CRC checksums to every request and check them on every answer; many S3-compatible
    // stores know neither (ADR 047). Only where the API requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export function createS3Storage(
  settings: S3Settings,
  client = createS3Client(settings),
): FileStorage & { client: S3Client; bucket: string } {
  const Bucket = settings.bucket;
  const checked = (key: string) => {
    if (!STORAGE_KEY.test(key)) throw new Error(`Not a storage key: ${key}`);
    return key;
  };
  const storage: FileStorage & { client: S3Client; bucket: string } = {
    client,
    bucket: Bucket,
    async put(key, source) {
      const upload = new Upload({
        client,
        params: { Bucket, Key: checked(key), Body: source, ContentType: 'application/octet-stream' },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        source.destroy();
        throw error;
      }
    },
    async read(key, range) {
      if (!STORAGE_KEY.test(key)) return null;
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        const body = answer.Body;
        if (!body) return null;
        return body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as never);
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async size(key) {
      if (!STORAGE_KEY.test(key)) return null;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return head.ContentLength ?? null;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async remove(keys) {
      const valid = keys.filter((key) => STORAGE_KEY.test(key));
      // One DeleteObject per key: DeleteObjects needs a Content-MD5 or checksum that not every
      // S3-compatible store accepts in the form the SDK sends.
      for (let i = 0; i < valid.length; i += DELETE_CONCURRENCY) {
        await Promise.all(
          valid.slice(i, i + DELETE_CONCURRENCY).map((Key) =>
            client.send(new DeleteObjectCommand({ Bucket, Key })).catch((error: unknown) => {
              if (!missing(error)) throw error;
            }),
          ),
        );
      }
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key && STORAGE_KEY.test(object.Key)) yield object.Key;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async describe() {
      return { kind: 's3', name: Bucket, freeBytes: null, totalBytes: null };
    },
  };
  if (settings.presignSeconds > 0) {
    storage.presignedUrl = (key, { name, mimeType, inline }) =>
      getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: checked(key),
          ResponseContentType: mimeType.startsWith('text/') ? `${mimeType}; charset=utf-8` : mimeType,
          ResponseContentDisposition: contentDisposition(name, { type: inline ? 'inline' : 'attachment' }),
          ResponseCacheControl: 'private, no-store',
        }),
        { expiresIn: settings.presignSeconds },
      );
  }
  return storage;
}
