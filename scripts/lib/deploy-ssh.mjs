/**
 * DEPLOY_TARGET on a server reached over SSH (.github/OPERATIONS.md "Atomic deploys over SSH"): the release scheme of
 * scripts/lib/releases.mjs, with rsync and ssh (OpenSSH) as the only tools on both ends.
 *
 * A deploy: (1) one ssh call lists `releases/` and reads `current`; (2) one deletes the half-written folders an
 * interrupted deploy left and makes `releases/`; (3) rsync uploads the site into `releases/.partial-<name>/` with
 * `--link-dest` at the live release and `--checksum`, so files whose content did not change become hard links to it
 * and only new and changed files cross the network; (4) one ssh call renames the folder to `releases/<name>/`, makes
 * it live (`ln -sfn` to a temporary link beside `current`, then `mv -T` over it: one rename(2), atomic on POSIX) and
 * deletes the releases past DEPLOY_KEEP_RELEASES. An upload that fails or is killed stops before (4): `current` is
 * untouched, and (2) of the next deploy removes what it wrote. A rollback is (1) and the switch of (4).
 * Before (1), a deploy or rollback (not a dry run) takes the target's lock on the server (`<path>/.deploy.lock`,
 * flock(1) held through its own ssh connection, scripts/lib/run-lock.mjs): a second one stops at once, naming the
 * first; rsync holds the lock too, so an upload outliving a killed deploy still keeps the next one out.
 *
 * The remote steps are fixed POSIX sh programs run as `sh -c PROGRAM deploy ARG…`; every value (paths, names)
 * reaches them as a positional argument, the command line quoted for the remote shell by shell-quote, never pasted
 * into the program text. The server needs sh, GNU coreutils (`mv -T`, `ln -sfn`, `readlink`) and rsync.
 *
 * SSH settings (src/settings.ts): DEPLOY_SSH_KEY, the private key (its text, e.g. from a CI secret, or the path of its
 * file); DEPLOY_SSH_KNOWN_HOSTS, the server's host key lines (known_hosts format, e.g. from `ssh-keyscan`) or the
 * path of such a file. Without them, ssh's own configuration applies (agent, ~/.ssh). ssh never asks anything
 * (BatchMode): an unknown host key or a refused key fails the deploy.
 * In scripts/lib/, the one home of the utilities scripts and tests share (REFERENCE.md "Layers").
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { quote } from 'shell-quote';
import { acquireLock } from './run-lock.mjs';
import { CARRY_PROGRAM, LIST_ASSETS_PROGRAM, LIST_PROGRAM, PREPARE_PROGRAM, PUBLISH_PROGRAM, SWITCH_PROGRAM } from './remote-programs.mjs';
import {
  CARRIED_FOLDERS,
  carriedFile,
  carriedText,
  carryOver,
  CURRENT_LINK,
  DEPLOY_LOCK_FILE,
  dryRunLines,
  NO_RELOAD_NOTE,
  nextRelease,
  PARTIAL_PREFIX,
  previousRelease,
  RELEASES_FOLDER,
  releasesFrom,
  REQUIRED_FILES,
} from './releases.mjs';

/** `ssh://[user@]host[:port]/absolute/path` (RFC 3986 URL, as git and Ansible write SSH targets). */
const SSH_URL = /^ssh:\/\//i;
/** scp-like `[user@]host:/absolute/path` (as scp and rsync write it): the part before the first `:` holds no `/`. */
const SCP_LIKE = /^(?:([^@/\s]+)@)?(\[[^\]/]+\]|[^:/\s[\]]+):(.*)$/s;
/** Seconds ssh waits for the server to answer before the deploy fails (ssh's ConnectTimeout). */
const SSH_CONNECT_TIMEOUT_SECONDS = 20;
/**
 * Seconds the one SSH connection a deploy opens outlives its last use (ssh's ControlPersist): every ssh and rsync
 * call of a deploy goes through it, and `close()` ends it at once; it ends by itself only if the deploy was killed.
 */
const SSH_CONTROL_PERSIST_SECONDS = 30;
/** Largest rsync listing read back (its itemized changes, a line per file), in bytes. */
const RSYNC_OUTPUT_MAX_BYTES = 256 * 1024 * 1024;
/** rsync's line per file: itemized change, size in bytes, path (`%i %l %n`). */
const RSYNC_OUT_FORMAT = '%i %l %n';
/** One such line read back (rsync pads the itemized change of a deletion, `*deleting`, with spaces). */
const RSYNC_LINE = /^(\S+) +(\d+) (.+)$/;
/** Modes of what rsync writes: folders 755 and files 644, readable by the web server's user whatever the umask. */
const RSYNC_CHMOD = 'D755,F644';
/** Marks the text of a private key, as against the path of its file. */
const PRIVATE_KEY_TEXT = /-----BEGIN [A-Z ]*PRIVATE KEY-----/;

