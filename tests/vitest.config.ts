/// <reference types="vitest/config" />
/**
 * Vitest configuration: tests/unit (no build), tests/build (whole builds) and tests/site (checks of a built dist/),
 * each run as a folder by scripts/test.mjs. Built on Astro's Vite config so that
 * `astro:env` and `astro/zod` resolve as they do in the site.
 */
import { getViteConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';

export default getViteConfig(
  {
    test: {
      root: fileURLToPath(new URL('..', import.meta.url)),
      include: ['tests/{unit,build,site}/**/*.test.ts'],
      testTimeout: 20_000,
      hookTimeout: 30_000,
    },
  },
  { root: fileURLToPath(new URL('..', import.meta.url)), logLevel: 'error' },
);
