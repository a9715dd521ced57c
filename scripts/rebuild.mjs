#!/usr/bin/env node
/**
 * The publishing pipeline (.github/OPERATIONS.md "Publishing"), the one path of `.github/workflows/rebuild.yml` and of
 * a local `npm run rebuild`:
 *   1. build against PORTAL_API_BASE (or the sample portal) into `--out-dir` (default dist/): stale-if-error
 *      snapshots, the item-drop guard and dist/build-report.json come with it (src/portal/snapshots.ts);
 *   2. the checks of the built site under nginx: build report, every redirect, 404, no broken internal link
 *      (scripts/lib/site-checks.mjs, stopping at the first failing check; tests/site/site-checks.test.ts wraps
 *      the same checks);
 *   3. deploy with scripts/deploy.mjs (DEPLOY_COMMAND or DEPLOY_TARGET; `--dry-run` lists and changes nothing).
 * Each step runs only when the one before passed: a failed build or check never reaches the deploy.
 * Editors (every publish is visible to them): after the build, the publish report's summary
 * (src/integrations/publish-report.ts, the same as the page `/_publish/`) is appended to the job summary when
 * GITHUB_STEP_SUMMARY names one (GitHub Actions sets it); when a step fails, the job summary says so and, with
 * PUBLISH_NOTIFY_URL, one JSON message is POSTed (src/integrations/notify.ts; a failed notification only warns).
 *
 * One run at a time: the whole run holds the checkout's lock (BUILD_LOCK_FILE of scripts/astro.mjs), and the deploy
 * the target's (scripts/deploy.mjs); a run that finds either held stops at once, changes nothing, says which run
 * holds it (console and job summary) and exits LOCK_BUSY_EXIT_CODE (75), without telling editors of a failure.
 *
 * Usage: `node scripts/rebuild.mjs [--dry-run] [--out-dir dist] [--skip-build]` (`--skip-build` checks and
 * deploys an existing build). Exit code: 0 when deployed (or planned); 75 when another run holds a lock; otherwise
 * the failing step's.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BUILD_LOCK_FILE, runAstro, sampleSnapshotDir } from './astro.mjs';
import { deploy } from './deploy.mjs';
import { acquireLock, LOCK_BUSY_EXIT_CODE, LockBusyError } from './lib/run-lock.mjs';
import { checkSite } from './lib/site-checks.mjs';
import { restoreCaches, restoreSnapshots, saveCaches, saveSnapshots } from './lib/state.mjs';
import { readSettings } from '../src/settings.ts';
import { BUILD_REPORT_FILE, IMAGE_CACHE_FOLDER, READER_CACHE_FOLDER } from '../src/site/limits.ts';
import { failureMessage, notify } from '../src/integrations/notify.ts';
import { publishSummaryMarkdown } from '../src/integrations/publish-report.ts';
import { readStagedRefusals, snapshotSettings } from '../src/portal/snapshots.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Runs the pipeline, holding the checkout's lock.
 * @param {{ outDir?: string, dryRun?: boolean, skipBuild?: boolean, env?: NodeJS.ProcessEnv }} [options]
 * @returns {Promise<number>} 0 on success; LOCK_BUSY_EXIT_CODE when another run holds the checkout's or the
 *   target's lock (nothing changed); else the exit code of the step that failed (nothing deployed).
 */
export async function rebuild(options = {}) {
  const summary = (options.env ?? process.env).GITHUB_STEP_SUMMARY;
  let lock;
  try {
    lock = acquireLock({ file: BUILD_LOCK_FILE, what: 'rebuild (npm run rebuild)', where: `the checkout ${root}` });
    return await runPipeline(options, lock.fd);
  } catch (error) {
    if (!(error instanceof LockBusyError)) throw error;
    console.error(`\n✖ ${error.message}`);
    if (summary) appendFileSync(summary, `## 本次重建略過：另一次重建或部署正在進行（${error.holder}），本次未變更任何內容\n\n`);
    return LOCK_BUSY_EXIT_CODE;
  } finally {
    lock?.release();
  }
}

/**
 * The pipeline's steps (rebuild, whose lock the caller holds).
 * @param {{ outDir?: string, dryRun?: boolean, skipBuild?: boolean, env?: NodeJS.ProcessEnv }} options
 * @param {number} lockFd the checkout lock's fd, handed to the build's processes
 * @returns {Promise<number>}
 * @throws {LockBusyError} when the deploy finds the target's lock held
 */
