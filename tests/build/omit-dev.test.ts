/**
 * A production install builds the site: the project's files (git's tracked and untracked-but-not-
 * ignored files of this working tree, so uncommitted changes count) are copied to a folder of their own (PROJECT), installed with
 * `npm install --omit=dev` (no devDependency: no sample portal's svg-captcha, no test tools; `npm install` as in
 * .ci/run, since `npm ci` rejects this lock file, see there), and `npm run build` runs
 * there against a sample portal started from this checkout (which has the dev dependencies), as a deployment
 * against the insurer's portal would (PORTAL_API_BASE set); then `npm start` serves that build and proxies `/api/*` to
 * the portal, and `npm run rebuild -- --skip-build --dry-run` checks it under nginx and plans the deploy, as the
 * publishing workflow does after its `npm ci --omit=dev`. It fails when the build, the publish path or `npm start`'s server imports
 * a package listed under devDependencies, or when the Node 24 runtime (`node`) is one.
 *
 * The install reuses npm's cache (`--prefer-offline`); the registry must be reachable for packages not in it. A new
 * copy's node_modules starts with the checkout's installed production packages (seedProductionPackages), so that the
 * install reconciles a tree rather than extracts every package again.
 * READER_ENGINE=off: the audio reader is tested elsewhere (tests/site/reader-dist.test.ts). The portal serves the lean
 * sample (scripts/sample-portal/data.mjs `lean`): every kind of page is still rendered by the production install.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSamplePortal, SUCCESS_CODE } from '../../scripts/sample-portal/server.mjs';
import { NOTIFICATIONS_ENDPOINT } from '../../src/portal/endpoints';
import { PRECOMPRESS_CACHE_FOLDER } from '../../src/site/limits';
import { copyCache, imageCacheCopy } from './run-build';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/**
 * The copy of the project, one per checkout, kept between runs: its node_modules is reused, so that a rerun's
 * `npm install --omit=dev` takes seconds (it still removes every package the lock file marks dev); everything else
 * is replaced on each run, and the build is cold (no dist/, no node_modules/.astro but a copy of the checkout's gzip and
 * brotli copies, SEEDED_COPIES). Delete it to start over.
 */
const PROJECT = join(tmpdir(), `insurer-omit-dev-${createHash('sha1').update(ROOT).digest('hex').slice(0, 8)}`);
/**
 * The checkout's gzip and brotli copies (PRECOMPRESS_CACHE_FOLDER), copied into the project's cache folder before its
 * build: kept by their file's bytes (src/integrations/precompress.ts), they spare this build compressing again the
 * files an earlier build of the checkout wrote the same, with Node's own zlib whatever the install; the search index
 * is still made by the production install's Pagefind.
 */
const SEEDED_COPIES = PRECOMPRESS_CACHE_FOLDER;
/** Budget of the install plus the build, in milliseconds. */
const INSTALL_AND_BUILD_MS = 600_000;

/**
 * The environment of the copy's npm commands: this process's, without what would let the copy use this checkout's
 * packages or npm settings (PATH entries under a node_modules folder, such as the Node 24 of `npm run`'s
 * node_modules/.bin; npm's per-run `npm_*` variables, except the cache and registry).
 */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) || /^npm_config_(cache|registry|userconfig)$/i.test(key));
  const env: NodeJS.ProcessEnv = Object.fromEntries(kept);
  const pathKey = Object.keys(env).find((key) => key.toUpperCase() === 'PATH') ?? 'PATH';
  env[pathKey] = (env[pathKey] ?? '')
    .split(delimiter)
    .filter((entry) => entry && !entry.split(sep).includes('node_modules'))
    .join(delimiter);
  delete env.INIT_CWD;
  delete env.NODE_ENV;
  return { ...env, ...extra };
}

/** Runs `npm …args` in `cwd`; resolves the exit code and the combined output. */
function npm(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ code: 1, output: `${output}\n${error.message}` }));
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

/**
 * Empties `to` but for its node_modules (without the build cache node_modules/.astro), then copies git's tracked and
 * untracked-but-not-ignored files of the working tree (deleted ones skipped) into it.
 * @returns the number of files copied
 */
