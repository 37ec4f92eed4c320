import { randomUUID } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly host?: string,
  ) {
    super(
      `La carpeta de datos ${dataDir} ya está en uso por otro proceso de Odontia (PID ${pid}` +
        `${host && host !== os.hostname() ? ` en «${host}»` : ''}). ` +
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
  /** The PID namespace (`pid:[4026531836]`): a PID means something only inside its own namespace. */
  ns?: string;
  /** The host name (a container's own, in a container): for the message only. */
  host?: string;
  /** Random, one per lock taken: the holder recognises its own lock by it. Older locks have none. */
  token?: string;
};

/**
 * How the holder keeps its lock fresh: it touches the lock file every `refreshMs`, and a lock whose
 * holder cannot be checked from here (another PID namespace or host) is held as long as it is seen
 * touched within `staleMs`. Tests shorten both.
 */
export const LOCK_TIMING = { refreshMs: 2000, staleMs: 10_000, pollMs: 200 };

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** The process's start time, or null where there is no /proc (or the process is gone). */
export function processStartTime(pid: number | 'self'): string | null {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return null;
  // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null; // Field 22 overall.
}

const bootId = () => readText('/proc/sys/kernel/random/boot_id')?.trim() ?? null;

function pidNamespace(): string | null {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return null;
  }
}

/**
 * Whether /proc shows this process's own PID namespace. It does not inside `unshare --pid` without
 * `--mount-proc`: /proc/<pid> then names processes of another namespace, and no PID can be checked.
 */
function procIsOurs(): boolean {
  const stat = readText('/proc/self/stat');
  return stat !== null && Number.parseInt(stat, 10) === process.pid;
}

