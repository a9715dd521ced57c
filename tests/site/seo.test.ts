/**
 * Search engines and sharing over the built site, after `npm run build` against the
 * sample portal:
 * - sitemap-index.xml → sitemap-*.xml list every news/coupon/FAQ data route and no noindex page (NOINDEX_PATHS,
 *   or any page whose HTML says robots noindex); every listed URL has its page in dist/;
 * - robots.txt names the sitemap index with the absolute site URL;
 * - every page has exactly one title, one meta description (non-empty), one canonical URL (its own path on
 *   the site), an absolute og:image;
 * - JSON-LD parses and carries the right @type per template: InsuranceAgency on home, BreadcrumbList where a
 *   trail is shown, FAQPage on FAQ category pages, NewsArticle on news details; no `</script` inside.
 */
import { existsSync, globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { callPortal } from '../../src/portal/client';
import { ENDPOINTS } from '../../src/portal/endpoints';
import { HOTLINES } from '../../src/site/company';
import { PUBLISH_REPORT_PATH } from '../../src/site/limits';
import { NOINDEX_PATHS } from '../../src/site/navigation';
import { SECTIONS } from '../../src/site/sections';
import { startSamplePortal } from '../../scripts/sample-portal/server.mjs';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const SITE = process.env.SITE_URL ?? 'https://www.hotains.com.tw';

/** The route of a dist HTML file: `news/detail/1/index.html` → `/news/detail/1`, `404.html` → `/404`. */
const routeOf = (file: string) => `/${file.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`.replace(/(.)\/$/, '$1');

interface Page {
  route: string;
  html: string;
}

let pages: Page[] = [];
const sitemapUrls: string[] = [];
let news: { id: string | number }[] = [];
let coupons: { id: string | number }[] = [];

/** The publish report page for editors: not a page of the site's, checked on its own below. */
const REPORT_ROUTE = PUBLISH_REPORT_PATH.slice(0, -1);

/**
 * The page files Astro built (the redirect fallback pages of src/integrations/host-files.ts and the publish report page
 * of src/integrations/publishing.ts are left out).
 */
function builtPages(): Page[] {
  return globSync('**/*.html', { cwd: dist })
    .map((file) => ({ route: routeOf(file), html: readFileSync(path.join(dist, file), 'utf8') }))
    .filter((page) => !page.html.includes('http-equiv="refresh"') && page.route !== REPORT_ROUTE);
}

const all = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[1] ?? '');
const jsonLd = (html: string) =>
  all(html, /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g).map((text) => JSON.parse(text) as Record<string, unknown>);
const types = (html: string) => jsonLd(html).map((data) => data['@type']);
const page = (route: string) => {
  const found = pages.find((p) => p.route === route);
  if (!found) throw new Error(`no page ${route} in dist/`);
  return found.html;
};
const isNoindex = (html: string) => /<meta name="robots" content="[^"]*noindex/.test(html);

beforeAll(async () => {
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error('dist/ has no index.html: run `npm run build` first.');
  pages = builtPages();
  const index = readFileSync(path.join(dist, 'sitemap-index.xml'), 'utf8');
  for (const loc of all(index, /<loc>([^<]+)<\/loc>/g)) {
    const file = path.join(dist, new URL(loc).pathname);
    sitemapUrls.push(...all(readFileSync(file, 'utf8'), /<loc>([^<]+)<\/loc>/g));
  }
  const portal = await startSamplePortal({ port: 0 });
  try {
    const [n, c] = await Promise.all([
      callPortal<typeof news>(ENDPOINTS.news, { base: portal.url }),
      callPortal<typeof coupons>(ENDPOINTS.coupons, { base: portal.url }),
    ]);
    if (n.cancelled || c.cancelled) throw new Error('cancelled');
    news = n.data;
    coupons = c.data;
  } finally {
    await portal.close();
  }
});

