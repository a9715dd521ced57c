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
 * sounds and words, files of their own, only by a search that needs a suggestion, the sounds alone by a sentence read
 * for its words mistyped, as every byte counts in a first search):
 *
 * 1. Folding: NFKC (full-width ＥＳＧ → ESG, ？ → ?), lower case, simplified → traditional by OpenCC's tables
 *    restricted to the site's text (phrases first, longest match: 台风 → 颱風; then characters: 车险 → 車險); the
 *    tables of characters Big5 does not have are fetched only for a query holding one (search-source.ts needsFold).
 * 2. Terms: the query is cut at white space, punctuation and the words that carry no meaning in a query
 *    (src/site/search-terms.ts SEARCH_STOP_WORDS: 機車險怎麼保? → 機車險, 保); a lone character left by such a cut
 *    is dropped when other terms remain; a word the rewrites know is never cut (賠多少, 怎麼退). A query of more than
 *    TYPO_MAX_QUERY characters is a visitor's sentence: step 3 and the typo fix inside words are skipped for it; its
 *    words mistyped where a typo cut them into words of one character (申請理陪: search-typos.ts correctSentence) are
 *    read as the site's words that sound the same, and the first is suggested. A visitor's
 *    letter (isSentence) is searched by its content words (sentenceWords: its grammar of one character left out, at
 *    most SENTENCE_MAX_CHARACTERS characters, since each character searched loads its index chunks).
 * 3. A term that finds fewer than SUGGEST_BELOW pages is compared with the lexicon's words that sound the same
 *    (pinyin of the site's characters) or, from three characters, differ in one: the one found on most pages, if
 *    more (SUGGEST_FACTOR times more when the term finds some), is suggested (「您是不是要找：理賠」 for 理陪) and
 *    searched instead, unless the visitor asked for the query as typed. A term no record holds that abbreviates a
 *    site word (search-words.ts abbreviationsOf: 傷健險 → 傷害健康保險) is that word, or, typed as is, has it as an alternative.
 * 4. Alternatives (termAlternatives): a term's synonyms (SEARCH_SYNONYMS: 車險 → 汽車保險, 汽車險) and the term
 *    rewritten with the glossary's and colloquial words it holds (家財險 → 住宅火災保險, 行李不見 → 行李遺失); a word of
 *    the glossary or the colloquial table is first cut out as a concept of its own (rewritePieces).
 * 5. Scores (src/browser/search-rank.ts): every record holding a character pair of a term is scored by the weight of
 *    the pairs it holds, whole terms weighing more, over a relevance floor; from three concepts, by how densely it holds
 *    each (search-density.ts: Pagefind's BM25 of the concept's characters); each by the share of the query's
 *    characters at its start, its title (weighHead); the first ones are weighed up by how much of the query their
 *    title holds (search-titles.ts: an item's title with its section, the product its question is about; for a
 *    letter an item by the share of its question the letter holds; for a question an item of its own).
 * 6. Results: the best pages the query names (SEARCH_BEST_BETS and the product pages' titles; not by a short name
 *    inside a longer word the rewrites or the synonym groups know: 责任险 in 公众责任险 and in 第三責任險), unless the query is a
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
 * The query's meaning is worked out by search-query.ts, the files and text forms by search-source.ts; this module ranks.
 * It imports nothing at run time but src/browser/search-*.ts (which import nothing else), so the recall tool
 * (scripts/search-recall.mjs) runs these very files in the browser (their types stripped) to measure what a visitor gets.
 */

import { type Concept, scoreRecords, TITLE_RERANK, WORD_MAX_LENGTH } from './search-rank.ts';
import { weighTitles } from './search-titles.ts';
import { withQuestionVerbs } from './search-verbs.ts';
import { isSentence, sentenceWords, termAbbreviations, termWords, textGrams, withinChunks } from './search-words.ts';
import {
  abbreviationNames,
  asksQuestion,
  type BetMatch,
  betMatches,
  coveringBets,
  intentTerms,
  knownWords,
  namedGrams,
  ONE_HAN,
  outsideRewrites,
  type Phrases,
  phraseSearcher,
  rewritePieces,
  termAlternatives,
  understand,
} from './search-query.ts';
import {
  fragmentData,
  type LexiconSource,
  type PagefindData,
  type PagefindResult,
  type PagefindSearch,
  type SearchLexicon,
  type SiteSearch,
  foldQuery,
  needsFold,
  oncePerGroup,
  wordsQuery,
  withFold,
} from './search-source.ts';
import { correctedQuery, correctSentence, correctTypos, seeksTypos } from './search-typos.ts';
import { weighDensity } from './search-density.ts';

/**
 * A result with its rank's score whose `data()` goes through the result Pagefind returned, so that result stays
 * reachable as long as ours: Pagefind (1.6), when it searches in a web worker (its default; /search runs it on the main
 * thread, search-text.ts PAGEFIND_OPTIONS), registers each result it returns with a FinalizationRegistry and, once the
 * result is garbage-collected, tells the worker to drop its data (`releaseData`);
 * a later `data()` then resolves null. A copy that let go of the original (`{ ...result }`) lost the data of the
 * results past the first page whenever the collector ran before 載入更多結果 asked for them.
 */
const ranked = (result: PagefindResult, score: number): PagefindResult => ({ id: result.id, score, data: () => result.data() });

/** A result whose data is read once, however often it is asked for (the title re-rank and the results list). */
function once(result: PagefindResult, score: number): PagefindResult {
  let data: Promise<PagefindData> | undefined;
  const kept = ranked(result, score);
  return { ...kept, data: () => (data ??= kept.data()) };
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

/** Pagefind's results of a search of the query's characters in one way of writing its words. */
interface LooseForm {
  words: readonly string[];
  results: readonly PagefindResult[];
}

/**
 * Most other ways of writing the query (a concept's synonym or rewrite in place of its word) that Pagefind's own search
 * is also given: each is one more search of characters whose index chunks the scores already loaded. Site choice.
 */
export const LOOSE_FORMS = 6;

/**
 * Pagefind's search of the query's characters (it finds a record only when it holds all of them), as the query's words
 * are meant and, for up to LOOSE_FORMS of its concepts' alternatives, with that concept written so: a record writing a
 * concept in another of its ways (旅平險 for 旅行平安保險) is found by that form, so it gets the rank, head and reach
 * weights of a record writing the query's own words; a form counts only for the records holding its alternative whole.
 * @param looseWords the query's words as Pagefind's search is given them (siteForms), one per concept
 * @returns the forms searched, the query's own first
 */
async function looseForms(
  pagefind: PagefindSearch,
  phrases: Phrases,
  looseWords: readonly string[],
  concepts: readonly Concept[],
): Promise<LooseForm[]> {
  const others = concepts.flatMap((concept, i) =>
    concept.alternatives
      .slice(1)
      .filter((alternative) => !looseWords[i]!.split(' ').includes(alternative))
      .map((alternative) => ({ alternative, words: looseWords.map((word, j) => (j === i ? alternative : word)) })),
  );
  const search = async (words: readonly string[]) => (await pagefind.search(wordsQuery(words.join(' '))))?.results ?? [];
  return Promise.all([
    search(looseWords).then((results) => ({ words: looseWords, results })),
    // Only the records holding the alternative whole (the phrase search the scores made): 住宅火災保險 holds the
    // characters of 商業火災保險, not the word.
    ...others.slice(0, LOOSE_FORMS).map(async ({ alternative, words }) => {
      const [results, holders] = await Promise.all([search(words), phrases(alternative)]);
      return { words, results: results.filter((result) => holders.has(result.id)) };
    }),
  ]);
}

/** Per record, the best of a value over the forms that found it. */
function bestOver(forms: readonly LooseForm[], value: (result: PagefindResult, rank: number, form: LooseForm) => number, better = Math.max) {
  const best = new Map<string, number>();
  for (const form of forms) {
    form.results.forEach((result, rank) => {
      const own = value(result, rank, form);
      best.set(result.id, best.has(result.id) ? better(best.get(result.id)!, own) : own);
    });
  }
  return best;
}

/**
 * The title as a field of its own, for every record found (the title re-rank reads only the first TITLE_RERANK): a
 * record's title is its first words (an item's question is its `<h1>`, a page's name follows its category and date),
 * and Pagefind's search of the query's characters gives where each record holds them. The share of the query's
 * characters that the record holds within its first HEAD_POSITIONS weighs it up (HEAD_WEIGHT): 旅平險要在出發前多久投保 for
 * 旅行平安保險應於何時投保, before the news that mention 旅平險 and 投保 in their bodies; of the forms that found it
 * (looseForms), the best.
 * @param scored the records, weighed in place
 * @param forms Pagefind's results of the query's characters (their `words`: positions of the characters found)
 */
function weighHead(scored: { id: string; score: number }[], forms: readonly LooseForm[]): void {
  const share = bestOver(forms, (result, _rank, form) => {
    const characters = new Set(form.words.flatMap((word) => Array.from(word)).filter((character) => ONE_HAN.test(character)));
    return characters.size === 0 ? 0 : Math.min(1, (result.words ?? []).filter((position) => position < HEAD_POSITIONS).length / characters.size);
  });
  for (const entry of scored) entry.score *= 1 + HEAD_WEIGHT * (share.get(entry.id) ?? 0);
}

/** How much Pagefind's own rank raises a record's score (× 1 + LOOSE_WEIGHT for its first result). Site choice. */
const LOOSE_WEIGHT = 0.1;

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
  // The folding file only for a query with characters Big5 does not have (needsFold), fetched beside the lexicon.
  const [lexicon, fold] = await Promise.all([source.lexicon(), source.fold && needsFold(query) ? source.fold() : null]);
  const phrases = phraseSearcher(pagefind);
  const known = knownWords(lexicon);
  const plain = foldQuery(query, fold === null ? lexicon : withFold(lexicon, fold));
  const typo = await sentenceTypos(query, plain, phrases, source, lexicon, known, options);
  const folded = withQuestionVerbs(typo.folded, lexicon);
  const intent = intentTerms(folded, lexicon.stopWords, known);
  // A letter (isSentence) is searched by its content words; a sentence (seeksTypos) as typed, but for its words
  // mistyped (sentenceTypos), its typos inside words not sought.
  const typed = isSentence(intent) ? sentenceWords(intent, known, new Set(lexicon.topics ?? [])) : intent;
  const verbatim = (options.verbatim ?? false) || !seeksTypos(intent);
  const { terms, suggestion } = await understand(phrases, typed, lexicon, source.sounds, verbatim);
  const siteWords = [...lexicon.bets.flatMap(([words]) => words), ...lexicon.synonyms.flat()];
  const pieces = terms.flatMap((term) => rewritePieces(term, lexicon.rewrites ?? [], siteWords));
  const rewritten = new Set((lexicon.rewrites ?? []).map(([from]) => from));
  // Alternatives only within the query's chunk budget (withinChunks): each character they add loads an index chunk.
  const shortFor = await termAbbreviations(pieces, phrases, abbreviationNames(lexicon));
  const allowed = withinChunks(pieces.map((term, i) => [...new Set([...termAlternatives(term, lexicon), ...shortFor[i]!])]));
  const concepts: Concept[] = pieces.map((term, i) => ({ term, alternatives: allowed[i]!, rewritten: rewritten.has(term) }));
  const meant = [...pieces];
  const corrected = typo.suggestion ?? (verbatim ? suggestion : await correctInWords(concepts, meant, phrases, source, lexicon, suggestion));
  const records = lexicon.records ?? 1;
  // A query of one word's length (WORD_MAX_LENGTH: 財務業務, 車險理賠) is the word the visitor means, all of its pairs
  // counting; a longer one or several are a visitor's words, whose pairs across words count less (pairFactors).
  const words = pieces.length === 1 && Array.from(pieces[0]!).length <= WORD_MAX_LENGTH ? null : known;
  // A question (asksQuestion) asks about what it names: the site's product and service names in it are its context,
  // not what it asks (汽車保險的代步車費用如何申請: 代步車費用), so their grams weigh as any other (no NAMED_WEIGHT).
  const question = asksQuestion(folded, typed, lexicon.stopWords);
  const siteGrams = question ? new Set<string>() : namedGrams(lexicon);
  const { scored, concepts: understood, weights, weight, holders } = await scoreRecords(concepts, phrases, records, siteGrams, words);
  // How densely each record holds the concepts (Pagefind's BM25 of each: a short answer before a long text).
  await weighDensity(pagefind, scored, understood, weights);
  // After the scores, whose searches loaded the chunks of every character it needs.
  const forms = await looseForms(pagefind, phrases, await siteForms(concepts, meant, phrases), concepts);
  // Pagefind's own rank of the query's characters (its BM25, headings weighted; typos corrected) separates records
  // of equal score.
  const looseRank = bestOver(forms, (_result, rank, form) => 1 - rank / form.results.length);
  for (const entry of scored) entry.score *= 1 + LOOSE_WEIGHT * (looseRank.get(entry.id) ?? 0);
  weighHead(scored, forms);
  // For a question, a long record (a decree, a long article) holds many of its words by chance: the farther its last
  // match lies past the records' usual reach, the less it counts (LENGTH_WEIGHT), so a short answer holding the
  // question's words outranks it. (A page's name, a phone number, a few terms: the page that holds them, however long.)
  const reach = bestOver(forms, (result) => 1 + Math.max(0, ...(result.words ?? [])), Math.min);
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
  const siteKnown = new Set([...rewritten, ...lexicon.synonyms.flat()]);
  const bets =
    naming || !asksQuestion(folded, typed)
      ? [terms, typed].flatMap((words) => coveringBets(outsideRewrites(betMatches(words.join(' '), lexicon.bets), words, siteKnown), words))
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
  // A letter's pairs: the FAQ question it holds most of answers it (search-titles.ts letterShare).
  const letter = isSentence(intent) ? new Set(textGrams(folded)) : null;
  const { rewrites } = lexicon;
  const titled = await weighTitles(rest.slice(0, TITLE_RERANK), { understood, weights, weight, words, holders, question, letter, rewrites });
  const ordered = [...titled.sort((a, b) => b.score - a.score), ...rest.slice(TITLE_RERANK)].map((entry) => entry.result);
  return { results: oncePerGroup([...first, ...ordered], lexicon.groups), terms, suggestion: corrected };
}

/**
 * A visitor's sentence (longer than TYPO_MAX_QUERY: seeksTypos) with its words mistyped corrected (search-typos.ts
 * correctSentence: 申請理陪 → 申請理賠), unless the visitor asked for the query as typed.
 * @param query the query as typed (correctedQuery)
 * @param folded the folded query (foldQuery)
 * @param known the site's words (knownWords), kept whole
 * @returns the query corrected, and the suggestion of its first correction (null when there is none)
 */
async function sentenceTypos(
  query: string,
  folded: string,
  phrases: Phrases,
  source: LexiconSource,
  lexicon: SearchLexicon,
  known: ReadonlySet<string>,
  options: { verbatim?: boolean },
): Promise<{ folded: string; suggestion: SiteSearch['suggestion'] }> {
  const terms = intentTerms(folded, lexicon.stopWords, known);
  if (options.verbatim === true || seeksTypos(terms)) return { folded, suggestion: null };
  const topics = lexicon.topics ?? [];
  // The pairs of the question vocabulary that are words: a word to the browser's segmenter, or in the site's own words.
  const own = [...lexicon.bets.flatMap(([names]) => names), ...lexicon.synonyms.flat(), ...(lexicon.rewrites ?? []).flatMap(([, to]) => to)];
  const targets = topics.filter((topic) => termWords(topic, new Set()).length === 1 || own.some((word) => word.includes(topic)));
  const words = terms.map((term) => termWords(term, known));
  const count = async (pair: string) => (await phrases(pair)).size;
  const fixes = await correctSentence(words, topics, targets, count, source.readings ?? source.sounds, source.typos);
  return correctedQuery(query, folded, fixes);
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
  phrases: Phrases,
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
