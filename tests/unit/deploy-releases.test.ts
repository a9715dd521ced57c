/**
 * Atomic deploys with DEPLOY_TARGET and `npm run rollback` (scripts/deploy.mjs; REFERENCE.md "Publishing rules": "Deploys are atomic"):
 * - each deploy is a new release folder, made live by switching the `current` symlink; files unchanged since the
 *   live release are hard links to it; the newest DEPLOY_KEEP_RELEASES releases stay, older ones go;
 * - a dry run says what it would do and changes nothing;
 * - rollback points `current` at the release before the live one (both stay on disk) and says which; with none
 *   before, it says so and exits 1;
 * - a deploy killed half-way leaves the old site answering under real nginx (root = `<target>/current`), and the
 *   next deploy removes its half-written folder; a deploy failing while writing leaves nothing behind;
 * - the live release's hashed files (`_astro/`, `_images/`, the search index's, the reader's sounds) the new site no
 *   longer has stay for a day, for open pages;
 * - a second deploy while one writes stops at once, naming it (the target's lock), and the first goes live whole;
 * - a `current` that is a real folder and a partial site are refused; the earlier mirroring deploy's files at the
 *   top of the target are left alone and named.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CURRENT_LINK, deploy, PARTIAL_PREFIX, RELEASES_FOLDER, rollback } from '../../scripts/deploy.mjs';
import { DEPLOY_LOCK_FILE, NO_RELOAD_NOTE } from '../../scripts/lib/releases.mjs';
import { startNginx } from '../../scripts/lib/nginx.mjs';
import { tempDir } from '../build/run-build';

const quiet = () => {};
const DEPLOY_SCRIPT = resolve('scripts/deploy.mjs');

/** The nginx include of the tiny sites: directory indexes and the 404 page, as dist/nginx.conf does. */
const NGINX_INCLUDE = 'index index.html;\nerror_page 404 /404.html;\nlocation / { try_files $uri $uri/ =404; }\n';

/**
 * A complete tiny built site whose pages say `version`; its script asset is shared by every version (unchanged).
 * @returns the site's folder
 */
function site(version: string): string {
  const dir = tempDir(`site-${version}`);
  mkdirSync(join(dir, 'news'));
  mkdirSync(join(dir, '_astro'));
  writeFileSync(join(dir, 'index.html'), `<!doctype html><h1>首頁 ${version}</h1>`);
  writeFileSync(join(dir, 'news', 'index.html'), `<!doctype html><h1>最新消息 ${version}</h1>`);
  writeFileSync(join(dir, '404.html'), '<!doctype html><h1>找不到網頁</h1>');
  writeFileSync(join(dir, 'build-report.json'), JSON.stringify({ version }));
  writeFileSync(join(dir, '_astro', 'app.3f2a1b.js'), 'console.log("app");'.repeat(100));
  writeFileSync(join(dir, 'nginx.conf'), NGINX_INCLUDE);
  return dir;
}

/** A new DEPLOY_TARGET (not created yet) and the environment naming it. */
function target(keep?: number) {
  const dir = join(tempDir('deploy-target'), 'www');
  return { dir, env: { DEPLOY_TARGET: dir, ...(keep ? { DEPLOY_KEEP_RELEASES: String(keep) } : {}) } };
}

/** What `current` points at, and the complete releases on disk, oldest first. */
const live = (dir: string) => readlinkSync(join(dir, CURRENT_LINK));
const releases = (dir: string) =>
  readdirSync(join(dir, RELEASES_FOLDER))
    .filter((name) => !name.startsWith('.'))
    .sort();
const page = (dir: string, path: string) => readFileSync(join(dir, CURRENT_LINK, path), 'utf8');

/** The release a DEPLOY_TARGET deploy made or planned (a test error when it made none). */
function releaseOf(result: ReturnType<typeof deploy>) {
  if (!result.release) throw new Error(`No release: ${JSON.stringify(result.plan)}`);
  return result.release;
}
/** Deploys the tiny site `version` to DEPLOY_TARGET and returns the new release's name. */
const ship = (version: string, env: Record<string, string>) => releaseOf(deploy({ dir: site(version), env, log: quiet })).release;

