/**
 * `npm run dev`: the API with hot reload on API_PORT (3000) and Vite on 5173, proxying /api to it.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = process.env.API_PORT ?? '3000';

const children = [
  spawn(process.execPath, ['--watch-path=src/server', '--watch-path=src/shared', 'src/server/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    // Debug by default: without SMTP_URL, mailed codes are logged at debug level only.
    env: { LOG_LEVEL: 'debug', ...process.env, PORT: apiPort, NODE_ENV: 'development', HOST: '127.0.0.1' },
  }),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
