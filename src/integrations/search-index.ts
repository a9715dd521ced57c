/**
 * The site-search index, a step of the build pipeline (src/integrations/pipeline.ts; REFERENCE.md "Stack" pagefind):
 * Pagefind indexes every HTML page of `dist/` whose `<main>` carries `data-pagefind-body` (SiteLayout), as one
 * zh-TW index, and writes it to `dist/pagefind/` where `/search` loads it at run time. Pages without that attribute
 * — the redirect fallback pages, the error pages and /search (SiteLayout `noindex`) — are left out, as Pagefind
 * does once any page has it; so are SEARCH_INDEX_EXCLUDE parts of a page. The pipeline runs it after every step that
 * writes pages (the redirect fallback pages of hosting).
 * Any indexing error, or an empty index, fails the build.
 *
 * Chinese (pages containing the exact query first): Pagefind is given each page with a space around every Han character
 * of its text (`spacedPageHtml`; the files in dist/ are not changed), so that the index holds each character as a word
 * and the site search finds a query as a substring, whatever word segmentation Pagefind or the browser would pick
 * (src/browser/site-search.ts explains the rule). Its word index is then cut into chunks of SEARCH_INDEX_CHUNK_LOCATIONS
 * positions instead of Pagefind's 20,000 (src/integrations/search-chunks.ts), so a query of a few characters loads a
 * few KB of it rather than three or four chunks of 24 KB.
 *
 * Rebuilds (a no-change rebuild within 25 % of a cold build): the index depends only on the HTML pages, the
 * settings and the code that makes it. After indexing, a copy of the index and its fingerprint (SHA-1 over every
 * page's path and bytes, the language, the exclude selectors, the chunk size, Pagefind's version, the source of the modules that
 * shape the index and the lexicon — SEARCH_CODE — and the lexicon's data: OpenCC's tables, pinyin-pro's version) are
 * kept in Astro's cacheDir under that fingerprint, the SEARCH_INDEX_CACHE_ENTRIES most recently used of them. So a
 * change of that code re-indexes by itself. When a build's fingerprint is that of a kept copy, whatever its output
 * folder (a build into a new temporary folder, or a build back to the pages of the build before last), the copy is
 * restored instead of indexing again. Either way `pagefind/` is
 * deleted first: the output folder is kept between builds (src/integrations/output-folder.ts), the index is not. The
 * pages' digest comes from the pipeline's one read of them (src/integrations/built-pages.ts).
 *
 * Beside the index it writes the search lexicon (src/integrations/search-lexicon.ts: folding tables, the thesaurus,
 * best bets and collapsed groups as page ids; and apart, the folding tables of the characters Big5 does not have and
 * the sounds and words of typo suggestions), kept and restored with it.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { AstroIntegrationLogger } from 'astro';
import { Parser } from 'htmlparser2';
import * as pagefind from 'pagefind';
import { foldWidth, SEARCH_FILES, spaceHan } from '../browser/search-source';
import { SEARCH_INDEX_CHUNK_LOCATIONS, SEARCH_INDEX_EXCLUDE, SEARCH_INDEX_LANGUAGE } from '../site/limits';
import { SEARCH_PRODUCT_PAGES } from '../site/search-terms';
import { codeDigest } from './code-digest';
import { rechunkSearchIndex } from './search-chunks';
import { searchItemDocument, searchItems } from './search-items';
import { buildLexicon, lexiconDataDigest, productCovers, readIndexedPages } from './search-lexicon';

/** Folder of the index inside dist/, served at `/pagefind/` (pagefind.js, fragments, wasm). */
export const SEARCH_INDEX_DIR = 'pagefind';

/** Folder in Astro's cacheDir holding the last indexes, each in a folder named by its fingerprint, with that fingerprint. */
export const SEARCH_INDEX_CACHE_DIR = 'search-index';

/**
 * Indexes kept in the cache, the most recently written or restored first: the workflow's one output folder needs
 * one; two more let builds that alternate between sites (the whole-build tests, a rebuild back to the content of
 * the build before last) restore theirs.
 */
