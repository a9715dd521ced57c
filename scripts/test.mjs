#!/usr/bin/env node
/**
 * `npm test`: the one test command (REFERENCE.md "Test layers"). Its steps, numbered as .github/CONTRIBUTING.md "Tests" lists them:
 *   1. the system packages of purpose `tests` in scripts/system-packages.txt (Chromium with CJK fonts, nginx, Java
 *      for the W3C checker, openssl, sox with MP3, the reader's espeak-ng and lame): those dpkg lacks are installed
 *      with apt-get on Debian as root; then `npm run doctor`'s capability checks, which stop the run naming the
 *      package of any capability still missing;
 *   2. workflow lint (action-validator on .github/workflows/*.yml, scripts/lint-workflows.mjs; under a second), then
 *      Biome's format check and lint rules over src/, scripts/, tests/ (.github/biome.jsonc; a few seconds);
 *   3. type check (`astro check`, TypeScript strict) and, side by side with it, unit and integration tests (vitest,
 *      the folder tests/unit) against the sample portal over HTTP;
 *   4. whole-build tests (the folder tests/build, one file at a time: each runs full builds of its own into temporary
 *      folders, never dist/, without audio, which 6 and 7 test on step 5's build): the build on each injected portal
 *      fault (build-faults); stale-if-error snapshots, the item-drop guard, quarantine, the build report and the
 *      rebuild pipeline (publishing); builds over a kept dist/ after content changes (kept-dist); one build at a time
 *      per checkout (one-run-at-a-time); what the build writes per CDN host (cdn-hosts); a production install (`npm
 *      install --omit=dev`) that builds and serves against a portal (omit-dev); two cold builds under TZ=UTC and
 *      TZ=Asia/Taipei give the same HTML (timezone); a build with the hostile corpus, opened in Chromium (hostile);
 *      five cycles of the publishing loop deployed over SSH to nginx with faults, an overlap, a killed deploy and
 *      visitors (soak, scripts/bench/soak.mjs); cdn-hosts, omit-dev and soak build the sample portal's
 *      `lean` content (every list, category and kind of page, fewer news and FAQ items: scripts/sample-portal/README.md),
 *      as what they check depends on the kinds of page, not on how many there are;
 *   5. the build against the sample portal in strict mode (only REFERENCE.md "Portal API" endpoints answer; `npm run build`) into dist/;
 *   6. checks of the built site (the folder tests/site, against the dist/ of step 5: dist contents and its audio;
 *      every route, redirect and 404 under real nginx; the build report and no broken internal links (site-checks,
 *      the deploy gate of scripts/rebuild.mjs); search recall against substring matching ≥ 0.95; sitemap,
 *      robots.txt and head metadata; W3C HTML validity of every page; security headers on every response type and
 *      the HTTP Observatory grade);
 *   7. end-to-end tests in Chromium (Playwright, tests/e2e, over the same dist/: no build of their own);
 *   8. the forms' end-to-end tests tagged @strict again with the portal answering only REFERENCE.md "Portal API" (E2E_PORTAL_STRICT=1):
 *      the /service form and 語音播放 without their calls beyond the spec, and the contact form's REFERENCE.md "Portal API" calls.
 * Order: 1, 2, then two lines side by side: the type check (3), the build (5) and 6, 7, 8 one after the other, then
 * the hostile file of 4 over a build the other line made, then the production install's file of 4 (omit-dev, which
 * builds in a project copy of its own); beside them the unit tests (3), then, once 5's build is
 * done, the build with the hostile corpus and the other whole builds (4). Step 5 comes before 4 so that what
 * reads its dist/ need not wait for the whole builds: those build only into temporary folders, and one build at a time
 * per checkout (scripts/astro.mjs BUILD_LOCK_FILE) keeps 4's builds apart from 5's. On a fresh clone step 5 is the
 * cold build (image variants, audio synthesis) whose caches the whole builds then find warm; the scenarios that must
 * be cold keep their own cache folders (tests/build/timezone.test.ts).
 * Side by side, each step's output lines carry its label ([types], [unit], [build], [builds], [site], [e2e], [e2e strict],
 * [hostile], [omit-dev]);
 * a failure anywhere stops every step under way and the run, as before. At the end the run prints each step's time
 * and each side-by-side group's wall time, with the cores busy meanwhile and each step's own CPU time
 * (scripts/lib/cpu-meter.mjs: every process the step starts, counted by the kernel).
 * Every test file of a folder runs: a new file needs no registration. A vitest file outside the three folders would
 * never run, so the run refuses to start when there is one.
 * Arguments: `--skip-build` reuses an existing dist/ (steps 4–5 skipped).
 * Temporary files: every step runs with TMPDIR set to one folder of this run, removed when the run ends (passed or
 * not), so that the many throwaway sites, snapshots, deploy targets and nginx prefixes the tests make (several GB
 * over a few runs) never pile up in the machine's /tmp.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join, sep } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { checkCapabilities, report } from './doctor.mjs';
import { installMissing } from './system-packages.mjs';
import { meterCpu } from './lib/cpu-meter.mjs';
import { chromiumPath, javaPath, nginxPath } from './lib/system.mjs';
import { readSettings, taipeiToday } from './sample-portal/site-rules.mjs';
import { HOSTILE_BUILD_ENV } from './sample-portal/content/hostile.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const skipBuild = process.argv.includes('--skip-build');

/**
 * The vitest folders (folders, not named files, so a new test file always runs): unit and integration tests, no
 * build (step 3).
 */
