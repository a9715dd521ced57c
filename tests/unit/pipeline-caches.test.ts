/**
 * The search index's cache (src/integrations/search-index.ts): indexes are kept by fingerprint, and only the
 * SEARCH_INDEX_CACHE_ENTRIES most recently used stay (pruneIndexCache), so that a build restores the index of any
 * output folder whose pages it wrote again, and the cache does not grow with every temporary output folder.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pruneIndexCache, SEARCH_INDEX_CACHE_ENTRIES } from '../../src/integrations/search-index';

/** A kept index named `name`, last used `secondsAgo` before now (none: no fingerprint file, as a copy cut off midway). */
function entry(cache: string, name: string, secondsAgo?: number): void {
  mkdirSync(join(cache, name, 'pagefind'), { recursive: true });
  writeFileSync(join(cache, name, 'pagefind', 'pagefind.js'), '');
  if (secondsAgo === undefined) return;
  writeFileSync(join(cache, name, 'fingerprint'), name);
  const at = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(join(cache, name, 'fingerprint'), at, at);
}

describe('pruneIndexCache', () => {
  it('keeps the most recently used indexes and deletes the others, a copy without fingerprint first', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'index-cache-'));
    entry(cache, 'oldest', 400);
    entry(cache, 'newest', 1);
    entry(cache, 'cut-off');
    entry(cache, 'older', 300);
    entry(cache, 'newer', 2);
    await pruneIndexCache(cache, SEARCH_INDEX_CACHE_ENTRIES);
    expect(readdirSync(cache).sort()).toEqual(['newer', 'newest', 'older'].slice(0, SEARCH_INDEX_CACHE_ENTRIES).sort());
    await pruneIndexCache(cache, 1);
    expect(readdirSync(cache)).toEqual(['newest']);
    expect(existsSync(join(cache, 'newest', 'pagefind', 'pagefind.js'))).toBe(true);
  });
});