describe('sitemap and robots.txt', () => {
  it('lists the data routes and no noindex page', () => {
    const paths = new Set(sitemapUrls.map((url) => new URL(url).pathname));
    expect(sitemapUrls.every((url) => url.startsWith(`${SITE}/`))).toBe(true);
    expect(news.length).toBeGreaterThan(0);
    for (const item of news) expect(paths, `news ${item.id}`).toContain(`/news/detail/${item.id}`);
    for (const item of coupons) expect(paths, `coupon ${item.id}`).toContain(`/coupon/detail/${item.id}`);
    expect(paths).toContain('/');
    expect(paths).toContain('/sitemap');
    for (const route of NOINDEX_PATHS) expect(paths).not.toContain(route);
    for (const p of pages.filter((p) => isNoindex(p.html))) expect(paths, p.route).not.toContain(p.route);
    // Every indexable page is listed, and every listed URL is a built, indexable page.
    for (const p of pages.filter((p) => !isNoindex(p.html))) expect(paths, p.route).toContain(p.route);
    for (const route of paths) expect(isNoindex(page(route)), route).toBe(false);
  });

  it('robots.txt points at the sitemap index on the site', () => {
    const robots = readFileSync(path.join(dist, 'robots.txt'), 'utf8');
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toContain(`Sitemap: ${SITE}/sitemap-index.xml`);
    expect(existsSync(path.join(dist, 'sitemap-index.xml'))).toBe(true);
  });
});

describe('the publish report page for editors', () => {
  it('is noindex, in no sitemap and linked from no page', () => {
    const report = readFileSync(path.join(dist, PUBLISH_REPORT_PATH, 'index.html'), 'utf8');
    expect(isNoindex(report)).toBe(true);
    expect(sitemapUrls.filter((url) => new URL(url).pathname.startsWith(REPORT_ROUTE))).toEqual([]);
    expect(pages.filter((p) => p.html.includes(`href="${REPORT_ROUTE}`)).map((p) => p.route)).toEqual([]);
  });
});

describe('head metadata of every page', () => {
  it('has one title, description, canonical URL of its own path and an absolute og:image', () => {
    expect(pages.length).toBeGreaterThan(100);
    const problems: string[] = [];
    for (const { route, html } of pages) {
      const head = html.slice(0, html.indexOf('</head>'));
      const titles = all(head, /<title>([^<]*)<\/title>/g);
      const descriptions = all(head, /<meta name="description" content="([^"]*)"/g);
      const canonicals = all(head, /<link rel="canonical" href="([^"]*)"/g);
      const images = all(head, /<meta property="og:image" content="([^"]*)"/g);
      if (titles.length !== 1 || !titles[0]?.trim()) problems.push(`${route}: ${titles.length} titles`);
      if (descriptions.length !== 1 || !descriptions[0]?.trim()) problems.push(`${route}: ${descriptions.length} descriptions`);
      if (canonicals.length !== 1) problems.push(`${route}: ${canonicals.length} canonical links`);
      else if (route !== '/404' && route !== '/500' && canonicals[0] !== new URL(route, SITE).href) {
        problems.push(`${route}: canonical ${canonicals[0]}`);
      }
      if (images.length !== 1 || !/^https?:\/\//.test(images[0] ?? '')) problems.push(`${route}: og:image ${images.join(', ')}`);
    }
    expect(problems).toEqual([]);
  });

  it('announces a raster og:image with its size on every page, never an SVG (Facebook and LINE show no SVG)', () => {
    const problems: string[] = [];
    let covers = 0;
    for (const { route, html } of pages) {
      const head = html.slice(0, html.indexOf('</head>'));
      const image = all(head, /<meta property="og:image" content="([^"]*)"/g)[0] ?? '';
      const width = all(head, /<meta property="og:image:width" content="([^"]*)"/g)[0];
      const height = all(head, /<meta property="og:image:height" content="([^"]*)"/g)[0];
      if (!/\.(?:jpe?g|png|webp)$/i.test(new URL(image, SITE).pathname)) problems.push(`${route}: og:image ${image}`);
      if (!width || !height) problems.push(`${route}: og:image without its size`);
      if (image.includes('/_images/')) {
        covers += 1;
        if (width !== '1200' || height !== '630') problems.push(`${route}: cover crop ${width}×${height}`);
      }
    }
    expect(problems).toEqual([]);
    // News, event and coupon pages with a cover share its 1200×630 crop.
    expect(covers).toBeGreaterThan(10);
  });

  it('gives titles that differ between pages of different routes', () => {
    const byTitle = new Map<string, string[]>();
    for (const { route, html } of pages) {
      const title = html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '';
      byTitle.set(title, [...(byTitle.get(title) ?? []), route]);
    }
    // List pages of one category share their title across page numbers; details never share one.
    const details = [...byTitle.values()].filter((routes) => routes.filter((r) => r.includes('/detail/')).length > 1);
    expect(details).toEqual([]);
  });
});

