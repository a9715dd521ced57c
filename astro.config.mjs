// @ts-check
import { defineConfig, envField } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import app from './src/integrations/app.ts';
import fontSizeBoot from './src/integrations/font-size-boot.ts';
import noticeBannerBoot from './src/integrations/notice-banner-boot.ts';
import intentDirective from './src/integrations/intent-directive.ts';
import modulePreload from './src/integrations/module-preload.ts';
import pipeline from './src/integrations/pipeline.ts';
import { NOINDEX_PATHS } from './src/site/navigation.ts';
import { astroCsp, policyFrom } from './src/lib/security-headers.ts';
import { BROWSER_SETTINGS, readSettings, SETTINGS } from './src/settings.ts';
import { SPECULATION_RULES_HASH } from './src/lib/speculation-rules.ts';

/**
 * The environment, read and checked once for the whole build (src/settings.ts); a bad value stops here with a message
 * naming it. The integrations get these values, not the environment.
 */
const settings = readSettings();

/** The security policy of this deployment (REFERENCE.md "Browser side"), from PUBLIC_IMAGE_BASE, PUBLIC_PORTAL_API_BASE and GA. */
const securityPolicy = policyFrom(settings);

/**
 * Modules of the browser's shared "runtime" chunk (see vite.build below): the site constants (company, limits), the stores, the
 * portal client and endpoints, and nanostores itself (not @nanostores/react), and with the notification store what it
 * imports (its parser, src/lib/notifications.ts, about 2 KB: every page runs the check, and loaded on demand it cost
 * a round trip before the system dialog could paint).
 */
const SHARED_RUNTIME_MODULES =
  /\/src\/(?:site\/(?:company|limits)\.ts|stores\/(?:persistence|notifications)\.ts|portal\/(?:client|endpoints)\.ts)$|\/node_modules\/nanostores\//;

/**
 * Astro configuration. The site is fully static (REFERENCE.md "Architecture"); content comes from the portal web API at build
 * time (PORTAL_API_BASE, set by scripts/build.mjs to the sample portal when absent).
 */
export default defineConfig({
  site: settings.SITE_URL,
  output: 'static',
  trailingSlash: 'never',
  // Style sheets and scripts as files, never inlined: the one CSP header of every page then lists only the few
  // inline scripts Astro always writes (island hydration, head-inline scripts) instead of a hash per inlined
  // chunk of every page (a CDN `_headers` line holds 2,000 characters). Inlining the site stylesheet
  // would save Lighthouse its one render-blocking request, at the cost of per-page style hashes that the
  // one header cannot carry: the CSP wins.
  build: { format: 'directory', inlineStylesheets: 'never' },
  // Scoped styles mark their elements with a class (`astro-xxxxxxxx`) rather than a `data-astro-cid-xxxxxxxx`
  // attribute: the same specificity, a quarter fewer bytes of markup per page (about 8 KB of 80 KB), which every
  // visit downloads and every rebuild copies and reads 10,000 times (a portal of 10,000 items).
  scopedStyleStrategy: 'class',
  // Content-layer store and incremental-build cache (default node_modules/.astro/); the benchmark gives each
  // portal size its own folder so that their caches do not evict each other (scripts/bench/build.mjs).
  ...(settings.ASTRO_CACHE_DIR ? { cacheDir: settings.ASTRO_CACHE_DIR } : {}),
  // Instant navigation: Speculation Rules written by SiteLayout (src/lib/speculation-rules.ts), no
  // JavaScript; their hash is in the CSP (security.csp below).
  experimental: {
    // Pages of getStaticPaths() with an unchanged cacheKey (src/sections/cache-key.ts) and unchanged code are copied
    // from the previous build instead of rendered, so a rebuild of 10,000 items costs what changed.
    incrementalBuild: true,
  },
  vite: {
    build: {
      assetsInlineLimit: 0,
      // One style sheet for the whole site (about 19 KB gzip), cached once, instead of four to six per page, each
      // a render-blocking request on the first visit, which delays the first paint. Styles stay files, not inlined:
      // see build.inlineStylesheets.
      cssCodeSplit: false,
      // Reading a property of our own plain objects has no side effects: browser bundles then drop what src/site/
      // computes from the menus (EXTERNAL links, product paths) when no island uses it (REFERENCE.md "Budgets": JavaScript budget).
      rollupOptions: {
        treeshake: { propertyReadSideEffects: false },
        // Every page runs SiteLayout's script and the search island: the modules both use (site constants,
        // stores, the portal client) make one shared chunk instead of five small ones, whose import lists cost
        // about 0.9 KB gzip per page (REFERENCE.md "Budgets": JavaScript budget). Only non-React modules, so the layout's script
        // stays free of React.
        output: {
          codeSplitting: {
            groups: [{ name: 'runtime', test: SHARED_RUNTIME_MODULES }],
          },
        },
      },
    },
  },
  // No code in the in-repo Markdown; Shiki would write inline style attributes, which the CSP does not allow.
  markdown: { syntaxHighlight: false },
  integrations: [
    react(),
    fontSizeBoot(),
    // The notice banner's space kept from an earlier page of the visit, before the first paint (no layout shift).
    noticeBannerBoot(),
    // `client:intent`: the search overlay hydrates on its first use, not at load (src/browser/intent-directive.ts).
    intentDirective(),
    // modulepreload links for the chunks the layout's script imports (src/integrations/module-preload.ts).
    modulePreload(),
    // sitemap-index.xml + sitemap-0.xml of every page but the noindex ones, for search engines (robots.txt points at it).
    sitemap({ filter: (page) => !NOINDEX_PATHS.includes(new URL(page).pathname.replace(/(.)\/+$/, '$1')) }),
    // manifest.webmanifest, the icons and the service worker sw.js (src/integrations/app.ts), before the pipeline.
    app(),
    // The build pipeline LAST (src/integrations/pipeline.ts: stale pages out, host files, audio, search index, build
    // report and snapshots): Astro runs the `astro:build:done` hooks in this order, so the pipeline's last step,
    // which commits the portal snapshots, runs only when every other integration's step (the sitemap) passed too; a
    // failure anywhere keeps the old snapshots. The sitemap does not need the pipeline's files: it lists the routes
    // Astro built, not dist/.
    pipeline(securityPolicy, settings),
  ],
  // Hash-based CSP meta tag in every page (REFERENCE.md "Browser side"); the HTTP header adds frame-ancestors (hosting).
  security: { csp: astroCsp(securityPolicy, [SPECULATION_RULES_HASH]) },
  // The browser's variables, declared to astro:env/client with the values src/settings.ts read and checked (the
  // one parse of the environment, REFERENCE.md "Layers"); build code reads the settings, not astro:env.
  env: {
    schema: Object.fromEntries(
      BROWSER_SETTINGS.map((name) => [
        name,
        name === 'SITE_ENV'
          ? envField.enum({ values: [...SETTINGS.SITE_ENV.schema.unwrap().options], context: 'client', access: 'public', default: settings.SITE_ENV })
          : settings[name] === undefined
            ? envField.string({ context: 'client', access: 'public', optional: true })
            : envField.string({ context: 'client', access: 'public', default: settings[name] }),
      ]),
    ),
  },
});
