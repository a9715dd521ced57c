/// <reference types="vitest/config" />
/**
 * Vitest configuration: tests/unit (no build), tests/build (whole builds) and tests/site (checks of a built dist/),
 * each run as a folder by scripts/test.mjs. Built on Astro's Vite config so that
 * `astro:env` and `astro/zod` resolve as they do in the site.
 */
import { getViteConfig } from 'astro/config';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

/**
 * Test files run at once (vitest's maxWorkers). Vitest's default, one core fewer than the machine has, runs one file
 * at a time on the 2 cores this suite is measured on, while many files mostly wait (on the sample portal over HTTP,
 * on Chromium, on child processes): at least 2. The whole-build files still run one at a time (scripts/test.mjs
 * passes --no-file-parallelism: one build at a time per checkout).
 */
const MAX_WORKERS = Math.max(2, availableParallelism() - 1);

/**
 * A test's time bound, ms: only a guard against a hung test (no test asserts speed here; speed lives in
 * `npm run bench`). The slowest unit tests take 7–10 s alone on 2 cores (deploys over SSH, cold caches) and about
 * three times that beside the type check on a loaded machine, so the bound sits well above.
 */
const TEST_TIMEOUT_MS = 60_000;

export default getViteConfig(
  {
    test: {
      root: fileURLToPath(new URL('..', import.meta.url)),
      include: ['tests/{unit,build,site}/**/*.test.ts'],
      maxWorkers: MAX_WORKERS,
      testTimeout: TEST_TIMEOUT_MS,
      hookTimeout: 30_000,
    },
  },
  { root: fileURLToPath(new URL('..', import.meta.url)), logLevel: 'error' },
);
