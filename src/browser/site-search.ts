/**
 * The site search's rule, on top of Pagefind's JS API: what a visitor means, the pages that hold it, the best first.
 *
 * Pagefind cuts Chinese into words twice, differently: at build time with its own dictionary (charabia/jieba),
 * at search time with the browser's (Intl.Segmenter). Where the two disagree, a page that plainly contains the
 * query is not found (撥打理賠 indexed as 撥打 + 理賠 or 撥 + 打理 + 賠). So the index holds every Han character as a
 * word of its own: the build gives Pagefind each page with a space around every Han character
 * (src/integrations/search-index.ts, `spaceHan`), and a phrase search of the spaced term (`"理 賠"`) finds exactly
 * the pages whose text holds those characters next to each other. Latin words and numbers stay whole words.
 *
 * On that, the query is understood (REFERENCE.md "Browser side": "Search understands the visitor") with the search lexicon the
 * build writes beside the index (src/integrations/search-lexicon.ts, loaded with the search page only; its typo
 * sounds, a file of their own, only by a search that needs a suggestion, as every byte counts in a first search):
 *
 * 1. Folding: NFKC (full-width ＥＳＧ → ESG, ？ → ?), lower case, simplified → traditional by OpenCC's tables
 *    restricted to the site's text (phrases first, longest match: 台风 → 颱風; then characters: 车险 → 車險).
 * 2. Terms: the query is cut at white space, punctuation and the words that carry no meaning in a query
 *    (src/site/search-terms.ts SEARCH_STOP_WORDS: 機車險怎麼保? → 機車險, 保); a lone character left by such a cut
 *    is dropped when other terms remain; a word the rewrites know is never cut (賠多少, 怎麼退). A query of more than
 *    TYPO_MAX_QUERY characters is a visitor's sentence: step 3 and the typo fix are skipped for it. A visitor's
 *    letter (isSentence) is searched by its content words (sentenceWords: its grammar of one character left out, at
 *    most SENTENCE_MAX_CHARACTERS characters, since each character searched loads its index chunks).
 * 3. A term that finds fewer than SUGGEST_BELOW pages is compared with the lexicon's words that sound the same
 *    (pinyin of the site's characters) or, from three characters, differ in one: the one found on most pages, if
 *    more (SUGGEST_FACTOR times more when the term finds some), is suggested (「您是不是要找：理賠」 for 理陪) and
 *    searched instead, unless the visitor asked for the query as typed.
 * 4. Alternatives (termAlternatives): a term's synonyms (SEARCH_SYNONYMS: 車險 → 汽車保險, 汽車險) and the term
 *    rewritten with the glossary's and colloquial words it holds (家財險 → 住宅火災保險, 行李不見 → 行李遺失); a word of
 *    the glossary or the colloquial table is first cut out as a concept of its own (rewritePieces).
 * 5. Scores (src/browser/search-rank.ts): every record holding a character pair of a term is scored by the weight of
 *    the pairs it holds, whole terms weighing more, over a relevance floor; each by the share of the query's
 *    characters at its start, its title (weighHead), and for a question an item of its own by ANSWER_WEIGHT; the
 *    first ones are weighed up by how much of the query their title holds.
 * 6. Results: the best pages the query names (SEARCH_BEST_BETS and the product pages' titles), unless the query is a
 *    question (asksQuestion) that is not their name, when the words naming them make up BET_MIN_SHARE of the query (機車險怎麼保? names 機車險; a whole FAQ question that mentions 強制險
 *    does not), are weighed up by BET_WEIGHT (where several, the last named most, as a Chinese phrase ends in its
 *    head: 汽車保險理賠流程 → /claim), and come first when the query is their name but for one character (意外險,
 *    機車險怎麼保?, 我想保旅平險); one that holds none of the terms is read by its page id and comes first, so that no
 *    search loads index chunks for it. Then all by score. Pages of one group (the locations' regions) show
 *    once, the best ranked.
 *
 * Pagefind's excerpts and titles come from the spaced text: `unspaceHan` takes the spaces back out for display
 * (src/components/SearchResults.ts).
 *
 * This module imports nothing at run time but src/browser/search-rank.ts, search-typos.ts and search-text.ts (which
 * import nothing), so the recall
 * tool (scripts/search-recall.mjs) runs these very files in the browser (their types stripped) to measure what a
 * visitor gets.
 */

