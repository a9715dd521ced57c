/**
 * Playwright configuration: end-to-end tests in Debian's Chromium (CHROME_PATH or its headless shell /usr/bin/chromium-headless-shell, never a
 * downloaded browser) against the built site served by `npm start` on a free loopback port, with the sample
 * portal answering `/api/*` and `/upload/*`.
 *
 * E2E_PORTAL_STRICT=1 runs that sample portal in strict mode (SAMPLE_PORTAL_STRICT=1: only the endpoints of REFERENCE.md "Portal API"
 * answer, as the insurer's portal may), over the same dist/ (the build calls only REFERENCE.md "Portal API" endpoints, so its pages do not depend on the
 * mode). The tests read the same variable (tests/e2e/forms.spec.ts: what the site does without the calls beyond REFERENCE.md "Portal API").
 * Unset, the portal answers every call the site makes, as before.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import getPort from 'get-port';
import { CHROMIUM_ARGS } from '../scripts/lib/system.mjs';

// Chosen once in the main process; workers inherit it through the environment.
process.env.E2E_PORT ??= String(await getPort({ host: '127.0.0.1' }));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
// The forms (tests/e2e/forms.spec.ts): the sample portal appends accepted forms to this JSON Lines file, which the
// tests read to see what arrived; every captcha's answer is E2E_CAPTCHA_TEXT (the image still varies); the rate
// limit is off, as the tests send many forms from one address (it has unit tests: tests/unit/sample-portal.test.ts).
process.env.E2E_STORE_FILE ??= path.join(mkdtempSync(path.join(os.tmpdir(), 'e2e-portal-')), 'submissions.jsonl');
process.env.E2E_CAPTCHA_TEXT ??= 'K7P3';
/** Whether the sample portal answers only the endpoints of REFERENCE.md "Portal API" (see above). */
const strictPortal = process.env.E2E_PORTAL_STRICT === '1';
if (!strictPortal && ![undefined, '', '0'].includes(process.env.E2E_PORTAL_STRICT)) {
  throw new Error(
    `E2E_PORTAL_STRICT must be 1 (strict portal: REFERENCE.md "Portal API" endpoints only) or 0, got "${process.env.E2E_PORTAL_STRICT}"`,
  );
}

export default defineConfig({
  testDir: './e2e',
  outputDir: '../test-results',
  // One test per case, each in a fresh browser context. Sharing a page between cases measured no less CPU time:
  // focus.spec.ts with 8 templates a test (a step each) took 88 CPU-s against 85 for one test a template, a11y.spec.ts
  // 71 against 73, forms.spec.ts with its 8 invalid-field tests as one 86-92 against 87-89; what a test does (the Tab
  // walk, the axe scan, the form's work) costs far more than its context and first page load.
  fullyParallel: true,
  // 3 on 2 cores: a test spends much of its time waiting (the site's own delays and transitions, the server), which a
  // third browser fills; npm test runs these tests beside the whole builds (scripts/test.mjs), and a third worker keeps
  // their share of the cores. Tried on a loaded 2-core machine: every test passed with 3 workers, and with 4.
  // Measured on that machine (focus.spec.ts and a11y.spec.ts, desktop, 104 tests): 2 workers took 429 s against
  // 248 s for 3, for about the same CPU time (148 and 141 CPU-s); 6 workers took more CPU (171 CPU-s) and 310 s (the
  // others' load on the machine moved between runs: 1-minute load 9-14 with 3 workers, 14-18 with 6, 17-19 with 2).
  // Measured again on the whole run (403 tests, CPU of every process it starts, Chromium's included): 2 workers took
  // 558 s and 502 CPU-s, 3 workers 413 s and 503 CPU-s (1-minute load 10-20 from other work on the machine).
  workers: 3,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL,
    trace: 'off',
    // The service worker (src/integrations/service-worker.ts) is tested alone, in tests/e2e/offline.spec.ts, in a
    // context that allows it. Everywhere else it is blocked, so that no test sees pages kept by a worker an earlier
    // test of the same origin registered, or waits on its precache downloads.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium-headless-shell',
      // Playwright puts its own switches first, these after. A second --disable-features does not add to Playwright's
      // list: Chromium keeps the last value of a switch, so one given here must repeat Playwright's features.
      // Measured without effect on the CPU time of every process these tests start (2 cores; 60 tests that each load
      // one page: SpareRendererForSitePerProcess disabled, --disable-site-isolation-trials, --process-per-site,
      // --renderer-process-limit=1; forms.spec.ts: --in-process-gpu, --disable-software-rasterizer, --js-flags=--no-opt,
      // --js-flags=--max-opt=2), each within the 6 % by which two runs of the same tests differed; --single-process
      // fails half the tests. --disable-extensions, --disable-dev-shm-usage and --disable-renderer-backgrounding are
      // among Playwright's own switches already.
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    // Tests tagged @phone also run at 390 px; @phone-only runs only there (e.g. the burger under 1024 px).
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
      grepInvert: /@phone-only/,
    },
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } }, grep: /@phone/ },
  ],
  webServer: {
    command: `"${process.execPath}" scripts/start.mjs`,
    cwd: '..',
    url: baseURL,
    reuseExistingServer: false,
    timeout: 180_000,
    // The portal answers no category-1 notification, so the system dialog (modal) does not cover every page of
    // every test; the tests of that dialog answer it themselves (page.route, tests/e2e/widgets.spec.ts).
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      SAMPLE_PORTAL_NOTIFICATIONS: 'no-dialog',
      SAMPLE_PORTAL_STORE_FILE: process.env.E2E_STORE_FILE,
      SAMPLE_PORTAL_CAPTCHA_TEXT: process.env.E2E_CAPTCHA_TEXT,
      SAMPLE_PORTAL_RATE_LIMIT: '0',
      // Set either way, so that a SAMPLE_PORTAL_STRICT exported in the shell cannot change the mode behind the tests.
      SAMPLE_PORTAL_STRICT: strictPortal ? '1' : '0',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
