/**
 * One build at a time per checkout (scripts/astro.mjs BUILD_LOCK_FILE, scripts/lib/run-lock.mjs): while a build
 * runs, a second `npm run build` and a `npm run rebuild` of the same checkout stop at once with exit 75 and a
 * message naming the running build; once the first is killed with SIGKILL (everything it started included), no lock
 * is left behind. Two builds of one checkout at once used to fail on each other's `dist/.prerender/` files.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILD_LOCK_FILE } from '../../scripts/astro.mjs';
import { acquireLock, LockBusyError } from '../../scripts/lib/run-lock.mjs';
import { runNode, tempDir } from './run-build';

describe('two builds of one checkout at once', () => {
  it('the second build and a rebuild stop at once naming the first; a killed first leaves no lock', async () => {
    const first = spawn(process.execPath, ['scripts/astro.mjs', 'build', '--outDir', tempDir('overlap-first')], {
      env: { ...process.env, PORTAL_API_BASE: '', PORTAL_SNAPSHOT_DIR: tempDir('overlap-snapshots'), READER_ENGINE: 'off' },
      stdio: 'ignore',
      detached: true,
    });
    const exited = new Promise((resolve) => first.once('exit', (_code, signal) => resolve(signal)));
    try {
      const holds = () => existsSync(BUILD_LOCK_FILE) && readFileSync(BUILD_LOCK_FILE, 'utf8').includes(`(pid ${first.pid} on `);
      for (let waited = 0; !holds(); waited += 50) {
        if (waited > 30_000) throw new Error('The first build did not take the lock');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const second = await runNode(['scripts/astro.mjs', 'build', '--outDir', tempDir('overlap-second')]);
      expect(second.code, second.output).toBe(75);
      expect(second.output).toMatch(
        new RegExp(`✖ Another run holds the lock of the checkout .+: build \\(astro build --outDir .+overlap-first.+\\) \\(pid ${first.pid} on `),
      );
      expect(second.output).not.toMatch(/astro build against/);
      const rebuild = await runNode(['scripts/rebuild.mjs', '--dry-run', '--out-dir', tempDir('overlap-rebuild')]);
      expect(rebuild.code, rebuild.output).toBe(75);
      expect(rebuild.output).toContain(`(pid ${first.pid} on `);
      expect(rebuild.output).not.toMatch(/rebuild 1\/3/);
      // They stopped at once, not after waiting for the first: it is still building.
      expect(first.exitCode, 'the first build, still running').toBeNull();
    } finally {
      // A crash: the build and everything it started (the Astro process, the sample portal) killed at once.
      process.kill(-(first.pid ?? 0), 'SIGKILL');
    }
    expect(await exited).toBe('SIGKILL');
    let taken = false;
    for (const until = Date.now() + 10_000; !taken && Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 50))) {
      try {
        acquireLock({ file: BUILD_LOCK_FILE, what: 'probe' }).release();
        taken = true;
      } catch (error) {
        if (!(error instanceof LockBusyError)) throw error;
      }
    }
    expect(taken, 'the lock is free after the killed build').toBe(true);
  }, 120_000);
});
