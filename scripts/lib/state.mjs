/**
 * The snapshot folder kept on the deploy target (.github/OPERATIONS.md "Where the state lives"): the portal snapshots
 * decide what a build may publish (stale-if-error, the item-drop guard's baselines, quarantine since when, the
 * publish report's page digests), so they must not live only in a cache that evicts (the workflow's Actions cache).
 * After every deploy, `npm run rebuild` copies the snapshot folder (without its `staged/` records) to
 * `<DEPLOY_TARGET>/state/portal-snapshots/`, here or on the server over SSH (rsync); before a build whose snapshot
 * folder holds no snapshot (a new machine, an evicted cache), it copies them back. What the target holds is then
 * the state of what is live.
 * The image and audio caches only save time, but minutes of it: after an evicted cache the soak of 1,000 items
 * (scripts/bench/README.md, Soak) spent 218 s making every image variant again, past the three minutes an editor's
 * change may take to go live. So they are kept on the target too (`state/image-cache/`, `state/reader-cache/`,
 * mirrored after each deploy, only the files that changed travel) and copied back into an empty cache folder before
 * a build (saveCaches, restoreCaches). Their files are named by content, and a copy puts its files in place only at
 * its end (rsync's --delay-updates; here, the top-level index last), so a copy cut off midway never leaves an index
 * that names a file not there.
 * In scripts/lib/, the one home of the utilities scripts and tests share (REFERENCE.md "Layers").
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { quote } from 'shell-quote';
import { parseSshTarget, sshSession } from './deploy-ssh.mjs';

/** Where the snapshots are kept under DEPLOY_TARGET. */
export const STATE_FOLDER = 'state/portal-snapshots';
/** The snapshot folder's part that is never kept: the records of the build running (src/portal/snapshots.ts). */
const STAGED = 'staged';

/** Whether `dir` holds at least one snapshot (a `<list>.json`). */
export const hasSnapshots = (dir) => existsSync(dir) && readdirSync(dir).some((name) => name.endsWith('.json'));

/** Runs rsync through the deploy's SSH settings; @returns {{ ok: boolean, detail: string }} */
function rsync(session, args) {
  const result = spawnSync('rsync', ['--recursive', '--times', '--rsh', quote(session.ssh), ...args], { encoding: 'utf8' });
  return { ok: result.status === 0, detail: (result.stderr || result.error?.message || '').trim() };
}

/**
 * Copies the snapshot folder to DEPLOY_TARGET's state folder, replacing what was there (after a deploy).
 * @param {{ dir: string, settings: { DEPLOY_TARGET?: string, DEPLOY_SSH_KEY?: string, DEPLOY_SSH_KNOWN_HOSTS?: string } }} options
 * @returns {string | undefined} where it went, or undefined without DEPLOY_TARGET or snapshots
 * @throws {Error} when the copy fails (rsync's message)
 */
export function saveSnapshots({ dir, settings }) {
  if (!settings.DEPLOY_TARGET || !hasSnapshots(dir)) return undefined;
  const remote = parseSshTarget(settings.DEPLOY_TARGET);
  if (!remote) {
    const to = join(resolve(settings.DEPLOY_TARGET), STATE_FOLDER);
    const next = `${to}.partial`;
    rmSync(next, { recursive: true, force: true });
    mkdirSync(next, { recursive: true });
    cpSync(dir, next, { recursive: true, filter: (source) => !source.startsWith(join(dir, STAGED)) });
    rmSync(to, { recursive: true, force: true });
    cpSync(next, to, { recursive: true });
    rmSync(next, { recursive: true, force: true });
    return to;
  }
  const session = sshSession(remote, settings);
  try {
    const to = `${remote.path}/${STATE_FOLDER}`;
    const sent = rsync(session, ['--delete', '--mkpath', `--exclude=/${STAGED}/`, `${dir}/`, `${session.destination}:${to}/`]);
    if (!sent.ok) throw new Error(`The snapshots could not be kept on ${remote.display}: ${sent.detail}`);
    return `${remote.display}/${STATE_FOLDER}`;
  } finally {
    session.close();
  }
}

