/**
 * Near-homophone typos inside longer words (src/browser/site-search.ts runs it; REFERENCE.md "Site search"): a
 * visitor who types 颱風紅水 for 颱風洪水 has one character that sounds like the right one (紅/洪, both hong). Such a
 * character shows in the index's answers: the character pairs on both sides of it are held by no record, while the
 * pairs next to them are. For such a character, the characters of the site read the same (toneless pinyin, every
 * reading; the build's table of the index's own vocabulary, pinyin-pro: src/integrations/search-lexicon.ts) are tried,
 * most frequent first, and the first whose pairs records hold replaces it. Nothing is listed by hand: the words are
 * those of the index.
 *
 * This module imports nothing at run time (the recall tool serves it to the browser as it is, its types stripped).
 */

/** Characters read so (SearchSounds `sounds` and `typos`): toneless syllable → characters, the site's most frequent first. */
export type SoundTable = Record<string, string>;

/** Most characters tried in place of a suspected typo (each is one or two phrase searches). Site choice. */
export const TYPO_TRIES = 8;
/** Most suspected typos per query. Site choice. */
export const TYPO_MAX = 3;
/** Shortest term, in characters, searched for typos here (shorter ones get a whole-word suggestion instead). */
export const TYPO_MIN_TERM = 3;
/**
 * Longest term, in characters, searched for typos: a longer one is a visitor's sentence, whose pairs across words no
 * record holds anyway, and trying it would fetch the sounds (about 19 KB) for nothing. Site choice.
 */
export const TYPO_MAX_TERM = 8;
/**
 * Most characters of a query's terms together (question words aside) for its typos to be sought: a longer query is a
 * visitor's sentence, where one slip costs a pair or two of many, not the match, and seeking it would fetch the
 * sounds (about 18 KB) that a first search can least afford. Site choice.
 */
export const TYPO_MAX_QUERY = 10;

/**
 * Whether a query's typos are sought (TYPO_MAX_QUERY).
 * @param terms the query's terms, question words aside
 * @returns true when their characters together are at most TYPO_MAX_QUERY
 */
export const seeksTypos = (terms: readonly string[]): boolean => terms.reduce((sum, term) => sum + Array.from(term).length, 0) <= TYPO_MAX_QUERY;

const HAN = /^\p{Script=Han}$/u;

/** Character → its toneless syllables, from the site's table and the table of common characters the site does not write. */
export function readingTable(...tables: (SoundTable | undefined)[]): Map<string, string[]> {
  const readings = new Map<string, string[]>();
  for (const table of tables) {
    for (const [syllable, characters] of Object.entries(table ?? {})) {
      for (const character of characters) readings.set(character, [...new Set([...(readings.get(character) ?? []), syllable])]);
    }
  }
  return readings;
}

/**
 * The places of a term where a typo is suspected: a Han character inside it (Han characters on both sides) whose
 * pairs with both no record holds, next to a pair some record holds. A character at a term's edge whose pair no
 * record holds is a word of its own beside a word (保 of 保意外險, 錢 of 賠多少錢) far more often than a typo, and
 * trying its sound-alikes would load the index chunks of each (a whole word mistyped, 理陪, is suggested by
 * soundAlikeWords instead).
 * @param characters the term's characters
 * @param held whether records hold a pair (its two characters)
 * @returns the places, left to right
 */
export function suspectedTypos(characters: readonly string[], held: (pair: string) => boolean): number[] {
  const pairHeld = (i: number) =>
    i >= 0 && i + 1 < characters.length && HAN.test(characters[i]!) && HAN.test(characters[i + 1]!) && held(characters[i]! + characters[i + 1]!);
  const places: number[] = [];
  for (let i = 0; i < characters.length; i += 1) {
    if (!HAN.test(characters[i]!)) continue;
    const before = i > 0 && HAN.test(characters[i - 1]!);
    const after = i + 1 < characters.length && HAN.test(characters[i + 1]!);
    if (!before || !after) continue;
    if ((before && pairHeld(i - 1)) || (after && pairHeld(i))) continue;
    if (pairHeld(i - 2) || pairHeld(i + 1)) places.push(i);
  }
  return places;
}

/**
 * The characters of the site that sound like `character`, most frequent first (the site's table lists them so).
 * @param sounds the site's characters by syllable
 */
export function soundAlikeCharacters(character: string, readings: ReadonlyMap<string, string[]>, sounds: SoundTable): string[] {
  const alike: string[] = [];
  for (const syllable of readings.get(character) ?? []) for (const other of sounds[syllable] ?? '') if (other !== character) alike.push(other);
  return [...new Set(alike)];
}

