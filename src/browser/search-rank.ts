/**
 * How the site search ranks what a query finds (src/browser/site-search.ts runs it; REFERENCE.md "Site search"
 * says what Pagefind does and what this adds). Pagefind answers which records hold a word or an exact phrase; this
 * module turns those answers into an order that holds for long questions as well as for two-character terms:
 *
 * - Grams: each term of the query is cut into overlapping pairs of Han characters (機車險 → 機車, 車險; a lone
 *   character is a gram of its own) and its Latin words and numbers (ESG, 0800). A record's share of a term is the
 *   weight of the term's grams it holds over the weight of all of them, so a question matches a record that holds
 *   most of its words even when no record holds it word for word, and a typo or an extra word costs one or two
 *   grams, not the match.
 * - Weight of a gram: its inverse record frequency, ln(1 + records / records holding it): 保險, on every page, weighs
 *   little; 換車 weighs much; a gram of the best pages' names (with their synonyms) NAMED_WEIGHT times as much, the
 *   names the caller gives (site-search.ts gives none for a question, whose product names are its context). Grams no
 *   record holds weigh nothing (a visitor's 我家 or 去年買 across words).
 * - Proximity: a record that holds a run of a term's characters whole (heldRuns: the term itself, or its parts whose
 *   pairs the index holds, 旅行平安保險 of 旅行平安保險應於), its grams next to each other, gets PROXIMITY_BONUS of the
 *   run's share on top: words close together outweigh scattered ones.
 * - Alternatives: a term's synonyms and rewrites (src/site/search-terms.ts) are other ways to write it; a record
 *   counts the alternative it matches best, at the weight of the term as typed.
 * - Relevance floor: a record is listed only when its score reaches RELEVANCE_FLOOR of the best record's, so a long
 *   question does not list every page that says 保險, while a short term lists every record that holds it.
 *   A short term (up to WORD_MAX_LENGTH characters) whose characters the index's pairs cover less than
 *   WORD_MIN_COVERAGE of is no word of the site and finds nothing (火星保險, not every page that says 保險).
 * - Title: the first TITLE_RERANK records are read (search-titles.ts, their data, which the first page loads anyway) and
 *   each is weighed up by the share of the query's weight its title holds (TITLE_WEIGHT): a question's own FAQ item
 *   before the pages that mention its words. Part of that share (SIBLING_SHARE) weighs each concept by its rarity
 *   among those titles: of the FAQ items on the query's topic, the one whose question holds the query's rarer words.
 *
 * A query's grams, words and a letter's content words are cut by search-words.ts. This module imports nothing at run
 * time but search-words.ts (the recall tool serves them to the browser, their types stripped).
 */

import { HAN_CHARACTER, pairFactors, TOKEN, textGrams } from './search-words.ts';

/** Extra share of a term's weight for a record that holds it whole. Site choice. */
export const PROXIMITY_BONUS = 0.5;
/** Share of the best record's score a record needs to be listed. Site choice. */
export const RELEVANCE_FLOOR = 0.55;
/** How much a title holding all of the query raises a record's score (× 1 + TITLE_WEIGHT). Site choice. */
export const TITLE_WEIGHT = 1.2;
/**
 * How much more a gram of the site's own terms weighs (理賠 in 理賠新政策: the visitor asks about claims, whatever
 * else the query's rarer pairs match). Site choice.
 */
export const NAMED_WEIGHT = 2;
/** Records re-ranked by their titles (their data is read: the first page of results loads it anyway). Site choice. */
export const TITLE_RERANK = 10;

/** Above any gram's weight: a record's excerpt comes from the search of the longest whole term it holds. */
const WHOLE_EXCERPT = 100;

/** A record Pagefind found: its id and something whose `data()` reads it. */
export interface FoundRecord {
  id: string;
  data: () => Promise<{ meta: Record<string, string | undefined> }>;
}

/** A term of the query with the other ways to write it. */
export interface Concept {
  /** The term as understood (after folding and any typo correction). */
  term: string;
  /** The term and its alternatives (synonyms, rewrites), the term first. */
  alternatives: string[];
  /**
   * The term is a visitor's word for the site's (a rewrite's word: 賠不賠 for 理賠): it weighs what the site's words
   * weigh, not what its own rare pairs would (conceptWeights).
   */
  rewritten?: boolean;
}

/** Records holding a word or phrase, by id (site-search's memoized phrase search). */
export type RecordSearch = (text: string) => Promise<Map<string, FoundRecord>>;

