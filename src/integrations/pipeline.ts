/**
 * The build pipeline (REFERENCE.md "Layers": "One post-build pipeline"): the one integration whose `astro:build:done`
 * turns Astro's pages into the site that is published, in named steps that pass values, never files in dist/:
 *
 *  0. at `astro:build:start`, once the lists have loaded and before any page renders: the portal's images
 *     (src/integrations/images.ts): imageUses of the staged lists, prepareImages within IMAGE_BUDGET_SECONDS, and
 *     the manifest handed to the pages (virtual module `virtual:insurer/images`); at `astro:build:done`, after the
 *     fallback pages, publishImages puts the variants into `dist/_images/`;
 *  1. readListRecords: the portal lists this build used, as the loader staged them (src/portal/snapshots.ts);
 *     referenceWarnings: items whose category reference matches nothing (warned, src/portal/validation.ts); and
 *     planRedirects: the redirect plan from their entries (src/lib/redirects.ts, lists in display order);
 *  2. removeStalePages: the one walk of dist/ (pageFiles), then the pages no route of this build produced are
 *     deleted, the plan's fallback pages kept (src/integrations/output-folder.ts);
 *  3. writeFallbackPages: a fallback page at every redirect source, replacing a page of an earlier build there
 *     (src/integrations/host-files.ts);
 *  4. readBuiltPages: the one read of every page → BuiltPages (files, digest, CSP hashes, missing asset links;
 *     src/integrations/built-pages.ts), reading again only the pages written since the last build;
 *  5. writeHostFiles: `_headers`, `_redirects` (a warning names the redirects past the CDN's limit),
 *     `nginx.conf`, gzip copies (src/integrations/host-files.ts);
 *  6. buildAudio: the audio reader over BuiltPages.files, within its time budget (src/integrations/reader.ts); its
 *     counts of pages with and awaiting audio go to the report;
 *  7. indexSite: the search index, its fingerprint from BuiltPages.digest (src/integrations/search-index.ts);
 *  7b. precompressSite: a gzip and a brotli copy of every text file, for nginx's gzip_static and brotli_static
 *      (src/integrations/precompress.ts); none for a CDN host (SITE_HOST, PRECOMPRESSED_HOSTS), which compresses itself;
 *  8. publish: dist/build-report.json and the publish report page `/_publish/` (pages added, changed, removed from
 *     BuiltPages.pageDigests; quarantined items), then the live lists' snapshots and the page digests are committed,
 *     then editors are notified (PUBLISH_NOTIFY_URL; src/integrations/publishing.ts).
 * Any step that throws fails the build, and no later step runs: a failed build never commits snapshots.
 *
 * Its other hooks: `astro:config:setup` keeps dist/ between builds (KEEP_OUTPUT_FOLDER), and for a build removes the
 * last build report (and report page) and the staged list records before the lists load, and sets up the audio reader (engine probe,
 * virtual module `virtual:insurer/reader`); `astro:config:done` notes Astro's cacheDir and the pagefind version.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { CDN_REDIRECT_LIMITS } from '../lib/host-config';
import { redirectDataOf, redirectPlan, type PlanItem, type Redirect } from '../lib/redirects';
import type { SecurityPolicyOptions } from '../lib/security-headers';
import type { Settings } from '../settings';
import { PortalSchemaError } from '../portal/errors';
import { clearStaging, readStagedLists, snapshotSettings, type ListRecord } from '../portal/snapshots';
import { unmatchedReferences } from '../portal/validation';
import { pageFiles, pageReadCacheFile, readBuiltPages } from './built-pages';
import { fallbackFile, writeFallbackPages, writeHostFiles } from './host-files';
import { KEEP_OUTPUT_FOLDER, removeStalePages } from './output-folder';
import { deleteCopies, PRECOMPRESSED_HOSTS, precompressSite } from './precompress';
import { publish, removeBuildReport } from './publishing';
import { buildAudio, setUpReader, type ReaderSetup } from './reader';
import { imageManifestPlugin, imageSourceBase, imageSummary, prepareImages, publishImages, type ImageReport } from './images';
import { imageUses } from './images/discovery';
import type { ImageManifest } from '../site/images';
import { IMAGE_CACHE_FOLDER, PRECOMPRESS_CACHE_FOLDER } from '../site/limits';
import { indexSite, pagefindVersion } from './search-index';

/**
 * Wall time of the pipeline's steps, for the build log: where a rebuild's seconds go (the bench's rebuild targets,
 * scripts/bench/README.md). `lap(name)` ends the step that began at the previous lap (or at the clock's start);
 * `summary()` is e.g. `lists 0.1 s, stale pages 0.4 s, …`.
 */
