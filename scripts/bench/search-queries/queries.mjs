/**
 * The visitor query set of the search bench (README.md beside this file): two halves, `tune` and `heldout`, of
 * queries with the pages that answer them, a `blind` set written apart from both (its fold `a` may be read, its fold
 * `b` only as figures), and a small `unanswerable` list. The held-out half is never read while the search is tuned;
 * the bench reads it only to report aggregate figures.
 *
 * A case: `{ kind, query, pages, faqs }` (the blind set's also `fold`), `kind` one of QUERY_KINDS, `pages` site paths that answer the query
 * (`/insurance/detail/1`, `/news/detail/74`, `/claim`), `faqs` the FAQ items that answer it, `{ id, page }` with `page`
 * the FAQ category page that holds the item (`/faq/3` or `/faq/3/2`).
 */
import { readFileSync } from 'node:fs';

/** The six kinds of query, in the order the bench reports them. */
export const QUERY_KINDS = ['faq question', 'visitor question', 'colloquial', 'mainland', 'headline', 'short name'];

/** The halves of the split, the blind set, and the list of queries the site has no answer to. */
export const QUERY_FILES = ['tune', 'heldout', 'blind', 'fresh', 'fresh2', 'unanswerable'];

/** The query files that split into folds (selectFold): fold `a` is read while tuning, fold `b` only as figures. */
export const FOLDED_FILES = ['tune', 'blind'];

/** Seed of the split of the answerable queries into the two halves (split.mjs). */
export const SPLIT_SEED = 20261129;

/** The path of a query file (QUERY_FILES), a URL beside this module. */
export const queryFileUrl = (name) => new URL(`./${name}.json`, import.meta.url);

/**
 * The cases of one file.
 * @param {'tune' | 'heldout' | 'blind' | 'fresh' | 'fresh2' | 'unanswerable'} name
 * @returns {{ kind?: string, query: string, pages?: string[], faqs?: { id: number, page: string }[] }[]}
 * @throws {Error} when the name is not one of QUERY_FILES, or the file is missing or not JSON.
 */
export function readQueries(name) {
  if (!QUERY_FILES.includes(name)) throw new Error(`Query set: "${name}" is none of ${QUERY_FILES.join(', ')}.`);
  return JSON.parse(readFileSync(queryFileUrl(name), 'utf8'));
}

/**
 * The answers of a case as the links a result may carry: its pages, and each FAQ item as its category page with the
 * item's fragment (`/faq/3#faq-171`, the anchor of src/sections/faq.ts faqAnchor for a plain id). A result that is the
 * item itself, or that opens it, is relevant; the bench decides whether the bare category page also counts.
 * @param {{ pages?: string[], faqs?: { id: number, page: string }[] }} entry
 * @returns {string[]}
 */
export function answerLinks(entry) {
  return [...(entry.pages ?? []), ...(entry.faqs ?? []).map((faq) => `${faq.page}#faq-${faq.id}`)];
}

/** The folds of the tune half (selectFold): `a` is tuned on, `b` is read only as figures. */
export const FOLDS = /** @type {const} */ (['a', 'b']);

/** FNV-1a (32 bits) of a text's UTF-16 code units: a hash that is the same on every machine. */
function fnv1a(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/**
 * One fold of a half: per kind, the cases in order of the hash of their NFKC query (ties by the query), dealt
 * alternately to `a` and `b`, so both folds hold every kind in about equal numbers and a case stays in its fold while
 * its kind's cases stay the same. The tune half is developed on fold `a`; fold `b` estimates how a change generalizes
 * (README.md beside this file), so only its figures are read. Cases that all name their `fold` (the blind set) keep it.
 * @template {{ kind?: string, query: string, fold?: string }} T
 * @param {T[]} cases
 * @param {'a' | 'b'} fold
 * @returns {T[]} the fold's cases, in the half's order
 * @throws {Error} when the fold is not one of FOLDS.
 */
export function selectFold(cases, fold) {
  if (!FOLDS.includes(fold)) throw new Error(`Query set: fold "${fold}" is none of ${FOLDS.join(', ')}.`);
  // A file whose cases name their fold (the blind set, dealt when it was written) keeps it: dealing again after a case
  // left would move cases whose misses were read into fold b.
  if (cases.length > 0 && cases.every((entry) => FOLDS.includes(entry.fold))) return cases.filter((entry) => entry.fold === fold);
  const chosen = new Set();
  for (const kind of new Set(cases.map((entry) => entry.kind ?? 'other'))) {
    const keyed = cases
      .filter((entry) => (entry.kind ?? 'other') === kind)
      .map((entry) => ({ entry, key: entry.query.normalize('NFKC') }))
      .sort((x, y) => fnv1a(x.key) - fnv1a(y.key) || (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
    keyed.forEach(({ entry }, index) => {
      if (FOLDS[index % 2] === fold) chosen.add(entry);
    });
  }
  return cases.filter((entry) => chosen.has(entry));
}