/** A scored record. */
export interface Scored<T extends FoundRecord> {
  id: string;
  score: number;
  /** The record as the search of its longest whole term, else its heaviest gram, found it (what its excerpt marks). */
  result: T;
}

/** What scoring needs: grams' weights and the records of each gram and alternative. */
interface Evidence<T extends FoundRecord> {
  weight: Map<string, number>;
  /** Records holding each gram (pairFactors' holders). */
  holders: Map<string, number>;
  gramRecords: Map<string, Map<string, T>>;
  runRecords: Map<string, Map<string, T>>;
}

/**
 * The runs of a text's Han characters whose consecutive pairs some record holds each, of three characters or more
 * (旅行平安保險應於 → 旅行平安保險, when no record holds 險應): what a record holding words close together holds whole.
 */
export function heldRuns(text: string, weight: ReadonlyMap<string, number>): string[] {
  const runs: string[] = [];
  for (const token of text.toLowerCase().match(TOKEN) ?? []) {
    const characters = Array.from(token);
    if (!HAN_CHARACTER.test(characters[0]!)) continue;
    let start = 0;
    for (let i = 0; i < characters.length; i += 1) {
      const held = i + 1 < characters.length && (weight.get(characters[i]! + characters[i + 1]!) ?? 0) > 0;
      if (held) continue;
      if (i - start + 1 >= 3) runs.push(characters.slice(start, i + 1).join(''));
      start = i + 1;
    }
  }
  return runs;
}

/** Searches every gram and every alternative once. */
async function gather<T extends FoundRecord>(
  concepts: readonly Concept[],
  search: (text: string) => Promise<Map<string, T>>,
  records: number,
  named: ReadonlySet<string>,
) {
  const alternatives = [...new Set(concepts.flatMap((concept) => concept.alternatives))];
  const grams = [...new Set(alternatives.flatMap(textGrams))];
  const gramAnswers = await Promise.all(grams.map(search));
  const evidence: Evidence<T> = { weight: new Map(), holders: new Map(), gramRecords: new Map(), runRecords: new Map() };
  grams.forEach((gram, i) => {
    const found = gramAnswers[i]!;
    evidence.gramRecords.set(gram, found);
    evidence.holders.set(gram, found.size);
    const weight = found.size === 0 ? 0 : Math.log(1 + Math.max(records, found.size) / found.size);
    evidence.weight.set(gram, named.has(gram) ? NAMED_WEIGHT * weight : weight);
  });
  // The runs of held pairs (words close together), each searched as a phrase once.
  const runs = [...new Set(alternatives.flatMap((alternative) => heldRuns(alternative, evidence.weight)))];
  const runAnswers = await Promise.all(runs.map(search));
  runs.forEach((run, i) => evidence.runRecords.set(run, runAnswers[i]!));
  return evidence;
}

/** Longest term, in characters, taken for one word: below WORD_MIN_COVERAGE it finds nothing. Site choice. */
export const WORD_MAX_LENGTH = 6;
/** Share of a word's characters that pairs records hold must cover. Site choice. */
export const WORD_MIN_COVERAGE = 2 / 3;

/** Share of a text's characters that lie in a gram some record holds (a Latin word counts as one character). */
export function coverage(text: string, weight: ReadonlyMap<string, number>): number {
  let total = 0;
  let covered = 0;
  for (const token of text.toLowerCase().match(TOKEN) ?? []) {
    const characters = Array.from(token);
    if (!HAN_CHARACTER.test(characters[0]!) || characters.length === 1) {
      total += 1;
      if ((weight.get(token) ?? 0) > 0) covered += 1;
      continue;
    }
    total += characters.length;
    const held = characters.map(() => false);
    for (let i = 0; i + 1 < characters.length; i += 1) {
      if ((weight.get(characters[i]! + characters[i + 1]!) ?? 0) > 0) {
        held[i] = true;
        held[i + 1] = true;
      }
    }
    covered += held.filter(Boolean).length;
  }
  return total === 0 ? 0 : covered / total;
}

/** The weight of a text's grams (those some record holds), each times its pair factor (pairFactors). */
const weightOf = (
  text: string,
  weight: ReadonlyMap<string, number>,
  known: ReadonlySet<string> | null = new Set(),
  holders?: ReadonlyMap<string, number>,
): number => {
  const factors = pairFactors(text, known, holders);
  return textGrams(text).reduce((sum, gram) => sum + (weight.get(gram) ?? 0) * (factors.get(gram) ?? 1), 0);
};