/**
 * The SSH target of a DEPLOY_TARGET, if it names one.
 * @param {string} value DEPLOY_TARGET, e.g. `ssh://deploy@www.example.com:2222/srv/site` or `deploy@www.example.com:/srv/site`
 * @returns {{ user?: string, host: string, port?: number, path: string, display: string } | undefined} undefined for a
 *   local folder (a value whose part before the first `:` holds a `/`, or with no `:`); `host` without IPv6
 *   brackets; `display` the value as written (for messages: it holds no secret)
 * @throws {Error} on an SSH target whose path is not absolute, or an ssh:// URL without a host or with a bad port.
 */
export function parseSshTarget(value) {
  let parts;
  if (SSH_URL.test(value)) {
    const url = new URL(value);
    if (!url.hostname) throw new Error(`DEPLOY_TARGET ${value} names no host.`);
    parts = {
      user: url.username ? decodeURIComponent(url.username) : undefined,
      host: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: decodeURIComponent(url.pathname),
    };
  } else {
    const match = SCP_LIKE.exec(value);
    if (!match || value.startsWith('/') || value.startsWith('.')) return undefined;
    parts = { user: match[1], host: match[2], path: match[3] };
  }
  const host = parts.host.replace(/^\[(.*)\]$/, '$1');
  const path = parts.path.length > 1 ? parts.path.replace(/\/+$/, '') : parts.path;
  if (!path.startsWith('/')) throw new Error(`DEPLOY_TARGET ${value}: the folder on the server must be an absolute path (e.g. host:/srv/site).`);
  return { ...(parts.user ? { user: parts.user } : {}), host, ...(parts.port ? { port: parts.port } : {}), path, display: value };
}

/**
 * Puts what a setting holds into `file` (mode 600, as ssh requires of a key): its text, or a copy of the file it names.
 * @returns {string | undefined} `file`, or undefined when the setting is not set
 * @throws {Error} when the setting is neither such text nor an existing file.
 */
function materialise(value, isText, file, what) {
  if (!value) return undefined;
  if (!isText(value) && !existsSync(value)) throw new Error(`${what} ${value} is neither the text it should hold nor an existing file.`);
  if (isText(value)) writeFileSync(file, `${value}\n`, { mode: 0o600 });
  else copyFileSync(value, file);
  chmodSync(file, 0o600);
  return file;
}

/**
 * An SSH connection setting for the deploy's ssh and rsync calls. Call `close()` when done (it deletes the temporary
 * folder with the key and known hosts written from the settings).
 * @param {{ user?: string, host: string, port?: number }} target from {@link parseSshTarget}
 * @param {{ DEPLOY_SSH_KEY?: string, DEPLOY_SSH_KNOWN_HOSTS?: string }} settings
 * @returns {{ ssh: string[], destination: string, run: (program: string, args: string[], input?: string) => string,
 *   close: () => void, lockCommand: string[] }} `ssh` the ssh command and its options (for rsync's `-e`); `destination`
 *   `[user@]host` (IPv6 in brackets); `run` runs a remote sh program with positional arguments (the whole command is one
 *   argument of ssh: at most 128 KiB on Linux) and `input` on its standard input, and returns its standard output;
 *   `lockCommand` ssh up to the remote command on a connection of its own (never the shared one, whose end
 *   `close()` decides), for the lock's holder
 * @throws {Error} when the temporary folder's path holds a space, a quote or a backslash (ssh reads a list of files
 *   at such a space, rsync reads `-e` with quotes of its own), or a setting is neither text nor a file.
 */
