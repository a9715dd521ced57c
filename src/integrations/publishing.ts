/**
 * Publishing a successful build (REFERENCE.md "Publishing rules": never a broken site; every publish visible to editors), the last step of
 * the build pipeline (src/integrations/pipeline.ts), which runs it only when every earlier step (and every integration
 * registered before it) passed:
 * - compares this build's page digests (BuiltPages.pageDigests) with those of the last published build, kept in the
 *   snapshot folder (PAGE_DIGESTS_FILE; publish-report.ts says why that build);
 * - writes `dist/build-report.json` (BUILD_REPORT_FILE): the build time, per portal list its item count, source
 *   (`live` or `snapshot`) and age in hours, the quarantined items (REFERENCE.md "Publishing rules") and the pages added, changed and
 *   removed. No page links it; it is JSON, so neither the sitemap nor the Pagefind index (HTML pages only) takes it in;
 * - writes the publish report for editors, `dist/_publish/index.html` and its stylesheet (PUBLISH_REPORT_PATH,
 *   src/integrations/publish-report.ts): noindex, linked from no page; the sitemap lists Astro's routes only and
 *   the search index is built before this step, so neither takes it in;
 * - then commits the snapshots of the lists that loaded live (src/portal/snapshots.ts, with their quarantine marks)
 *   and this build's page digests into the snapshot folder (PORTAL_SNAPSHOT_DIR, default
 *   `<cacheDir>/portal-snapshots`) and removes the staged records. A failed build never gets here, so it never
 *   replaces a good snapshot; lists served from a snapshot keep theirs (and its age);
 * - last, with PUBLISH_NOTIFY_URL, tells editors when items were quarantined or lists came from snapshots
 *   (src/integrations/notify.ts); a failed notification is a warning.
 * The last build's report and report page are deleted when a build starts (removeBuildReport, at
 * `astro:config:setup`, before the portal lists load): dist/ is kept between builds
 * (src/integrations/output-folder.ts), and a build that fails midway must not leave a report behind, which
 * scripts/deploy.mjs takes as the mark of a complete site.
 */
import type { AstroIntegrationLogger } from 'astro';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { BUILD_REPORT_FILE, PUBLISH_REPORT_PATH } from '../site/limits';
import { buildReport, clearStaging, readPageDigests, writePageDigests, writeSnapshots, type BuildReport, type ListRecord } from '../portal/snapshots';
import { notify, publishMessage } from './notify';
import type { ReaderReport } from './reader';
import type { ImageReport } from './images';
import { pageChanges, publishReportPage, publishReportStylesheet, PUBLISH_REPORT_STYLESHEET } from './publish-report';

/** The report page's folder in the output folder (`_publish/`). */
const REPORT_FOLDER = PUBLISH_REPORT_PATH.slice(1);

/**
 * Deletes the build report and the publish report page of an earlier build from the output folder.
 * @param outDir Astro's `config.outDir`
 */
export async function removeBuildReport(outDir: URL): Promise<void> {
  await rm(new URL(BUILD_REPORT_FILE, outDir), { force: true });
  await rm(new URL(REPORT_FOLDER, outDir), { recursive: true, force: true });
}

/**
 * Writes the build report and the publish report page, commits the live lists' snapshots and the page digests,
 * removes the staged records, then notifies; logs what it did and warns when lists were built from snapshots or
 * items were quarantined.
 * @param options.root output folder (absolute path ending in `/`)
 * @param options.records the lists of this build (the pipeline's first step)
 * @param options.pageDigests this build's pages: site path → hash (BuiltPages.pageDigests)
 * @param options.snapshotDir the snapshot folder (snapshotSettings(…).dir)
 * @param options.builtAt the build time written into the report
 * @param options.reader the audio step's counts (buildAudio), undefined when the reader is off
 * @param options.images the image step's report (src/integrations/images.ts), undefined without one
 * @param options.siteUrl SITE_URL (the notification links the report page on the site)
 * @param options.notifyUrl PUBLISH_NOTIFY_URL; undefined: no notification
 * @returns the build report written
 */
export async function publish(options: {
  root: string;
  records: readonly ListRecord[];
  pageDigests: Record<string, string>;
  snapshotDir: string;
  builtAt: Date;
  reader?: ReaderReport;
  /** The image step's report (prepareImages); its failed images are listed for editors. */
  images?: ImageReport;
  siteUrl: string;
  notifyUrl?: string;
  logger: Pick<AstroIntegrationLogger, 'info' | 'warn'>;
}): Promise<BuildReport & { reader: ReaderReport | null; images: ImageReport | null }> {
  const { root, records, snapshotDir, logger, pageDigests } = options;
  const changes = pageChanges(await readPageDigests(snapshotDir), pageDigests);
  const report = { ...buildReport(records, options.builtAt, changes), reader: options.reader ?? null, images: options.images ?? null };
  await writeFile(`${root}${BUILD_REPORT_FILE}`, `${JSON.stringify(report, null, 2)}\n`);
  await mkdir(`${root}${REPORT_FOLDER}`, { recursive: true });
  await writeFile(`${root}${REPORT_FOLDER}index.html`, publishReportPage(report));
  await writeFile(`${root}${REPORT_FOLDER}${PUBLISH_REPORT_STYLESHEET}`, publishReportStylesheet());
  const written = await writeSnapshots(snapshotDir, records);
  await writePageDigests(snapshotDir, { builtAt: report.builtAt, pages: pageDigests });
  await clearStaging(snapshotDir);
  logger.info(`${BUILD_REPORT_FILE} and ${PUBLISH_REPORT_PATH}: ${records.length} lists, ${written.length} snapshots written to ${snapshotDir}`);
  if (changes.since) {
    logger.info(
      `pages since the build of ${changes.since}: ${changes.added.length} added, ${changes.changed.length} changed, ${changes.removed.length} removed`,
    );
  }
  const stale = records.filter((record) => record.source === 'snapshot').map((record) => record.list);
  if (stale.length > 0) logger.warn(`Built with STALE snapshots for: ${stale.join(', ')} (see ${BUILD_REPORT_FILE}).`);
  if (report.quarantined.length > 0) {
    logger.warn(
      `${report.quarantined.length} item(s) QUARANTINED: ${report.quarantined.map((item) => `${item.list} ${item.id}`).join(', ')} (see ${PUBLISH_REPORT_PATH}).`,
    );
  }
  await notify(options.notifyUrl, publishMessage(report, options.siteUrl), { warn: (text) => logger.warn(text) });
  return report;
}