/**
 * The weight of each concept: its term's grams' weight, or when no record holds any of them (a mainland word the
 * site does not write) or the term is a visitor's word for the site's (Concept `rewritten`) its heaviest alternative's.
 * @param known the site's words (pairFactors)
 * @param holders records holding each gram (pairFactors)
 */
export function conceptWeights(
  concepts: readonly Concept[],
  weight: ReadonlyMap<string, number>,
  known: ReadonlySet<string> | null = new Set(),
  holders?: ReadonlyMap<string, number>,
): number[] {
  const heaviest = (texts: readonly string[]) => Math.max(0, ...texts.map((text) => weightOf(text, weight, known, holders)));
  return concepts.map((concept) =>
    concept.rewritten && concept.alternatives.length > 1
      ? Math.sqrt(
          heaviest(concept.alternatives.slice(1)) * Math.max(weightOf(concept.term, weight, known, holders), heaviest(concept.alternatives.slice(1))),
        )
      : weightOf(concept.term, weight, known, holders) || heaviest(concept.alternatives),
  );
}

/**
 * Scores every record holding a gram of the query (module comment: grams, weights, proximity, alternatives) and keeps
 * those over the relevance floor.
 * @param concepts the query's terms with their alternatives
 * @param search the records holding a text (a gram or an alternative), memoized by the caller
 * @param records how many records the index holds (the weights' base)
 * @param named the grams of the site's own terms (its products' and services' names, synonyms): they weigh NAMED_WEIGHT
 *   times their frequency's weight
 * @param known the site's words, which keep their pairs whole (pairFactors)
 * @returns the records over the floor, best first, and the concepts' weights
 */
export async function scoreRecords<T extends FoundRecord>(
  allConcepts: readonly Concept[],
  search: (text: string) => Promise<Map<string, T>>,
  records: number,
  named: ReadonlySet<string> = new Set(),
  known: ReadonlySet<string> | null = new Set(),
): Promise<{ scored: Scored<T>[]; concepts: Concept[]; weights: number[]; weight: Map<string, number>; holders: Map<string, number> }> {
  const evidence = await gather(allConcepts, search, records, named);
  // A short term (a word) that records hold too little of is not a word of the site: 火星保險 finds nothing, not every
  // page that says 保險.
  const concepts = allConcepts.filter(
    (concept) =>
      Array.from(concept.term).length > WORD_MAX_LENGTH ||
      Math.max(...concept.alternatives.map((text) => coverage(text, evidence.weight))) >= WORD_MIN_COVERAGE,
  );
  const weights = conceptWeights(concepts, evidence.weight, known, evidence.holders);
  const totals = new Map<string, { score: number; result: T; best: number }>();
  concepts.forEach((concept, c) => {
    const shares = new Map<string, number>();
    for (const alternative of concept.alternatives) {
      const factors = pairFactors(alternative, known, evidence.holders);
      const counted = (gram: string) => (evidence.weight.get(gram) ?? 0) * (factors.get(gram) ?? 1);
      const grams = textGrams(alternative).filter((gram) => (evidence.weight.get(gram) ?? 0) > 0);
      const whole = grams.reduce((sum, gram) => sum + counted(gram), 0);
      if (whole === 0) continue;
      const share = new Map<string, number>();
      for (const gram of grams) {
        for (const [id, result] of evidence.gramRecords.get(gram)!) {
          share.set(id, (share.get(id) ?? 0) + counted(gram) / whole);
          const total = totals.get(id);
          if (!total) totals.set(id, { score: 0, result, best: evidence.weight.get(gram)! });
          else if (evidence.weight.get(gram)! > total.best) Object.assign(total, { result, best: evidence.weight.get(gram)! });
        }
      }
      // Words close together: a record holding a run of the term whole gets PROXIMITY_BONUS of the run's share.
      const runs = heldRuns(alternative, evidence.weight);
      const proximity = runs.length === 0 && grams.length === 1 ? [grams[0]!] : runs;
      for (const run of proximity) {
        const part = textGrams(run).reduce((sum, gram) => sum + counted(gram), 0) / whole;
        for (const [id, result] of evidence.runRecords.get(run) ?? evidence.gramRecords.get(run) ?? []) {
          share.set(id, (share.get(id) ?? 0) + PROXIMITY_BONUS * part);
          // The excerpt of a run's search marks the run, not one of its pairs.
          const total = totals.get(id)!;
          const rank = WHOLE_EXCERPT + Array.from(run).length;
          if (rank > total.best) Object.assign(total, { result, best: rank });
        }
      }
      // Of several ways to write a concept, one the site writes only in part (房屋險: no record holds 屋險) counts its
      // coverage: a record holding 房屋 alone is weaker evidence than one holding the site's 住宅火災保險 whole.
      const cover = concept.alternatives.length > 1 ? coverage(alternative, evidence.weight) : 1;
      for (const [id, value] of share) shares.set(id, Math.max(shares.get(id) ?? 0, value * cover));
    }
    for (const [id, value] of shares) totals.get(id)!.score += value * weights[c]!;
  });
  const best = Math.max(0, ...[...totals.values()].map((total) => total.score));
  const scored = [...totals.entries()]
    .filter(([, total]) => total.score > 0 && total.score >= RELEVANCE_FLOOR * best)
    .map(([id, total]) => ({ id, score: total.score, result: total.result }))
    .sort((a, b) => b.score - a.score);
  return { scored, concepts, weights, weight: evidence.weight, holders: evidence.holders };
}

