/**
 * A digest of the code that fills a cache, so that a change of that code invalidates the cache by itself (the search
 * index's fingerprint, src/integrations/search-index.ts; the page read's records, src/integrations/built-pages.ts).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * Hex SHA-1 over the source of the given modules, in order.
 * @param modules module paths relative to `base`, e.g. `./built-pages.ts`
 * @param base the URL they are relative to (the caller's `import.meta.url`)
 * @throws the read error of a module that is not there
 */
export function codeDigest(modules: readonly string[], base: string | URL): string {
  return modules.reduce((hash, module) => hash.update(readFileSync(new URL(module, base))), createHash('sha1')).digest('hex');
}
