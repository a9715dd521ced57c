/**
 * The publishing loop rehearsed (scripts/bench/soak.mjs): N cycles of what production runs every 10 minutes
 * (.github/workflows/rebuild.yml), on this machine:
 * - the cache folder (ASTRO_CACHE_DIR: data store, snapshots, image and audio caches) is restored from a store before
 *   each run (a copy) and saved into it only after a successful one, as actions/cache does (the run's folder is moved
 *   there: the next run starts from a copy of the store, never from that folder); an `evict` cycle empties the store
 *   (the snapshots then come back from the deploy target, scripts/lib/state.mjs); the output folder starts empty,
 *   as a fresh checkout's does;
 * - `node scripts/rebuild.mjs` (build, the built-site checks, the deploy) against the sample portal, which the editor
 *   simulator (editor.mjs) changes before each cycle, and whose faults the cycle's events set;
 * - the deploy goes over SSH (a throwaway sshd, scripts/lib/sshd.mjs) to a DEPLOY_TARGET that real nginx serves
 *   (its `current`), with DEPLOY_RELOAD_COMMAND reloading that nginx and DEPLOY_KEEP_RELEASES releases kept;
 * - visitors (visitors.mjs) load pages and the current and previous release's assets during the whole run, a poller
 *   times each change from the portal to the live site, and Chromium opens a few pages after each switch.
 * Events of a cycle (SOAK_EVENTS): faults of the portal, and runs that overlap or die.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSamplePortal } from '../../sample-portal/server.mjs';
import { startNginx } from '../../lib/nginx.mjs';
import { startSshd } from '../../lib/sshd.mjs';
import { ROOT } from '../util.mjs';
import { createEditor } from './editor.mjs';
import { isLive, pageText, releasePaths, startVisitorLoad, visitInBrowser } from './visitors.mjs';
import { BUILD_REPORT_FILE } from '../../../src/site/limits.ts';
import { ENDPOINTS } from '../../../src/portal/endpoints.ts';

/**
 * What may happen in a cycle, besides the editor's changes:
 * - `image-drop` / `image-slow`: the cycle's new cover breaks off midway / stalls past the download limit;
 * - `bad-item`: the news list's first item breaks its schema (quarantined); `http500`: the news list answers 500;
 * - `outage`: every endpoint is down (the build serves its snapshots);
 * - `shrink`: the news list answers only 3 items (the item-drop guard must refuse: the cycle fails, nothing deploys);
 * - `overlap`: a second run starts 3 s after the first (it must stop at once, exit 75);
 * - `kill`: the run is killed with SIGKILL one second into its deploy (the live site must stay whole);
 * - `evict`: the cache store is emptied before the run.
 */
export const SOAK_EVENTS = Object.freeze(['image-drop', 'image-slow', 'bad-item', 'http500', 'outage', 'shrink', 'overlap', 'kill', 'evict']);
/** Exit code of a run stopped by another one's lock (scripts/lib/run-lock.mjs). */
const LOCK_BUSY_EXIT_CODE = 75;
/** How often the poller asks the live site for the pending changes, in ms. */
const POLL_MS = 1000;
/** How long after the deploy step starts the `kill` event kills the run, in ms, and the overlap's delay. */
const KILL_AFTER_DEPLOY_MS = 1000;
const OVERLAP_DELAY_MS = 3000;
/** Items the `shrink` event leaves in the news list. */
const SHRINK_KEEP = 3;

/**
 * The default schedule: cycle 1 plain, then the events in turn, one every cycle from cycle 2 on (evict last).
 * @param {number} cycle 1-based
 * @returns {string[]} the cycle's events
 */
export function defaultSchedule(cycle) {
  if (cycle === 1) return [];
  const turn = ['image-drop', 'overlap', 'bad-item', 'kill', 'shrink', 'image-slow', 'outage', 'http500', 'evict', null];
  const event = turn[(cycle - 2) % turn.length];
  return event ? [event] : [];
}

/** The portal's fault map for a cycle's events. */
function faultsFor(events, image) {
  const faults = {};
  if (events.includes('image-drop')) faults[`upload:${image}`] = 'drop';
  if (events.includes('image-slow')) faults[`upload:${image}`] = 'slow:60000';
  if (events.includes('bad-item')) faults.news = 'badItem';
  if (events.includes('http500')) faults.news = 'http500';
  if (events.includes('shrink')) faults.news = `shrink:${SHRINK_KEEP}`;
  if (events.includes('outage')) faults['*'] = 'down';
  return faults;
}

