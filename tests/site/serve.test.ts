/**
 * `npm start`'s server (scripts/serve.mjs, also `npm run preview` and the end-to-end tests) as strict as production,
 * over the built dist/ (SITE_DIST_DIR: another built site) with the sample portal behind `/api/` and `/upload/`:
 * - every page of the build answers with the Content-Security-Policy of the build and every other security header
 *   (src/lib/security-headers.ts, as `dist/_headers` and nginx give them), revalidated on every visit;
 * - every redirect of `dist/_redirects` answers 301 with its target as Location, without its fallback page;
 * - each other response type carries what nginx gives it (tests/site/headers.test.ts): the security headers on a
 *   hashed asset (cached for a year), a 404 (cached by no rule; the host files `_headers`, `_redirects` and `nginx.conf`
 *   too), a 304, a proxied API answer, and a portal file with the upload policy in place of the site's.
 */
import { apiAnswerHeaders } from '../../src/lib/portal-proxy';
import { HOLIDAYS_ENDPOINT } from '../../src/portal/endpoints';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSettings } from '../../src/settings';
import { IMMUTABLE_CACHE, policyFrom, securityHeaders } from '../../src/lib/security-headers';
import { inlineHashesOf } from '../../src/integrations/inline-hashes';
import { UPLOAD_PREFIX, uploadHeaders, withHeaders } from '../../src/lib/upload-headers';
import { startSamplePortal } from '../../scripts/sample-portal/server.mjs';
import { serveSite } from '../../scripts/serve.mjs';

const dist = process.env.SITE_DIST_DIR ? `${resolve(process.env.SITE_DIST_DIR)}/` : fileURLToPath(new URL('../../dist/', import.meta.url));
/** Requests in flight at once while every page is fetched. */
const CONCURRENT_REQUESTS = 8;

let portal: Awaited<ReturnType<typeof startSamplePortal>>;
let site: Awaited<ReturnType<typeof serveSite>>;
let expected: [string, string][];
/** Every built page's path as a visitor asks for it (`/`, `/claim`), error pages left out. */
let pagePaths: string[];
/** `dist/_redirects`: source → target. */
let redirects: Map<string, string>;

/** The path a built HTML file answers at (`claim/index.html` → `/claim`), or null for the error pages. */
function pathOf(file: string): string | null {
  const parts = file.split(sep);
  if (parts.length === 1 && parts[0] !== 'index.html') return null;
  return `/${parts.slice(0, -1).join('/')}`;
}

beforeAll(async () => {
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
  // The build ran in this environment (npm test), so its PUBLIC_* settings give the same policy.
  expected = securityHeaders(policyFrom(readSettings(process.env)), inlineHashesOf(files.map((file) => readFileSync(join(dist, file), 'utf8'))));
  pagePaths = files.map(pathOf).filter((path): path is string => path !== null);
  redirects = new Map(
    readFileSync(join(dist, '_redirects'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('/'))
      .map((line) => line.split(' ') as [string, string]),
  );
  portal = await startSamplePortal({ port: 0 });
  site = await serveSite({ dist, portalUrl: portal.url });
}, 60_000);

afterAll(async () => {
  await site?.close();
  await portal?.close();
});

/** GET without following redirects. */
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${site.url}${path}`, { redirect: 'manual', headers });

/** The security headers an answer lacks or carries with another value, as `name on path` lines. */
function wrongHeaders(response: Response, path: string, want: [string, string][] = expected): string[] {
  return want.filter(([name, value]) => response.headers.get(name) !== value).map(([name]) => `${name} on ${path}`);
}

/** Runs `check` on every item, CONCURRENT_REQUESTS at a time, and returns what the checks found, flattened. */
async function eachConcurrently<T>(items: T[], check: (item: T) => Promise<string[]>): Promise<string[]> {
  const found: string[] = [];
  for (let start = 0; start < items.length; start += CONCURRENT_REQUESTS) {
    found.push(...(await Promise.all(items.slice(start, start + CONCURRENT_REQUESTS).map(check))).flat());
  }
  return found;
}

describe('npm start as strict as production', () => {
  it('answers every page of the build with the Content-Security-Policy and every security header', async () => {
    const pages = pagePaths.filter((path) => !redirects.has(path));
    expect(pages.length).toBeGreaterThan(50);
    const wrong = await eachConcurrently(pages, async (path) => {
      const response = await get(path);
      await response.arrayBuffer();
      const status = response.status === 200 ? [] : [`status ${response.status} on ${path}`];
      const cache = /max-age=0/.test(response.headers.get('cache-control') ?? '') ? [] : [`Cache-Control on ${path}`];
      return [...status, ...cache, ...wrongHeaders(response, path)];
    });
    expect(wrong).toEqual([]);
  });

  it('answers every redirect of the plan with 301 and its target, with the security headers', async () => {
    expect(redirects.size).toBeGreaterThan(0);
    const wrong = await eachConcurrently([...redirects], async ([from, to]) => {
      const response = await get(from);
      await response.arrayBuffer();
      const answer =
        response.status === 301 && response.headers.get('location') === to
          ? []
          : [`${from}: ${response.status} to ${response.headers.get('location')}`];
      return [...answer, ...wrongHeaders(response, from)];
    });
    expect(wrong).toEqual([]);
  });

  it('gives a hashed asset the security headers and a year of caching', async () => {
    const asset = `/_astro/${readdirSync(join(dist, '_astro')).find((name) => name.endsWith('.js'))}`;
    const response = await get(asset);
    expect(response.status).toBe(200);
    expect(wrongHeaders(response, asset)).toEqual([]);
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE_CACHE);
  });

  it('answers an unknown path, a missing asset and the host files 404 with the security headers and no caching rule', async () => {
    for (const path of ['/no-such-page', '/_astro/no-such-file.js', '/_headers', '/_redirects', '/nginx.conf']) {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(wrongHeaders(response, path)).toEqual([]);
      expect(response.headers.get('cache-control')).toBeNull();
    }
  });

  it('keeps the security headers on a 304 answer', async () => {
    const etag = (await get('/claim')).headers.get('etag') ?? '';
    const response = await get('/claim', { 'If-None-Match': etag });
    expect(response.status).toBe(304);
    expect(wrongHeaders(response, '/claim (304)')).toEqual([]);
  });

  it("gives the portal's answers the security headers, its files the upload policy in place of the site's", async () => {
    const api = `${HOLIDAYS_ENDPOINT.path}?year=2026`;
    const answer = await get(api);
    expect(answer.status).toBe(200);
    expect(wrongHeaders(answer, api, withHeaders(expected, apiAnswerHeaders()))).toEqual([]);
    const image = `${UPLOAD_PREFIX}images/news/1.jpg`;
    const file = await get(image);
    expect(file.status).toBe(200);
    expect(wrongHeaders(file, image, withHeaders(expected, uploadHeaders(image)))).toEqual([]);
  });
});
