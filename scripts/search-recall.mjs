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
 * - precision (target ≥ 0.95): the share of truth pages among the first k results, k = the results on the first page
 *   (min(|found|, SEARCH_PAGE_SIZE)); for a query no page contains, 1 when it shows no results, else 0; per query
 *   and averaged over all queries (`top`). `fallback` is the shorter query whose results the empty state offers;
 * - bytes: what a visitor downloads under /pagefind/ for one search in a fresh browser (the loader and its
 *   worker, gzipped as the host serves them; the wasm; the index chunks of the query; the fragments of the first
 *   SEARCH_PAGE_SIZE results), and the index chunks alone.
 *
 *   node scripts/search-recall.mjs [--dist dist] [--json] [--min 0.95] [--verbose] [query …]
 *
 * Prints a table and the overall recall; `--json` prints the report as JSON; `--min` exits 1 below it;
 * `--verbose` lists the pages each query missed. Also imported by tests/site/search-recall.test.ts and the
 * benchmark (`measureRecall`).
 */
import { readdir, readFile } from 'node:fs/promises';
import { stripTypeScriptTypes } from 'node:module';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { queryTerms } from '../src/browser/site-search.ts';
import { SEARCH_INDEX_EXCLUDE, SEARCH_PAGE_SIZE } from '../src/site/limits.ts';
import { CHROMIUM_ARGS, chromiumPath } from './lib/system.mjs';
import { serveSite } from './serve.mjs';

/** Queries of QUERIES that no page contains: the search is right when it shows no results. */
export const NO_MATCH_QUERIES = [
  'xyzzy不存在',
  'xyzzyqwv',
  '火星保險',
  '寵物險理賠',
  '量子糾纏',
  '不存在的頁面',
  '恐龍',
  'zzqx',
  '太空旅行險',
  '比特幣',
];

/**
 * Queries visitors type (three times the first set, to measure precision too): products, services, topics;
 * words of three and four characters; place names of the locations pages; product names; queries no page
 * contains (NO_MATCH_QUERIES); the overlay's three recommended searches last.
 */
export const QUERIES = [
  // Two characters.
  '理賠',
  '繳費',
  '颱風',
  '地震',
  '台中',
  '申訴',
  '個資',
  '優惠',
  '得獎',
  '保費',
  '通譯',
  '高雄',
  '永續',
  '失能',
  '車禍',
  '竊盜',
  '詐騙',
  '出險',
  '續保',
  '核保',
  '退費',
  '保全',
  '報案',
  '拖吊',
  '自負額',
  '台北',
  '台南',
  '新竹',
  '花蓮',
  '澎湖',
  // Three characters.
  '機車險',
  '汽車險',
  '旅平險',
  '強制險',
  '要保書',
  '傷害險',
  '信用卡',
  '住宅險',
  '地震險',
  '火災險',
  '責任險',
  '不便險',
  '電子式',
  '保險證',
  '受益人',
  '被保險',
  '受害人',
  '桃園市',
  '彰化縣',
  '屏東縣',
  '台東縣',
  '宜蘭縣',
  '中山路',
  '通訊處',
  '分公司',
  '服務處',
  '營業時間',
  '免付費',
  // Four characters and longer.
  '保單變更',
  '服務據點',
  '公平待客',
  '文件下載',
  '住宅火險',
  '微型保險',
  '車險理賠',
  '客服專線',
  '人才招募',
  '農業保險',
  '理賠申請',
  '保單查詢',
  '汽車保險',
  '機車保險',
  '颱風洪水',
  '旅行平安',
  '班機延誤',
  '行李延誤',
  '海外急難',
  '道路救援',
  '第三人責任',
  '電動自行車',
  '旅遊不便險',
  '行動身分識別',
  '理賠文件',
  '線上投保',
  '網路投保',
  '電子保單',
  '個人資料',
  '隱私權',
  '消費者保護',
  '防制洗錢',
  '利害關係人',
  '公司治理',
  '財務業務',
  '資訊公開',
  '交通事故',
  '酒駕',
  '理賠聯盟鏈',
  '通譯服務',
  '預約服務',
  '聯絡我們',
  '投保年齡',
  '醫療',
  '保險金',
  '身故',
  '常見問題',
  '最新消息',
  '活動專區',
  '優惠專區',
  // Product names (the product pages' titles).
  '住宅保險',
  '住宅地震基本保險',
  '傷害健康保險',
  '商業火災保險',
  '工程保險',
  '強制汽車責任保險',
  '旅行平安保險',
  '貨物運輸保險',
  '責任保險',
  '電動自行車保險',
  '二輪車',
  '微型電動二輪車',
  // Mixed and spaced queries.
  '機車險 理賠',
  '汽車險 自負額',
  '旅平險 班機延誤',
  '颱風 理賠',
  '0800',
  'ESG',
  'App',
  '2025',
  // Queries no page contains.
  ...NO_MATCH_QUERIES,
  // The overlay's recommended searches (spec §2).
  '理賠新政策',
  '機車險怎麼保?',
  '繳費逾期怎麼補單',
];

