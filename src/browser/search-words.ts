/**
 * The words of a query as the site search ranks them (src/browser/search-rank.ts scores with them): a text cut into
 * the grams the index is searched by (textGrams: overlapping pairs of Han characters, Latin words and numbers whole),
 * the word boundaries the browser's segmenter sees (wordBoundaries), the weight of a pair across two words
 * (pairFactors), and a visitor's letter searched by its most telling content words (isSentence, sentenceWords).
 *
 * This module imports nothing at run time (the recall tool serves it to the browser as it is, its types stripped).
 */

/** One Han character. */
export const HAN_CHARACTER = /\p{Script=Han}/u;
/** A run of Han characters, or a Latin word or number. */
export const TOKEN = /\p{Script=Han}+|[\p{L}\p{N}]+/gu;

/**
 * The grams of a text (module comment): its Han runs cut into overlapping character pairs (a run of one character is
 * itself a gram), its other words whole, lower case, each once.
 * @param text a term or any text
 * @returns the grams in order of their first place
 */
export function textGrams(text: string): string[] {
  const grams: string[] = [];
  for (const token of text.toLowerCase().match(TOKEN) ?? []) {
    const characters = Array.from(token);
    if (!HAN_CHARACTER.test(characters[0]!) || characters.length === 1) grams.push(token);
    else for (let i = 0; i + 1 < characters.length; i += 1) grams.push(characters[i]! + characters[i + 1]!);
  }
  return [...new Set(grams)];
}

/**
 * Weight of a character pair that spans two words of the query (内要 of 多久內要通知) against one inside a word (通知):
 * such a pair is held by few records, so its rarity alone would weigh it much, while it says little of what the
 * visitor asks. Site choice.
 */
export const CROSS_WORD_WEIGHT = 0.3;

/** The browser's word segmenter for Chinese (ICU's dictionary), made once; absent where Intl.Segmenter is. */
let segmenter: Intl.Segmenter | null | undefined;
const wordSegmenter = (): Intl.Segmenter | null =>
  (segmenter ??= typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('zh-TW', { granularity: 'word' }) : null);

/**
 * Where the words of a run of Han characters end: the browser's segmentation (Intl.Segmenter, ICU's dictionary)
 * joined wherever one of the site's own words (`known`) covers it, so 車損險 or 理賠 stay one word though the
 * dictionary cuts them. Without a segmenter no place is a boundary (the run is one word).
 * @param characters the run's characters
 * @param known the site's words
 * @returns boundary[i]: a word ends before character i (boundary[0] is true)
 */
export function wordBoundaries(characters: readonly string[], known: ReadonlySet<string>): boolean[] {
  const words = wordSegmenter();
  const boundary = characters.map(() => false);
  if (words === null) return boundary;
  const token = characters.join('');
  let at = 0;
  for (const { segment } of words.segment(token)) {
    boundary[at] = true;
    at += Array.from(segment).length;
  }
  for (const word of known) {
    const letters = Array.from(word);
    if (letters.length < 2) continue;
    for (let from = token.indexOf(word); from !== -1; from = token.indexOf(word, from + 1)) {
      const start = Array.from(token.slice(0, from)).length;
      for (let i = start + 1; i < start + letters.length; i += 1) boundary[i] = false;
    }
  }
  return boundary;
}

/**
 * How many times more records the overlapping pair must hold for a pair to be read across two words (heldFactors):
 * in 續保有優惠 the browser's dictionary reads 保有 (to retain) as a word, but the index holds 續保 in 47 records and
 * 保有 in one, so 保 belongs to 續保. Site choice.
 */
export const PAIR_HOLDER_RATIO = 8;

/** Where a text's site words (`known`) lie: covered[i] when characters i and i + 1 are inside one of them. */
function knownPairs(characters: readonly string[], known: ReadonlySet<string>): boolean[] {
  const token = characters.join('');
  const covered = characters.map(() => false);
  for (const word of known) {
    const letters = Array.from(word);
    if (letters.length < 2) continue;
    for (let from = token.indexOf(word); from !== -1; from = token.indexOf(word, from + 1)) {
      const start = Array.from(token.slice(0, from)).length;
      for (let i = start; i + 1 < start + letters.length; i += 1) covered[i] = true;
    }
  }
  return covered;
}

