/**
 * The search lexicon, written by the search-index step beside the index in files of its own, which only the search page
 * loads (REFERENCE.md "Browser side": "Search understands the visitor"; content pages never download them; their names, with the
 * shape's number, are search-source.ts SEARCH_FILES): `pagefind/site-lexicon.N.json`
 * (src/browser/site-search.ts SearchLexicon: what every search needs) and what a typo is compared with (SearchSounds),
 * fetched only by a search with a term that finds almost nothing: its `sounds` in `pagefind/site-sounds.N.json`, its
 * `words` in `pagefind/site-words.N.json`, as a visitor's sentence reads its words mistyped by the
 * sounds alone (src/browser/search-typos.ts correctSentence). Every byte of the first is part of every first search
 * (the budget of SEARCH_FIRST_SEARCH_KB).
 *
 * - `chars`, `phrases`: OpenCC's simplified → traditional tables (opencc-js, cn → twp), cut down at build time to
 *   what the site writes: a character whose traditional form appears in the site's text and which the site does not
 *   itself write (干 stays 干 on a site that writes 干), and the phrases (up to PHRASE_MAX_LENGTH characters) that
 *   characters alone would convert otherwise, whose traditional form the site's text holds and which the site's
 *   text does not hold as they are (台风 → 颱風, 旅游 → 旅遊; 了解 stays). The
 *   whole converter is ~450 KB gzipped; the cut tables are a few KB. The lexicon holds those whose simplified side
 *   Big5 has (机 → 機, 信息 → 資訊); the others, `pagefind/site-fold.N.json`, fetched only for a
 *   query with a character Big5 does not have (src/browser/search-source.ts FoldTables, needsFold).
 * - `sounds`: toneless pinyin (pinyin-pro, every reading) of each Han character of the site, most frequent first;
 *   `pagefind/site-typos.N.json`, a file of its own: the same for the common characters (Big5's level 1) the site does
 *   not write, which a visitor may type for one it does (颱風紅水 for 颱風洪水: src/browser/search-typos.ts), fetched
 *   only when a suspected typo is such a character (10 KB that a typo of the site's own characters does without).
 * - `words`: what a typo is compared with: the thesaurus, the best bets' terms, the product titles and the Han
 *   character pairs found on at least WORD_MIN_SHARE of the pages, most frequent first (at most WORDS_MAX).
 * - `topics`: the site's question vocabulary: the Han character pairs that at least TOPIC_MIN_QUESTIONS of the FAQ
 *   questions hold (SEARCH_QUESTION_RECORDS' titles: 朋友, 過世, 爸媽, 掉了), most questions first; a visitor's letter is
 *   searched by its words holding one before its other words (src/browser/search-words.ts sentenceWords), as the
 *   insurer's questions name what visitors ask about in their words (about 2 KB gzipped on the sample).
 * - `covers`: the names of the covers the product pages list (productCovers: the first cell of each row of their
 *   tables, 班機延誤, 行李損失), which a visitor abbreviates (班延險) though no best page is named by them.
 * - `rewrites`: the glossary's and the colloquial words of src/site/search-terms.ts, folded (only so), with their terms;
 *   `records`: how many records the index holds (the base of the ranking's weights);
 * - `synonyms`, `stopWords`, `bets`, `groups`: src/site/search-terms.ts, the best bets and collapsed groups as
 *   Pagefind page ids (read from the index's fragment files, which name each page's URL and title); a bet also names
 *   its page's fragment file, so the search reads a best page by id instead of searching for it.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse } from 'node-html-parser';
import * as OpenCC from 'opencc-js/cn2t';
import STCharacters from 'opencc-js/dict/STCharacters';
import STPhrases from 'opencc-js/dict/STPhrases';
import TWPhrases from 'opencc-js/dict/TWPhrases';
import { pinyin } from 'pinyin-pro';
import { big5Characters, type FoldTables, foldQuery, type SearchLexicon, type SearchSounds } from '../browser/search-source';
import { unspaceHan } from '../browser/search-text';
import {
  SEARCH_BEST_BETS,
  SEARCH_COLLAPSED_PAGES,
  SEARCH_PRODUCT_PAGES,
  SEARCH_QUESTION_RECORDS,
  SEARCH_STOP_WORDS,
  SEARCH_SYNONYMS,
} from '../site/search-terms';
import { SEARCH_COLLOQUIAL } from '../site/search-colloquial';
import { SEARCH_GLOSSARY } from '../site/search-glossary';

/** Longest OpenCC phrase kept, in characters (a query's words are short). */
const PHRASE_MAX_LENGTH = 4;
/** Share of pages a character pair must be on to be a word a typo is compared with. Site choice. */
const WORD_MIN_SHARE = 0.03;
/** Fewest pages a character pair must be on (small sites). */
const WORD_MIN_PAGES = 3;
/** Most words in the lexicon (bytes per first search). */
const WORDS_MAX = 600;
/**
 * Fewest FAQ questions a character pair must be in to be of the question vocabulary (`topics`): a pair of one question
 * is that question's own word, not the way visitors ask. Site choice, measured by the search bench (`--half tune`): 1,
 * 2 and 3 find the same first results; 2 keeps the lexicon within the first search's bytes (1: 6.8 KB gzipped).
 */