/** Results on the first page of /search. */
const FIRST_PAGE = SEARCH_PAGE_SIZE;

/** The comparable form of a text: NFKC (full-width ？ = ?), lower case, white space collapsed. */
export const normalizeText = (text) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ');

/** Site path of an HTML file of dist/ (`news/detail/1/index.html` → `/news/detail/1`). */
function pagePath(dist, file) {
  const path = `/${relative(dist, file).split(sep).join('/')}`.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '');
  return path === '' ? '/' : path;
}

/** Pagefind's result URL as a site path (`/news/detail/1/` → `/news/detail/1`). */
const resultPath = (url) => {
  const path = decodeURI(url)
    .replace(/\/index\.html$/, '')
    .replace(/\.html$/, '');
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
};

async function htmlFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !file.includes(`${sep}pagefind${sep}`));
}

/**
 * The page URL of each Pagefind fragment in dist/pagefind/fragment/, by fragment id (a result's `id`): a fragment
 * file is gzip of `pagefind_dcd` + JSON, one page (`{ url, … }`) or, on large sites, a group of them by id.
 * @returns {Promise<Map<string, string>>}
 */
async function readFragmentUrls(dist) {
  const folder = join(dist, 'pagefind', 'fragment');
  const urls = new Map();
  for (const name of await readdir(folder)) {
    const raw = gunzipSync(await readFile(join(folder, name))).toString('utf8');
    if (!raw.startsWith('pagefind_dcd')) continue;
    const fragment = JSON.parse(raw.slice('pagefind_dcd'.length));
    if (typeof fragment.url === 'string') urls.set(name.replace(/\.pf_fragment$/, ''), fragment.url);
    else for (const [id, page] of Object.entries(fragment)) if (typeof page?.url === 'string') urls.set(id, page.url);
  }
  return urls;
}

/**
 * Runs in the page: the text Pagefind indexes of each HTML document (null when it has no data-pagefind-body),
 * following Pagefind 1.x's parser (pagefind/src/fossick/parser.rs): inside the body element, the elements it
 * removes (nav, form, label, footer, svg, iframe, script, style, noscript, template), `data-pagefind-ignore` ones
 * and those matching the build's exclude selectors (SEARCH_INDEX_EXCLUDE) are skipped; sentence elements (headings, p, div, li, td, …) and `br` separate words; other elements join
 * their text to their neighbours'.
 */
function extractIndexedText({ documents, exclude }) {
  const REMOVED = new Set(['head', 'style', 'script', 'noscript', 'label', 'form', 'svg', 'footer', 'nav', 'iframe', 'template']);
  const SENTENCE = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'td', 'div', 'ul', 'li', 'dl', 'dt', 'dd', 'article', 'section']);
  const parser = new DOMParser();
  return documents.map((html) => {
    const body = parser.parseFromString(html, 'text/html').querySelector('[data-pagefind-body]');
    if (!body) return null;
    let text = '';
    const walk = (node) => {
      if (node.nodeType === Node.TEXT_NODE) {
        text += node.textContent;
        return;
      }
      if (node.nodeType !== Node.ELEMENT_NODE) return;
      const name = node.localName;
      if (REMOVED.has(name) || node.hasAttribute('data-pagefind-ignore') || exclude.some((selector) => node.matches(selector))) return;
      if (name === 'br') text += ' ';
      const sentence = SENTENCE.has(name);
      if (sentence) text += ' ';
      for (const child of node.childNodes) walk(child);
      if (sentence) text += ' ';
    };
    for (const child of body.childNodes) walk(child);
    return text;
  });
}

/**
 * Measures recall on a built site.
 * @param {{ dist?: string, queries?: string[], chrome?: string }} [options]
 * @returns {Promise<{ pages: number, overall: number, truthTotal: number, hitTotal: number, top: number,
 *   queries: Array<{ query: string, truth: number, found: number, hits: number, recall: number | null,
 *   precisionAtK: number, fallback: string | null, missed: string[], indexBytes: number, searchBytes: number }> }>}
 */
