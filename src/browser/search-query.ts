/**
 * What a query means (src/browser/site-search.ts ranks with it): its terms, question words and particles set aside
 * (queryTerms, intentTerms, asksQuestion); the pages holding a word (phraseSearcher); typo suggestions from the sounds
 * of the site's words (soundAlikeWords, mayBeMistyped, understand); a term's synonyms and rewrites (termAlternatives,
 * rewritePieces, knownWords); and the best pages a query names (betMatches, bestBets, coveringBets).
 *
 * This module imports nothing at run time but search-source.ts and search-rank.ts (the recall tool,
 * scripts/search-recall.mjs, serves them to the browser, their types stripped).
 */

import { abbreviationsOf, replaceWord, textGrams } from './search-words.ts';
import {
  type LexiconSource,
  type PagefindResult,
  type PagefindSearch,
  phraseQuery,
  type SearchLexicon,
  type SearchSounds,
  type SiteSearch,
} from './search-source.ts';

/** A term finding fewer pages than this is compared with the words that sound like it. Site choice. */
export const SUGGEST_BELOW = 2;
/** How many times more pages a word that sounds alike must find than a term that finds some. Site choice. */
const SUGGEST_FACTOR = 5;
/** Most words tried for a suggestion (each is a search). */
const SUGGEST_MAX_TRIES = 3;
/** Longest term, in characters, that is compared with sound-alike words or cut into parts (each try is a search). */
const UNDERSTOOD_MAX_LENGTH = 12;

/** Characters that separate terms: white space, punctuation and symbols (?, ？, 、, 「」, $, …). */
const SEPARATOR = /[\s\p{P}\p{S}]+/u;
/** A single Han character. */
export const ONE_HAN = /^\p{Script=Han}$/u;

/**
 * The terms of a query: cut at white space, punctuation and symbols, empty parts dropped.
 * @param query a normalized query (src/lib/search.ts normalizeQuery)
 * @returns the terms in order (`機車險怎麼保?` → [`機車險怎麼保`])
 */
export function queryTerms(query: string): string[] {
  return query.split(SEPARATOR).filter((term) => term !== '');
}

/**
 * The meaningful terms of a folded query: queryTerms, each cut at the stop words, which are dropped; a single Han
 * character that such a cut left is dropped too when other terms remain (機車險怎麼保? → [機車險]). A word of `whole`
 * is never cut, though it holds a stop word (賠多少, 不想要, 怎麼退: a visitor's words the rewrites know).
 * @param query a folded query (foldQuery)
 * @param stopWords words to set aside, longest first
 * @param whole words that stay whole (the rewrites' words: knownWords)
 */
export function intentTerms(query: string, stopWords: readonly string[], whole: Iterable<string> = []): string[] {
  const unbroken = [...whole].filter((word) => Array.from(word).length >= 2 && stopWords.some((stop) => word.includes(stop)));
  unbroken.sort((a, b) => b.length - a.length);
  const pieces: { text: string; cut: boolean }[] = [];
  for (const term of queryTerms(query)) {
    const characters = Array.from(term);
    let current = '';
    let cut = false;
    for (let i = 0; i < characters.length; ) {
      const rest = characters.slice(i).join('');
      const keep = unbroken.find((word) => rest.startsWith(word));
      if (keep !== undefined) {
        current += keep;
        i += Array.from(keep).length;
        continue;
      }
      const stop = stopWords.find((word) => rest.startsWith(word));
      if (stop === undefined) {
        current += characters[i];
        i += 1;
        continue;
      }
      if (current !== '') pieces.push({ text: current, cut: true });
      current = '';
      cut = true;
      i += Array.from(stop).length;
    }
    if (current !== '') pieces.push({ text: current, cut });
  }
  const kept = pieces.filter((piece) => !(piece.cut && ONE_HAN.test(piece.text)));
  return (kept.length > 0 ? kept : pieces).map((piece) => piece.text);
}

