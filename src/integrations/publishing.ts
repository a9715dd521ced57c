/**
 * Astro integration closing a successful build for publishing (issue 6), registered LAST so that it runs only
 * when every earlier `astro:build:done` step (hosting files, search index) passed:
 * - writes `dist/build-report.json` (BUILD_REPORT_FILE): the build time and, per portal list, its item count,
 *   source (`live` or `snapshot`) and age in hours. No page links it; it is JSON, so neither the sitemap nor the
 *   Pagefind index (HTML pages only) takes it in;
 * - then writes the snapshots of the lists that loaded live (src/portal/snapshots.ts) into the snapshot folder
 *   (PORTAL_SNAPSHOT_DIR, default `<cacheDir>/portal-snapshots`). A failed build never gets here, so it never
 *   replaces a good snapshot; lists served from a snapshot keep theirs (and its age).
 * Fails the build when no portal list was recorded (the report would claim nothing).
 * The last build's report is deleted when a build starts (before the portal lists load): dist/ is kept between builds
 * (src/integrations/output-folder.ts), and a build that fails midway must not leave a report behind, which
 * scripts/deploy.mjs takes as the mark of a complete site.
 */
import type { AstroIntegration } from 'astro';
import { rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { BUILD_REPORT_FILE } from '../site';
import { buildReport, recordedLists, snapshotSettings, writeSnapshots } from '../portal/snapshots';

export default function publishing(): AstroIntegration {
  let cacheDir: URL | undefined;
  return {
    name: 'insurer:publishing',
    hooks: {
      // Before the portal lists load (they load before astro:build:start, and fail there).
      'astro:config:setup': async ({ command, config }) => {
        if (command === 'build') await rm(new URL(BUILD_REPORT_FILE, config.outDir), { force: true });
      },
      'astro:config:done': ({ config }) => {
        cacheDir = config.cacheDir;
      },
      'astro:build:done': async ({ dir, logger }) => {
        const records = [...recordedLists().values()];
        if (records.length === 0) throw new Error('Publishing: no portal list was loaded in this build; no build report.');
        const report = buildReport(records, new Date());
        await writeFile(`${fileURLToPath(dir)}${BUILD_REPORT_FILE}`, `${JSON.stringify(report, null, 2)}\n`);
        const stale = records.filter((record) => record.source === 'snapshot').map((record) => record.list);
        const { dir: snapshotDir } = snapshotSettings(process.env, cacheDir);
        const written = await writeSnapshots(snapshotDir, records);
        logger.info(`${BUILD_REPORT_FILE}: ${records.length} lists, ${written.length} snapshots written to ${snapshotDir}`);
        if (stale.length > 0) logger.warn(`Built with STALE snapshots for: ${stale.join(', ')} (see ${BUILD_REPORT_FILE}).`);
      },
    },
  };
}
