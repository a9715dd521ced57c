/**
 * Where a page's audio rendition lives (the audio reader): one deterministic URL per page route, known
 * while the page renders, before any speech is synthesized. SiteLayout puts it on the page (`readerPath`, REFERENCE.md "Portal data"
 * "Reader state: readerPath"); the reader integration (src/integrations/reader.ts) writes the manifest there at
 * the end of the build.
 *
 * The manifest (`ReaderManifest`) lists the page's audio segments in reading order; segment files are named by
 * the hash of their text and engine settings, so identical segments are shared and cached.
 */
import { createHash } from 'node:crypto';

/** Folder of the reader's files in dist/, served at `/reader/`. */
export const READER_DIR = 'reader';
/** Folder of the audio segments inside READER_DIR. */
export const READER_AUDIO_DIR = 'audio';

/** One audio segment of a page: `src` a site path of an MP3 file, `durationMs` its length in ms. */
export interface ReaderSegment {
  src: string;
  durationMs: number;
}

/**
 * The JSON file at a page's readerPath. `durationMs` is the sum of the segments' durations (ms). No segments: the
 * page's audio is not made yet (the build's synthesis time budget ran out: speech never delays a publish), so no player
 * shows.
 */
export interface ReaderManifest {
  version: 1;
  page: string;
  durationMs: number;
  segments: ReaderSegment[];
}

/**
 * The readerPath of a page: `/reader/<first 16 hex of sha256(route)>.json`.
 * @param pathname the page's route as Astro gives it (`Astro.url.pathname`); a trailing slash is ignored.
 */
export function readerManifestPath(pathname: string): string {
  const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const hash = createHash('sha256').update(route).digest('hex').slice(0, 16);
  return `/${READER_DIR}/${hash}.json`;
}

/**
 * The readerPath SiteLayout gives a page that has an audio rendition, or undefined when the build has no speech
 * engine (then the page shows no player).
 * @param enabled whether the reader is on (`readerEnabled` of `virtual:insurer/reader`)
 * @param pathname the page's route (`Astro.url.pathname`)
 */
export function pageReaderPath(enabled: boolean, pathname: string): string | undefined {
  return enabled ? readerManifestPath(pathname) : undefined;
}