export function stepClock(now: () => number = () => performance.now()): { lap: (name: string) => void; summary: () => string } {
  const laps: [string, number][] = [];
  let last = now();
  return {
    lap(name) {
      const at = now();
      laps.push([name, at - last]);
      last = at;
    },
    summary: () => laps.map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`).join(', '),
  };
}

/**
 * Step 1: the lists this build loaded, as the portal loader staged them.
 * @param snapshotDir the snapshot folder (snapshotSettings(…).dir)
 * @returns the records, sorted by list name
 * @throws Error when no list was staged (the report would claim nothing)
 */
export async function readListRecords(snapshotDir: string): Promise<ListRecord[]> {
  const records = await readStagedLists(snapshotDir);
  if (records.length === 0) throw new Error('Publishing: no portal list was loaded in this build; no build report.');
  return records;
}

/**
 * Step 1: the references between lists that match nothing (such an item appears on no page; src/portal/validation.ts
 * unmatchedReferences: a news `categoryId`, an FAQ `firstCategory`, a location `areaId`, a disclosure or download
 * `category` naming no category), one message each in the one refusal format (PortalSchemaError: endpoint, list,
 * item id, field, rule). They are warnings, not failures: each list passed its own rules, nothing is unsafe, and one
 * editor's mistake must not freeze the rest of the site (REFERENCE.md "Publishing rules"); the item is only missing from its category.
 * @param records the lists of this build (readListRecords)
 * @returns the messages, in REFERENCES order, then list order
 */
export function referenceWarnings(records: readonly ListRecord[]): string[] {
  const lists = new Map(records.map((record) => [record.list as string, record.entries]));
  const endpoints = new Map(records.map((record) => [record.list as string, record.endpoint]));
  return unmatchedReferences(lists).map(
    ({ list, itemId, field, message }) =>
      new PortalSchemaError(endpoints.get(list) ?? list, list, `id "${itemId}"`, [{ path: field, message }]).message,
  );
}

/**
 * Step 1: the redirect plan of REFERENCE.md "Redirects" from the lists' entries (src/lib/redirects.ts redirectDataOf: each list in
 * display order, src/lib/order.ts).
 * @param records the lists of this build (readListRecords)
 * @returns the plan (src/lib/redirects.ts redirectPlan)
 * @throws Error naming a list the plan needs that this build did not load; redirectPlan's errors (loop, two targets)
 */
export function planRedirects(records: readonly ListRecord[]): Redirect[] {
  const lists = new Map(records.map((record) => [record.list as string, record.entries]));
  const data = (list: string): PlanItem[] => {
    const entries = lists.get(list);
    if (!entries) throw new Error(`Redirect plan: the list "${list}" was not loaded in this build.`);
    return entries.map((entry) => entry.data as unknown as PlanItem);
  };
  return redirectPlan(redirectDataOf(data));
}

/**
 * Step 0: the variants of the portal's images the pages show (src/integrations/images.ts prepareImages), logging its
 * summary and one warning per image that cannot be shown.
 * @param settings the build's settings (image base, IMAGE_BUDGET_SECONDS)
 * @param snapshotDir where the loader staged this build's lists
 * @param imageCacheDir the image cache folder
 * @param log the images' logger (progress, summary, warnings)
 * @returns the manifest and report, or undefined without a portal to download from (pages then show the portal's URLs)
 */
async function buildImages(
  settings: Settings,
  snapshotDir: string,
  imageCacheDir: string,
  log: AstroIntegrationLogger,
): Promise<{ manifest: ImageManifest; report: ImageReport } | undefined> {
  const uses = imageUses(await readListRecords(snapshotDir));
  const sourceBase = imageSourceBase(settings);
  if (!sourceBase) {
    log.warn("No portal to download images from (PORTAL_API_BASE or PORTAL_IMAGE_BASE): pages show the portal's image URLs.");
    return undefined;
  }
  const made = await prepareImages({ uses, sourceBase, cacheDir: imageCacheDir, budgetMs: settings.IMAGE_BUDGET_SECONDS * 1000, logger: log });
  log.info(imageSummary(made.report));
  for (const failure of made.report.failed) {
    log.warn(
      `IMAGE NOT SHOWN: list "${failure.list}", item ${failure.itemId}, field ${failure.field} (${failure.path}): ${failure.reason}. The page shows a placeholder.`,
    );
  }
  return made;
}

/**
 * Step 1: the lists this build loaded (readListRecords), the warnings of unmatched category references, and the
 * redirect plan.
 * @throws what readListRecords throws
 */
async function listsAndPlan(snapshotDir: string, portal: AstroIntegrationLogger): Promise<{ records: ListRecord[]; plan: Redirect[] }> {
  const records = await readListRecords(snapshotDir);
  for (const warning of referenceWarnings(records)) portal.warn(warning);
  return { records, plan: planRedirects(records) };
}

/**
 * Step 7b: precompressSite, after every step that writes a text file (the publish report, for editors only, is then
 * answered uncompressed), and what it did in the build log; for a host that does not serve the copies
 * (PRECOMPRESSED_HOSTS), deleteCopies instead.
 */
async function precompress(root: string, cacheDir: string, host: Settings['SITE_HOST'], hosting: AstroIntegrationLogger): Promise<void> {
  if (!PRECOMPRESSED_HOSTS.includes(host)) {
    const deleted = await deleteCopies(root);
    hosting.info(
      `no gzip and brotli copies: SITE_HOST=${host} compresses its answers itself${deleted > 0 ? ` (${deleted} of an earlier build deleted)` : ''}`,
    );
    return;
  }
  const copies = await precompressSite(root, join(cacheDir, PRECOMPRESS_CACHE_FOLDER));
  hosting.info(
    `gzip and brotli copies: ${copies.written} written (${copies.cached} of them from the cache), ${copies.deleted} of removed files deleted (${copies.files} text files)`,
  );
}

/**
 * Step 5: writeHostFiles, and what it did in the build log (a warning names the redirects past the CDN's limit).
 * @throws what writeHostFiles throws
 */
async function hostFiles(
  root: string,
  plan: readonly Redirect[],
  pages: Awaited<ReturnType<typeof readBuiltPages>>,
  policy: SecurityPolicyOptions,
  settings: Settings,
  hosting: AstroIntegrationLogger,
): Promise<void> {
  const { cdnOmitted } = await writeHostFiles(root, plan, pages, policy, {
    host: settings.SITE_HOST,
    portalApiBase: settings.PORTAL_API_BASE,
    trustedProxies: settings.EDGE_TRUSTED_PROXIES ?? [],
  });
  hosting.info(`${plan.length} redirects → _redirects, nginx.conf and fallback pages; security headers → _headers, nginx.conf`);
  if (cdnOmitted.length > 0) {
    hosting.warn(
      `_redirects: ${cdnOmitted.length} of ${plan.length} redirects are past the CDN's limit of ${CDN_REDIRECT_LIMITS.rules} rules ` +
        `(from ${cdnOmitted[0].from}); on a CDN their fallback pages answer instead (meta refresh), nginx.conf has them all.`,
    );
  }
}

