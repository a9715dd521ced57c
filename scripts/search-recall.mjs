#!/usr/bin/env node
/**
 * Recall of the site search (target ≥ 0.99): how many of the pages that contain a query does the search find?
 *
 * For each query a visitor might type (QUERIES, zh-TW), on a built site:
 * - truth: the pages whose indexed text — the `data-pagefind-body` element, tags stripped, without what Pagefind
 *   leaves out (`data-pagefind-ignore` parts, and nav, form, footer, script… as its parser does) — contains each
 *   term of the query (the parts between white space and punctuation) as a plain substring (NFKC, case-insensitive);
 * - found: the pages the site's search returns — the ranking rule of src/browser/site-search.ts over the
 *   real `/pagefind/pagefind.js`, run in headless Chromium against the site served on loopback (scripts/serve.mjs)
 *   — every result, its page read from the index's fragment files;
 * - recall = |found ∩ truth| / |truth|, per query and overall (micro-average over all queries with a truth);
 * - truth counts a query term's synonyms (src/site/search-terms.ts) as the term, and the pages of a collapsed group
 *   (the locations' regions) as one page, as the search shows them;
 * - precision (target ≥ 0.95): the share of truth pages among the first k results, k = the results on the first page
 *   (min(|found|, SEARCH_PAGE_SIZE)); for a query no page contains, 1 when it shows no results, else 0; per query
 *   and averaged (`top`) over the queries some page contains and NO_MATCH_QUERIES (a question that no page holds
 *   word for word is measured by measureIntent);
 * - intent (measureIntent, INTENT_CASES): the share of cases whose first result is a page the visitor expects
 *   (≥ 0.95), and the share showing no result. `fallback` is the word 「您是不是要找」 suggested, if any (the search shows its results);
 * - bytes: what a visitor downloads under /pagefind/ for one search in a fresh browser (the loader and its
 *   worker, gzipped as the host serves them; the wasm; the index chunks of the query; the fragments of the first
 *   SEARCH_PAGE_SIZE results), and the index chunks alone.
 *
 *   node scripts/search-recall.mjs [--dist dist] [--json] [--min 0.95] [--verbose] [query …]
 *
 * Prints a table and the overall recall; `--json` prints the report as JSON; `--min` exits 1 below it;
 * `--verbose` lists the pages each query missed. Also imported by tests/site/search-recall.test.ts and the
 * benchmark (`measureRecall`). The queries and cases are in search-recall/queries.mjs, what the built site holds (its
 * paths, fragments and indexed text) is read by search-recall/site-text.mjs.
 */
import { readFile } from 'node:fs/promises';
import { stripTypeScriptTypes } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { queryTerms } from '../src/browser/search-query.ts';
import { unspaceHan } from '../src/browser/search-text.ts';
import { SEARCH_COLLAPSED_PAGES, SEARCH_SYNONYMS } from '../src/site/search-terms.ts';
import { SEARCH_PAGE_SIZE } from '../src/site/limits.ts';
import { CHROMIUM_ARGS, chromiumPath } from './lib/system.mjs';
import { INTENT_CASES, NO_MATCH_QUERIES, QUERIES } from './search-recall/queries.mjs';
import { indexedTexts, normalizeText, readFragmentUrls, resultPath } from './search-recall/site-text.mjs';
import { serveSite } from './serve.mjs';

/** A page's result as the search shows it: the pages of a collapsed group (search-terms.ts) are one, its key. */
const groupOf = (path) => (SEARCH_COLLAPSED_PAGES.some((pattern) => pattern.test(path)) ? path.replace(/\/[^/]+$/, '') : path);

/** Results on the first page of /search. */
const FIRST_PAGE = SEARCH_PAGE_SIZE;

/** Chromium tabs searching at once: each query runs in a tab of its own, one query after another per tab. */
export const PARALLEL_TABS = 4;

/** The built site's folder when none is given: the worktree's dist/. */
const DEFAULT_DIST = fileURLToPath(new URL('../dist/', import.meta.url));

