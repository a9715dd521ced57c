/**
 * The search's understanding of a query (src/browser/site-search.ts with the lexicon of
 * src/integrations/search-lexicon.ts and the thesaurus of src/site/search-terms.ts): folding, question words,
 * sound-alike words, and each thesaurus entry pointing at one best page.
 */
import { describe, expect, it } from 'vitest';
import { bestBets, intentTerms, soundAlikeWords } from '../../src/browser/search-query';
import { foldQuery, needsFold, withFold } from '../../src/browser/search-source';
import { buildLexicon, productCovers } from '../../src/integrations/search-lexicon';
import { SEARCH_BEST_BETS, SEARCH_SYNONYMS, isSearchListPage } from '../../src/site/search-terms';

const products = ['汽車保險', '機車保險', '旅行平安保險', '強制汽車責任保險', '傷害健康保險', '住宅保險', '住宅地震基本保險', '電動自行車保險'];
const pageTexts = [
  '理賠服務 颱風期間理賠 醫療 旅遊 車險 強制險 汽車保險 機車保險 住宅火災保險 傷害保險 旅行平安保險 陪同 設置',
  ...products.map((title) => `${title} 理賠 保費`),
];
const pages = [
  ...products.map((title, i) => ({ id: `p${i}`, path: `/insurance/detail/${i + 1}`, title, file: `p${i}` })),
  ...Object.keys(SEARCH_BEST_BETS).map((path, i) => ({ id: `b${i}`, path, title: `page ${i}`, file: `b${i}` })),
];
const built = buildLexicon({ pageTexts: [...pageTexts, ...SEARCH_SYNONYMS.flat()], pages });
const { sounds } = built;
// As a simplified query is folded: with the folding file too (search-source needsFold).
const lexicon = { ...built.lexicon, ...withFold(built.lexicon, built.fold) };

describe('the folding file', () => {
  it('holds the characters and phrases Big5 does not have; only a query holding one fetches it', () => {
    expect(built.fold.chars).toHaveProperty('车', '車');
    expect(built.lexicon.chars).not.toHaveProperty('车');
    expect(built.fold.phrases).toHaveProperty('台风', '颱風');
    expect(Object.keys(built.lexicon.chars).every((character) => !needsFold(character))).toBe(true);
    expect(needsFold('车险理赔')).toBe(true);
    expect(needsFold('車險理賠 ESG')).toBe(false);
    expect(foldQuery('車險', built.lexicon)).toBe('車險');
  });
});

describe('foldQuery', () => {
  it.each([
    ['车险', '車險'],
    ['理赔', '理賠'],
    ['台风', '颱風'],
    ['医疗', '醫療'],
    ['强制险', '強制險'],
    ['旅游保险', '旅遊保險'],
    ['ＥＳＧ', 'esg'],
    ['機車險', '機車險'],
  ])('%s → %s', (query, folded) => expect(foldQuery(query, lexicon)).toBe(folded));
});

describe('intentTerms', () => {
  it.each([
    ['機車險怎麼保?', ['機車險']],
    ['請問理賠要怎麼申請？', ['理賠', '申請']],
    ['汽車保險 理賠 流程', ['汽車保險', '理賠', '流程']],
    ['我想保旅平險', ['保旅平險']],
  ])('%s → %j', (query, terms) => expect(intentTerms(foldQuery(query, lexicon), lexicon.stopWords)).toEqual(terms));
});

describe('soundAlikeWords', () => {
  it('理陪 sounds like 理賠; 強置險 is 強制險 with one character changed', () => {
    expect(soundAlikeWords('理陪', sounds)).toContain('理賠');
    expect(soundAlikeWords('強置險', sounds)[0]).toBe('強制險');
  });
});

describe('the thesaurus', () => {
  it.each(SEARCH_SYNONYMS.map((group) => [group.join(' ↔ '), group]))('%s: every word has the same best page', (_, group) => {
    const bets = (group as string[]).map((word) => bestBets(word, lexicon.bets).map(([, id]) => id)[0]);
    expect(new Set(bets).size, JSON.stringify(bets)).toBe(1);
  });
  it('車險 → the 汽車保險 product; 機車險 → the 機車保險 product, not 車險; 汽車保險理賠流程 → /claim first', () => {
    expect(bestBets('車險', lexicon.bets)[0]![1]).toBe('p0');
    expect(bestBets('機車險', lexicon.bets)[0]![1]).toBe('p1');
    expect(bestBets('汽車保險理賠流程', lexicon.bets).map(([, id]) => id)).toEqual(['b0', 'p0']);
  });
});

describe('isSearchListPage', () => {
  it.each([
    ['/', true],
    ['/news/all/1', true],
    ['/share/2/1', true],
    ['/download/none', true],
    ['/insurance/personal', true],
    ['/news/detail/3', false],
    ['/about/locations/4', false],
    ['/claim', false],
    // FAQ pages list questions, each a result of its own (src/integrations/search-items.ts).
    ['/faq/1', true],
    ['/faq/1/2', true],
    ['/faq/service', true],
  ])('%s → %s', (path, listed) => expect(isSearchListPage(path)).toBe(listed));
});

describe('productCovers', () => {
  it("reads the covers a product page's tables list, the words a visitor abbreviates, not the insurances", () => {
    const html = `<html><body><table><tr><td>頁首表格</td></tr></table><main>
      <table><thead><tr><th>保障項目</th><th>承保範圍</th></tr></thead><tbody>
      <tr><td>班機延誤</td><td>班機延誤達 4 小時以上</td></tr>
      <tr><td>車體損失險（甲式）</td><td>碰撞、擦撞</td></tr>
      <tr><td>傷害醫療（實支實付）</td><td>醫療費用</td></tr>
      <tr><td>第三人責任－體傷</td><td>體傷</td></tr>
      <tr><td>班機延誤</td><td>重複</td></tr></tbody></table></main></body></html>`;
    expect(productCovers(html)).toEqual(['班機延誤', '傷害醫療', '實支實付', '第三人責任']);
    // Each once, in the same order however the pages were read.
    const covered = buildLexicon({ pageTexts, pages, covers: ['行李延誤', '班機延誤', '行李延誤'] });
    expect(covered.lexicon.covers).toEqual(['班機延誤', '行李延誤']);
  });
});