describe('JSON-LD', () => {
  it('parses on every page and never holds a closing script tag', () => {
    for (const { route, html } of pages) {
      expect(() => jsonLd(html), route).not.toThrow();
      for (const text of all(html, /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
        expect(text.toLowerCase(), route).not.toContain('</');
      }
    }
  });

  it('describes the insurer on the home page with its hotlines', () => {
    const insurer = jsonLd(page('/')).find((data) => data['@type'] === 'InsuranceAgency');
    expect(insurer).toMatchObject({ '@context': 'https://schema.org', url: `${SITE}/`, logo: `${SITE}/logo.svg` });
    const telephones = (insurer!.contactPoint as { telephone: string }[]).map((point) => point.telephone);
    expect(telephones).toEqual(HOTLINES.map((line) => line.tel));
  });

  it('has BreadcrumbList where a trail is shown, ending at the page itself', () => {
    const withTrail = pages.filter((p) => /class="breadcrumbs[\s"]/.test(p.html));
    expect(withTrail.length).toBeGreaterThan(100);
    for (const { route, html } of withTrail) {
      const list = jsonLd(html).find((data) => data['@type'] === 'BreadcrumbList');
      const items = (list?.itemListElement ?? []) as { position: number; item?: string }[];
      expect(
        items.map((i) => i.position),
        route,
      ).toEqual(items.map((_, i) => i + 1));
      expect(items.at(-1)?.item, route).toBe(new URL(route, SITE).href);
    }
  });

  it('has FAQPage on FAQ category pages with every question', () => {
    const faqPages = pages.filter((p) => /^\/faq\/(?!service$)[^/]+$/.test(p.route));
    expect(faqPages.length).toBeGreaterThan(0);
    for (const { route, html } of faqPages) {
      const faq = jsonLd(html).find((data) => data['@type'] === 'FAQPage');
      const questions = (faq?.mainEntity ?? []) as { '@type': string; name: string; acceptedAnswer: { text: string } }[];
      const shown = (html.match(/<details class="faq-item[\s"]/g) ?? []).length;
      expect(questions.length, route).toBe(shown);
      for (const q of questions) {
        expect(q['@type']).toBe('Question');
        expect(q.acceptedAnswer.text.length, `${route}: ${q.name}`).toBeGreaterThan(0);
        expect(q.acceptedAnswer.text).not.toMatch(/<[a-z]/i);
      }
    }
  });

  it('has NewsArticle on news details and none on other details', () => {
    for (const item of news) {
      const html = page(`/news/detail/${item.id}`);
      const article = jsonLd(html).find((data) => data['@type'] === 'NewsArticle');
      expect(article, `news ${item.id}`).toBeDefined();
      expect(article?.headline).toBe(html.match(/<h1[^>]*>([^<]*)<\/h1>/)?.[1]?.replaceAll('&amp;', '&'));
      expect(article?.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(String((article!.image as string[])[0])).toMatch(/^https?:\/\//);
      expect(html).toContain('<meta property="og:type" content="article"');
    }
    // The detail pages of every other section of the registry (src/site/sections.ts).
    const otherDetails = Object.values(SECTIONS)
      .filter((section) => section.hasDetail && section !== SECTIONS.news)
      .map((section) => `/${section.path}/detail/`);
    const others = pages.filter((p) => otherDetails.some((prefix) => p.route.startsWith(prefix)));
    expect(others.length).toBeGreaterThan(0);
    for (const { route, html } of others) expect(types(html), route).not.toContain('NewsArticle');
  });
});
