import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Smaller responses (most API answers) go out as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Compresses API responses of at least COMPRESS_THRESHOLD bytes per request, cheaply (ADR 011): gzip (or
 * deflate) at level 1. Brotli is not offered: at quality 4 it costs 2–3 times the CPU of gzip 1 for about
 * 15 % fewer bytes on a users page. Static files are not touched: they are precompressed at build time and
 * registered before this hook (plugins/web-app.ts); a reply that already has a Content-Encoding is passed
 * through. Request bodies are not decompressed (no new input format to check).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['gzip', 'deflate'],
    zlibOptions: { level: 1 },
    // Compress in one synchronous call up to 64 KiB (a users page is ~10 KiB, ~40 µs at level 1) rather than
    // through a zlib stream on the thread pool: the stream's setup costs more than the compression here.
    syncThreshold: 64 * 1024,
  });
}
