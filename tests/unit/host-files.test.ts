/**
 * Host files that always work (REFERENCE.md "Redirects": every redirect output comes from the one plan), on the files themselves:
 * - category ids with reserved characters (`&`, `+`, `:`, `=`, `@`, `$`, `,`, `;`) redirect under real
 *   nginx (scripts/lib/nginx.mjs), whether the browser sends them encoded or not, and a host without redirect rules
 *   finds the fallback page where nginx looks for it (the folder Astro gives a page at that path);
 * - a large portal: 2,100 download items over 50 categories make more redirects than the CDN's `_redirects` takes; the
 *   file holds what fits, the rest are left to the fallback pages, and the nginx include has every redirect;
 * - over a kept dist/, a redirect source holding a page of an earlier build (its fallback page to another
 *   target, or a page no route produces any more) gets this build's fallback page; a page of this build there fails.
 * The whole build over a kept dist/ is tests/build/kept-dist.test.ts.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fallbackFile, writeFallbackPages, writeHostFiles } from '../../src/integrations/host-files';
import { CDN_REDIRECT_LIMITS, cdnRedirects, fallbackPage, nginxInclude } from '../../src/lib/host-config';
import { redirectPlan, type Redirect, type RedirectData } from '../../src/lib/redirects';
import { policyFrom } from '../../src/lib/security-headers';
import { readSettings } from '../../src/settings';
import { startNginx } from '../../scripts/lib/nginx.mjs';

const noLists: RedirectData = {
  decreeIds: [],
  locationAreaIds: [],
  faqCategoryIds: [],
  downloadCategories: [],
  articleSections: [],
};

/** Writes `text` at `file`, folders included. */
const put = (file: string, text: string) => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
};

describe('category ids with reserved characters under nginx', () => {
  const RESERVED_IDS = ['rt&amp', 'a+b', 'k:v=1', 'me@home', 'us$5', 'x,y;z', '保 險 "引號" \\'];
  const plan = redirectPlan({ ...noLists, articleSections: [{ path: 'share', categoryIds: RESERVED_IDS }] }).filter((redirect) =>
    redirect.from.startsWith('/share'),
  );
  const categorySources = plan.filter((redirect) => RESERVED_IDS.some((id) => redirect.from === `/share/${encodeURIComponent(id)}`));
  let root: string;
  let withRules: Awaited<ReturnType<typeof startNginx>>;
  let withoutRules: Awaited<ReturnType<typeof startNginx>>;
  const get = (base: string, path: string) => fetch(`${base}${path}`, { redirect: 'manual' });

  beforeAll(async () => {
    root = `${mkdtempSync(join(tmpdir(), 'host-files-nginx-'))}/`;
    for (const page of ['404.html', '500.html']) put(join(root, page), `<p>${page}</p>`);
    // The targets where Astro writes them: a folder named by the id itself.
    for (const category of ['all', ...RESERVED_IDS]) put(join(root, 'share', category, '1', 'index.html'), `<p>${category}</p>`);
    await writeFallbackPages(root, plan, new Set());
    put(join(root, 'nginx.conf'), nginxInclude(plan));
    withRules = await startNginx({ dist: root, portalUrl: 'http://127.0.0.1:9' });
    // The same site on a host that reads no redirect rule: only the fallback pages redirect.
    const bare = mkdtempSync(join(tmpdir(), 'host-files-bare-'));
    cpSync(root, bare, { recursive: true });
    writeFileSync(join(bare, 'nginx.conf'), nginxInclude([]));
    withoutRules = await startNginx({ dist: bare, portalUrl: 'http://127.0.0.1:9' });
  });

  afterAll(async () => {
    await withRules?.close();
    await withoutRules?.close();
  });

  it('answers every category redirect with 301 to its page, which answers 200', async () => {
    expect(categorySources).toHaveLength(RESERVED_IDS.length);
    for (const redirect of plan) {
      const answer = await get(withRules.url, redirect.from);
      expect(answer.status, redirect.from).toBe(301);
      expect(answer.headers.get('location'), redirect.from).toBe(redirect.to);
      expect((await get(withRules.url, redirect.to)).status, redirect.to).toBe(200);
    }
  });

  it('matches the reserved characters sent unencoded as well', async () => {
    const answer = await get(withRules.url, '/share/rt&amp');
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe('/share/rt%26amp/1');
  });

  it('serves the fallback page at each category path on a host without redirect rules', async () => {
    for (const redirect of categorySources) {
      const answer = await get(withoutRules.url, redirect.from);
      expect(answer.status, redirect.from).toBe(200);
      expect(await answer.text(), redirect.from).toContain(`<meta http-equiv="refresh" content="0; url=${redirect.to.replaceAll('&', '&amp;')}">`);
    }
  });
});

