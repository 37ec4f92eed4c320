import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `La carpeta de datos ${dataDir} ya está en uso por otro proceso de Odontia (PID ${pid}). ` +
        'PGlite admite un solo proceso: detén el otro o usa otro DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** Who wrote a lock: the PID, and what tells that PID's process apart from a later one with the same PID. */
export type LockOwner = {
  pid: number;
  /** Start time of the process, in clock ticks after boot (/proc/<pid>/stat, field 22); Linux only. */
  start?: string;
  /** /proc/sys/kernel/random/boot_id when the lock was taken: after a reboot every PID is new. */
  boot?: string;
};

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** The process's start time, or null where there is no /proc (or the process is gone). */
export function processStartTime(pid: number): string | null {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return null;
  // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null; // Field 22 overall.
}

const bootId = () => readText('/proc/sys/kernel/random/boot_id')?.trim() ?? null;

export function currentLockOwner(): LockOwner {
  return { pid: process.pid, start: processStartTime(process.pid) ?? undefined, boot: bootId() ?? undefined };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseOwner(text: string): LockOwner | null {
  try {
    const owner = JSON.parse(text) as LockOwner;
    return Number.isInteger(owner.pid) && owner.pid > 0 ? owner : null;
  } catch {
    // Older locks held the PID alone.
    const pid = Number.parseInt(text.trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? { pid } : null;
  }
}

/**
 * Whether the process that wrote the lock still runs. A live PID is not enough: after a crash, or a
 * container restart where PIDs start again from 1, the lock's PID may now belong to another process.
 * On Linux the lock records its process's start time, and only a process with that PID *and* that
 * start time (and the same boot) is the holder. Elsewhere a live PID is believed.
 */
export function isHeldBy(owner: LockOwner): boolean {
  if (owner.pid === process.pid || !isAlive(owner.pid)) return false;
  const start = processStartTime(owner.pid);
  if (start === null) return true; // No /proc: cannot tell, so the data is protected.
  const boot = bootId();
  if (owner.boot && boot && owner.boot !== boot) return false;
  if (owner.start) return owner.start === start;
  // A lock from an older Odontia (PID only): believed only if that PID is a Node.js process.
  return (readText(`/proc/${owner.pid}/cmdline`) ?? '')
    .split('\0')
    .some((arg) => /(^|\/)node(\.exe)?$/.test(arg) || arg.includes('odontia'));
}

/**
 * Removes a lock judged stale from its content `seen`. It is moved aside first and checked: if
 * another process replaced it meanwhile (with its own, live lock), that one is put back.
 */
function takeOverStaleLock(file: string, seen: string): void {
  const aside = `${file}.stale.${process.pid}.${randomUUID()}`;
  try {
    renameSync(file, aside);
  } catch {
    return; // Another process removed it first; try again.
  }
  if (readText(aside) !== seen) {
    try {
      linkSync(aside, file);
    } catch {
      // A newer lock is already in place; it decides.
    }
  }
  rmSync(aside, { force: true });
}

/**
 * Takes the exclusive lock on an embedded database folder. PGlite has no lock of its own and two
 * processes on one folder silently lose rows, so the second process must refuse to start.
 * The lock file appears atomically (hard link); one left behind by a process that no longer runs (see
 * isHeldBy) is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'odontia.lock');
  const me = currentLockOwner();
  const mine = JSON.stringify(me);
  for (let attempt = 0; attempt < 3; attempt++) {
    // The lock appears whole or not at all: written to a private file, then hard-linked into place
    // (fails with EEXIST if a lock exists), so no process ever reads a half-written lock.
    const draft = `${file}.${process.pid}.${randomUUID()}`;
    writeFileSync(draft, mine, { mode: 0o600 });
    try {
      linkSync(draft, file);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8') === mine) unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const seen = readText(file) ?? '';
      const owner = parseOwner(seen);
      if (owner && isHeldBy(owner)) throw new DataDirLockedError(dataDir, owner.pid);
      takeOverStaleLock(file, seen);
    } finally {
      rmSync(draft, { force: true });
    }
  }
  throw new Error(`No se pudo bloquear la carpeta de datos ${dataDir}`);
}
