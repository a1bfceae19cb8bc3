import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

import { precompress } from './scripts/vite-precompress.ts';

const apiPort = process.env.API_PORT ?? '3000';

/**
 * How many chunks the client is split into on demand: one per `import('…')` in its code (route pages,
 * dialogs, drawers, texts), tests aside. The common chunk's threshold follows it (below).
 */
function lazyChunkCount(dir = 'src/client'): number {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) count += lazyChunkCount(path);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      count += readFileSync(path, 'utf8').match(/\bimport\(\s*['"`]/g)?.length ?? 0;
    }
  }
  return count;
}

/**
 * A module joins the common chunk when this share of the on-demand chunks import it (ADR 028): a share,
 * not a fixed count, so adding areas does not pull more and more modules into every page's first load.
 */
const COMMON_CHUNK_SHARE = 0.5;

export default defineConfig({
  plugins: [react(), precompress()],
  // `vite build` builds the browser's app into dist/, then the server's render of the sign-in and public
  // pages (src/client/entry-server.tsx, issue 31 A, ADR 060) for Node into dist-ssr/: outside dist/, so it
  // is never served as a file.
  builder: {
    buildApp: async (builder) => {
      for (const name of ['client', 'ssr']) {
        const environment = builder.environments[name];
        if (environment) await builder.build(environment);
      }
    },
  },
  environments: {
    ssr: {
      // Every library is bundled in: the server loads one file and needs nothing of the browser's build.
      resolve: { noExternal: true },
      // React, Emotion and MUI in their production builds, as in the browser (the same class names: a
      // development build labels them, and the hydration would not match).
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: 'dist-ssr',
        emptyOutDir: true,
        manifest: false,
        copyPublicDir: false,
        rolldownOptions: {
          input: 'src/client/entry-server.tsx',
          output: { codeSplitting: false },
        },
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: scripts/check-budgets.ts computes each page's first-load bytes from it.
    manifest: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Small shared chunks (MUI pieces, hooks, helpers two route chunks share) are copied into the chunks
          // that use them instead of being files of their own: the users list loads ~20 files instead of 74,
          // which on a slow connection (6 connections per host over HTTP/1.1, a round trip each) is what the
          // first paint waited for. A registry in rolldown's runtime keeps one state per module (ADR 010).
          experimentalInlineCommonChunks: { maxSize: 32 * 1024 },
          groups: [
            // Every library the entry needs, in one file (not 20 small ones): fewer requests on a cold load.
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 3 },
            // The MUI core pieces and app modules most pages share (Paper, IconButton, InputBase, Alert,
            // paths, api-client…) in one file instead of a dozen tiny ones: fewer requests, no more bytes
            // (issue #8 §2). Only modules that half of the on-demand chunks import, so route-level components
            // and libraries (data grid, pickers) stay where they are.
            {
              name: 'common',
              test: /[\\/]node_modules[\\/]@mui[\\/](material|system|utils)[\\/]|[\\/]src[\\/]client[\\/](components|lib|config)[\\/]/,
              minShareCount: Math.ceil(lazyChunkCount() * COMMON_CHUNK_SHARE),
              priority: 2,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${apiPort}`, ws: true } },
  },
});
