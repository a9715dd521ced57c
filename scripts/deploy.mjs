#!/usr/bin/env node
/**
 * Deploys the built site (.github/OPERATIONS.md "Publishing"; atomic, REFERENCE.md "Publishing rules"):
 * `node scripts/deploy.mjs [--dry-run] [--dir dist]` (`npm run deploy -- --dry-run`), and rolls back:
 * `node scripts/deploy.mjs --rollback [--dry-run]` (`npm run rollback`). Called by scripts/rebuild.mjs only after
 * the build and the checks passed.
 *
 * Where to (environment):
 * - `DEPLOY_COMMAND`: a command template for a static CDN host, `{dir}` replaced by the absolute path of the
 *   site, e.g. `npx --yes wrangler pages deploy {dir} --project-name=site --branch=main` (Cloudflare Pages, which
 *   reads dist/_redirects) or `rsync -az --delete {dir}/ deploy@origin:/srv/site/dist/` (nginx, dist/nginx.conf).
 *   It runs without a shell (deployArgv): any path, with spaces or quotes, reaches the command as one argument;
 * - `DEPLOY_TARGET`: a folder on the web server holding releases (atomic deploys, REFERENCE.md "Publishing rules"; the scheme in
 *   scripts/lib/releases.mjs), here or on a server reached over SSH (`ssh://user@host[:port]/srv/site` or
 *   `user@host:/srv/site`: the same scheme with rsync `--link-dest` and a remote switch, scripts/lib/deploy-ssh.mjs):
 *     <DEPLOY_TARGET>/releases/<UTC time>-<site digest>/   one complete site per deploy
 *     <DEPLOY_TARGET>/current -> releases/<…>              the live site (nginx's `root`), a relative symlink
 *   A deploy writes the site into `releases/.partial-<name>/` (files unchanged since the live release are hard
 *   links to it, the others copies), renames that folder to `releases/<name>/` once complete, then makes it live
 *   with one rename(2) of a new symlink over `current` (atomic on POSIX: a request sees the old site or the new
 *   one, never a mix), then deletes the releases older than the newest DEPLOY_KEEP_RELEASES (never the live one)
 *   and those a rollback had left (newer than the release live before the deploy).
 *   A deploy that fails or is killed before the switch leaves `current` as it was; its `.partial-…` folder is
 *   removed by the next deploy. A site identical to the live release (same digest) is not deployed again.
 *   `rollback` points `current` at the release before the live one, in one rename, and says which.
 *   After every switch, deploy and rollback, DEPLOY_RELOAD_COMMAND (run by sh, on the server for a target over SSH)
 *   makes nginx read the new release's `nginx.conf` (its redirects and headers: the CSP hashes of the new inline
 *   scripts); when it fails, `current` goes back to the release live before and the deploy or rollback fails.
 *   Unset, the log says that the new include waits for nginx's next reload.
 * `--dry-run` changes nothing: it lists what would be uploaded (against DEPLOY_TARGET: the files to copy rather than
 * link, the pages that go away, the release that would go live and the releases and half-written folders that would
 * be deleted; otherwise every file) and the command that would run.
 *
 * One at a time: a deploy or rollback (not a dry run) holds the target's lock, `<DEPLOY_TARGET>/.deploy.lock`
 * (scripts/lib/run-lock.mjs: flock(1), here or on the server over SSH); a second one stops at once with
 * LockBusyError naming the first, before reading or writing anything; a killed one lets go by itself.
 *
 * Guard: refuses a site without index.html, 404.html and build-report.json (a partial or empty dist/), and a
 * DEPLOY_TARGET whose `current` is not a symlink into `releases/` (never replaced). The site files the earlier
 * mirroring deploy left at the top of DEPLOY_TARGET are left alone, and named in the log.
 * Exit code: 0 when deployed, rolled back (or planned); 75 when another deploy or rollback holds the target; 1 on a refused site, a missing target in real mode, a failed
 * command, or a rollback with no release before the live one.
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { quote as quoteShellWords } from 'shell-quote';
import { readSettings } from '../src/settings.ts';
import { deployArgv } from './lib/deploy-command.mjs';
import { reloadAfterSwitch } from './lib/deploy-reload.mjs';
import { deployOverSsh, parseSshTarget, rollbackOverSsh } from './lib/deploy-ssh.mjs';
import { withLock } from './lib/run-lock.mjs';
import {
  carriedFile,
  carriedText,
  carryOver,
  CURRENT_LINK,
  DEPLOY_LOCK_FILE,
  dryRunLines,
  nextRelease,
  PARTIAL_PREFIX,
  previousRelease,
  RELEASES_FOLDER,
  REQUIRED_FILES,
  releasesFrom,
} from './lib/releases.mjs';

export { CURRENT_LINK, deployArgv, PARTIAL_PREFIX, RELEASES_FOLDER, REQUIRED_FILES };

/** Every file under `dir`, as paths relative to it with `/`, sorted. */
function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

