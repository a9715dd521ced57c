/**
 * Atomic deploys to a server over SSH (scripts/deploy.mjs with scripts/lib/deploy-ssh.mjs), against a real OpenSSH
 * server started on 127.0.0.1 with a throwaway key (scripts/lib/sshd.mjs) and real nginx whose `root` is the target's
 * `current` symlink, as .github/OPERATIONS.md tells an operator to set it up:
 * - a DEPLOY_TARGET `ssh://user@host:port/path` (or `user@host:/path`) makes each deploy a new release on the server,
 *   uploaded by rsync with the files unchanged since the live release as hard links to it, then switched live; nginx
 *   serves the new site; the newest DEPLOY_KEEP_RELEASES stay; a dry run lists and changes nothing;
 * - an upload killed half-way leaves the old site answering under nginx, and the next deploy removes what it wrote;
 * - `npm run rollback` over SSH makes the previous release live again;
 * - the live release's hashed files the new site no longer has stay for a day (carried into the new release);
 * - DEPLOY_RELOAD_COMMAND runs on the server after every switch; a failing one makes the release live before live again;
 * - a second deploy while one uploads stops at once, naming it (the target's lock on the server), and changes nothing;
 * - a server whose host key is not the one DEPLOY_SSH_KNOWN_HOSTS names gets nothing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CURRENT_LINK, deploy, PARTIAL_PREFIX, RELEASES_FOLDER, rollback } from '../../scripts/deploy.mjs';
import { parseSshTarget } from '../../scripts/lib/deploy-ssh.mjs';
import { startNginx } from '../../scripts/lib/nginx.mjs';
import { startSshd } from '../../scripts/lib/sshd.mjs';
import { tempDir } from '../build/run-build';

const quiet = () => {};
const DEPLOY_SCRIPT = resolve('scripts/deploy.mjs');
/** The nginx include of the tiny sites: directory indexes and the 404 page, as dist/nginx.conf does. */
const NGINX_INCLUDE = 'index index.html;\nerror_page 404 /404.html;\nlocation / { try_files $uri $uri/ =404; }\n';
/** Size of the large file of the interrupted upload, and the upload's speed limit in KiB/s (rsync --bwlimit). */
const LARGE_FILE_BYTES = 2 * 1024 * 1024;
const SLOW_UPLOAD_KIB_PER_SECOND = 64;
/** Size of the large file of the deploy a second one overlaps: about 3 s at that speed. */
const OVERLAP_FILE_BYTES = 192 * 1024;

let sshd: Awaited<ReturnType<typeof startSshd>>;
beforeAll(async () => {
  sshd = await startSshd();
});
afterAll(async () => {
  await sshd?.close();
});

/**
 * A complete tiny built site whose pages say `version`; its script asset is shared by every version (unchanged).
 * @returns the site's folder
 */
function site(version: string, extra: Record<string, Buffer | string> = {}): string {
  const dir = tempDir(`ssh-site-${version}`);
  mkdirSync(join(dir, 'news'));
  mkdirSync(join(dir, '_astro'));
  writeFileSync(join(dir, 'index.html'), `<!doctype html><h1>首頁 ${version}</h1>`);
  writeFileSync(join(dir, 'news', 'index.html'), `<!doctype html><h1>最新消息 ${version}</h1>`);
  writeFileSync(join(dir, '404.html'), '<!doctype html><h1>找不到網頁</h1>');
  writeFileSync(join(dir, 'build-report.json'), JSON.stringify({ version }));
  writeFileSync(join(dir, '_astro', 'app.3f2a1b.js'), 'console.log("app");'.repeat(100));
  writeFileSync(join(dir, 'nginx.conf'), NGINX_INCLUDE);
  for (const [path, content] of Object.entries(extra)) writeFileSync(join(dir, path), content);
  return dir;
}

/**
 * A new folder on the server (not created yet), the DEPLOY_TARGET naming it over SSH and the environment to deploy.
 * `name` is the folder's own name (one nginx's `root` can take unquoted, unless no nginx serves it).
 */
function target(extra: Record<string, string> = {}, name = 'srv-site') {
  const dir = join(tempDir('ssh-target'), name);
  const env = {
    DEPLOY_TARGET: sshd.target(dir),
    DEPLOY_SSH_KEY: sshd.privateKey,
    DEPLOY_SSH_KNOWN_HOSTS: sshd.knownHosts,
    ...extra,
  };
  return { dir, env };
}

