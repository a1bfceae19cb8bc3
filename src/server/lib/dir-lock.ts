import fs from 'node:fs';
import path from 'node:path';

export interface DirLock {
  release(): void;
}

export class DirLockedError extends Error {
  /** The process that holds the directory. */
  readonly pid: number;

  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is already in use by another Atrium process (pid ${pid}). ` +
        'Stop that process first, or give this one its own DATA_DIR (or a DATABASE_URL).',
    );
    this.name = 'DirLockedError';
    this.pid = pid;
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

let bootId: string | undefined;

/**
 * What tells one process from a later one with the same pid: the boot and the start time in clock ticks
 * (Linux /proc). Undefined where the system does not say (the pid alone is then trusted).
 */
export function processIdentity(pid: number): string | undefined {
  try {
    bootId ??= fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3; starttime is field 22.
    const startTicks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return startTicks ? `${bootId}:${startTicks}` : undefined;
  } catch {
    return undefined;
  }
}

/** `<pid>\n<identity>`: the first line alone is what older versions wrote. */
function parseLock(text: string): { pid: number; identity: string | undefined } {
  const [pidLine, identity] = text.split('\n');
  return { pid: Number.parseInt(pidLine ?? '', 10), identity: identity?.trim() || undefined };
}

/** Whether the process that wrote the lock still runs: same pid, and (where known) the same start. */
function holderRuns(lock: { pid: number; identity: string | undefined }): boolean {
  if (!Number.isInteger(lock.pid) || lock.pid <= 0 || !isAlive(lock.pid)) return false;
  if (!lock.identity) return true;
  const now = processIdentity(lock.pid);
  return now === undefined || now === lock.identity;
}

/**
 * An exclusive lock on a directory through a file created with O_EXCL holding the pid and the process's
 * start identity. A lock whose process no longer runs is taken over, also when a new process got the same
 * pid (PID 1 in a restarted container): a stale lock never blocks a start (issue 8 §4.6).
 */
export function acquireDirLock(dir: string): DirLock {
  const file = path.join(dir, '.atrium.lock');
  const content = `${process.pid}\n${processIdentity(process.pid) ?? ''}`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, content, { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8') === content) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const lock = parseLock(fs.readFileSync(file, 'utf8'));
      if (holderRuns(lock)) throw new DirLockedError(dir, lock.pid);
      fs.rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
