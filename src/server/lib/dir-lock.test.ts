import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { openPglite } from '../db/client.ts';
import { acquireDirLock, DirLockedError, processIdentity } from './dir-lock.ts';

const LOCK_FILE = '.atrium.lock';
const dirLockModule = fileURLToPath(new URL('./dir-lock.ts', import.meta.url));

let dir: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-lock-'));
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

const lockPath = () => path.join(dir, LOCK_FILE);
/** The pid the lock file names (its first line). */
const lockPid = () => fs.readFileSync(lockPath(), 'utf8').split('\n')[0];

/** The pid of a process that has already exited. */
function deadPid(): number {
  const result = spawnSync(process.execPath, ['-e', '']);
  expect(result.status).toBe(0);
  return result.pid;
}

/** Starts another Node process that takes the lock on `dir` and keeps running; resolves once it holds it. */
async function lockFromOtherProcess(): Promise<ChildProcess> {
  const script = `
    const { acquireDirLock } = await import(${JSON.stringify(dirLockModule)});
    acquireDirLock(${JSON.stringify(dir)});
    console.log('locked');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`lock holder exited with ${code}: ${stderr}`)));
  });
  return child;
}

describe('acquireDirLock', () => {
  it('writes a pid file and removes it on release', () => {
    const lock = acquireDirLock(dir);
    expect(lockPid()).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(lockPath())).toBe(false);
    // Releasing twice is harmless, and the directory can be locked again.
    lock.release();
    acquireDirLock(dir).release();
  });

  it('refuses a second lock on the same directory with a clear message', () => {
    const lock = acquireDirLock(dir);
    try {
      let error: unknown;
      try {
        acquireDirLock(dir);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(DirLockedError);
      const message = (error as Error).message;
      expect(message).toContain(dir);
      expect(message).toContain(String(process.pid));
      expect(message).toMatch(/already in use/);
      expect(message).toMatch(/DATA_DIR|DATABASE_URL/);
      // The holder's lock is untouched.
      expect(lockPid()).toBe(String(process.pid));
    } finally {
      lock.release();
    }
  });

  it('refuses a lock held by another running process, and takes it over once that process is killed', async () => {
    const holder = await lockFromOtherProcess();
    expect(lockPid()).toBe(String(holder.pid));
    expect(() => acquireDirLock(dir)).toThrow(DirLockedError);
    expect(() => acquireDirLock(dir)).toThrow(String(holder.pid));

    const exited = new Promise((resolve) => holder.once('exit', resolve));
    holder.kill('SIGKILL');
    await exited;
    const lock = acquireDirLock(dir);
    expect(lockPid()).toBe(String(process.pid));
    lock.release();
  });

  it('takes over a stale lock left by a dead process', () => {
    fs.writeFileSync(lockPath(), String(deadPid()));
    const lock = acquireDirLock(dir);
    expect(lockPid()).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(lockPath())).toBe(false);
  });

  it('takes over a lock left by an earlier process that had the same pid (PID 1 after a container restart)', () => {
    expect(processIdentity(process.pid)).toBeTruthy();
    fs.writeFileSync(lockPath(), `${process.pid}\n${processIdentity(process.pid)}-earlier-start`);
    const lock = acquireDirLock(dir);
    expect(fs.readFileSync(lockPath(), 'utf8')).toBe(`${process.pid}\n${processIdentity(process.pid)}`);
    lock.release();
  });

  it('takes over a lock whose pid now belongs to another, later process', async () => {
    const other = await lockFromOtherProcess();
    fs.writeFileSync(lockPath(), `${other.pid}\nsome-boot:1`);
    const lock = acquireDirLock(dir);
    expect(lockPid()).toBe(String(process.pid));
    lock.release();
  });

  it('still honours a lock in the old format (pid only) while that process runs', async () => {
    const holder = await lockFromOtherProcess();
    fs.writeFileSync(lockPath(), String(holder.pid));
    expect(() => acquireDirLock(dir)).toThrow(DirLockedError);
  });

  it('does not delete a lock file that another process has taken over', () => {
    const lock = acquireDirLock(dir);
    fs.writeFileSync(lockPath(), '999999');
    lock.release();
    expect(fs.readFileSync(lockPath(), 'utf8')).toBe('999999');
  });
});

describe('openPglite on a data directory', () => {
  it('refuses a second open of the same directory and allows it after close', async () => {
    const dataDir = path.join(dir, 'pglite');
    const first = await openPglite(dataDir);
    try {
      await expect(openPglite(dataDir)).rejects.toBeInstanceOf(DirLockedError);
      expect(await first.ping()).toBe(true);
    } finally {
      await first.close();
    }
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    const again = await openPglite(dataDir);
    expect(await again.ping()).toBe(true);
    await again.close();
  }, 120_000); // two PGlite starts on disk: slow on a loaded 2-core machine
});