export const SEARCH_INDEX_CACHE_ENTRIES = 3;

/**
 * The modules whose code decides what the index and the lexicon hold (how pages are handed to Pagefind, the folding,
 * the lexicon's shape, the thesaurus), relative to this file: their source, and that of every repository module they
 * import (codeDigest follows the imports: the glossary and colloquial tables of src/site/ count without being listed),
 * is part of the fingerprint.
 */
const SEARCH_CODE = [
  './search-index.ts',
  './search-chunks.ts',
  './search-items.ts',
  './search-lexicon.ts',
  '../browser/site-search.ts',
  '../browser/search-source.ts',
  '../site/search-terms.ts',
];

/** Hex SHA-1 of the SEARCH_CODE modules' source. */
const searchCodeDigest = (): string => codeDigest(SEARCH_CODE, import.meta.url);

/** The attribute that marks an indexed page's body (SiteLayout's `<main>`). */
const PAGEFIND_BODY = 'data-pagefind-body';

/** Pages read and spaced at once (then handed to Pagefind in the files' order). */
const INDEX_BATCH = 32;

/** Elements whose content is not text (htmlparser2 reports it as text; it is left as it is). */
const RAW_TEXT_ELEMENTS = new Set(['script', 'style', 'template', 'textarea']);

/**
 * A page's HTML as the index reads it: every text node with a space on both sides of each Han character
 * (site-search `spaceHan`); tags, attributes (so `data-pagefind-*` settings and meta values), scripts and styles
 * unchanged. Text positions come from htmlparser2's offsets into the source, so the rest is copied byte for byte.
 * Full-width Latin letters and digits become ASCII first (site-search `foldWidth`), as a query's do.
 * @param html a built page
 * @param onText called with each text node's raw text (the lexicon's corpus), if given
 * @returns the same page, its text spaced
 */
export function spacedPageHtml(html: string, onText?: (text: string) => void): string {
  const parts: string[] = [];
  let copied = 0;
  let raw = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (RAW_TEXT_ELEMENTS.has(name)) raw += 1;
      },
      onclosetag(name) {
        if (RAW_TEXT_ELEMENTS.has(name)) raw = Math.max(0, raw - 1);
      },
      ontext() {
        if (raw > 0) return;
        const start = parser.startIndex;
        const end = parser.endIndex + 1;
        const text = html.slice(start, end);
        onText?.(text);
        parts.push(html.slice(copied, start), spaceHan(foldWidth(text)));
        copied = end;
      },
    },
    { decodeEntities: false },
  );
  parser.end(html);
  parts.push(html.slice(copied));
  return parts.join('');
}

/**
 * Fingerprint of what the index is built from.
 * @param pagesDigest the digest of the HTML pages outside `pagefind/` (BuiltPages.digest: relative path and bytes)
 * @param pagefindVersion version of the installed pagefind package
 * @returns hex SHA-1 over the index settings, the search code and the lexicon's data (SEARCH_CODE, lexiconDataDigest)
 *   and the pages' digest
 */
export function searchIndexFingerprint(pagesDigest: string, pagefindVersion: string): string {
  return createHash('sha1')
    .update(
      JSON.stringify([
        SEARCH_INDEX_LANGUAGE,
        SEARCH_INDEX_EXCLUDE,
        SEARCH_INDEX_CHUNK_LOCATIONS,
        pagefindVersion,
        searchCodeDigest(),
        lexiconDataDigest(),
      ]),
    )
    .update(pagesDigest)
    .digest('hex');
}

/**
 * The version of the installed pagefind package (part of the index's fingerprint).
 * @param root the project root (Astro's `config.root`)
 * @returns its package.json version, or `unknown` when the package's manifest is not there
 */
export async function pagefindVersion(root: URL): Promise<string> {
  const manifest = new URL('node_modules/pagefind/package.json', root);
  if (!existsSync(manifest)) return 'unknown';
  return (JSON.parse(await readFile(manifest, 'utf8')) as { version: string }).version;
}

/** Files linked at once while copying. */
const READ_BATCH = 64;

