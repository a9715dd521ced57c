/**
 * The deploy gate's checks (scripts/lib/site-checks.mjs) refuse what they exist to refuse, on small made-up sites:
 * a build report that misses a list or misdescribes one, a page linking the report, a redirect that does not
 * answer 301 or leads nowhere, an unknown path answered 200, a broken internal link (read from the files: a missing
 * page or asset, a host file, a portal file the portal does not have), a home-page link nginx does not serve.
 * (tests/site/site-checks.test.ts runs them on the real build.)
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/portal/endpoints';
import { SITE_CHECKS } from '../../scripts/lib/site-checks.mjs';

const check = (name: string) => SITE_CHECKS.find((entry) => entry.name === name)!;

/** A site folder with these files (path → text). */
function siteWith(files: Record<string, string>): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'site-checks-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), text);
  }
  return dist;
}

/** A served site whose `get` answers from a table (path → status and Location); anything else 200. */
const served = (dist: string, answers: Record<string, [number, string?]> = {}, portalLists?: string[]) => ({
  dist,
  url: 'http://127.0.0.1:1',
  portalLists,
  get: async (where: string) => {
    const [status, location] = answers[where] ?? [200];
    return new Response(null, { status, headers: location ? { location } : {} });
  },
  close: async () => {},
});

const newsList = { endpoint: `GET ${ENDPOINTS.news.path}`, items: 3, source: 'live', fetchedAt: '2026-01-01T00:00:00Z', ageHours: 0 };

describe('the build report check', () => {
  it('names a portal list the report lacks and a list with an unknown source', async () => {
    const dist = siteWith({
      'build-report.json': JSON.stringify({ builtAt: '2026-01-01T00:00:00Z', lists: { news: { ...newsList, source: 'cache' } } }),
    });
    const failures = await check('build report').run(served(dist, {}, ['events', 'news']));
    expect(failures).toEqual(['events: not recorded', 'news: source cache, expected live or snapshot']);
  });

  it('passes a report that records every portal list', async () => {
    const dist = siteWith({ 'build-report.json': JSON.stringify({ builtAt: '2026-01-01T00:00:00Z', lists: { news: newsList } }) });
    expect(await check('build report').run(served(dist, {}, ['news']))).toEqual([]);
  });
});

/** 101 plain pages and the publish report page for editors. */
const PAGES = {
  ...Object.fromEntries(Array.from({ length: 101 }, (_, n) => [`page/${n}/index.html`, '<p>page</p>'])),
  '_publish/index.html': '<meta name="robots" content="noindex, nofollow"><a href="/news/detail/1">/news/detail/1</a>',
};

it('names the page that links the build report', async () => {
  const dist = siteWith({ ...PAGES, 'about/index.html': '<a href="/build-report.json">report</a>' });
  expect(await check('report unlinked').run(served(dist))).toEqual([`${path.join(dist, 'about/index.html')} links build-report.json`]);
});

it('accepts the publish report page when it is noindex and unlinked; names a page linking it, and a missing noindex', async () => {
  expect(await check('report unlinked').run(served(siteWith(PAGES)))).toEqual([]);
  const linked = siteWith({ ...PAGES, 'about/index.html': '<a href="/_publish/">發布報告</a>', '_publish/index.html': '<p>report</p>' });
  expect(await check('report unlinked').run(served(linked))).toEqual([
    `${path.join(linked, 'about/index.html')} links the publish report /_publish/`,
    '/_publish/ is not noindex',
  ]);
});

it('names a redirect that answers 302 and one whose target is missing', async () => {
  const lines = Array.from({ length: 21 }, (_, n) => `/old/${n} /new/${n} 301`);
  const dist = siteWith({ _redirects: `# plan\n${lines.join('\n')}\n` });
  const answers: Record<string, [number, string?]> = Object.fromEntries(lines.map((_, n) => [`/old/${n}`, [301, `/new/${n}`]]));
  answers['/old/0'] = [302, '/new/0'];
  answers['/new/1'] = [404];
  expect(await check('redirects').run(served(dist, answers))).toEqual(['/old/0: 302 → /new/0, expected 301 → /new/0', '/old/1 → /new/1: 404']);
});

it('refuses a site that answers an unknown path with 200', async () => {
  expect(await check('404').run(served(siteWith({})))).toEqual(['/no/such/page: 200, expected 404']);
});