/**
 * How much each character pair of a text counts (module comment: grams): 1 for a pair inside a word, CROSS_WORD_WEIGHT
 * for one that spans two (wordBoundaries); when `holders` is given, the index's own words decide where a character
 * shared by two pairs belongs, whatever the dictionary says: a pair held PAIR_HOLDER_RATIO times less often than an
 * overlapping pair is across words (unless a site word, `known`, holds it), the far more held pair inside one. Without a segmenter every pair counts 1.
 * @param text a term or an alternative of one
 * @param known the site's words; null when the query is one word (queryWords), whose pairs all count 1
 * @param holders records holding each pair (the grams searched), when known
 * @returns each pair of textGrams(text) with its factor (the highest where a pair occurs twice); other grams are absent
 *   and count 1
 */
export function pairFactors(text: string, known: ReadonlySet<string> | null, holders?: ReadonlyMap<string, number>): Map<string, number> {
  const factors = new Map<string, number>();
  if (known === null || wordSegmenter() === null) return factors;
  for (const token of text.toLowerCase().match(TOKEN) ?? []) {
    const characters = Array.from(token);
    if (!HAN_CHARACTER.test(characters[0]!) || characters.length < 2) continue;
    const boundary = wordBoundaries(characters, known);
    const site = holders === undefined ? [] : knownPairs(characters, known);
    const held = (i: number) => (i < 0 || i + 1 >= characters.length ? 0 : (holders?.get(characters[i]! + characters[i + 1]!) ?? 0));
    const pairs = characters.slice(1).map((_, i) => (boundary[i + 1] ? CROSS_WORD_WEIGHT : 1));
    // The index's word wins the shared character: the rarer pair is across words, the far more held one inside one.
    const outheld = (i: number, by: number) => holders !== undefined && !site[i] && held(i) > 0 && held(by) >= PAIR_HOLDER_RATIO * held(i);
    pairs.forEach((_, i) => {
      for (const by of [i - 1, i + 1]) {
        if (!outheld(i, by)) continue;
        pairs[i] = CROSS_WORD_WEIGHT;
        if (!outheld(by, by - 1) && !outheld(by, by + 1)) pairs[by] = 1;
      }
    });
    pairs.forEach((factor, i) => {
      const pair = characters[i]! + characters[i + 1]!;
      factors.set(pair, Math.max(factors.get(pair) ?? 0, factor));
    });
  }
  return factors;
}

/**
 * Shortest query, in characters of its terms (question words aside), read as a visitor's letter and searched by its
 * content words (sentenceWords): an FAQ question or a headline (10–20 characters) is searched whole, each of its
 * characters counting. Site choice.
 */
export const SENTENCE_MIN_LENGTH = 20;

/**
 * A quantity written in Chinese numerals, with at most 個 and one measure word (七十二歲, 一個, 兩個月, 好幾千, 幾天):
 * in a letter, the visitor's own figure (an age, how long ago, how much it cost) tells their story, not what they ask,
 * and the insurer's text writes its figures in digits (出生滿 15 天, 5 日內), so such a word spends a letter's
 * characters (SENTENCE_MAX_CHARACTERS) on matches by chance. Words that begin with a numeral but say more (一般, 一樓,
 * 一定) are no quantity.
 */
const QUANTITY = /^[〇零一二三四五六七八九十百千萬兩幾好半]+個?[歲個年月天日週周次件張台元塊倍成]?$/u;

/** Whether a query's terms (question words aside) are a visitor's letter (SENTENCE_MIN_LENGTH characters or more). */
export const isSentence = (terms: readonly string[]): boolean => terms.reduce((sum, term) => sum + Array.from(term).length, 0) >= SENTENCE_MIN_LENGTH;

