import { threadId } from 'node:worker_threads';

import { describe, expect, it } from 'vitest';

import type { EchoTask } from '../testing/echo-worker.ts';
import { createWorkerPool } from './worker-pool.ts';

const echo = new URL('../testing/echo-worker.ts', import.meta.url);
type Echo = { value: string; threadId: number };

describe('worker pool', () => {
  it('runs TypeScript tasks on worker threads, never more threads than its size', async () => {
    const pool = createWorkerPool<EchoTask, Echo>(echo, { size: 2 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => pool.run({ value: `v${i}`, waitMs: 20 })),
    );
    expect(answers.map((a) => a.value)).toEqual(['v0', 'v1', 'v2', 'v3', 'v4', 'v5']);
    const threads = new Set(answers.map((a) => a.threadId));
    expect(threads.has(threadId)).toBe(false);
    expect(threads.size).toBeLessThanOrEqual(2);
    expect(pool.threads()).toBeLessThanOrEqual(2);
    await pool.close();
    await expect(pool.run({ value: 'late' })).rejects.toThrow('closed');
  });

  it('fails a task whose work throws, and replaces a thread that dies', async () => {
    const pool = createWorkerPool<EchoTask, Echo>(echo, { size: 1 });
    await expect(pool.run({ value: 'x', fail: true })).rejects.toThrow('failed: x');
    const before = (await pool.run({ value: 'a' })).threadId;
    await expect(pool.run({ value: 'b', exit: true })).rejects.toThrow(/stopped/);
    const after = await pool.run({ value: 'c' });
    expect(after.value).toBe('c');
    expect(after.threadId).not.toBe(before);
    await pool.close();
  });

  it('stops idle threads', async () => {
    const pool = createWorkerPool<EchoTask, Echo>(echo, { size: 1, idleMs: 10 });
    await pool.run({ value: 'a' });
    await expect.poll(() => pool.threads()).toBe(0);
    expect((await pool.run({ value: 'b' })).value).toBe('b');
    await pool.close();
  });
});
