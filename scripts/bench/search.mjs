/**
 * Benchmark section "search": recall of the site search against plain substring matching,
 * the precision of its first page of results (share containing the query; a query no page contains is right when
 * it shows nothing), intent (the share of INTENT_CASES whose first result is a page the visitor expects, and of those
 * showing none), and the bytes a first-time visitor fetches per query against the budget SEARCH_FIRST_SEARCH_KB, from
 * measureSearch (scripts/search-recall.mjs, each query in a fresh browser context): the index chunks alone and
 * everything under /pagefind/ (loader, worker, wasm, lexicon, chunks, first-page fragments). The budget is read for
 * the median query (a typical first search) and checked for each recommended search of the overlay; the queries over
 * it are listed.
 *
 * Sites (the search targets hold on the sample site and at 1,000 items): `sample` is the built site the page sections
 * measure (`dist`); `1k` is the sample portal with 1,000 generated items, built (READER_ENGINE=off, as the build
 * section does) into the build section's folder for that size, so a bench that ran the build section first only
 * rebuilds it without change. Other sizes of `--sizes` (10k) are not searched: 141 queries in Chromium over an
 * index of 10,000 pages take long and answer nothing the 1k row does not.
 */
import { startSamplePortal } from '../sample-portal/server.mjs';
import { measureSearch } from '../search-recall.mjs';
import { CPU_SLOWDOWN, HALVES, measureQuerySet } from './search-queries.mjs';
import { SEARCH_FIRST_SEARCH_KB } from '../../src/site/limits.ts';
import { RECOMMENDED_SEARCHES } from '../../src/site/texts/search.ts';
import { SIZES, buildDirs, timeBuild } from './build.mjs';
import { kb, median, seconds, table } from './util.mjs';

/** Sizes the search section measures, in order. */
export const SEARCH_SIZES = ['sample', '1k'];

/** Builds the site of a generated size (SIZES of build.mjs) and returns its output folder. */
async function buildSize(label, log) {
  const { dist, cache } = buildDirs(label);
  const portal = await startSamplePortal({ port: 0, scale: SIZES[label] });
  try {
    log(`search: building the ${label} site…`);
    const run = await timeBuild({ dist, cache, portalUrl: portal.url });
    log(`search: ${label} built in ${seconds(run.ms)}`);
    return dist;
  } finally {
    await portal.close();
  }
}

/**
 * The search section.
 * @param {{ dist: string, sizes?: string[], log?: (line: string) => void }} options dist: the built sample site;
 *   sizes: `--sizes` of the bench (those of SEARCH_SIZES are measured; default both)
 * @returns {Promise<{ title: string, markdown: string, data: object }>} data: measureSearch's result per size
 */
