#!/usr/bin/env node
/**
 * Runs an Astro command against the portal web API (REFERENCE.md "Portal boundary"): `node scripts/astro.mjs <command>
 * [args…]`, used by `npm run build`, `npm run dev` and `npm run check`.
 *
 * - With PORTAL_API_BASE set, the command talks to that portal.
 * - Without it, the bundled sample portal starts on a free loopback port for the command's lifetime and stops
 *   after it (SAMPLE_PORTAL_FAULTS / SAMPLE_PORTAL_SCALE / SAMPLE_PORTAL_STRICT reach it through the environment;
 *   SAMPLE_PORTAL_STRICT=1 answers only the endpoints of REFERENCE.md "Portal API"); its snapshots
 *   (stale-if-error) go to a folder of their own (sampleSnapshotDir).
 *
 * The sample portal is imported only when it is used: it needs devDependencies (svg-captcha), which a production
 * install (`npm install --omit=dev`) lacks, so such an install builds only with PORTAL_API_BASE set.
 *
 * One build at a time per checkout: `build` holds the checkout's lock (BUILD_LOCK_FILE, scripts/lib/run-lock.mjs)
 * for Astro's whole run, its child processes included; a second build stops at once with LockBusyError.
 *
 * Exit code: Astro's. A build exits non-zero when a list cannot be loaded or an item breaks its schema; Astro
 * prints the error, which names the endpoint, the item and the field. A build stopped by another one's lock exits
 * LOCK_BUSY_EXIT_CODE (75).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readSettings } from '../src/settings.ts';
import { withLock } from './lib/run-lock.mjs';

/**
 * The checkout's lock file: held by a build and by a whole `npm run rebuild` (build, checks, deploy), so two runs
 * in one checkout never write the same dist/ and caches at once. In node_modules/, which no build deletes.
 */
export const BUILD_LOCK_FILE = fileURLToPath(new URL('../node_modules/.build.lock', import.meta.url));
/** The checkout, as the lock's messages name it. */
const CHECKOUT = fileURLToPath(new URL('..', import.meta.url));

const ASTRO_BIN = fileURLToPath(new URL('../node_modules/astro/bin/astro.mjs', import.meta.url));

/**
 * Runs `astro <command> …args` with the given environment, on this process's Node.
 * @param {number} [lockFd] the checkout lock's fd (acquireLock), handed to Astro so that the lock lasts as long as
 *   it does, even when this process is killed
 * @returns {Promise<number>} the exit code (1 when Astro was killed by a signal).
 */