/**
 * A term with its suspected typos replaced by characters that sound the same and whose pairs records hold, or null.
 * @param term a term of the query
 * @param count how many records hold a text (a pair), memoized by the caller
 * @param tables loads the site's sounds (SearchSounds), only when a typo is suspected
 * @param typoTable loads the sounds of the common characters the site does not write (SearchTypos), only when a
 *   suspected typo is one of them (its reading is not in the site's table)
 */
export async function correctTypos(
  term: string,
  count: (text: string) => Promise<number>,
  tables: () => Promise<{ sounds: SoundTable }>,
  typoTable?: () => Promise<SoundTable>,
): Promise<string | null> {
  const characters = Array.from(term);
  if (characters.length < TYPO_MIN_TERM || characters.length > TYPO_MAX_TERM) return null;
  const pairs = new Map<string, number>();
  for (let i = 0; i + 1 < characters.length; i += 1) {
    const pair = characters[i]! + characters[i + 1]!;
    if (!pairs.has(pair)) pairs.set(pair, await count(pair));
  }
  const places = suspectedTypos(characters, (pair) => (pairs.get(pair) ?? 0) > 0).slice(0, TYPO_MAX);
  if (places.length === 0) return null;
  const { sounds } = await tables();
  const own = readingTable(sounds);
  const foreign = places.some((i) => !own.has(characters[i]!));
  const readings = foreign && typoTable ? readingTable(sounds, await typoTable()) : own;
  const corrected = [...characters];
  let changed = false;
  for (const i of places) {
    for (const other of soundAlikeCharacters(characters[i]!, readings, sounds).slice(0, TYPO_TRIES)) {
      const around = [i > 0 ? corrected[i - 1]! + other : null, i + 1 < characters.length ? other + corrected[i + 1]! : null].filter(
        (pair): pair is string => pair !== null && HAN.test(pair[0]!) && HAN.test(Array.from(pair)[1]!),
      );
      if (around.length === 0) continue;
      const counts = await Promise.all(around.map(count));
      if (counts.every((n) => n > 0)) {
        corrected[i] = other;
        changed = true;
        break;
      }
    }
  }
  return changed ? corrected.join('') : null;
}

/**
 * Most pairs of a visitor's sentence checked for a word mistyped (correctSentence): each read alike is a phrase
 * search that loads its characters' index chunks. Site choice, measured by the search bench (scripts/bench/README.md,
 * search section): with 4, a letter with a typo in a site word found what it finds typed right 44 times of 49; with 8, 49.
 */
export const SENTENCE_TYPO_PAIRS = 8;

/** Whether two characters are one pair of the site's question vocabulary but for one of them. */
const oneApart = (pair: readonly string[], topic: string): boolean => {
  const [x, y] = Array.from(topic);
  return (x === pair[0]) !== (y === pair[1]);
};

/**
 * The pairs of a query that may be a word of the site mistyped: where the browser's segmenter cut a word of one
 * character beside another word (理/陪 of 申請理陪, 強制/仙 of 強制仙一樣賠嗎: ICU's dictionary knows no word a typo
 * makes), the two characters on either side of the cut, when they are no pair of the site's question vocabulary
 * while one of its words differs from them in one character (理賠, 制險 of 強制險), and that character is the word of
 * one character: a typo's character joins no word, while a character of a longer word is the visitor's own (樓 of
 * 家/樓上 is no typo of 家人 or 家裡).
 * @param terms the words of each of the query's terms, in order (search-words.ts termWords): a pair never spans two
 * @param topics the site's question vocabulary (SearchLexicon `topics`: pairs two or more FAQ questions hold)
 * @param targets the pairs of `topics` that are words (a word to the browser's segmenter or inside one of the site's
 *   own words: 理賠, 平險 of 旅平險; not 險賠 of 火險賠嗎, which a visitor's 先賠 is not a typo of)
 * @returns the pairs, left to right, each once
 */
export function mistypedPairs(terms: readonly (readonly string[])[], topics: readonly string[], targets: readonly string[]): string[] {
  const pairs: string[] = [];
  for (const words of terms.map((term) => term.map((word) => Array.from(word)))) {
    for (const [i, word] of words.entries()) {
      const next = words[i + 1];
      if (next === undefined || (word.length > 1 && next.length > 1)) continue;
      const pair = [word.at(-1)!, next[0]!];
      const text = pair.join('');
      if (!pair.every((character) => HAN.test(character)) || topics.includes(text) || pairs.includes(text)) continue;
      // The character that differs from the target's is a word of its own (陪 of 理/陪).
      const alone = (target: string) => (Array.from(target)[0] === pair[0] ? next.length === 1 : word.length === 1);
      if (targets.some((target) => oneApart(pair, target) && alone(target))) pairs.push(text);
    }
  }
  return pairs;
}

