/**
 * The HTML pages of the output folder, listed once and read once per build (the rebuild target: a rebuild with
 * no content change takes at most 25 % of a cold build at 10,000 items, and such a site has about 1 GB of HTML, so
 * no step walks or reads dist/ on its own): the build pipeline (src/integrations/pipeline.ts) walks dist/ once
 * (pageFiles: stale pages are found in that list), then reads every page once (readBuiltPages) and hands the one
 * `BuiltPages` value to the steps that need the pages: the host files (the CSP hashes of inline scripts and styles,
 * src/integrations/inline-hashes.ts; links to missing `/_astro/` files), the audio reader (the page list), the
 * search index (the digest, its fingerprint) and publishing (the per-page digests, compared with the last
 * published build's for the publish report: what a build added, changed and removed).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { CspHashes, HashOrigin } from '../lib/security-headers';
import { IMAGE_OUTPUT_FOLDER } from '../site/images';
import { InlineHashes } from './inline-hashes';

/** Pages read at once: enough to keep the disk busy, few enough that memory stays flat. */
const BATCH = 256;

/**
 * Top-level folders of the output that hold no page, so the walk does not enter them: the search index's files
 * (which include HTML), Astro's build assets and the image variants (underscore folders, which Astro never routes).
 * At 10,000 items they are two thirds of dist/'s files (about 27,000 of 40,000), and the walk took 1.9 s.
 */
const NOT_PAGE_FOLDERS = new Set(['pagefind', '_astro', IMAGE_OUTPUT_FOLDER]);

/** `/_astro/…` URLs in a page's attributes (scripts, styles, images, island component and renderer URLs). */
const ASSET_URL = /["'(]\/_astro\/([^"'()?#\s]+)/g;

/** What the one read of the built pages found. */
export interface BuiltPages {
  /** Absolute paths of the HTML pages, sorted (the search index's folder left out). */
  files: string[];
  /** Hex SHA-1 over each page's path relative to the output folder and its digest, in path order. */
  digest: string;
  /** Per page, its site path (pagePath) → hex SHA-1 of its bytes (what a build changed, for the publish report). */
  pageDigests: Record<string, string>;
  /** CSP hashes of every inline script and style element of the pages, per directive (inline-hashes.ts InlineHashes). */
  cspHashes: CspHashes;
  /** Each hash's first page (path relative to the output folder) and number of pages: for the message of a too-long header. */
  cspHashOrigins: Map<string, HashOrigin>;
  /** `dist/<page> → /_astro/<file>` for each link to a build asset that the output folder lacks. */
  missingAssets: string[];
}

/**
 * The HTML pages of an output folder: the one walk of dist/ per build.
 * @param root output folder (absolute path)
 * @returns absolute paths, sorted; files under NOT_PAGE_FOLDERS left out
 */
export async function pageFiles(root: string): Promise<string[]> {
  const top = await readdir(root, { withFileTypes: true });
  const folders = top.filter((entry) => entry.isDirectory() && !NOT_PAGE_FOLDERS.has(entry.name));
  const nested = await Promise.all(folders.map((folder) => readdir(join(root, folder.name), { withFileTypes: true, recursive: true })));
  return [...top, ...nested.flat()]
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/**
 * The site path of a page file: `<root>news/detail/7/index.html` → `/news/detail/7/`, `<root>404.html` → `/404.html`.
 * @param root output folder (absolute path)
 * @param file the page's absolute path inside it
 */
export function pagePath(root: string, file: string): string {
  return `/${relative(root, file).split(sep).join('/')}`.replace(/(^|\/)index\.html$/, '$1');
}

/**
 * The `/_astro/` files that pages link to but dist/ lacks (a page kept by the incremental build could point at an
 * asset of an earlier build).
 * @param root dist/ path ending in `/`
 * @param files the pages' paths; `pages` their HTML, in the same order
 * @returns `dist/<page> → /_astro/<file>` lines, empty when every asset exists
 */
export function missingAssets(root: string, files: readonly string[], pages: readonly string[]): string[] {
  const missing: string[] = [];
  const seen = new Map<string, boolean>();
  pages.forEach((html, index) => {
    for (const [, name] of html.matchAll(ASSET_URL)) {
      if (!seen.has(name)) seen.set(name, existsSync(`${root}_astro/${name}`));
      if (!seen.get(name)) missing.push(`${files[index].slice(root.length)} → /_astro/${name}`);
    }
  });
  return missing;
}

/**
 * Reads the given pages once, in batches of BATCH, and collects in that pass what the later steps need.
 * @param root output folder (absolute path ending in `/`)
 * @param files the pages (pageFiles, as the folder now holds them), sorted
 * @returns the BuiltPages value
 * @throws the read error of a page that cannot be read
 */
export async function readBuiltPages(root: string, files: readonly string[]): Promise<BuiltPages> {
  const hash = createHash('sha1');
  // latin1: one character per byte, several times faster than UTF-8 decoding; the markup searched is ASCII.
  const inline = new InlineHashes('latin1');
  const missing: string[] = [];
  const pageDigests: Record<string, string> = {};
  for (let start = 0; start < files.length; start += BATCH) {
    const batch = files.slice(start, start + BATCH);
    const contents = await Promise.all(batch.map((file) => readFile(file)));
    batch.forEach((file, index) => {
      const page = createHash('sha1').update(contents[index]).digest('hex');
      pageDigests[pagePath(root, file)] = page;
      hash.update(`\0${relative(root, file)}\0${page}`);
    });
    const pages = contents.map((content) => content.toString('latin1'));
    missing.push(...missingAssets(root, batch, pages));
    pages.forEach((html, index) => {
      inline.add(html, relative(root, batch[index]));
    });
  }
  return {
    files: [...files],
    digest: hash.digest('hex'),
    pageDigests,
    cspHashes: inline.hashes,
    cspHashOrigins: inline.origins,
    missingAssets: missing,
  };
}