import {
  type Concept,
  isSentence,
  scoreRecords,
  sentenceWords,
  TITLE_RERANK,
  TITLE_WEIGHT,
  textGrams,
  titleShare,
  WORD_MAX_LENGTH,
} from './search-rank.ts';
import { EXCERPT_ELLIPSIS, EXCERPT_WORDS, unspaceHan } from './search-text.ts';
import { correctTypos, seeksTypos } from './search-typos.ts';

export { EXCERPT_ELLIPSIS, EXCERPT_WORDS, unspaceHan };

/** One Han character (CJK ideographs, their extensions and compatibility forms). */
const HAN = /\p{Script=Han}/gu;

/**
 * Text as the search index holds it: a space before every Han character, and after it unless it ends the text,
 * so that Pagefind takes each as a word of its own (`撥打理賠，請` → ` 撥  打  理  賠 ， 請`). Used on every text
 * node of every indexed page at build time and on every query term. No space after a text's last character: an
 * inline element's text is still spaced from the next one's by the latter's leading space, and a block ending in
 * a character keeps the period Pagefind adds to its excerpt text (`機車保險. 強制險`); spaces are only added, so a
 * page's other words are unchanged.
 * @param text any text (an HTML text node's raw text, entities included: they contain no Han characters)
 * @returns the text with spaces around Han characters
 */
export function spaceHan(text: string): string {
  return text.replace(HAN, (character: string, offset: number) => (offset + character.length < text.length ? ` ${character} ` : ` ${character}`));
}

/**
 * A query term as a Pagefind phrase search: its characters spaced as the index holds them (`機車險` → `"機 車 險"`).
 * @param term one term of queryTerms
 */
export function phraseQuery(term: string): string {
  return `"${spaceHan(term).replace(/\s+/g, ' ').trim()}"`;
}

/** Full-width Latin letters and digits (Ａ–Ｚ, ａ–ｚ, ０–９). */
const FULL_WIDTH_ALNUM = /[０-９Ａ-Ｚａ-ｚ]/g;
/** Distance from a full-width form to its ASCII letter or digit. */
const FULL_WIDTH_OFFSET = 0xfee0;

/**
 * Full-width Latin letters and digits as ASCII (`ＥＳＧ２０２５` → `ESG2025`), so that a page writing them either way
 * is found by either; the build applies it to the index's text, punctuation kept as the page writes it.
 */
export function foldWidth(text: string): string {
  return text.replace(FULL_WIDTH_ALNUM, (character) => String.fromCharCode(character.charCodeAt(0) - FULL_WIDTH_OFFSET));
}

/**
 * What every search needs beside the index (src/integrations/search-lexicon.ts writes it;
 * /pagefind/site-lexicon.json). Page ids are Pagefind's result ids.
 */
export interface SearchLexicon {
  /** Simplified → traditional characters (OpenCC, only those whose traditional form the site writes). */
  chars: Record<string, string>;
  /** Simplified → traditional phrases that characters alone convert otherwise (台风 → 颱風). */
  phrases: Record<string, string>;
  /** Groups of synonyms (src/site/search-terms.ts SEARCH_SYNONYMS). */
  synonyms: string[][];
  /** Words set aside in a query (SEARCH_STOP_WORDS), longest first. */
  stopWords: string[];
  /**
   * Best pages: [terms (with their synonyms), page id, its fragment file's name (the id, or on large sites the id of
   * the group of fragments holding it)].
   */
  bets: [string[], string, string][];
  /** Ids of pages that show as one result. */
  groups: string[][];
  /** Records of the index (pages and items): the base of the grams' weights (src/browser/search-rank.ts). */
  records: number;
  /**
   * Words a visitor writes for the site's terms, each with the terms (the glossary of mainland and Hong Kong names
   * and the colloquial words of src/site/search-terms.ts, folded as a query is): 家財險 → [住宅火災保險].
   */
  rewrites: [string, string[]][];
}

