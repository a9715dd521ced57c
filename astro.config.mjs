// @ts-check
import { defineConfig, envField } from 'astro/config';
import react from '@astrojs/react';
import hosting from './src/integrations/hosting.ts';
import fontSizeBoot from './src/integrations/font-size-boot.ts';
import searchIndex from './src/integrations/search-index.ts';

/**
 * Astro configuration. The site is fully static (DESIGN.md §1); content comes from the portal web API at build
 * time (PORTAL_API_BASE, set by scripts/build.mjs to the sample portal when absent).
 */
export default defineConfig({
  site: process.env.SITE_URL ?? 'https://www.hotains.com.tw',
  output: 'static',
  trailingSlash: 'never',
  // Styles inlined in every page (issue 8 §4 Lighthouse): the one site stylesheet (~14 KB gzip) was the only
  // render-blocking request of a first visit.
  build: { format: 'directory', inlineStylesheets: 'always' },
  // Content-layer store and incremental-build cache (default node_modules/.astro/); the benchmark gives each
  // portal size its own folder so that their caches do not evict each other (scripts/bench/build.mjs).
  ...(process.env.ASTRO_CACHE_DIR ? { cacheDir: process.env.ASTRO_CACHE_DIR } : {}),
  // Instant navigation (issue 8 §5): links marked `data-astro-prefetch` are fetched when hovered or focused
  // (touch: on touchstart); with clientPrerender, browsers with Speculation Rules prerender them instead.
  // PREFETCH=off builds without it (the benchmark's "without prefetch" variant).
  prefetch: process.env.PREFETCH === 'off' ? false : { prefetchAll: false, defaultStrategy: 'hover' },
  experimental: {
    // Pages of getStaticPaths() with an unchanged cacheKey (src/lib/cache-key.ts) and unchanged code are copied
    // from the previous build instead of rendered (issue 8 §6).
    incrementalBuild: true,
    clientPrerender: process.env.PREFETCH !== 'off',
  },
  integrations: [react(), hosting(), searchIndex(), fontSizeBoot()],
  env: {
    schema: {
      PORTAL_API_BASE: envField.string({
        context: 'server',
        access: 'secret',
        optional: true,
        url: true,
      }),
      PORTAL_TIMEOUT_MS: envField.number({ context: 'server', access: 'secret', optional: true, int: true }),
      PUBLIC_PORTAL_API_BASE: envField.string({ context: 'client', access: 'public', default: '' }),
      PUBLIC_IMAGE_BASE: envField.string({ context: 'client', access: 'public', default: '/upload/' }),
      /** GA4 measurement id (G-XXXXXXX); page-view tracking is off, with no network call, when unset. */
      PUBLIC_GA_MEASUREMENT_ID: envField.string({ context: 'client', access: 'public', optional: true }),
      SITE_ENV: envField.enum({
        values: ['production', 'staging', 'development', 'test'],
        context: 'client',
        access: 'public',
        default: 'production',
      }),
    },
  },
});
