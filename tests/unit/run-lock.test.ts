/**
 * One run at a time (scripts/lib/run-lock.mjs): the lock a build, rebuild, deploy or rollback holds.
 * - a second run stops at once, naming what holds the lock (what, pid, host, since when);
 * - a run killed with SIGKILL lets go of the lock by itself, so nobody has to delete anything;
 * - a child the run handed the lock to (the Astro build, rsync) keeps it after the run itself was killed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { acquireLock, LOCK_BUSY_EXIT_CODE, LockBusyError } from '../../scripts/lib/run-lock.mjs';
import { tempDir } from '../build/run-build';

const LOCK_MODULE = pathToFileURL(join(process.cwd(), 'scripts/lib/run-lock.mjs')).href;

/**
 * A process that takes the lock and says `held`; with `child`, it also starts `sleep 30` holding the lock's fd.
 * @returns the process and a promise of its `held` line
 */
function holder(file: string, child = false): { process: ChildProcess; held: Promise<void> } {
  const program = `const { acquireLock } = await import(${JSON.stringify(LOCK_MODULE)});
    const { spawn } = await import('node:child_process');
    const lock = acquireLock({ file: process.argv[1], what: 'test run' });
    ${child ? "const sleeper = spawn('sleep', ['30'], { stdio: ['ignore', 'ignore', 'ignore', lock.fd], detached: true }); console.log('sleeper', sleeper.pid);" : ''}
    console.log('held');
    setInterval(() => {}, 1000);`;
  const started = spawn(process.execPath, ['--input-type=module', '-e', program, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  const held = new Promise<void>((resolve, reject) => {
    started.stdout?.on('data', (chunk) => {
      output += chunk;
      if (output.includes('held')) resolve();
    });
    started.once('exit', () => reject(new Error(`holder exited: ${output}`)));
  });
  return { process: Object.assign(started, { output: () => output }), held };
}

/** Tries to take the lock for up to `ms`; @returns whether it was taken (and lets it go again). */
async function takenWithin(file: string, ms: number): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 25))) {
    try {
      acquireLock({ file, what: 'probe' }).release();
      return true;
    } catch (error) {
      if (!(error instanceof LockBusyError)) throw error;
    }
  }
  return false;
}

describe('one run at a time', () => {
  it('stops a second run at once with a message naming the first, and lets the next one in after a release', () => {
    const file = join(tempDir('run-lock'), 'sub', '.deploy.lock');
    const first = acquireLock({ file, what: 'deploy of dist', where: 'the deploy target /srv/site' });
    let refused: unknown;
    try {
      acquireLock({ file, what: 'deploy of dist', where: 'the deploy target /srv/site' });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(LockBusyError);
    expect((refused as LockBusyError).exitCode).toBe(LOCK_BUSY_EXIT_CODE);
    expect((refused as Error).message).toMatch(
      new RegExp(
        `^Another run holds the lock of the deploy target /srv/site: deploy of dist \\(pid ${process.pid} on .+, since \\d{4}-.+Z\\)\\. This deploy of dist stopped before changing anything`,
      ),
    );
    first.release();
    const next = acquireLock({ file, what: 'deploy of dist' });
    next.release();
  });

  it('a run killed with SIGKILL leaves no lock behind', async () => {
    const file = join(tempDir('run-lock'), '.build.lock');
    const run = holder(file);
    await run.held;
    expect(await takenWithin(file, 300), 'taken while the run lives').toBe(false);
    run.process.kill('SIGKILL');
    expect(await takenWithin(file, 5_000), 'taken after the run was killed').toBe(true);
  });

  it('a child holding the lock keeps it after its parent run was killed, and lets go when it ends', async () => {
    const file = join(tempDir('run-lock'), '.build.lock');
    const run = holder(file, true);
    await run.held;
    const sleeper = Number(/sleeper (\d+)/.exec((run.process as ChildProcess & { output: () => string }).output())?.[1]);
    run.process.kill('SIGKILL');
    try {
      expect(await takenWithin(file, 500), 'taken while the orphaned child still writes').toBe(false);
    } finally {
      process.kill(sleeper, 'SIGKILL');
    }
    expect(await takenWithin(file, 5_000), 'taken once the child ended').toBe(true);
  });
});