/**
 * Copies DEPLOY_TARGET's kept snapshots into an empty snapshot folder (before a build).
 * @param {{ dir: string, settings: { DEPLOY_TARGET?: string, DEPLOY_SSH_KEY?: string, DEPLOY_SSH_KNOWN_HOSTS?: string } }} options
 * @returns {string | undefined} where they came from; undefined when the folder already holds snapshots, there is
 *   no DEPLOY_TARGET, or it keeps none yet
 * @throws {Error} when the target cannot be read (ssh fails)
 */
export function restoreSnapshots({ dir, settings }) {
  if (!settings.DEPLOY_TARGET || hasSnapshots(dir)) return undefined;
  const remote = parseSshTarget(settings.DEPLOY_TARGET);
  if (!remote) {
    const from = join(resolve(settings.DEPLOY_TARGET), STATE_FOLDER);
    if (!hasSnapshots(from)) return undefined;
    mkdirSync(dir, { recursive: true });
    cpSync(from, dir, { recursive: true });
    return from;
  }
  const session = sshSession(remote, settings);
  try {
    const from = `${remote.path}/${STATE_FOLDER}`;
    const listed = session.run('if [ -d "$1" ]; then echo kept; fi', [from]);
    if (!listed.includes('kept')) return undefined;
    mkdirSync(dir, { recursive: true });
    const got = rsync(session, [`${session.destination}:${from}/`, `${dir}/`]);
    if (!got.ok) throw new Error(`The snapshots kept on ${remote.display} could not be read: ${got.detail}`);
    return `${remote.display}/${STATE_FOLDER}`;
  } finally {
    session.close();
  }
}

/** The caches kept on the target beside the snapshots: each a folder of the build machine and its place there. */
export const KEPT_CACHES = Object.freeze([
  { name: 'image variants', folder: 'state/image-cache' },
  { name: 'reader audio', folder: 'state/reader-cache' },
]);

/**
 * rsync's options for a cache: files put in place only at the end of the copy, and modification times compared to
 * the nanosecond (`--modify-window=-1`): by default rsync compares whole seconds, and an index rewritten at its
 * size within the second of the last copy would be taken for unchanged.
 */
const CACHE_RSYNC = ['--delay-updates', '--modify-window=-1'];
/** Modification times closer than this (ms) are the same time to the mirror here (utimes takes whole ms). */
const MTIME_WINDOW_MS = 1;

/** Whether the cache folder `dir` holds anything (an evicted or new cache has no folder, or an empty one). */
const hasEntries = (dir) => existsSync(dir) && readdirSync(dir).length > 0;

/**
 * Mirrors folder `from` into `to` on this machine, as rsync --times would: files missing or of another size or
 * modification time are copied with their time (under a temporary name, then renamed), files `from` lacks are
 * deleted; top-level files (the caches' indexes) go last, so a copy cut off midway never has an index that names a
 * file not yet there.
 * @throws {Error} when a file cannot be read or written (the caller warns: a cache only saves time)
 */
function mirrorHere(from, to) {
  mkdirSync(to, { recursive: true });
  const names = readdirSync(from, { withFileTypes: true });
  const ordered = [...names.filter((entry) => entry.isDirectory()), ...names.filter((entry) => !entry.isDirectory())];
  for (const entry of ordered) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      mirrorHere(source, target);
      continue;
    }
    const here = statSync(source);
    const there = existsSync(target) ? statSync(target) : undefined;
    // Times are set through a Date (whole ms) and read back through a double: equal within MTIME_WINDOW_MS.
    if (there && there.size === here.size && Math.abs(there.mtimeMs - here.mtimeMs) < MTIME_WINDOW_MS) continue;
    copyFileSync(source, `${target}.partial`);
    utimesSync(`${target}.partial`, here.atime, here.mtime);
    renameSync(`${target}.partial`, target);
  }
  const wanted = new Set(names.map((entry) => entry.name));
  for (const name of readdirSync(to)) if (!wanted.has(name)) rmSync(join(to, name), { recursive: true, force: true });
}

