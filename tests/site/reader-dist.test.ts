/**
 * The audio reader in the built site (a fresh build has audio for every content page):
 * every content page (news, winner and share articles, coupons, FAQ categories, insurance products, decrees, about
 * and other in-repo pages) points at its manifest, the manifest lists existing MP3 segments with their durations,
 * and pages that are not content (lists, home, search, error pages) have no reader.
 * Runs after `npm run build` against the sample portal, with either engine (Debian's espeak-ng and lame, or the
 * WebAssembly build from npm that stands in without them).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readerManifestPath, type ReaderManifest } from '../../src/lib/reader-path';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));

/** Routes of every built page (folder/index.html), with their `main data-reader` value. */
function builtPages(): Map<string, string | undefined> {
  const pages = new Map<string, string | undefined>();
  for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name !== 'index.html') continue;
    const file = path.join(entry.parentPath, entry.name);
    const route = `/${path.relative(dist, entry.parentPath).split(path.sep).join('/')}`.replace(/\/$/, '') || '/';
    const main = /<main\b[^>]*>/.exec(readFileSync(file, 'utf8'))?.[0] ?? '';
    pages.set(route, /data-reader="([^"]+)"/.exec(main)?.[1]);
  }
  return pages;
}

const pages = builtPages();
const CONTENT = [
  /^\/news\/detail\//,
  /^\/winner\/detail\//,
  /^\/share\/detail\//,
  /^\/coupon\/detail\//,
  /^\/insurance\/detail\//,
  /^\/about\/decree\/\d+$/,
  /^\/faq\/(?!service$)[^/]+$/,
  /^\/about\/profile$/,
  /^\/privacy$/,
  /^\/legal$/,
];
const NOT_CONTENT = ['/', '/search', '/news/all/1', '/coupon/1', '/faq/service', '/eng'];

describe('audio of the built site', () => {
  it.each(CONTENT.map((pattern) => [pattern.source]))('every page matching %s has a readerPath with its audio', (source) => {
    const routes = [...pages.keys()].filter((route) => new RegExp(source).test(route));
    expect(routes.length, source).toBeGreaterThan(0);
    for (const route of routes) {
      const readerPath = pages.get(route);
      expect(readerPath, route).toBe(readerManifestPath(route));
      const manifest = JSON.parse(readFileSync(path.join(dist, readerPath!.slice(1)), 'utf8')) as ReaderManifest;
      expect(manifest.segments.length, route).toBeGreaterThan(0);
      for (const segment of manifest.segments) {
        const file = path.join(dist, segment.src.slice(1));
        expect(existsSync(file), `${route}: ${segment.src}`).toBe(true);
        // 24 kbit/s MP3: about 3 KB a second of speech.
        expect(statSync(file).size, segment.src).toBeGreaterThan((segment.durationMs / 1000) * 2000);
        expect(segment.durationMs, segment.src).toBeGreaterThan(500);
      }
    }
  });

  it.each(NOT_CONTENT)('%s has no reader', (route) => {
    expect(pages.has(route), route).toBe(true);
    expect(pages.get(route), route).toBeUndefined();
    expect(readFileSync(path.join(dist, route.slice(1), 'index.html'), 'utf8')).not.toContain('ReaderPlayer');
  });
});
