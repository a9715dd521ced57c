/**
 * The site's related words (src/integrations/search-related.ts, src/browser/search-related.ts): what a visitor
 * notices — a word the answer does not write (出境 where the FAQ answer says 國外) still finds that answer, below a
 * record that holds the word itself; a common word is not expanded, and words that merely share a page are not related.
 */
import { describe, expect, it } from 'vitest';
import { type FoundRecord, scoreRecords } from '../../src/browser/search-rank';
import { RELATED_MAX_TERMS, relatedTerms } from '../../src/browser/search-related';
import { RELATED_PER_WORD, relatedWords } from '../../src/integrations/search-related';

/** 40 records: three write 出境 beside 國外, one more 國外 alone, the rest 汽車 and 保費 (common words). */
const texts = [
  ...Array.from({ length: 3 }, (_, i) => `出境旅遊第${i}天 國外就醫 保費`),
  '國外急難救助',
  ...Array.from({ length: 36 }, (_, i) => `汽車保險 保費計算 第${i}條`),
];

describe('relatedWords', () => {
  const table = relatedWords(texts, ['國外', '保費', '汽車']);

  it('relates a rare word to the vocabulary word its records write beside it far above chance', () => {
    expect(table['出境']).toContain('國外');
    expect(table['出境']!.length).toBeLessThanOrEqual(RELATED_PER_WORD);
  });

  it('leaves out a word written on most records (保費) and gives a common word no related words', () => {
    expect(table['出境']).not.toContain('保費');
    expect(table['汽車']).toBeUndefined();
    expect(table['保費']).toBeUndefined();
  });
});

describe('relatedTerms', () => {
  const related = { 出境: ['國外', '海外'], 旅遊: ['行程', '國外', '機票'] };

  it("expands a query term by its pairs' related words, best first, capped, none it holds", () => {
    expect(relatedTerms('出境旅遊', related)).toEqual(['國外', '行程'].slice(0, RELATED_MAX_TERMS));
    expect(relatedTerms('國外出境', related)).toEqual(['海外']);
    expect(relatedTerms('汽車保險', related)).toEqual([]);
    expect(relatedTerms('出境', undefined)).toEqual([]);
  });
});

describe('a related word in the ranking', () => {
  /** Records as texts; a search finds the records holding a text (as a phrase search of the index does). */
  const index = (records: Record<string, string>) => async (text: string) =>
    new Map<string, FoundRecord>(
      Object.entries(records)
        .filter(([, body]) => body.includes(text))
        .map(([id]) => [id, { id, data: async () => ({ meta: { title: id } }) }]),
    );
  const query = [
    { term: '出境', alternatives: ['出境', '國外'], lesser: ['國外'] },
    { term: '生病', alternatives: ['生病'] },
  ];

  it('finds the answer that writes the related word beside the query\'s other word', async () => {
    const search = index({ answer: '到國外旅遊生病可以申請理賠嗎？', own: '出境前請確認保單。', other: '汽車保險的保費計算。' });
    const { scored } = await scoreRecords(query, search, 3);
    expect(scored[0]!.id).toBe('answer');
    expect(scored.map((entry) => entry.id)).not.toContain('other');
  });

  it('ranks a record writing the word itself above one writing only its related word', async () => {
    const search = index({ related: '到國外旅遊生病可以申請理賠嗎？', own: '出境旅遊生病可以申請理賠嗎？', other: '汽車保險的保費計算。' });
    const { scored } = await scoreRecords(query, search, 3);
    expect(scored.map((entry) => entry.id)).toEqual(['own', 'related']);
  });
});
