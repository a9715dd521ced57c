/**
 * `npm run preview` (scripts/start.mjs `--preview`): the server of `npm start` over the build already in dist/, never
 * building. Run from a copy of start.mjs in a throwaway project folder (the rest of the project linked in), so that
 * its dist/ is a folder of the test's:
 * - without a build it says so (naming `npm run build`) and exits 1, and builds nothing;
 * - with one it serves it with the production headers of its `_headers` and the redirects of its `_redirects`.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../build/run-build';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** How long the server may take to say where it listens, ms (it starts the sample portal first). */
const START_TIMEOUT_MS = 15_000;

/** A project folder whose scripts/start.mjs is a copy (so `../dist/` is this folder's) and whose other files link to the project's. */
function project(): string {
  const folder = tempDir('preview');
  mkdirSync(join(folder, 'scripts'));
  copyFileSync(join(root, 'scripts', 'start.mjs'), join(folder, 'scripts', 'start.mjs'));
  for (const name of ['astro.mjs', 'serve.mjs', 'lib', 'sample-portal']) symlinkSync(join(root, 'scripts', name), join(folder, 'scripts', name));
  for (const name of ['src', 'node_modules', 'package.json', 'astro.config.mjs']) symlinkSync(join(root, name), join(folder, name));
  return folder;
}

let server: ChildProcess | undefined;
afterEach(() => {
  server?.kill('SIGTERM');
  server = undefined;
});

describe('npm run preview', () => {
  it('without a build says to build first, exits 1 and builds nothing', () => {
    const folder = project();
    const run = spawnSync(process.execPath, ['scripts/start.mjs', '--preview'], {
      cwd: folder,
      env: { ...process.env, PORT: '0' },
      encoding: 'utf8',
      timeout: START_TIMEOUT_MS,
    });
    expect(run.stderr).toContain('No built site in dist/');
    expect(run.stderr).toContain('npm run build');
    expect(run.status).toBe(1);
    expect(existsSync(join(folder, 'dist'))).toBe(false);
  });

  it('serves the existing build with its headers and its redirects', async () => {
    const folder = project();
    const dist = join(folder, 'dist');
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>首頁</title>');
    writeFileSync(join(dist, '_headers'), "/*\n  Content-Security-Policy: default-src 'none'\n  X-Frame-Options: DENY\n");
    writeFileSync(join(dist, '_redirects'), '/old /new 301\n');
    server = spawn(process.execPath, ['scripts/start.mjs', '--preview'], { cwd: folder, env: { ...process.env, PORT: '0', HOST: '127.0.0.1' } });
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`no "Site:" line within ${START_TIMEOUT_MS} ms: ${out}`)), START_TIMEOUT_MS);
      server!.stdout!.on('data', (chunk) => {
        out += chunk;
        const port = /Site: http:\/\/localhost:(\d+)/.exec(out)?.[1];
        if (port) {
          clearTimeout(timer);
          resolve(`http://127.0.0.1:${port}`);
        }
      });
    });
    const home = await fetch(url);
    expect(await home.text()).toContain('首頁');
    expect(home.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(home.headers.get('x-frame-options')).toBe('DENY');
    const moved = await fetch(`${url}/old`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/new');
  }, 30_000);
});
