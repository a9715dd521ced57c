/**
 * FAQ helpers (src/sections/faq.ts) against REFERENCE.md "Constants": category names use the part after the first hyphen; items of a
 * category are those whose firstCategory is its id, ascending secondCategorySort, grouped by secondCategory.
 */
import { describe, expect, it } from 'vitest';
import { faqAnchor, faqCategoryName, faqPath, faqsOfCategory, groupFaqs, sortFaqs, type FaqLike } from '../../src/sections/faq';

describe('faqCategoryName', () => {
  it.each([
    ['1-汽車保險', '汽車保險'],
    ['3-理賠-報案', '理賠-報案'],
    ['12-保單服務', '保單服務'],
    ['1 - 汽車保險 ', '汽車保險'],
    ['-網路投保', '網路投保'],
    ['汽車保險', '汽車保險'],
    [' 汽車保險 ', '汽車保險'],
    ['1-', '1-'],
    ['A-B-C-D', 'B-C-D'],
    ['1－全形連字號', '1－全形連字號'],
  ])('%j → %j', (name, expected) => {
    expect(faqCategoryName(name)).toBe(expected);
  });
});

const item = (id: string, firstCategory: string, secondCategory: string, secondCategorySort: number): FaqLike => ({
  id,
  firstCategory,
  secondCategory,
  secondCategorySort,
});

/** Deliberately out of order, like the sample portal. */
const items: FaqLike[] = [
  item('5', '1', '保費計算', 40),
  item('1', '1', '投保須知', 10),
  item('9', '2', '投保須知', 10),
  item('3', '1', '投保須知', 30),
  item('7', '1', '保單內容', 60),
  item('2', '1', '投保須知', 20),
  item('6', '1', '保費計算', 50),
  item('8', '1', '', 70),
];

describe('sortFaqs', () => {
  it.each([
    ['ascending secondCategorySort', items, ['1', '9', '2', '3', '5', '6', '7', '8']],
    ['natural id order for equal sorts', [item('10', '1', '', 5), item('2', '1', '', 5), item('1', '1', '', 5)], ['1', '2', '10']],
    ['negative and fractional sorts', [item('a', '1', '', 1.5), item('b', '1', '', -3), item('c', '1', '', 0)], ['b', 'c', 'a']],
    ['no items', [], []],
  ])('%s', (_name, input, expected) => {
    expect(sortFaqs(input).map((faq) => faq.id)).toEqual(expected);
  });

  it('does not change its input', () => {
    const copy = [...items];
    sortFaqs(items);
    expect(items).toEqual(copy);
  });
});

describe('faqsOfCategory', () => {
  it.each([
    ['1', ['1', '2', '3', '5', '6', '7', '8']],
    ['2', ['9']],
    ['404', []],
  ])('category %s', (category, expected) => {
    expect(faqsOfCategory(items, category).map((faq) => faq.id)).toEqual(expected);
  });
});

describe('groupFaqs', () => {
  it('groups by secondCategory in the order of each group’s first item, items keep ascending order', () => {
    const groups = groupFaqs(faqsOfCategory(items, '1'));
    expect(groups.map((group) => [group.heading, group.items.map((faq) => faq.id)])).toEqual([
      ['投保須知', ['1', '2', '3']],
      ['保費計算', ['5', '6']],
      ['保單內容', ['7']],
      ['', ['8']],
    ]);
    const flattened = groups.flatMap((group) => group.items.map((faq) => faq.secondCategorySort));
    expect(flattened).toEqual([...flattened].sort((a, b) => a - b));
  });

  it('keeps a sub-heading that comes back later in one group (no duplicate headings)', () => {
    const groups = groupFaqs(sortFaqs([item('1', '1', 'A', 1), item('2', '1', 'B', 2), item('3', '1', 'A', 3)]));
    expect(groups.map((group) => [group.heading, group.items.map((faq) => faq.id)])).toEqual([
      ['A', ['1', '3']],
      ['B', ['2']],
    ]);
  });

  it('returns no groups for no items', () => {
    expect(groupFaqs([])).toEqual([]);
  });
});

describe('paths', () => {
  it.each([
    ['1', '/faq/1'],
    ['service', '/faq/service'],
    ['汽車 保險', '/faq/%E6%B1%BD%E8%BB%8A%20%E4%BF%9D%E9%9A%AA'],
  ])('faqPath(%j) = %j', (id, expected) => {
    expect(faqPath(id)).toBe(expected);
  });

  it('anchors an item by id', () => {
    expect(faqAnchor({ id: '12' })).toBe('faq-12');
  });
});
