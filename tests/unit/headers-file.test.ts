/**
 * Reading `_headers` as the CDN hosts apply it (src/lib/headers-file.ts), which the local server (scripts/serve.mjs)
 * relies on to send what production sends: the file the build writes (src/lib/security-headers.ts headersFile) gives
 * every path the security headers, hashed assets and image variants their immutable caching, and the portal's files
 * both policies; patterns, joined values and the lines the reader refuses.
 */
import { describe, expect, it } from 'vitest';
import { headersForPath, parseHeadersFile } from '../../src/lib/headers-file';
import { IMMUTABLE_CACHE, headersFile, policyFrom, securityHeaders } from '../../src/lib/security-headers';
import { UPLOAD_CSP } from '../../src/lib/upload-headers';
import { readSettings } from '../../src/settings';

const security = securityHeaders(policyFrom(readSettings({})), new Map([['script-src', new Set(["'sha256-boot='"])]]));
const rules = parseHeadersFile(headersFile(security));
const value = (headers: [string, string][], name: string) => headers.find(([header]) => header === name)?.[1];

describe('the file the build writes', () => {
  it('gives a page, the home page and a text file exactly the security headers', () => {
    for (const path of ['/', '/claim', '/news/detail/41', '/robots.txt']) expect(headersForPath(rules, path)).toEqual(security);
  });

  it('gives hashed assets and image variants the security headers and immutable caching', () => {
    for (const path of ['/_astro/page.C7uTly7m.js', '/_images/3f2a-640.avif']) {
      expect(headersForPath(rules, path)).toEqual([...security, ['Cache-Control', IMMUTABLE_CACHE]]);
    }
  });

  it("gives the portal's files the site's policy and the upload policy, joined as the CDN joins them", () => {
    const site = value(security, 'Content-Security-Policy');
    expect(value(headersForPath(rules, '/upload/images/news/1.jpg'), 'Content-Security-Policy')).toBe(`${site}, ${UPLOAD_CSP}`);
  });

  it('does not take a path that only starts like a rule for that rule', () => {
    expect(value(headersForPath(rules, '/_astrology'), 'Cache-Control')).toBeUndefined();
    expect(value(headersForPath(rules, '/claim/_astro/x.js'), 'Cache-Control')).toBeUndefined();
  });
});

describe('patterns and values', () => {
  it('matches a splat across slashes, a placeholder within one segment, anything else literally', () => {
    const file = parseHeadersFile('# comment\n\n/news/:id\n  X-One: 1\n/a.b/*\n  X-Two: 2\n');
    expect(headersForPath(file, '/news/41')).toEqual([['X-One', '1']]);
    expect(headersForPath(file, '/news/41/more')).toEqual([]);
    expect(headersForPath(file, '/a.b/c/d')).toEqual([['X-Two', '2']]);
    expect(headersForPath(file, '/aXb/c')).toEqual([]);
  });

  it('joins a header several rules set with ", ", in file order, whatever its case', () => {
    const file = parseHeadersFile('/*\n  Link: <a>\n/x\n  link: <b>\n  X-Other: y\n');
    expect(headersForPath(file, '/x')).toEqual([
      ['Link', '<a>, <b>'],
      ['X-Other', 'y'],
    ]);
  });

  it('refuses what it would otherwise ignore or misread, naming the line', () => {
    expect(() => parseHeadersFile('  X-One: 1\n')).toThrow(/line 1: a header before any path pattern/);
    expect(() => parseHeadersFile('https://example.com/*\n  X-One: 1\n')).toThrow(/line 1: unsupported path pattern/);
    expect(() => parseHeadersFile('/*\n  ! X-Frame-Options\n')).toThrow(/line 2: .* is not a "Name: value" header line/);
  });
});
