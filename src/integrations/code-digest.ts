/**
 * A digest of the code that fills a cache, so that a change of that code invalidates the cache by itself (the search
 * index's fingerprint, src/integrations/search-index.ts; the page read's records, src/integrations/built-pages.ts).
 * The listed modules are roots: every module of the repository they import, directly or through others, counts too,
 * so a table a module imports (the search glossary of src/site/) cannot change behind a kept cache when nobody
 * remembered to list it. Packages are not followed: their versions key the caches where they matter.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';

/** Relative module specifiers of static imports and re-exports (`from './x'`, `import '../y.ts'`). */
const RELATIVE_IMPORT = /(?:^|[\s;])(?:import|export)\s(?:[^'";]*?\sfrom\s*)?['"](\.{1,2}\/[^'"]+)['"]/g;

/** Extensions tried, in order, for a specifier written without one (as the TypeScript sources import each other). */
const SOURCE_EXTENSIONS = ['', '.ts', '.mjs', '.js', '/index.ts'];

/**
 * The file a relative specifier names: the first of SOURCE_EXTENSIONS that exists.
 * @throws Error naming the specifier and the importing module when none exists
 */
function resolveModule(specifier: string, from: URL): URL {
  for (const extension of SOURCE_EXTENSIONS) {
    const url = new URL(`${specifier}${extension}`, from);
    if (statSync(url, { throwIfNoEntry: false })?.isFile()) return url;
  }
  throw new Error(`code digest: ${from.pathname} imports "${specifier}", which is no file`);
}

/**
 * Hex SHA-1 over the source of the given modules and of every repository module they import, transitively: each
 * module once, in the order first reached (depth first, imports in source order).
 * @param modules module paths relative to `base`, e.g. `./built-pages.ts`
 * @param base the URL they are relative to (the caller's `import.meta.url`)
 * @throws the read error of a module that is not there, or an Error naming an import that resolves to no file
 */
export function codeDigest(modules: readonly string[], base: string | URL): string {
  const hash = createHash('sha1');
  const seen = new Set<string>();
  const visit = (url: URL) => {
    if (seen.has(url.href)) return;
    seen.add(url.href);
    const source = readFileSync(url);
    hash.update(source);
    for (const [, specifier] of source.toString('utf8').matchAll(RELATIVE_IMPORT)) visit(resolveModule(specifier!, url));
  };
  for (const module of modules) visit(new URL(module, base));
  return hash.digest('hex');
}