/** Pages holding one word as written, by id (a phrase search of its spaced characters), memoized per search. */
export type Phrases = (word: string) => Promise<Map<string, PagefindResult>>;

export function phraseSearcher(pagefind: PagefindSearch): Phrases {
  const seen = new Map<string, Promise<Map<string, PagefindResult>>>();
  return (word) => {
    let found = seen.get(word);
    if (!found) {
      found = pagefind.search(phraseQuery(word)).then((answer) => new Map((answer?.results ?? []).map((result) => [result.id, result])));
      seen.set(word, found);
    }
    return found;
  };
}

/** Pages holding a term or one of its synonyms. */
async function termPages(phrases: Phrases, term: string, lexicon: Pick<SearchLexicon, 'synonyms'>): Promise<Map<string, PagefindResult>> {
  const words = [term, ...lexicon.synonyms.filter((group) => group.includes(term)).flat()];
  const pages = new Map<string, PagefindResult>();
  for (const found of await Promise.all([...new Set(words)].map(phrases)))
    for (const [id, result] of found) if (!pages.has(id)) pages.set(id, result);
  return pages;
}

/** The readings of the lexicon's characters: character → its toneless syllables. */
function readingsOf(lexicon: Pick<SearchSounds, 'sounds'>): Map<string, string[]> {
  const readings = new Map<string, string[]>();
  for (const [syllable, characters] of Object.entries(lexicon.sounds)) {
    for (const character of characters) readings.set(character, [...(readings.get(character) ?? []), syllable]);
  }
  return readings;
}

/**
 * The lexicon's words that a visitor may have meant by `term`, most frequent first: of its length, each differing
 * character read the same (理陪 → 理賠), or, from three characters on, one character differing (強置險 → 強制險).
 */
export function soundAlikeWords(term: string, lexicon: SearchSounds): string[] {
  const readings = readingsOf(lexicon);
  const characters = Array.from(term);
  const alike = (a: string, b: string) => (readings.get(a) ?? []).some((syllable) => (readings.get(b) ?? []).includes(syllable));
  return lexicon.words.filter((word) => {
    const letters = Array.from(word);
    if (letters.length !== characters.length || word === term) return false;
    const differing = letters.map((letter, i) => [letter, characters[i]!] as const).filter(([a, b]) => a !== b);
    return differing.every(([a, b]) => alike(a, b)) || (differing.length === 1 && letters.length >= 3);
  });
}

/** The first of soundAlikeWords that pages hold more than `than` times, or null. */
async function soundAlike(phrases: Phrases, term: string, lexicon: SearchLexicon, sounds: SearchSounds, than: number): Promise<string | null> {
  for (const word of soundAlikeWords(term, sounds).slice(0, SUGGEST_MAX_TRIES)) {
    if ((await termPages(phrases, word, lexicon)).size > than) return word;
  }
  return null;
}

/**
 * The site's words a visitor's short name may abbreviate (search-words.ts abbreviationsOf): its synonyms, its best
 * pages' terms and the names of the covers its products list (SearchLexicon `covers`: 班延險 → 班機延誤).
 */
export const abbreviationNames = (lexicon: Pick<SearchLexicon, 'synonyms' | 'bets' | 'covers'>): string[] => [
  ...lexicon.synonyms.flat(),
  ...lexicon.bets.flatMap(([terms]) => terms),
  ...(lexicon.covers ?? []),
];

/**
 * Whether a term may be a word of the site mistyped, before the sounds are fetched: a pair of characters may be any
 * frequent pair (SearchSounds `words`); a longer term only one of the site's own words (its synonyms and best pages'
 * terms, the longer words of SearchSounds `words`) of its length holding at least half of its characters in their
 * places (a visitor mistypes a character or two of a word, not most of it), and not an abbreviation of one
 * (abbreviationsOf). A visitor's phrase of words (撞到人要賠多少錢) is none, and does not fetch the sounds.
 */
