/**
 * How densely a record holds each of the query's concepts, from Pagefind's own BM25 (REFERENCE.md "Site search"):
 * the scores of search-rank.ts say which records hold a concept's pairs, never how often nor in how long a text, so
 * a long news body that holds two of a question's words once each ties with a short FAQ answer about both. Pagefind's
 * search of a concept's characters (not a phrase: every record holding them all) ranks with term frequency and the
 * record's length (its metadata holds each page's word count), which is that missing evidence, at no byte's cost:
 * the characters' index chunks are loaded by the scores already.
 *
 * This module imports nothing at run time but search-source.ts (the recall tool serves it to the browser as it is).
 */

import { type PagefindSearch, wordsQuery } from './search-source.ts';

/**
 * Share of a concept's weight added to the record that holds the concept most densely of all records (Pagefind's best
 * score for the concept's characters); others in proportion to their score. Site choice, measured by the search
 * bench (`--half tune`): 0.5 and 2 gave 2 and 1 fewer relevant first results than 1.
 */
export const DENSITY_WEIGHT = 1;

/**
 * Fewest concepts a query needs for the density to count. With one or two, the records holding them are already told
 * apart by their rarity and place (search-rank.ts, site-search.ts), and Pagefind's densest record of a common word
 * (保單) is merely a short text that repeats it: on the search bench's tune half, the density counted for every query
 * lost four short queries their relevant first result (保單弄丟了), against none from three concepts up. Site choice.
 */
export const DENSITY_MIN_CONCEPTS = 3;

/**
 * Weighs up the records by how densely they hold each concept (module comment): a record gets DENSITY_WEIGHT × the
 * concept's weight × its Pagefind score for the concept over the best record's, its best over the concept's ways of
 * writing it; nothing for a query of fewer than DENSITY_MIN_CONCEPTS concepts.
 * @param pagefind Pagefind's loaded API
 * @param scored the records found, weighed in place (their `score`)
 * @param concepts per concept, its ways of writing it (the term first)
 * @param weights per concept, its weight (search-rank.ts conceptWeights)
 * @returns nothing; Pagefind's errors propagate
 */
export async function weighDensity(
  pagefind: PagefindSearch,
  scored: { id: string; score: number }[],
  concepts: readonly { alternatives: readonly string[] }[],
  weights: readonly number[],
): Promise<void> {
  if (concepts.length < DENSITY_MIN_CONCEPTS) return;
  const density = await Promise.all(
    concepts.map(async (concept) => {
      const best = new Map<string, number>();
      const answers = await Promise.all(concept.alternatives.map((text) => pagefind.search(wordsQuery(text))));
      for (const answer of answers) {
        const results = answer?.results ?? [];
        const top = Math.max(0, ...results.map((result) => result.score ?? 0));
        if (top <= 0) continue;
        for (const result of results) best.set(result.id, Math.max(best.get(result.id) ?? 0, (result.score ?? 0) / top));
      }
      return best;
    }),
  );
  for (const entry of scored) {
    entry.score += DENSITY_WEIGHT * density.reduce((sum, best, c) => sum + (best.get(entry.id) ?? 0) * weights[c]!, 0);
  }
}
