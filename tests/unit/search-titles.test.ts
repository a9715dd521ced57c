/**
 * The title re-rank of the site search (src/browser/search-titles.ts): a visitor's letter finds the FAQ item whose
 * question it holds before a long article holding its scattered words; a short query and a page's headline get no
 * such weight-up; a question written in a visitor's words holds the site's terms for them.
 */
import { describe, expect, it } from 'vitest';
import type { PagefindResult } from '../../src/browser/search-source';
import { inSiteTerms, LETTER_WEIGHT, letterShare, type TitleQuery, weighTitles } from '../../src/browser/search-titles';
import { textGrams } from '../../src/browser/search-words';

const LETTER = '我媽今年七十二歲，下個月要跟團去北海道，想問她這個年紀還可以保旅平險嗎？謝謝';
const AGE_QUESTION = '年紀大的爸媽出國，旅平險有年齡限制嗎？';
const ARTICLE = '跨年出國潮來了，旅遊不便險新增「延誤住宿補償」';

/** A scored record as site-search.ts hands it to the re-rank, its data as Pagefind gives it (spaced Han). */
function record(url: string, title: string, score: number, section = '') {
  const spaced = (text: string) => Array.from(text).join(' ');
  const result: PagefindResult = {
    id: url,
    score,
    data: async () => ({ url, excerpt: '', meta: { title: spaced(title), section: spaced(section) } }),
  };
  return { id: url, score, result };
}

/** A query of no concepts the titles could hold: only the letter's own weight-up is at work. */
const query = (letter: string | null): TitleQuery => ({
  understood: [],
  weights: [],
  weight: new Map(),
  words: null,
  holders: new Map(),
  question: true,
  letter: letter === null ? null : new Set(textGrams(letter)),
});

describe('letterShare', () => {
  it("is the share of the question's character pairs the letter holds", () => {
    const letter = new Set(textGrams(LETTER));
    expect(letterShare(AGE_QUESTION, letter)).toBeGreaterThan(0.1);
    expect(letterShare('車體險的自負額是什麼？', letter)).toBe(0);
    expect(letterShare(LETTER, letter)).toBe(1);
    expect(letterShare('？', letter)).toBe(0);
  });
});

describe('weighTitles', () => {
  const ranked = async (letter: string | null) =>
    (await weighTitles([record('/news/detail/44/', ARTICLE, 1.5), record('/faq/8#faq-100', AGE_QUESTION, 1, '常見問題－旅遊保險')], query(letter)))
      .sort((a, b) => b.score - a.score)
      .map((entry) => entry.id);

  it("puts first, for a letter, the FAQ item whose question it holds, before a higher-scored article's scattered words", async () => {
    expect(LETTER_WEIGHT).toBeGreaterThan(0);
    expect(await ranked(LETTER)).toEqual(['/faq/8#faq-100', '/news/detail/44/']);
  });

  it('leaves the order to the scores for a query that is no letter', async () => {
    expect(await ranked(null)).toEqual(['/news/detail/44/', '/faq/8#faq-100']);
  });

  it("weighs up no page's headline by the letter: only an item's question is what a visitor asks", async () => {
    const headline = record('/news/detail/85/', AGE_QUESTION, 1);
    const [weighed] = await weighTitles([headline], query(LETTER));
    const [plain] = await weighTitles([record('/news/detail/85/', AGE_QUESTION, 1)], query(null));
    expect(weighed!.score).toBe(plain!.score);
  });
});

describe("a title in the visitors' words", () => {
  const rewrites: [string, string[]][] = [
    ['弄丟', ['遺失']],
    ['行李不見', ['行李遺失']],
  ];
  const LOST = '行李被航空公司弄丟了怎麼辦？';
  const GUIDE = '出國旅遊前必看：旅平險與旅遊不便險怎麼選';
  // The query 行李不見, one concept read as the site's 行李遺失, each pair of equal weight.
  const lost: TitleQuery = {
    understood: [{ term: '行李不見', alternatives: ['行李不見', '行李遺失'], rewritten: true }],
    weights: [1],
    weight: new Map(['行李', '李不', '不見', '李遺', '遺失'].map((gram) => [gram, 1])),
    words: null,
    holders: new Map(),
    question: true,
    letter: null,
  };

  it("is read with the site's terms for the visitors' words it holds", () => {
    expect(inSiteTerms(LOST, rewrites)).toBe(`${LOST} 遺失`);
    expect(inSiteTerms(GUIDE, rewrites)).toBe(GUIDE);
  });

  it('an FAQ question that says 弄丟 is weighed up for a query read as 遺失, beyond its own words', async () => {
    const score = async (withRewrites: boolean) =>
      (await weighTitles([record('/faq/8#faq-108', LOST, 1, '常見問題－旅遊保險')], { ...lost, rewrites: withRewrites ? rewrites : [] }))[0]!.score;
    expect(await score(true)).toBeGreaterThan(await score(false));
  });
});
