/** A worker for worker-pool.test.ts: answers with its thread id; `fail` rejects, `exit` ends the thread. */
import { parentPort, threadId } from 'node:worker_threads';

import { serveTasks } from '../lib/worker-pool.ts';

export type EchoTask = { value: string; waitMs?: number; fail?: boolean; exit?: boolean };

if (!parentPort) throw new Error('echo-worker.ts runs as a worker thread');
serveTasks<EchoTask, { value: string; threadId: number }>(parentPort, async (task) => {
  if (task.exit) process.exit(3);
  if (task.waitMs) await new Promise((resolve) => setTimeout(resolve, task.waitMs));
  if (task.fail) throw new Error(`failed: ${task.value}`);
  return { value: task.value, threadId };
});