export async function benchSearch({ dist, sizes = SEARCH_SIZES, log = console.error }) {
  const labels = SEARCH_SIZES.filter((label) => sizes.includes(label));
  const results = {};
  for (const label of labels) {
    const site = label === 'sample' ? dist : await buildSize(label, log);
    log(`search: measuring ${label}…`);
    const measured = await measureSearch({ dist: site });
    results[label] = { ...measured.recall, intent: measured.intent };
  }
  const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const rows = labels.map((label) => {
    const result = results[label];
    const index = result.queries.map((row) => row.indexBytes);
    const total = result.queries.map((row) => row.searchBytes);
    return [
      label === 'sample' ? 'sample content' : `sample + ${SIZES[label].toLocaleString('en')} items`,
      result.pages,
      result.queries.length,
      `${result.overall.toFixed(3)} (${result.hitTotal}/${result.truthTotal})`,
      result.top.toFixed(3),
      `${kb(median(index))}, ${kb(Math.max(...index))} (mean ${kb(mean(index))})`,
      `${kb(median(total))}, ${kb(Math.max(...total))}`,
      `${(result.intent.relevantFirst * 100).toFixed(1)} % (${result.intent.cases.length} cases), ${(result.intent.zeroResults * 100).toFixed(1)} %`,
    ];
  });
  let markdown = table(
    [
      'site',
      'indexed pages',
      'queries',
      'recall',
      'precision of the first page',
      'index bytes / query (median, max)',
      'all /pagefind/ bytes / query (median, max)',
      'intent: relevant first result, no result',
    ],
    rows,
  );
  const noMatch = (results[labels[0]]?.queries ?? []).filter((row) => row.truth === 0).length;
  markdown +=
    '\n\nRecall: pages the search returns that contain the query / pages whose indexed text contains it as a substring ' +
    '(scripts/search-recall.mjs). Precision: share of the first page of results (up to 10) that contain the query, ' +
    `mean over all queries; queries no page contains (${noMatch} on the first site) count 1 when they show no results. ` +
    `Bytes: a fresh browser context per query, gzip as served; budget ${SEARCH_FIRST_SEARCH_KB} KB (SEARCH_FIRST_SEARCH_KB).`;
  for (const label of labels) {
    const rowsOf = results[label].queries;
    const missed = rowsOf.filter((row) => row.recall !== null && row.recall < 1).map((row) => `${row.query} ${row.hits}/${row.truth}`);
    const imprecise = rowsOf.filter((row) => row.precisionAtK < 1).map((row) => `${row.query} ${row.precisionAtK.toFixed(2)}`);
    const fallbacks = rowsOf.filter((row) => row.truth === 0 && row.fallback !== null).map((row) => `${row.query} → ${row.fallback}`);
    if (missed.length > 0) markdown += `\n${label}: queries below full recall: ${missed.join('; ')}.`;
    if (imprecise.length > 0) markdown += `\n${label}: queries below full precision: ${imprecise.join('; ')}.`;
    if (fallbacks.length > 0) markdown += `\n${label}: no-match queries answered with a 您是不是要找 suggestion: ${fallbacks.join('; ')}.`;
    const bytesOf = (query) => kb(rowsOf.find((row) => row.query === query)?.searchBytes ?? Number.NaN);
    markdown += `\n${label}: bytes of the recommended searches: ${RECOMMENDED_SEARCHES.map((query) => `${query} ${bytesOf(query)}`).join('; ')}.`;
    const over = rowsOf.filter((row) => row.searchBytes > SEARCH_FIRST_SEARCH_KB * 1024);
    markdown += `\n${label}: ${over.length} of ${rowsOf.length} queries over ${SEARCH_FIRST_SEARCH_KB} KB.`;
    const irrelevant = results[label].intent.cases.filter((row) => !row.relevant).map((row) => `${row.query} → ${row.first}`);
    if (irrelevant.length > 0) markdown += `\n${label}: intent cases without a relevant first result: ${irrelevant.join('; ')}.`;
  }
  const visitors = await queriesSection(dist, log);
  markdown += visitors.markdown;
  return { title: 'Search', markdown, data: { ...results, visitors: visitors.data } };
}

/**
 * The visitors' query set on the sample site (scripts/bench/search-queries.mjs): per half and kind, the share of
 * queries with a relevant first result and with one in the first three, and those without any result; the bytes of a
 * first search and the time from the last keystroke to the results on a CPU slowed CPU_SLOWDOWN×. Figures only: no
 * query of the held-out half is printed.
 */
async function queriesSection(dist, log) {
  log('search: measuring the query set…');
  const data = await measureQuerySet({ dist, halves: HALVES });
  if (Object.keys(data).length === 0) return { markdown: '', data };
  const share = (part, whole) => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)} % (${part}/${whole})`);
  const rows = [];
  for (const [half, result] of Object.entries(data)) {
    for (const [kind, figures] of [...Object.entries(result.kinds), ['all', result.all]]) {
      rows.push([
        half,
        kind,
        figures.queries,
        share(figures.relevantFirst, figures.queries),
        share(figures.inFirstThree, figures.queries),
        figures.zeroResults,
      ]);
    }
  }
  let markdown = `\n\n#### Visitors' queries\n\n${table(['half', 'kind', 'queries', 'relevant first', 'in the first three', 'no result'], rows)}`;
  for (const [half, result] of Object.entries(data)) {
    const times = [...result.latency].sort((a, b) => a - b);
    const bytes = [...result.bytes].sort((a, b) => a - b);
    markdown += `\n${half}: bytes of a first search median ${kb(median(bytes))}, max ${kb(bytes.at(-1))}; last keystroke → results with the CPU ${CPU_SLOWDOWN}× slower: median ${median(times)} ms, max ${times.at(-1)} ms (${times.length} queries).`;
  }
  return { markdown, data };
}
