/**
 * The redirect plan (REFERENCE.md "Redirects") on edge data, the host files written from it (every
 * source also with a trailing slash, one hop), and the site's own links at their final URLs (no link of the menus,
 * the footer or the other navigation lists is a redirect source).
 */
import { describe, expect, it } from 'vitest';
import { cdnRedirects, fallbackPage, nginxInclude } from '../../src/lib/host-config';
import { EMPTY_LIST_FALLBACK, finalHref, redirectPlan, redirectTargets, resolveChains, type RedirectData } from '../../src/lib/redirects';
import { finalLinks, finalMenu, navigationHrefs } from '../../src/lib/site-links';
import { CONTENT_AREAS, FOOTER_LINKS, HOME_SERVICES } from '../../src/site/navigation';

const full: RedirectData = {
  decreeIds: ['d-7', '2'],
  locationAreaIds: ['north', 'south'],
  faqCategoryIds: ['3', '1'],
  downloadCategories: [
    { id: 'claim', itemIds: ['11', '12'] },
    { id: 'empty', itemIds: [] },
  ],
  articleSections: [{ path: 'news', categoryIds: ['1', '2'] }],
};
const empty: RedirectData = {
  decreeIds: [],
  locationAreaIds: [],
  faqCategoryIds: [],
  downloadCategories: [],
  articleSections: [{ path: 'news', categoryIds: [] }],
};

/** The plan as a from → to map. */
const targets = (data: RedirectData) => new Map(redirectPlan(data).map((r) => [r.from, r.to]));

describe('redirectPlan', () => {
  it.each([
    ['/coupon', '/coupon/1'],
    ['/video', '/video/1'],
    ['/insurance', '/insurance/personal'],
    ['/about/decree', '/about/decree/d-7'],
    ['/about/locations', '/about/locations/north'],
    ['/faq', '/faq/3'],
    ['/news', '/news/all/1'],
    ['/news/all', '/news/all/1'],
    ['/news/2', '/news/2/1'],
    ['/download', '/download/claim/11/1'],
    ['/download/claim', '/download/claim/11/1'],
    ['/download/claim/12', '/download/claim/12/1'],
    ['/download/empty', '/download/empty/none'],
  ])('sends %s to %s in one hop', (from, to) => {
    expect(targets(full).get(from)).toBe(to);
  });

  it('answers every redirect with 301', () => {
    expect(new Set(redirectPlan(full).map((r) => r.status))).toEqual(new Set([301]));
  });

  it('falls back when lists are empty: no decrees, locations, FAQ or download categories', () => {
    const plan = targets(empty);
    expect(plan.get('/about/decree')).toBe(EMPTY_LIST_FALLBACK.decree);
    expect(plan.get('/about/locations')).toBe(EMPTY_LIST_FALLBACK.locations);
    expect(plan.get('/faq')).toBe(EMPTY_LIST_FALLBACK.faq);
    expect(plan.get('/download')).toBe('/download/none');
    expect(plan.get('/news')).toBe('/news/all/1');
  });

  it('encodes ids in paths', () => {
    const plan = targets({ ...empty, decreeIds: ['保險法 第1條'] });
    expect(plan.get('/about/decree')).toBe('/about/decree/%E4%BF%9D%E9%9A%AA%E6%B3%95%20%E7%AC%AC1%E6%A2%9D');
  });
});

describe('resolveChains', () => {
  it('rejects loops and conflicting targets', () => {
    expect(() =>
      resolveChains([
        { from: '/a', to: '/b', status: 301 },
        { from: '/b', to: '/a', status: 301 },
      ]),
    ).toThrow(/loop/);
    expect(() =>
      resolveChains([
        { from: '/a', to: '/b', status: 301 },
        { from: '/a', to: '/c', status: 301 },
      ]),
    ).toThrow(/two targets/);
  });
});

