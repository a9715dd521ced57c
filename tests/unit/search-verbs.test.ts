/**
 * The verbs of a visitor's question phrases (src/browser/search-verbs.ts): what a visitor notices — asking with any
 * question word (多久買, 如何賠, 何時買) searches for what the rewrites' own phrase (怎麼買 → 投保, 怎麼賠 → 理賠) finds,
 * instead of losing the verb with the question word; a verb that begins a longer term stays as typed.
 */
import { describe, expect, it } from 'vitest';
import { intentTerms, knownWords, rewritePieces } from '../../src/browser/search-query';
import { foldQuery, withFold } from '../../src/browser/search-source';
import { questionVerbs, topicVerbs, withQuestionVerbs } from '../../src/browser/search-verbs';
import { buildLexicon } from '../../src/integrations/search-lexicon';

describe('question verbs', () => {
  const built = buildLexicon({ pageTexts: ['旅平險 機車險 投保 理賠 退保 退費 機票'], pages: [] });
  const lexicon = { ...built.lexicon, ...withFold(built.lexicon, built.fold) };
  const known = knownWords(lexicon);
  /** The concepts a query is searched by: its meaningful terms, cut at the rewrites' words (as site-search.ts does). */
  const pieces = (query: string) =>
    intentTerms(withQuestionVerbs(foldQuery(query, lexicon), lexicon), lexicon.stopWords, known).flatMap((term) =>
      rewritePieces(term, lexicon.rewrites),
    );
  const targets = (word: string) => lexicon.rewrites.find(([from]) => from === word)?.[1] ?? [];

  it("come from the rewrites' own phrases of a question word and one verb", () => {
    const verbs = questionVerbs(lexicon.rewrites, lexicon.stopWords);
    expect(targets(verbs.get('買') ?? '')).toContain('投保');
    expect(targets(verbs.get('賠') ?? '')).toContain('理賠');
    // A phrase of a verb and a question word after it (賠多少) names an amount, not the verb: not a verb's phrase.
    expect([...verbs.values()]).not.toContain('賠多少');
  });

  it('a question asked with another question word is searched as the phrase the rewrites know: 多久買 as 怎麼買', () => {
    const meant = (query: string) => pieces(query).flatMap(targets);
    expect(meant('旅平險要多久買？')).toContain('投保');
    expect(meant('旅平險何時買')).toEqual(meant('旅平險怎麼買'));
    expect(meant('機車險如何賠')).toEqual(meant('機車險怎麼賠'));
    expect(meant('旅平險多久買呢')).toContain('投保');
    // Without the verbs, the lone verb is cut away with the question word: the query no longer asks to buy.
    expect(intentTerms(foldQuery('旅平險何時買', lexicon), lexicon.stopWords, known)).toEqual(['旅平險']);
  });

  it('a verb that begins a longer term, a phrase the rewrites know and a query without question words stay as typed', () => {
    expect(withQuestionVerbs('多久買機票', lexicon)).toBe('多久買機票');
    expect(withQuestionVerbs('機車險有沒有賠', lexicon)).toBe('機車險有沒有賠');
    expect(withQuestionVerbs('旅平險投保', lexicon)).toBe('旅平險投保');
  });

  it('a particle is no question word: the verb after it stays as typed (理賠的錢多久會下來 asks when, not 多少錢)', () => {
    const priced = buildLexicon({ pageTexts: ['理賠 保費 金額'], pages: [] });
    const withPrices = { ...priced.lexicon, ...withFold(priced.lexicon, priced.fold) };
    expect(questionVerbs(withPrices.rewrites, withPrices.stopWords).get('錢')).toBe('多少錢');
    expect(withQuestionVerbs('理賠的錢多久會下來', withPrices)).toBe('理賠的錢多久會下來');
    expect(withQuestionVerbs('旅平險了錢', withPrices)).toBe('旅平險了錢');
  });

  it("a verb the rewrites do not know is completed to the one word of the FAQ questions' vocabulary it begins: 怎麼查 → 查詢", () => {
    const topics = ['查詢', '保險', '保單', '買了', '買嗎'];
    expect(topicVerbs(topics, lexicon.stopWords)).toEqual(new Map([['查', '查詢']]));
    const asked = { ...lexicon, topics };
    const terms = (query: string) => intentTerms(withQuestionVerbs(foldQuery(query, asked), asked), asked.stopWords, known);
    expect(terms('家人的保單要怎麼查？')).toContain('查詢');
    // 保 begins several of the questions' words: which one is meant is not known, so it is cut away as before.
    expect(terms('旅平險怎麼保')).toEqual(['旅平險']);
  });
});