export function mayBeMistyped(term: string, lexicon: Pick<SearchLexicon, 'synonyms' | 'bets' | 'covers'>): boolean {
  const characters = Array.from(term);
  if (characters.length <= 2) return true;
  const words = [...lexicon.synonyms.flat(), ...lexicon.bets.flatMap(([terms]) => terms)];
  // An abbreviation of a site word (住地險: 住宅地震基本保險) is read as one (search-words.ts termAbbreviations).
  if (abbreviationsOf(term, abbreviationNames(lexicon)).length > 0) return false;
  return words.some((word) => {
    const letters = Array.from(word);
    return (
      letters.length === characters.length && letters.filter((letter, i) => letter === characters[i]).length >= Math.floor(characters.length / 2)
    );
  });
}

/**
 * The terms understood: a term no record holds that abbreviates a site word (abbreviationsOf) as that word, a term
 * finding almost nothing as the word it sounds like (its suggestion; the sounds loaded only then).
 */
export async function understand(
  phrases: Phrases,
  terms: string[],
  lexicon: SearchLexicon,
  loadSounds: LexiconSource['sounds'],
  verbatim: boolean,
): Promise<{ terms: string[]; suggestion: SiteSearch['suggestion'] }> {
  const understood: string[] = [];
  let suggestion: SiteSearch['suggestion'] = null;
  for (const term of terms) {
    if (verbatim || Array.from(term).length > UNDERSTOOD_MAX_LENGTH || !ONE_HAN.test(Array.from(term)[0] ?? '')) {
      understood.push(term);
      continue;
    }
    const pages = await termPages(phrases, term, lexicon);
    for (const alternative of termAlternatives(term, lexicon).slice(1)) {
      for (const [id, result] of await phrases(alternative)) if (!pages.has(id)) pages.set(id, result);
    }
    // A term no record holds that abbreviates a site word (住地險) is that word, its best page named by it.
    const short = pages.size === 0 ? abbreviationsOf(term, abbreviationNames(lexicon)) : [];
    if (short.length > 0) {
      understood.push(short[0]!);
      continue;
    }
    const alike =
      pages.size < SUGGEST_BELOW && mayBeMistyped(term, lexicon)
        ? await soundAlike(phrases, term, lexicon, await loadSounds(), pages.size * SUGGEST_FACTOR)
        : null;
    if (alike !== null) suggestion ??= { from: term, to: alike };
    understood.push(alike ?? term);
  }
  return { terms: understood, suggestion };
}

/** A best page found in a query: the bet and the query's words that named it. */
export type BetMatch = { bet: SearchLexicon['bets'][number]; term: string };

/**
 * The best pages of a query, in order: the lexicon's bets found in the query, longest match at each place, the last
 * found first (a Chinese phrase ends in its head: 汽車保險理賠流程 → 理賠流程's page before 汽車保險's).
 */
export function betMatches(query: string, bets: SearchLexicon['bets']): BetMatch[] {
  const byTerm = new Map<string, SearchLexicon['bets'][number]>();
  for (const bet of bets) for (const term of bet[0]) if (!byTerm.has(term)) byTerm.set(term, bet);
  const longest = Math.max(1, ...[...byTerm.keys()].map((term) => Array.from(term).length));
  const found: BetMatch[] = [];
  const characters = Array.from(query);
  for (let i = 0; i < characters.length; ) {
    let length = Math.min(longest, characters.length - i);
    while (length >= 1 && !byTerm.has(characters.slice(i, i + length).join(''))) length -= 1;
    if (length >= 1) {
      const term = characters.slice(i, i + length).join('');
      found.push({ bet: byTerm.get(term)!, term });
      i += length;
    } else i += 1;
  }
  const seen = new Set<string>();
  return found.reverse().filter((match) => !seen.has(match.bet[1]) && Boolean(seen.add(match.bet[1])));
}

/** The best pages of a query (betMatches), without the words that named them. */
export function bestBets(query: string, bets: SearchLexicon['bets']): SearchLexicon['bets'][number][] {
  return betMatches(query, bets).map((match) => match.bet);
}