const UNIT_TESTS = 'tests/unit/';
/** Tests that run whole builds of their own, one file at a time (step 4). */
const WHOLE_BUILD_TESTS = 'tests/build/';
/** Checks of the dist/ built in step 5 (step 6). */
const SITE_CHECKS = 'tests/site/';

// A vitest file outside the three folders would never run: refuse to start rather than skip it.
const TEST_FOLDERS = [UNIT_TESTS, WHOLE_BUILD_TESTS, SITE_CHECKS];
const stray = readdirSync(`${root}tests`, { recursive: true, encoding: 'utf8' })
  .map((file) => `tests/${file.split(sep).join('/')}`)
  .filter((file) => file.endsWith('.test.ts') && !TEST_FOLDERS.some((folder) => file.startsWith(folder)));
if (stray.length > 0) {
  console.error(`✖ scripts/test.mjs runs no test outside ${TEST_FOLDERS.join(', ')}: move ${stray.join(', ')} into one of them.`);
  process.exit(1);
}

/**
 * READER_BUDGET_SECONDS of the build the site checks and the end-to-end tests use (step 5), seconds: every content
 * page must have its audio there (tests/site/reader-dist.test.ts), whatever this machine's speed; far above a cold
 * synthesis of the sample site (scripts/bench/README.md).
 */
const TEST_READER_BUDGET_SECONDS = 3600;

/**
 * SAMPLE_PORTAL_TODAY of every step: the sample portal's relative dates count from one Taipei day for the whole run,
 * since the build of step 5 and the browser tests of step 7 start portals of their own, minutes apart, possibly
 * either side of Taipei's midnight. A value set in the environment wins (a step's own env still overrides both).
 */
const SAMPLE_DAY = { SAMPLE_PORTAL_TODAY: readSettings().SAMPLE_PORTAL_TODAY ?? taipeiToday() };

/** The process groups of the steps under way, stopped when the run ends early (a failure, Ctrl+C). */
const running = new Set();
process.on('exit', () => {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
});

/** This run's temporary folder (TMPDIR of every step), removed on exit: see the top of this file. */
const runTmp = mkdtempSync(join(os.tmpdir(), 'insurer-test-'));
process.on('exit', () => rmSync(runTmp, { recursive: true, force: true }));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(128 + os.constants.signals[signal]));

/**
 * The machine's CPU time so far, from Linux's /proc/stat (its first line, in clock ticks): `busy` (every state but
 * idle and iowait) and `all`; null elsewhere. Two readings give how many cores were busy on average between them.
 */
function cpuTicks() {
  try {
    const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const all = ticks.reduce((sum, value) => sum + value, 0);
    return { busy: all - ticks[3] - (ticks[4] ?? 0), all };
  } catch {
    return null;
  }
}

/**
 * How busy the machine's cores were since `start` (a cpuTicks reading), as text for the summary: "1.6 of 2 cores
 * busy"; empty where /proc/stat is missing. It counts every process of the machine, so side-by-side steps share it:
 * it shows where a core stood idle, the time a better arrangement of the steps could win.
 */
function coresBusy(start) {
  const end = cpuTicks();
  if (!start || !end || end.all === start.all) return '';
  const cores = os.availableParallelism();
  return `, ${(((end.busy - start.busy) / (end.all - start.all)) * cores).toFixed(1)} of ${cores} cores busy`;
}

/** When the run started (ms since the epoch) and the machine's CPU time then: the whole run's line of the summary. */
const runStarted = Date.now();
const runTicks = cpuTicks();

/** Each finished step's title and wall time in seconds, for the summary at the end. */
const timings = [];