const TOPIC_MIN_QUESTIONS = 2;
/** Most pages read for word counts (a 10,000-page site counts a sample, every n-th page). */
const WORD_SAMPLE_PAGES = 2000;

const HAN = /\p{Script=Han}/u;
const HAN_RUN = /\p{Script=Han}+/gu;

/** One page of the index as its fragment file names it. */
export interface IndexedPage {
  id: string;
  /** Site path (`/claim`), no trailing slash. */
  path: string;
  title: string;
  /** Name of the fragment file holding it, without `.pf_fragment`: its id, or its group's on large sites. */
  file: string;
}

/** Pagefind's URL as a site path (`/news/detail/1/` → `/news/detail/1`). */
const sitePath = (url: string): string => {
  const path = decodeURI(url)
    .replace(/\/index\.html$/, '')
    .replace(/\.html$/, '');
  return path.length > 1 ? path.replace(/\/+$/, '') : path || '/';
};

/**
 * The pages of a written index, from its fragment files (`fragment/<id>.pf_fragment`: gzip of `pagefind_dcd` and
 * the JSON of one page, or on large sites of several by id).
 * @param indexDir the index's folder (`dist/pagefind`)
 */
export async function readIndexedPages(indexDir: string): Promise<IndexedPage[]> {
  const folder = join(indexDir, 'fragment');
  const pages: IndexedPage[] = [];
  const add = (id: string, file: string, page: { url?: unknown; meta?: { title?: string } }) => {
    if (typeof page?.url === 'string') pages.push({ id, path: sitePath(page.url), title: unspaceHan(page.meta?.title ?? '').trim(), file });
  };
  for (const name of await readdir(folder)) {
    const raw = gunzipSync(await readFile(join(folder, name))).toString('utf8');
    if (!raw.startsWith('pagefind_dcd')) continue;
    const fragment = JSON.parse(raw.slice('pagefind_dcd'.length));
    const file = name.replace(/\.pf_fragment$/, '');
    if (typeof fragment.url === 'string') add(file, file, fragment);
    else for (const [id, page] of Object.entries(fragment)) add(id, file, page as { url?: unknown });
  }
  return pages;
}

/** OpenCC's entries of a dictionary text (`简 繁 …|…`): [source, first target]. */
const entries = (dictionary: string): [string, string][] => dictionary.split('|').map((entry) => entry.split(' ') as [string, string]);

/**
 * The simplified → traditional tables cut down to the site (module comment).
 * @param corpus the site's distinct texts joined (for phrases), its characters (for characters)
 */