/**
 * Per concept, the share (0–1) of its weight a title holds: of its alternatives, the one whose grams the title holds
 * most of.
 * @param title a record's title, its Han characters unspaced
 * @param known the site's words (pairFactors)
 * @param holders records holding each gram (pairFactors)
 */
export function titleShares(
  title: string,
  concepts: readonly Concept[],
  weight: ReadonlyMap<string, number>,
  known: ReadonlySet<string> | null = new Set(),
  holders?: ReadonlyMap<string, number>,
): number[] {
  const held = new Set(textGrams(title));
  return concepts.map((concept) => {
    let share = 0;
    for (const alternative of concept.alternatives) {
      const factors = pairFactors(alternative, known, holders);
      const counted = (gram: string) => weight.get(gram)! * (factors.get(gram) ?? 1);
      const grams = textGrams(alternative).filter((gram) => (weight.get(gram) ?? 0) > 0);
      const whole = grams.reduce((s, gram) => s + counted(gram), 0);
      // As in scoreRecords: of several ways to write a concept, one the site writes only in part counts its coverage.
      const cover = concept.alternatives.length > 1 ? coverage(alternative, weight) : 1;
      if (whole > 0) share = Math.max(share, (cover * grams.filter((gram) => held.has(gram)).reduce((s, gram) => s + counted(gram), 0)) / whole);
    }
    return share;
  });
}

/**
 * Share of a title's weight-up (TITLE_WEIGHT) that counts the query's concepts by their rarity among the titles ranked
 * together (titlesShares), the rest by their weight alone. Site choice, measured by the search bench's folds and the
 * probe of the FAQ questions' first clauses (scripts/bench/README.md, search section): 0.3 held both folds and put one
 * more first clause first (0.2 one relevant first result fewer on the tuned fold, 0.4 as 0.3); 0.5 lost one; rarity
 * alone (1) lost three, as the topic word all of a topic's items hold (寵物) no longer told them from another topic's.
 */
export const SIBLING_SHARE = 0.3;

/**
 * The share of the query a title holds, for each of the titles ranked together: (1 − SIBLING_SHARE) × the share by
 * the concepts' weights + SIBLING_SHARE × the share by those weights times each concept's rarity among
 * these titles, ln(1 + titles / (1 + titles holding it)), the holding summed over titleShares: where several FAQ items
 * share the query's topic (寵物, 強制險), the concept few of their questions hold (看病, 沒保) tells them apart.
 * @param shares per title, per concept, the share (0–1) of the concept the title holds (titleShares)
 * @param weights per concept, its weight (conceptWeights)
 * @returns per title, its share (0–1), in input order
 */
export function titlesShares(shares: readonly (readonly number[])[], weights: readonly number[]): number[] {
  const rare = weights.map((value, c) => value * Math.log(1 + shares.length / (1 + shares.reduce((sum, row) => sum + row[c]!, 0))));
  const weighed = (row: readonly number[], by: readonly number[]) => {
    const total = by.reduce((sum, value) => sum + value, 0);
    return total === 0 ? 0 : row.reduce((sum, value, c) => sum + value * by[c]!, 0) / total;
  };
  return shares.map((row) => (1 - SIBLING_SHARE) * weighed(row, weights) + SIBLING_SHARE * weighed(row, rare));
}