const digest = (file) => createHash('sha1').update(readFileSync(file)).digest('hex');

/**
 * Refuses a folder that is not a complete build (REQUIRED_FILES).
 * @param {string} dir the built site
 * @throws {Error} naming the missing files.
 */
function refuseIncomplete(dir) {
  const missing = REQUIRED_FILES.filter((file) => !existsSync(join(dir, file)));
  if (missing.length > 0) throw new Error(`Refusing to deploy ${dir}: not a complete build (missing ${missing.join(', ')}).`);
}

/**
 * What a deploy of `dir` would do, compared with the live site.
 * @param {string} dir the built site
 * @param {{ live?: string, digest?: boolean }} [against] `live`: the live site's folder (DEPLOY_TARGET's current
 *   release; absent: every file is an upload); `digest`: also compute the site's digest (reads every file)
 * @returns {{ upload: { path: string, bytes: number }[], remove: string[], unchanged: number, link: string[],
 *   digest?: string }} paths relative to the site; `upload` the new and changed files, ordered assets first, HTML
 *   last; `remove` the live files the site no longer has; `link` the unchanged ones (`unchanged` their count);
 *   `digest` the site's sha1 in hex over every path and content (with `against.digest`).
 * @throws {Error} naming the missing files when `dir` is not a complete build.
 */
export function planDeploy(dir, { live, digest: withDigest = false } = {}) {
  refuseIncomplete(dir);
  const files = listFiles(dir);
  const present = new Set(files);
  const site = withDigest ? createHash('sha1') : undefined;
  const upload = [];
  const link = [];
  for (const path of files) {
    const source = join(dir, path);
    const bytes = statSync(source).size;
    const hash = site || live ? digest(source) : undefined;
    site?.update(`${path}\0${hash}\n`);
    const existing = live === undefined ? undefined : join(live, path);
    if (existing && existsSync(existing) && statSync(existing).size === bytes && digest(existing) === hash) link.push(path);
    else upload.push({ path, bytes });
  }
  upload.sort((a, b) => Number(a.path.endsWith('.html')) - Number(b.path.endsWith('.html')) || a.path.localeCompare(b.path));
  const remove = live === undefined ? [] : listFiles(live).filter((path) => !present.has(path));
  return { upload, remove, unchanged: link.length, link, ...(site ? { digest: site.digest('hex') } : {}) };
}

/**
 * The releases under a local DEPLOY_TARGET.
 * @param {string} target absolute path of DEPLOY_TARGET
 * @returns {{ releases: string[], current?: string, partial: string[] }} complete release names, oldest first; the
 *   live one (where `current` points); the names of the half-written folders in `releases/`.
 * @throws {Error} when `current` exists but is not a symlink to a release in `releases/` (releasesFrom).
 */
export function readReleases(target) {
  const folder = join(target, RELEASES_FOLDER);
  const names = existsSync(folder) ? readdirSync(folder) : [];
  const link = join(target, CURRENT_LINK);
  let stat;
  try {
    stat = lstatSync(link);
  } catch {
    return releasesFrom({ where: target, names });
  }
  return releasesFrom({ where: target, names, link: stat.isSymbolicLink() ? readlinkSync(link) : null });
}