/**
 * A term with the other ways to write it: its synonyms (SEARCH_SYNONYMS) when it is one of a group, and the term
 * with each rewrite applied where the rewrite's words occur in it (the glossary's and colloquial words: 家財險 →
 * 住宅火災保險; a synonym of SYNONYM_INSIDE_MIN characters or more also inside a longer term: 強制險投保 → 強制汽車責任保險投保).
 */
export function termAlternatives(term: string, lexicon: Pick<SearchLexicon, 'synonyms' | 'rewrites'>): string[] {
  const alternatives = [term, ...lexicon.synonyms.filter((group) => group.includes(term)).flat()];
  const rewrites: [string, string[]][] = [
    ...(lexicon.rewrites ?? []),
    ...lexicon.synonyms.flatMap((group) =>
      group
        .filter((word) => Array.from(word).length >= SYNONYM_INSIDE_MIN)
        .map((word): [string, string[]] => [word, group.filter((other) => other !== word)]),
    ),
  ];
  // Each rewrite alone, and all of them at once (车损险免赔额 → 車體損失險自負額), longest words first.
  let all = term;
  for (const [from, targets] of rewrites) {
    if (!term.includes(from)) continue;
    for (const target of targets) alternatives.push(replaceWord(term, from, target));
    if (all.includes(from)) all = replaceWord(all, from, targets[0]!);
  }
  alternatives.push(all);
  return [...new Set(alternatives)];
}

/**
 * A term cut around the words a rewrite knows (the glossary's and the colloquial words), each such word a piece of
 * its own, longest first at each place: 狗狗看醫生保險有賠 → 狗狗, 看醫生, 保險, 有賠. Each piece is then a concept of the
 * query with its own alternatives (狗狗 or 寵物; 看醫生 or 醫療), so a record holding 寵物 and 醫療 holds two of them,
 * rather than the term's rewrites competing as wholes, where the record holding the visitor's own words won.
 * @param term a term of the query (folded)
 * @param rewrites the lexicon's rewrites (their words folded, longest first)
 * @param whole the site's own words (its best pages' terms and synonyms), never cut: a rewrite's word inside one of them
 *   (火險 in 住火險) is part of it
 * @returns the pieces in order; the term itself when it holds no such word or is one (出車禍 holds 車禍, but is a
 *   visitor's word of its own)
 */
export function rewritePieces(term: string, rewrites: SearchLexicon['rewrites'], whole: Iterable<string> = []): string[] {
  const words = rewrites.map(([from]) => from).filter((from) => term.includes(from) && from !== term);
  // A term that is itself a rewrite's word is one concept, not the shorter words inside it (出車禍, not 出 and 車禍).
  if (words.length === 0 || rewrites.some(([from]) => from === term)) return [term];
  const byLength = (a: string, b: string) => Array.from(b).length - Array.from(a).length;
  words.sort(byLength);
  const kept = [...whole].filter((word) => Array.from(word).length >= 2 && term.includes(word)).sort(byLength);
  const pieces: string[] = [];
  const characters = Array.from(term);
  let current = '';
  for (let i = 0; i < characters.length; ) {
    const rest = characters.slice(i).join('');
    const word = words.find((from) => rest.startsWith(from));
    // A word of the site at least as long stays whole in its piece (住火險 holds 火險, a rewrite's word).
    const site = kept.find((known) => rest.startsWith(known));
    if (site !== undefined && (word === undefined || Array.from(site).length >= Array.from(word).length)) {
      current += site;
      i += Array.from(site).length;
      continue;
    }
    if (word === undefined) {
      current += characters[i];
      i += 1;
      continue;
    }
    if (current !== '') pieces.push(current);
    current = '';
    pieces.push(word);
    i += Array.from(word).length;
  }
  if (current !== '') pieces.push(current);
  return pieces;
}