/** Runs `work` over `items` with at most `parallel` at once, each with its slot number; the results in order. */
async function pool(items, parallel, work) {
  const results = new Array(items.length);
  let next = 0;
  const slots = Array.from({ length: Math.max(1, Math.min(parallel, items.length)) }, async (_, slot) => {
    while (next < items.length) {
      const i = next;
      next += 1;
      results[i] = await work(items[i], slot);
    }
  });
  await Promise.all(slots);
  return results;
}

/**
 * A tab of the site's origin that searches as /search does: a blank page of the site's language (Pagefind segments a
 * Chinese query by the page's lang) that loads the site's ranking rule (src/browser/site-search.ts, its types stripped),
 * `/pagefind/pagefind.js` with /search's options (search-text.ts PAGEFIND_OPTIONS) and the lexicon as /search gets it
 * (search-source.ts `siteLexicon`, loaded when a query needs it), and
 * nothing else. (Loaded by a module script, not an import() in an evaluated function, which a test runner's transform
 * would rewrite.)
 * @returns {Promise<{ page: import('playwright-core').Page, responses: import('playwright-core').Response[] }>}
 *   responses: what the tab fetched under /pagefind/
 */
async function openSearchTab(context, { url, lang, siteSearch }) {
  const page = await context.newPage();
  const responses = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/pagefind/')) responses.push(response);
  });
  await page.route(`${url}/__search-recall`, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: `<!doctype html><html lang="${lang}"><title>recall</title></html>` }),
  );
  for (const [path, body] of Object.entries(siteSearch)) {
    await page.route(`${url}${path}`, (route) => route.fulfill({ contentType: 'text/javascript; charset=utf-8', body }));
  }
  await page.goto(`${url}/__search-recall`);
  await page.addScriptTag({
    type: 'module',
    content:
      "window.__site = await import('/__site-search.js'); window.__pagefind = await import('/pagefind/pagefind.js'); await window.__pagefind.options({ ...(await import('/__search-text.js')).PAGEFIND_OPTIONS }); window.__lexicon = (await import('/__search-source.js')).siteLexicon(); window.__ready = true;",
  });
  await page.waitForFunction(() => window.__ready === true);
  return { page, responses };
}

/**
 * One query in a tab: the site's search, the pages of its first page of results (read as /search reads them), the
 * ids of the others.
 */
function searchInTab(page, query) {
  return page.evaluate(
    async ({ query, firstPage }) => {
      const search = await window.__site.searchSite(window.__pagefind, query, window.__lexicon);
      const first = await Promise.all(search.results.slice(0, firstPage).map((result) => result.data()));
      window.__rest = search.results.slice(firstPage);
      return {
        firstUrls: first.map((data) => data.url),
        firstTitles: first.map((data) => data.meta.title ?? ''),
        fallback: search.suggestion?.to ?? null,
        restIds: window.__rest.map((result) => result.id),
      };
    },
    { query, firstPage: FIRST_PAGE },
  );
}

/**
 * What a first search costs a visitor: the files fetched under /pagefind/, gzip as served (the index, fragments and
 * wasm are gzip files already; the host gzips the loader scripts and JSON). Bytes in a site path → bytes.
 */
async function fetchedBytes(responses) {
  const files = {};
  for (const response of responses) {
    const path = new URL(response.url()).pathname;
    const body = await response.body().catch(() => Buffer.alloc(0));
    files[path] = (files[path] ?? 0) + (/\.(js|json)$/.test(path) ? gzipSync(body).length : body.length);
  }
  return files;
}

/**
 * Runs every query through the site's search in Chromium, PARALLEL_TABS tabs at once. With `bytes`, each query is a
 * first-time visitor: a fresh browser context (empty cache) and tab, whose downloads are counted; without, a few tabs
 * of one context search query after query (Pagefind keeps what it loaded; the results are the same).
 * @returns {Promise<Map<string, { urls: string[], firstTitles: string[], fallback: string | null,
 *   files: Record<string, number> | null }>>} urls: every result's page URL, in order
 */