/**
 * Runs a step with Node 24 (this process's node) in a process group of its own; exits the run on failure (after
 * stopping every other step under way: see `running`).
 * In: `title`; `args` of node; `env` on top of this run's; `label` prefixes each line of its output (steps that run
 * side by side), else its output is this process's.
 * Out: resolves when the step passed.
 */
function step(title, args, env = {}, label = '') {
  console.log(`\n▶ ${title}${label ? ` [${label}]` : ''}`);
  const started = Date.now();
  const startTicks = cpuTicks();
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', label ? 'pipe' : 'inherit', label ? 'pipe' : 'inherit'],
    detached: true,
    env: { ...process.env, ...SAMPLE_DAY, TMPDIR: runTmp, ...env },
  });
  running.add(child.pid);
  const cpuMeter = meterCpu(child.pid);
  if (label) {
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => console.log(`[${label}] ${line}`));
    }
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      running.delete(child.pid);
      const cpuSeconds = cpuMeter.stop();
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (code !== 0) {
        console.error(`✖ ${title} failed (${seconds} s${signal ? `, ${signal}` : ''})`);
        process.exit(code || 1);
      }
      console.log(`✔ ${title} (${seconds} s)`);
      const cpu = cpuSeconds === null ? '' : `, ${Math.round(cpuSeconds)} CPU-s`;
      timings.push(`${seconds.padStart(7)} s  ${title}${coresBusy(startTicks)}${cpu}`);
      resolve();
    });
  });
}

/**
 * Runs lines of steps side by side: each line's steps one after the other, the lines at once (a failure anywhere
 * stops the whole run). In: an array of lines, each an array of functions that start a step and resolve when it
 * passed. Out: resolves when every line passed.
 */
async function sideBySide(title, lines) {
  const started = Date.now();
  const startTicks = cpuTicks();
  await Promise.all(
    lines.map(async (line) => {
      for (const next of line) await next();
    }),
  );
  timings.push(`${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s  (wall) ${title}${coresBusy(startTicks)}`);
}

console.log('▶ system packages (scripts/system-packages.txt, purpose "tests") and their capabilities (npm run doctor)');
installMissing(['tests']);
if (!report(await checkCapabilities(['tests']))) {
  console.error('✖ This machine lacks what the tests need (above). Install it, then run npm test again.');
  process.exit(1);
}
const chrome = chromiumPath();
const nginx = nginxPath();
const java = javaPath();
const vitest = ['node_modules/vitest/vitest.mjs', 'run', '--config', 'tests/vitest.config.ts'];
/** Where the vitest steps find Chromium, nginx and Java. */
const tools = { NGINX_PATH: nginx, CHROME_PATH: chrome, JAVA_PATH: java };

await step('workflow lint (action-validator)', ['scripts/lint-workflows.mjs']);
// Biome: the house style (format) and its lint rules, configured in .github/biome.jsonc; `npm run format` fixes the first.
await step('lint and format (Biome)', [
  'node_modules/@biomejs/biome/bin/biome',
  'ci',
  '--config-path',
  '.github/biome.jsonc',
  '--error-on-warnings',
  'src',
  'scripts',
  'tests',
  'astro.config.mjs',
]);
if (skipBuild && !existsSync(`${root}dist/index.html`)) {
  console.error('--skip-build needs an existing dist/: run `npm run build` first.');
  process.exit(1);
}
/**
 * Step 5. Strict: the sample portal answers only REFERENCE.md "Portal API", so a build-time call the insurer's portal
 * lacks fails here; the HTML is the same as against the full sample portal. On a fresh clone this is the cold build
 * that fills the checkout's image and audio caches, which the whole builds then find warm.
 */
const strictBuild = () =>
  step(
    'build against the sample portal (strict: REFERENCE.md "Portal API" endpoints only)',
    ['scripts/astro.mjs', 'build'],
    { SAMPLE_PORTAL_STRICT: '1', READER_BUDGET_SECONDS: String(TEST_READER_BUDGET_SECONDS) },
    'build',
  );
/** Steps 6–8, one after the other: everything that reads the dist/ of step 5. */
const builtSiteSteps = [
  () => step('checks of the built site', [...vitest, SITE_CHECKS], tools, 'site'),
  () =>
    step(
      'end-to-end tests in Chromium',
      ['node_modules/@playwright/test/cli.js', 'test', '--config', 'tests/playwright.config.ts'],
      { CHROME_PATH: chrome },
      'e2e',
    ),
  () =>
    step(
      'end-to-end forms against the strict portal (REFERENCE.md "Portal API" endpoints only)',
      ['node_modules/@playwright/test/cli.js', 'test', '--config', 'tests/playwright.config.ts', 'tests/e2e/forms.spec.ts', '--grep', '@strict'],
      { CHROME_PATH: chrome, E2E_PORTAL_STRICT: '1' },
      'e2e strict',
    ),
];
/**
 * Step 4: builds of their own into temporary folders, one file at a time (one build at a time per checkout). The
 * hostile corpus's file is split off its line (below): its build (HOSTILE_BUILD_ENV) runs first on this line, into
 * this run's temporary folder, and its checks in Chromium run on the other line (they build nothing), given that build
 * as HOSTILE_DIST. Its policy comparison takes step 5's dist/ as its build of the site without the corpus (SAMPLE_DIST
 * of tests/build/hostile.test.ts) instead of building one more.
 */