export function sshSession(target, settings) {
  const folder = mkdtempSync(join(tmpdir(), 'deploy-ssh-'));
  try {
    if (/[\s'"\\]/.test(folder)) throw new Error(`The temporary folder ${folder} holds a space, quote or backslash: set TMPDIR to a plain path.`);
    const key = materialise(settings.DEPLOY_SSH_KEY, (v) => PRIVATE_KEY_TEXT.test(v), join(folder, 'key'), 'DEPLOY_SSH_KEY');
    const knownHosts = materialise(settings.DEPLOY_SSH_KNOWN_HOSTS, (v) => /\s/.test(v), join(folder, 'known_hosts'), 'DEPLOY_SSH_KNOWN_HOSTS');
    // Options as `-o "Name value"` words: shell-quote then wraps each in single quotes, which rsync's `-e` reads too.
    const options = [
      'BatchMode yes',
      'ControlMaster auto',
      `ControlPath ${join(folder, 'connection')}`,
      `ControlPersist ${SSH_CONTROL_PERSIST_SECONDS}`,
      `ConnectTimeout ${SSH_CONNECT_TIMEOUT_SECONDS}`,
      ...(target.port ? [`Port ${target.port}`] : []),
      ...(key ? [`IdentityFile ${key}`, 'IdentitiesOnly yes'] : []),
      ...(knownHosts ? [`UserKnownHostsFile ${knownHosts}`, 'StrictHostKeyChecking yes'] : []),
    ];
    const ssh = ['ssh', ...options.flatMap((option) => ['-o', option])];
    const host = target.host.includes(':') ? `[${target.host}]` : target.host;
    const destination = target.user ? `${target.user}@${host}` : host;
    const login = target.user ? ['-l', target.user] : [];
    const run = (program, args, input = '') => {
      const [file, ...sshOptions] = ssh;
      const command = quote(['sh', '-c', program, 'deploy', ...args]);
      const result = spawnSync(file, [...sshOptions, ...login, '--', target.host, command], {
        encoding: 'utf8',
        maxBuffer: RSYNC_OUTPUT_MAX_BYTES,
        input,
      });
      if (result.error) throw new Error(`ssh could not start (${result.error.message}).`);
      if (result.status !== 0) throw new Error(`ssh ${destination} failed (exit ${result.status ?? result.signal}): ${result.stderr.trim()}`);
      return result.stdout;
    };
    const close = () => {
      spawnSync(ssh[0], [...ssh.slice(1), '-O', 'exit', '--', target.host], { stdio: 'ignore' });
      rmSync(folder, { recursive: true, force: true });
    };
    // ssh takes an option's first value: these two, given first, keep the lock's connection out of the shared one.
    const lockCommand = [ssh[0], '-o', 'ControlMaster no', '-o', 'ControlPath none', ...ssh.slice(1), ...login, '--', target.host];
    return { ssh, destination, run, close, lockCommand };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

// The remote sh programs: scripts/lib/remote-programs.mjs.

/**
 * The releases on the server.
 * @returns {{ releases: string[], current?: string, partial: string[], mirror: boolean }} as releasesFrom, and
 *   whether an earlier mirroring deploy's files are at the top of the target
 */
function readRemote(session, target) {
  const lines = session.run(LIST_PROGRAM, [target.path, RELEASES_FOLDER, CURRENT_LINK, PARTIAL_PREFIX, REQUIRED_FILES[0]]).split('\n');
  const names = lines.filter((line) => line.startsWith('entry ')).map((line) => line.slice('entry '.length));
  const linkLine = lines.find((line) => line.startsWith('link '));
  const link = linkLine ? linkLine.slice('link '.length) : lines.includes('other') ? null : undefined;
  return { ...releasesFrom({ where: target.display, names, link }), mirror: lines.includes('mirror') };
}

/**
 * Runs rsync from the site to a folder on the server.
 * @param {{ site: string, session: ReturnType<typeof sshSession>, to: string, linkDest?: string, dryRun?: boolean,
 *   remove?: boolean, extra?: string[] }} options `to` the folder on the server (absolute); `linkDest` the release
 *   whose identical files become hard links; `remove` also lists (dry run) what `to` has that the site has not
 * @returns {{ upload: { path: string, bytes: number }[], remove: string[] }} files rsync sent (would send) and removed
 * @throws {Error} when rsync cannot start or fails (killed, connection lost, disk full).
 */
function rsyncTo({ site, session, to, linkDest, dryRun = false, remove = false, extra = [], lockFd }) {
  const args = [
    '--recursive',
    '--links',
    '--checksum',
    '--compress',
    `--chmod=${RSYNC_CHMOD}`,
    `--out-format=${RSYNC_OUT_FORMAT}`,
    '--rsh',
    quote(session.ssh),
    ...(linkDest ? [`--link-dest=${linkDest}`] : []),
    ...(dryRun ? ['--dry-run'] : []),
    ...(remove ? ['--delete'] : []),
    ...extra,
    `${site}/`,
    `${session.destination}:${to}/`,
  ];
  const stdio = ['ignore', 'pipe', 'pipe', ...(lockFd === undefined ? [] : [lockFd])];
  const result = spawnSync('rsync', args, { encoding: 'utf8', maxBuffer: RSYNC_OUTPUT_MAX_BYTES, stdio });
  if (result.error) throw new Error(`rsync could not start (${result.error.message}): install Debian's rsync.`);
  if (result.status !== 0)
    throw new Error(`rsync to ${session.destination}:${to} failed (exit ${result.status ?? result.signal}): ${result.stderr.trim()}`);
  const upload = [];
  const removed = [];
  for (const line of result.stdout.split('\n')) {
    const [, change, bytes, path] = RSYNC_LINE.exec(line) ?? [];
    if (/^[<>]f/.test(change ?? '')) upload.push({ path, bytes: Number(bytes) });
    else if (change === '*deleting' && !path.endsWith('/')) removed.push(path);
  }
  return { upload, remove: removed };
}

/**
 * Deploys a site as a new release on the server (DEPLOY_TARGET over SSH; see the module's description).
 * @param {{ site: string, target: ReturnType<typeof parseSshTarget>, plan: { upload: { path: string, bytes: number }[],
 *   digest: string }, settings: { DEPLOY_KEEP_RELEASES: number, DEPLOY_SSH_KEY?: string, DEPLOY_SSH_KNOWN_HOSTS?: string },
 *   now: Date, dryRun: boolean, log: (line: string) => void, rsyncArgs?: string[] }} options `plan` every file of
 *   the site and its digest (planDeploy); `rsyncArgs` extra rsync options (tests slow the upload with --bwlimit)
 * @returns {{ release: string, replaced?: string, pruned: string[], cleaned: string[], upload: { path: string,
 *   bytes: number }[], remove: string[] } | undefined} the release, the one it replaced, the releases and half-written
 *   folders deleted, the files copied rather than linked, the live files the site no longer has (dry run only);
 *   undefined when the live release already is this site
 * @throws {Error} when ssh or rsync fails (before the switch the live site stays as it was), `current` on the server
 *   is not a release symlink, or the clock is behind the newest release.
 */
export function deployOverSsh({ site, target, plan, settings, now, dryRun, log, rsyncArgs = [] }) {
  const keep = settings.DEPLOY_KEEP_RELEASES;
  const where = target.display;
  const session = sshSession(target, settings);
  let lock;
  try {
    lock = dryRun ? undefined : lockTarget(session, target, `deploy of ${site}`);
    const { releases, current, partial, mirror } = readRemote(session, target);
    const next = nextRelease({ releases, current, now, digest: plan.digest, keep, where });
    if ('alreadyLive' in next) {
      log(`Release ${next.alreadyLive} in ${where} already is this site: nothing to deploy.`);
      return undefined;
    }
    const folder = `${target.path}/${RELEASES_FOLDER}`;
    const live = current ? `${folder}/${current}` : undefined;
    const outcome = { release: next.release, replaced: current, pruned: next.pruned, cleaned: partial };
    if (mirror)
      log(
        `  note: ${where}/${REQUIRED_FILES[0]} and the files beside it are the earlier mirroring deploy's, left alone: nginx serves ${where}/${CURRENT_LINK}.`,
      );
    if (dryRun) {
      const diff = live ? rsyncTo({ site, session, to: live, dryRun: true, remove: true }) : { upload: plan.upload, remove: [] };
      const unchanged = plan.upload.length - diff.upload.length;
      const bytes = diff.upload.reduce((sum, file) => sum + file.bytes, 0);
      log(
        `Dry run: would copy ${diff.upload.length} files (${bytes} bytes) and link ${unchanged} unchanged into release ${next.release} in ${where}${current ? ` (live: ${current})` : ''}`,
      );
      for (const line of dryRunLines({ ...diff, unchanged }, next, partial, keep)) log(line);
      return { ...outcome, ...diff };
    }
    log(
      `Uploading ${plan.upload.length} files over SSH into release ${next.release} in ${where}${current ? ` (live: ${current}; unchanged files become hard links to it)` : ''}`,
    );
    session.run(PREPARE_PROGRAM, [target.path, RELEASES_FOLDER, ...partial]);
    const staging = `${PARTIAL_PREFIX}${next.release}`;
    const sent = rsyncTo({ site, session, to: `${folder}/${staging}`, linkDest: live, extra: rsyncArgs, lockFd: lock?.fd });
    const carried = current ? carryRemote({ session, folder, current, staging, release: next.release, plan, now }) : [];
    const reload = settings.DEPLOY_RELOAD_COMMAND ?? '';
    runSwitch(session, PUBLISH_PROGRAM, [target.path, RELEASES_FOLDER, CURRENT_LINK, staging, next.release, reload, current ?? '', ...next.pruned], {
      live: next.release,
      before: current,
    });
    if (!reload) log(NO_RELOAD_NOTE);
    log(
      `Deployed release ${next.release} to ${where}: ${sent.upload.length} copied, ${plan.upload.length - sent.upload.length} linked ` +
        `(${carried.length} hashed file(s) of earlier releases kept for open pages); ` +
        `live now (replaced ${current ?? 'nothing'}); ${next.pruned.length} old release(s) deleted, ${partial.length} half-written removed.`,
    );
    return { ...outcome, upload: sent.upload, remove: [] };
  } finally {
    lock?.release();
    session.close();
  }
}

/**
 * Carries the live release's hashed files that the site no longer has into the uploaded folder (releases.mjs
 * carryOver: for ASSET_GRACE_MS, for pages still open), and writes the new release's carried file.
 * @returns {{ path: string, since: string }[]} the files carried over
 */
function carryRemote({ session, folder, current, staging, release, plan, now }) {
  const listing = session.run(LIST_ASSETS_PROGRAM, [folder, current, carriedFile(current), ...CARRIED_FOLDERS.map((name) => name.slice(0, -1))]);
  const [files, before = ''] = listing.split('--carried--\n');
  const site = new Set(plan.upload.map((file) => file.path));
  const gone = files.split('\n').filter((path) => path && !site.has(path));
  const carried = carryOver(gone, before, now);
  if (carried.length > 0) {
    session.run(CARRY_PROGRAM, [folder, current, staging, carriedFile(release)], carriedText(carried));
  }
  return carried;
}

/**
 * Runs a remote program that switches `current` and reloads (PUBLISH_PROGRAM, SWITCH_PROGRAM).
 * @throws {Error} when ssh fails, or, naming the command's exit code and output, when the reload failed (then the
 *   release live before is live again)
 */
function runSwitch(session, program, args, { live, before }) {
  try {
    session.run(program, args);
  } catch (error) {
    const failed = /reload-failed (\d+)/.exec(error.message);
    if (!failed) throw error;
    throw new Error(
      `DEPLOY_RELOAD_COMMAND failed on the server (exit ${failed[1]}): ${error.message}. ` +
        `${before ? `Release ${before} is live again` : 'Nothing was live before'}; ${live} stays on disk until the next deploy.`,
    );
  }
}

/**
 * Takes the target's lock on the server (DEPLOY_LOCK_FILE under its path).
 * @returns {ReturnType<typeof acquireLock>}
 * @throws {import('./run-lock.mjs').LockBusyError} when another deploy or rollback holds it
 */
function lockTarget(session, target, what) {
  return acquireLock({
    file: `${target.path}/${DEPLOY_LOCK_FILE}`,
    what,
    where: `the deploy target ${target.display}`,
    ssh: session.lockCommand,
  });
}

/**
 * Rolls the server back: `current` points at the release before the live one, in one rename (both stay).
 * @param {{ target: ReturnType<typeof parseSshTarget>, settings: { DEPLOY_SSH_KEY?: string,
 *   DEPLOY_SSH_KNOWN_HOSTS?: string }, dryRun: boolean, log: (line: string) => void }} options
 * @returns {{ live: string, previous: string, replaced: string, rolledBack: boolean }} as scripts/deploy.mjs rollback
 * @throws {Error} when ssh fails, nothing is live, or no release is before the live one.
 */
export function rollbackOverSsh({ target, settings, dryRun, log }) {
  const session = sshSession(target, settings);
  let lock;
  try {
    lock = dryRun ? undefined : lockTarget(session, target, 'rollback');
    const { releases, current } = readRemote(session, target);
    const previous = previousRelease({ releases, current, where: target.display });
    if (!dryRun) {
      const reload = settings.DEPLOY_RELOAD_COMMAND ?? '';
      runSwitch(session, SWITCH_PROGRAM, [target.path, RELEASES_FOLDER, CURRENT_LINK, previous, reload, current], {
        live: previous,
        before: current,
      });
      if (!reload) log(NO_RELOAD_NOTE);
    }
    log(
      `${dryRun ? 'Dry run: would roll back' : 'Rolled back'} ${target.display}: live ${dryRun ? 'would be' : 'now'} ${previous}, replacing ${current}.`,
    );
    return { live: dryRun ? current : previous, previous, replaced: current, rolledBack: !dryRun };
  } finally {
    lock?.release();
    session.close();
  }
}
