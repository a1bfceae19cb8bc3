import fs from 'node:fs';
import path from 'node:path';

export interface DirLock {
  release(): void;
}

export class DirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is already in use by another Atrium process (pid ${pid}). ` +
        'Stop that process first, or give this one its own DATA_DIR (or a DATABASE_URL).',
    );
    this.name = 'DirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * An exclusive lock on a directory through a pid file created with O_EXCL. A lock left by a process that
 * no longer runs is taken over.
 */
export function acquireDirLock(dir: string): DirLock {
  const file = path.join(dir, '.atrium.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) throw new DirLockedError(dir, pid);
      if (pid === process.pid) throw new DirLockedError(dir, pid);
      fs.rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
