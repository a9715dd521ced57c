#!/usr/bin/env node
/**
 * A probe of the site search drawn from the built site itself, not from the visitor query set: every FAQ item of the
 * index (SEARCH_QUESTION_RECORDS of src/site/search-terms.ts) searched by its question whole and by the question's
 * first clause alone (up to its first ？ or ，: 可以中途解約嗎？保費怎麼退？ → 可以中途解約嗎), as a visitor types part
 * of what an insurer wrote. How many items come first and in the first three for each, and which first clauses miss.
 * It needs no query file, so a change can be judged on it while the held-out half stays unread (the bench README's
 * search section, scripts/bench/search-queries/README.md "Folds").
 *
 *   node scripts/bench/search-queries-probe.mjs [--dist dist] [--misses]
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { unspaceHan } from '../../src/browser/search-text.ts';
import { SEARCH_QUESTION_RECORDS } from '../../src/site/search-terms.ts';
import { measureSearch } from '../search-recall.mjs';

/** Shortest first clause searched, in characters (shorter ones name no question). */
const CLAUSE_MIN_LENGTH = 4;

/** A site path as a result row gives it: no trailing slash before the fragment or the end. */
const sitePath = (url) => decodeURI(url).replace(/\/+(?=#|$)/, '') || '/';

/**
 * The FAQ items of a built index: their path (`/faq/3#faq-171`) and question.
 * @param {string} dist the built site's folder
 * @returns {Promise<{ path: string, question: string }[]>}
 */
export async function faqItems(dist) {
  const folder = join(dist, 'pagefind', 'fragment');
  const items = [];
  for (const name of await readdir(folder)) {
    const raw = gunzipSync(await readFile(join(folder, name))).toString('utf8');
    if (!raw.startsWith('pagefind_dcd')) continue;
    const fragment = JSON.parse(raw.slice('pagefind_dcd'.length));
    for (const page of typeof fragment.url === 'string' ? [fragment] : Object.values(fragment)) {
      const path = typeof page?.url === 'string' ? sitePath(page.url) : '';
      if (SEARCH_QUESTION_RECORDS.test(path) && page.meta?.title) items.push({ path, question: unspaceHan(page.meta.title).trim() });
    }
  }
  return items.sort((a, b) => (a.path < b.path ? -1 : 1));
}

/**
 * The probe's figures on a built site.
 * @param {{ dist: string }} options
 * @returns {Promise<Record<'whole' | 'clause', { queries: number, first: number, firstThree: number, misses: string[] }>>}
 */
export async function probeFaqQuestions({ dist }) {
  const items = await faqItems(dist);
  const kinds = {
    whole: items.map((item) => ({ query: item.question, path: item.path })),
    clause: items
      .map((item) => ({ query: item.question.split(/[？?，,]/)[0].trim(), path: item.path }))
      .filter((entry) => Array.from(entry.query).length >= CLAUSE_MIN_LENGTH),
  };
  const queries = [...new Set(Object.values(kinds).flatMap((list) => list.map((entry) => entry.query)))];
  const { recall } = await measureSearch({ dist, queries, cases: [], bytes: false });
  const rows = new Map(recall.queries.map((row) => [row.query, row]));
  const figures = {};
  for (const [kind, list] of Object.entries(kinds)) {
    const first = list.filter((entry) => rows.get(entry.query)?.first === entry.path);
    figures[kind] = {
      queries: list.length,
      first: first.length,
      firstThree: list.filter((entry) => rows.get(entry.query)?.topThree.includes(entry.path)).length,
      misses: list
        .filter((entry) => !first.includes(entry))
        .map((entry) => `${entry.query} (${entry.path}) → ${rows.get(entry.query)?.first ?? '(none)'}`),
    };
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      dist: { type: 'string', default: fileURLToPath(new URL('../../dist/', import.meta.url)) },
      misses: { type: 'boolean', default: false },
    },
  });
  const figures = await probeFaqQuestions({ dist: values.dist });
  for (const [kind, result] of Object.entries(figures)) {
    console.log(`FAQ questions, ${kind}: ${result.queries}; item first ${result.first}, in the first three ${result.firstThree}`);
    if (values.misses) for (const miss of result.misses) console.log(`  miss: ${miss}`);
  }
}
