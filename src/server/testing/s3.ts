/**
 * A local S3-compatible server for one test file (s3rver, on a free port, in a temporary folder): what the
 * S3 storage driver, the two-instance test and `files:migrate-storage` run against (ADR 047).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import S3rver from 's3rver';

import type { S3Settings } from '../modules/files/storage-s3.ts';

export interface TestS3 {
  settings: S3Settings;
  close(): Promise<void>;
}

export async function startS3(bucket = 'atrium-test', presignSeconds = 0): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      presignSeconds,
    },
    close: async () => {
      await server.close();
      await fs.promises.rm(directory, { recursive: true, force: true });
    },
  };
}