async function runPipeline({ outDir = 'dist', dryRun = false, skipBuild = false, env = process.env }, lockFd) {
  const site = resolve(root, outDir);
  // The one read of the run's settings (the entry point of `npm run rebuild` and of the tests): the build, the checks
  // and the deploy get these values.
  const settings = readSettings(env);
  const summary = env.GITHUB_STEP_SUMMARY;
  const stop = async (step, code) => {
    console.error(`\n✖ ${step} failed (exit ${code}): stopped, nothing deployed.`);
    // The lists the item-drop guard refused: what editors must confirm (or fix on the portal) before the next publish.
    const refusals = step === 'build' ? await readStagedRefusals(snapshotDir(settings)) : [];
    for (const refusal of refusals) console.error(`✖ refused: ${refusal.reason.en}`);
    if (summary) {
      const lines = refusals.map((refusal) => `- ${refusal.reason.zh}\n`).join('');
      appendFileSync(summary, `## ✖ 網站重建失敗：${step}（結束碼 ${code}），沒有部署任何內容\n\n${lines ? `${lines}\n` : ''}`);
    }
    const message = failureMessage(step, code || 1, settings.SITE_URL, refusals);
    await notify(settings.PUBLISH_NOTIFY_URL, message, { warn: (text) => console.warn(`⚠ ${text}`) });
    return code || 1;
  };
  if (!skipBuild) {
    // A new machine or an evicted cache: the snapshots of what is live come back from the deploy target.
    const restored = restoreSnapshots({ dir: snapshotDir(settings), settings });
    if (restored) console.log(`Snapshot folder empty: the snapshots of the live site restored from ${restored}`);
    keptCaches(restoreCaches, settings, 'Cache folder empty: restored from', 'The caches kept on the deploy target could not be read');
    console.log(`\n▶ rebuild 1/3: build into ${site}`);
    const code = await runAstro('build', ['--outDir', site], { env, settings, lockFd });
    if (code !== 0) return stop('build', code);
  }
  if (summary) writeJobSummary(site, summary, settings.SITE_URL);
  console.log(`\n▶ rebuild 2/3: checks of ${site} (scripts/lib/site-checks.mjs)`);
  if (!(await checkSite({ dist: site, portalUrl: settings.PORTAL_API_BASE, settings }))) return stop('checks', 1);
  console.log(`\n▶ rebuild 3/3: deploy${dryRun ? ' (dry run)' : ''}`);
  try {
    deploy({ dir: site, dryRun, env, settings });
  } catch (error) {
    if (error instanceof LockBusyError) throw error;
    console.error(`✖ deploy failed: ${error.message}`);
    return stop('deploy', 1);
  }
  if (!dryRun) keepSnapshots(snapshotDir(settings), settings);
  if (!dryRun) keptCaches(saveCaches, settings, 'Cache kept in', 'The caches could not be kept on the deploy target');
  console.log(`\n✔ rebuild ${dryRun ? 'done (dry run, nothing deployed)' : 'deployed'}`);
  return 0;
}

/**
 * Keeps the deployed build's snapshots on the deploy target (scripts/lib/state.mjs); a failure only warns: the site
 * is deployed, and the next run keeps them again.
 */
function keepSnapshots(dir, settings) {
  try {
    const kept = saveSnapshots({ dir, settings });
    if (kept) console.log(`Snapshots of the live site kept in ${kept}`);
  } catch (error) {
    console.warn(`⚠ ${error.message}`);
  }
}

/**
 * The build machine's folder of each cache kept on the deploy target (KEPT_CACHES of scripts/lib/state.mjs), as the
 * build resolves them: IMAGE_CACHE_DIR and READER_CACHE_DIR, else their folders in Astro's cache folder.
 * @returns {Record<string, string>}
 */
function cacheDirs(settings) {
  const astroCache = astroCacheDir(settings);
  return {
    'image variants': settings.IMAGE_CACHE_DIR ? resolve(root, settings.IMAGE_CACHE_DIR) : join(astroCache, IMAGE_CACHE_FOLDER),
    'reader audio': settings.READER_CACHE_DIR ? resolve(root, settings.READER_CACHE_DIR) : join(astroCache, READER_CACHE_FOLDER),
  };
}

/**
 * Runs a kept-cache copy (saveCaches or restoreCaches of scripts/lib/state.mjs), logs where the caches went or came
 * from, and only warns when it fails: a cache saves time, and without it the build makes its files again within its
 * budgets, so neither a build nor a finished deploy is failed for it.
 */
function keptCaches(copy, settings, label, failure) {
  try {
    const { kept = [], restored = [], warnings } = copy({ dirs: cacheDirs(settings), settings });
    for (const where of [...kept, ...restored]) console.log(`${label} ${where}`);
    for (const warning of warnings) console.warn(`⚠ ${warning}`);
  } catch (error) {
    console.warn(`⚠ ${failure}: ${error.message}`);
  }
}

/**
 * The snapshot folder the build uses (its staged refusals): PORTAL_SNAPSHOT_DIR, the sample portal's own folder
 * without PORTAL_API_BASE (scripts/astro.mjs), else the one in Astro's cache folder.
 * @returns {string}
 */
function snapshotDir(settings) {
  if (!settings.PORTAL_API_BASE) return sampleSnapshotDir(settings);
  return snapshotSettings(settings, astroCacheDir(settings)).dir;
}

/** Astro's cache folder as the build uses it: ASTRO_CACHE_DIR (from the checkout), else Astro's default. */
const astroCacheDir = (settings) => (settings.ASTRO_CACHE_DIR ? resolve(root, settings.ASTRO_CACHE_DIR) : join(root, 'node_modules/.astro'));

/**
 * Appends the publish report's summary (Markdown, publishSummaryMarkdown) of the built site to the job summary.
 * @param {string} site the built site's folder (its build-report.json)
 * @param {string} file the job summary file (GITHUB_STEP_SUMMARY)
 * @param {string} siteUrl SITE_URL, for the links
 */
function writeJobSummary(site, file, siteUrl) {
  try {
    const report = JSON.parse(readFileSync(join(site, BUILD_REPORT_FILE), 'utf8'));
    appendFileSync(file, publishSummaryMarkdown(report, siteUrl));
  } catch (error) {
    console.warn(`⚠ job summary not written: ${error.message}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      'dry-run': { type: 'boolean', default: false },
      'skip-build': { type: 'boolean', default: false },
      'out-dir': { type: 'string', default: 'dist' },
    },
  });
  process.exitCode = await rebuild({ outDir: values['out-dir'], dryRun: values['dry-run'], skipBuild: values['skip-build'] });
}
