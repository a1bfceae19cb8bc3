import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * A small pool of worker threads for CPU-heavy work that must not hold up the event loop (invoice PDFs).
 * The worker is a module that answers each `{ id, task }` message with `{ id, result }` or `{ id, error }`
 * (see `serveTasks`). Threads start on first use, up to `size` (the machine's cores by default), and stop
 * after `idleMs` without work; tasks beyond the threads wait in order. A thread that dies fails its task
 * and is replaced by the next task that needs one.
 *
 * A `.ts` worker runs the way the server does: Node's type stripping (Node ≥ 22.18 / 24), both under
 * `npm start` and under Vitest (which starts workers with the same Node, outside its transform).
 */
export interface WorkerPool<Task, Result> {
  run(task: Task): Promise<Result>;
  /** Threads running now. */
  threads(): number;
  /** Stops every thread; waiting and running tasks fail. */
  close(): Promise<void>;
}

type Job<Task, Result> = {
  id: number;
  task: Task;
  resolve: (result: Result) => void;
  reject: (error: Error) => void;
};
type Thread<Task, Result> = { worker: Worker; job: Job<Task, Result> | null; idle: NodeJS.Timeout | null };
type Answer<Result> = { id: number; result?: Result; error?: string };

export function createWorkerPool<Task, Result>(
  file: URL,
  options: { size?: number; idleMs?: number } = {},
): WorkerPool<Task, Result> {
  const size = Math.max(1, options.size ?? availableParallelism());
  const idleMs = options.idleMs ?? 60_000;
  const threads = new Set<Thread<Task, Result>>();
  const queue: Array<Job<Task, Result>> = [];
  let nextId = 0;
  let closed = false;

  function stop(thread: Thread<Task, Result>) {
    threads.delete(thread);
    if (thread.idle) clearTimeout(thread.idle);
    void thread.worker.terminate();
  }

  function spawn(): Thread<Task, Result> {
    const worker = new Worker(file);
    // An idle thread does not keep the process alive.
    worker.unref();
    const thread: Thread<Task, Result> = { worker, job: null, idle: null };
    worker.on('message', (answer: Answer<Result>) => {
      const job = thread.job;
      if (!job || job.id !== answer.id) return;
      thread.job = null;
      if (answer.error !== undefined) job.reject(new Error(answer.error));
      else job.resolve(answer.result as Result);
      next(thread);
    });
    const fail = (error: Error) => {
      threads.delete(thread);
      if (thread.idle) clearTimeout(thread.idle);
      thread.job?.reject(error);
      thread.job = null;
      // Waiting tasks get a new thread.
      if (!closed && queue.length) dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`Worker thread stopped (exit code ${code})`)));
    threads.add(thread);
    return thread;
  }

  /** Gives `thread` the next waiting task, or lets it idle (and stop after `idleMs`). */
  function next(thread: Thread<Task, Result>) {
    const job = queue.shift();
    if (job) {
      assign(thread, job);
      return;
    }
    thread.worker.unref();
    thread.idle = setTimeout(() => stop(thread), idleMs);
    thread.idle.unref();
  }

  function assign(thread: Thread<Task, Result>, job: Job<Task, Result>) {
    if (thread.idle) clearTimeout(thread.idle);
    thread.idle = null;
    thread.job = job;
    // A thread at work keeps the process alive until it answers.
    thread.worker.ref();
    thread.worker.postMessage({ id: job.id, task: job.task });
  }

  function dispatch() {
    while (queue.length) {
      const free = [...threads].find((thread) => thread.job === null);
      if (free) assign(free, queue.shift()!);
      else if (threads.size < size) assign(spawn(), queue.shift()!);
      else return;
    }
  }

  return {
    run: (task) =>
      new Promise<Result>((resolve, reject) => {
        if (closed) {
          reject(new Error('The worker pool is closed'));
          return;
        }
        queue.push({ id: ++nextId, task, resolve, reject });
        dispatch();
      }),
    threads: () => threads.size,
    close: async () => {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('The worker pool is closed'));
      await Promise.all(
        [...threads].map(async (thread) => {
          threads.delete(thread);
          if (thread.idle) clearTimeout(thread.idle);
          thread.job?.reject(new Error('The worker pool is closed'));
          thread.job = null;
          await thread.worker.terminate();
        }),
      );
    },
  };
}

/** The worker's side: answers each task of the pool with `handle`'s result (or its error's message). */
export function serveTasks<Task, Result>(
  port: { on(event: 'message', listener: (message: { id: number; task: Task }) => void): void } & {
    postMessage(value: unknown): void;
  },
  handle: (task: Task) => Promise<Result>,
): void {
  port.on('message', ({ id, task }) => {
    handle(task).then(
      (result) => port.postMessage({ id, result } satisfies Answer<Result>),
      (error: unknown) =>
        port.postMessage({
          id,
          error: error instanceof Error ? error.message : String(error),
        } satisfies Answer<Result>),
    );
  });
}