describe('deploy to DEPLOY_TARGET: one release per deploy, switched live by the current symlink', () => {
  it('makes a second release live after the first, linking the files that did not change', () => {
    const { dir, env } = target();
    const first = ship('v1', env);
    const result = deploy({ dir: site('v2'), env, log: quiet });
    const second = releaseOf(result).release;
    expect(result.deployed).toBe(true);
    expect(releases(dir)).toEqual([first, second]);
    expect(lstatSync(join(dir, CURRENT_LINK)).isSymbolicLink()).toBe(true);
    expect(live(dir)).toBe(`${RELEASES_FOLDER}/${second}`);
    expect(releaseOf(result).replaced).toBe(first);
    expect(page(dir, 'index.html')).toContain('首頁 v2');
    expect(page(dir, 'news/index.html')).toContain('最新消息 v2');
    // The unchanged asset is one file on disk in both releases; the changed page is not.
    const inode = (release: string, path: string) => statSync(join(dir, RELEASES_FOLDER, release, path)).ino;
    expect(inode(first, '_astro/app.3f2a1b.js')).toBe(inode(second, '_astro/app.3f2a1b.js'));
    expect(inode(first, 'index.html')).not.toBe(inode(second, 'index.html'));
    expect(result.plan.unchanged).toBe(3);
  });

  it('keeps the newest DEPLOY_KEEP_RELEASES releases and deletes the older ones', () => {
    const { dir, env } = target(2);
    const names = ['v1', 'v2', 'v3', 'v4'].map((version) => ship(version, env));
    expect(releases(dir)).toEqual(names.slice(2));
    expect(live(dir)).toBe(`${RELEASES_FOLDER}/${names[3]}`);
    expect(page(dir, 'index.html')).toContain('首頁 v4');
  });

  it('does not make a new release of the site already live', () => {
    const { dir, env } = target();
    const built = site('v1');
    const first = releaseOf(deploy({ dir: built, env, log: quiet })).release;
    const lines: string[] = [];
    const again = deploy({ dir: built, env, log: (line: string) => lines.push(line) });
    expect(again.deployed).toBe(false);
    expect(releases(dir)).toEqual([first]);
    expect(lines.join('\n')).toContain(`Release ${first} in ${dir} already is this site`);
  });

  it('says in a dry run what it would copy, switch and delete, and changes nothing', () => {
    const { dir, env } = target(1);
    const first = ship('v1', env);
    const lines: string[] = [];
    const dry = deploy({ dir: site('v2'), dryRun: true, env, log: (line: string) => lines.push(line) });
    expect(dry.deployed).toBe(false);
    expect(lines).toContain(`  copy index.html (${Buffer.byteLength('<!doctype html><h1>首頁 v2</h1>')} bytes)`);
    expect(lines).toContain(`  would switch current to ${RELEASES_FOLDER}/${releaseOf(dry).release}`);
    expect(lines).toContain(`  would delete old release ${first} (DEPLOY_KEEP_RELEASES = 1)`);
    expect(lines.at(-1)).toBe('3 unchanged, 0 to remove. Nothing was changed.');
    expect(readdirSync(join(dir, RELEASES_FOLDER))).toEqual([first]);
    expect(live(dir)).toBe(`${RELEASES_FOLDER}/${first}`);
  });

  it('refuses a partial site and creates nothing', () => {
    const { dir, env } = target();
    const broken = tempDir('partial');
    writeFileSync(join(broken, 'index.html'), '<!doctype html>');
    expect(() => deploy({ dir: broken, env, log: quiet })).toThrow(/not a complete build \(missing 404\.html, build-report\.json\)/);
    expect(existsSync(dir)).toBe(false);
  });

  it('refuses a target whose current is a folder and leaves it as it was', () => {
    const { dir, env } = target();
    mkdirSync(join(dir, CURRENT_LINK), { recursive: true });
    writeFileSync(join(dir, CURRENT_LINK, 'index.html'), 'a site copied by hand');
    expect(() => deploy({ dir: site('v1'), env, log: quiet })).toThrow(`${join(dir, CURRENT_LINK)} is not a symlink`);
    expect(readFileSync(join(dir, CURRENT_LINK, 'index.html'), 'utf8')).toBe('a site copied by hand');
    expect(existsSync(join(dir, RELEASES_FOLDER))).toBe(false);
  });
  it("leaves the earlier mirroring deploy's files at the top of the target alone, and names them", () => {
    const { dir, env } = target();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'index.html'), 'mirrored');
    const lines: string[] = [];
    deploy({ dir: site('v1'), env, log: (line: string) => lines.push(line) });
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe('mirrored');
    expect(page(dir, 'index.html')).toContain('首頁 v1');
    expect(lines).toContain(
      `  note: ${join(dir, 'index.html')} and the files beside it are the earlier mirroring deploy's, left alone: nginx serves ${join(dir, CURRENT_LINK)}.`,
    );
  });
});

