import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

import { precompress } from './scripts/vite-precompress.ts';

const apiPort = process.env.API_PORT ?? '3000';

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 800,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${apiPort}`, ws: true } },
  },
});