/**
 * Mirrors each cache folder that holds something to its place on DEPLOY_TARGET (after a deploy). A cache that
 * cannot be kept is named in the warnings returned; the site is deployed either way.
 * @param {{ dirs: Record<string, string>, settings: { DEPLOY_TARGET?: string, DEPLOY_SSH_KEY?: string,
 *   DEPLOY_SSH_KNOWN_HOSTS?: string } }} options `dirs`: the build machine's folder of each KEPT_CACHES name
 * @returns {{ kept: string[], warnings: string[] }} where each kept cache went; what failed, in English
 * @throws {Error} when the target cannot be reached or a folder here cannot be written
 */
export function saveCaches({ dirs, settings }) {
  const done = { kept: [], warnings: [] };
  const caches = KEPT_CACHES.filter((cache) => dirs[cache.name] && hasEntries(dirs[cache.name]));
  if (!settings.DEPLOY_TARGET || caches.length === 0) return done;
  const remote = parseSshTarget(settings.DEPLOY_TARGET);
  if (!remote) {
    for (const cache of caches) {
      const to = join(resolve(settings.DEPLOY_TARGET), cache.folder);
      mirrorHere(dirs[cache.name], to);
      done.kept.push(to);
    }
    return done;
  }
  const session = sshSession(remote, settings);
  try {
    for (const cache of caches) {
      const to = `${remote.path}/${cache.folder}`;
      const sent = rsync(session, [...CACHE_RSYNC, '--delete-after', '--mkpath', `${dirs[cache.name]}/`, `${session.destination}:${to}/`]);
      if (sent.ok) done.kept.push(`${remote.display}/${cache.folder}`);
      else done.warnings.push(`The ${cache.name} cache could not be kept on ${remote.display}: ${sent.detail}`);
    }
    return done;
  } finally {
    session.close();
  }
}

/**
 * Copies DEPLOY_TARGET's kept caches into those of the build machine's cache folders that are empty (before a
 * build); a cache folder that holds anything is never touched.
 * @param {{ dirs: Record<string, string>, settings: { DEPLOY_TARGET?: string, DEPLOY_SSH_KEY?: string,
 *   DEPLOY_SSH_KNOWN_HOSTS?: string } }} options `dirs`: the build machine's folder of each KEPT_CACHES name
 * @returns {{ restored: string[], warnings: string[] }} where each restored cache came from; what failed (the build
 *   then makes those files again)
 * @throws {Error} when the target cannot be reached or a folder here cannot be written
 */
export function restoreCaches({ dirs, settings }) {
  const done = { restored: [], warnings: [] };
  const caches = KEPT_CACHES.filter((cache) => dirs[cache.name] && !hasEntries(dirs[cache.name]));
  if (!settings.DEPLOY_TARGET || caches.length === 0) return done;
  const remote = parseSshTarget(settings.DEPLOY_TARGET);
  if (!remote) {
    for (const cache of caches) {
      const from = join(resolve(settings.DEPLOY_TARGET), cache.folder);
      if (!hasEntries(from)) continue;
      mirrorHere(from, dirs[cache.name]);
      done.restored.push(from);
    }
    return done;
  }
  const session = sshSession(remote, settings);
  try {
    for (const cache of caches) {
      const from = `${remote.path}/${cache.folder}`;
      if (!session.run('if [ -d "$1" ]; then echo kept; fi', [from]).includes('kept')) continue;
      mkdirSync(dirs[cache.name], { recursive: true });
      const got = rsync(session, [...CACHE_RSYNC, `${session.destination}:${from}/`, `${dirs[cache.name]}/`]);
      if (got.ok) done.restored.push(`${remote.display}/${cache.folder}`);
      else done.warnings.push(`The ${cache.name} cache kept on ${remote.display} could not be read: ${got.detail}`);
    }
    return done;
  } finally {
    session.close();
  }
}
