/**
 * The site search's files and text forms (src/browser/site-search.ts searches with them): the index's spaced Han
 * characters and the phrase query of a term (spaceHan, phraseQuery), full-width folding, the shapes of the search
 * lexicon, folding, typo sounds and typo files the build writes beside the index (src/integrations/search-lexicon.ts)
 * and where they are, loading them once each (siteLexicon), folding a query with the lexicon and, for a query with
 * characters Big5 does not have, the folding file (needsFold, withFold, foldQuery), the parts of Pagefind's
 * JS API used, and reading a page's data from its fragment file by id (fragmentData).
 *
 * This module imports nothing at run time but search-text.ts (the recall tool, scripts/search-recall.mjs, serves them
 * to the browser, their types stripped).
 */

import { EXCERPT_ELLIPSIS, EXCERPT_WORDS } from './search-text.ts';

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
 * Text as a Pagefind search of its words: its characters spaced as the index holds them, single spaces, none at the
 * ends (`機車險 理賠` → `機 車 險 理 賠`): every record holding them all, ranked by Pagefind.
 * @param text query text
 */
export function wordsQuery(text: string): string {
  return spaceHan(text).replace(/\s+/g, ' ').trim();
}

/**
 * A query term as a Pagefind phrase search: its characters spaced as the index holds them (`機車險` → `"機 車 險"`).
 * @param term one term of queryTerms
 */
export function phraseQuery(term: string): string {
  return `"${wordsQuery(term)}"`;
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
 * LEXICON_URL). Page ids are Pagefind's result ids.
 */
export interface SearchLexicon {
  /**
   * Simplified → traditional characters (OpenCC, only those whose traditional form the site writes); here those Big5
   * has (FoldTables), the others in the folding file.
   */
  chars: Record<string, string>;
  /** Simplified → traditional phrases that characters alone convert otherwise (旅游 → 旅遊; likewise, FoldTables). */
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
  /**
   * The site's question vocabulary: character pairs that several FAQ questions hold (src/integrations/search-lexicon.ts
   * questionTopics); a visitor's letter is searched by its words holding one first (search-words.ts sentenceWords).
   */
  topics?: string[];
  /**
   * The names of the covers the product pages list (the first cell of each row of their tables, src/integrations/
   * search-lexicon.ts productCovers: 班機延誤, 行李損失): words a visitor abbreviates (班延險) though no best page is named
   * by them (search-query.ts abbreviationNames).
   */
  covers?: string[];
}

/**
 * The simplified → traditional tables of a query's folding (SearchLexicon `chars` and `phrases`). The lexicon holds
 * those whose simplified side is written in Big5's characters (万, 机, 网; 信息 → 資訊, 旅游 → 旅遊), which a query in
 * Traditional characters may hold; the others (车 → 車, 台风 → 颱風: a simplified character Big5 does not have) are in
 * a file of their own (FOLD_URL), fetched only for a query holding such a character (needsFold), so
 * that a query in Traditional characters does without its bytes (about 4 KB of every first search).
 */
export type FoldTables = Pick<SearchLexicon, 'chars' | 'phrases'>;

/** One Han character (not global: `test` keeps no state). */
const ONE_HAN = /^\p{Script=Han}$/u;

/** Big5's characters of levels 1 and 2 (lead bytes 0xA4–0xF9), decoded once; null where the browser has no Big5 decoder. */
let big5: Set<string> | null | undefined;

/**
 * The Han characters of Big5's levels 1 and 2 (lead bytes 0xA4–0xF9, trail bytes 0x40–0x7E and 0xA1–0xFE), as the
 * Encoding Standard's big5 decoder reads them (the browser's TextDecoder; the build's, which splits the tables, is the
 * same standard's).
 * @returns the characters, or null where no Big5 decoder is available
 */
export function big5Characters(): ReadonlySet<string> | null {
  if (big5 !== undefined) return big5;
  try {
    const bytes: number[] = [];
    for (let lead = 0xa4; lead <= 0xf9; lead += 1) {
      for (let trail = 0x40; trail <= 0xfe; trail += 1) if (trail <= 0x7e || trail >= 0xa1) bytes.push(lead, trail);
    }
    big5 = new Set(Array.from(new TextDecoder('big5').decode(new Uint8Array(bytes))).filter((character) => ONE_HAN.test(character)));
  } catch {
    big5 = null;
  }
  return big5;
}

/**
 * Whether a query needs the folding file (FoldTables): it holds a Han character outside Big5's (big5Characters), after
 * NFKC; always where the browser has no Big5 decoder.
 */
export function needsFold(query: string): boolean {
  const characters = big5Characters();
  return characters === null || Array.from(query.normalize('NFKC')).some((character) => ONE_HAN.test(character) && !characters.has(character));
}

/** The lexicon's folding tables and the folding file's as one (foldQuery). */
export const withFold = (lexicon: FoldTables, fold: FoldTables): FoldTables => ({
  chars: { ...lexicon.chars, ...fold.chars },
  phrases: { ...lexicon.phrases, ...fold.phrases },
});

/**
 * What a typo is compared with, loaded only by a search with a term that finds (almost) nothing, so that most searches
 * do without its bytes: its `sounds` (SOUNDS_URL) and its `words` (WORDS_URL), two
 * files, as a visitor's sentence reads its words mistyped by the sounds alone (LexiconSource `readings`).
 */
export interface SearchSounds {
  /** Toneless pinyin syllable → the site's characters read so (`pei` → `賠陪培…`), for the syllables of `words`. */
  sounds: Record<string, string>;
  /** Words a visitor may have meant (synonyms, best bets' terms, product titles, frequent words), most frequent first. */
  words: string[];
}

