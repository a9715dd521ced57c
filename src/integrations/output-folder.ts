/**
 * Astro integration that keeps the output folder between builds and removes the pages this build did not produce
 * (issue 8 §6: a no-change rebuild of 10,000 items within 25 % of a cold build).
 *
 * Astro empties `outDir` at the start of every build (a blocking delete of ~22,000 files at 10,000 items, about
 * 3 s), after which the incremental build copies every unchanged page back from its cache (about 1 GB, 5–8 s).
 * With `vite.build.emptyOutDir: false` Astro instead leaves a page that is unchanged and already in `dist/` as it
 * is ("(cached)" in the build log) and writes only the pages that changed. What the folder then still holds from
 * earlier builds is handled here and by the other build steps:
 * - HTML pages that no route of this build produced (an item removed from the portal, a hostile-corpus build
 *   before a sample one) are deleted at `astro:build:done`, before any other integration reads the pages; the
 *   search index's own folder and the redirect fallback pages of this build's plan (hosting checks and writes
 *   them next) are left alone;
 * - the host files, the sitemap, the search index and the audio reader's files are written again by their steps;
 * - hashed `/_astro/` files of earlier builds stay: pages still open in a visitor's browser can load them, and
 *   hosting fails the build should a page link to one that does not exist.
 */
import { existsSync } from 'node:fs';
import { readFile, readdir, rm, rmdir } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Redirect } from '../lib/redirects';
import { REDIRECT_PLAN_FILE } from './hosting';

/** Folders of the output whose HTML files are not route pages (the search index's own files). */
const NOT_ROUTES = [`pagefind${sep}`];

/**
 * The HTML files of an output folder that are not among the outputs of this build.
 * @param root output folder (absolute path)
 * @param outputs absolute paths of every file the build's routes produced
 * @returns absolute paths
 */
export async function stalePages(root: string, outputs: ReadonlySet<string>): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !outputs.has(file) && !NOT_ROUTES.some((folder) => relative(root, file).startsWith(folder)));
}

export default function outputFolder(): AstroIntegration {
  return {
    name: 'insurer:output-folder',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { build: { emptyOutDir: false } } });
      },
      'astro:build:done': async ({ dir, assets, logger }) => {
        const root = fileURLToPath(dir);
        const outputs = new Set([...assets.values()].flat().map((url) => fileURLToPath(url)));
        // The redirect fallback pages of this build's plan (src/integrations/hosting.ts writes the pages).
        const planFile = `${root}${REDIRECT_PLAN_FILE}`;
        const plan = existsSync(planFile) ? (JSON.parse(await readFile(planFile, 'utf8')) as Redirect[]) : [];
        for (const redirect of plan) outputs.add(join(root, decodeURI(redirect.from).slice(1), 'index.html'));
        const stale = await stalePages(root, outputs);
        await Promise.all(stale.map((file) => rm(file, { force: true })));
        // Their folders too, once empty: nginx answers an empty folder with 403, not the 404 page.
        for (const file of stale) {
          for (let folder = dirname(file); folder.length > root.length; folder = dirname(folder)) {
            if ((await readdir(folder)).length > 0) break;
            await rmdir(folder);
          }
        }
        if (stale.length > 0) logger.info(`${stale.length} page(s) of earlier builds removed`);
      },
    },
  };
}
