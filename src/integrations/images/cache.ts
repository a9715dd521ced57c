/**
 * The image cache (src/integrations/images.ts): an index file (source path → ETag, Last-Modified, digest and the
 * manifest entry) and a folder of the variants made, kept between builds (IMAGE_CACHE_DIR or
 * `<cacheDir>/image-cache`) so that an unchanged image is never transformed again.
 * In/out: the cache folder's path; the index as a CacheIndex. Reading never raises (a missing, unreadable or older
 * index is an empty one); writing raises the file system's errors.
 */
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImageEntry } from '../../site/images';

/** Bump when the making of variants changes, so the cache makes them again. */
export const IMAGE_STEP_VERSION = 1;

/** The cache's record of one source. */
export interface CachedSource {
  etag?: string;
  lastModified?: string;
  /** SHA-256 (hex) of the source's bytes. */
  digest: string;
  entry: ImageEntry;
}

/** The cache's index file: path → record. */
export interface CacheIndex {
  version: number;
  sources: Record<string, CachedSource>;
}

/** The cache's index file name and its variants folder, inside the image cache folder. */
export const INDEX_FILE = 'index.json';
export const FILES_FOLDER = 'files';

/** Writes a file whole, then renames it into place (a build stopped midway never leaves half a variant). */
export async function writeFileAtomically(file: string, bytes: Buffer | string): Promise<void> {
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, file);
}

/** The files a cache entry needs. */
export const entryFiles = (entry: ImageEntry): string[] =>
  entry.status === 'ready'
    ? [...entry.variants.avif, ...entry.variants.webp, ...entry.variants.fallback, ...(entry.share ? [entry.share] : [])].map(
        (variant) => variant.file,
      )
    : [];

/** The cache index, or an empty one (none yet, another version, unreadable). */
export async function readIndex(cacheDir: string): Promise<CacheIndex> {
  try {
    const index = JSON.parse(await readFile(join(cacheDir, INDEX_FILE), 'utf8')) as CacheIndex;
    return index.version === IMAGE_STEP_VERSION && typeof index.sources === 'object' ? index : { version: IMAGE_STEP_VERSION, sources: {} };
  } catch {
    return { version: IMAGE_STEP_VERSION, sources: {} };
  }
}

/** Writes the cache index whole (writeFileAtomically). */
export async function writeIndex(cacheDir: string, index: CacheIndex): Promise<void> {
  await writeFileAtomically(join(cacheDir, INDEX_FILE), JSON.stringify(index));
}

/** Removes the cached variants no source of the index needs any more (an image replaced or no longer shown). */
export async function pruneFiles(filesDir: string, index: CacheIndex): Promise<void> {
  const keep = new Set(Object.values(index.sources).flatMap((source) => entryFiles(source.entry)));
  for (const file of await readdir(filesDir)) {
    if (!keep.has(file)) await rm(join(filesDir, file), { force: true });
  }
}
