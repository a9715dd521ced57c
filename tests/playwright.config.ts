/**
 * Playwright configuration: end-to-end tests in Debian's Chromium (CHROME_PATH or /usr/bin/chromium, never a
 * downloaded browser) against the built site served by `npm start` on a free loopback port, with the sample
 * portal answering `/api/*` and `/upload/*`.
 */
import { defineConfig, devices } from '@playwright/test';
import getPort from 'get-port';
import { CHROMIUM_ARGS } from './system.mjs';

// Chosen once in the main process; workers inherit it through the environment.
process.env.E2E_PORT ??= String(await getPort({ host: '127.0.0.1' }));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './e2e',
  outputDir: '../test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL,
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
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
    env: { PORT: String(port), HOST: '127.0.0.1' },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
