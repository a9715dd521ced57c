#!/usr/bin/env node
/**
 * `npm test`: the one test command (DESIGN.md §8), in order, stopping at the first failure:
 *   1. Chromium and nginx checks (CHROME_PATH or /usr/bin/chromium, NGINX_PATH or /usr/sbin/nginx; installed with
 *      apt-get when missing on Debian as root), Java for the W3C checker, and the audio reader's espeak-ng, lame and
 *      sox (the same way);
 *   2. workflow lint (action-validator on .github/workflows/*.yml, scripts/lint-workflows.mjs; under a second);
 *   3. type check (`astro check`, TypeScript strict) and unit and integration tests (vitest, tests/unit)
 *      against the sample portal over HTTP;
 *   4. build-failure and publishing tests: the build on each injected portal fault (tests/build/build-faults.test.ts);
 *      stale-if-error snapshots, the item-drop guard, the build report and the rebuild pipeline
 *      (tests/build/publishing.test.ts), one file at a time (both run full builds);
 *   5. the build against the sample portal (`npm run build`);
 *   6. checks of the built site (tests/build/*.test.ts after the build: dist contents and its audio; every route, redirect and
 *      404 under real nginx; the build report and no broken internal links (site-checks, the deploy gate of
 *      scripts/rebuild.mjs); search recall against substring matching ≥ 0.95; sitemap, robots.txt and head
 *      metadata; W3C HTML validity of every page; security headers on every response type and the HTTP
 *      Observatory grade; a second build with the hostile corpus, opened in Chromium);
 *   7. end-to-end tests in Chromium (Playwright, tests/e2e).
 * Arguments: `--skip-build` reuses an existing dist/ (steps 4–5 skipped).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromiumPath, espeakNgPath, javaPath, lamePath, nginxPath, soxPath } from '../tests/system.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const skipBuild = process.argv.includes('--skip-build');

/** Runs a step with Node 24 (this process's node); exits on failure. */
function step(title, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${title} failed (${seconds} s)`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${seconds} s)`);
}

const chrome = chromiumPath({ install: true });
const nginx = nginxPath({ install: true });
const java = javaPath({ install: true });
// The audio reader's speech engine and encoder (the build gives pages audio with them; tests/unit/reader-pipeline).
espeakNgPath({ install: true });
lamePath({ install: true });
soxPath({ install: true });
const vitest = ['node_modules/vitest/vitest.mjs', 'run', '--config', 'tests/vitest.config.ts'];

step('workflow lint (action-validator)', ['scripts/lint-workflows.mjs']);
step('type check (astro check, against the sample portal)', ['scripts/astro.mjs', 'check']);
step('unit and integration tests', [...vitest, 'tests/unit']);
if (!skipBuild) {
  step('build fails on each portal fault; publishing (snapshots, item-drop guard, build report, pipeline)', [
    ...vitest,
    '--no-file-parallelism',
    'tests/build/build-faults.test.ts',
    'tests/build/publishing.test.ts',
  ]);
  step('build against the sample portal', ['scripts/astro.mjs', 'build']);
} else if (!existsSync(`${root}dist/index.html`)) {
  console.error('--skip-build needs an existing dist/: run `npm run build` first.');
  process.exit(1);
}
step('checks of the built site', [
  ...vitest,
  'tests/build/dist.test.ts',
  'tests/build/reader-dist.test.ts',
  'tests/build/routes.test.ts',
  'tests/build/site-checks.test.ts',
  'tests/build/search-recall.test.ts',
  'tests/build/seo.test.ts',
  'tests/build/html-validity.test.ts',
  'tests/build/headers.test.ts',
  'tests/build/hostile.test.ts',
], {
  NGINX_PATH: nginx,
  CHROME_PATH: chrome,
  JAVA_PATH: java,
});
step('end-to-end tests in Chromium', ['node_modules/@playwright/test/cli.js', 'test', '--config', 'tests/playwright.config.ts'], {
  CHROME_PATH: chrome,
});
console.log('\nAll tests passed.');
