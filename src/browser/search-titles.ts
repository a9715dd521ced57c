/**
 * The title re-rank of the site search (REFERENCE.md "Site search", Ranking): the first TITLE_RERANK records of
 * site-search.ts's order are read (their data, which the first page of results loads anyway) and weighed up by their
 * titles: how much of the query a title holds (search-rank.ts titleShares and titlesShares; the title read with the
 * site's terms for the visitors' words it holds, inSiteTerms), for a question an item of
 * its own (an FAQ question and its answer) over the pages that mention its words, and for a visitor's letter the FAQ
 * question the letter holds (letterShare).
 *
 * This module imports nothing at run time but src/browser/search-*.ts (the recall tool serves them to the browser).
 */

import { type Concept, TITLE_WEIGHT, titleShares, titlesShares } from './search-rank.ts';
import type { PagefindResult } from './search-source.ts';
import { unspaceHan } from './search-text.ts';
import { textGrams } from './search-words.ts';

/**
 * How much an item of its own (an FAQ question and its answer: a URL with a fragment, src/integrations/search-items.ts)
 * is weighed up for a query that asks a question (× 1 + ANSWER_WEIGHT): a question is answered by an answer before the
 * news, product or document pages that mention its words. Site choice.
 */
export const ANSWER_WEIGHT = 0.15;

/**
 * How much an FAQ item is weighed up for a visitor's letter by the share of its question the letter holds (× 1 +
 * TITLE_WEIGHT × the title's share + LETTER_WEIGHT × letterShare). Site choice, measured by the search bench's folds
 * (scripts/bench/README.md, search section): 2 put the most first on the read folds; 1 and 4 fewer.
 */
export const LETTER_WEIGHT = 2;

/** A result URL of an item (`/faq/3#faq-171`). */
const ITEM_URL = /#./;

/**
 * The share (0–1) of an FAQ question's character pairs that a visitor's letter holds. A letter tells a story and asks
 * at its end, in its own words; the search reads it by its content words, whose scattered matches a long article
 * holds as well as the answer does. The question that answers the letter is the one the letter holds most of, read
 * from the question's side: a question of 12 pairs, 4 of them in the letter, is more the letter's question than a long
 * article that holds 6 of the letter's pairs somewhere in its text (年紀大的爸媽出國，旅平險有年齡限制嗎？ in
 * 我媽今年七十二歲…這個年紀還可以保旅平險嗎). Only for a letter: a short query holds a small share of any question,
 * so the share would reward short questions, not the query's own.
 * @param question the FAQ question, its Han characters unspaced
 * @param letter the character pairs of the folded letter (search-words.ts textGrams)
 * @returns 0 for a question without pairs
 */
export function letterShare(question: string, letter: ReadonlySet<string>): number {
  const own = textGrams(question);
  return own.length === 0 ? 0 : own.filter((gram) => letter.has(gram)).length / own.length;
}

/** What the title re-rank knows of the query (site-search.ts searchSite). */
export interface TitleQuery {
  /** The query's concepts as understood (scoreRecords), their weights, the pairs' weights, the known words and holders. */
  understood: readonly Concept[];
  weights: Parameters<typeof titlesShares>[1];
  weight: Parameters<typeof titleShares>[2];
  words: Parameters<typeof titleShares>[3];
  holders: Parameters<typeof titleShares>[4];
  /** Whether the query asks a question (search-query.ts asksQuestion). */
  question: boolean;
  /** A letter's character pairs (search-words.ts isSentence and textGrams); null for any other query. */
  letter: ReadonlySet<string> | null;
  /** The visitors' words with the site's terms for them (SearchLexicon `rewrites`: 弄丟 → 遺失). */
  rewrites?: readonly (readonly [string, readonly string[]])[];
}

/**
 * A title with the site's terms for the visitors' words it holds (an FAQ question written in a visitor's words:
 * 行李被航空公司弄丟了怎麼辦 is also read with 遺失), so that a query in the site's terms, or in other visitors'
 * words for them (行李不見 → 行李遺失), finds its words in the title as it finds them in the answer.
 * @param title a title, its Han characters unspaced
 * @param rewrites the visitors' words with the site's terms (SearchLexicon `rewrites`)
 * @returns the title, then the site's terms of the words it holds, space-separated
 */
export function inSiteTerms(title: string, rewrites: readonly (readonly [string, readonly string[]])[]): string {
  const terms = rewrites.filter(([word]) => title.includes(word)).flatMap(([, site]) => site);
  return terms.length === 0 ? title : `${title} ${terms.join(' ')}`;
}

/**
 * The first TITLE_RERANK records weighed up by how much of the query their title holds, its concepts rarer among these
 * titles counting more (titlesShares, TITLE_WEIGHT); an item's title is read with its section (常見問題－汽車保險: the
 * product its question is about, which the question often leaves out: 理賠要準備哪些文件？ in 寵物保險's FAQ answers
 * 寵物險理賠文件); for a letter an item by the share of its question the letter holds (letterShare, LETTER_WEIGHT);
 * and for a question an item of its own is weighed up by ANSWER_WEIGHT.
 * @param entries scored records, their `result` read once however often asked (site-search.ts `once`)
 * @param query what the re-rank knows of the query (TitleQuery)
 * @returns the same entries with their new scores, in input order; a record whose data fails to load keeps a title of ''
 */
export async function weighTitles<T extends { score: number; result: PagefindResult }>(entries: T[], query: TitleQuery): Promise<T[]> {
  const read = await Promise.all(
    entries.map(async (entry) => {
      const data = await entry.result.data().catch(() => null);
      const item = ITEM_URL.test(data?.url ?? '');
      const title = unspaceHan(item ? `${data?.meta.title ?? ''} ${data?.meta.section ?? ''}` : (data?.meta.title ?? ''));
      const letter = item && query.letter !== null ? letterShare(unspaceHan(data?.meta.title ?? ''), query.letter) : 0;
      const read = inSiteTerms(title, query.rewrites ?? []);
      return { item, letter, shares: titleShares(read, query.understood, query.weight, query.words, query.holders) };
    }),
  );
  const shares = titlesShares(
    read.map((title) => title.shares),
    query.weights,
  );
  return entries.map((entry, i) => {
    const answer = query.question && read[i]!.item ? 1 + ANSWER_WEIGHT : 1;
    return { ...entry, score: answer * entry.score * (1 + TITLE_WEIGHT * shares[i]! + LETTER_WEIGHT * read[i]!.letter) };
  });
}