async function searchAll({ browser, setup, queries, bytes, parallel, fragmentUrls }) {
  const shared = bytes ? null : await browser.newContext();
  const tabs = [];
  const answers = await pool(queries, parallel, async (query, slot) => {
    const context = shared ?? (await browser.newContext());
    tabs[slot] = bytes || !tabs[slot] ? await openSearchTab(context, setup) : tabs[slot];
    const { page, responses } = tabs[slot];
    const answer = await searchInTab(page, query);
    const files = bytes ? await fetchedBytes(responses) : null;
    // The other results' pages, by fragment id from dist/ (data() only for an id not found there).
    const unknown = answer.restIds.filter((id) => !fragmentUrls.has(id));
    if (unknown.length > 0) {
      const found = await page.evaluate(
        async (ids) =>
          Promise.all(window.__rest.filter((result) => ids.includes(result.id)).map(async (result) => [result.id, (await result.data()).url])),
        unknown,
      );
      for (const [id, url] of found) fragmentUrls.set(id, url);
    }
    if (bytes) await context.close();
    const urls = [...answer.firstUrls, ...answer.restIds.map((id) => fragmentUrls.get(id))];
    return { urls, firstTitles: answer.firstTitles, fallback: answer.fallback, files };
  });
  await shared?.close();
  return new Map(queries.map((query, i) => [query, answers[i]]));
}

/** One query's row of the recall report, from its truth (the pages containing it) and what the search showed. */
function reportRow(query, texts, answer) {
  const needles = queryTerms(normalizeText(query)).map((needle) => [needle, ...SEARCH_SYNONYMS.filter((group) => group.includes(needle)).flat()]);
  const truth = new Set(
    [...texts]
      .filter(([, text]) => needles.length > 0 && needles.every((words) => words.some((word) => text.includes(word))))
      .map(([path]) => groupOf(path)),
  );
  const ranked = answer.urls.map(resultPath).map(groupOf);
  const found = new Set(ranked);
  const hits = [...truth].filter((path) => found.has(path));
  const k = Math.min(ranked.length, FIRST_PAGE);
  const files = answer.files ?? {};
  const sum = (paths) => (answer.files === null ? null : paths.reduce((total, path) => total + files[path], 0));
  return {
    query,
    truth: truth.size,
    found: found.size,
    hits: hits.length,
    recall: truth.size === 0 ? null : hits.length / truth.size,
    // Share of the first page's results that contain the query; no results is right exactly when no page does.
    precisionAtK: k === 0 ? (truth.size === 0 ? 1 : 0) : ranked.slice(0, k).filter((path) => truth.has(path)).length / k,
    fallback: answer.fallback,
    missed: [...truth].filter((path) => !found.has(path)).sort(),
    indexBytes: sum(Object.keys(files).filter((path) => path.startsWith('/pagefind/index/'))),
    searchBytes: sum(Object.keys(files)),
    files: answer.files,
    first: ranked[0] ?? null,
    firstTitle: unspaceHan(answer.firstTitles[0] ?? ''),
    topThree: ranked.slice(0, 3),
    firstTen: ranked.slice(0, FIRST_PAGE).map((path) => (truth.has(path) ? path : `✗${path}`)),
    results: ranked.length,
  };
}

/** The recall report of a list of rows (measureRecall). */
function recallReport(pages, report) {
  const truthTotal = report.reduce((sum, row) => sum + row.truth, 0);
  const hitTotal = report.reduce((sum, row) => sum + row.hits, 0);
  // Precision by substring truth: over the queries some page contains and the queries none should answer; a
  // question no page holds word for word (機車險怎麼保?) is measured by what it means instead (INTENT_CASES).
  const measured = report.filter((row) => row.truth > 0 || NO_MATCH_QUERIES.includes(row.query));
  const top = measured.reduce((sum, row) => sum + row.precisionAtK, 0) / Math.max(1, measured.length);
  return { pages, overall: truthTotal === 0 ? 1 : hitTotal / truthTotal, truthTotal, hitTotal, top, queries: report };
}

