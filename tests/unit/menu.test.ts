/**
 * The header's menu model (src/lib/menu.ts; REFERENCE.md "Layers": one menu model): what both the desktop mega-menus and the phone side
 * menu show for a page — which section is highlighted (and open in the side menu), which link is the current page,
 * which links open a new tab, where a panel gets its 「…總覽」 link and which group shows product tiles.
 */
import { describe, expect, it } from 'vitest';
import { anchorAttributes, headerMenu } from '../../src/lib/menu';
import { HEADER_LINKS, MAIN_MENU, type MainMenuItem } from '../../src/site/navigation';

/** A small menu: 商品 (landing page not among its links), 服務 (landing page is its first link), 消息. */
const MENU: readonly MainMenuItem[] = [
  {
    label: '商品',
    href: '/insurance',
    groups: [
      {
        title: '網路',
        links: [{ label: '汽車險', href: '/insurance/detail/1', description: '車險', quote: 'https://quote.example/car' }],
      },
      { title: '個人', links: [{ label: '機車險', href: '/insurance/detail/3' }] },
    ],
  },
  {
    label: '服務',
    href: '/claim',
    groups: [
      {
        title: '服務',
        links: [
          { label: '理賠', href: '/claim' },
          { label: '繳費', href: 'https://pay.example/' },
        ],
      },
    ],
  },
  { label: '消息', href: '/news', groups: [{ title: '消息', links: [{ label: '最新消息', href: '/news' }] }] },
];

const currentLabels = (path: string, menu = MENU) =>
  headerMenu(path, menu)
    .sections.filter((section) => section.current)
    .map((section) => section.label);

describe('headerMenu: the current section', () => {
  it.each([
    ['a page below a link', '/insurance/detail/3', ['商品']],
    ['the landing page itself, with a trailing slash', '/claim/', ['服務']],
    ['a page sharing only the first path segment', '/news/detail/7', ['消息']],
    ['a page of no section', '/about', []],
    ['the home page', '/', []],
  ])('%s: %s', (_, path, expected) => {
    expect(currentLabels(path)).toEqual(expected);
  });

  it('a product detail page belongs to 商品介紹, not to 網路投保, though both link to it (ties go to the later item)', () => {
    expect(currentLabels('/insurance/detail/1', MAIN_MENU)).toEqual(['商品介紹']);
  });
});

describe('headerMenu: links', () => {
  const { sections, homeCurrent, memberLogin } = headerMenu('/insurance/detail/1', MENU);
  const [products, service] = sections;

  it('marks the link to the current page, and only internal links', () => {
    const current = sections.flatMap((s) => s.groups.flatMap((g) => g.links)).filter((l) => l.current);
    expect(current.map((l) => l.label)).toEqual(['汽車險']);
    expect(homeCurrent).toBe(false);
    expect(headerMenu('/', MENU).homeCurrent).toBe(true);
  });

  it('flags http(s) links as external, with their quote site', () => {
    expect(service!.groups[0]!.links.map((l) => [l.label, l.external])).toEqual([
      ['理賠', false],
      ['繳費', true],
    ]);
    expect(products!.groups[0]!.links[0]!.quote).toEqual({
      href: 'https://quote.example/car',
      external: true,
      current: false,
    });
    expect(memberLogin).toMatchObject({ label: HEADER_LINKS.memberLogin.label, external: true });
  });

  it('gives a section an overview link only when none of its links goes to its landing page', () => {
    expect(products!.overview).toMatchObject({ label: '商品', href: '/insurance', external: false });
    expect(service!.overview).toBeUndefined();
  });

  it('shows a group as product tiles when its links carry descriptions', () => {
    expect(products!.groups.map((g) => g.products)).toEqual([true, false]);
  });

  it('turns a target into anchor attributes: a new tab for external links, aria-current for the current page', () => {
    expect(anchorAttributes({ href: 'https://pay.example/', external: true, current: false })).toEqual({
      href: 'https://pay.example/',
      target: '_blank',
      rel: 'noopener noreferrer',
    });
    expect(anchorAttributes({ href: '/claim', external: false, current: true })).toEqual({
      href: '/claim',
      'aria-current': 'page',
    });
    expect(anchorAttributes({ href: '/claim', external: false, current: false })['aria-current']).toBeUndefined();
  });
});