describe('host files', () => {
  const plan = redirectPlan(full);

  it('writes one _redirects line per rule, and one from its source with a trailing slash to the same final target', () => {
    const lines = cdnRedirects(plan)
      .text.split('\n')
      .filter((line) => line && !line.startsWith('#'));
    expect(lines).toHaveLength(2 * plan.length);
    expect(lines).toContain('/faq /faq/3 301');
    // One hop: `/news/` goes to the final target, not to `/news` (which would redirect again).
    expect(lines).toContain('/news/ /news/all/1 301');
    expect(lines).toContain('/coupon/ /coupon/1 301');
    expect(lines).toContain('/download/claim/ /download/claim/11/1 301');
    for (const redirect of plan) expect(lines, redirect.from).toContain(`${redirect.from}/ ${redirect.to} 301`);
  });

  it('writes an nginx location for each source with a trailing slash, to the final target', () => {
    const conf = nginxInclude(redirectPlan({ ...full, decreeIds: ['保險法'] }));
    expect(conf).toContain('location = "/news/" { return 301 "/news/all/1"; }');
    expect(conf).toContain('location = "/about/decree/" { return 301 "/about/decree/%E4%BF%9D%E9%9A%AA%E6%B3%95"; }');
    const ascii = nginxInclude(plan);
    for (const redirect of plan) expect(ascii).toContain(`location = "${redirect.from}/" { return 301 "${redirect.to}"; }`);
  });

  it('writes exact nginx locations with decoded paths', () => {
    const conf = nginxInclude(redirectPlan({ ...full, decreeIds: ['保險法'] }));
    expect(conf).toContain('location = "/faq" { return 301 "/faq/3"; }');
    expect(conf).toContain('location = "/about/decree" { return 301 "/about/decree/%E4%BF%9D%E9%9A%AA%E6%B3%95"; }');
    expect(conf).toContain('error_page 404 /404.html;');
  });

  it('refuses paths that could break the host files', () => {
    const hostile = [{ from: '/x', to: '/y";return 200 "owned', status: 301 as const }];
    expect(() => nginxInclude(hostile)).toThrow(/unsafe path/);
    expect(() => cdnRedirects(hostile)).toThrow(/unsafe path/);
    for (const from of ['/news/a%2Fb', '/news/%2E%2E', '/news/a%0Ab', '/news/%E0%A4%A']) {
      expect(() => nginxInclude([{ from, to: '/news/all/1', status: 301 }]), from).toThrow(/Redirect plan: "/);
    }
  });

  it('names encoded quotes, backslashes and dollars in nginx locations as nginx compares them, escaped', () => {
    const conf = nginxInclude([{ from: '/news/a%22%3Breturn%20200%20%24x%5C', to: '/news/a%22%3Breturn%20200%20%24x%5C/1', status: 301 }]);
    expect(conf).toContain('location = "/news/a\\";return 200 $x\\\\" { return 301 "/news/a%22%3Breturn%20200%20%24x%5C/1"; }');
  });

  it('writes fallback pages with a meta refresh, a canonical link and a visible link', () => {
    const html = fallbackPage({ from: '/faq', to: '/faq/3', status: 301 });
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/faq/3">');
    expect(html).toContain('<link rel="canonical" href="/faq/3">');
    expect(html).toContain('<a href="/faq/3">/faq/3</a>');
  });
});

describe("the site's links", () => {
  const plan = redirectPlan(full);
  const targets = redirectTargets(plan);
  const sources = new Set(plan.map((redirect) => redirect.from));
  /** The links' hrefs that are redirect sources (with or without a trailing slash). */
  const redirecting = (hrefs: readonly string[]) => hrefs.filter((href) => sources.has(href.length > 1 ? href.replace(/\/+$/, '') : href));

  it('the main menu (mega menu and side menu) links no redirect source', () => {
    const menu = finalMenu(targets);
    const hrefs = menu.flatMap((item) => [item.href, ...item.groups.flatMap((group) => group.links.map((link) => link.href))]);
    expect(redirecting(hrefs)).toEqual([]);
    // The links that were redirect sources now name the plan's final targets.
    expect(hrefs).toContain('/about/decree/d-7');
    expect(hrefs).toContain('/about/locations/north');
    expect(hrefs).toContain('/faq/3');
    expect(hrefs).toContain('/download/claim/11/1');
    expect(hrefs).toContain('/news/all/1');
  });

  it('the footer, the home services and the content areas link no redirect source', () => {
    const footer = finalLinks(FOOTER_LINKS, targets).map((link) => link.href);
    expect(redirecting(footer)).toEqual([]);
    expect(footer).toEqual(expect.arrayContaining(['/about/decree/d-7', '/about/locations/north']));
    expect(redirecting(finalLinks(HOME_SERVICES, targets).map((link) => link.href))).toEqual([]);
    for (const area of Object.values(CONTENT_AREAS)) {
      expect(redirecting(finalLinks([...area.crumbs, ...area.extraLinks], targets).map((link) => link.href))).toEqual([]);
    }
  });

  it('every internal link of the navigation model reaches a page without a redirect, with empty lists too', () => {
    for (const data of [full, empty]) {
      const plan = redirectPlan(data);
      const map = redirectTargets(plan);
      const from = new Set(plan.map((redirect) => redirect.from));
      expect(
        navigationHrefs()
          .map((href) => finalHref(href, map))
          .filter((href) => from.has(href)),
      ).toEqual([]);
    }
  });

  it('keeps a query and a fragment, and leaves other links alone', () => {
    expect(finalHref('/faq?x=1#top', targets)).toBe('/faq/3?x=1#top');
    expect(finalHref('/faq/', targets)).toBe('/faq/3');
    expect(finalHref('/contact', targets)).toBe('/contact');
    expect(finalHref('https://example.com/faq', targets)).toBe('https://example.com/faq');
  });
});