/**
 * A visitor's sentence's words mistyped (a query longer than TYPO_MAX_QUERY, whose typos inside words correctTypos
 * does not seek): of its first SENTENCE_TYPO_PAIRS mistypedPairs, each that reads the same as a word of the site's
 * question vocabulary but for one character and that no record holds becomes that word (理陪 → 理賠, 保顯 → 保險;
 * the vocabulary's most frequent first). A letter is searched by its words of two characters or more
 * (search-words.ts sentenceWords), so a word its typo cut into two of one character would be lost. What it costs a
 * first search (SEARCH_FIRST_SEARCH_KB): the sounds are loaded only when a sentence holds such a pair; only the pairs
 * read alike are searched, as each search loads its characters' index chunks (the sentence's grammar, 要, 都, 先,
 * which its own search leaves out); the sounds of the characters the site does not write only when such a pair holds
 * one. Without the sounds (a failed fetch) the sentence is read as typed.
 * @param terms the words of each of the query's terms (mistypedPairs)
 * @param topics the site's question vocabulary, most frequent first
 * @param targets its words (mistypedPairs), most frequent first
 * @param count how many records hold a text (a pair), memoized by the caller
 * @param tables loads the site's sounds (SearchSounds)
 * @param typoTable loads the sounds of the common characters the site does not write (SearchTypos)
 * @returns the corrections in the sentence's order, `from` the pair as typed; [] when there is none
 */
export async function correctSentence(
  terms: readonly (readonly string[])[],
  topics: readonly string[],
  targets: readonly string[],
  count: (text: string) => Promise<number>,
  tables: () => Promise<{ sounds: SoundTable }>,
  typoTable?: () => Promise<SoundTable>,
): Promise<{ from: string; to: string }[]> {
  const pairs = mistypedPairs(terms, topics, targets).slice(0, SENTENCE_TYPO_PAIRS);
  if (pairs.length === 0) return [];
  const loaded = await tables().catch(() => null);
  if (loaded === null) return [];
  const own = readingTable(loaded.sounds);
  const foreign = (pair: string) => Array.from(pair).some((character) => !own.has(character));
  // A pair whose character the site does not write is searched before its sound is known (the other file).
  const likely = pairs.filter((pair) => foreign(pair) || soundsLike(pair, targets, own) !== undefined);
  const counts = await Promise.all(likely.map(count));
  const unheld = likely.filter((_, i) => counts[i] === 0);
  if (unheld.length === 0) return [];
  const readings = unheld.some(foreign) && typoTable ? readingTable(loaded.sounds, await typoTable().catch(() => ({}))) : own;
  return unheld.flatMap((from) => {
    const to = soundsLike(from, targets, readings);
    return to === undefined ? [] : [{ from, to }];
  });
}

/** The first of the targets one character apart from a pair whose character there reads the same, if any. */
function soundsLike(from: string, targets: readonly string[], readings: ReadonlyMap<string, readonly string[]>): string | undefined {
  const pair = Array.from(from);
  const alike = (a: string, b: string) => a !== b && (readings.get(a) ?? []).some((syllable) => (readings.get(b) ?? []).includes(syllable));
  return targets.find(
    (target) => oneApart(pair, target) && Array.from(target).every((character, i) => character === pair[i] || alike(character, pair[i]!)),
  );
}

/**
 * A folded query with its corrections (correctSentence) made, and the suggestion of the first in the characters the
 * visitor typed (保显 of 申请保显, folded to 保顯), so that the page can link the query corrected
 * (src/components/SearchResults.ts replaces `from` with `to` in the query as typed).
 * @param query the query as typed
 * @param folded the query folded (search-source.ts foldQuery), which keeps a query's characters one for one but where
 *   NFKC joins or splits some: then the suggestion names the folded characters
 * @param fixes the corrections, `from` in the folded query
 * @returns the folded query corrected, and the suggestion, null without a correction
 */
export function correctedQuery(
  query: string,
  folded: string,
  fixes: readonly { from: string; to: string }[],
): { folded: string; suggestion: { from: string; to: string } | null } {
  const [first] = fixes;
  if (first === undefined) return { folded, suggestion: null };
  const typed = Array.from(query);
  const at = Array.from(folded.slice(0, folded.indexOf(first.from))).length;
  const same = Array.from(query.normalize('NFKC')).length === typed.length && typed.length === Array.from(folded).length;
  return {
    folded: fixes.reduce((text, fix) => text.split(fix.from).join(fix.to), folded),
    suggestion: { from: same ? typed.slice(at, at + Array.from(first.from).length).join('') : first.from, to: first.to },
  };
}