export function currentLockOwner(): LockOwner {
  return {
    pid: process.pid,
    start: processStartTime('self') ?? undefined,
    boot: bootId() ?? undefined,
    ns: pidNamespace() ?? undefined,
    host: os.hostname(),
    token: randomUUID(),
  };
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
 * Whether the process that wrote the lock still runs, judged by its PID: only meaningful when that PID
 * is one of this PID namespace on this boot (see canCheckPid). A live PID is not enough: after a
 * crash, or a container restart where PIDs start again from 1, the lock's PID may now belong to
 * another process. On Linux the lock records its process's start time, and only a process with that
 * PID *and* that start time is the holder. Elsewhere a live PID is believed.
 */
export function isHeldBy(owner: LockOwner): boolean {
  // Our own PID: another lock of this very process (same start time), or of an earlier process that had it.
  if (owner.pid === process.pid) return !!owner.token && owner.start === processStartTime('self');
  if (!isAlive(owner.pid)) return false;
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
 * Whether the lock's PID can be checked from here: written in this PID namespace, on this boot, and
 * /proc shows this namespace. (A namespace's number is reused only once that namespace is gone: a lock
 * from a dead container whose number a new one got is then judged here, and found stale at once.)
 * Locks of older versions (no token: they are never refreshed) are judged by their PID as they always were.
 */
function canCheckPid(owner: LockOwner): boolean {
  if (!owner.token) return true;
  const boot = bootId();
  const ns = pidNamespace();
  return !!owner.ns && owner.ns === ns && !!owner.boot && owner.boot === boot && procIsOurs();
}

/** The lock's content and modification time, read through a fresh open (which a network file system revalidates). */
type Seen = { content: string; mtimeMs: number };
function readLock(file: string): Seen | null {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    return { mtimeMs: fstatSync(fd).mtimeMs, content: readFileSync(fd, 'utf8') };
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Watches a lock whose holder cannot be checked by PID: held if it is touched (or replaced) within the
 * stale window, stale if not, gone if it disappears. Clocks are never compared (another host's may be
 * off): only whether the file changes while we look.
 */
async function watch(file: string, seen: Seen): Promise<'held' | 'stale' | 'gone'> {
  const deadline = Date.now() + LOCK_TIMING.staleMs;
  while (Date.now() < deadline) {
    await sleep(LOCK_TIMING.pollMs);
    const now = readLock(file);
    if (!now) return 'gone';
    if (now.content !== seen.content || now.mtimeMs !== seen.mtimeMs) return 'held';
  }
  return 'stale';
}

/**
 * Removes a lock judged stale from what was `seen`. It is moved aside first and checked: if its holder
 * touched it after all, or another process replaced it meanwhile, that one is put back.
 */
function takeOverStaleLock(file: string, seen: Seen): void {
  const aside = `${file}.stale.${process.pid}.${randomUUID()}`;
  try {
    renameSync(file, aside);
  } catch {
    return; // Another process removed it first; try again.
  }
  const moved = readLock(aside);
  if (!moved || moved.content !== seen.content || moved.mtimeMs !== seen.mtimeMs) {
    try {
      linkSync(aside, file);
    } catch {
      // A newer lock is already in place; it decides.
    }
  }
  rmSync(aside, { force: true });
}

/**
 * Keeps the lock fresh from a worker thread, so that a main thread busy for seconds (a long migration
 * on PGlite, which runs in it) never lets it look abandoned. Each touch first checks that the lock is
 * still ours; when it is not (another process took it over after a long silence), it says 'lost'.
 */
const HEARTBEAT = `
const { openSync, readFileSync, futimesSync, closeSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const { file, mine, refreshMs } = workerData;
const lost = () => {
  clearInterval(timer);
  parentPort.postMessage('lost');
};
const timer = setInterval(() => {
  let fd;
  try {
    fd = openSync(file, 'r');
    if (readFileSync(fd, 'utf8') !== mine) return lost();
    const now = new Date();
    futimesSync(fd, now, now);
  } catch (error) {
    // Gone: no longer ours. Any other error (a volume that hiccups): try again next time.
    if (error.code === 'ENOENT') lost();
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}, refreshMs);
`;

/** What the server says about the lock, in Spanish, when it has to wait for it or loses it. */
export const LOCK_MESSAGES = {
  waiting: (dataDir: string, owner: LockOwner) =>
    `La carpeta de datos ${dataDir} tiene el bloqueo de un proceso de Odontia (PID ${owner.pid}` +
    `${owner.host ? ` en «${owner.host}»` : ''}) de otro contenedor o equipo, que no se puede comprobar desde aquí: ` +
    `se espera hasta ${Math.round(LOCK_TIMING.staleMs / 1000)} s a ver si sigue activo.`,
  lost: (dataDir: string) =>
    `Odontia ya no tiene el bloqueo de la carpeta de datos ${dataDir} (otro proceso lo ha tomado, o no se ` +
    'pudo renovar): se detiene para no perder datos.',
};

export type LockOptions = {
  /**
   * The lock was taken over by another process (it looked abandoned), or, with `error`, its heartbeat
   * failed: stop using the folder at once.
   */
  onLost: (error?: Error) => void;
  /** The holder must be watched (another PID namespace or host): called once, before waiting up to `staleMs`. */
  onWait?: (owner: LockOwner) => void;
};

/**
 * Takes the exclusive lock on an embedded database folder. PGlite has no lock of its own and two
 * processes on one folder silently lose rows, so the second process must refuse to start.
 *
 * The lock file appears atomically (hard link). Its holder touches it every few seconds from a worker
 * thread, and removes it on a clean stop. A lock found in place is judged by its PID when that PID
 * means something here (same PID namespace, same boot: canCheckPid, isHeldBy), so a crash is recovered at once;
 * otherwise (another container, whose PIDs repeat ours, or another host sharing the volume) it is
 * watched, and it is held as long as it is seen touched: one that stays untouched for `staleMs`
 * (a crash, `kill -9`) is taken over.
 */
export async function acquireDataDirLock(dataDir: string, options: LockOptions): Promise<() => void> {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'odontia.lock');
  const me = currentLockOwner();
  const mine = JSON.stringify(me);
  let waited = false;
  for (let attempt = 0; attempt < 5; attempt++) {
    // The lock appears whole or not at all: written to a private file, then hard-linked into place
    // (fails with EEXIST if a lock exists), so no process ever reads a half-written lock.
    const draft = `${file}.${process.pid}.${randomUUID()}`;
    writeFileSync(draft, mine, { mode: 0o600 });
    try {
      linkSync(draft, file);
      return keepFresh(file, mine, options.onLost);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(draft, { force: true });
    }
    const seen = readLock(file);
    if (!seen) continue; // Released meanwhile: try again.
    const owner = parseOwner(seen.content);
    if (owner && canCheckPid(owner)) {
      if (isHeldBy(owner)) throw new DataDirLockedError(dataDir, owner.pid, owner.host);
    } else if (owner) {
      if (!waited) options.onWait?.(owner);
      waited = true;
      const verdict = await watch(file, seen);
      if (verdict === 'held') {
        const current = parseOwner(readLock(file)?.content ?? '') ?? owner;
        throw new DataDirLockedError(dataDir, current.pid, current.host);
      }
      if (verdict === 'gone') continue;
    }
    takeOverStaleLock(file, seen);
  }
  throw new Error(`No se pudo bloquear la carpeta de datos ${dataDir}`);
}

/** Starts the heartbeat; returns the release, which stops it and removes the lock if it is still ours. */
function keepFresh(file: string, mine: string, onLost: LockOptions['onLost']): () => void {
  let released = false;
  // Plain CommonJS: not the parent's flags (a loader, --input-type=module).
  const worker = new Worker(HEARTBEAT, {
    eval: true,
    execArgv: [],
    workerData: { file, mine, refreshMs: LOCK_TIMING.refreshMs },
  });
  worker.unref();
  const lost = (error?: unknown) => {
    if (released) return;
    released = true;
    void worker.terminate();
    onLost(error instanceof Error ? error : undefined);
  };
  worker.on('message', () => lost());
  // Without its heartbeat the lock would go stale under a running server: as good as lost.
  worker.on('error', lost);
  worker.on('exit', () => lost(new Error('heartbeat stopped')));
  return () => {
    if (released) return;
    released = true;
    void worker.terminate();
    if (readText(file) === mine) rmSync(file, { force: true });
  };
}