export function foldTables(corpus: string, siteCharacters: ReadonlySet<string>): Pick<SearchLexicon, 'chars' | 'phrases'> {
  const convert = OpenCC.Converter({ from: 'cn', to: 'twp' });
  const chars: Record<string, string> = {};
  for (const [simplified] of entries(STCharacters)) {
    const traditional = convert(simplified);
    if (traditional !== simplified && siteCharacters.has(traditional) && !siteCharacters.has(simplified)) chars[simplified] = traditional;
  }
  const byCharacter = (text: string) => Array.from(text, (character) => chars[character] ?? character).join('');
  const phrases: Record<string, string> = {};
  for (const [simplified] of entries(STPhrases)) {
    const length = Array.from(simplified).length;
    if (length > PHRASE_MAX_LENGTH || length < 2) continue;
    const traditional = convert(simplified);
    // A phrase the site writes as it is (了解, 全台) is a traditional query's word: left alone. One it does not write
    // (旅游, though the site writes both characters elsewhere) is a simplified query's. The characters are looked up
    // before the corpus is scanned: most phrases hold a character the site never writes, and a scan of the corpus
    // for each of OpenCC's phrases was most of a build's lexicon time.
    if (!Array.from(traditional).every((character) => siteCharacters.has(character)) || traditional === byCharacter(simplified)) continue;
    if (!corpus.includes(simplified) && corpus.includes(traditional)) phrases[simplified] = traditional;
  }
  // Mainland words for Taiwan's (信息 → 資訊, 网络 → 網路: OpenCC's Taiwan phrases), in simplified characters and in
  // traditional ones, when the site writes the Taiwanese word and not the mainland one.
  const simplifiedOf = new Map(entries(STCharacters).map(([simplified, traditional]) => [traditional, simplified]));
  for (const [mainland, taiwan] of entries(TWPhrases)) {
    if (Array.from(mainland).length > PHRASE_MAX_LENGTH || corpus.includes(mainland) || !corpus.includes(taiwan)) continue;
    const simplified = Array.from(mainland, (character) => simplifiedOf.get(character) ?? character).join('');
    phrases[mainland] = taiwan;
    if (simplified !== mainland && !corpus.includes(simplified)) phrases[simplified] = taiwan;
  }
  return { chars, phrases };
}

/**
 * The folding tables split (search-source FoldTables): those whose simplified side Big5 has, which the lexicon holds,
 * and the others, which the folding file holds.
 * @throws Error when no Big5 decoder is available (Node's TextDecoder has one with its full ICU)
 */
export function splitFoldTables(tables: FoldTables): { lexicon: FoldTables; fold: FoldTables } {
  const big5 = big5Characters();
  if (big5 === null) throw new Error('Search lexicon: no Big5 decoder (TextDecoder("big5")) to split the folding tables.');
  const inBig5 = (text: string) => Array.from(text).every((character) => big5.has(character));
  const part = (table: Record<string, string>, keep: boolean) => Object.fromEntries(Object.entries(table).filter(([key]) => inBig5(key) === keep));
  return {
    lexicon: { chars: part(tables.chars, true), phrases: part(tables.phrases, true) },
    fold: { chars: part(tables.chars, false), phrases: part(tables.phrases, false) },
  };
}

/**
 * The rewrites of the lexicon (SearchLexicon `rewrites`): the glossary's and the colloquial words, each as a query
 * holding it is folded (家财险 → 家財險), with their terms. Only the folded form: a folded query holds no character the
 * tables fold.
 * @param tables the folding tables of foldTables
 */
export function rewriteTable(tables: FoldTables): SearchLexicon['rewrites'] {
  const rewrites = new Map<string, string[]>();
  for (const [word, terms] of [...Object.entries(SEARCH_GLOSSARY), ...Object.entries(SEARCH_COLLOQUIAL)]) {
    const form = foldQuery(word, tables);
    rewrites.set(form, [...new Set([...(rewrites.get(form) ?? []), ...terms])]);
  }
  return [...rewrites].sort((a, b) => b[0].length - a[0].length);
}

/** A character's toneless syllables, every reading (pinyin-pro). */
const syllablesOf = (character: string): string[] =>
  [...new Set(pinyin(character, { toneType: 'none', type: 'array', multiple: true }))].filter((syllable) => /^[a-zü]+$/.test(syllable));

/**
 * Toneless syllable → the characters read so, most frequent first.
 * @param frequency the site's Han characters and how often it writes them
 * @param words when given, only the syllables of these words' characters (the only ones a typo can share with them)
 */