describe('npm run rollback', () => {
  it('points current back at the previous release in one rename, says which, and keeps both releases', () => {
    const { dir, env } = target();
    const first = ship('v1', env);
    const second = ship('v2', env);
    const lines: string[] = [];
    const result = rollback({ env, log: (line: string) => lines.push(line) });
    expect(result).toMatchObject({ live: first, replaced: second, rolledBack: true });
    expect(live(dir)).toBe(`${RELEASES_FOLDER}/${first}`);
    expect(page(dir, 'index.html')).toContain('首頁 v1');
    expect(releases(dir)).toEqual([first, second]);
    expect(readdirSync(dir).sort()).toEqual([DEPLOY_LOCK_FILE, CURRENT_LINK, RELEASES_FOLDER]);
    expect(lines).toEqual([NO_RELOAD_NOTE, `Rolled back ${dir}: live now ${first}, replacing ${second}.`]);
  });

  it('after a rollback and a new deploy, goes back to the release live before the new one, not the rolled-back one', () => {
    const { dir, env } = target();
    const good = ship('v1', env);
    ship('v2', env);
    rollback({ env, log: quiet });
    const next = ship('v3', env);
    expect(releases(dir)).toEqual([good, next]);
    expect(rollback({ env, log: quiet })).toMatchObject({ live: good, replaced: next });
    expect(page(dir, 'index.html')).toContain('首頁 v1');
  });

  it('says there is nothing to roll back to, and exits 1, when the live release is the oldest', () => {
    const { dir, env } = target();
    const only = ship('v1', env);
    const run = spawnSync(process.execPath, [DEPLOY_SCRIPT, '--rollback'], { env: { ...process.env, ...env }, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`Nothing to roll back to: no release before the live one (${only})`);
    expect(live(dir)).toBe(`${RELEASES_FOLDER}/${only}`);
  });

  it('changes nothing in a dry run', () => {
    const { dir, env } = target();
    const first = ship('v1', env);
    const second = ship('v2', env);
    const lines: string[] = [];
    rollback({ env, dryRun: true, log: (line: string) => lines.push(line) });
    expect(lines).toEqual([`Dry run: would roll back ${dir}: live would be ${first}, replacing ${second}.`]);
    expect(live(dir)).toBe(`${RELEASES_FOLDER}/${second}`);
  });
});

describe("the previous release's hashed files, for pages still open", () => {
  it('carries the scripts, pictures, search files and sounds the new site no longer has for a day after they were dropped, then lets them go', () => {
    const { dir, env } = target(2);
    const at = (hours: number) => new Date(Date.UTC(2026, 10, 29, 6) + hours * 3_600_000);
    const withAssets = (version: string, assets: Record<string, string>) => {
      const made = site(version);
      for (const folder of ['_images', 'pagefind/index', 'reader/audio']) mkdirSync(join(made, folder), { recursive: true });
      for (const [path, text] of Object.entries(assets)) writeFileSync(join(made, path), text);
      return made;
    };
    const ship = (version: string, assets: Record<string, string>, hours: number) =>
      releaseOf(deploy({ dir: withAssets(version, assets), env, log: quiet, now: at(hours) })).release;
    const oldAssets = {
      '_astro/news.OLD1.js': 'old chunk',
      '_images/k1-400.avif': 'old picture',
      'pagefind/index/zh-TW_0ec1e95.pf_index': 'old search chunk',
      // The search lexicon of the shape v1's code reads (src/browser/search-source.ts LEXICON_FORMAT), which v2 writes
      // in a new shape under a new number.
      'pagefind/site-lexicon.2.json': 'old shape lexicon',
      'reader/audio/5f2c.mp3': 'old sound',
    };
    ship('v1', { ...oldAssets, 'old-page.html': 'gone page' }, 0);
    const newAssets = { '_astro/news.NEW2.js': 'new chunk', 'pagefind/site-lexicon.3.json': 'new shape lexicon' };
    const second = ship('v2', newAssets, 1);
    // A page of v1 open in a browser still finds its chunk, its picture, its search chunks and lexicon and its sound; a
    // page v2 removed is gone.
    for (const [path, text] of Object.entries(oldAssets)) expect(page(dir, path)).toBe(text);
    expect(page(dir, 'pagefind/site-lexicon.3.json'), "v2's pages read the new shape").toBe('new shape lexicon');
    expect(existsSync(join(dir, CURRENT_LINK, 'old-page.html'))).toBe(false);
    expect(
      readFileSync(join(dir, RELEASES_FOLDER, `.carried-${second}`), 'utf8')
        .split('\n')
        .filter(Boolean)
        .sort(),
    ).toEqual(
      Object.keys(oldAssets)
        .map((path) => `${at(1).toISOString()} ${path}`)
        .sort(),
    );
    // Still within the day since v2 dropped them: carried on, with the time they were first dropped.
    ship('v3', newAssets, 20);
    expect(page(dir, '_astro/news.OLD1.js')).toBe('old chunk');
    // A day after: gone, and the carried file of the pruned release with it (DEPLOY_KEEP_RELEASES 2).
    const fourth = ship('v4', newAssets, 26);
    expect(existsSync(join(dir, CURRENT_LINK, '_astro/news.OLD1.js'))).toBe(false);
    expect(page(dir, '_astro/news.NEW2.js')).toBe('new chunk');
    expect(existsSync(join(dir, RELEASES_FOLDER, `.carried-${fourth}`))).toBe(false);
    expect(existsSync(join(dir, RELEASES_FOLDER, `.carried-${second}`))).toBe(false);
  });
});

describe('two deploys at once', () => {
  it('the second stops at once naming the first and changes nothing; the first goes live whole', async () => {
    const { dir, env } = target();
    const old = ship('v1', env);
    const marker = join(tempDir('deploy-overlap'), 'half-written');
    // The first deploy pauses for 2 s after writing 3 of its 6 files (a slow disk), holding the target.
    const first = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { deploy } = await import(${JSON.stringify(pathToFileURL(DEPLOY_SCRIPT).href)});
         const { writeFileSync } = await import('node:fs');
         const pause = new Int32Array(new SharedArrayBuffer(4));
         deploy({ dir: process.argv[1], log: () => {}, onFileWritten: (path, written) => {
           if (written === 3) { writeFileSync(process.argv[2], ''); Atomics.wait(pause, 0, 0, 2000); }
         } });`,
        site('v2'),
        marker,
      ],
      { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let firstErrors = '';
    first.stderr?.on('data', (chunk) => (firstErrors += chunk));
    const firstExit = new Promise<number | null>((resolveExit) => first.once('exit', (code) => resolveExit(code)));
    for (let waited = 0; !existsSync(marker); waited += 20) {
      if (waited > 15_000) throw new Error(`The first deploy did not start: ${firstErrors}`);
      await new Promise((resolveWait) => setTimeout(resolveWait, 20));
    }
    const second = spawnSync(process.execPath, [DEPLOY_SCRIPT, '--dir', site('v3')], { env: { ...process.env, ...env }, encoding: 'utf8' });
    expect(second.status, second.stderr).toBe(75);
    expect(second.stderr).toContain(`✖ Another run holds the lock of the deploy target ${dir}: deploy of `);
    expect(second.stderr).toMatch(new RegExp(`\\(pid ${first.pid} on `));
    expect(await firstExit, firstErrors).toBe(0);
    const [, made] = releases(dir);
    expect(releases(dir)).toEqual([old, made]);
    expect(live(dir)).toBe(`${RELEASES_FOLDER}/${made}`);
    expect(
      readdirSync(join(dir, CURRENT_LINK), { recursive: true })
        .filter((path) => String(path).includes('.'))
        .sort(),
    ).toEqual(['404.html', '_astro/app.3f2a1b.js', 'build-report.json', 'index.html', 'news/index.html', 'nginx.conf']);
    expect(page(dir, 'index.html')).toContain('首頁 v2');
    // No lock is left: the next deploy goes on.
    expect(releaseOf(deploy({ dir: site('v4'), env, log: quiet })).replaced).toBe(made);
  });
});

describe('an interrupted deploy', () => {
  it('leaves the old site answering under nginx while killed half-way; the next deploy cleans up and goes live', async () => {
    const { dir, env } = target();
    const old = ship('v1', env);
    const nginx = await startNginx({ dist: join(dir, CURRENT_LINK), portalUrl: 'http://127.0.0.1:9' });
    try {
      const get = async (path: string) => {
        const response = await fetch(`${nginx.url}${path}`);
        return { status: response.status, text: await response.text() };
      };
      expect(await get('/')).toEqual({ status: 200, text: '<!doctype html><h1>首頁 v1</h1>' });
      // A deploy process killed (SIGKILL: no clean-up of any kind) after writing 3 of the new release's 6 files.
      const killed = spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const { deploy } = await import(${JSON.stringify(pathToFileURL(DEPLOY_SCRIPT).href)});
           deploy({ dir: process.argv[1], log: () => {}, onFileWritten: (path, written) => { if (written === 3) process.kill(process.pid, 'SIGKILL'); } });`,
          site('v2'),
        ],
        { env: { ...process.env, ...env }, encoding: 'utf8' },
      );
      expect(killed.signal, killed.stderr).toBe('SIGKILL');
      const partial = readdirSync(join(dir, RELEASES_FOLDER)).filter((name) => name.startsWith(PARTIAL_PREFIX));
      expect(partial).toHaveLength(1);
      expect(readdirSync(join(dir, RELEASES_FOLDER, partial[0]), { recursive: true }).length).toBeGreaterThan(0);
      expect(live(dir)).toBe(`${RELEASES_FOLDER}/${old}`);
      expect(await get('/')).toEqual({ status: 200, text: '<!doctype html><h1>首頁 v1</h1>' });
      expect(await get('/news/')).toEqual({ status: 200, text: '<!doctype html><h1>最新消息 v1</h1>' });
      expect(rollback.bind(null, { env, log: quiet })).toThrow('Nothing to roll back to');

      const next = releaseOf(deploy({ dir: site('v3'), env, log: quiet }));
      expect(next.cleaned).toEqual(partial);
      expect(readdirSync(join(dir, RELEASES_FOLDER)).sort()).toEqual([old, next.release]);
      expect(await get('/')).toEqual({ status: 200, text: '<!doctype html><h1>首頁 v3</h1>' });
      expect(await get('/news/')).toEqual({ status: 200, text: '<!doctype html><h1>最新消息 v3</h1>' });
    } finally {
      await nginx.close();
    }
  });

  it('leaves the live release and no half-written folder when a write fails', () => {
    const { dir, env } = target();
    const old = ship('v1', env);
    const failing = () =>
      deploy({
        dir: site('v2'),
        env,
        log: quiet,
        onFileWritten: (_path: string, written: number) => {
          if (written === 2) throw new Error('ENOSPC: no space left on device');
        },
      });
    expect(failing).toThrow('ENOSPC');
    expect(readdirSync(join(dir, RELEASES_FOLDER))).toEqual([old]);
    expect(live(dir)).toBe(`${RELEASES_FOLDER}/${old}`);
    expect(page(dir, 'index.html')).toContain('首頁 v1');
  });
});