describe('the link check, over the built files (scripts/lib/link-check.mjs)', () => {
  /** A site of PAGES plus these, whose portal answers `portal` (path → status; anything else 200). */
  const linkSite = (files: Record<string, string>, portal: Record<string, number> = {}) => ({
    ...served(siteWith({ ...PAGES, ...files })),
    get: async (where: string) => new Response('file', { status: portal[where] ?? 200 }),
  });
  /** 202 distinct links to PAGES (with and without a trailing slash), so that the check does not call the site too small. */
  const MANY = Array.from({ length: 101 }, (_, n) => `<a href="/page/${n}">${n}</a><a href="/page/${n}/">${n}</a>`).join('');

  it('passes every way a page can be reached, and leaves external links and the publish report alone', async () => {
    const site = linkSite({
      'index.html': `${MANY}<a href="/news/detail/7">folder page</a><a href="/news/detail/7/">trailing slash</a>
        <a href="news/detail/7?tab=1#top">relative, with a query and a fragment</a>
        <a href="/about/%E9%97%9C%E6%96%BC">encoded Chinese path</a><link rel="stylesheet" href="/_astro/style.css">
        <img src="/logo.svg" srcset="/logo.svg 1x, /upload/logo@2x.png 2x" alt=""><meta http-equiv="refresh" content="0;url=/news/detail/7">
        <a href="https://elsewhere.example/missing">external</a><a href="mailto:a@b.example">mail</a><a href="tel:0800">tel</a>
        <link rel="preconnect" href="/nowhere">`,
      // Served at /news (nginx sends /news/ there), so relative links start from /.
      'news/index.html': '<a href="news/detail/7">relative to /news</a>',
      'news/detail/7/index.html': '<p>7</p>',
      'about/關於/index.html': '<p>關於</p>',
      '_astro/style.css': 'p{}',
      'logo.svg': '<svg/>',
      '_publish/index.html': '<meta name="robots" content="noindex"><a href="/news/detail/99">removed by this build</a>',
    });
    expect(await check('links').run(site)).toEqual([]);
  });

  it('names each broken link with the page it is on: a missing page, a missing asset, a host file, a portal file', async () => {
    const site = linkSite(
      {
        'index.html': MANY,
        'news/index.html': `<a href="/news/detail/8">gone</a><a href="detail/7">relative to /news, so /detail/7</a><script src="/_astro/old.js"></script><a href="/nginx.conf">x</a>
          <img src="/upload/missing.png" alt=""><a href="/upload/file.pdf">ok</a><a href="/%E0%A4%A">bad encoding</a>`,
        // A folder page does not stand in for an asset: nginx serves /_astro/ as exact files.
        '_astro/old.js/index.html': '<p>not the script</p>',
      },
      { '/upload/missing.png': 404 },
    );
    expect(await check('links').run(site)).toEqual([
      '/%E0%A4%A: malformed percent-encoding (on /news)',
      '/_astro/old.js: no such file (404) (on /news)',
      '/detail/7: no page (404) (on /news)',
      '/news/detail/8: no page (404) (on /news)',
      '/nginx.conf: a host file, which nginx refuses (404) (on /news)',
      '/upload/missing.png: the portal answered 404 (on /news)',
    ]);
  });

  it('calls a site with too few links broken', async () => {
    const site = linkSite({ 'index.html': '<a href="/page/1">1</a>' });
    expect(await check('links').run(site)).toEqual(['only 1 internal links found (expected more than 200)']);
  });
});

it('the served-links check follows each internal link of the home page through nginx and names what fails', async () => {
  const answers: Record<string, [number, string?]> = { '/a/': [301, '/a'], '/b': [404], '/c/': [301, '/gone'], '/gone': [404] };
  const site = {
    ...served(siteWith({})),
    get: async (where: string) => {
      if (where === '/')
        return new Response('<a href="/a/">a</a><a href="/b">b</a><a href="/c/">c</a><a href="/">home</a><a href="https://x.example/">x</a>');
      const [status, location] = answers[where] ?? [200];
      return new Response(null, { status, headers: location ? { location } : {} });
    },
  };
  expect(await check('served links').run(site)).toEqual(['/b: 404, expected 200', '/c/ → /gone: 404, expected 200']);
});
