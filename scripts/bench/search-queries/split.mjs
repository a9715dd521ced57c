#!/usr/bin/env node
/**
 * Splits the answerable queries of the search bench into its two halves, `tune.json` and `heldout.json`, at random
 * but the same on every machine (SPLIT_SEED of queries.mjs): per kind, the cases in code point order of their query
 * are shuffled (Fisher–Yates with mulberry32) and dealt alternately, each kind starting with the half that has fewer
 * cases so far, so both halves hold every kind in about equal numbers.
 *
 *   node scripts/bench/search-queries/split.mjs [new-cases.json]
 *
 * Reads both halves (and the new cases of the file given, in the same format), writes both halves again, and prints
 * only the number of cases per kind and half: never a query, so it can be run while the search is being tuned.
 * @throws {Error} on a case of an unknown kind or a query found twice.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { QUERY_KINDS, SPLIT_SEED, queryFileUrl } from './queries.mjs';

/** mulberry32: a small seeded generator of floats in [0, 1). */
function mulberry32(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The two halves of a list of cases.
 * @template {{ kind: string, query: string }} T
 * @param {T[]} cases
 * @returns {{ tune: T[], heldout: T[] }}
 */
export function splitQueries(cases) {
  const seen = new Set();
  for (const entry of cases) {
    if (!QUERY_KINDS.includes(entry.kind)) throw new Error(`Query set: a case of kind "${entry.kind}", none of ${QUERY_KINDS.join(', ')}.`);
    const key = entry.query.normalize('NFKC');
    if (seen.has(key)) throw new Error('Query set: a query is there twice.');
    seen.add(key);
  }
  const random = mulberry32(SPLIT_SEED);
  /** @type {{ tune: T[], heldout: T[] }} */
  const halves = { tune: [], heldout: [] };
  for (const kind of QUERY_KINDS) {
    const own = cases.filter((entry) => entry.kind === kind).sort((a, b) => (a.query < b.query ? -1 : a.query > b.query ? 1 : 0));
    for (let i = own.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [own[i], own[j]] = [own[j], own[i]];
    }
    const first = halves.tune.length <= halves.heldout.length ? 'tune' : 'heldout';
    const second = first === 'tune' ? 'heldout' : 'tune';
    own.forEach((entry, index) => halves[index % 2 === 0 ? first : second].push(entry));
  }
  return halves;
}

const read = (url) => (existsSync(url) ? JSON.parse(readFileSync(url, 'utf8')) : []);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const extra = process.argv[2] ? JSON.parse(readFileSync(process.argv[2], 'utf8')) : [];
  const halves = splitQueries([...read(queryFileUrl('tune')), ...read(queryFileUrl('heldout')), ...extra]);
  for (const [name, cases] of Object.entries(halves)) {
    writeFileSync(queryFileUrl(name), `${JSON.stringify(cases, null, 2)}\n`);
    const counts = QUERY_KINDS.map((kind) => `${kind} ${cases.filter((entry) => entry.kind === kind).length}`);
    console.log(`${name}: ${cases.length} (${counts.join(', ')})`);
  }
}
