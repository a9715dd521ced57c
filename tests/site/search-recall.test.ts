/**
 * Recall and precision of the site search on the built site (issues 4 and 14): for the queries visitors type
 * (scripts/search-recall.mjs), the site's search (src/browser/site-search.ts over Pagefind, in Chromium) finds at
 * least 99 % of the pages whose indexed text contains the query, over all queries, and its first page of results
 * holds pages that contain the query (≥ 95 % on average; a query no page contains shows none). Runs after
 * `npm run build` (reads dist/).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatReport, measureRecall } from '../../scripts/search-recall.mjs';

/** Overall recall the search must reach (issue 14 "Done when"). */
const MIN_RECALL = 0.99;
/** Mean precision of the first page of results the search must reach (issue 14 "Done when"). */
const MIN_PRECISION = 0.95;
const dist = fileURLToPath(new URL('../../dist/', import.meta.url));

describe('site search recall', () => {
  it(`finds ≥ ${MIN_RECALL * 100} % of the pages that contain each query`, { timeout: 300_000 }, async () => {
    expect(existsSync(`${dist}pagefind/pagefind.js`), 'dist/pagefind/ (run `npm run build` first)').toBe(true);
    const result = await measureRecall({ dist });
    console.log(formatReport(result, { verbose: true }));
    expect(result.pages, 'indexed pages').toBeGreaterThan(100);
    expect(result.overall).toBeGreaterThanOrEqual(MIN_RECALL);
    expect(result.top, 'mean precision of the first page').toBeGreaterThanOrEqual(MIN_PRECISION);
    for (const query of ['機車險', '汽車險', '理賠', '旅平險', '車險理賠', '出險', '住宅地震基本保險']) {
      const row = result.queries.find((candidate) => candidate.query === query)!;
      expect(row.truth, `pages containing ${query}`).toBeGreaterThan(0);
      expect(row.missed, `pages containing ${query} that the search misses`).toEqual([]);
      expect(row.precisionAtK, `share of ${query}'s first results that contain it`).toBe(1);
    }
    const nonsense = result.queries.find((candidate) => candidate.query === 'xyzzy不存在')!;
    expect(nonsense.found, 'results for a query no page contains').toBe(0);
  });
});
