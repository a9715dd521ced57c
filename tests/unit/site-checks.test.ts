/**
 * The deploy gate's checks (scripts/lib/site-checks.mjs) refuse what they exist to refuse, on small made-up sites:
 * a build report that misses a list or misdescribes one, a page linking the report, a redirect that does not
 * answer 301 or leads nowhere, an unknown path answered 200. (tests/build/site-checks.test.ts runs them on the
 * real build.)
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

/** 101 plain pages and the publish report page (issue 16). */
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
