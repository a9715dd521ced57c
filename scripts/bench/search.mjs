/**
 * Benchmark section "search" (issue 8 §4, issue 14): recall of the site search against plain substring matching,
 * the precision of its first page of results (share containing the query; a query no page contains is right when
 * it shows nothing), and the bytes a first-time visitor fetches per query, from measureRecall (scripts/search-recall.mjs, issue 4): the
 * index chunks alone and everything under /pagefind/ (loader, worker, wasm, chunks, first-page fragments).
 */
import { measureRecall } from '../search-recall.mjs';
import { kb, median, table } from './util.mjs';

/**
 * The search section.
 * @param {{ dist: string }} options
 * @returns {Promise<{ title: string, markdown: string, data: object }>}
 */
export async function benchSearch({ dist }) {
  const result = await measureRecall({ dist });
  const rows = result.queries;
  const index = rows.map((row) => row.indexBytes);
  const total = rows.map((row) => row.searchBytes);
  const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const missed = rows.filter((row) => row.recall !== null && row.recall < 1).map((row) => `${row.query} ${row.hits}/${row.truth}`);
  const imprecise = rows.filter((row) => row.precisionAtK < 1).map((row) => `${row.query} ${row.precisionAtK.toFixed(2)}`);
  const noMatch = rows.filter((row) => row.truth === 0);
  const fallbacks = noMatch.filter((row) => row.fallback !== null).map((row) => `${row.query} → ${row.fallback}`);
  let markdown = table(
    ['indexed pages', 'queries', 'recall', 'precision of the first page', 'index bytes / query (median, max)', 'all /pagefind/ bytes / query (median, max)'],
    [
      [
        result.pages,
        rows.length,
        `${result.overall.toFixed(3)} (${result.hitTotal}/${result.truthTotal})`,
        result.top.toFixed(3),
        `${kb(median(index))}, ${kb(Math.max(...index))} (mean ${kb(mean(index))})`,
        `${kb(median(total))}, ${kb(Math.max(...total))}`,
      ],
    ],
  );
  markdown +=
    '\n\nRecall: pages the search returns that contain the query / pages whose indexed text contains it as a substring ' +
    '(scripts/search-recall.mjs). Precision: share of the first page of results (up to 10) that contain the query, ' +
    `mean over all queries; ${noMatch.length} queries no page contains count 1 when they show no results. ` +
    'Bytes: a fresh browser per query, gzip as served.';
  if (missed.length > 0) markdown += `\nQueries below full recall: ${missed.join('; ')}.`;
  if (imprecise.length > 0) markdown += `\nQueries below full precision: ${imprecise.join('; ')}.`;
  if (fallbacks.length > 0) markdown += `\nNo-match queries whose empty state offers a leading part's results: ${fallbacks.join('; ')}.`;
  return { title: 'Search', markdown, data: result };
}
