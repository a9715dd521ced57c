/**
 * The verbs of a visitor's question phrases (REFERENCE.md "Site search"): the rewrites know a few phrases of a
 * question word and a one-character verb (怎麼買 and 哪裡買 → 投保, 怎麼賠 → 理賠, 怎麼退 → 退保), but visitors ask
 * with every question word (多久買, 何時買, 如何賠, 是否退). The question-word cut of search-query.ts intentTerms drops
 * such a verb as a lone character left between stop words, so the query lost what it asks. Here, a question word
 * followed by a verb that ends its phrase (the query's end, punctuation or another stop word follows) is read as the
 * rewrites' phrase of that verb: 要提前多久買 → 要提前 怎麼買, which the rewrites take to 投保 (set apart by a space, as
 * a term of its own). A verb the rewrites do not know is completed to the one word of the site's question vocabulary
 * (the lexicon's `topics`: character pairs two or more FAQ questions hold) that begins with it, when there is exactly
 * one (要怎麼查 → 查詢; 保 begins many and stays cut away). Nothing is listed per query: the verbs come from the
 * rewrites' own phrases and the FAQ questions, the question words from the stop words.
 *
 * This module imports nothing at run time (the recall tool serves it to the browser as it is).
 */

import type { SearchLexicon } from './search-source.ts';

/** One Han character (the verb of a question phrase). */
const HAN = /^\p{Script=Han}$/u;

/**
 * The verbs of the rewrites' question phrases: each rewrite's word that is a stop word followed by one Han character
 * gives that character's phrase; of several phrases of one verb, the one with most targets (可以退 → 退費 and 退保
 * over 怎麼退 → 退保), then the first in the rewrites' order.
 * @param rewrites the lexicon's rewrites (folded words → the site's terms)
 * @param stopWords the lexicon's stop words (question words, particles)
 * @returns verb → the rewrite's word to read it as (`買` → `怎麼買`)
 */
export function questionVerbs(rewrites: SearchLexicon['rewrites'], stopWords: readonly string[]): Map<string, string> {
  const verbs = new Map<string, { phrase: string; targets: number }>();
  for (const [from, targets] of rewrites) {
    const characters = Array.from(from);
    const verb = characters.at(-1);
    if (verb === undefined || !HAN.test(verb) || !stopWords.includes(characters.slice(0, -1).join(''))) continue;
    const known = verbs.get(verb);
    if (known === undefined || targets.length > known.targets) verbs.set(verb, { phrase: from, targets: targets.length });
  }
  return new Map([...verbs].map(([verb, { phrase }]) => [verb, phrase]));
}

/**
 * The verbs the site's question vocabulary completes: a character that begins exactly one of its pairs whose second
 * character is no stop word (查 → 查詢; 買了 and 買嗎 end in a particle and are not counted).
 * @param topics the lexicon's `topics` (character pairs two or more FAQ questions hold)
 * @param stopWords the lexicon's stop words
 * @returns verb → the pair to read it as (`查` → `查詢`)
 */
export function topicVerbs(topics: readonly string[], stopWords: readonly string[]): Map<string, string> {
  const begun = new Map<string, string[]>();
  for (const pair of topics) {
    const [first, second] = Array.from(pair);
    if (first === undefined || second === undefined || !HAN.test(first) || stopWords.includes(second)) continue;
    begun.set(first, [...(begun.get(first) ?? []), pair]);
  }
  return new Map([...begun].filter(([, pairs]) => pairs.length === 1).map(([verb, pairs]) => [verb, pairs[0]!]));
}

/**
 * A folded query with each question word (a stop word of two characters or more: one character is a particle, 的 or
 * 了, and 理賠的錢多久 asks when, not 多少錢) that is followed by a known verb ending its phrase read as the rewrites'
 * phrase of that verb, set apart by a space (module comment): `旅平險要提前多久買` → `旅平險要提前 怎麼買`. A phrase the rewrites already know
 * (怎麼買, 有沒有賠) and a verb followed by more of the sentence (多久買機票: 買機票 is a term of its own) stay as typed.
 * @param folded a folded query (search-source.ts foldQuery)
 * @param lexicon the lexicon's stop words (longest first, as the build writes them), rewrites and question vocabulary
 * @returns the query, with those phrases replaced; the same string when there is none
 */
export function withQuestionVerbs(folded: string, lexicon: Pick<SearchLexicon, 'stopWords' | 'rewrites' | 'topics'>): string {
  const rewrites = lexicon.rewrites ?? [];
  const verbs = questionVerbs(rewrites, lexicon.stopWords);
  for (const [verb, word] of topicVerbs(lexicon.topics ?? [], lexicon.stopWords)) if (!verbs.has(verb)) verbs.set(verb, word);
  if (verbs.size === 0) return folded;
  const known = new Set(rewrites.map(([from]) => from));
  const characters = Array.from(folded);
  let out = '';
  for (let i = 0; i < characters.length; ) {
    const rest = characters.slice(i).join('');
    const stop = lexicon.stopWords.find((word) => rest.startsWith(word));
    if (stop === undefined) {
      out += characters[i];
      i += 1;
      continue;
    }
    const end = i + Array.from(stop).length;
    const verb = characters[end];
    const phrase = verb === undefined || Array.from(stop).length < 2 ? undefined : verbs.get(verb);
    const after = characters.slice(end + 1).join('');
    const next = characters[end + 1];
    const endsPhrase = next === undefined || !HAN.test(next) || lexicon.stopWords.some((word) => after.startsWith(word));
    if (phrase !== undefined && endsPhrase && !known.has(stop + verb)) {
      // Apart from what precedes it, which could otherwise join the phrase's question word (要 + 怎麼 is 要怎麼).
      out += ` ${phrase}`;
      i = end + 1;
    } else {
      out += stop;
      i = end;
    }
  }
  return out;
}