/**
 * What a typo is compared with (/pagefind/site-sounds.json), loaded only by a search with a term that finds (almost)
 * nothing, so that most searches do without its bytes.
 */
export interface SearchSounds {
  /** Toneless pinyin syllable → the site's characters read so (`pei` → `賠陪培…`), for the syllables of `words`. */
  sounds: Record<string, string>;
  /** Words a visitor may have meant (synonyms, best bets' terms, product titles, frequent words), most frequent first. */
  words: string[];
}

/**
 * What a typo of a character the site does not write is read by (/pagefind/site-typos.json): toneless syllable → the
 * common characters (Big5's level 1) the site does not write, which a visitor may type for one it does
 * (src/browser/search-typos.ts). Fetched only when a suspected typo is such a character.
 */
export type SearchTypos = Record<string, string>;

/** Where the build writes the lexicon (in the index's folder, so it comes and goes with it). */
export const LEXICON_URL = '/pagefind/site-lexicon.json';
/** Where the build writes the sounds and words of the typo suggestions (beside the lexicon). */
export const SOUNDS_URL = '/pagefind/site-sounds.json';
/** Where the build writes the sounds of the characters the site does not write (beside the lexicon). */
export const TYPOS_URL = '/pagefind/site-typos.json';
/** Where Pagefind's fragment files are (`<id>.pf_fragment`: one page, or a group of pages by id). */
export const FRAGMENT_URL = '/pagefind/fragment/';

