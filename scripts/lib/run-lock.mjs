/**
 * One run at a time (.github/OPERATIONS.md "One run at a time"): the lock a build, a rebuild, a deploy or a rollback
 * holds on what it writes, here (the checkout, a local DEPLOY_TARGET) or on a server reached over SSH.
 *
 * The lock is the kernel's: flock(1) (util-linux, on every Debian) on a lock file, held by a small `sh` that
 * reads a FIFO whose only writer is this process (and the children it hands the FIFO to, such as the Astro build
 * or rsync). When the run ends, however it ends, kill -9 included, the kernel closes its end of the FIFO: the
 * holder reads end-of-file and exits, and the kernel drops the flock. So a crashed run cannot leave the lock behind
 * and no stale-lock guess (age, pid) is needed; a second run never waits: it stops at once with LockBusyError,
 * whose message names what holds the lock (what, pid, host, since when), and changes nothing.
 * Over SSH the holder runs on the server through ssh (its own connection, never the deploy's shared one): when the
 * run dies, ssh's standard input ends (or ssh dies and the connection closes), and the holder on the server exits.
 *
 * The API is synchronous (the deploy is), so acquiring and releasing wait by polling the holder's output file.
 * In scripts/lib/, the one home of the utilities scripts and tests share (REFERENCE.md "Layers").
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { quote } from 'shell-quote';

/** Exit code of a run that stopped because another one holds the lock (sysexits' EX_TEMPFAIL: try again later). */
export const LOCK_BUSY_EXIT_CODE = 75;
/** How long acquiring may take, in ms: the holder starting here, or ssh connecting to the server (its own limit is 20 s). */
const ACQUIRE_TIMEOUT_MS = 30_000;
/** How long releasing may take, in ms (the holder reading end-of-file; over SSH, one round trip). */
const RELEASE_TIMEOUT_MS = 15_000;
/** Poll interval of the holder's output, in ms. */
const POLL_MS = 10;

/**
 * The holder, a POSIX sh program run as `sh -c PROGRAM lock FILE INFO` with the FIFO as standard input. Prints
 * `locked` once it holds the lock, `released` once it let it go (end of its input); or `busy`, the lock file's
 * text (the holder's INFO) and `end`, and exits 75; `noflock` without flock(1).
 */
const HOLD_PROGRAM = `set -u
f=$1 info=$2
command -v flock >/dev/null 2>&1 || { echo noflock; exit 3; }
mkdir -p -- "$(dirname -- "$f")"
exec 9>>"$f"
if flock -n 9; then
  printf '%s\\n' "$info" > "$f"
  echo locked
  cat > /dev/null
  exec 9>&-
  echo released
else
  echo busy
  cat -- "$f"
  echo end
  exit ${LOCK_BUSY_EXIT_CODE}
fi
`;

/** The local wrapper: standard input from the FIFO (argument 1), then the command, then `exited <code>`. */
const WRAP_PROGRAM = `fifo=$1
shift
exec < "$fifo"
"$@"
echo "exited $?"
`;

/** A second run, stopped because another holds the lock; `exitCode` is LOCK_BUSY_EXIT_CODE. */
export class LockBusyError extends Error {
  /**
   * @param {string} message English, for the operator
   * @param {string} holder the holder's line: what, pid, host, since when
   */
  constructor(message, holder) {
    super(message);
    this.name = 'LockBusyError';
    this.holder = holder;
    this.exitCode = LOCK_BUSY_EXIT_CODE;
  }
}

const pause = new Int32Array(new SharedArrayBuffer(4));
/** Reads `file` until `done(text)` is true or `timeoutMs` passed. @returns {string} the text last read */
function waitFor(file, done, timeoutMs) {
  const until = Date.now() + timeoutMs;
  let text = readFileSync(file, 'utf8');
  while (!done(text) && Date.now() < until) {
    Atomics.wait(pause, 0, 0, POLL_MS);
    text = readFileSync(file, 'utf8');
  }
  return text;
}

