#!/usr/bin/env node
/**
 * `npm run build`: builds the static site into dist/ (issue 2, DESIGN.md §5).
 *
 * - With PORTAL_API_BASE set, builds against that portal.
 * - Without it, starts the bundled sample portal on a free loopback port, builds against it over HTTP and
 *   stops it (SAMPLE_PORTAL_FAULTS / SAMPLE_PORTAL_SCALE are passed to it through the environment).
 *
 * Extra arguments go to `astro build`. Exit code: Astro's (non-zero when a list cannot be loaded or an item
 * breaks its schema; Astro prints the error naming the endpoint, item and field).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startSamplePortal } from './sample-portal/server.mjs';

const ASTRO_BIN = fileURLToPath(new URL('../node_modules/astro/bin/astro.mjs', import.meta.url));

/**
 * Runs `astro build` with the given environment.
 * @returns the exit code (1 when Astro was killed by a signal).
 */
export function astroBuild(env, args = []) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [ASTRO_BIN, 'build', ...args], { stdio: 'inherit', env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Builds against PORTAL_API_BASE, or against a sample portal started for the build. Returns the exit code. */
export async function build(args = [], env = process.env) {
  if (env.PORTAL_API_BASE) {
    console.log(`Building against the portal at ${env.PORTAL_API_BASE}`);
    return astroBuild(env, args);
  }
  const portal = await startSamplePortal();
  console.log(`PORTAL_API_BASE not set: building against the sample portal at ${portal.url}`);
  try {
    return await astroBuild({ ...env, PORTAL_API_BASE: portal.url }, args);
  } finally {
    await portal.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await build(process.argv.slice(2));
}
