/**
 * The density weight of the site search (src/browser/search-density.ts): what a visitor notices — for a question of
 * several words, a short FAQ answer about them comes before a long article that mentions each once, and a query of
 * one or two words keeps the order its words' rarity gives.
 */
import { describe, expect, it } from 'vitest';
import { DENSITY_MIN_CONCEPTS, DENSITY_WEIGHT, weighDensity } from '../../src/browser/search-density';
import type { PagefindResult } from '../../src/browser/search-source';

/**
 * A stand-in for Pagefind's search of spaced characters over some records: the records holding every character
 * searched, each scored as BM25 would order them, by how often it holds them over its length.
 */
function fakePagefind(texts: Record<string, string>) {
  const searched: string[] = [];
  return {
    searched,
    search: async (query: string) => {
      searched.push(query);
      const characters = query.split(/\s+/).filter(Boolean);
      const results: PagefindResult[] = Object.entries(texts)
        .filter(([, text]) => characters.every((character) => text.includes(character)))
        .map(([id, text]) => {
          const hits = characters.reduce((sum, character) => sum + text.split(character).length - 1, 0);
          return { id, score: hits / text.length, data: async () => ({ url: `/${id}`, meta: {}, excerpt: '' }) };
        });
      return { results };
    },
  };
}

/** A long article mentioning each word once, and a short answer about them. */
const TEXTS = {
  news: `颱風季來臨，本公司加強服務。${'各地服務據點照常營業，民眾可多加利用。'.repeat(20)}車子被撞請撥報案專線，理賠文件可線上上傳。`,
  answer: '車子被撞後，請先撥報案專線報案；報案專線全年無休，理賠文件隨後補齊即可。',
};

describe('weighDensity', () => {
  it('puts a short answer holding three concepts densely before a long text holding each once, though they tied', async () => {
    const pagefind = fakePagefind(TEXTS);
    const scored = [
      { id: 'news', score: 10 },
      { id: 'answer', score: 10 },
    ];
    const concepts = [{ alternatives: ['被撞'] }, { alternatives: ['報案專線'] }, { alternatives: ['理賠文件'] }];
    await weighDensity(pagefind, scored, concepts, [4, 6, 6]);
    const answer = scored.find((entry) => entry.id === 'answer')!;
    const news = scored.find((entry) => entry.id === 'news')!;
    expect(answer.score).toBeGreaterThan(news.score);
    // The densest record of each concept gets DENSITY_WEIGHT of its weight: the answer is densest of all three.
    expect(answer.score).toBeCloseTo(10 + DENSITY_WEIGHT * (4 + 6 + 6));
    // Each concept's characters are searched as words, not as a phrase (Pagefind ranks those by BM25).
    expect(pagefind.searched).toContain('報 案 專 線');
  });

  it('counts a concept by the densest of its ways of writing it', async () => {
    const pagefind = fakePagefind({ a: '住宅火災保險的理賠文件與地震', b: `${'地震'.repeat(3)}住宅${'。'.repeat(40)}` });
    const scored = [
      { id: 'a', score: 1 },
      { id: 'b', score: 1 },
    ];
    await weighDensity(pagefind, scored, [{ alternatives: ['房子', '住宅'] }, { alternatives: ['地震'] }, { alternatives: ['理賠'] }], [1, 1, 1]);
    // No record writes 房子; a holds its other way, 住宅, and 地震 and 理賠 densest of the two.
    expect(scored[0]!.score).toBeCloseTo(1 + 3 * DENSITY_WEIGHT);
    expect(scored[1]!.score).toBeLessThan(scored[0]!.score);
  });

  it(`leaves a query of fewer than ${DENSITY_MIN_CONCEPTS} concepts as its words' rarity ranked it, searching nothing`, async () => {
    const pagefind = fakePagefind(TEXTS);
    const scored = [
      { id: 'news', score: 10 },
      { id: 'answer', score: 9 },
    ];
    await weighDensity(pagefind, scored, [{ alternatives: ['被撞'] }, { alternatives: ['報案專線'] }], [4, 6]);
    expect(scored).toEqual([
      { id: 'news', score: 10 },
      { id: 'answer', score: 9 },
    ]);
    expect(pagefind.searched).toEqual([]);
  });
});
