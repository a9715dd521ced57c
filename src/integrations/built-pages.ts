/**
 * The HTML pages of the output folder, listed once and read once per build (the rebuild target: a rebuild with
 * no content change takes at most 25 % of a cold build at 10,000 items, and such a site has about 1 GB of HTML, so
 * no step walks or reads dist/ on its own): the build pipeline (src/integrations/pipeline.ts) walks dist/ once
 * (pageFiles: stale pages are found in that list), then reads every page once (readBuiltPages) and hands the one
 * `BuiltPages` value to the steps that need the pages: the host files (the CSP hashes of inline scripts and styles,
 * src/integrations/inline-hashes.ts; links to missing `/_astro/` files), the audio reader (the page list), the
 * search index (the digest, its fingerprint) and publishing (the per-page digests, compared with the last
 * published build's for the publish report: what a build added, changed and removed).
 * What the read learns of each page is kept in Astro's cacheDir (PageReadCache), so a rebuild reads again only the
 * pages written since: at 10,000 items, a no-change rebuild's read took 3.0 s for about 12,000 pages.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, type Stats } from 'node:fs';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { CspHashes, HashOrigin } from '../lib/security-headers.ts';
import { IMAGE_OUTPUT_FOLDER } from '../site/images.ts';
import { codeDigest } from './code-digest.ts';
import { InlineHashes } from './inline-hashes.ts';

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
 * The HTML pages of an output folder: the one walk of dist/ per build. Synchronous on purpose: every page is a folder
 * of its own (`news/detail/7/index.html`), and Node's promise-based recursive readdir goes once through the event
 * loop per folder: 540–870 ms for the 12,000 folders of a 10,000-item site, against 190–260 ms for readdirSync; the
 * build has nothing else to do meanwhile.
 * @param root output folder (absolute path)
 * @returns absolute paths, sorted; files under NOT_PAGE_FOLDERS left out
 */
