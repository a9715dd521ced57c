/**
 * Recall, precision and intent of the site search on the built site (REFERENCE.md "Page frame": the search overlay;
 * REFERENCE.md "Browser side": "Search understands the visitor"): for the queries visitors type (scripts/search-recall.mjs), the site's search
 * (src/browser/site-search.ts over Pagefind, in Chromium) finds at least 99 % of the pages whose indexed text contains
 * the query, over all queries, and its first page of results holds pages that contain the query (≥ 95 % on average; a
 * query no page contains shows none); and for what visitors mean (scripts/search-recall.mjs INTENT_CASES: simplified
 * characters, typos, short names, questions, several terms, phone numbers), the first result is a page they expect for
 * ≥ 95 % of the cases and no case shows no result. Both measures come from one run, each distinct query searched once
 * (measureSearch, without counting bytes: a few tabs search query after query). Runs after `npm run build` (reads
 * dist/, or SITE_DIST_DIR: another built site).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatReport, measureSearch } from '../../scripts/search-recall.mjs';
import { INTENT_CASES } from '../../scripts/search-recall/queries.mjs';

/** Overall recall the search must reach: pages containing the query that it finds, over all queries. */
const MIN_RECALL = 0.99;
/** Share of the intent cases whose first result is a page the visitor expects. */
const MIN_RELEVANT_FIRST = 0.95;
/** Mean precision of the first page of results the search must reach. */
const MIN_PRECISION = 0.95;
/** Fewest intent cases: every kind of query (simplified, typo, short name, question, terms, phone, plain) several times. */
const MIN_INTENT_CASES = 60;
const dist = process.env.SITE_DIST_DIR ? `${resolve(process.env.SITE_DIST_DIR)}/` : fileURLToPath(new URL('../../dist/', import.meta.url));

describe('site search recall and intent', () => {
  let measured: Awaited<ReturnType<typeof measureSearch>>;
  beforeAll(async () => {
    expect(existsSync(`${dist}pagefind/pagefind.js`), 'dist/pagefind/ (run `npm run build` first)').toBe(true);
    measured = await measureSearch({ dist, bytes: false });
  }, 240_000);

  it(`finds ≥ ${MIN_RECALL * 100} % of the pages that contain each query`, () => {
    const result = measured.recall;
    console.log(formatReport(result, { verbose: true }));
    expect(result.pages, 'indexed pages').toBeGreaterThan(100);
    expect(result.overall).toBeGreaterThanOrEqual(MIN_RECALL);
    expect(result.top, 'mean precision of the first page').toBeGreaterThanOrEqual(MIN_PRECISION);
    // Best pages first (車險理賠, 出險 → /claim, which does not hold them word for word): full recall, not precision.
    for (const query of ['車險理賠', '出險']) {
      const row = result.queries.find((candidate) => candidate.query === query)!;
      expect(row.missed, `pages containing ${query} that the search misses`).toEqual([]);
    }
    for (const query of ['機車險', '汽車險', '理賠', '旅平險', '住宅地震基本保險']) {
      const row = result.queries.find((candidate) => candidate.query === query)!;
      expect(row.truth, `pages containing ${query}`).toBeGreaterThan(0);
      expect(row.missed, `pages containing ${query} that the search misses`).toEqual([]);
      expect(row.precisionAtK, `share of ${query}'s first results that contain it`).toBe(1);
    }
    const nonsense = result.queries.find((candidate) => candidate.query === 'xyzzy不存在')!;
    expect(nonsense.found, 'results for a query no page contains').toBe(0);
  });

  it(`gives a relevant first result for ≥ ${MIN_RELEVANT_FIRST * 100} % of what visitors mean, and never no result`, () => {
    const result = measured.intent;
    for (const row of result.cases) console.log(row.relevant ? 'ok' : 'NOT', row.kind, row.query, '→', row.first, row.firstTitle);
    expect(INTENT_CASES.length).toBeGreaterThanOrEqual(MIN_INTENT_CASES);
    expect(result.relevantFirst, 'share of cases with a relevant first result').toBeGreaterThanOrEqual(MIN_RELEVANT_FIRST);
    expect(
      result.cases.filter((row) => row.results === 0).map((row) => row.query),
      'cases with no result',
    ).toEqual([]);
  });
});
