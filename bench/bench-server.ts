/**
 * The app as `npm start` runs it, for the browser benchmarks (first-load.ts, lighthouse.ts): builds the web
 * app when dist/ is missing, starts the server on a free port and an empty embedded database (no demo data:
 * the first account registered becomes the admin), and stops it and removes its data afterwards.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function ensureBuilt(): void {
  const built = ['dist/index.html', 'dist-ssr/entry-server.js'].every((file) =>
    fs.existsSync(path.join(root, file)),
  );
  if (built) return;
  console.log('dist/ or dist-ssr/ not built: building the web app first.');
  const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export type BenchServer = {
  base: string;
  /** The server's DATA_DIR (with SEED_DEMO=true it holds the demo admin's password: `demo-password`). */
  dataDir: string;
  /** The server process's id (bench/files.ts watches its memory). */
  pid: number;
  /** Registers an account through the API and returns its access token (the first one is the admin). */
  register: (firstName: string, lastName: string) => Promise<string>;
  stop: () => Promise<void>;
};

export async function startBenchServer(env: NodeJS.ProcessEnv = {}): Promise<BenchServer> {
  ensureBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000',
    ...env,
  };
  delete serverEnv.DATABASE_URL;
  delete serverEnv.PUBLIC_URL;
  const server = spawn(process.execPath, ['src/server/server.ts'], {
    cwd: root,
    env: serverEnv,
    stdio: 'inherit',
  });
  let exited = false;
  server.once('exit', () => (exited = true));
  const stop = async () => {
    if (!exited) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    for (let i = 0; ; i++) {
      if (exited) throw new Error('The server exited before it answered');
      if (i > 600) throw new Error('The server did not answer /api/health within 60 s');
      const ok = await fetch(`${base}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }

  const password = `bench-${Date.now()}-lantern-harbour`;
  const register = async (first: string, last: string) => {
    const email = `${first}.${last}.${Date.now()}@bench.atrium.test`.toLowerCase();
    const res = await fetch(`${base}/api/account/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, firstName: first, lastName: last }),
    });
    if (!res.ok) throw new Error(`register ${email}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { accessToken: string }).accessToken;
  };
  return { base, dataDir, pid: server.pid!, register, stop };
}
