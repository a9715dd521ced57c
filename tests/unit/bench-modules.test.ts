/**
 * The benchmark's section modules (scripts/bench/*.mjs) load under plain Node, as `npm run bench` runs them: Node
 * strips the types of the src/ modules they import, and rejects what stripping cannot handle (an import without its
 * `.ts` extension, a constructor parameter property). `npm test` runs no benchmark, so without this check such a
 * module fails only at the end of an hour-long `npm run bench`, after the sections before it, losing their report.
 * scripts/bench/index.mjs is left out: importing it starts the benchmark.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';

const BENCH = fileURLToPath(new URL('../../scripts/bench/', import.meta.url));

/** The section modules and their shared helpers: every .mjs of scripts/bench but the runner. */
const MODULES = readdirSync(BENCH)
  .filter((name) => name.endsWith('.mjs') && name !== 'index.mjs')
  .sort();

it('lists the bench sections it loads', () => {
  expect(MODULES).toEqual(expect.arrayContaining(['build.mjs', 'lighthouse.mjs', 'reader.mjs', 'weight.mjs']));
});

it.each(MODULES)('scripts/bench/%s loads under Node, with the src/ modules it imports', (name) => {
  const url = pathToFileURL(join(BENCH, name)).href;
  // The Node that runs this test: node@24 of the devDependencies under `npm test`, as under `npm run bench`.
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(url)});`], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.status, `importing ${name}: ${run.stderr}`).toBe(0);
});
