/**
 * One read of the built pages per build, shared by the build steps that need every page (issue 8 §6: a no-change
 * rebuild of 10,000 items within 25 % of a cold build). A 10,000-item site has about 1 GB of HTML; hosting
 * (CSP hashes, asset links) and the search index (its fingerprint) each read it whole, which cost about 3 s of
 * a 20 s rebuild.
 *
 * `scanBuiltPages` reads the pages in batches for a visitor and also records their digest (SHA-1 over each
 * page's path and bytes, in path order) with a stamp of their sizes and modification times. `builtPagesDigest`
 * returns that digest while the stamp still matches the files, and reads them again otherwise (a page written
 * or changed since, or no scan in this process).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** Pages read at once: enough to keep the disk busy, few enough that memory stays flat. */
const BATCH = 256;

/** Folders of the output whose HTML files are not pages (the search index's own files). */
const NOT_PAGES = [`pagefind${sep}`];

/** The last scan, by output folder. */
const scans = new Map<string, { digest: string; stamp: string }>();

/**
 * The HTML pages of an output folder.
 * @param root output folder (absolute path)
 * @returns absolute paths, sorted
 */
export async function builtPages(root: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !NOT_PAGES.some((folder) => relative(root, file).startsWith(folder)))
    .sort();
}

/** Sizes and modification times (ms) of files, as one string. */
async function stampOf(files: readonly string[]): Promise<string> {
  const parts: string[] = [];
  for (let start = 0; start < files.length; start += BATCH) {
    const stats = await Promise.all(files.slice(start, start + BATCH).map((file) => stat(file)));
    for (const info of stats) parts.push(`${info.size}:${info.mtimeMs}`);
  }
  return createHash('sha1').update(files.join('\0')).update(parts.join('\0')).digest('hex');
}

/**
 * Reads every page of an output folder once, in batches, and records their digest for builtPagesDigest.
 * @param root output folder (absolute path)
 * @param visit called per batch with the pages' paths and contents (same order)
 * @returns the digest (hex SHA-1)
 */
export async function scanBuiltPages(root: string, visit: (files: string[], contents: Buffer[]) => void = () => {}): Promise<string> {
  const files = await builtPages(root);
  const stamp = await stampOf(files);
  const hash = createHash('sha1');
  for (let start = 0; start < files.length; start += BATCH) {
    const batch = files.slice(start, start + BATCH);
    const contents = await Promise.all(batch.map((file) => readFile(file)));
    batch.forEach((file, index) => hash.update(`\0${relative(root, file)}\0`).update(contents[index]));
    visit(batch, contents);
  }
  const digest = hash.digest('hex');
  scans.set(root, { digest, stamp });
  return digest;
}

/**
 * The digest of an output folder's pages: the one scanBuiltPages recorded when no page has changed since (same
 * files, sizes and modification times), else a new scan.
 * @param root output folder (absolute path)
 * @returns hex SHA-1 over each page's relative path and bytes, in path order
 */
export async function builtPagesDigest(root: string): Promise<string> {
  const last = scans.get(root);
  if (last && last.stamp === (await stampOf(await builtPages(root)))) return last.digest;
  return scanBuiltPages(root);
}