export async function pageFiles(root: string): Promise<string[]> {
  const top = readdirSync(root, { withFileTypes: true });
  const folders = top.filter((entry) => entry.isDirectory() && !NOT_PAGE_FOLDERS.has(entry.name));
  const nested = folders.map((folder) => readdirSync(join(root, folder.name), { withFileTypes: true, recursive: true }));
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

/** The `/_astro/` file names a page links to, in order (ASSET_URL). */
const assetNames = (html: string): string[] => [...html.matchAll(ASSET_URL)].map(([, name]) => name!);

/**
 * A check of pages' asset links against the output folder (each file looked up once): a page kept by the incremental
 * build could point at an asset of an earlier build. Returns `dist/<page> → /_astro/<file>` lines per page.
 */
function assetCheck(root: string): (file: string, names: readonly string[]) => string[] {
  const exists = new Map<string, boolean>();
  return (file, names) =>
    names
      .filter((name) => {
        if (!exists.has(name)) exists.set(name, existsSync(`${root}_astro/${name}`));
        return !exists.get(name);
      })
      .map((name) => `${file.slice(root.length)} → /_astro/${name}`);
}

/**
 * What the read keeps of a page between builds (PageReadCache): its digest, its inline hash sources and its asset
 * links, valid while the file has the same size, change time (ctime, which no program can set back) and inode.
 */
interface PageRecord {
  digest: string;
  sources: [string, string][];
  assets: string[];
}

/** The modules whose code decides what a page record holds, relative to this file: their source keys the cache. */
const PAGE_READ_CODE = ['./built-pages.ts', './inline-hashes.ts'];

/** The cache file as written: shared tables of hash sources and asset names, and per page its file identity and record. */
interface PageReadCacheFile {
  code: string;
  sources: [string, string][];
  assets: string[];
  pages: Record<string, [size: number, ctimeMs: number, ino: number, digest: string, sources: number[], assets: number[]]>;
}

/**
 * The records of the pages read by the last build into the same output folder, and those of this build. A no-change
 * rebuild of 10,000 items read about 12,000 pages (3.0 s); with the records it reads only the pages written since.
 */
class PageReadCache {
  // No parameter properties: scripts/bench/reader.mjs imports this module under Node's type stripping, which
  // rejects them (ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX).
  private readonly previous: PageReadCacheFile | undefined;
  private readonly next: PageReadCacheFile;
  private readonly sourceIndex = new Map<string, number>();
  private readonly assetIndex = new Map<string, number>();

  constructor(previous: PageReadCacheFile | undefined, code: string) {
    this.previous = previous;
    this.next = { code, sources: [], assets: [], pages: {} };
  }

  /** The record of the last build for this page, if the file is the same one. */
  lookup(page: string, file: Stats): PageRecord | undefined {
    const entry = this.previous?.pages[page];
    if (!entry || entry[0] !== file.size || entry[1] !== file.ctimeMs || entry[2] !== file.ino) return undefined;
    const { sources, assets } = this.previous!;
    return { digest: entry[3], sources: entry[4].map((i) => sources[i]!), assets: entry[5].map((i) => assets[i]!) };
  }

  /** Keeps this build's record of a page. */
  keep(page: string, file: Stats, record: PageRecord): void {
    const index = <T>(map: Map<string, number>, table: T[], value: T, key: string) => {
      let at = map.get(key);
      if (at === undefined) {
        at = table.push(value) - 1;
        map.set(key, at);
      }
      return at;
    };
    this.next.pages[page] = [
      file.size,
      file.ctimeMs,
      file.ino,
      record.digest,
      record.sources.map((source) => index(this.sourceIndex, this.next.sources, source, source.join(' '))),
      record.assets.map((asset) => index(this.assetIndex, this.next.assets, asset, asset)),
    ];
  }

  /** Opens the records a cache file keeps; none (every page is read) when there is no file, it is unreadable, or other code wrote it. */
  static async open(cacheFile: string): Promise<PageReadCache> {
    const code = codeDigest(PAGE_READ_CODE, import.meta.url);
    let previous: PageReadCacheFile | undefined;
    try {
      const parsed = JSON.parse(await readFile(cacheFile, 'utf8')) as PageReadCacheFile;
      if (parsed.code === code) previous = parsed;
    } catch {
      previous = undefined; // no cache yet, or a broken one: every page is read
    }
    return new PageReadCache(previous, code);
  }

  /** Writes this build's records (whole, then renamed into place). */
  async save(cacheFile: string): Promise<void> {
    await mkdir(dirname(cacheFile), { recursive: true });
    const partial = `${cacheFile}.${process.pid}.partial`;
    await writeFile(partial, JSON.stringify(this.next));
    await rename(partial, cacheFile);
  }
}

/**
 * Where the page read keeps its records for an output folder (readBuiltPages `cacheFile`).
 * @param cacheDir Astro's cacheDir (absolute path)
 * @param root the output folder (absolute path)
 * @returns `<cacheDir>/built-pages/<hash of root>.json`
 */
export const pageReadCacheFile = (cacheDir: string, root: string): string =>
  join(cacheDir, 'built-pages', `${createHash('sha1').update(root).digest('hex').slice(0, 16)}.json`);

/**
 * Reads the given pages once, in batches of BATCH, and collects in that pass what the later steps need.
 * @param root output folder (absolute path ending in `/`)
 * @param files the pages (pageFiles, as the folder now holds them), sorted
 * @param options.cacheFile where the page records of the last build into this output folder are kept (PageReadCache):
 *   a page whose file is unchanged since is not read again; without it, every page is read
 * @returns the BuiltPages value
 * @throws the read error of a page that cannot be read
 */
export async function readBuiltPages(root: string, files: readonly string[], options: { cacheFile?: string } = {}): Promise<BuiltPages> {
  const hash = createHash('sha1');
  // latin1: one character per byte, several times faster than UTF-8 decoding; the markup searched is ASCII.
  const inline = new InlineHashes('latin1');
  const check = assetCheck(root);
  const cache = options.cacheFile ? await PageReadCache.open(options.cacheFile) : undefined;
  const missing: string[] = [];
  const pageDigests: Record<string, string> = {};
  for (let start = 0; start < files.length; start += BATCH) {
    const batch = files.slice(start, start + BATCH);
    const stats = cache ? await Promise.all(batch.map((file) => stat(file))) : [];
    const records = await Promise.all(
      batch.map(async (file, index): Promise<PageRecord> => {
        const kept = cache?.lookup(relative(root, file), stats[index]!);
        if (kept) return kept;
        const content = await readFile(file);
        const html = content.toString('latin1');
        return { digest: createHash('sha1').update(content).digest('hex'), sources: inline.sourcesOf(html), assets: assetNames(html) };
      }),
    );
    records.forEach((record, index) => {
      const file = batch[index]!;
      const page = relative(root, file);
      pageDigests[pagePath(root, file)] = record.digest;
      hash.update(`\0${page}\0${record.digest}`);
      inline.addSources(record.sources, page);
      missing.push(...check(file, record.assets));
      cache?.keep(page, stats[index]!, record);
    });
  }
  if (cache && options.cacheFile) await cache.save(options.cacheFile);
  return {
    files: [...files],
    digest: hash.digest('hex'),
    pageDigests,
    cspHashes: inline.hashes,
    cspHashOrigins: inline.origins,
    missingAssets: missing,
  };
}
