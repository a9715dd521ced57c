/**
 * Publishing a successful build (issue 6), the last step of the build pipeline (src/integrations/pipeline.ts),
 * which runs it only when every earlier step (and every integration registered before it) passed:
 * - writes `dist/build-report.json` (BUILD_REPORT_FILE): the build time and, per portal list, its item count,
 *   source (`live` or `snapshot`) and age in hours. No page links it; it is JSON, so neither the sitemap nor the
 *   Pagefind index (HTML pages only) takes it in. With the audio reader on, `reader` (ReaderReport, issue 16 item 5)
 *   says how many pages have audio and how many await it (the synthesis time budget ran out); `null` when it is off;
 * - then commits the snapshots of the lists that loaded live (src/portal/snapshots.ts) into the snapshot folder
 *   (PORTAL_SNAPSHOT_DIR, default `<cacheDir>/portal-snapshots`) and removes the staged records. A failed build never
 *   gets here, so it never replaces a good snapshot; lists served from a snapshot keep theirs (and its age).
 * The last build's report is deleted when a build starts (removeBuildReport, at `astro:config:setup`, before the
 * portal lists load): dist/ is kept between builds (src/integrations/output-folder.ts), and a build that fails
 * midway must not leave a report behind, which scripts/deploy.mjs takes as the mark of a complete site.
 */
import type { AstroIntegrationLogger } from 'astro';
import { rm, writeFile } from 'node:fs/promises';
import { BUILD_REPORT_FILE } from '../site/limits';
import { buildReport, clearStaging, writeSnapshots, type ListRecord } from '../portal/snapshots';
import type { ReaderReport } from './reader';

/**
 * Deletes the build report of an earlier build from the output folder.
 * @param outDir Astro's `config.outDir`
 */
export async function removeBuildReport(outDir: URL): Promise<void> {
  await rm(new URL(BUILD_REPORT_FILE, outDir), { force: true });
}

/**
 * Writes the build report, commits the live lists' snapshots and removes the staged records; logs what it did and
 * warns when lists were built from snapshots.
 * @param options.root output folder (absolute path ending in `/`)
 * @param options.records the lists of this build (the pipeline's first step)
 * @param options.snapshotDir the snapshot folder (snapshotSettings(…).dir)
 * @param options.builtAt the build time written into the report
 * @param options.reader the audio step's counts (buildAudio), undefined when the reader is off
 */
export async function publish(options: {
  root: string;
  records: readonly ListRecord[];
  snapshotDir: string;
  builtAt: Date;
  reader?: ReaderReport;
  logger: Pick<AstroIntegrationLogger, 'info' | 'warn'>;
}): Promise<void> {
  const { root, records, snapshotDir, logger } = options;
  const report = { ...buildReport(records, options.builtAt), reader: options.reader ?? null };
  await writeFile(`${root}${BUILD_REPORT_FILE}`, `${JSON.stringify(report, null, 2)}\n`);
  const written = await writeSnapshots(snapshotDir, records);
  await clearStaging(snapshotDir);
  logger.info(`${BUILD_REPORT_FILE}: ${records.length} lists, ${written.length} snapshots written to ${snapshotDir}`);
  const stale = records.filter((record) => record.source === 'snapshot').map((record) => record.list);
  if (stale.length > 0) logger.warn(`Built with STALE snapshots for: ${stale.join(', ')} (see ${BUILD_REPORT_FILE}).`);
}