/** The intent report of the cases (measureIntent), from the rows of their queries. */
function intentReport(cases, row) {
  const rows = cases.map((item) => {
    const { first, firstTitle, results, searchBytes } = row(item.query);
    const relevant =
      first !== null &&
      ((item.pages?.includes(first) ?? false) ||
        (item.title !== undefined && firstTitle.includes(item.title)) ||
        (item.same !== undefined && row(item.same).first === first));
    return { query: item.query, kind: item.kind, first, firstTitle, results, relevant, searchBytes };
  });
  const share = (predicate) => rows.filter(predicate).length / Math.max(1, rows.length);
  return { relevantFirst: share((item) => item.relevant), zeroResults: share((item) => item.results === 0), cases: rows };
}

/**
 * The site's own search rule as the recall tab loads it: src/browser/site-search.ts and the modules it imports from
 * its folder (search-rank.ts, search-typos.ts, which import nothing), their types stripped, each import pointed at
 * where the tab serves it. @returns {Promise<Record<string, string>>} site path → module source
 */
async function siteSearchModules() {
  const read = async (name) => stripTypeScriptTypes(await readFile(new URL(`../src/browser/${name}.ts`, import.meta.url), 'utf8'));
  const modules = {};
  const add = async (name) => {
    const source = await read(name);
    const imported = [...source.matchAll(/from '\.\/([\w-]+)\.ts';/g)].map((match) => match[1]);
    modules[`/__${name}.js`] = source.replace(/from '\.\/([\w-]+)\.ts';/g, "from '/__$1.js';");
    for (const other of imported) if (!modules[`/__${other}.js`]) await add(other);
  };
  await add('site-search');
  return modules;
}

/**
 * Measures recall and intent on a built site at once, each distinct query searched once.
 * @param {{ dist?: string, queries?: string[], cases?: typeof INTENT_CASES, chrome?: string, bytes?: boolean,
 *   parallel?: number }} [options] dist: the built site's folder (default the worktree's dist/); queries: the recall
 *   queries (QUERIES); cases: the intent cases (INTENT_CASES); chrome: Chromium's path; bytes: measure what a
 *   first-time visitor downloads per query (a fresh browser context each; default true), else the byte fields are
 *   null; parallel: tabs at once (PARALLEL_TABS)
 * @returns {Promise<{ recall: Awaited<ReturnType<typeof measureRecall>>, intent: Awaited<ReturnType<typeof measureIntent>> }>}
 */
export async function measureSearch({
  dist = DEFAULT_DIST,
  queries = QUERIES,
  cases = INTENT_CASES,
  chrome = chromiumPath(),
  bytes = true,
  parallel = PARALLEL_TABS,
} = {}) {
  const all = [...new Set([...queries, ...cases.flatMap((item) => [item.query, ...(item.same ? [item.same] : [])])])];
  const fragmentUrls = await readFragmentUrls(dist);
  const lang = /<html[^>]*\slang="([^"]+)"/.exec(await readFile(join(dist, 'search', 'index.html'), 'utf8'))?.[1] ?? '';
  const siteSearch = await siteSearchModules();
  const site = await serveSite({ dist, portalUrl: 'http://127.0.0.1:9' });
  const browser = await chromium.launch({ executablePath: chrome, args: CHROMIUM_ARGS });
  try {
    // Truth: the indexed text of every page, extracted by the browser's own HTML parser.
    const texts = await indexedTexts(browser, dist);
    const answers = await searchAll({ browser, setup: { url: site.url, lang, siteSearch }, queries: all, bytes, parallel, fragmentUrls });
    const rows = new Map(all.map((query) => [query, reportRow(query, texts, answers.get(query))]));
    return {
      recall: recallReport(
        texts.size,
        queries.map((query) => rows.get(query)),
      ),
      intent: intentReport(cases, (query) => rows.get(query)),
    };
  } finally {
    await browser.close();
    await site.close();
  }
}

