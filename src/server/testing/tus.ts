/** Resumable uploads (tus 1.0, ADR 047) from a server test: what tus-js-client sends, through `inject`. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

import type { Member } from './members.ts';

const TUS = { 'tus-resumable': '1.0.0' };

/** `Upload-Metadata`: comma-separated `key base64(value)` pairs. */
export const tusMetadata = (metadata: Record<string, string>) =>
  Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

export function tusCreate(
  app: FastifyInstance,
  who: Member | null,
  size: number | null,
  metadata: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/files/uploads',
    headers: {
      ...TUS,
      ...who?.headers,
      ...(size === null ? {} : { 'upload-length': String(size) }),
      ...(Object.keys(metadata).length ? { 'upload-metadata': tusMetadata(metadata) } : {}),
    },
  });
}

export function tusPatch(
  app: FastifyInstance,
  who: Member | null,
  location: string,
  offset: number,
  bytes: Buffer,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      ...TUS,
      ...who?.headers,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: bytes,
  });
}

export function tusHead(app: FastifyInstance, who: Member | null, location: string) {
  return app.inject({ method: 'HEAD', url: location, headers: { ...TUS, ...who?.headers } });
}

/** Creates an upload and sends `bytes` in `chunks` PATCHes; returns the last answer. */
export async function tusUpload(
  app: FastifyInstance,
  who: Member,
  bytes: Buffer,
  filename: string,
  chunks = 1,
): Promise<{ location: string; last: LightMyRequestResponse }> {
  const created = await tusCreate(app, who, bytes.length, { filename, filetype: 'application/octet-stream' });
  if (created.statusCode !== 201) throw new Error(`tus create: ${created.statusCode} ${created.body}`);
  const location = String(created.headers.location);
  const step = Math.ceil(bytes.length / chunks);
  let last = created;
  for (let offset = 0; offset < bytes.length; offset += step) {
    last = await tusPatch(app, who, location, offset, bytes.subarray(offset, offset + step));
    if (last.statusCode !== 204) break;
  }
  return { location, last };
}