/** Shortest synonym, in characters, that also stands for its group inside a longer term (車險 is inside 機車險). */
const SYNONYM_INSIDE_MIN = 3;

/**
 * The site's own words: its best bets' terms, its synonyms, and the words and terms of its rewrites (folded), which
 * keep their character pairs whole however the browser's segmenter cuts them (search-rank.ts pairFactors).
 */
export function knownWords(lexicon: Pick<SearchLexicon, 'bets' | 'synonyms' | 'rewrites'>): Set<string> {
  return new Set([
    ...lexicon.bets.flatMap(([terms]) => terms),
    ...lexicon.synonyms.flat(),
    ...(lexicon.rewrites ?? []).flatMap(([from, targets]) => [from, ...targets]),
  ]);
}

/** The grams of the site's own terms: its best bets' terms (products, services, with their synonyms). */
export function namedGrams(lexicon: Pick<SearchLexicon, 'bets'>): Set<string> {
  return new Set(lexicon.bets.flatMap(([terms]) => terms).flatMap(textGrams));
}

/**
 * The best pages a query names, when the words naming them make up BET_MIN_SHARE of the query's characters (its terms,
 * question words aside) or more; else none: 機車險怎麼保 names its product, a long question that mentions 強制險 does not.
 */
export function coveringBets(matches: BetMatch[], terms: readonly string[]): BetMatch[] {
  const length = (text: string) => Array.from(text).length;
  const named = matches.reduce((sum, match) => sum + length(match.term), 0);
  const total = terms.reduce((sum, term) => sum + length(term), 0);
  return total > 0 && named >= BET_MIN_SHARE * total ? matches : [];
}

/** A question mark, as a visitor ends a question (folded: full-width ？ is ?). */
const QUESTION_MARK = /\?/;

/**
 * Whether a query asks a question: it ends a sentence with a question mark, or question words or particles were set
 * aside from it (怎麼, 如何, 嗎, 是否: its terms are shorter than its text's).
 * @param folded the folded query (foldQuery)
 * @param terms its meaningful terms (intentTerms)
 * @param stopWords when given, a question word inside a visitor's phrase the rewrites keep whole counts too (貓咪開刀賠多少:
 *   賠多少 asks as 多少 does)
 */
export function asksQuestion(folded: string, terms: readonly string[], stopWords?: readonly string[]): boolean {
  const length = (texts: readonly string[]) => texts.reduce((sum, text) => sum + Array.from(text).length, 0);
  const whole = length(queryTerms(folded));
  return QUESTION_MARK.test(folded) || length(terms) < whole || (stopWords !== undefined && length(intentTerms(folded, stopWords)) < whole);
}

/**
 * Share of the query's characters the words naming best pages must make up for those pages to come first. Site choice,
 * measured on the sample with the first clause of each FAQ question typed alone (理賠之後退保, 去年沒有出險: a page's
 * word in a third of the query put /claim above the item; 0.4 puts 245 of 254 items first, 1/3 243) and by the
 * search bench's folds (no change); 1/2 loses the recall set's intent cases that name a product and a topic (旅平險 班機延誤).
 */
export const BET_MIN_SHARE = 0.4;

/**
 * The best pages named outside a longer word the site knows: a page's term inside a visitor's or a mainland word
 * (責任險 in 第三者責任險, which means 第三人責任險) or inside a word of a synonym group (第三責任險, another way to
 * write 第三人責任險, a car's cover, not the liability product) does not name the page.
 * @param matches the best pages found in the words (betMatches)
 * @param words the query's words they were found in
 * @param known the rewrites' words and the synonym groups' words (folded)
 */
export function outsideRewrites(matches: BetMatch[], words: readonly string[], known: ReadonlySet<string>): BetMatch[] {
  const length = (text: string) => Array.from(text).length;
  const covering = [...known].filter((word) => words.some((term) => term.includes(word)));
  return matches.filter((match) => !covering.some((word) => length(word) > length(match.term) && word.includes(match.term)));
}