/**
 * The content words of a visitor's letter (isSentence): each term cut into its words (wordBoundaries; two of one
 * character joined where the site's questions write their pair: rejoinTopics), the words of one Han character left
 * out (他, 被, 從, 去, 等: the grammar of a sentence, which every record holds; a site's one-character word such as 險
 * is no query of its own in a sentence) and so are quantities
 * (QUANTITY: 七十二歲, 一個), Latin words and
 * numbers kept (ATM). What is left is searched: the content words decide the match, and the index chunks of the
 * sentence's grammar characters are not loaded (every character searched loads its chunks, about 2–3 KB each).
 * @param terms the sentence's terms (intentTerms)
 * @param known the site's words, kept whole
 * @param topics the site's question vocabulary (SearchLexicon `topics`: pairs several FAQ questions hold): a word
 *   holding one is kept before the other words but the site's own (mostTelling)
 * @returns the words in order; the terms themselves when no word of two characters is left
 */
export function sentenceWords(terms: readonly string[], known: ReadonlySet<string>, topics: ReadonlySet<string> = new Set()): string[] {
  const words = terms
    .flatMap((term) => rejoinTopics(termWords(term, known), topics))
    .filter((word) => !HAN_CHARACTER.test(word) || (Array.from(word).length >= 2 && !QUANTITY.test(word)));
  return words.some((word) => HAN_CHARACTER.test(word)) ? mostTelling(words, known, topics) : [...terms];
}

/**
 * A term's words with each two of one Han character side by side joined back where their pair is of the site's
 * question vocabulary (`topics`): the browser's segmenter cuts some of the insurer's words into characters (續保會 →
 * 續, 保, 會; 車子都 → 車, 子, 都), and a letter leaves words of one character out (sentenceWords).
 * @param words a term's words (termWords)
 * @param topics the site's question vocabulary (SearchLexicon `topics`)
 * @returns the words, those pairs joined, in order
 */
export function rejoinTopics(words: readonly string[], topics: ReadonlySet<string>): string[] {
  const joined: string[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const [word, next] = [words[i]!, words[i + 1]];
    const single = (text: string | undefined) => text !== undefined && Array.from(text).length === 1 && HAN_CHARACTER.test(text);
    if (single(word) && single(next) && topics.has(word + next)) {
      joined.push(word + next);
      i += 1;
    } else joined.push(word);
  }
  return joined;
}

/**
 * A term's words as the browser's segmenter cuts its Han runs (wordBoundaries, the site's words whole), words of one
 * character included (sentenceWords leaves those out), its Latin words and numbers whole; without a segmenter, its
 * runs whole.
 * @param term a term of the query
 * @param known the site's words, kept whole
 * @returns the words in order
 */
export function termWords(term: string, known: ReadonlySet<string>): string[] {
  const words: string[] = [];
  for (const token of term.toLowerCase().match(TOKEN) ?? []) {
    const characters = Array.from(token);
    if (!HAN_CHARACTER.test(characters[0]!)) {
      words.push(token);
      continue;
    }
    const boundary = wordBoundaries(characters, known);
    let start = 0;
    for (let i = 1; i <= characters.length; i += 1) {
      if (i < characters.length && !boundary[i]) continue;
      words.push(characters.slice(start, i).join(''));
      start = i;
    }
  }
  return words;
}

/**
 * Most Han characters a visitor's letter is searched by (sentenceWords): each character searched loads its index
 * chunks (about 2 KB each), so a letter of fifty characters would cost more than a first search may
 * (SEARCH_FIRST_SEARCH_KB). Site choice.
 */
export const SENTENCE_MAX_CHARACTERS = 20;

/**
 * A letter's words cut down to SENTENCE_MAX_CHARACTERS distinct characters, the most telling kept: the site's own words
 * first (its products, services and the words its rewrites know), then the words holding a pair of the site's question
 * vocabulary (`topics`: 朋友 of a letter that begins with it, before its later 三天 and 主要, which no two
 * of the insurer's questions write), then the longer words (高血壓 says more than 回來),
 * the later first among equals (a letter tells what happened first and ends in what it asks: 要去哪裡申請); kept in the
 * letter's order.
 */