/** Loads a JSON file of the search. @throws Error when it cannot be read. */
async function loadJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`search: ${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** The lexicon and the typo sounds as a search gets them: each fetched once, when first asked for. */
export interface LexiconSource {
  lexicon: () => Promise<SearchLexicon>;
  sounds: () => Promise<SearchSounds>;
  /** The sounds of the characters the site does not write (absent: no such typo is read). */
  typos?: () => Promise<SearchTypos>;
}

/**
 * The site's lexicon files (LEXICON_URL, SOUNDS_URL, TYPOS_URL) as a LexiconSource: the sounds are only fetched by a
 * search that needs a suggestion, the typos' only by one whose suspected typo is a character the site does not write.
 * A failed fetch is not kept, so the next search tries again.
 */
export function siteLexicon(urls: { lexicon?: string; sounds?: string; typos?: string } = {}): LexiconSource {
  const once = <T>(url: string) => {
    let loading: Promise<T> | undefined;
    return () => {
      loading ??= loadJson<T>(url).catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
      return loading;
    };
  };
  return {
    lexicon: once<SearchLexicon>(urls.lexicon ?? LEXICON_URL),
    sounds: once<SearchSounds>(urls.sounds ?? SOUNDS_URL),
    typos: once<SearchTypos>(urls.typos ?? TYPOS_URL),
  };
}

/** Longest phrase of the lexicon, in characters. */
const longestKey = (table: Record<string, string>): number => Math.max(1, ...Object.keys(table).map((key) => Array.from(key).length));

/**
 * A query as the index holds its words: NFKC (full-width letters, digits and punctuation), lower case, simplified
 * characters as traditional (the lexicon's phrases by longest match, then its characters).
 * @param query a normalized query (src/lib/search.ts normalizeQuery)
 * @param lexicon the search lexicon
 */
export function foldQuery(query: string, lexicon: Pick<SearchLexicon, 'chars' | 'phrases'>): string {
  const characters = Array.from(query.normalize('NFKC').toLowerCase());
  const longest = longestKey(lexicon.phrases);
  let folded = '';
  for (let i = 0; i < characters.length; ) {
    let length = Math.min(longest, characters.length - i);
    while (length >= 2 && lexicon.phrases[characters.slice(i, i + length).join('')] === undefined) length -= 1;
    if (length >= 2) {
      folded += lexicon.phrases[characters.slice(i, i + length).join('')];
      i += length;
    } else {
      folded += lexicon.chars[characters[i]!] ?? characters[i]!;
      i += 1;
    }
  }
  return folded;
}

/** The part of a Pagefind result's data used here (pagefind.app/docs/api): its page's URL, excerpt HTML and meta. */
export interface PagefindData {
  url: string;
  excerpt: string;
  meta: Record<string, string | undefined>;
}

/** The part of a Pagefind result used here (pagefind.app/docs/api). */
export interface PagefindResult {
  id: string;
  score: number;
  /** Where the words found stand in the record's text (word positions, each Han character one). */
  words?: number[];
  data: () => Promise<PagefindData>;
}

/** What Pagefind writes before a file's content, inside its gzip (Pagefind 1.x). */
const PAGEFIND_SIGNATURE = 'pagefind_dcd';

/**
 * A page's data read from its Pagefind fragment file, as Pagefind's `data()` gives it for a result that matched no
 * word: the URL, the meta, and the first EXCERPT_WORDS words of its text as the excerpt (escaped like Pagefind's). For
 * a best page that holds none of the query's words, found by id (SearchLexicon `bets`), so that no search of its
 * title loads index chunks.
 * @param id the page's id; @param file its fragment file's name (the id, or the group's)
 * @throws Error when the file cannot be read or does not hold the page
 */
async function fragmentData(id: string, file: string): Promise<PagefindData> {
  const response = await fetch(`${FRAGMENT_URL}${file}.pf_fragment`);
  if (!response.ok) throw new Error(`search: fragment ${file}: HTTP ${response.status}`);
  let bytes = new Uint8Array(await response.arrayBuffer());
  // Served as it is stored (gzip, as Pagefind expects), unless a host added its own Content-Encoding.
  if (new TextDecoder().decode(bytes.subarray(0, PAGEFIND_SIGNATURE.length)) !== PAGEFIND_SIGNATURE) {
    bytes = new Uint8Array(await new Response(new Response(bytes).body!.pipeThrough(new DecompressionStream('gzip'))).arrayBuffer());
  }
  const fragment = JSON.parse(new TextDecoder().decode(bytes.subarray(PAGEFIND_SIGNATURE.length)));
  const page = (file === id ? fragment : fragment[id]) as { url?: string; content?: string; meta?: PagefindData['meta'] } | undefined;
  if (typeof page?.url !== 'string') throw new Error(`search: fragment ${file} has no page ${id}`);
  const words = (page.content ?? '')
    .replace(/\u200B/g, '')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .split(/[^\S\uFEFF]+/);
  const more = words.length > EXCERPT_WORDS ? ` ${EXCERPT_ELLIPSIS}` : '';
  return { url: page.url, excerpt: words.slice(0, EXCERPT_WORDS).join(' ').trim() + more, meta: page.meta ?? {} };
}

/** The part of Pagefind's JS API used here. */
export interface PagefindSearch {
  search: (query: string) => Promise<{ results: PagefindResult[] } | null>;
}

/** What a search shows. */
export interface SiteSearch {
  /** The pages, best first, one per page or group. */
  results: PagefindResult[];
  /** The terms searched (after folding, stop words, suggestions and cuts). */
  terms: string[];
  /** A term replaced by a word that sounds the same (理陪 → 理賠), or null. */
  suggestion: { from: string; to: string } | null;
}

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
const ONE_HAN = /^\p{Script=Han}$/u;

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

/**
 * A result with its rank's score whose `data()` goes through the result Pagefind returned, so that result stays
 * reachable as long as ours: Pagefind (1.6) searches in a web worker, registers each result it returns with a
 * FinalizationRegistry and, once the result is garbage-collected, tells the worker to drop its data (`releaseData`);
 * a later `data()` then resolves null. A copy that let go of the original (`{ ...result }`) lost the data of the
 * results past the first page whenever the collector ran before 載入更多結果 asked for them.
 */
const ranked = (result: PagefindResult, score: number): PagefindResult => ({ id: result.id, score, data: () => result.data() });

/** Pages holding one word as written, by id (a phrase search of its spaced characters), memoized per search. */
type Phrases = (word: string) => Promise<Map<string, PagefindResult>>;

function phraseSearcher(pagefind: PagefindSearch): Phrases {
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
 * Whether a term may be a word of the site mistyped, before the sounds are fetched: a pair of characters may be any
 * frequent pair (SearchSounds `words`); a longer term only one of the site's own words (its synonyms and best pages'
 * terms, the longer words of SearchSounds `words`) of its length holding at least half of its characters in their
 * places (a visitor mistypes a character or two of a word, not most of it). A visitor's phrase of words (撞到人要賠多少錢)
 * is none, and does not fetch the sounds.
 */
export function mayBeMistyped(term: string, lexicon: Pick<SearchLexicon, 'synonyms' | 'bets'>): boolean {
  const characters = Array.from(term);
  if (characters.length <= 2) return true;
  const words = [...lexicon.synonyms.flat(), ...lexicon.bets.flatMap(([terms]) => terms)];
  return words.some((word) => {
    const letters = Array.from(word);
    return (
      letters.length === characters.length && letters.filter((letter, i) => letter === characters[i]).length >= Math.floor(characters.length / 2)
    );
  });
}

/** The terms understood, after suggestions (the sounds loaded only for a term that finds almost nothing). */
async function understand(
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
    for (const target of targets) alternatives.push(term.split(from).join(target));
    if (all.includes(from)) all = all.split(from).join(targets[0]!);
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
 * @returns the pieces in order; the term itself when it holds no such word or is one
 */
export function rewritePieces(term: string, rewrites: SearchLexicon['rewrites'], whole: Iterable<string> = []): string[] {
  const words = rewrites.map(([from]) => from).filter((from) => term.includes(from) && from !== term);
  if (words.length === 0) return [term];
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
function namedGrams(lexicon: Pick<SearchLexicon, 'bets'>): Set<string> {
  return new Set(lexicon.bets.flatMap(([terms]) => terms).flatMap(textGrams));
}

/** A result whose data is read once, however often it is asked for (the title re-rank and the results list). */
function once(result: PagefindResult, score: number): PagefindResult {
  let data: Promise<PagefindData> | undefined;
  const kept = ranked(result, score);
  return { ...kept, data: () => (data ??= kept.data()) };
}

/**
 * The best pages a query names, when the words naming them make up BET_MIN_SHARE of the query's characters (its terms,
 * question words aside) or more; else none: 機車險怎麼保 names its product, a long question that mentions 強制險 does not.
 */
function coveringBets(matches: BetMatch[], terms: readonly string[]): BetMatch[] {
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
 */
export function asksQuestion(folded: string, terms: readonly string[]): boolean {
  const length = (texts: readonly string[]) => texts.reduce((sum, text) => sum + Array.from(text).length, 0);
  return QUESTION_MARK.test(folded) || length(terms) < length(queryTerms(folded));
}

/** How much a best page the query names raises its score (× 1 + BET_WEIGHT). Site choice. */
export const BET_WEIGHT = 0.5;
/** How much more the best page named later in the query weighs, per place (a Chinese phrase ends in its head). */
const BET_ORDER = 0.01;

/** How much a record's length past the usual lowers its score (÷ 1 + LENGTH_WEIGHT × ln(length / usual)). Site choice. */
export const LENGTH_WEIGHT = 0.15;

/** The median of some numbers (0 for none). */
const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * The query's words as Pagefind's own search of its characters is given them (its rank and the title positions): a
 * visitor's word the rewrites know (Concept `rewritten`) as the site's first term for it (房子 → 住宅, 怎麼賠 → 理賠,
 * 房屋險 → 住宅火災保險), beside it when records hold the visitor's word whole at least SITE_WORD_SHARE as often as the
 * site's term (車禍 and 事故: the site writes both, and the records saying 車禍 stay first); the others as meant. Both
 * words' records are known by then (memoized phrase searches), and their characters' chunks loaded.
 */
async function siteForms(concepts: readonly Concept[], meant: readonly string[], phrases: Phrases): Promise<string[]> {
  return Promise.all(
    meant.map(async (word, i) => {
      const concept = concepts[i];
      if (!concept?.rewritten || concept.alternatives.length < 2) return word;
      const site = concept.alternatives[1]!;
      const [own, theirs] = await Promise.all([phrases(word), phrases(site)]);
      return own.size >= SITE_WORD_SHARE * theirs.size ? `${word} ${site}` : site;
    }),
  );
}

/** Share of the site's term's records that must hold a visitor's word for it to count as the site's word too. Site choice. */
const SITE_WORD_SHARE = 0.5;

/** Positions (characters) at a record's start taken for its title (an FAQ question; a page's name after its date). */
export const HEAD_POSITIONS = 24;
/** How much a record whose head holds all of the query's characters is weighed up (× 1 + HEAD_WEIGHT). Site choice. */
export const HEAD_WEIGHT = 0.25;

/**
 * The title as a field of its own, for every record found (the title re-rank reads only the first TITLE_RERANK): a
 * record's title is its first words (an item's question is its `<h1>`, a page's name follows its category and date),
 * and Pagefind's search of the query's characters gives where each record holds them. The share of the query's
 * characters that the record holds within its first HEAD_POSITIONS weighs it up (HEAD_WEIGHT): 旅平險要在出發前多久投保 for
 * 旅行平安保險應於何時投保, before the news that mention 旅平險 and 投保 in their bodies.
 * @param scored the records, weighed in place
 * @param loose Pagefind's results of the query's characters (their `words`: positions of the characters found)
 * @param meant the query's words
 */
function weighHead(scored: { id: string; score: number }[], loose: readonly PagefindResult[], meant: readonly string[]): void {
  const characters = new Set(meant.flatMap((word) => Array.from(word)).filter((character) => ONE_HAN.test(character)));
  if (characters.size === 0) return;
  const head = new Map(loose.map((result) => [result.id, (result.words ?? []).filter((position) => position < HEAD_POSITIONS).length]));
  for (const entry of scored) entry.score *= 1 + HEAD_WEIGHT * Math.min(1, (head.get(entry.id) ?? 0) / characters.size);
}

/** How much Pagefind's own rank raises a record's score (× 1 + LOOSE_WEIGHT for its first result). Site choice. */
const LOOSE_WEIGHT = 0.1;

/**
 * How much an item of its own (an FAQ question and its answer: a URL with a fragment, src/integrations/search-items.ts)
 * is weighed up for a query that asks a question (× 1 + ANSWER_WEIGHT): a question is answered by an answer before the
 * news, product or document pages that mention its words. Site choice.
 */
export const ANSWER_WEIGHT = 0.15;
/** A result URL of an item (`/faq/3#faq-171`). */
const ITEM_URL = /#./;

