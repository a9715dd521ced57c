// @ts-check
import { defineConfig, envField } from 'astro/config';
import react from '@astrojs/react';
import hosting from './src/integrations/hosting.ts';
import fontSizeBoot from './src/integrations/font-size-boot.ts';
import searchIndex from './src/integrations/search-index.ts';
import reader from './src/integrations/reader.ts';

/**
 * Astro configuration. The site is fully static (DESIGN.md §1); content comes from the portal web API at build
 * time (PORTAL_API_BASE, set by scripts/build.mjs to the sample portal when absent).
 */
export default defineConfig({
  site: process.env.SITE_URL ?? 'https://www.hotains.com.tw',
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'directory' },
  integrations: [react(), hosting(), reader(), searchIndex(), fontSizeBoot()],
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