const live = (dir: string) => readlinkSync(join(dir, CURRENT_LINK));
const releases = (dir: string) =>
  readdirSync(join(dir, RELEASES_FOLDER))
    .filter((name) => !name.startsWith('.'))
    .sort();
/** Deploys the tiny site `version` over SSH and returns the new release's name. */
function ship(version: string, env: Record<string, string>): string {
  const result = deploy({ dir: site(version), env, log: quiet });
  if (!result.release) throw new Error(`No release for ${version}`);
  return result.release.release;
}

/** nginx serving the target's `current`, as in production; `get` answers with status and body. */
async function serve(dir: string) {
  const nginx = await startNginx({ dist: join(dir, CURRENT_LINK), portalUrl: 'http://127.0.0.1:9' });
  const get = async (path: string) => {
    const response = await fetch(`${nginx.url}${path}`);
    return { status: response.status, text: await response.text() };
  };
  return { get, close: nginx.close };
}

/** Search chunks a release drops in the test of many carried files. */
const CARRIED_CHUNKS = 4_000;

/** Time limit of one test over SSH, in ms: every deploy opens four SSH connections, slow on a busy 2-core machine. */
const SSH_TEST_TIMEOUT_MS = 180_000;

describe('DEPLOY_TARGET over SSH', { timeout: SSH_TEST_TIMEOUT_MS }, () => {
  it('uploads a release, switches current and nginx serves it; the next deploy links the unchanged files', async () => {
    const { dir, env } = target();
    const first = ship('v1', env);
    expect(live(dir)).toBe(`${RELEASES_FOLDER}/${first}`);
    const nginx = await serve(dir);
    try {
      expect(await nginx.get('/')).toEqual({ status: 200, text: '<!doctype html><h1>首頁 v1</h1>' });
      const result = deploy({ dir: site('v2'), env, log: quiet });
      const second = result.release?.release ?? '';
      expect(result.deployed).toBe(true);
      expect(result.release?.replaced).toBe(first);
      expect(releases(dir)).toEqual([first, second]);
      expect(live(dir)).toBe(`${RELEASES_FOLDER}/${second}`);
      expect(await nginx.get('/')).toEqual({ status: 200, text: '<!doctype html><h1>首頁 v2</h1>' });
      expect(await nginx.get('/news/')).toEqual({ status: 200, text: '<!doctype html><h1>最新消息 v2</h1>' });
      // Unchanged files are one file on disk in both releases (rsync --link-dest); the changed pages are not.
      const inode = (release: string, path: string) => statSync(join(dir, RELEASES_FOLDER, release, path)).ino;
      expect(inode(first, '_astro/app.3f2a1b.js')).toBe(inode(second, '_astro/app.3f2a1b.js'));
      expect(inode(first, 'index.html')).not.toBe(inode(second, 'index.html'));
      expect(result.plan.unchanged).toBe(3);
      expect(result.plan.upload.map((file) => file.path).sort()).toEqual(['build-report.json', 'index.html', 'news/index.html']);
    } finally {
      await nginx.close();
    }
  });

  it('keeps the newest DEPLOY_KEEP_RELEASES releases, and a dry run lists and changes nothing', () => {
    // A folder name with a space and a quote reaches the server's shell and rsync as one argument.
    const { dir, env } = target({ DEPLOY_KEEP_RELEASES: '1' }, "srv site's");
    const names = ['v1', 'v2'].map((version) => ship(version, env));
    expect(releases(dir)).toEqual(names.slice(1));
    const lines: string[] = [];
    const dry = deploy({ dir: site('v4'), dryRun: true, env, log: (line: string) => lines.push(line) });
    expect(dry.deployed).toBe(false);
    expect(lines).toContain(`  copy index.html (${Buffer.byteLength('<!doctype html><h1>首頁 v4</h1>')} bytes)`);
    expect(lines).toContain(`  would delete old release ${names[1]} (DEPLOY_KEEP_RELEASES = 1)`);
    expect(lines.at(-1)).toBe('3 unchanged, 0 to remove. Nothing was changed.');
    expect(readdirSync(join(dir, RELEASES_FOLDER)).sort()).toEqual(names.slice(1));
    expect(live(dir)).toBe(`${RELEASES_FOLDER}/${names[1]}`);
  });

  it('leaves the old site serving when the upload is killed half-way; the next deploy cleans up and goes live', async () => {
    const { dir, env } = target();
    const old = ship('v1', env);
    const nginx = await serve(dir);
    try {
      // A slow upload (rsync --bwlimit) of a large file, killed with everything it started (ssh, rsync) mid-way.
      const work = tempDir('ssh-killed-deploy');
      const big = site('v2', { 'zz-large.bin': randomBytes(LARGE_FILE_BYTES) });
      const child = spawn(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const { deploy } = await import(${JSON.stringify(pathToFileURL(DEPLOY_SCRIPT).href)});
           deploy({ dir: process.argv[1], log: () => {}, rsyncArgs: ['--bwlimit=${SLOW_UPLOAD_KIB_PER_SECOND}'] });`,
          big,
        ],
        { env: { ...process.env, ...env, TMPDIR: work }, detached: true, stdio: 'ignore' },
      );
      const exited = new Promise((resolveExit) => child.once('exit', (_code, signal) => resolveExit(signal)));
      const folder = join(dir, RELEASES_FOLDER);
      const partial = () => readdirSync(folder).find((name) => name.startsWith(PARTIAL_PREFIX));
      // Killed once the new home page is on the server and the large file is being written.
      const uploading = () => {
        const name = partial();
        if (!name || !existsSync(join(folder, name, 'index.html'))) return false;
        return readdirSync(join(folder, name)).some((file) => file.startsWith('.zz-large.bin.') && statSync(join(folder, name, file)).size > 0);
      };
      for (let waited = 0; !uploading(); waited += 50) {
        if (waited > 15_000) throw new Error(`The upload did not start: ${readdirSync(folder)}`);
        await new Promise((resolveWait) => setTimeout(resolveWait, 50));
      }
      process.kill(-(child.pid ?? 0), 'SIGKILL');
      expect(await exited).toBe('SIGKILL');
      // The SSH connection the killed deploy shared (ControlPersist) would outlive it for a while: end it now.
      for (const session of readdirSync(work)) {
        spawnSync('ssh', ['-o', `ControlPath ${join(work, session, 'connection')}`, '-O', 'exit', '127.0.0.1'], { stdio: 'ignore' });
      }
      const left = partial() ?? '';
      expect(readFileSync(join(folder, left, 'index.html'), 'utf8')).toContain('首頁 v2');
      expect(live(dir)).toBe(`${RELEASES_FOLDER}/${old}`);
      expect(await nginx.get('/')).toEqual({ status: 200, text: '<!doctype html><h1>首頁 v1</h1>' });
      expect(await nginx.get('/news/')).toEqual({ status: 200, text: '<!doctype html><h1>最新消息 v1</h1>' });
      expect((await nginx.get('/zz-large.bin')).status).toBe(404);

      const next = deploy({ dir: site('v3'), env, log: quiet });
      expect(next.release?.cleaned).toEqual([left]);
      expect(readdirSync(folder).sort()).toEqual([old, next.release?.release]);
      expect(await nginx.get('/')).toEqual({ status: 200, text: '<!doctype html><h1>首頁 v3</h1>' });
    } finally {
      await nginx.close();
    }
  });

  it('a second deploy while one uploads stops at once naming it, changes nothing, and the first goes live whole', async () => {
    const { dir, env } = target();
    const old = ship('v1', env);
    // The first deploy uploads a large file slowly (rsync --bwlimit), holding the target's lock on the server.
    const big = site('v2', { 'zz-large.bin': randomBytes(OVERLAP_FILE_BYTES) });
    const first = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { deploy } = await import(${JSON.stringify(pathToFileURL(DEPLOY_SCRIPT).href)});
         deploy({ dir: process.argv[1], log: () => {}, rsyncArgs: ['--bwlimit=${SLOW_UPLOAD_KIB_PER_SECOND}'] });`,
        big,
      ],
      { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let firstErrors = '';
    first.stderr?.on('data', (chunk) => (firstErrors += chunk));
    const firstExit = new Promise<number | null>((resolveExit) => first.once('exit', (code) => resolveExit(code)));
    const folder = join(dir, RELEASES_FOLDER);
    const uploading = () => existsSync(folder) && readdirSync(folder).some((name) => name.startsWith(PARTIAL_PREFIX));
    for (let waited = 0; !uploading(); waited += 50) {
      if (waited > 30_000) throw new Error(`The first upload did not start: ${firstErrors}`);
      await new Promise((resolveWait) => setTimeout(resolveWait, 50));
    }
    const second = spawnSync(process.execPath, [DEPLOY_SCRIPT, '--dir', site('v3')], { env: { ...process.env, ...env }, encoding: 'utf8' });
    expect(second.status, second.stderr).toBe(75);
    expect(second.stderr).toContain(`✖ Another run holds the lock of the deploy target ${env.DEPLOY_TARGET}: deploy of ${big}`);
    expect(readdirSync(folder).filter((name) => name.startsWith(PARTIAL_PREFIX))).toHaveLength(1);
    expect(live(dir)).toBe(`${RELEASES_FOLDER}/${old}`);
    expect(await firstExit, firstErrors).toBe(0);
    const [, made] = releases(dir);
    expect(releases(dir)).toEqual([old, made]);
    expect(live(dir)).toBe(`${RELEASES_FOLDER}/${made}`);
    expect(statSync(join(dir, CURRENT_LINK, 'zz-large.bin')).size).toBe(OVERLAP_FILE_BYTES);
    expect(readdirSync(join(dir, CURRENT_LINK)).sort()).toEqual([
      '404.html',
      '_astro',
      'build-report.json',
      'index.html',
      'news',
      'nginx.conf',
      'zz-large.bin',
    ]);
  });

  it("carries the live release's hashed files the new site no longer has into the new release, for a day", () => {
    const { dir, env } = target();
    const at = (hours: number) => new Date(Date.UTC(2026, 10, 29, 6) + hours * 3_600_000);
    const shipAt = (version: string, extra: Record<string, string>, hours: number) =>
      deploy({ dir: site(version, extra), env, log: quiet, now: at(hours) }).release?.release ?? '';
    shipAt('v1', { '_astro/news.OLD1.js': 'old chunk' }, 0);
    const second = shipAt('v2', {}, 1);
    expect(readFileSync(join(dir, CURRENT_LINK, '_astro/news.OLD1.js'), 'utf8')).toBe('old chunk');
    expect(readFileSync(join(dir, RELEASES_FOLDER, `.carried-${second}`), 'utf8')).toBe(`${at(1).toISOString()} _astro/news.OLD1.js\n`);
    shipAt('v3', {}, 26);
    expect(existsSync(join(dir, CURRENT_LINK, '_astro/news.OLD1.js'))).toBe(false);
  });

  it('carries thousands of search chunks, past what one command line of ssh can hold (a day of rebuilds)', () => {
    const { dir, env } = target();
    // 4,000 paths of about 50 characters: about 200 KB, past the 128 KiB Linux allows a single argument.
    const chunks = Object.fromEntries(
      Array.from({ length: CARRIED_CHUNKS }, (_, at) => [`pagefind/index/zh-TW_${String(at).padStart(7, '0')}a.pf_index`, `chunk ${at}`]),
    );
    const v1 = site('v1');
    mkdirSync(join(v1, 'pagefind', 'index'), { recursive: true });
    for (const [path, text] of Object.entries(chunks)) writeFileSync(join(v1, path), text);
    deploy({ dir: v1, env, log: quiet });
    const second = deploy({ dir: site('v2'), env, log: quiet }).release?.release ?? '';
    expect(
      readFileSync(join(dir, RELEASES_FOLDER, `.carried-${second}`), 'utf8')
        .split('\n')
        .filter(Boolean),
    ).toHaveLength(CARRIED_CHUNKS);
    expect(readFileSync(join(dir, CURRENT_LINK, 'pagefind/index/zh-TW_0003999a.pf_index'), 'utf8')).toBe('chunk 3999');
  });

  it('runs DEPLOY_RELOAD_COMMAND on the server after each switch, deploy and rollback; a failing one switches back', () => {
    const { dir, env } = target();
    const log = join(tempDir('ssh-reload'), 'reloads.log');
    // What the server's reload sees: the release `current` points at when it runs.
    const withReload = { ...env, DEPLOY_RELOAD_COMMAND: `readlink ${dir}/${CURRENT_LINK} >> ${log}` };
    const first = ship('v1', withReload);
    const second = ship('v2', withReload);
    rollback({ env: withReload, log: quiet });
    expect(readFileSync(log, 'utf8').split('\n').filter(Boolean)).toEqual([first, second, first].map((name) => `${RELEASES_FOLDER}/${name}`));
    const failing = { ...env, DEPLOY_RELOAD_COMMAND: 'echo "nginx: configuration test failed" >&2; exit 7' };
    expect(() => deploy({ dir: site('v3'), env: failing, log: quiet })).toThrow(
      new RegExp(`DEPLOY_RELOAD_COMMAND failed on the server \\(exit 7\\): .*nginx: configuration test failed.*Release ${first} is live again`, 's'),
    );
    expect(live(dir)).toBe(`${RELEASES_FOLDER}/${first}`);
  });

  it('npm run rollback over SSH serves the previous release again', async () => {
    const { dir, env } = target();
    const first = ship('v1', env);
    const second = ship('v2', env);
    const nginx = await serve(dir);
    try {
      expect(await nginx.get('/')).toEqual({ status: 200, text: '<!doctype html><h1>首頁 v2</h1>' });
      const run = spawnSync(process.execPath, [DEPLOY_SCRIPT, '--rollback'], { env: { ...process.env, ...env }, encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain(`Rolled back ${env.DEPLOY_TARGET}: live now ${first}, replacing ${second}.`);
      expect(live(dir)).toBe(`${RELEASES_FOLDER}/${first}`);
      expect(await nginx.get('/')).toEqual({ status: 200, text: '<!doctype html><h1>首頁 v1</h1>' });
      expect(releases(dir)).toEqual([first, second]);
      const again = spawnSync(process.execPath, [DEPLOY_SCRIPT, '--rollback'], { env: { ...process.env, ...env }, encoding: 'utf8' });
      expect(again.status).toBe(1);
      expect(again.stderr).toContain(`Nothing to roll back to: no release before the live one (${first})`);
    } finally {
      await nginx.close();
    }
  });

  it('sends nothing to a server whose host key is not the one DEPLOY_SSH_KNOWN_HOSTS names', () => {
    const other = spawnSync('ssh-keygen', ['-y', '-f', sshd.keyFile], { encoding: 'utf8' }).stdout.trim();
    const { dir, env } = target({ DEPLOY_SSH_KNOWN_HOSTS: `[127.0.0.1]:${sshd.port} ${other}` });
    expect(() => deploy({ dir: site('v1'), env, log: quiet })).toThrow(/Host key verification failed/);
    expect(existsSync(dir)).toBe(false);
  });
});

describe('the publishing workflow', () => {
  it('deploys over SSH with the target, key and host keys from secrets, and is a dry run without a target', () => {
    const workflow = parse(readFileSync('.github/workflows/rebuild.yml', 'utf8')) as {
      jobs: Record<string, { steps: { run?: string; env?: Record<string, string> }[] }>;
    };
    const step = Object.values(workflow.jobs)[0].steps.find((one) => /^npm run rebuild\b/.test(one.run ?? ''));
    // biome-ignore-start lint/suspicious/noTemplateCurlyInString: the workflow's own expression syntax, not templates.
    expect(step?.env).toMatchObject({
      DEPLOY_TARGET: '${{ secrets.DEPLOY_TARGET }}',
      DEPLOY_SSH_KEY: '${{ secrets.DEPLOY_SSH_KEY }}',
      DEPLOY_SSH_KNOWN_HOSTS: '${{ secrets.DEPLOY_SSH_KNOWN_HOSTS }}',
    });
    // biome-ignore-end lint/suspicious/noTemplateCurlyInString: as above.
    expect(step?.run).toContain("secrets.DEPLOY_TARGET == ''");
  });
});

describe('DEPLOY_TARGET forms', () => {
  it.each([
    ['ssh://deploy@www.example.com:2222/srv/site', { user: 'deploy', host: 'www.example.com', port: 2222, path: '/srv/site' }],
    ['ssh://www.example.com/srv/my%20site/', { host: 'www.example.com', path: '/srv/my site' }],
    ['deploy@www.example.com:/srv/site', { user: 'deploy', host: 'www.example.com', path: '/srv/site' }],
    ['deploy@[2001:db8::1]:/srv/site', { user: 'deploy', host: '2001:db8::1', path: '/srv/site' }],
  ])('reads %s as a folder on a server', (value, parts) => {
    expect(parseSshTarget(value)).toEqual({ ...parts, display: value });
  });

  it.each(['/srv/site', './build:old/site', 'releases'])('reads %s as a local folder', (value) => {
    expect(parseSshTarget(value)).toBeUndefined();
  });

  it('refuses a folder on a server that is not an absolute path', () => {
    expect(() => parseSshTarget('deploy@www.example.com:srv/site')).toThrow(/must be an absolute path/);
  });
});