function spawnAstro(command, args, env, lockFd) {
  return new Promise((resolve) => {
    const stdio = lockFd === undefined ? 'inherit' : ['inherit', 'inherit', 'inherit', lockFd];
    const child = spawn(process.execPath, [ASTRO_BIN, command, ...args], { stdio, env });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/**
 * The snapshot folder of builds against the sample portal (stale-if-error): PORTAL_SNAPSHOT_DIR when set, else a folder
 * of its own per sample scale and corpus (`node_modules/.astro/portal-snapshots-sample[-scale][-corpus]`), so sample
 * data never stands in for the real portal's, and a build at another SAMPLE_PORTAL_SCALE or with the hostile corpus
 * (SAMPLE_PORTAL_CORPUS, tests/build/hostile.test.ts) neither trips the item-drop guard of the next plain build nor
 * leaves its items in that build's snapshots.
 * @param {Pick<import('../src/settings.ts').Settings, 'PORTAL_SNAPSHOT_DIR' | 'SAMPLE_PORTAL_SCALE' | 'SAMPLE_PORTAL_CORPUS'>} settings
 *   the caller's settings (src/settings.ts)
 * @returns {string} absolute folder
 */
export function sampleSnapshotDir(settings) {
  if (settings.PORTAL_SNAPSHOT_DIR) return settings.PORTAL_SNAPSHOT_DIR;
  const scale = settings.SAMPLE_PORTAL_SCALE;
  const corpus = settings.SAMPLE_PORTAL_CORPUS;
  const suffix = `${scale > 0 ? `-${scale}` : ''}${corpus ? `-${corpus.replace(/[^a-z0-9]/gi, '')}` : ''}`;
  return fileURLToPath(new URL(`../node_modules/.astro/portal-snapshots-sample${suffix}`, import.meta.url));
}

/**
 * Loads the sample portal (scripts/sample-portal/server.mjs), which needs the devDependencies (a production install has
 * only what the build needs).
 * @returns {Promise<typeof import('./sample-portal/server.mjs')>}
 * @throws {Error} when they are not installed: the message says to set PORTAL_API_BASE or run `npm install`.
 */
export async function importSamplePortal() {
  try {
    return await import('./sample-portal/server.mjs');
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new Error(
      `The bundled sample portal needs the devDependencies (${error.message}). Set PORTAL_API_BASE to the portal ` +
        'web API, or run `npm install` (without --omit=dev).',
      { cause: error },
    );
  }
}

/**
 * A build's environment: `env` without NODE_ENV. Astro sets NODE_ENV to `production` for a build only when it is
 * unset, and a build that inherits a caller's (vitest's `test`, a shell's `development`) is not the site the
 * publishing workflow publishes: Vite then bundles React's development build into the pages' scripts.
 * @param {NodeJS.ProcessEnv} env
 * @returns {NodeJS.ProcessEnv} a copy without NODE_ENV
 */
export function publishedBuildEnv(env) {
  const { NODE_ENV: _callers, ...published } = env;
  return published;
}

/**
 * Runs an Astro command against PORTAL_API_BASE, or against a sample portal started for it. `build` holds the
 * checkout's lock (BUILD_LOCK_FILE) unless the caller holds it and passes its fd (scripts/rebuild.mjs), and runs
 * without the caller's NODE_ENV (publishedBuildEnv).
 * @param {string} command e.g. `build`, `dev`, `check`
 * @param {string[]} [args] extra arguments for Astro
 * @param {{ env?: NodeJS.ProcessEnv, settings: import('../src/settings.ts').Settings, lockFd?: number }} options
 *   `env`: Astro's environment (default this process's); `settings`: the same environment read by the caller's entry
 *   point (src/settings.ts: PORTAL_API_BASE, the sample portal's and its snapshot folder's variables); `lockFd`: the
 *   checkout lock's fd, when the caller already holds it
 * @returns {Promise<number>} Astro's exit code
 * @throws {import('./lib/run-lock.mjs').LockBusyError} when another build or rebuild of this checkout is running
 */
export async function runAstro(command, args, { env = process.env, settings, lockFd }) {
  if (command === 'build' && lockFd === undefined) {
    const what = `build (${['astro build', ...args].join(' ')})`;
    return withLock({ file: BUILD_LOCK_FILE, what, where: `the checkout ${CHECKOUT}` }, (lock) =>
      runAstro(command, args, { env, settings, lockFd: lock.fd }),
    );
  }
  if (command === 'build') env = publishedBuildEnv(env);
  const { PORTAL_API_BASE } = settings;
  if (PORTAL_API_BASE) {
    console.log(`astro ${command} against the portal at ${PORTAL_API_BASE}`);
    return spawnAstro(command, args, env, lockFd);
  }
  const portal = await (await importSamplePortal()).startSamplePortal({ settings });
  const mode = portal.strict ? ' (strict: REFERENCE.md "Portal API" endpoints only)' : '';
  console.log(`PORTAL_API_BASE not set: astro ${command} against the sample portal at ${portal.url}${mode}`);
  try {
    return await spawnAstro(command, args, { ...env, PORTAL_API_BASE: portal.url, PORTAL_SNAPSHOT_DIR: sampleSnapshotDir(settings) }, lockFd);
  } finally {
    await portal.close();
  }
}

/**
 * `npm run build`: builds dist/ (see runAstro).
 * @param {string[]} args extra arguments for Astro
 * @param {{ env?: NodeJS.ProcessEnv, settings: import('../src/settings.ts').Settings }} options as runAstro's
 */
export const build = (args, { env = process.env, settings }) => runAstro('build', args, { env, settings });

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command = 'build', ...args] = process.argv.slice(2);
  try {
    // The entry point: this process's environment, read once and handed down.
    process.exitCode = await runAstro(command, args, { settings: readSettings() });
  } catch (error) {
    console.error(`✖ ${error.message}`);
    process.exitCode = error.exitCode ?? 1;
  }
}