function mostTelling(words: readonly string[], known: ReadonlySet<string>, topics: ReadonlySet<string>): string[] {
  const length = (word: string) => Array.from(word).length;
  const rank = (word: string) => (known.has(word) ? 2 : textGrams(word).some((gram) => topics.has(gram)) ? 1 : 0);
  const order = words
    .map((word, place) => ({ word, place }))
    .sort((a, b) => rank(b.word) - rank(a.word) || length(b.word) - length(a.word) || b.place - a.place);
  const characters = new Set<string>();
  const kept = new Set<number>();
  for (const { word, place } of order) {
    const added = Array.from(word).filter((character) => HAN_CHARACTER.test(character) && !characters.has(character));
    if (characters.size + added.length > SENTENCE_MAX_CHARACTERS && kept.size > 0) continue;
    for (const character of added) characters.add(character);
    kept.add(place);
  }
  return words.filter((_, place) => kept.has(place));
}

/**
 * Most distinct Han characters a query's words and their alternatives (synonyms, rewrites) search together: each
 * character loads its index chunk (about 2.2 KB gzip, SEARCH_INDEX_CHUNK_LOCATIONS of src/site/limits.ts), and a
 * visitor's letter with its alternatives loaded up to 27 chunks, about 60 KB of a first search's SEARCH_FIRST_SEARCH_KB
 * (src/site/limits.ts). A query's own words are searched whatever their count (a letter's are cut to
 * SENTENCE_MAX_CHARACTERS). Count, site choice, measured by the search bench (`--bytes --half tune`): 24 took the
 * largest first search from 183.9 to 173.4 KB with the same relevant results; 20 (the alternatives in the words'
 * order) cost the visitor questions a quarter of their relevant first results.
 */
export const QUERY_MAX_CHUNKS = 24;

/**
 * A query's alternatives cut to its chunk budget (QUERY_MAX_CHUNKS characters, counted as one chunk each): every
 * word itself is kept, then the alternatives, those adding fewest new characters first, each only when the characters
 * it adds keep the query within the budget.
 * @param alternatives per word: the word first, then its other ways to write it
 * @returns the same lists, the alternatives over the budget left out
 */
export function withinChunks(alternatives: readonly (readonly string[])[]): string[][] {
  const han = (text: string) => Array.from(text).filter((character) => HAN_CHARACTER.test(character));
  const characters = new Set(alternatives.flatMap((list) => (list[0] === undefined ? [] : han(list[0]))));
  const kept = alternatives.map((list) => new Set(list.slice(0, 1)));
  // The alternatives adding fewest characters first (汽車險 beside 汽車保險 adds none).
  const others = alternatives
    .flatMap((list, word) => list.slice(1).map((other) => ({ other, word, cost: new Set(han(other).filter((c) => !characters.has(c))).size })))
    .sort((a, b) => a.cost - b.cost);
  for (const { other, word } of others) {
    const added = new Set(han(other).filter((character) => !characters.has(character)));
    if (characters.size + added.size > QUERY_MAX_CHUNKS) continue;
    for (const character of added) characters.add(character);
    kept[word]!.add(other);
  }
  return alternatives.map((list, word) => list.filter((other) => kept[word]!.has(other)));
}

/** Longest term, in characters, read as an abbreviation of a site word (abbreviationsOf). */
const ABBREVIATION_MAX_LENGTH = 5;
/**
 * Shortest short name ending in 險 that is read inside an insurance's name, not only from its start (地震基本險 →
 * 住宅地震基本保險): four characters in order are specific enough, while 康險 would fit every 健康保險. Site choice.
 */
const ABBREVIATION_INSIDE_LENGTH = 4;
/** Most site words an abbreviation stands for (the shortest). Site choice. */
const ABBREVIATIONS_MAX = 2;