function copyProject(to: string): number {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(to)) if (entry !== 'node_modules') rmSync(join(to, entry), { recursive: true, force: true });
  rmSync(join(to, 'node_modules/.astro'), { recursive: true, force: true });
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed in ${ROOT}: ${listed.stderr || listed.error?.message}`);
  const files = [...new Set(listed.stdout.split('\0').filter(Boolean))].filter((file) => existsSync(join(ROOT, file)));
  for (const file of files) {
    mkdirSync(dirname(join(to, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(to, file));
  }
  return files.length;
}

/**
 * Fills `to`/node_modules, when the copy has none yet, with the checkout's installed production packages: every entry
 * of the lock file (package-lock.json `packages`) not marked `dev` that the checkout has, copied (never linked: the
 * copy's npm and build may change their files), its nested dev-only entries left out; no `.bin` (npm links the bins
 * of what it keeps). `npm install --omit=dev` then does what it does on a rerun over a kept copy (PROJECT): it adds
 * what is missing, replaces what differs from the lock file and removes what the lock file marks dev, so the tree it
 * leaves is the one a first install makes, the `node` runtime included, while extracting every package from npm's
 * cache again cost twice the CPU (22 CPU-s against 11 with the copy, 2026-11-29).
 * @returns the number of package folders copied (0 when the copy already had a node_modules)
 */
function seedProductionPackages(to: string): number {
  if (existsSync(join(to, 'node_modules'))) return 0;
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean; link?: boolean }> };
  const entries = Object.entries(lock.packages).filter(([path]) => path.startsWith('node_modules/'));
  const dev = new Set(entries.filter(([, entry]) => entry.dev).map(([path]) => join(ROOT, path)));
  const copied: string[] = [];
  for (const [path, entry] of entries) {
    if (entry.dev || entry.link || !existsSync(join(ROOT, path)) || copied.some((parent) => path.startsWith(`${parent}/`))) continue;
    cpSync(join(ROOT, path), join(to, path), { recursive: true, verbatimSymlinks: true, filter: (source) => !dev.has(source) });
    copied.push(path);
  }
  return copied.length;
}

describe('npm install --omit=dev, then npm run build against a portal', () => {
  const project = PROJECT;
  let portal: Awaited<ReturnType<typeof startSamplePortal>>;
  let install: { code: number; output: string };

  beforeAll(async () => {
    expect(copyProject(project)).toBeGreaterThan(100);
    seedProductionPackages(project);
    const copies = join(ROOT, 'node_modules', '.astro', SEEDED_COPIES);
    copyCache(copies, join(project, 'node_modules', '.astro', SEEDED_COPIES));
    // The lean sample (scripts/sample-portal/data.mjs `lean`): every kind of page, so every module a page imports,
    // is still rendered with the production install; only fewer news and FAQ items.
    portal = await startSamplePortal({ port: 0, lean: true });
    install = await npm(['install', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], project, cleanEnv({}));
  }, INSTALL_AND_BUILD_MS);

  afterAll(async () => {
    await portal?.close();
  });

  it('installs without the devDependencies: no test tools, no sample-portal captcha', () => {
    expect(install.code, install.output.slice(-3000)).toBe(0);
    expect(existsSync(join(project, 'node_modules/astro/package.json'))).toBe(true);
    expect(existsSync(join(project, 'node_modules/vitest'))).toBe(false);
    expect(existsSync(join(project, 'node_modules/svg-captcha'))).toBe(false);
  });

  it(
    'builds the site with PORTAL_API_BASE set',
    async () => {
      expect(install.code, 'install failed').toBe(0);
      const env = cleanEnv({
        PORTAL_API_BASE: portal.url,
        READER_ENGINE: 'off',
        // A copy of the checkout's image cache: this build still makes its variants with the production install's
        // sharp, but finds the ones made before (a cold image cache would add a minute of transforms to every run);
        // a copy, as the lean sample's build keeps only its own images in the cache it uses (imageCacheCopy).
        IMAGE_CACHE_DIR: imageCacheCopy('omit-dev-images'),
      });
      const build = await npm(['run', 'build'], project, env);
      expect(build.code, build.output.slice(-3000)).toBe(0);
      expect(existsSync(join(project, 'dist/index.html'))).toBe(true);
    },
    INSTALL_AND_BUILD_MS,
  );

  it(
    'runs the publish path on that install: `npm run rebuild -- --skip-build --dry-run` (the checks under nginx, the deploy plan)',
    async () => {
      expect(existsSync(join(project, 'dist/index.html')), 'no build').toBe(true);
      const rebuild = await npm(['run', 'rebuild', '--', '--skip-build', '--dry-run'], project, cleanEnv({ PORTAL_API_BASE: portal.url }));
      expect(rebuild.code, rebuild.output.slice(-3000)).toBe(0);
      expect(rebuild.output).toContain('rebuild done (dry run, nothing deployed)');
    },
    INSTALL_AND_BUILD_MS,
  );

  it(
    'serves the built site with `npm start`, proxying /api/* to PORTAL_API_BASE',
    async () => {
      expect(existsSync(join(project, 'dist/index.html')), 'no build').toBe(true);
      const env = cleanEnv({ PORTAL_API_BASE: portal.url, PORT: '0', HOST: '127.0.0.1' });
      // Its own process group, so that npm, its shell and the server stop together.
      const child = spawn('npm', ['start'], { cwd: project, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      let output = '';
      try {
        const site = await new Promise<string>((resolve, reject) => {
          const onData = (chunk: Buffer) => {
            output += chunk;
            const url = /Site: (http:\/\/localhost:\d+)/.exec(output)?.[1];
            if (url) resolve(url.replace('localhost', '127.0.0.1'));
          };
          child.stdout.on('data', onData);
          child.stderr.on('data', onData);
          child.on('exit', (code) => reject(new Error(`npm start exited (${code}):\n${output.slice(-3000)}`)));
        });
        const home = await fetch(`${site}/`);
        expect(home.status).toBe(200);
        expect(await home.text()).toContain('<main');
        const api = await fetch(`${site}${NOTIFICATIONS_ENDPOINT.path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{}',
        });
        expect(await api.json()).toMatchObject({ code: SUCCESS_CODE });
      } finally {
        if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
      }
    },
    INSTALL_AND_BUILD_MS,
  );
});