export async function measureRecall({ dist = fileURLToPath(new URL('../dist/', import.meta.url)), queries = QUERIES, chrome = chromiumPath() } = {}) {
  const files = await htmlFiles(dist);
  const fragmentUrls = await readFragmentUrls(dist);
  const lang = /<html[^>]*\slang="([^"]+)"/.exec(await readFile(join(dist, 'search', 'index.html'), 'utf8'))?.[1] ?? '';
  // The site's own ranking rule (src/browser/site-search.ts, no run-time imports), its types stripped, served to the page.
  const siteSearch = stripTypeScriptTypes(await readFile(new URL('../src/browser/site-search.ts', import.meta.url), 'utf8'));
  const site = await serveSite({ dist, portalUrl: 'http://127.0.0.1:9' });
  const browser = await chromium.launch({ executablePath: chrome, args: CHROMIUM_ARGS });
  try {
    // Truth: the indexed text of every page, extracted by the browser's own HTML parser.
    const parsePage = await browser.newPage();
    await parsePage.goto('about:blank');
    /** @type {Map<string, string>} */
    const texts = new Map();
    for (let i = 0; i < files.length; i += 50) {
      const batch = files.slice(i, i + 50);
      const sources = await Promise.all(batch.map((file) => readFile(file, 'utf8')));
      const extracted = await parsePage.evaluate(extractIndexedText, { documents: sources, exclude: [...SEARCH_INDEX_EXCLUDE] });
      extracted.forEach((text, j) => {
        if (text !== null) texts.set(pagePath(dist, batch[j]), normalizeText(text));
      });
    }
    await parsePage.close();

    const report = [];
    for (const query of queries) {
      const needles = queryTerms(normalizeText(query));
      const truth = new Set(
        [...texts].filter(([, text]) => needles.length > 0 && needles.every((needle) => text.includes(needle))).map(([path]) => path),
      );
      // A fresh context per query: an empty cache, so the bytes are what a first-time visitor downloads.
      const context = await browser.newContext();
      const page = await context.newPage();
      /** @type {import('playwright-core').Response[]} */
      const responses = [];
      let counting = true;
      page.on('response', (response) => {
        if (counting && new URL(response.url()).pathname.startsWith('/pagefind/')) responses.push(response);
      });
      // A blank page of the site's origin and language (Pagefind segments a Chinese query by the page's lang):
      // nothing but Pagefind is loaded.
      await page.route(`${site.url}/__search-recall`, (route) =>
        route.fulfill({ contentType: 'text/html; charset=utf-8', body: `<!doctype html><html lang="${lang}"><title>recall</title></html>` }),
      );
      await page.goto(`${site.url}/__search-recall`);
      // What a visitor's search costs: load Pagefind, search, read the first page of results. (Loaded by a
      // module script, not an import() in the evaluated function, which a test runner's transform would rewrite.)
      await page.route(`${site.url}/__site-search.js`, (route) => route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: siteSearch }));
      await page.addScriptTag({
        type: 'module',
        content: "window.__site = await import('/__site-search.js'); window.__pagefind = await import('/pagefind/pagefind.js');",
      });
      await page.waitForFunction(() => window.__pagefind !== undefined);
      const { firstUrls, fallback } = await page.evaluate(
        async ({ query, firstPage }) => {
          const search = await window.__site.searchSite(window.__pagefind, query);
          window.__results = search.results;
          const first = await Promise.all(window.__results.slice(0, firstPage).map((result) => result.data()));
          return { firstUrls: first.map((data) => data.url), fallback: search.fallback?.query ?? null };
        },
        { query, firstPage: FIRST_PAGE },
      );
      counting = false;
      let searchBytes = 0;
      let indexBytes = 0;
      for (const response of responses) {
        const body = await response.body().catch(() => Buffer.alloc(0));
        // Index, fragments and wasm are gzip files already; the host gzips the loader scripts and JSON.
        const size = /\.(js|json)$/.test(new URL(response.url()).pathname) ? gzipSync(body).length : body.length;
        searchBytes += size;
        if (new URL(response.url()).pathname.startsWith('/pagefind/index/')) indexBytes += size;
      }
      // The other results' pages, by fragment id from dist/ (data() only for an id not found there).
      const restIds = await page.evaluate((firstPage) => window.__results.slice(firstPage).map((result) => result.id), FIRST_PAGE);
      const unknown = restIds.filter((id) => !fragmentUrls.has(id));
      const unknownUrls = await page.evaluate(
        async (ids) =>
          Promise.all(window.__results.filter((result) => ids.includes(result.id)).map(async (result) => [result.id, (await result.data()).url])),
        unknown,
      );
      for (const [id, url] of unknownUrls) fragmentUrls.set(id, url);
      const urls = [...firstUrls, ...restIds.map((id) => fragmentUrls.get(id))];
      await context.close();
      const ranked = urls.map(resultPath);
      const found = new Set(ranked);
      const hits = [...truth].filter((path) => found.has(path));
      const k = Math.min(ranked.length, FIRST_PAGE);
      report.push({
        query,
        truth: truth.size,
        found: found.size,
        hits: hits.length,
        recall: truth.size === 0 ? null : hits.length / truth.size,
        // Share of the first page's results that contain the query; no results is right exactly when no page does.
        precisionAtK: k === 0 ? (truth.size === 0 ? 1 : 0) : ranked.slice(0, k).filter((path) => truth.has(path)).length / k,
        fallback,
        missed: [...truth].filter((path) => !found.has(path)).sort(),
        indexBytes,
        searchBytes,
      });
    }
    const truthTotal = report.reduce((sum, row) => sum + row.truth, 0);
    const hitTotal = report.reduce((sum, row) => sum + row.hits, 0);
    const top = report.reduce((sum, row) => sum + row.precisionAtK, 0) / report.length;
    return { pages: texts.size, overall: truthTotal === 0 ? 1 : hitTotal / truthTotal, truthTotal, hitTotal, top, queries: report };
  } finally {
    await browser.close();
    await site.close();
  }
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

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
