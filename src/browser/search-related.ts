/**
 * A query word the answering record does not write (REFERENCE.md "Site search"): a visitor types 出境 where the FAQ
 * answer says 國外, 看病 where it says 就醫. The lexicon's `related` table (src/integrations/search-related.ts: for each
 * character pair few records hold, the question vocabulary's pairs its records write beside it far above chance,
 * computed from the index's own texts) gives each such pair of a query term its related words; they become the term's
 * alternatives of lesser weight (RELATED_WEIGHT of a record's share, search-rank.ts scoreRecords), at most
 * RELATED_MAX_TERMS per term, and only within the query's chunk budget (search-words.ts withinChunks), so a first search
 * loads few more index chunks.
 *
 * This module imports nothing at run time (the recall tool serves it to the browser as it is).
 */

import type { SearchLexicon } from './search-source.ts';

/** Share of a record's evidence that a related word counts for, against the term's own words. Site choice. */
export const RELATED_WEIGHT = 0.5;
/** Most related words a query term is expanded with (index chunks per query). Site choice. */
export const RELATED_MAX_TERMS = 2;

const HAN_RUN = /\p{Script=Han}+/gu;

/**
 * The related words of a query term (module comment): the related pairs of its character pairs, each pair's best
 * first, then their second; none the term holds.
 * @param term a query term (folded)
 * @param related the lexicon's `related` table (absent on an older lexicon: no related words)
 * @returns up to RELATED_MAX_TERMS pairs, strongest first
 */
export function relatedTerms(term: string, related: SearchLexicon['related']): string[] {
  if (!related) return [];
  const lists: string[][] = [];
  for (const run of term.match(HAN_RUN) ?? []) {
    const characters = Array.from(run);
    for (let i = 0; i + 1 < characters.length; i += 1) {
      const list = related[characters[i]! + characters[i + 1]!];
      if (list) lists.push(list);
    }
  }
  const found: string[] = [];
  for (let rank = 0; found.length < RELATED_MAX_TERMS && lists.some((list) => rank < list.length); rank += 1) {
    for (const list of lists) {
      const word = list[rank];
      if (word !== undefined && !term.includes(word) && !found.includes(word) && found.length < RELATED_MAX_TERMS) found.push(word);
    }
  }
  return found;
}
