/**
 * Astro integration building the site-search index at the end of the build (DESIGN.md §2 pagefind; issue 4):
 * Pagefind indexes every HTML page of `dist/` whose `<main>` carries `data-pagefind-body` (SiteLayout), as one
 * zh-TW index, and writes it to `dist/pagefind/` where `/search` loads it at run time. Pages without that attribute
 * — the redirect fallback pages, the error pages and /search (SiteLayout `noindex`) — are left out, as Pagefind
 * does once any page has it; so are SEARCH_INDEX_EXCLUDE parts of a page. Register it after the integrations that write pages at `astro:build:done` (hosting).
 * Any indexing error, or an empty index, fails the build.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import * as pagefind from 'pagefind';
import { SEARCH_INDEX_EXCLUDE, SEARCH_INDEX_LANGUAGE } from '../site';

/** Folder of the index inside dist/, served at `/pagefind/` (pagefind.js, fragments, wasm). */
export const SEARCH_INDEX_DIR = 'pagefind';

export default function searchIndex(): AstroIntegration {
  return {
    name: 'insurer:search-index',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        try {
          const created = await pagefind.createIndex({
            forceLanguage: SEARCH_INDEX_LANGUAGE,
            excludeSelectors: [...SEARCH_INDEX_EXCLUDE],
          });
          const index = created.index;
          if (!index || created.errors.length > 0) throw new Error(`Search index: ${created.errors.join('; ')}`);
          const added = await index.addDirectory({ path: root });
          if (added.errors.length > 0) throw new Error(`Search index: ${added.errors.join('; ')}`);
          if (added.page_count === 0) throw new Error('Search index: no page has data-pagefind-body.');
          const written = await index.writeFiles({ outputPath: `${root}${SEARCH_INDEX_DIR}` });
          if (written.errors.length > 0) throw new Error(`Search index: ${written.errors.join('; ')}`);
          logger.info(`${added.page_count} pages indexed → ${SEARCH_INDEX_DIR}/ (${SEARCH_INDEX_LANGUAGE})`);
        } finally {
          await pagefind.close();
        }
      },
    },
  };
}
