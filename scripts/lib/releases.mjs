/**
 * The release scheme of DEPLOY_TARGET (.github/OPERATIONS.md "Atomic deploys and rollback"; REFERENCE.md "Publishing rules"), the part
 * that does not depend on where the target is: names, what `current` may point at, which release a deploy makes and
 * which ones it deletes, which release a rollback goes back to. scripts/deploy.mjs applies it to a local folder,
 * scripts/lib/deploy-ssh.mjs to a folder on a server reached over SSH; both lay the target out the same way:
 *     <target>/releases/<UTC time>-<site digest>/   one complete site per deploy
 *     <target>/releases/.partial-<name>/            a release still being written (never live)
 *     <target>/current -> releases/<…>              the live site (nginx's `root`), a relative symlink
 *     <target>/releases/.carried-<name>              the files <name> carried over from the release before it
 *     <target>/.deploy.lock                          held by the deploy or rollback running (one at a time)
 * In scripts/lib/, the one home of the utilities scripts and tests share (REFERENCE.md "Layers").
 */

/** Under the target: the folder of the releases, and the symlink that is the live site (nginx's `root`). */
export const RELEASES_FOLDER = 'releases';
export const CURRENT_LINK = 'current';
/**
 * The target's lock file (scripts/lib/run-lock.mjs), beside `current`, outside what nginx serves: held by a deploy
 * and a rollback, so that two never write or switch the same target at once.
 */
export const DEPLOY_LOCK_FILE = '.deploy.lock';
/** The log line of a switch without DEPLOY_RELOAD_COMMAND (scripts/deploy.mjs, scripts/lib/deploy-ssh.mjs). */
export const NO_RELOAD_NOTE =
  "  note: DEPLOY_RELOAD_COMMAND is not set: nginx serves the new release's files now, but its redirects and headers (the CSP hashes of its inline scripts) only from nginx's next reload.";
/** Prefix of a release folder still being written (never live; removed by the next deploy). */
export const PARTIAL_PREFIX = '.partial-';
/** Files a complete build always has (never deploy a partial site); the first also marks an earlier mirroring deploy. */
export const REQUIRED_FILES = Object.freeze(['index.html', '404.html', 'build-report.json']);
/** Hex digits of the site digest in a release's name. */
const RELEASE_DIGEST_HEX = 8;
/** A release's name: UTC time to the millisecond, then the site digest; names sort in deploy order. */
const RELEASE_NAME = /^\d{8}T\d{6}\.\d{3}Z-[0-9a-f]+$/;

/** A release's name: `20250102T030405.678Z-1a2b3c4d` (UTC, sortable) from the deploy's time and the site digest. */
export const releaseName = (now, siteDigest) => `${now.toISOString().replace(/[-:]/g, '')}-${siteDigest.slice(0, RELEASE_DIGEST_HEX)}`;

/**
 * The releases of a target, from what its `releases/` folder and `current` hold.
 * @param {{ where: string, names: string[], link?: string | null }} listing `where` names the target in messages;
 *   `names` every entry of `releases/`; `link` what the `current` symlink points at, `null` when `current` exists
 *   but is no symlink, undefined when there is no `current`
 * @returns {{ releases: string[], current?: string, partial: string[] }} complete release names, oldest first; the
 *   live one; the half-written folders in `releases/`
 * @throws {Error} when `current` exists but is not a symlink to a release in `releases/` (never replaced: something
 *   put there by hand).
 */
export function releasesFrom({ where, names, link }) {
  const sorted = [...names].sort();
  const releases = sorted.filter((name) => RELEASE_NAME.test(name));
  const partial = sorted.filter((name) => name.startsWith(PARTIAL_PREFIX));
  if (link === undefined) return { releases, partial };
  const current = link === null ? undefined : link.split('/').at(-1);
  if (current === undefined || link !== `${RELEASES_FOLDER}/${current}` || !releases.includes(current)) {
    throw new Error(
      `Refusing to touch ${where}: ${where}/${CURRENT_LINK} is ${link === null ? 'not a symlink' : `a symlink to ${link}, not to a release in ${RELEASES_FOLDER}/`}. ` +
        'Move it away: deploys and rollbacks only ever replace a symlink they made.',
    );
  }
  return { releases, current, partial };
}

/** The releases to delete once `live` is live: all but the newest `keep` (and never `live`). */
const prunable = (releases, live, keep) => releases.slice(0, Math.max(0, releases.length - keep)).filter((name) => name !== live);

/**
 * What a deploy of a site does to a target's releases.
 * @param {{ releases: string[], current?: string, now: Date, digest: string, keep: number, where: string }} state
 *   the target's releases (releasesFrom), the deploy's time, the site's digest (hex), DEPLOY_KEEP_RELEASES
 * @returns {{ release: string, pruned: string[], rolledBack: string[] } | { alreadyLive: string }} the new release,
 *   the releases to delete after the switch (the rolled-back ones among them); or the live release that already is
 *   this site
 * @throws {Error} when the new name would sort before the newest release (a clock behind: rollback and pruning rely
 *   on the order).
 */