/**
 * Measures recall on a built site (measureSearch without the intent cases).
 * @param {{ dist?: string, queries?: string[], chrome?: string, bytes?: boolean, parallel?: number }} [options]
 * @returns {Promise<{ pages: number, overall: number, truthTotal: number, hitTotal: number, top: number,
 *   queries: Array<{ query: string, truth: number, found: number, hits: number, recall: number | null,
 *   precisionAtK: number, fallback: string | null, missed: string[], indexBytes: number | null,
 *   searchBytes: number | null, files: Record<string, number> | null, first: string | null, firstTitle: string,
 *   topThree: string[], firstTen: string[], results: number }> }>} bytes in bytes (gzip as served), null without
 *   `bytes`; topThree: the first three results' paths; firstTen: the first page's, `✗` before one not in the truth
 */
export async function measureRecall(options = {}) {
  return (await measureSearch({ ...options, cases: [] })).recall;
}

/**
 * The intent measure over a built site (measureSearch without the recall queries): for each case of INTENT_CASES,
 * whether its first result is relevant and whether it shows none.
 * @param {{ dist?: string, cases?: typeof INTENT_CASES, chrome?: string, bytes?: boolean, parallel?: number }} [options]
 * @returns {Promise<{ relevantFirst: number, zeroResults: number, cases: Array<{ query: string, kind: string,
 *   first: string | null, firstTitle: string, results: number, relevant: boolean, searchBytes: number | null }> }>}
 *   the two rates in [0, 1]
 */
export async function measureIntent({ cases = INTENT_CASES, ...options } = {}) {
  return (await measureSearch({ ...options, queries: [], cases })).intent;
}

/** Bytes as KB of 1,024 with one decimal, `—` when not measured. */
const kb = (bytes) => (bytes === null ? '—' : (bytes / 1024).toFixed(1));

/** The report as a plain-text table. */
export function formatReport(result, { verbose = false } = {}) {
  const lines = [`${result.pages} indexed pages; recall = pages found that contain the query / pages that contain it`, ''];
  lines.push(['query'.padEnd(14), 'truth', 'found', ' hits', 'recall', ' prec', 'index KB', 'search KB'].join('  '));
  for (const row of result.queries) {
    const recall = row.recall === null ? '   —  ' : row.recall.toFixed(3).padStart(6);
    lines.push(
      [
        row.query.padEnd(14 - [...row.query].filter((c) => c.charCodeAt(0) > 0x2e80).length),
        String(row.truth).padStart(5),
        String(row.found).padStart(5),
        String(row.hits).padStart(5),
        recall,
        row.precisionAtK === null ? '    —' : row.precisionAtK.toFixed(2).padStart(5),
        kb(row.indexBytes).padStart(8),
        kb(row.searchBytes).padStart(9),
        row.fallback === null ? '' : `→ ${row.fallback}`,
      ].join('  '),
    );
    if (verbose && row.missed.length > 0) lines.push(`    missed: ${row.missed.join(' ')}`);
  }
  lines.push('', `overall recall (micro-average): ${result.overall.toFixed(3)} (${result.hitTotal}/${result.truthTotal})`);
  lines.push(`precision of the first page (mean over queries; no-match queries right when empty): ${result.top.toFixed(3)}`);
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      dist: { type: 'string' },
      json: { type: 'boolean', default: false },
      min: { type: 'string' },
      verbose: { type: 'boolean', default: false },
    },
  });
  const result = await measureRecall({
    ...(values.dist ? { dist: values.dist } : {}),
    ...(positionals.length > 0 ? { queries: positionals } : {}),
  });
  console.log(values.json ? JSON.stringify(result, null, 2) : formatReport(result, { verbose: values.verbose }));
  if (values.min !== undefined && result.overall < Number(values.min)) {
    console.error(`Recall ${result.overall.toFixed(3)} is below ${values.min}.`);
    process.exitCode = 1;
  }
}
