/**
 * Recall of the site search on the built site (issue 4): for the queries visitors type (scripts/search-recall.mjs),
 * Pagefind in Chromium finds at least 95 % of the pages whose indexed text contains the query, over all queries,
 * and every page that contains one of the product names. Runs after `npm run build` (reads dist/).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatReport, measureRecall } from '../../scripts/search-recall.mjs';

/** Overall recall the search must reach (issue 4). */
const MIN_RECALL = 0.95;
const dist = fileURLToPath(new URL('../../dist/', import.meta.url));

describe('site search recall', () => {
  it(`finds ≥ ${MIN_RECALL * 100} % of the pages that contain each query`, { timeout: 300_000 }, async () => {
    expect(existsSync(`${dist}pagefind/pagefind.js`), 'dist/pagefind/ (run `npm run build` first)').toBe(true);
    const result = await measureRecall({ dist });
    console.log(formatReport(result, { verbose: true }));
    expect(result.pages, 'indexed pages').toBeGreaterThan(100);
    expect(result.overall).toBeGreaterThanOrEqual(MIN_RECALL);
    for (const query of ['機車險', '汽車險', '理賠', '旅平險']) {
      const row = result.queries.find((candidate) => candidate.query === query)!;
      expect(row.truth, `pages containing ${query}`).toBeGreaterThan(0);
      expect(row.missed, `pages containing ${query} that the search misses`).toEqual([]);
    }
  });
});
