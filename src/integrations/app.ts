/**
 * Astro integration `insurer:app`: the installable, offline-capable site (src/site/app.ts). At `astro:build:done`
 * it writes the web app manifest and its icons (src/integrations/app-manifest.ts), then the service worker over the
 * pages this build's routes produced (src/integrations/service-worker.ts). It runs before the build pipeline
 * (astro.config.mjs), so a failure here fails the build before the pipeline commits the portal snapshots; the
 * pipeline's later steps do not change the pages it precaches (they add fallback pages, audio, the search index and
 * the reports).
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { writeAppManifest } from './app-manifest';
import { writeServiceWorker } from './service-worker';

/** The integration; no options. */
export default function app(): AstroIntegration {
  let projectRoot = '';
  let cacheDir = '';
  return {
    name: 'insurer:app',
    hooks: {
      'astro:config:done': ({ config }) => {
        projectRoot = fileURLToPath(config.root);
        cacheDir = fileURLToPath(config.cacheDir);
      },
      'astro:build:done': async ({ dir, assets, logger }) => {
        const root = fileURLToPath(dir);
        const started = performance.now();
        const icons = await writeAppManifest(root, projectRoot);
        const routeFiles = [...assets.values()].flat().map((url) => fileURLToPath(url));
        const worker = await writeServiceWorker(root, routeFiles, cacheDir);
        for (const warning of worker.warnings) logger.warn(`Service worker: ${warning}`);
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        logger.info(
          `${icons.length} manifest and icon files; sw.js precaches ${worker.count} files (${(worker.size / 1024).toFixed(0)} KB); ${seconds} s`,
        );
      },
    },
  };
}
