#!/usr/bin/env node
/**
 * Runs an Astro command against the portal web API (DESIGN.md §5): `node scripts/astro.mjs <command>
 * [args…]`, used by `npm run build`, `npm run dev` and `npm run check`.
 *
 * - With PORTAL_API_BASE set, the command talks to that portal.
 * - Without it, the bundled sample portal starts on a free loopback port for the command's lifetime and stops
 *   after it (SAMPLE_PORTAL_FAULTS / SAMPLE_PORTAL_SCALE / SAMPLE_PORTAL_STRICT reach it through the environment;
 *   SAMPLE_PORTAL_STRICT=1 answers only the endpoints of spec §7); its snapshots
 *   (stale-if-error) go to a folder of their own (sampleSnapshotDir).
 *
 * The sample portal is imported only when it is used: it needs devDependencies (svg-captcha), which a production
 * install (`npm install --omit=dev`) lacks, so such an install builds only with PORTAL_API_BASE set.
 *
 * Exit code: Astro's. A build exits non-zero when a list cannot be loaded or an item breaks its schema; Astro
 * prints the error, which names the endpoint, the item and the field.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readSettings } from '../src/settings.ts';

const ASTRO_BIN = fileURLToPath(new URL('../node_modules/astro/bin/astro.mjs', import.meta.url));

/**
 * Runs `astro <command> …args` with the given environment, on this process's Node.
 * @returns {Promise<number>} the exit code (1 when Astro was killed by a signal).
 */
function spawnAstro(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [ASTRO_BIN, command, ...args], { stdio: 'inherit', env });
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
 * @param {NodeJS.ProcessEnv} env
 * @returns {string} absolute folder
 */
export function sampleSnapshotDir(env) {
  const settings = readSettings(env);
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
 * Runs an Astro command against PORTAL_API_BASE, or against a sample portal started for it.
 * @param {string} command e.g. `build`, `dev`, `check`
 * @param {string[]} [args] extra arguments for Astro
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Promise<number>} Astro's exit code
 */
export async function runAstro(command, args = [], env = process.env) {
  const { PORTAL_API_BASE } = readSettings(env);
  if (PORTAL_API_BASE) {
    console.log(`astro ${command} against the portal at ${PORTAL_API_BASE}`);
    return spawnAstro(command, args, env);
  }
  const portal = await (await importSamplePortal()).startSamplePortal();
  const mode = portal.strict ? ' (strict: spec §7 endpoints only)' : '';
  console.log(`PORTAL_API_BASE not set: astro ${command} against the sample portal at ${portal.url}${mode}`);
  try {
    return await spawnAstro(command, args, { ...env, PORTAL_API_BASE: portal.url, PORTAL_SNAPSHOT_DIR: sampleSnapshotDir(env) });
  } finally {
    await portal.close();
  }
}

/** `npm run build`: builds dist/ (see runAstro). */
export const build = (args = [], env = process.env) => runAstro('build', args, env);

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command = 'build', ...args] = process.argv.slice(2);
  try {
    process.exitCode = await runAstro(command, args);
  } catch (error) {
    console.error(`✖ ${error.message}`);
    process.exitCode = 1;
  }
}