/**
 * The build pipeline's integration, `insurer:pipeline`.
 * @param policy the deployment's security policy options (src/lib/security-headers.ts policyFrom), the same the
 *   Astro `security.csp` config was built from
 * @param settings the build's settings, read once by astro.config.mjs (src/settings.ts readSettings): the reader's,
 *   the snapshots' and the images' variables
 */
export default function pipeline(policy: SecurityPolicyOptions, settings: Settings): AstroIntegration {
  let reader: ReaderSetup = { enabled: false };
  let cacheDir = '';
  let snapshotDir = '';
  let pagefind = 'unknown';
  let imageCacheDir = '';
  let images: { manifest: ImageManifest; report: ImageReport } = {
    manifest: {},
    report: { total: 0, made: 0, cached: 0, pending: 0, unreachable: [], failed: [], spentMs: 0 },
  };
  return {
    name: 'insurer:pipeline',
    hooks: {
      'astro:config:setup': async (hook) => {
        const { command, config, updateConfig, logger } = hook;
        updateConfig(KEEP_OUTPUT_FOLDER);
        // The pages' image manifest: this build's, once astro:build:start below has made it (images.ts).
        updateConfig({ vite: { plugins: [imageManifestPlugin(() => images.manifest)] } });
        if (command === 'build') {
          // Before the portal lists load (they load before astro:build:start, and fail there).
          await removeBuildReport(config.outDir);
          await clearStaging(snapshotSettings(settings, config.cacheDir).dir);
        }
        reader = await setUpReader({ config, command, updateConfig, logger: logger.fork('insurer:reader') }, settings);
      },
      'astro:config:done': async ({ config }) => {
        cacheDir = fileURLToPath(config.cacheDir);
        snapshotDir = snapshotSettings(settings, config.cacheDir).dir;
        pagefind = await pagefindVersion(config.root);
        imageCacheDir = settings.IMAGE_CACHE_DIR ?? join(cacheDir, IMAGE_CACHE_FOLDER);
      },
      // 0. The portal's images, after the lists loaded and before any page renders (src/integrations/images.ts).
      'astro:build:start': async ({ logger }) => {
        images = (await buildImages(settings, snapshotDir, imageCacheDir, logger.fork('insurer:images'))) ?? images;
      },
      'astro:build:done': async ({ dir, assets, logger }) => {
        const root = fileURLToPath(dir);
        const clock = stepClock();
        // 1. The lists and the redirect plan.
        const { records, plan } = await listsAndPlan(snapshotDir, logger.fork('insurer:portal'));
        clock.lap('lists');
        // 2. Pages of earlier builds out (the one walk of dist/).
        const routePages = new Set([...assets.values()].flat().map((url) => fileURLToPath(url)));
        const keep = new Set([...routePages, ...plan.map((redirect) => fallbackFile(root, redirect))]);
        const { kept, removed } = await removeStalePages(root, await pageFiles(root), keep);
        if (removed.length > 0) logger.fork('insurer:output-folder').info(`${removed.length} page(s) of earlier builds removed`);
        clock.lap('stale pages');
        // 3. Fallback pages, before the read, so that it sees the pages as they stay.
        const hosting = logger.fork('insurer:hosting');
        const fallbackPages = await writeFallbackPages(root, plan, routePages);
        if (fallbackPages.replaced.length > 0)
          hosting.info(`${fallbackPages.replaced.length} page(s) of earlier builds at redirect sources replaced by fallback pages`);
        clock.lap('fallback pages');
        // 3b. The image variants the pages name, before the read (its check of asset links sees them).
        const published = await publishImages(root, images.manifest, imageCacheDir);
        if (published.added + published.removed > 0)
          logger.fork('insurer:images').info(`_images/: ${published.added} added, ${published.removed} no longer used removed`);
        clock.lap('image variants');
        // 4. The one read of every page.
        const pages = await readBuiltPages(root, [...new Set([...kept, ...fallbackPages.files])].sort(), {
          cacheFile: pageReadCacheFile(cacheDir, root),
        });
        clock.lap('page read');
        // 5. Host files.
        await hostFiles(root, plan, pages, policy, settings, hosting);
        clock.lap('host files');
        // 6. Audio reader.
        const audio = await buildAudio(root, pages.files, reader, logger.fork('insurer:reader'));
        clock.lap('audio');
        // 7. Search index.
        await indexSite({
          root,
          files: pages.files,
          pagesDigest: pages.digest,
          cacheDir,
          pagefindVersion: pagefind,
          logger: logger.fork('insurer:search-index'),
        });
        clock.lap('search index');
        await precompress(root, cacheDir, settings.SITE_HOST, hosting).then(() => clock.lap('precompress')); // 7b, before the snapshots are committed
        // 8. Report and snapshots.
        await publish({
          root,
          records,
          pageDigests: pages.pageDigests,
          snapshotDir,
          builtAt: new Date(),
          reader: audio,
          images: images.report,
          siteUrl: settings.SITE_URL,
          notifyUrl: settings.PUBLISH_NOTIFY_URL,
          logger: logger.fork('insurer:publishing'),
        });
        clock.lap('report and snapshots');
        logger.fork('insurer:pipeline').info(`steps: ${clock.summary()}`);
      },
    },
  };
}