/**
 * Copies a folder tree as hard links (falling back to a copy per file, e.g. across file systems): the index
 * files are never changed in place (this step deletes `pagefind/` by unlinking before it writes or restores
 * one), so output and cache can share them; ~11,000 files of a 10,000-item site link in well under a second.
 */
export async function linkTree(from: string, to: string): Promise<void> {
  const entries = await readdir(from, { withFileTypes: true, recursive: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => relative(from, join(entry.parentPath, entry.name)));
  const folders = new Set(files.map((file) => dirname(join(to, file))));
  for (const folder of folders) await mkdir(folder, { recursive: true });
  for (let i = 0; i < files.length; i += READ_BATCH) {
    await Promise.all(
      files.slice(i, i + READ_BATCH).map((file) => link(join(from, file), join(to, file)).catch(() => copyFile(join(from, file), join(to, file)))),
    );
  }
}

/**
 * Writes the search index of the output folder to `<root>pagefind/`, or restores it from the cache when the
 * fingerprint (searchIndexFingerprint) is that of the cached copy.
 * @param options.root output folder (absolute path ending in `/`)
 * @param options.files BuiltPages.files: the HTML pages of the output folder (absolute paths)
 * @param options.pagesDigest BuiltPages.digest of the pipeline's one read of the pages
 * @param options.cacheDir Astro's cacheDir (absolute path); the copy is kept in `<cacheDir>/search-index/<fingerprint>/`,
 *   and copies past the SEARCH_INDEX_CACHE_ENTRIES most recently used are deleted
 * @param options.pagefindVersion pagefindVersion()
 * @throws Error `Search index: …` on any Pagefind error, or when no page has `data-pagefind-body`
 */
export async function indexSite(options: {
  root: string;
  files: readonly string[];
  pagesDigest: string;
  cacheDir: string;
  pagefindVersion: string;
  logger: Pick<AstroIntegrationLogger, 'info'>;
}): Promise<void> {
  const { root, logger } = options;
  const output = `${root}${SEARCH_INDEX_DIR}`;
  const fingerprint = searchIndexFingerprint(options.pagesDigest, options.pagefindVersion);
  const cache = join(options.cacheDir, SEARCH_INDEX_CACHE_DIR);
  const cached = join(cache, fingerprint);
  const fingerprintFile = join(cached, 'fingerprint');
  if (existsSync(fingerprintFile) && (await readFile(fingerprintFile, 'utf8')) === fingerprint) {
    await rm(output, { recursive: true, force: true });
    await linkTree(join(cached, SEARCH_INDEX_DIR), output);
    const now = new Date();
    await utimes(fingerprintFile, now, now);
    logger.info(`pages the same as those of a kept index: ${SEARCH_INDEX_DIR}/ restored from the cache`);
    return;
  }
  await rm(output, { recursive: true, force: true });
  await rm(cached, { recursive: true, force: true });
  try {
    const created = await pagefind.createIndex({
      forceLanguage: SEARCH_INDEX_LANGUAGE,
      excludeSelectors: [...SEARCH_INDEX_EXCLUDE],
    });
    const index = created.index;
    if (!index || created.errors.length > 0) throw new Error(`Search index: ${created.errors.join('; ')}`);
    // Pages without data-pagefind-body are dropped when the index is written (Pagefind's rule); count the others.
    let pageCount = 0;
    const pageTexts: string[] = [];
    const covers: string[] = [];
    for (let i = 0; i < options.files.length; i += INDEX_BATCH) {
      // Read and spaced in parallel, then handed to Pagefind in the files' order: Pagefind numbers the pages in the
      // order they arrive, and its ranking breaks ties by that number, so the same pages must give the same index (the
      // same order of results after every rebuild). Its service handles its messages one after another in the order
      // they are sent (Pagefind 1.x), so they need not wait for each other; tests/unit/search-index-order.test.ts
      // fails should a release handle them otherwise.
      const prepared = await Promise.all(
        options.files.slice(i, i + INDEX_BATCH).map(async (file) => {
          const html = await readFile(file, 'utf8');
          const sourcePath = relative(root, file).split(sep).join('/');
          const indexed = html.includes(PAGEFIND_BODY);
          const texts: string[] = [];
          const content = spacedPageHtml(html, indexed ? (text) => texts.push(text) : undefined);
          const sitePath = sourcePath === 'index.html' ? '/' : `/${sourcePath.replace(/\/?index\.html$/, '').replace(/\.html$/, '')}`;
          // The page's items (FAQ questions) are records of their own (src/integrations/search-items.ts).
          const items = searchItems(html, sitePath).map((item) => {
            const itemTexts: string[] = [];
            const document = spacedPageHtml(searchItemDocument(item, SEARCH_INDEX_LANGUAGE), (text) => itemTexts.push(text));
            return { url: item.url, content: document, text: itemTexts.join(' ') };
          });
          const pageCovers = indexed && SEARCH_PRODUCT_PAGES.test(sitePath) ? productCovers(html) : [];
          return { sourcePath, content, indexed, text: texts.join(' '), items, covers: pageCovers };
        }),
      );
      const adds = [];
      for (const page of prepared) {
        if (page.indexed) {
          pageCount += 1;
          pageTexts.push(page.text);
        }
        covers.push(...page.covers);
        pageCount += page.items.length;
        adds.push(index.addHTMLFile({ sourcePath: page.sourcePath, content: page.content }));
        for (const item of page.items) {
          pageTexts.push(item.text);
          adds.push(index.addHTMLFile({ url: item.url, content: item.content }));
        }
      }
      const errors = (await Promise.all(adds)).flatMap((result) => result.errors);
      if (errors.length > 0) throw new Error(`Search index: ${errors.join('; ')}`);
    }
    if (pageCount === 0) throw new Error('Search index: no page has data-pagefind-body.');
    const written = await index.writeFiles({ outputPath: output });
    if (written.errors.length > 0) throw new Error(`Search index: ${written.errors.join('; ')}`);
    const [cut] = await rechunkSearchIndex(output, SEARCH_INDEX_CHUNK_LOCATIONS);
    const { lexicon, fold, sounds, typos } = buildLexicon({ pageTexts, pages: await readIndexedPages(output), covers });
    // Each file under its name with the shape's number (search-source.ts SEARCH_FILES).
    const files: Record<keyof typeof SEARCH_FILES, unknown> = { lexicon, fold, sounds: { sounds: sounds.sounds }, words: sounds.words, typos };
    for (const name of Object.keys(files) as (keyof typeof SEARCH_FILES)[])
      await writeFile(join(output, SEARCH_FILES[name]), JSON.stringify(files[name]));
    logger.info(`${pageCount} pages indexed → ${SEARCH_INDEX_DIR}/ (${SEARCH_INDEX_LANGUAGE}, ${cut?.after} word chunks)`);
  } finally {
    await pagefind.close();
  }
  await mkdir(cached, { recursive: true });
  await linkTree(output, join(cached, SEARCH_INDEX_DIR));
  await writeFile(fingerprintFile, fingerprint);
  await pruneIndexCache(cache, SEARCH_INDEX_CACHE_ENTRIES);
}

/**
 * Deletes the kept indexes of `cache` but the `keep` most recently used (by the time of their `fingerprint` file,
 * which a restore renews); a folder without one (a copy cut off midway, or of an older layout) counts as the oldest.
 * @param cache the search index cache folder (`<cacheDir>/search-index`)
 * @param keep how many to keep
 */
export async function pruneIndexCache(cache: string, keep: number): Promise<void> {
  const entries = await readdir(cache, { withFileTypes: true });
  const used = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory())
      .map(async (entry) => {
        const folder = join(cache, entry.name);
        const time = await stat(join(folder, 'fingerprint')).then(
          (info) => info.mtimeMs,
          () => 0,
        );
        return { folder, time };
      }),
  );
  used.sort((a, b) => b.time - a.time);
  for (const { folder } of used.slice(keep)) await rm(folder, { recursive: true, force: true });
}
