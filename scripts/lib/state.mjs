/**
 * The snapshot folder kept on the deploy target (.github/OPERATIONS.md "Where the state lives"): the portal snapshots
 * decide what a build may publish (stale-if-error, the item-drop guard's baselines, quarantine since when, the
 * publish report's page digests), so they must not live only in a cache that evicts (the workflow's Actions cache).
 * After every deploy, `npm run rebuild` copies the snapshot folder (without its `staged/` records) to
 * `<DEPLOY_TARGET>/state/portal-snapshots/`, here or on the server over SSH (rsync); before a build whose snapshot
 * folder holds no snapshot (a new machine, an evicted cache), it copies them back. What the target holds is then
 * the state of what is live. Image and audio caches only save time and stay in the cache.
 * In scripts/lib/, the one home of the utilities scripts and tests share (DESIGN.md §11).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
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