/**
 * Runs `scripts/rebuild.mjs` once, in its own process group.
 * @param {{ env: object, outDir: string, killOnDeploy?: boolean }} options
 * @returns {{ done: Promise<{ code: number, signal: string | null, output: string, ms: number }> }}
 */
function startRun({ env, outDir, killOnDeploy = false }) {
  const started = performance.now();
  const child = spawn(process.execPath, [join(ROOT, 'scripts/rebuild.mjs'), '--out-dir', outDir], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const take = (chunk) => {
    output += chunk;
    if (killOnDeploy && /rebuild 3\/3: deploy/.test(output)) {
      killOnDeploy = false;
      setTimeout(() => process.kill(-child.pid, 'SIGKILL'), KILL_AFTER_DEPLOY_MS);
    }
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  running.add(child.pid);
  const done = new Promise((resolve) => {
    child.on('close', (code, signal) => {
      running.delete(child.pid);
      resolve({ code: code ?? 1, signal, output, ms: performance.now() - started });
    });
  });
  return { done };
}

/** The process groups of the runs under way: a soak that stops early (an error, Ctrl-C) kills them with it. */
const running = new Set();
const killRunning = () => {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
};
process.once('exit', killRunning);

/** Why a run failed, in one line: its last `✖` lines, or its exit. */
function reasonOf(run) {
  const marks = run.output.split('\n').filter((line) => line.includes('✖'));
  return run.signal ? `killed (${run.signal})` : marks.slice(-2).join(' / ').slice(0, 300) || `exit ${run.code}`;
}

/** Bytes under a folder (du), counting hard links once. */
function diskBytes(dir) {
  return new Promise((resolve) => {
    const du = spawn('du', ['-sb', dir]);
    let text = '';
    du.stdout.on('data', (chunk) => (text += chunk));
    du.on('close', () => resolve(Number(text.split('\t')[0]) || 0));
  });
}

/**
 * The rehearsal.
 * @param {{ cycles: number, scale?: number, lean?: boolean, work: string, reader?: string, keepReleases?: number,
 *   schedule?: (cycle: number) => string[], seed?: Record<string, string>, log?: (line: string) => void }} options
 *   `work` a folder of its own (emptied); `lean` the sample portal's lean sample (scripts/sample-portal/data.mjs:
 *   fewer news and FAQ items; the bench soaks the full sample); `reader` READER_ENGINE of the runs (default: the
 *   site's, as production);
 *   `schedule` the events of each cycle (default defaultSchedule); `seed` folders copied into the cache store before
 *   the first cycle, by their name in the cache folder (`{ 'image-cache': … }`: a cache restored from an earlier
 *   build, as actions/cache may bring; default none, a cold first cycle)
 * @returns {Promise<SoakResult>} see soak.mjs summarize()
 */
export async function runSoak({
  cycles,
  scale = 0,
  lean = false,
  work,
  reader,
  keepReleases = 5,
  schedule = defaultSchedule,
  seed = {},
  log = () => {},
}) {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const paths = { cache: join(work, 'cache'), store: join(work, 'cache-store'), out: join(work, 'dist'), target: join(work, 'target') };
  for (const [name, dir] of Object.entries(seed)) cpSync(dir, join(paths.store, name), { recursive: true });
  const reloadScript = join(work, 'reload.sh');
  writeFileSync(reloadScript, 'true\n');
  const portal = await startSamplePortal({ scale, lean });
  const sshd = await startSshd();
  const editor = createEditor();
  const env = {
    ...process.env,
    PORTAL_API_BASE: portal.url,
    ASTRO_CACHE_DIR: paths.cache,
    DEPLOY_TARGET: sshd.target(paths.target),
    DEPLOY_SSH_KEY: sshd.privateKey,
    DEPLOY_SSH_KNOWN_HOSTS: sshd.knownHosts,
    DEPLOY_KEEP_RELEASES: String(keepReleases),
    DEPLOY_RELOAD_COMMAND: `sh ${reloadScript}`,
    // DEPLOY_TARGET decides: an operator's DEPLOY_COMMAND in this shell must not send the rehearsal anywhere.
    DEPLOY_COMMAND: '',
    ...(reader ? { READER_ENGINE: reader } : {}),
  };
  // askedUnder: the live release under which a pending change was last asked, and its pages answered (pollChanges).
  const state = { nginx: null, changes: [], cycles: [], faqPath: null, current: join(paths.target, 'current'), askedUnder: new Map() };
  const poller = setInterval(() => pollChanges(state), POLL_MS);
  // Stopped by Ctrl-C or a kill: the runs, nginx, sshd and the portal stop with the soak (its log keeps the cycles).
  const interrupted = async () => {
    killRunning();
    await Promise.allSettled([state.nginx?.close(), sshd.close(), portal.close()]);
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    for (let cycle = 1; cycle <= cycles; cycle += 1) {
      const events = schedule(cycle);
      log(`soak cycle ${cycle}/${cycles}${events.length ? ` (${events.join(', ')})` : ''}…`);
      const record = await runCycle({ cycle, events, state, portal, editor, env, paths, reloadScript, keepReleases });
      state.cycles.push(record);
      // What the soak has found so far, cycle by cycle: read it (summarize) should a long soak be stopped early.
      appendFileSync(join(work, 'soak.jsonl'), `${JSON.stringify({ record, changes: state.changes })}\n`);
      log(
        `soak cycle ${cycle}: ${record.result}${record.reason ? ` — ${record.reason}` : ''} in ${(record.ms / 1000).toFixed(1)} s; ${record.visitors.requests} visitor requests, ${record.visitors.errors.length} errors`,
      );
    }
    // The last changes' pages: a few polls after the last switch.
    await pollChanges(state);
    return { cycles: state.cycles, changes: state.changes, keepReleases, scale };
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    killRunning();
    clearInterval(poller);
    await state.nginx?.close();
    await sshd.close();
    await portal.close();
  }
}

/**
 * Asks the live site for every pending change (each once at a time). A page changes only when a deploy switches the
 * live release (nginx serves the files of `current`): a change whose pages all answered, not yet changed, under the
 * release live now is asked again only once another one is live. The notifications, which nginx forwards to the
 * portal, are asked at every poll.
 */
async function pollChanges(state) {
  if (!state.nginx || state.polling) return;
  state.polling = true;
  try {
    const release = existsSync(state.current) ? readlinkSync(state.current) : null;
    for (const change of state.changes.filter((one) => one.liveAt === undefined && !one.superseded)) {
      if (change.path !== 'notifications' && state.askedUnder.get(change) === release) continue;
      // An FAQ item is on one of its category's pages (/faq/3/, /faq/3/2/ …): the new ones go to the last.
      const paths = change.path === 'faq' ? (state.faqPath ? categoryPages(state.faqPath) : []) : [change.path];
      let answered = paths.length > 0;
      for (const path of paths) {
        const live = await isLive(state.nginx.url, { ...change, path });
        if (live) {
          change.liveAt = Date.now();
          break;
        }
        answered &&= live === false;
      }
      if (answered) state.askedUnder.set(change, release);
    }
  } finally {
    state.polling = false;
  }
}

/** Most pages of the FAQ category the poller reads. */
const FAQ_PAGES_READ = 10;
/** The pages of a category: its first page's path, then `<path>2/` … */
const categoryPages = (first) => [first, ...Array.from({ length: FAQ_PAGES_READ - 1 }, (_, at) => `${first}${at + 2}/`)];

/**
 * One cycle: the editor's changes and the cycle's faults on the portal, the cache restored, the run (with its
 * overlap or kill), visitors during it, then the browser, the disk and the publish report.
 * @returns {Promise<object>} the cycle's record
 */
async function runCycle({ cycle, events, state, portal, editor, env, paths, reloadScript, keepReleases }) {
  const changes = editor.changesFor(cycle);
  for (const change of changes) {
    for (const earlier of state.changes) {
      if (earlier.newsId === change.newsId && change.newsId !== undefined && earlier.liveAt === undefined) earlier.superseded = true;
    }
  }
  portal.setEdit(editor.edit());
  portal.setFaults(faultsFor(events, editor.newsImage(cycle)));
  const madeAt = Date.now();
  state.changes.push(...changes.map((change) => ({ ...change, madeAt })));
  if (events.includes('evict')) rmSync(paths.store, { recursive: true, force: true });
  rmSync(paths.cache, { recursive: true, force: true });
  if (existsSync(paths.store)) cpSync(paths.store, paths.cache, { recursive: true });
  rmSync(paths.out, { recursive: true, force: true });

  const current = join(paths.target, 'current');
  const previous = state.previousRelease;
  const live = state.nginx ? releasePaths(current) : null;
  const withdrawn = (path) => state.changes.some((change) => change.kind === 'withdraw' && path.startsWith(change.path));
  const load = state.nginx
    ? startVisitorLoad({ url: state.nginx.url, paths: [...live.pages, ...live.assets, ...(previous?.assets ?? [])], withdrawn })
    : null;
  const run = startRun({ env, outDir: paths.out, killOnDeploy: events.includes('kill') });
  const overlap = events.includes('overlap')
    ? new Promise((resolve) => setTimeout(() => resolve(startRun({ env, outDir: `${paths.out}-second` }).done), OVERLAP_DELAY_MS))
    : null;
  const result = await run.done;
  const second = overlap ? await overlap : null;
  // The fault lasts for the run: the browser's visit after the switch meets a portal that answers again.
  portal.setFaults({});
  const record = {
    cycle,
    events,
    ms: result.ms,
    result: result.code === 0 ? 'deployed' : 'failed',
    reason: result.code === 0 ? '' : reasonOf(result),
  };
  if (second) record.overlap = second.code === LOCK_BUSY_EXIT_CODE ? 'refused (exit 75)' : `NOT refused: exit ${second.code} ${reasonOf(second)}`;
  writeFileSync(join(paths.out, '..', `cycle-${cycle}.log`), result.output);

  if (result.code === 0) {
    // Moved, not copied: copying the few thousand files of the caches cost the soak up to 3 CPU-s a cycle.
    rmSync(paths.store, { recursive: true, force: true });
    renameSync(paths.cache, paths.store);
    if (!state.nginx) {
      state.nginx = await startNginx({ dist: current, portalUrl: portal.url });
      writeFileSync(reloadScript, `${state.nginx.reloadCommand}\n`);
      state.faqPath = await faqPage(current, portal.url);
    }
  }
  record.visitors = load ? await load.stop() : { requests: 0, errors: [] };
  const release = existsSync(current) ? readlinkSync(current) : null;
  if (release && release !== state.liveRelease) {
    if (state.liveRelease) state.previousRelease = { name: state.liveRelease, assets: releasePaths(join(paths.target, state.liveRelease)).assets };
    state.liveRelease = release;
    const added = changes.find((change) => change.kind === 'add');
    record.browser = await visitInBrowser({ url: state.nginx.url, paths: ['/', added.path, '/news/', '/search/'] });
  }
  record.imageReported = imageReported(current, editor.newsImage(cycle), events);
  record.diskBytes = await diskBytes(paths.target);
  record.releases = existsSync(join(paths.target, 'releases'))
    ? readdirSync(join(paths.target, 'releases')).filter((name) => !name.startsWith('.')).length
    : 0;
  record.releasesWithinKeep = record.releases <= keepReleases;
  await pollChanges(state);
  return record;
}

/**
 * The FAQ page of the category the editor adds to: the live page that shows the portal's first FAQ item.
 * @returns {Promise<string | null>} its path, `/faq/3/`
 */
async function faqPage(release, portalUrl) {
  const { method, path } = ENDPOINTS.faqs;
  const answer = await fetch(`${portalUrl}${path}`, method === 'POST' ? { method, headers: { 'content-type': 'application/json' }, body: '{}' } : {});
  const [first] = (await answer.json()).data;
  const name = readdirSync(join(release, 'faq')).find((folder) => pageText(release, `faq/${folder}`).includes(first.title));
  return name ? `/faq/${name}/` : null;
}

/** For a cycle with an image fault: whether the live release's publish report names the image (else null). */
function imageReported(current, image, events) {
  if (!events.includes('image-drop') && !events.includes('image-slow')) return null;
  try {
    const report = JSON.parse(readFileSync(join(current, BUILD_REPORT_FILE), 'utf8'));
    return JSON.stringify(report.images?.failed ?? []).includes(image);
  } catch {
    return false;
  }
}