/**
 * Takes the lock, or stops at once when another run holds it.
 * @param {{ file: string, what: string, where?: string, ssh?: string[] }} options `file` the lock file (absolute; its
 *   folder is made); `what` the run, for the other run's message (`deploy of dist`); `where` what is locked, for
 *   messages (default the file); `ssh` the ssh command and its options up to the host and `--` (scripts/lib/deploy-ssh.mjs
 *   sshSession's lockCommand) when the file is on a server
 * @returns {{ fd: number, release: () => void }} `fd` the FIFO's writing end: hand it to a child process (an extra
 *   stdio entry) to keep the lock while that child lives, even past this process; `release` lets the lock go and
 *   waits until it is gone (idempotent)
 * @throws {LockBusyError} when another run holds it; {Error} when the holder cannot start (no flock(1), ssh fails:
 *   its message included) or does not answer within ACQUIRE_TIMEOUT_MS
 */
export function acquireLock({ file, what, where = file, ssh }) {
  const folder = mkdtempSync(join(tmpdir(), 'run-lock-'));
  const fifo = join(folder, 'fifo');
  const out = join(folder, 'out');
  const err = join(folder, 'err');
  const info = `${what} (pid ${process.pid} on ${hostname()}, since ${new Date().toISOString()})`;
  const mkfifo = spawnSyncOk('mkfifo', ['-m', '600', fifo]);
  if (mkfifo) {
    rmSync(folder, { recursive: true, force: true });
    throw new Error(`Cannot make the lock's FIFO in ${folder}: ${mkfifo}`);
  }
  if (!ssh) mkdirSync(dirname(file), { recursive: true });
  const holder = ssh ? [...ssh, quote(['sh', '-c', HOLD_PROGRAM, 'lock', file, info])] : ['sh', '-c', HOLD_PROGRAM, 'lock', file, info];
  const outFd = openSync(out, 'w');
  const errFd = openSync(err, 'w');
  const child = spawn('sh', ['-c', WRAP_PROGRAM, 'wrap', fifo, ...holder], { stdio: ['ignore', outFd, errFd], detached: false });
  child.unref();
  closeSync(outFd);
  closeSync(errFd);
  // Blocks until the wrapper opens the FIFO for reading (at once: it is running).
  const fd = openSync(fifo, 'w');
  const cleanUp = () => rmSync(folder, { recursive: true, force: true });
  const text = waitFor(out, (seen) => /^(locked|noflock)$|^end$|^exited /m.test(seen), ACQUIRE_TIMEOUT_MS);
  if (/^locked$/m.test(text)) {
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      closeSync(fd);
      waitFor(out, (seen) => /^(released|exited .*)$/m.test(seen), RELEASE_TIMEOUT_MS);
      cleanUp();
    };
    return { fd, release };
  }
  closeSync(fd);
  const problem = readFileSync(err, 'utf8').trim();
  // A holder that did not answer in time (a server that does not answer): stopped, so it cannot take the lock later.
  if (!/^exited /m.test(readFileSync(out, 'utf8'))) child.kill();
  cleanUp();
  const busy = /^busy\n([\s\S]*?)\n?end$/m.exec(text);
  if (busy) {
    const holderLine = busy[1].trim() || 'another run';
    throw new LockBusyError(
      `Another run holds the lock of ${where}: ${holderLine}. This ${what} stopped before changing anything; ` +
        'the next scheduled run goes on once that one has ended (a killed run lets go of the lock by itself: delete nothing).',
      holderLine,
    );
  }
  if (/^noflock$/m.test(text)) throw new Error(`Cannot lock ${where}: flock(1) is missing there (Debian package util-linux).`);
  throw new Error(`Cannot lock ${where}: ${problem || (text.trim() ? text.trim() : `no answer within ${ACQUIRE_TIMEOUT_MS} ms`)}`);
}

/** Runs a short command; @returns {string} '' when it exited 0, else what went wrong. */
function spawnSyncOk(file, args) {
  const result = spawnSync(file, args, { encoding: 'utf8' });
  if (result.error) return result.error.message;
  return result.status === 0 ? '' : result.stderr.trim() || `exit ${result.status}`;
}

/**
 * Runs `fn` holding the lock (acquireLock's options), then releases it, whether `fn` returns, throws or rejects.
 * @template T
 * @param {Parameters<typeof acquireLock>[0]} options
 * @param {(lock: { fd: number }) => T} fn
 * @returns {T}
 */
export function withLock(options, fn) {
  const lock = acquireLock(options);
  let result;
  try {
    result = fn(lock);
  } catch (error) {
    lock.release();
    throw error;
  }
  if (result instanceof Promise) return result.finally(lock.release);
  lock.release();
  return result;
}