/**
 * Makes a release live: a new symlink beside `current`, renamed over it (one rename(2), atomic on POSIX).
 * @param {string} target absolute path of DEPLOY_TARGET
 * @param {string} name a complete release in `releases/`
 */
function switchCurrent(target, name) {
  const temporary = join(target, `.${CURRENT_LINK}-${randomBytes(4).toString('hex')}`);
  symlinkSync(`${RELEASES_FOLDER}/${name}`, temporary);
  renameSync(temporary, join(target, CURRENT_LINK));
}

/** Hard-links `from` to `to`, or copies it where the file system has no hard links. */
function linkOrCopy(from, to) {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

/**
 * Writes the site as a new release and makes it live (DEPLOY_TARGET mode of {@link deploy}).
 * @returns {{ release: string, replaced?: string, pruned: string[], cleaned: string[] } | undefined} undefined when
 *   the live release already is this site
 */
function deployRelease({ site, target, plan, now, keep, dryRun, log, onFileWritten, reload }) {
  const { releases, current, partial } = readReleases(target);
  const next = nextRelease({ releases, current, now, digest: plan.digest, keep, where: target });
  if ('alreadyLive' in next) {
    log(`Release ${current} in ${target} already is this site: nothing to deploy.`);
    return undefined;
  }
  const { release, pruned } = next;
  const bytes = plan.upload.reduce((sum, file) => sum + file.bytes, 0);
  log(
    `${dryRun ? 'Dry run: would copy' : 'Copying'} ${plan.upload.length} files (${bytes} bytes) and link ${plan.unchanged} unchanged ` +
      `into release ${release} in ${target}${current ? ` (live: ${current})` : ''}`,
  );
  if (existsSync(join(target, REQUIRED_FILES[0]))) {
    log(
      `  note: ${join(target, REQUIRED_FILES[0])} and the files beside it are the earlier mirroring deploy's, left alone: nginx serves ${join(target, CURRENT_LINK)}.`,
    );
  }
  if (dryRun) {
    for (const line of dryRunLines(plan, next, partial, keep)) log(line);
    return { release, replaced: current, pruned, cleaned: partial };
  }
  const folder = join(target, RELEASES_FOLDER);
  for (const name of partial) rmSync(join(folder, name), { recursive: true, force: true });
  const staging = join(folder, `${PARTIAL_PREFIX}${release}`);
  const live = current ? join(folder, current) : undefined;
  // The live release's hashed files the new site no longer has, for the pages still open (ASSET_GRACE_MS).
  const carriedBefore = current && existsSync(join(folder, carriedFile(current))) ? readFileSync(join(folder, carriedFile(current)), 'utf8') : '';
  const carried = current ? carryOver(plan.remove, carriedBefore, now) : [];
  mkdirSync(staging, { recursive: true });
  try {
    let written = 0;
    const write = (path, put) => {
      const destination = join(staging, path);
      mkdirSync(dirname(destination), { recursive: true });
      put(join(site, path), destination);
      written += 1;
      onFileWritten?.(path, written);
    };
    for (const path of plan.link) write(path, (_, destination) => linkOrCopy(join(live, path), destination));
    for (const file of plan.upload) write(file.path, copyFileSync);
    for (const file of carried) write(file.path, (_, destination) => linkOrCopy(join(live, file.path), destination));
    if (carried.length > 0) writeFileSync(join(folder, carriedFile(release)), carriedText(carried));
    renameSync(staging, join(folder, release));
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  switchCurrent(target, release);
  reloadAfterSwitch(reload, log, () => current && switchCurrent(target, current), { live: release, before: current });
  for (const name of pruned) {
    rmSync(join(folder, name), { recursive: true, force: true });
    rmSync(join(folder, carriedFile(name)), { force: true });
  }
  log(
    `Deployed release ${release} to ${target}: ${plan.upload.length} copied, ${plan.unchanged} linked, ${plan.remove.length} gone ` +
      `(${carried.length} hashed file(s) of earlier releases kept for open pages); ` +
      `live now (replaced ${current ?? 'nothing'}); ${pruned.length} old release(s) deleted, ${partial.length} half-written removed.`,
  );
  return { release, replaced: current, pruned, cleaned: partial };
}

/**
 * Deploys (or plans) the site.
 * @param {{ dir?: string, dryRun?: boolean, env?: NodeJS.ProcessEnv, settings?: import('../src/settings.ts').Settings,
 *   log?: (line: string) => void, now?: Date, onFileWritten?: (path: string, written: number) => void,
 *   rsyncArgs?: string[] }} [options] `env`: the DEPLOY_COMMAND's environment; `settings`: the DEPLOY_* variables,
 *   as the caller's entry point read them (`npm run rebuild`), else read here from `env`, deploy being the entry point
 *   of `npm run deploy` and of the tests; `now` names the
 *   release (default: the clock); `onFileWritten` is called after each file of a new release is written, before the
 *   switch (tests interrupt a local deploy there); `rsyncArgs` extra rsync options of a deploy over SSH (tests slow
 *   its upload with `--bwlimit` to interrupt it).
 * @returns {{ deployed: boolean, plan: ReturnType<typeof planDeploy>, command?: string,
 *   release?: { release: string, replaced?: string, pruned: string[], cleaned: string[] } }} `deployed` false on a
 *   dry run and when DEPLOY_TARGET's live release already is this site; `release` in DEPLOY_TARGET mode
 * @throws {Error} on a partial site, a DEPLOY_COMMAND that needs a shell (deployArgv), no target in real mode, a
 *   command that cannot start or exits non-zero, a DEPLOY_TARGET whose `current` is not a release symlink, or a
 *   failed write or upload, ssh or rsync included (the live site then stays as it was).
 */
export function deploy({
  dir = 'dist',
  dryRun = false,
  env = process.env,
  settings = readSettings(env),
  log = console.log,
  now = new Date(),
  onFileWritten,
  rsyncArgs,
} = {}) {
  const site = resolve(dir);
  const template = settings.DEPLOY_COMMAND;
  const remote = settings.DEPLOY_TARGET && !template ? parseSshTarget(settings.DEPLOY_TARGET) : undefined;
  if (remote) {
    const plan = planDeploy(site, { digest: true });
    const release = deployOverSsh({ site, target: remote, plan, settings, now, dryRun, log, rsyncArgs });
    const sent = new Set(release?.upload.map((file) => file.path));
    const link = plan.upload.filter((file) => !sent.has(file.path)).map((file) => file.path);
    const files = release ? { upload: release.upload, remove: release.remove, unchanged: link.length, link } : {};
    return {
      deployed: !dryRun && release !== undefined,
      plan: { ...plan, ...files },
      ...(release ? { release: { release: release.release, replaced: release.replaced, pruned: release.pruned, cleaned: release.cleaned } } : {}),
    };
  }
  const target = settings.DEPLOY_TARGET ? resolve(settings.DEPLOY_TARGET) : undefined;
  if (target && !template) {
    // Before the lock, which makes the target's folder: a refused site creates nothing.
    refuseIncomplete(site);
    return targetLock(target, `deploy of ${site}`, dryRun, () => {
      const live = readReleases(target).current;
      const plan = planDeploy(site, { live: live && join(target, RELEASES_FOLDER, live), digest: true });
      const keep = settings.DEPLOY_KEEP_RELEASES;
      const release = deployRelease({ site, target, plan, now, keep, dryRun, log, onFileWritten, reload: settings.DEPLOY_RELOAD_COMMAND });
      return { deployed: !dryRun && release !== undefined, plan, ...(release ? { release } : {}) };
    });
  }
  const plan = planDeploy(site);
  // Parsed before anything runs, so that a template needing a shell is refused even on a dry run.
  const argv = template ? deployArgv(template, site, env) : undefined;
  // For the log: the template as written (its $NAMEs unexpanded: no secret is printed), the path quoted for sh.
  const command = template?.replaceAll('{dir}', quoteShellWords([site]));
  const bytes = plan.upload.reduce((sum, file) => sum + file.bytes, 0);
  const where = command ? `with: ${command}` : '(no DEPLOY_TARGET or DEPLOY_COMMAND set)';
  log(`${dryRun ? 'Dry run: would upload' : 'Uploading'} ${plan.upload.length} files (${bytes} bytes) ${where}`);
  if (dryRun) {
    for (const file of plan.upload) log(`  upload ${file.path} (${file.bytes} bytes)`);
    log('Nothing was changed.');
    return { deployed: false, plan, command };
  }
  if (!argv) throw new Error('Nowhere to deploy: set DEPLOY_COMMAND or DEPLOY_TARGET (or use --dry-run).');
  const result = spawnSync(argv.file, argv.args, { stdio: 'inherit', env: { ...env, ...argv.env } });
  if (result.error) throw new Error(`Deploy command could not start (${result.error.message}): ${command}`);
  if (result.status !== 0) throw new Error(`Deploy command failed (exit ${result.status ?? result.signal}): ${command}`);
  return { deployed: true, plan, command };
}

/**
 * Rolls DEPLOY_TARGET back (`npm run rollback`, under a second): `current` points at the release before the live
 * one, in one rename; both stay on disk (a deploy or another rollback can follow).
 * @param {{ dryRun?: boolean, env?: NodeJS.ProcessEnv, settings?: import('../src/settings.ts').Settings,
 *   log?: (line: string) => void }} [options] `settings`: as deploy's (default: read from `env`)
 * @returns {{ live: string, previous: string, replaced: string, rolledBack: boolean }} the release live after the
 *   call, the one before the live one, and the one live before the call
 * @throws {Error} without DEPLOY_TARGET, with nothing live, or with no release before the live one.
 */
export function rollback({ dryRun = false, env = process.env, settings = readSettings(env), log = console.log } = {}) {
  if (!settings.DEPLOY_TARGET)
    throw new Error('Nothing to roll back: DEPLOY_TARGET is not set (a DEPLOY_COMMAND host rolls back with its own tools).');
  const remote = parseSshTarget(settings.DEPLOY_TARGET);
  if (remote) return rollbackOverSsh({ target: remote, settings, dryRun, log });
  const target = resolve(settings.DEPLOY_TARGET);
  return targetLock(target, 'rollback', dryRun, () => {
    const { releases, current } = readReleases(target);
    const previous = previousRelease({ releases, current, where: target });
    if (!dryRun) {
      switchCurrent(target, previous);
      reloadAfterSwitch(settings.DEPLOY_RELOAD_COMMAND, log, () => switchCurrent(target, current), { live: previous, before: current });
    }
    log(`${dryRun ? 'Dry run: would roll back' : 'Rolled back'} ${target}: live ${dryRun ? 'would be' : 'now'} ${previous}, replacing ${current}.`);
    return { live: dryRun ? current : previous, previous, replaced: current, rolledBack: !dryRun };
  });
}

/**
 * Runs `fn` holding a local DEPLOY_TARGET's lock (DEPLOY_LOCK_FILE in it; a dry run changes nothing and takes none).
 * @template T
 * @param {string} target absolute path of DEPLOY_TARGET
 * @param {string} what the run, for another run's message
 * @param {boolean} dryRun
 * @param {() => T} fn
 * @returns {T}
 * @throws {import('./lib/run-lock.mjs').LockBusyError} when another deploy or rollback holds it
 */
function targetLock(target, what, dryRun, fn) {
  if (dryRun) return fn();
  return withLock({ file: join(target, DEPLOY_LOCK_FILE), what, where: `the deploy target ${target}` }, fn);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      'dry-run': { type: 'boolean', default: false },
      rollback: { type: 'boolean', default: false },
      dir: { type: 'string', default: 'dist' },
    },
  });
  try {
    if (values.rollback) rollback({ dryRun: values['dry-run'] });
    else deploy({ dir: values.dir, dryRun: values['dry-run'] });
  } catch (error) {
    console.error(`✖ ${error.message}`);
    process.exit(error.exitCode ?? 1);
  }
}
