/**
 * The search overlay's store (src/stores/search.ts), its query helpers (src/lib/search.ts) and the sitemap groups
 * (src/lib/sitemap.ts): opening, closing, typing, and submitting (REFERENCE.md "Widget states": closes the overlay, clears the box, goes
 * to /search?q={query}).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_QUERY_LENGTH, normalizeQuery, searchHref } from '../../src/lib/search';
import { sitemapGroups } from '../../src/lib/sitemap';
import { MAIN_MENU, SITEMAP_GROUP_TITLES } from '../../src/site/navigation';
import { $searchOpen, $searchQuery, closeSearch, openSearch, setSearchQuery, submitSearch } from '../../src/stores/search';

beforeEach(() => {
  closeSearch();
  setSearchQuery('');
});

describe('search store', () => {
  it('opens and closes', () => {
    expect($searchOpen.get()).toBe(false);
    openSearch();
    expect($searchOpen.get()).toBe(true);
    closeSearch();
    expect($searchOpen.get()).toBe(false);
  });

  it('keeps the typed text as typed', () => {
    setSearchQuery('  機車險 ');
    expect($searchQuery.get()).toBe('  機車險 ');
  });

  it.each([
    ['機車險', '/search?q=%E6%A9%9F%E8%BB%8A%E9%9A%AA'],
    ['  機車險怎麼保? ', '/search?q=%E6%A9%9F%E8%BB%8A%E9%9A%AA%E6%80%8E%E9%BA%BC%E4%BF%9D%3F'],
    ['a&b=c#d', '/search?q=a%26b%3Dc%23d'],
    ['<img src=x onerror=alert(1)>', '/search?q=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E'],
  ])('submitting %j closes, clears and goes to %s', (typed, url) => {
    openSearch();
    setSearchQuery(typed);
    const navigate = vi.fn();
    expect(submitSearch(navigate)).toBe(url);
    expect(navigate).toHaveBeenCalledExactlyOnceWith(url);
    expect($searchOpen.get()).toBe(false);
    expect($searchQuery.get()).toBe('');
  });

  it.each([[''], ['   '], ['\n\t']])('submitting the blank %j changes nothing', (typed) => {
    openSearch();
    setSearchQuery(typed);
    const navigate = vi.fn();
    expect(submitSearch(navigate)).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    expect($searchOpen.get()).toBe(true);
    expect($searchQuery.get()).toBe(typed);
  });
});

describe('normalizeQuery', () => {
  it.each([
    ['  理賠  ', '理賠'],
    ['機車險\n 理賠', '機車險 理賠'],
    ['🛵 機車險', '🛵 機車險'],
  ])('%j → %j', (raw, query) => {
    expect(normalizeQuery(raw)).toBe(query);
  });

  it(`cuts a long query to ${MAX_QUERY_LENGTH} characters without splitting an emoji`, () => {
    const query = normalizeQuery('🛵'.repeat(500));
    expect(Array.from(query)).toHaveLength(MAX_QUERY_LENGTH);
    expect(query).toBe('🛵'.repeat(MAX_QUERY_LENGTH));
    expect(searchHref('險'.repeat(500))).toBe(`/search?q=${encodeURIComponent('險'.repeat(MAX_QUERY_LENGTH))}`);
  });
});

describe('sitemapGroups', () => {
  it("gives the spec's eight groups, in order, each with links from the main menu", () => {
    const groups = sitemapGroups();
    expect(groups.map((group) => group.title)).toEqual([...SITEMAP_GROUP_TITLES]);
    const menuLinks = new Set(MAIN_MENU.flatMap((item) => item.groups.flatMap((group) => group.links)));
    for (const group of groups) {
      expect(group.links.length, group.title).toBeGreaterThan(0);
      for (const link of group.links) expect(menuLinks.has(link), `${group.title} ${link.label}`).toBe(true);
    }
  });

  it('takes all links of a menu item, or one group of an item', () => {
    const menu = [
      {
        label: 'A',
        href: '/a',
        groups: [
          { title: 'A1', links: [{ label: 'a1', href: '/a1' }] },
          { title: 'A2', links: [{ label: 'a2', href: '/a2' }] },
        ],
      },
      {
        label: 'B',
        href: '/b',
        groups: [
          { title: 'B1', links: [{ label: 'b1', href: '/b1' }] },
          { title: 'B2', links: [{ label: 'b2', href: '/b2' }] },
        ],
      },
    ];
    expect(sitemapGroups(['A', 'B2'], menu)).toEqual([
      {
        title: 'A',
        links: [
          { label: 'a1', href: '/a1' },
          { label: 'a2', href: '/a2' },
        ],
      },
      { title: 'B2', links: [{ label: 'b2', href: '/b2' }] },
    ]);
    expect(() => sitemapGroups(['C'], menu)).toThrow(/C/);
  });
});