export function nextRelease({ releases, current, now, digest, keep, where }) {
  if (current?.endsWith(`-${digest.slice(0, RELEASE_DIGEST_HEX)}`)) return { alreadyLive: current };
  const release = releaseName(now, digest);
  const newest = releases.at(-1);
  if (newest !== undefined && release <= newest)
    throw new Error(`Release ${release} would sort before ${newest} in ${where}/${RELEASES_FOLDER}: is the clock right?`);
  // Releases after the live one were rolled back: they go, so that release order stays the order they were live
  // in and the next rollback returns to the release live before this one.
  const rolledBack = current ? releases.filter((name) => name > current) : [];
  const pruned = [...prunable([...releases.filter((name) => !rolledBack.includes(name)), release], release, keep), ...rolledBack];
  return { release, pruned, rolledBack };
}

/**
 * The release a rollback makes live: the one before the live one.
 * @param {{ releases: string[], current?: string, where: string }} state
 * @returns {string}
 * @throws {Error} with nothing live, or no release before the live one.
 */
export function previousRelease({ releases, current, where }) {
  if (!current) throw new Error(`Nothing to roll back: nothing is live in ${where} (no ${CURRENT_LINK} symlink).`);
  const previous = releases[releases.indexOf(current) - 1];
  if (!previous) throw new Error(`Nothing to roll back to: no release before the live one (${current}) in ${where}/${RELEASES_FOLDER}.`);
  return previous;
}

/**
 * The dry-run lines of a deploy, the same for every kind of target.
 * @param {{ upload: { path: string, bytes: number }[], remove: string[], unchanged: number }} plan
 * @param {{ release: string, pruned: string[], rolledBack: string[] }} next from {@link nextRelease}
 * @param {string[]} partial half-written folders the deploy would delete
 * @param {number} keep DEPLOY_KEEP_RELEASES
 * @returns {string[]}
 */
export function dryRunLines(plan, { release, pruned, rolledBack }, partial, keep) {
  return [
    ...plan.upload.map((file) => `  copy ${file.path} (${file.bytes} bytes)`),
    ...plan.remove.map((path) => `  gone from the live site: ${path}`),
    `  would switch ${CURRENT_LINK} to ${RELEASES_FOLDER}/${release}`,
    ...pruned.map((name) => `  would delete ${rolledBack.includes(name) ? 'rolled-back' : 'old'} release ${name} (DEPLOY_KEEP_RELEASES = ${keep})`),
    ...partial.map((name) => `  would delete half-written ${name}`),
    `${plan.unchanged} unchanged, ${plan.remove.length} to remove. Nothing was changed.`,
  ];
}

/**
 * Folders of hashed files that pages still open in browsers ask for after a switch (a module imported on a click, a
 * picture scrolled into view, the search index chunks and fragments of a search page opened before the switch, whose
 * loaded entry names the old hashes, a reader's sound that plays on): a deploy carries the live release's files
 * there that the new site no longer has into the new release, for ASSET_GRACE_MS after the release that last built
 * them was replaced. The soak (scripts/bench/soak.mjs) found the search's: without them, a search typed across a
 * switch answered 404 for every chunk it had not fetched yet.
 */
export const CARRIED_FOLDERS = Object.freeze(['_astro/', '_images/', 'pagefind/', 'reader/audio/']);
/** How long a file no build makes any more stays in the releases after it, in ms (a day: an open tab's life). */
export const ASSET_GRACE_MS = 24 * 3_600_000;
/** The file listing what release `name` carried over (`<since> <path>` lines), in `releases/`, beside it; none when nothing. */
export const carriedFile = (name) => `.carried-${name}`;

/**
 * The files a new release carries over from the live one.
 * @param {string[]} gone the live release's files the new site does not have (paths relative to the site)
 * @param {string} carriedText the live release's carried file (carriedFile), '' when it has none
 * @param {Date} now the deploy's time
 * @returns {{ path: string, since: string }[]} the files under CARRIED_FOLDERS dropped less than ASSET_GRACE_MS
 *   ago, with the time they were first dropped (ISO 8601), as the new release's carried file lists them
 */
export function carryOver(gone, carriedText, now) {
  const since = new Map(
    carriedText
      .split('\n')
      .filter(Boolean)
      .map((line) => [line.slice(line.indexOf(' ') + 1), line.slice(0, line.indexOf(' '))]),
  );
  return gone
    .filter((path) => CARRIED_FOLDERS.some((folder) => path.startsWith(folder)))
    .map((path) => ({ path, since: since.get(path) ?? now.toISOString() }))
    .filter((file) => now.getTime() - Date.parse(file.since) < ASSET_GRACE_MS);
}

/** The text of a carried file (carriedFile): one `<since> <path>` line per file. */
export const carriedText = (files) => files.map(({ path, since }) => `${since} ${path}\n`).join('');
