/**
 * The output folder kept between builds, and the removal of the pages this build did not produce (the rebuild target: a
 * no-change rebuild of 10,000 items within 25 % of a cold build). Steps of the build pipeline
 * (src/integrations/pipeline.ts).
 *
 * Astro empties `outDir` at the start of every build (a blocking delete of ~22,000 files at 10,000 items, about
 * 3 s), after which the incremental build copies every unchanged page back from its cache (about 1 GB, 5–8 s).
 * With `vite.build.emptyOutDir: false` (KEEP_OUTPUT_FOLDER) Astro instead leaves a page that is unchanged and
 * already in `dist/` as it is ("(cached)" in the build log) and writes only the pages that changed. What the folder
 * then still holds from earlier builds is handled here and by the other steps:
 * - HTML pages that no route of this build produced (an item removed from the portal, a hostile-corpus build
 *   before a sample one, an earlier plan's fallback page) are deleted first, before any step reads the pages; the
 *   search index's own folder and whatever stands at the redirect sources of this build's plan are left alone:
 *   hosting writes this build's fallback pages there next, replacing a page of an earlier build (a redirect source
 *   where an earlier build left a page must not fail every later build);
 * - the host files, the sitemap, the search index and the audio reader's files are written again by their steps;
 * - hashed `/_astro/` files of earlier builds stay: pages still open in a visitor's browser can load them, and
 *   hosting fails the build should a page link to one that does not exist.
 */
import { existsSync } from 'node:fs';
import { readdir, rm, rmdir } from 'node:fs/promises';
import { dirname } from 'node:path';

/** The Vite setting that keeps dist/ between builds (Astro's `updateConfig` at `astro:config:setup`). */
export const KEEP_OUTPUT_FOLDER = { vite: { build: { emptyOutDir: false } } };

/**
 * The pages that are not among the outputs of this build.
 * @param files the HTML pages of the output folder (built-pages pageFiles: the search index's folder left out)
 * @param keep absolute paths of every file the build's routes produced, and of the plan's redirect fallback pages
 * @returns the paths of `files` not in `keep`, in their order
 */
export function stalePages(files: readonly string[], keep: ReadonlySet<string>): string[] {
  return files.filter((file) => !keep.has(file));
}

/**
 * Deletes the pages that are not among the outputs of this build (with their gzip and brotli copies), and their
 * folders once empty (nginx answers an empty folder with 403, not the 404 page).
 * @param root output folder (absolute path)
 * @param files its HTML pages (pageFiles)
 * @param keep as for stalePages
 * @returns the pages still there (`files` without the removed ones, same order) and the removed ones
 */
export async function removeStalePages(
  root: string,
  files: readonly string[],
  keep: ReadonlySet<string>,
): Promise<{ kept: string[]; removed: string[] }> {
  const removed = stalePages(files, keep);
  // With each page its gzip and brotli copies (src/integrations/precompress.ts), so that its folder empties.
  await Promise.all(removed.flatMap((file) => [file, `${file}.gz`, `${file}.br`]).map((file) => rm(file, { force: true })));
  for (const file of removed) {
    for (let folder = dirname(file); folder.length > root.length; folder = dirname(folder)) {
      // Already gone when a removed page lay below another one (`/download/1/1/1/` under `/download/1/1/`).
      if (!existsSync(folder)) continue;
      if ((await readdir(folder)).length > 0) break;
      await rmdir(folder);
    }
  }
  const gone = new Set(removed);
  return { kept: files.filter((file) => !gone.has(file)), removed };
}
