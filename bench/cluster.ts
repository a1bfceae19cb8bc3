/**
 * A small deployment for the reliability suites (issue 32 A: load.ts, faults.ts): N app instances, as
 * `npm start` runs them, on one PostgreSQL database of their own and one DATA_DIR (disk storage shared, as
 * a mounted volume would be), with one JWT secret, behind a round-robin proxy that the script starts in this
 * process. The proxy forwards HTTP with keep-alive and WebSocket upgrades, adds `X-Forwarded-For` (the
 * instances run with TRUST_PROXY=1, so the per-IP limit applies to each client, not to the proxy: issue
 * 31 D), and answers 502 when the instance it picked does not answer (a load balancer's view of an instance
 * that is down). Instances can be killed, stopped gracefully and started again on the same port; the proxy
 * sends requests only to an instance that answered its health check since it started and that is not being
 * stopped, as a load balancer with health checks and deregistration does.
 *
 * The first instance seeds the demo data (SEED_DEMO=true); the demo admin's password is then read from the
 * shared DATA_DIR. Sign-up is open (SIGNUP=open) so the suites register their own people.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { freePort, root } from './bench-server.ts';

export interface Instance {
  readonly index: number;
  readonly port: number;
  readonly base: string;
  /** Whether the process is running (started and not exited), booting and closing included. */
  readonly up: boolean;
  /** Whether the proxy sends it requests: from a health check answered after start() until drained or gone. */
  readonly inRotation: boolean;
  /** Starts the process (again) on the same port; in rotation once /api/health answers. */
  start(): Promise<void>;
  /**
   * SIGKILL, unannounced: requests in flight are cut, and the proxy learns it when the process is gone, as a
   * load balancer does from a failed connection. Resolves once the process has exited.
   */
  kill(): Promise<void>;
  /**
   * A rolling restart's stop: out of rotation first (a load balancer's deregistration), `DRAIN_MS` for the
   * requests already sent to arrive, then SIGTERM (answers what it accepted, closes sockets with 1001).
   * Resolves on exit.
   */
  stop(): Promise<void>;
}

export interface Cluster {
  /** The proxy's address, http://127.0.0.1:port (ws:// for sockets). */
  base: string;
  instances: Instance[];
  /** The cluster's database (for checks after a run). */
  databaseUrl: string;
  dataDir: string;
  demoAdmin: { email: string; password: string };
  /** Requests the proxy answered 502 because the instance it picked was down. */
  proxyErrors(): number;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** The database `atrium_bench_<name>`, dropped and made anew. */
  name: string;
  instances?: number;
  /** More environment for every instance. */
  env?: Record<string, string>;
}

/** How long a stopping instance is out of rotation before its SIGTERM. */
const DRAIN_MS = 500;

const pgServerUrl = () => process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs `statements` in order on the bench's PostgreSQL server (outside any database of the cluster). */
async function onServer(...statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: pgServerUrl() });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

const dropDatabase = (name: string) => onServer(`drop database if exists ${name} with (force)`);

