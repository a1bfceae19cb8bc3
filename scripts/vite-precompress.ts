/**
 * Build-time compression (issue #8 §1, ADR 011): after `vite build`, writes `<file>.br` (brotli, quality
 * 11) and `<file>.gz` (gzip, level 9) beside every compressible file of the output folder above
 * MIN_BYTES, so the server sends them as they are (`@fastify/static` `preCompressed`) and spends no CPU
 * per request on static files. A variant that would not save at least 5 % is not written.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

import type { Plugin, ResolvedConfig } from 'vite';

/** Smaller files gain less from compression than the extra header and the Vary costs. */
export const MIN_BYTES = 1024;
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map|ico|wasm)$/i;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface PrecompressResult {
  files: number;
  rawBytes: number;
  brBytes: number;
  gzBytes: number;
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    // dist/.vite (the build manifest) is tooling output, never served.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

async function compressFile(file: string, result: PrecompressResult): Promise<void> {
  const raw = await fs.readFile(file);
  if (raw.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  const worthIt = (compressed: Buffer) => compressed.length < raw.length * 0.95;
  if (worthIt(br)) await fs.writeFile(`${file}.br`, br);
  if (worthIt(gz)) await fs.writeFile(`${file}.gz`, gz);
  result.files++;
  result.rawBytes += raw.length;
  result.brBytes += worthIt(br) ? br.length : raw.length;
  result.gzBytes += worthIt(gz) ? gz.length : raw.length;
}

/** Writes the .br and .gz variants for every compressible file under `dir` (two files at a time). */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, rawBytes: 0, brBytes: 0, gzBytes: 0 };
  const queue: string[] = [];
  for await (const file of walk(dir)) if (COMPRESSIBLE.test(file)) queue.push(file);
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) await compressFile(file, result);
  };
  await Promise.all([worker(), worker()]);
  return result;
}

/** Vite plugin: precompresses the output folder once the build is written. */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'atrium:precompress',
    apply: 'build',
    // The browser's files only: the server's render (dist-ssr/) is read from disk, never sent.
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      if (!(await fs.stat(outDir).catch(() => null))?.isDirectory()) return; // the build failed
      const started = performance.now();
      const r = await precompressDir(outDir);
      const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
      config.logger.info(
        `precompressed ${r.files} files: ${kib(r.rawBytes)} → ${kib(r.brBytes)} br, ${kib(r.gzBytes)} gz ` +
          `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
    },
  };
}
