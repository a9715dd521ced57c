/**
 * The site's related words (REFERENCE.md "Site search"): a visitor's word that the answering FAQ item does not write
 * (出境 where the answer says 國外, 看病 where it says 就醫) still finds it through the words the site's own records
 * write beside it. Computed at build time from the index's texts, no table by hand: each record is the set of its Han
 * character pairs; for a pair held by at least RELATED_MIN_SUPPORT records, the pairs of the site's question vocabulary
 * (the lexicon's `topics`: pairs two or more FAQ questions hold) that co-occur with it in at least RELATED_MIN_SUPPORT
 * records are ranked by their pointwise mutual information over records (log of how much more often they co-occur
 * than chance), those at least RELATED_MIN_LIFT times chance kept, the RELATED_PER_WORD best per word. Only words
 * few records hold (at most RELATED_MAX_SHARE of them) get related words: a common word needs no help. The lexicon
 * ships the table (`related`: pair → its related pairs, best first); the browser (src/browser/search-related.ts)
 * expands a rare query word with them at a lower weight.
 */

/** Fewest records holding a word and fewest holding it beside a related word. Site choice (noise below). */
export const RELATED_MIN_SUPPORT = 3;
/** Least co-occurrence over chance (P(a,b) / P(a)P(b)) for a related word. Site choice. */
export const RELATED_MIN_LIFT = 4;
/** Most related words per word (lexicon bytes, query chunks). Site choice. */
export const RELATED_PER_WORD = 2;
/** Largest share of records a word may be held by to get related words (a common word needs none). Site choice. */
export const RELATED_MAX_SHARE = 0.02;
/** Most words of the table (lexicon bytes), those with the strongest relation first. Site choice. */
export const RELATED_MAX_WORDS = 200;
/** Most records read (a 10,000-record site counts a sample, every n-th record). */
const RELATED_SAMPLE_RECORDS = 2000;

const HAN_RUN = /\p{Script=Han}+/gu;

/** The distinct Han character pairs of a text. */
function pairsOf(text: string): Set<string> {
  const pairs = new Set<string>();
  for (const run of text.match(HAN_RUN) ?? []) {
    const characters = Array.from(run);
    for (let i = 0; i + 1 < characters.length; i += 1) pairs.add(characters[i]! + characters[i + 1]!);
  }
  return pairs;
}

/**
 * The related-words table (module comment).
 * @param texts each indexed record's text (pages and items, any order)
 * @param vocabulary the pairs related words are taken from (the question vocabulary, `topics`)
 * @returns pair → up to RELATED_PER_WORD related pairs, best first; sharing no character with the pair; at most
 *   RELATED_MAX_WORDS pairs, in the order of their best relation
 */
export function relatedWords(texts: readonly string[], vocabulary: readonly string[], stopWords: readonly string[] = []): Record<string, string[]> {
  const step = Math.max(1, Math.ceil(texts.length / RELATED_SAMPLE_RECORDS));
  const records = texts.filter((_, i) => i % step === 0).map(pairsOf);
  const targets = new Set(vocabulary.filter((pair) => !stopWords.some((word) => word.includes(pair))));
  const holders = new Map<string, number>();
  for (const pairs of records) for (const pair of pairs) holders.set(pair, (holders.get(pair) ?? 0) + 1);
  const rare = (pair: string) => {
    const count = holders.get(pair) ?? 0;
    return count >= RELATED_MIN_SUPPORT && count <= Math.max(RELATED_MIN_SUPPORT, RELATED_MAX_SHARE * records.length);
  };
  const together = new Map<string, Map<string, number>>();
  for (const pairs of records) {
    const inRecord = [...pairs].filter((pair) => targets.has(pair));
    for (const pair of pairs) {
      if (!rare(pair) || !targets.has(pair)) continue;
      const row = together.get(pair) ?? new Map<string, number>();
      together.set(pair, row);
      for (const target of inRecord) row.set(target, (row.get(target) ?? 0) + 1);
    }
  }
  const shares = (a: string, b: string) => a.split('').some((character) => b.includes(character));
  const table: [string, [string, number][]][] = [];
  for (const [pair, row] of together) {
    const related = [...row]
      .filter(([target, count]) => count >= RELATED_MIN_SUPPORT && !shares(pair, target))
      .map(([target, count]): [string, number] => [target, (count * records.length) / (holders.get(pair)! * holders.get(target)!)])
      .filter(([, lift]) => lift >= RELATED_MIN_LIFT)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, RELATED_PER_WORD);
    if (related.length > 0) table.push([pair, related]);
  }
  table.sort((a, b) => b[1][0]![1] - a[1][0]![1] || (a[0] < b[0] ? -1 : 1));
  return Object.fromEntries(table.slice(0, RELATED_MAX_WORDS).map(([pair, related]) => [pair, related.map(([target]) => target)]));
}