const HOSTILE_TESTS = `${WHOLE_BUILD_TESTS}hostile.test.ts`;
const hostileDist = join(runTmp, 'hostile-dist');
const hostileBuild = () =>
  step(
    'build with the hostile corpus (for tests/build/hostile.test.ts)',
    ['scripts/astro.mjs', 'build', '--outDir', hostileDist, '--silent'],
    HOSTILE_BUILD_ENV,
    'builds',
  );
/**
 * The production install's file: it builds in a copy of the project with its own node_modules, so its own checkout lock
 * and caches (copies of this checkout's, tests/build/run-build.ts imageCacheCopy), and can run on the other line,
 * beside this checkout's builds, to even the lines.
 */
const OMIT_DEV_TESTS = `${WHOLE_BUILD_TESTS}omit-dev.test.ts`;
const wholeBuilds = () =>
  step(
    'whole builds: each portal fault fails the build; publishing; kept dist/; time zones; CDN hosts; a short soak',
    [...vitest, '--no-file-parallelism', '--exclude', HOSTILE_TESTS, '--exclude', OMIT_DEV_TESTS, WHOLE_BUILD_TESTS],
    tools,
    'builds',
  );
const omitDev = () =>
  step('whole build: a production install (npm install --omit=dev) builds and serves', [...vitest, OMIT_DEV_TESTS], tools, 'omit-dev');
const hostileChecks = () =>
  step(
    'the hostile corpus in Chromium, and its security policy',
    [...vitest, HOSTILE_TESTS],
    { ...tools, HOSTILE_DIST: hostileDist, SAMPLE_DIST: `${root}dist` },
    'hostile',
  );
/** Settle when step 5's build, and the build with the hostile corpus, passed (a failure ends the run in `step`). */
const strictBuildDone = Promise.withResolvers();
const hostileBuildDone = Promise.withResolvers();
// Two lines side by side over the whole run, so that neither core waits for a step the other line does not need:
// - the type check (one process, about a core), then step 5's build (the type check's `astro sync` and the build
//   both write .astro/, so never at once), then steps 6–8 over its dist/, then, once the hostile corpus's build (on
//   the other line) is done, its checks in Chromium;
// - the unit tests (vitest spreads them over the cores the other line leaves), then, once step 5's build is done, the
//   build with the hostile corpus and the other whole builds: one build at a time per checkout (scripts/astro.mjs
//   BUILD_LOCK_FILE) would stop one started beside step 5's, and they find the caches step 5 filled warm.
// The hostile checks moved lines to even them: the whole builds were the longer line by about as long as those checks.
// So did the production install's build (omit-dev): it builds in a project copy of its own, never this checkout.
// The unit tests read no dist/ and build nothing in the checkout; the sample portal's photo cache, which both they and
// step 5's portal fill on a fresh clone, is written whole and renamed (scripts/sample-portal/photos.mjs).
await sideBySide('the type check, the build and the checks of the built site, beside the unit tests and the whole builds', [
  [
    () => step('type check (astro check, against the sample portal)', ['scripts/astro.mjs', 'check'], {}, 'types'),
    ...(skipBuild ? [] : [() => strictBuild().then(strictBuildDone.resolve)]),
    ...builtSiteSteps,
    ...(skipBuild ? [] : [() => hostileBuildDone.promise, hostileChecks, omitDev]),
  ],
  [
    () => step('unit and integration tests', [...vitest, UNIT_TESTS], {}, 'unit'),
    ...(skipBuild ? [] : [() => strictBuildDone.promise, () => hostileBuild().then(hostileBuildDone.resolve), wholeBuilds]),
  ],
]);
timings.push(`${((Date.now() - runStarted) / 1000).toFixed(1).padStart(7)} s  (wall) the whole run${coresBusy(runTicks)}`);
console.log(`\nWhere the time went (steps side by side overlap; "wall" is the time of the group):\n${timings.join('\n')}`);
console.log('\nAll tests passed.');
