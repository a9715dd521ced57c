/**
 * Runs `npm run build` (scripts/astro.mjs, which starts the sample portal when PORTAL_API_BASE is empty) for the
 * build tests (tests/build/build-faults.test.ts, tests/build/publishing.test.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A new empty temporary folder (prefix: its use). */
export const tempDir = (prefix: string): string => mkdtempSync(join(tmpdir(), `${prefix}-`));

/**
 * Runs a script with Node (this process's) and extra env; resolves its exit code and combined output.
 * PORTAL_API_BASE is emptied (the sample portal) and PORTAL_SNAPSHOT_DIR is a new empty folder unless `env` sets them.
 */
export function runNode(args: string[], env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, PORTAL_API_BASE: '', PORTAL_SNAPSHOT_DIR: tempDir('no-snapshots'), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

/**
 * Runs the build into `outDir` (default: a new temporary folder, so dist/ is never touched) with extra env.
 * @returns exit code and combined output; `outDir` the site folder.
 */
export async function runBuild(
  env: Record<string, string> = {},
  outDir = tempDir('build-dist'),
): Promise<{ code: number; output: string; outDir: string }> {
  const result = await runNode(['scripts/astro.mjs', 'build', '--outDir', outDir], env);
  return { ...result, outDir };
}
