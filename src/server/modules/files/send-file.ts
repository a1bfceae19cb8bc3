import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';

import { IMAGE_TYPES } from '#shared/contract/files.ts';

import { notFound } from '../../lib/http-error.ts';
import type { FileRow } from './files.repo.ts';
import type { FileStorage } from './storage.ts';

/**
 * Sends a stored file (SECURITY.md F7/F9): never sniffed (`nosniff`), never run as a page (a sandboxing
 * CSP), shown inline only for raster images and otherwise downloaded under its uploaded name (RFC 6266).
 * One `Range` is honoured (206, or 416 outside the file) so media can seek and downloads resume; the
 * storage key never changes its bytes, so it is the ETag.
 *
 * On an object store with presigned downloads switched on (ADR 047), the answer is instead a redirect to a
 * short-lived URL of the store, which sends the bytes (and Range) itself with the same name and type; the
 * caller has checked the permission, as for streamed answers. `presign: false` keeps a route streaming
 * (public images: their address is cached for a year, a changing signed URL would defeat that).
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  file: Pick<FileRow, 'storageKey' | 'mimeType' | 'name'>,
  cacheControl: string,
  {
    presign = true,
    download = false,
    pdfInline = false,
  }: { presign?: boolean; download?: boolean; pdfInline?: boolean } = {},
): Promise<FastifyReply> {
  // `download`: always as an attachment. `pdfInline` (the file manager's preview, ADR 046): a PDF inline, run
  // by the browser's own viewer, which a sandboxed document refuses: its CSP drops `sandbox` but still lets
  // nothing load and only this app frame it.
  const isPdfInline = !download && pdfInline && file.mimeType === 'application/pdf';
  const inline = !download && ((IMAGE_TYPES as readonly string[]).includes(file.mimeType) || isPdfInline);
  if (presign && storage.presignedUrl) {
    const url = await storage.presignedUrl(file.storageKey, {
      name: file.name,
      mimeType: file.mimeType,
      inline,
    });
    return reply.header('cache-control', 'no-store').redirect(url, 302);
  }
  const size = await storage.size(file.storageKey);
  if (size === null) throw notFound('File not found');
  const etag = `"${file.storageKey}"`;
  reply
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-security-policy',
      isPdfInline ? "default-src 'none'; frame-ancestors 'self'" : "default-src 'none'; sandbox",
    )
    .header('cache-control', cacheControl)
    .header('etag', etag)
    .header('accept-ranges', 'bytes')
    .header('content-disposition', contentDisposition(file.name, { type: inline ? 'inline' : 'attachment' }))
    .type(file.mimeType.startsWith('text/') ? `${file.mimeType}; charset=utf-8` : file.mimeType);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();

  const header = request.headers.range;
  const ranges = header ? parseRange(size, header, { combine: true }) : null;
  if (ranges === -1) {
    return reply.code(416).header('content-range', `bytes */${size}`).send();
  }
  // A malformed header, another unit or several ranges: the whole file (RFC 9110 allows ignoring Range).
  const range = Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1 ? ranges[0] : null;
  const stream = await storage.read(file.storageKey, range ?? undefined);
  if (!stream) throw notFound('File not found');
  if (range) {
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1)
      .send(stream);
  }
  return reply.header('content-length', size).send(stream);
}