describe("the CDN's redirect limit", () => {
  const CATEGORIES = 50;
  const ITEMS = 2100;
  const plan = redirectPlan({
    ...noLists,
    articleSections: [{ path: 'news', categoryIds: ['1', '2'] }],
    downloadCategories: Array.from({ length: CATEGORIES }, (_, category) => ({
      id: `c${category}`,
      itemIds: Array.from({ length: ITEMS / CATEGORIES }, (_, item) => String(category * 1000 + item)),
    })),
  });
  const rules = (text: string) => text.split('\n').filter((line) => line && !line.startsWith('#'));

  it('writes as many redirects as the CDN takes and leaves the last download items to their fallback pages', () => {
    expect(plan.length).toBeGreaterThan(CDN_REDIRECT_LIMITS.rules);
    const { text, omitted } = cdnRedirects(plan);
    expect(rules(text)).toHaveLength(CDN_REDIRECT_LIMITS.rules);
    expect(omitted).toHaveLength(plan.length - CDN_REDIRECT_LIMITS.rules);
    expect(text).toContain(`# ${omitted.length} redirect(s) past the CDN's limits are left to their HTML fallback pages.`);
    // The spec's fixed and category redirects all fit; only download items' redirects are left out.
    for (const from of ['/coupon', '/news', '/news/2', '/download', '/download/c49'])
      expect(
        rules(text).some((line) => line.startsWith(`${from} `)),
        from,
      ).toBe(true);
    for (const redirect of omitted) expect(redirect.from).toMatch(/^\/download\/c\d+\/\d+$/);
  });

  it('keeps every redirect in the nginx include', () => {
    // Each source twice: as planned and with a trailing slash (src/lib/redirects.ts hostRedirects).
    expect(nginxInclude(plan).match(/^location = "/gm)).toHaveLength(2 * plan.length);
  });

  it('builds the host files at that size: a fallback page at every source, every redirect under nginx', async () => {
    const root = `${mkdtempSync(join(tmpdir(), 'host-files-limit-'))}/`;
    for (const page of ['404.html', '500.html']) put(join(root, page), `<p>${page}</p>`);
    await writeFallbackPages(root, plan, new Set());
    const { cdnOmitted } = await writeHostFiles(
      root,
      plan,
      { cspHashes: new Map(), cspHashOrigins: new Map(), missingAssets: [] },
      policyFrom(readSettings({})),
    );
    expect(cdnOmitted).toHaveLength(plan.length - CDN_REDIRECT_LIMITS.rules);
    expect(rules(readFileSync(join(root, '_redirects'), 'utf8'))).toHaveLength(CDN_REDIRECT_LIMITS.rules);
    for (const redirect of cdnOmitted) expect(readFileSync(fallbackFile(root, redirect), 'utf8')).toBe(fallbackPage(redirect));
    const nginx = await startNginx({ dist: root, portalUrl: 'http://127.0.0.1:9' });
    try {
      const last = plan.at(-1)!;
      const answer = await fetch(`${nginx.url}${last.from}`, { redirect: 'manual' });
      expect(answer.status).toBe(301);
      expect(answer.headers.get('location')).toBe(last.to);
    } finally {
      await nginx.close();
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('fallback pages over a kept dist/', () => {
  let root: string;
  const decree = (id: string): Redirect => ({ from: '/about/decree', to: `/about/decree/${id}`, status: 301 });

  beforeEach(() => {
    root = `${mkdtempSync(join(tmpdir(), 'host-files-kept-'))}/`;
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("replaces an earlier build's fallback page to another target", async () => {
    await writeFallbackPages(root, [decree('1')], new Set());
    const { replaced } = await writeFallbackPages(root, [decree('new')], new Set());
    expect(replaced).toEqual([fallbackFile(root, decree('new'))]);
    expect(readFileSync(fallbackFile(root, decree('new')), 'utf8')).toBe(fallbackPage(decree('new')));
  });

  it('replaces a page of an earlier build that no route of this build produced', async () => {
    const redirect = { from: '/download/5/none', to: '/download/5/none/1', status: 301 as const };
    put(fallbackFile(root, redirect), '<main>空的分類</main>');
    await writeFallbackPages(root, [redirect], new Set());
    expect(readFileSync(fallbackFile(root, redirect), 'utf8')).toBe(fallbackPage(redirect));
  });

  it('leaves an unchanged fallback page alone', async () => {
    await writeFallbackPages(root, [decree('1')], new Set());
    expect((await writeFallbackPages(root, [decree('1')], new Set())).replaced).toEqual([]);
  });

  it('refuses a redirect source where a route of this build wrote a page, and keeps that page', async () => {
    const file = fallbackFile(root, decree('1'));
    put(file, '<main>法令規章</main>');
    await expect(writeFallbackPages(root, [decree('1')], new Set([file]))).rejects.toThrow(
      'Hosting: this build has a page at /about/decree, which the redirect plan sends to /about/decree/1.',
    );
    expect(readFileSync(file, 'utf8')).toBe('<main>法令規章</main>');
  });
});