/** Share of the query's characters the words naming best pages must make up for those pages to come first. Site choice. */
export const BET_MIN_SHARE = 1 / 3;

/**
 * Searches the site by the rule above.
 * @param pagefind Pagefind's loaded API (`/pagefind/pagefind.js`)
 * @param query a normalized query
 * @param source the search lexicon and the typo sounds (siteLexicon), the sounds asked for only when a term needs a
 *   suggestion
 * @param options.verbatim search the query as typed: no suggestion (the link under 「您是不是要找」)
 * @returns the results, the terms and any suggestion (SiteSearch); Pagefind's and the lexicon's errors propagate
 */
export async function searchSite(
  pagefind: PagefindSearch,
  query: string,
  source: LexiconSource,
  options: { verbatim?: boolean } = {},
): Promise<SiteSearch> {
  const lexicon = await source.lexicon();
  const folded = foldQuery(query, lexicon);
  const phrases = phraseSearcher(pagefind);
  const known = knownWords(lexicon);
  const intent = intentTerms(folded, lexicon.stopWords, known);
  // A visitor's letter (isSentence) is searched by its content words; a sentence (seeksTypos) as typed: its typos are
  // not sought, nor its sounds fetched.
  const typed = isSentence(intent) ? sentenceWords(intent, known) : intent;
  const verbatim = (options.verbatim ?? false) || !seeksTypos(intent);
  const { terms, suggestion } = await understand(phrases, typed, lexicon, source.sounds, verbatim);
  const siteWords = [...lexicon.bets.flatMap(([words]) => words), ...lexicon.synonyms.flat()];
  const pieces = terms.flatMap((term) => rewritePieces(term, lexicon.rewrites ?? [], siteWords));
  const rewritten = new Set((lexicon.rewrites ?? []).map(([from]) => from));
  const concepts: Concept[] = pieces.map((term) => ({ term, alternatives: termAlternatives(term, lexicon), rewritten: rewritten.has(term) }));
  const meant = [...pieces];
  const corrected = verbatim ? suggestion : await correctInWords(concepts, meant, phrases, source, lexicon, suggestion);
  const records = lexicon.records ?? 1;
  // A query of one word's length (WORD_MAX_LENGTH: 財務業務, 車險理賠) is the word the visitor means, all of its pairs
  // counting; a longer one or several are a visitor's words, whose pairs across words count less (pairFactors).
  const words = pieces.length === 1 && Array.from(pieces[0]!).length <= WORD_MAX_LENGTH ? null : known;
  const { scored, concepts: understood, weights, weight } = await scoreRecords(concepts, phrases, records, namedGrams(lexicon), words);
  // After the scores, whose searches loaded the chunks of every character it needs.
  const looseWords = await siteForms(concepts, meant, phrases);
  const loose = (await pagefind.search(spaceHan(looseWords.join(' ')).replace(/\s+/g, ' ').trim()))?.results ?? [];
  // Pagefind's own rank of the query's characters (its BM25, headings weighted; typos corrected) separates records
  // of equal score.
  const looseRank = new Map(loose.map((result, rank) => [result.id, 1 - rank / loose.length]));
  for (const entry of scored) entry.score *= 1 + LOOSE_WEIGHT * (looseRank.get(entry.id) ?? 0);
  weighHead(scored, loose, looseWords);
  // For a question, a long record (a decree, a long article) holds many of its words by chance: the farther its last
  // match lies past the records' usual reach, the less it counts (LENGTH_WEIGHT), so a short answer holding the
  // question's words outranks it. (A page's name, a phone number, a few terms: the page that holds them, however long.)
  const reach = new Map(loose.map((result) => [result.id, 1 + Math.max(0, ...(result.words ?? []))]));
  const question = asksQuestion(folded, typed);
  const usual = question ? median([...reach.values()]) : 0;
  if (usual > 0) for (const entry of scored) entry.score /= 1 + LENGTH_WEIGHT * Math.log(Math.max(1, (reach.get(entry.id) ?? usual) / usual));
  scored.sort((a, b) => b.score - a.score);
  if (scored.length === 0) return { results: [], terms, suggestion: corrected };
  // The best pages the query names (products, services), first when their words are most of the query. A question
  // (asksQuestion) that is not a page's name asks for an answer, not for the product or service it mentions: its
  // best pages rank by their words like any other record.
  const named = (list: BetMatch[], words: readonly string[]) =>
    list.length > 0 &&
    words.reduce((sum, word) => sum + Array.from(word).length, 0) - list.reduce((sum, match) => sum + Array.from(match.term).length, 0) <= 1;
  // A visitor's word the rewrites know is no part of a page's name (機車險怎麼保: 怎麼保 aside, 機車險).
  // Its words in any order (理賠 申請 names 申請理賠's page).
  const naming = [terms, typed].some((words) => {
    const content = words.flatMap((term) => rewritePieces(term, lexicon.rewrites ?? [], siteWords)).filter((piece) => !rewritten.has(piece));
    return named(betMatches(content.join(' '), lexicon.bets), content) || named(betMatches(content.join(''), lexicon.bets), content);
  });
  const bets =
    naming || !asksQuestion(folded, typed)
      ? [...coveringBets(betMatches(terms.join(' '), lexicon.bets), terms), ...coveringBets(betMatches(typed.join(' '), lexicon.bets), typed)]
      : [];
  const byId = new Map(scored.map((entry) => [entry.id, entry]));
  // A best page holding none of the query's words is read by its id and comes first; one holding them is weighed up
  // (BET_WEIGHT, the last named most) and ranked with the others, so an FAQ question whose title is the query leads.
  // A query that is a best page's name (all but one character of it: 機車險怎麼保?, 意外險, 我想保旅平險) gets that
  // page first, as a visitor typing a product's or a service's name means it.
  const first: PagefindResult[] = [];
  const betIds = [...new Set(bets.map(({ bet }) => bet[1]))];
  for (const { bet } of bets) {
    const [, id, file] = bet;
    if (first.some((result) => result.id === id) || (byId.has(id) && !naming)) continue;
    const found = byId.get(id);
    first.push(found ? once(found.result, found.score) : { id, score: 0, data: () => fragmentData(id, file) });
  }
  for (const entry of scored) {
    const bet = betIds.indexOf(entry.id);
    if (bet !== -1) entry.score *= (1 + BET_WEIGHT) * (1 + BET_ORDER * (betIds.length - bet));
  }
  scored.sort((a, b) => b.score - a.score);
  // The first TITLE_RERANK weighed up by how much of the query their title holds.
  const rest = scored
    .filter((entry) => !first.some((result) => result.id === entry.id))
    .map((entry) => ({ ...entry, result: once(entry.result, entry.score) }));
  const titled = await Promise.all(
    rest.slice(0, TITLE_RERANK).map(async (entry) => {
      const data = await entry.result.data().catch(() => null);
      const title = unspaceHan(data?.meta.title ?? '');
      const answer = question && ITEM_URL.test(data?.url ?? '') ? 1 + ANSWER_WEIGHT : 1;
      return { ...entry, score: answer * entry.score * (1 + TITLE_WEIGHT * titleShare(title, understood, weights, weight, words)) };
    }),
  );
  const ordered = [...titled.sort((a, b) => b.score - a.score), ...rest.slice(TITLE_RERANK)].map((entry) => entry.result);
  return { results: oncePerGroup([...first, ...ordered], lexicon.groups), terms, suggestion: corrected };
}

