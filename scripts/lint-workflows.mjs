#!/usr/bin/env node
/**
 * Lints the GitHub Actions workflows (part of `npm test`, so a broken workflow never reaches CI): runs action-validator
 * (the `@action-validator/cli` bin, the schema of workflow files plus glob checks) on every `.github/workflows/*.yml` /
 * `*.yaml`, one file per call as the CLI takes one path.
 *
 * Usage: `node scripts/lint-workflows.mjs [file…]` (default: every workflow). Exit code 0 when every file
 * passes; 1 when one fails (the validator's JSON report is printed, naming the path of the bad key), or when
 * there is no workflow to check.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const VALIDATOR = `${root}node_modules/@action-validator/cli/cli.mjs`;
const WORKFLOWS = '.github/workflows';

/**
 * Validates workflow files.
 * @param {string[]} files paths relative to the repository root
 * @returns {{ file: string, ok: boolean, output: string }[]} one result per file
 */
export function lintWorkflows(files) {
  return files.map((file) => {
    const result = spawnSync(process.execPath, [VALIDATOR, file], { cwd: root, encoding: 'utf8' });
    return { file, ok: result.status === 0, output: `${result.stdout}${result.stderr}`.trim() };
  });
}

/** Every workflow file of the repository, relative to the root. */
export function workflowFiles() {
  return readdirSync(`${root}${WORKFLOWS}`)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => `${WORKFLOWS}/${name}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = process.argv.length > 2 ? process.argv.slice(2) : workflowFiles();
  if (files.length === 0) {
    console.error(`No workflow in ${WORKFLOWS}/.`);
    process.exit(1);
  }
  let failed = 0;
  for (const { file, ok, output } of lintWorkflows(files)) {
    if (ok) console.log(`✔ ${file}`);
    else {
      failed += 1;
      console.error(`✖ ${file}\n${output}`);
    }
  }
  process.exit(failed > 0 ? 1 : 0);
}