/**
 * The site's own words a term may abbreviate, from the index's vocabulary rather than a table (REFERENCE.md "Browser
 * side": "Search understands the visitor"): longer words of `names` (its best pages' terms, synonyms and its products'
 * covers: search-query.ts abbreviationNames) that begin with
 * the term's first character and hold all of its characters in order, ending in 險 when it does (傷健險 → 傷害健康保險,
 * 駕傷險 → 駕駛人傷害險; from ABBREVIATION_INSIDE_LENGTH characters, when no name begins with it, one that holds it
 * further in: 地震基本險 → 住宅地震基本保險); the shortest first, at most ABBREVIATIONS_MAX. When no insurance's name holds a term ending
 * in 險, the term names a cover by the cover's own words, which do not end in 險 (海突險 → 海外突發疾病, 颱洪險 →
 * 颱風洪水): the words holding its other characters (two or more) in order.
 * @param term a term of the query (folded), of 2 to ABBREVIATION_MAX_LENGTH Han characters; others have none
 * @param names the site's words
 */
export function abbreviationsOf(term: string, names: Iterable<string>): string[] {
  const letters = Array.from(term);
  if (letters.length < 2 || letters.length > ABBREVIATION_MAX_LENGTH || !letters.every((letter) => HAN_CHARACTER.test(letter))) return [];
  const unique = [...new Set(names)];
  const shortestHolding = (wanted: readonly string[], keep: (characters: readonly string[]) => boolean, inside = false) =>
    unique
      .filter((name) => {
        const characters = Array.from(name);
        if (characters.length <= wanted.length || (!inside && characters[0] !== wanted[0]) || !keep(characters)) return false;
        let at = 0;
        for (const character of characters) if (character === wanted[at]) at += 1;
        return at === wanted.length;
      })
      .sort((a, b) => Array.from(a).length - Array.from(b).length)
      .slice(0, ABBREVIATIONS_MAX);
  if (letters.at(-1) !== '險') return shortestHolding(letters, () => true);
  const insurance = (characters: readonly string[]) => characters.at(-1) === '險';
  const insurances = shortestHolding(letters, insurance);
  if (insurances.length > 0 || letters.length < 3) return insurances;
  // A longer short name may leave out the name's first word (地震基本險: 住宅地震基本保險).
  const inner = letters.length >= ABBREVIATION_INSIDE_LENGTH ? shortestHolding(letters, insurance, true) : [];
  if (inner.length > 0) return inner;
  return shortestHolding(letters.slice(0, -1), (characters) => characters.at(-1) !== '險');
}

/**
 * Per term, the site words it abbreviates (abbreviationsOf) when no record holds the term whole: a word the site writes
 * is the visitor's word as it is.
 * @param terms the query's terms (pieces)
 * @param phrases the records holding a word (search-query.ts phraseSearcher)
 * @param names the site's words (the lexicon's best pages' terms and synonyms)
 * @returns per term, the words (none for most)
 */
export async function termAbbreviations(
  terms: readonly string[],
  phrases: (word: string) => Promise<{ size: number }>,
  names: readonly string[],
): Promise<string[][]> {
  return Promise.all(
    terms.map(async (term) => {
      const words = abbreviationsOf(term, names);
      return words.length === 0 || (await phrases(term)).size > 0 ? [] : words;
    }),
  );
}

/**
 * A text with a word replaced wherever it occurs, the characters just before it that begin the replacement taken
 * into it rather than written twice: 旅不便險 with 不便險 → 旅遊不便險 is 旅遊不便險, not 旅旅遊不便險 (the visitor's
 * 旅 was the start of the site's word).
 */
export function replaceWord(text: string, word: string, replacement: string): string {
  const parts = text.split(word);
  const head = Array.from(replacement);
  return parts.reduce((joined, part, i) => {
    if (i === 0) return part;
    const before = Array.from(joined);
    let taken = 0;
    for (let k = Math.min(before.length, head.length - 1); k > 0; k -= 1) {
      if (before.slice(before.length - k).join('') === head.slice(0, k).join('')) {
        taken = k;
        break;
      }
    }
    return before.slice(0, before.length - taken).join('') + replacement + part;
  }, '');
}