/**
 * What a typo of a character the site does not write is read by (TYPOS_URL): toneless syllable → the
 * common characters (Big5's level 1) the site does not write, which a visitor may type for one it does
 * (src/browser/search-typos.ts). Fetched only when a suspected typo is such a character.
 */
export type SearchTypos = Record<string, string>;

/**
 * The shape of the lexicon's files (SearchLexicon, FoldTables, SearchSounds, SearchTypos) that this code reads, named in
 * their file names (SEARCH_FILES): a change of any file's shape raises it. A search page opened before a deploy runs the
 * code it was built with for as long as it stays open, and fetches the lexicon's files when a search first needs them,
 * maybe after the switch: with the shape in the name, it fetches the files of its own shape, which the deploy carries
 * over into the new release for a day (scripts/lib/releases.mjs CARRIED_FOLDERS, ASSET_GRACE_MS), instead of reading
 * a new shape its code does not know (REFERENCE.md "Publishing rules": old pages' assets stay reachable). A test of the
 * built site pins the shapes this number stands for (tests/site/search-lexicon-files.test.ts).
 */
export const LEXICON_FORMAT = 3;

/** File names of the lexicon's files in the index's folder (`pagefind/`), each with the shape's number (LEXICON_FORMAT). */
export const SEARCH_FILES = Object.freeze({
  /** What every search needs (SearchLexicon). */
  lexicon: `site-lexicon.${LEXICON_FORMAT}.json`,
  /** The folding tables of the characters Big5 does not have (FoldTables). */
  fold: `site-fold.${LEXICON_FORMAT}.json`,
  /** The sounds of the typo suggestions (SearchSounds `sounds`). */
  sounds: `site-sounds.${LEXICON_FORMAT}.json`,
  /** The words of the typo suggestions (SearchSounds `words`). */
  words: `site-words.${LEXICON_FORMAT}.json`,
  /** The sounds of the characters the site does not write (SearchTypos). */
  typos: `site-typos.${LEXICON_FORMAT}.json`,
});

/** Where the build writes the lexicon (in the index's folder, so it comes and goes with it). */
export const LEXICON_URL = `/pagefind/${SEARCH_FILES.lexicon}`;
/** Where the build writes the folding tables of the characters Big5 does not have (beside the lexicon; FoldTables). */
export const FOLD_URL = `/pagefind/${SEARCH_FILES.fold}`;
/** Where the build writes the sounds of the typo suggestions (beside the lexicon; SearchSounds `sounds`). */
export const SOUNDS_URL = `/pagefind/${SEARCH_FILES.sounds}`;
/** Where the build writes the words of the typo suggestions (beside the lexicon; SearchSounds `words`). */
export const WORDS_URL = `/pagefind/${SEARCH_FILES.words}`;
/** Where the build writes the sounds of the characters the site does not write (beside the lexicon). */
export const TYPOS_URL = `/pagefind/${SEARCH_FILES.typos}`;
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
  /** The folding tables of the characters Big5 does not have (absent: the lexicon's alone fold a query). */
  fold?: () => Promise<FoldTables>;
  sounds: () => Promise<SearchSounds>;
  /** The sounds alone, without the words (absent: `sounds` is asked instead). */
  readings?: () => Promise<Pick<SearchSounds, 'sounds'>>;
  /** The sounds of the characters the site does not write (absent: no such typo is read). */
  typos?: () => Promise<SearchTypos>;
}

/**
 * The site's lexicon files (LEXICON_URL, FOLD_URL, SOUNDS_URL, WORDS_URL, TYPOS_URL) as a LexiconSource: the folding
 * file is only fetched for a query that needs it (needsFold), the sounds and the words by a search that needs a
 * suggestion (the sounds alone by a sentence read for its words mistyped), the typos' by one whose suspected typo is a
 * character the site does not write.
 * A failed fetch is not kept, so the next search tries again.
 */
export function siteLexicon(urls: { lexicon?: string; fold?: string; sounds?: string; words?: string; typos?: string } = {}): LexiconSource {
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
  const readings = once<Pick<SearchSounds, 'sounds'>>(urls.sounds ?? SOUNDS_URL);
  const words = once<string[]>(urls.words ?? WORDS_URL);
  return {
    lexicon: once<SearchLexicon>(urls.lexicon ?? LEXICON_URL),
    fold: once<FoldTables>(urls.fold ?? FOLD_URL),
    // Without the words file (a failed fetch), no words: the search goes on without a suggestion rather than failing.
    sounds: async () => {
      const [loaded, list] = await Promise.all([readings(), words().catch(() => [])]);
      return { sounds: loaded.sounds, words: list };
    },
    readings,
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
export function foldQuery(query: string, lexicon: FoldTables): string {
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
export async function fragmentData(id: string, file: string): Promise<PagefindData> {
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

/**
 * Pages of one group (the locations' regions, a download item's pages) show once, the best ranked.
 * @param results ranked, best first
 * @param groups ids of the records that are one page, each group's first id naming it
 * @returns the results with each group's best only, in their order
 */
export function oncePerGroup(results: PagefindResult[], groups: readonly (readonly string[])[]): PagefindResult[] {
  const group = new Map(groups.flatMap((ids) => ids.map((id) => [id, ids[0]!] as const)));
  const shown = new Set<string>();
  return results.filter((result) => {
    const one = group.get(result.id) ?? result.id;
    if (shown.has(one)) return false;
    shown.add(one);
    return true;
  });
}