/** Makes the database `name` anew on the bench's PostgreSQL server; returns its URL. */
async function freshDatabase(name: string): Promise<string> {
  await onServer(`drop database if exists ${name} with (force)`, `create database ${name}`);
  const url = new URL(pgServerUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const count = options.instances ?? 2;
  const databaseUrl = await freshDatabase(`atrium_bench_${options.name}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `atrium-bench-${options.name}-`));
  const jwtSecret = randomBytes(32).toString('hex');
  const inherited = { ...process.env };
  delete inherited.PUBLIC_URL;
  delete inherited.DATABASE_URL;

  // A script that crashes must not leave its instances running.
  const children = new Set<ChildProcess>();
  process.once('exit', () => {
    for (const running of children) running.kill('SIGKILL');
  });

  const instances: Instance[] = [];
  for (let index = 0; index < count; index++) {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let child: ChildProcess | undefined;
    let exited: Promise<void> = Promise.resolve();
    let inRotation = false;
    const instance: Instance = {
      index,
      port,
      base,
      get up() {
        return child !== undefined && child.exitCode === null && child.signalCode === null;
      },
      get inRotation() {
        return inRotation && instance.up;
      },
      async start() {
        if (instance.up) return;
        child = spawn('node_modules/.bin/node', ['src/server/server.ts'], {
          cwd: root,
          env: {
            ...inherited,
            NODE_ENV: 'production',
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: dataDir,
            DATABASE_URL: databaseUrl,
            JWT_SECRET: jwtSecret,
            SEED_DEMO: index === 0 ? 'true' : 'false',
            SIGNUP: 'open',
            TRUST_PROXY: '1',
            LOG_LEVEL: 'warn',
            ...options.env,
          },
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        const running = child;
        children.add(running);
        exited = new Promise((resolve) =>
          running.once('exit', () => {
            children.delete(running);
            inRotation = false;
            resolve();
          }),
        );
        for (let i = 0; ; i++) {
          if (!instance.up) throw new Error(`Instance ${index} exited while starting (${running.exitCode})`);
          if (i > 1200) throw new Error(`Instance ${index} did not answer /api/health within 120 s`);
          const ok = await fetch(`${base}/api/health`).then(
            (res) => res.ok,
            () => false,
          );
          if (ok) {
            inRotation = true;
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      },
      async kill() {
        if (instance.up) child?.kill('SIGKILL');
        await exited;
      },
      async stop() {
        if (!instance.up) return;
        inRotation = false;
        await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
        child?.kill('SIGTERM');
        await exited;
      },
    };
    instances.push(instance);
  }

  // The first seeds the workspace; the others start on it, side by side.
  await instances[0]!.start();
  await Promise.all(instances.slice(1).map((instance) => instance.start()));

  const proxy = startProxy(instances);
  const proxyPort = await new Promise<number>((resolve) =>
    proxy.server.listen(0, '127.0.0.1', () => {
      const address = proxy.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    }),
  );
  const password = fs.readFileSync(path.join(dataDir, 'demo-password'), 'utf8').trim();
  const { DEMO_ADMIN } = await import('../src/server/db/seed/seed.ts');

  return {
    base: `http://127.0.0.1:${proxyPort}`,
    instances,
    databaseUrl,
    dataDir,
    demoAdmin: { email: DEMO_ADMIN.email, password },
    proxyErrors: () => proxy.errors,
    async stop() {
      proxy.server.closeAllConnections();
      await new Promise((resolve) => proxy.server.close(resolve));
      proxy.agent.destroy();
      await Promise.all(instances.map((instance) => instance.stop()));
      await dropDatabase(`atrium_bench_${options.name}`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The round-robin proxy: each request (and each WebSocket upgrade) goes to the next instance in rotation.
 * `X-Bench-Client` (a client's made-up address) becomes `X-Forwarded-For`, so each simulated person is
 * limited as one client; without it, the connecting address is forwarded.
 */
function startProxy(instances: Instance[]): { server: http.Server; agent: http.Agent; errors: number } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  const pick = (): Instance => {
    for (let i = 0; i < instances.length; i++) {
      const instance = instances[next++ % instances.length]!;
      if (instance.inRotation) return instance;
    }
    return instances[next++ % instances.length]!;
  };
  const forwardedFor = (req: http.IncomingMessage) =>
    String(req.headers['x-bench-client'] ?? req.socket.remoteAddress ?? '127.0.0.1');
  const state = { server: undefined as unknown as http.Server, agent, errors: 0 };

  state.server = http.createServer((req, res) => {
    const target = pick();
    const headers: http.OutgoingHttpHeaders = { ...req.headers, 'x-forwarded-for': forwardedFor(req) };
    delete headers['x-bench-client'];
    const upstream = http.request(
      { host: '127.0.0.1', port: target.port, method: req.method, path: req.url, headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      state.errors++;
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'The instance did not answer' }));
      } else res.destroy();
    });
    req.pipe(upstream);
  });

  state.server.on('upgrade', (req, socket, head) => {
    const target = pick();
    const upstream = net.connect(target.port, '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        const name = req.rawHeaders[i]!;
        if (/^x-(bench-client|forwarded-for)$/i.test(name)) continue;
        lines.push(`${name}: ${req.rawHeaders[i + 1]}`);
      }
      lines.push(`X-Forwarded-For: ${forwardedFor(req)}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    const close = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.on('error', () => {
      state.errors++;
      close();
    });
    upstream.on('close', close);
    socket.on('error', close);
    socket.on('close', close);
  });
  return state;
}