export function soundTable(frequency: ReadonlyMap<string, number>, words?: readonly string[]): Record<string, string> {
  const wanted =
    words === undefined
      ? null
      : new Set(
          words.flatMap((word) =>
            Array.from(word)
              .filter((c) => HAN.test(c))
              .flatMap(syllablesOf),
          ),
        );
  const sounds: Record<string, string> = {};
  const characters = [...frequency.keys()].sort((a, b) => frequency.get(b)! - frequency.get(a)!);
  for (const character of characters) {
    for (const syllable of syllablesOf(character)) {
      if (wanted === null || wanted.has(syllable)) sounds[syllable] = (sounds[syllable] ?? '') + character;
    }
  }
  return sounds;
}

/** The common Traditional characters: Big5's level 1 (lead bytes 0xA4–0xC6), 5,401 characters. */
function commonCharacters(): string[] {
  const decoder = new TextDecoder('big5');
  const characters: string[] = [];
  for (let lead = 0xa4; lead <= 0xc6; lead += 1) {
    for (const trail of [...Array.from({ length: 0x3f }, (_, i) => 0x40 + i), ...Array.from({ length: 0x5e }, (_, i) => 0xa1 + i)]) {
      if (lead === 0xc6 && trail > 0x7e) break;
      const character = decoder.decode(new Uint8Array([lead, trail]));
      if (HAN.test(character)) characters.push(character);
    }
  }
  return characters;
}

/**
 * Toneless syllable → the common characters the site does not write (SearchSounds `typos`): what a visitor may type
 * for a character of the site that sounds the same (src/browser/search-typos.ts).
 * @param siteCharacters the site's Han characters
 */
export function typoTable(siteCharacters: ReadonlySet<string>): Record<string, string> {
  const typos: Record<string, string> = {};
  for (const character of commonCharacters()) {
    if (siteCharacters.has(character)) continue;
    for (const syllable of syllablesOf(character)) typos[syllable] = (typos[syllable] ?? '') + character;
  }
  return typos;
}

/**
 * What the lexicon is made from besides the pages and this code, as a hex SHA-1 (part of the index's fingerprint):
 * OpenCC's dictionaries and pinyin-pro's version.
 */
export function lexiconDataDigest(): string {
  const { version } = createRequire(import.meta.url)('pinyin-pro/package.json') as { version: string };
  return createHash('sha1').update(STCharacters).update(STPhrases).update(TWPhrases).update(version).digest('hex');
}

/** The distinct pairs of neighbouring Han characters of `text` (within each run of Han characters). */
function hanPairs(text: string): Set<string> {
  const pairs = new Set<string>();
  for (const run of text.match(HAN_RUN) ?? []) {
    const characters = Array.from(run);
    for (let i = 0; i + 1 < characters.length; i += 1) pairs.add(characters[i]! + characters[i + 1]!);
  }
  return pairs;
}

/** Words a typo is compared with (module comment), most pages first. */
function typoWords(pageTexts: readonly string[], named: readonly string[]): string[] {
  const sample = pageTexts.filter((_, i) => i % Math.max(1, Math.ceil(pageTexts.length / WORD_SAMPLE_PAGES)) === 0);
  const pages = new Map<string, number>();
  for (const text of sample) {
    for (const pair of hanPairs(text)) pages.set(pair, (pages.get(pair) ?? 0) + 1);
  }
  const least = Math.max(WORD_MIN_PAGES, WORD_MIN_SHARE * sample.length);
  const count = (word: string) => pages.get(word) ?? sample.filter((text) => text.includes(word)).length;
  const frequent = [...pages].filter(([, n]) => n >= least).map(([pair]) => pair);
  const words = [...new Set([...named, ...frequent])].map((word) => ({ word, n: count(word) }));
  return words
    .sort((a, b) => b.n - a.n)
    .slice(0, WORDS_MAX)
    .map(({ word }) => word);
}

/** Shortest cover name kept, in Han characters (a shorter one abbreviates nothing). */
const COVER_MIN_LENGTH = 3;

/**
 * The names of the covers a product page lists (module comment, `covers`): the first cell of each body row of the
 * tables in its `main` (保障項目, 給付項目, 險種: the product page's Markdown tables), each Han run of COVER_MIN_LENGTH
 * characters or more that does not end in 險 (班機延誤, 颱風及洪水; not 車體損失險: a name ending in 險 is an insurance's,
 * which search-words.ts abbreviationsOf reads from the best pages and synonyms only, and a cover's own words are what a
 * visitor's 班延險 abbreviates).
 * @param html a product page's HTML
 * @returns the names, each once, in the page's order
 */