/**
 * Typos inside longer words (searchSite): a character that sounds like the right one (颱風紅水 → 颱風洪水) makes the
 * word meant an alternative of its concept, and the suggestion when records hold it whole.
 * @param concepts the query's concepts, whose alternatives grow in place
 * @param meant the words meant, one per concept, corrected in place
 * @returns the suggestion: `suggestion` when there was one, else the first correction records hold, else null
 */
async function correctInWords(
  concepts: Concept[],
  meant: string[],
  phrases: ReturnType<typeof phraseSearcher>,
  source: LexiconSource,
  lexicon: SearchLexicon,
  suggestion: SiteSearch['suggestion'],
): Promise<SiteSearch['suggestion']> {
  let corrected = suggestion;
  for (const [index, concept] of concepts.entries()) {
    const fixed = await correctTypos(concept.term, async (pair) => (await phrases(pair)).size, source.sounds, source.typos);
    if (fixed === null) continue;
    concept.alternatives.push(...termAlternatives(fixed, lexicon));
    meant[index] = fixed;
    if (corrected === null && (await phrases(fixed)).size > 0) corrected = { from: concept.term, to: fixed };
  }
  return corrected;
}

/**
 * Pages of one group (the locations' regions, a download item's pages) show once, the best ranked.
 * @param results ranked, best first
 * @param groups ids of the records that are one page, each group's first id naming it
 * @returns the results with each group's best only, in their order
 */
function oncePerGroup(results: PagefindResult[], groups: readonly (readonly string[])[]): PagefindResult[] {
  const group = new Map(groups.flatMap((ids) => ids.map((id) => [id, ids[0]!] as const)));
  const shown = new Set<string>();
  return results.filter((result) => {
    const one = group.get(result.id) ?? result.id;
    if (shown.has(one)) return false;
    shown.add(one);
    return true;
  });
}
