/**
 * Public disclosures (src/sections/public-disclosures.ts), REFERENCE.md "Constants": grouped by category, with a first entry 公開依據 at
 * /about/public; categories lead to /about/public/{url}.
 */
import { describe, expect, it } from 'vitest';
import { categoryHref, categoryTarget, disclosuresOfCategory, publicNav } from '../../src/sections/public-disclosures';

describe('categoryTarget', () => {
  it.each([
    [
      { id: '1', url: 'finance' },
      { kind: 'page', segment: 'finance' },
    ],
    [
      { id: '1', url: '/about/public/finance/' },
      { kind: 'page', segment: 'finance' },
    ],
    [
      { id: '1', url: 'about/public/basic' },
      { kind: 'page', segment: 'basic' },
    ],
    [
      { id: '7', url: '' },
      { kind: 'page', segment: '7' },
    ],
    [
      { id: '7', url: 'a/b' },
      { kind: 'page', segment: '7' },
    ],
    [
      { id: '1', url: 'https://ins-info.ib.gov.tw' },
      { kind: 'external', href: 'https://ins-info.ib.gov.tw' },
    ],
  ])('%j → %j', (category, expected) => {
    expect(categoryTarget(category)).toEqual(expected);
  });

  it('encodes the segment in the href', () => {
    expect(categoryHref({ id: '1', url: '財務 概況' })).toBe('/about/public/%E8%B2%A1%E5%8B%99%20%E6%A6%82%E6%B3%81');
  });
});

describe('publicNav', () => {
  const categories = [
    { id: '2', name: '財務概況', url: 'finance', sort: 2 },
    { id: '1', name: '公司概況', url: 'basic', sort: 1 },
    { id: '3', name: '觀測站', url: 'https://ins-info.ib.gov.tw', sort: 3 },
  ];

  it('lists 公開依據 first, the categories in display order, 盡職治理 last', () => {
    expect(publicNav(categories, '/about/public').map((link) => [link.label, link.href, link.current])).toEqual([
      ['公開依據', '/about/public', true],
      ['公司概況', '/about/public/basic', false],
      ['財務概況', '/about/public/finance', false],
      ['觀測站', 'https://ins-info.ib.gov.tw', false],
      ['盡職治理', '/about/public/stewardship', false],
    ]);
  });

  it('marks the current category', () => {
    expect(
      publicNav(categories, '/about/public/finance')
        .filter((link) => link.current)
        .map((link) => link.label),
    ).toEqual(['財務概況']);
  });

  it('still starts with 公開依據 without categories', () => {
    expect(publicNav([], '/about/public').map((link) => link.label)).toEqual(['公開依據', '盡職治理']);
  });
});

describe('disclosuresOfCategory', () => {
  it('keeps the category’s items, ascending sort then natural id', () => {
    const items = [
      { id: '10', category: '1', sort: 2 },
      { id: '2', category: '1', sort: 2 },
      { id: '3', category: '2', sort: 1 },
      { id: '4', category: '1', sort: 1 },
    ];
    expect(disclosuresOfCategory(items, '1').map((item) => item.id)).toEqual(['4', '2', '10']);
    expect(disclosuresOfCategory(items, '9')).toEqual([]);
  });
});