export function productCovers(html: string): string[] {
  const main = parse(html).querySelector('main');
  const cells = main?.querySelectorAll('tr').map((row) => row.querySelector('td')?.text ?? '') ?? [];
  const runs = cells.flatMap((cell) => cell.match(HAN_RUN) ?? []).filter((run) => Array.from(run).length >= COVER_MIN_LENGTH && !run.endsWith('險'));
  return [...new Set(runs)];
}

/**
 * The question vocabulary (module comment, `topics`): the Han character pairs of at least TOPIC_MIN_QUESTIONS of the
 * questions' titles, most questions first.
 * @param pages the index's pages (readIndexedPages); those matching SEARCH_QUESTION_RECORDS are the questions
 */
export function questionTopics(pages: readonly IndexedPage[]): string[] {
  const questions = new Map<string, number>();
  for (const page of pages) {
    if (!SEARCH_QUESTION_RECORDS.test(page.path)) continue;
    for (const pair of hanPairs(page.title)) questions.set(pair, (questions.get(pair) ?? 0) + 1);
  }
  return [...questions]
    .filter(([, count]) => count >= TOPIC_MIN_QUESTIONS)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([pair]) => pair);
}

/**
 * The search lexicon of a site and its typo sounds (the two files of the module comment).
 * @param options.pageTexts the text of each indexed page (any order)
 * @param options.pages the index's pages (readIndexedPages)
 * @param options.covers the product pages' cover names (productCovers), any order
 */
export function buildLexicon(options: { pageTexts: readonly string[]; pages: readonly IndexedPage[]; covers?: readonly string[] }): {
  lexicon: SearchLexicon;
  fold: FoldTables;
  sounds: SearchSounds;
  typos: Record<string, string>;
} {
  const { pageTexts, pages } = options;
  const frequency = new Map<string, number>();
  const distinct = new Set<string>();
  for (const text of pageTexts) {
    for (const run of text.match(HAN_RUN) ?? []) {
      distinct.add(run);
      for (const character of run) if (HAN.test(character)) frequency.set(character, (frequency.get(character) ?? 0) + 1);
    }
  }
  const byPath = new Map(pages.map((page) => [page.path, page]));
  const withSynonyms = (terms: readonly string[]) => [
    ...new Set(terms.flatMap((term) => [term, ...SEARCH_SYNONYMS.filter((group) => group.includes(term)).flat()])),
  ];
  const bets: SearchLexicon['bets'] = [];
  for (const [path, terms] of Object.entries(SEARCH_BEST_BETS)) {
    const page = byPath.get(path);
    if (page?.title) bets.push([withSynonyms(terms), page.id, page.file]);
  }
  for (const page of pages) {
    if (SEARCH_PRODUCT_PAGES.test(page.path) && page.title) bets.push([withSynonyms([page.title]), page.id, page.file]);
  }
  const groups = new Map<string, string[]>();
  for (const page of pages) {
    if (!SEARCH_COLLAPSED_PAGES.some((pattern) => pattern.test(page.path))) continue;
    const key = page.path.replace(/\/[^/]+$/, '');
    groups.set(key, [...(groups.get(key) ?? []), page.id]);
  }
  const named = [...SEARCH_SYNONYMS.flat(), ...bets.flatMap(([terms]) => terms)];
  const words = typoWords(pageTexts, named);
  const tables = foldTables([...distinct].join('\n'), new Set(frequency.keys()));
  const { lexicon: big5Tables, fold } = splitFoldTables(tables);
  return {
    fold,
    lexicon: {
      ...big5Tables,
      synonyms: SEARCH_SYNONYMS.map((group) => [...group]),
      stopWords: [...SEARCH_STOP_WORDS].sort((a, b) => b.length - a.length),
      bets,
      groups: [...groups.values()].filter((ids) => ids.length > 1),
      records: pages.length,
      rewrites: rewriteTable(tables),
      topics: questionTopics(pages),
      // Sorted: the pages are read in parallel, and the same site must write the same lexicon.
      covers: [...new Set(options.covers ?? [])].sort(),
    },
    sounds: { sounds: soundTable(frequency), words },
    typos: typoTable(new Set(frequency.keys())),
  };
}
