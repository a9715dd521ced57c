/**
 * The hostile corpus in Chromium (REFERENCE.md "Portal boundary": one validation layer at the boundary; REFERENCE.md "Browser side": the CSP): one build of the
 * site against the sample portal with SAMPLE_PORTAL_CORPUS=hostile (scripts/sample-portal/content/hostile.mjs) into
 * a temporary folder, served by real nginx with the generated include (so the security headers apply), then every
 * built page that shows a hostile item in its `<main>`, and one page of every template (src/pages route) besides, is
 * opened (at 320 or 1,440 px, then measured again at the other two of 320, 390 and 1,440 px). On each page:
 * - no payload runs: no dialog, `window.__pwned` never set, and the DOM holds no event-handler attribute, no
 *   `javascript:`/`data:` link or frame, no frame outside the allowed chatbot/video origins, no script or style
 *   sheet from elsewhere;
 * - no Content-Security-Policy violation (the policy allows everything the page itself needs);
 * - every link to another origin opens a new tab with `rel="noopener noreferrer"` and says so to screen readers
 *   (REFERENCE.md "Constants", download links too);
 * - the layout holds: the page is no wider than the viewport (2,000-character titles, wide tables, wide images,
 *   banners linking to other hosts).
 * A download link to another host (HOSTILE_LINKS) opens the external-link confirmation when clicked (REFERENCE.md "Constants").
 * Large categories keep their pages bounded (thousands of items in one category; LARGE_CATEGORY_COUNTS of the corpus): a download
 * page's side navigation lists one block of its category, and 上一組/下一組 reach every item once; FAQ and location
 * pages paginate, and 下一頁 reaches every question and branch once.
 * And no portal text changes the security policy: `_headers` and `nginx.conf` carry the
 * Content-Security-Policy of a build of the same site without the corpus, although its pages hold `<script>` and
 * `<style>` markup in attribute values (POLICY_PAYLOADS in meta descriptions, `alt` and `aria-label`).
 * The items the build must refuse are tested in tests/unit/hostile.test.ts.
 *
 * This file's build has the settings HOSTILE_BUILD_ENV (the corpus, no audio). Set HOSTILE_DIST to a build with
 * those settings to use it instead (`npm test` builds it beside its other steps, scripts/test.mjs; in development, an
 * earlier build), SAMPLE_DIST an earlier build without the corpus: `npm test` gives the sample build of its step 5 (scripts/test.mjs), whose policy lines are
 * those of this file's own build without the corpus (neither strict mode nor the audio reader changes a policy line;
 * were one to, the comparison would fail, not pass); without it, this file builds one.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../scripts/astro.mjs';
import { readSettings } from '../../src/settings';
import { startSamplePortal } from '../../scripts/sample-portal/server.mjs';
import { EXTERNAL } from '../../src/site/company';
import { NEW_WINDOW_TEXT } from '../../src/site/texts/layout';
import { VIDEO_EMBED_ORIGIN } from '../../src/site/company';
import { startNginx } from '../../scripts/lib/nginx.mjs';
import { HOSTILE_BUILD_ENV, HOSTILE_LINKS, POLICY_PAYLOADS } from '../../scripts/sample-portal/content/hostile.mjs';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/lib/system.mjs';
import { parse, type HTMLElement } from 'node-html-parser';
import { SaxesParser } from 'saxes';
import { buildDataset } from '../../scripts/sample-portal/data.mjs';
import { LARGE_CATEGORY } from '../../scripts/sample-portal/generate.mjs';
import { DOWNLOAD_NAV_SIZE, FAQ_PAGE_SIZE, LOCATION_PAGE_SIZE } from '../../src/site/limits';
import { UPLOAD_CSP } from '../../src/lib/upload-headers';
import { PORTAL_ANSWER_CSP } from '../../src/lib/portal-proxy';
import { HOSTILE_IMAGES } from '../../scripts/sample-portal/content/hostile-uploads.mjs';

const VIEWPORTS = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];
/** The one console message a hostile page may log: an image path the portal does not have (e.g. `/upload/javascript:…`). */
const MISSING_RESOURCE = 'Failed to load resource: the server responded with a status of 404 (Not Found)';

let dist: string;
let ownBuild = false;
let portal: Awaited<ReturnType<typeof startSamplePortal>>;
let nginx: Awaited<ReturnType<typeof startNginx>>;
let browser: Browser;

/** Site paths of the built pages whose `<main>` shows a hostile item (the dock and menus outside it repeat them). */
function hostilePages(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(`${sep}index.html`) || file === 'index.html')
    .filter((file) => {
      const main = /<main[\s\S]*<\/main>/.exec(readFileSync(join(folder, file), 'utf8'))?.[0] ?? '';
      return /hostile|惡意|保保保保保保|WWWWWWWWWW/.test(main);
    })
    .map((file) => {
      const segments = file.split(sep).slice(0, -1);
      return `/${segments.map((segment) => encodeURIComponent(segment)).join('/')}`;
    })
    .sort();
}

/** The English page's hint for a link that opens a new tab (ContentPage.astro). */
const NEW_WINDOW_TEXT_EN = '(opens in a new tab)';

/**
 * A pattern per page template (file of src/pages): `[x]` is one segment, `[...x]` any rest, static routes first,
 * as Astro matches them.
 */
function templatePatterns(): { template: string; pattern: RegExp }[] {
  const pagesDir = join(process.cwd(), 'src', 'pages');
  return readdirSync(pagesDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.astro'))
    .map((file) => {
      const route =
        `/${file
          .replace(/\.astro$/, '')
          .split(sep)
          .join('/')}`.replace(/\/index$/, '') || '/';
      const source = route
        .split('/')
        .map((segment) =>
          /^\[\.\.\.\w+\]$/.test(segment) ? '(?:/.*)?' : /^\[\w+\]$/.test(segment) ? '/[^/]+' : segment ? `/${segment.replace(/[.]/g, '\\.')}` : '',
        )
        .join('')
        .replace(/^\/?\(\?:/, '(?:');
      const dynamic = (route.match(/\[/g) ?? []).length + (route.includes('[...') ? 10 : 0);
      return { template: route, pattern: new RegExp(`^${source || '/'}/?$`), dynamic };
    })
    .sort((a, b) => a.dynamic - b.dynamic)
    .map(({ template, pattern }) => ({ template, pattern }));
}

/** One built page of every template (the first in path order), as site paths; error pages by their file name. */
function templatePages(folder: string): string[] {
  const paths = readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(`${sep}index.html`) || file === 'index.html')
    .map((file) => `/${file.split(sep).slice(0, -1).join('/')}`.replace(/^\/$/, '/'))
    .sort();
  const templates = templatePatterns();
  const chosen = new Map<string, string>();
  for (const path of paths) {
    const decoded = decodeURIComponent(path);
    const template = templates.find(({ pattern }) => pattern.test(decoded))?.template;
    if (template && !chosen.has(template))
      chosen.set(
        template,
        path
          .split('/')
          .map((s) => encodeURIComponent(s))
          .join('/') || '/',
      );
  }
  return [...chosen.values()];
}

beforeAll(async () => {
  if (process.env.HOSTILE_DIST) {
    dist = process.env.HOSTILE_DIST;
  } else {
    dist = mkdtempSync(join(tmpdir(), 'hostile-dist-'));
    ownBuild = true;
    // scripts/astro.mjs starts the sample portal with the build's settings, read below from this worker's environment.
    process.env.SAMPLE_PORTAL_CORPUS = HOSTILE_BUILD_ENV.SAMPLE_PORTAL_CORPUS;
    let code: number;
    try {
      const env = { ...process.env, ...HOSTILE_BUILD_ENV };
      code = await build(['--outDir', dist, '--silent'], { env, settings: readSettings(env) });
    } finally {
      delete process.env.SAMPLE_PORTAL_CORPUS;
    }
    if (code !== 0) throw new Error(`the build with the hostile corpus failed (exit ${code})`);
  }
  portal = await startSamplePortal({ port: 0, corpus: 'hostile', notifications: 'none' });
  nginx = await startNginx({ dist, portalUrl: portal.url });
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await nginx?.close();
  await portal?.close();
  if (ownBuild) rmSync(dist, { recursive: true, force: true });
});

/** What a page shows of an executed or leaked payload; every list must stay empty. */
interface PageFindings {
  pwned: unknown;
  violations: string[];
  unsafeDom: string[];
  /** Horizontal overflow in px at each viewport width. */
  overflowPx: Record<number, number>;
}

/**
 * Opens `path` at the viewport the page was left at (`widths` in the order given: its first is the current one),
 * hovers every element of `<main>` (a handler that slipped through would fire), inspects the DOM, then measures the
 * page width at every viewport of `widths` (resizing the same page). The walk gives every other page the widths in
 * reverse order, so each page starts at the width the one before ended at: a resize is the walk's costliest step
 * (about half of a page's time), and no page pays one before its first measure.
 */
async function visit(page: Page, path: string, widths: typeof VIEWPORTS): Promise<PageFindings> {
  const response = await page.goto(`${nginx.url}${path}`, { waitUntil: 'load' });
  expect(response?.status(), path).toBe(200);
  await page.evaluate(() => {
    for (const element of document.querySelectorAll('main *')) element.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
  });
  const allowedFrames = [new URL(EXTERNAL.chatbot).origin, VIDEO_EMBED_ORIGIN];
  const findings: PageFindings = {
    ...(await page.evaluate(
      ([frames, hints]) => {
        const unsafe: string[] = [];
        for (const element of document.querySelectorAll('*')) {
          for (const attribute of element.attributes) {
            if (/^on/i.test(attribute.name)) unsafe.push(`${element.tagName} ${attribute.name}`);
            if (['href', 'src', 'action', 'formaction', 'srcdoc', 'data', 'srcset'].includes(attribute.name)) {
              const value = attribute.value.trim().toLowerCase();
              if (value.startsWith('javascript:') || (value.startsWith('data:') && element.tagName !== 'IMG')) {
                unsafe.push(`${element.tagName} ${attribute.name}=${value.slice(0, 40)}`);
              }
            }
          }
        }
        for (const frame of document.querySelectorAll('iframe, frame, object, embed')) {
          const src = frame.getAttribute('src') ?? frame.getAttribute('data') ?? '';
          if (frame.tagName !== 'IFRAME' || !frames.includes(new URL(src, location.href).origin)) unsafe.push(`${frame.tagName} ${src.slice(0, 60)}`);
        }
        for (const script of document.querySelectorAll<HTMLScriptElement>('script[src]')) {
          if (new URL(script.src).origin !== location.origin) unsafe.push(`SCRIPT ${script.src}`);
        }
        for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
          if (new URL(link.href).origin !== location.origin) unsafe.push(`LINK ${link.href}`);
        }
        if (document.querySelector('base')) unsafe.push('BASE');
        // Every link to another origin: a new tab, rel, and the hint (REFERENCE.md "Constants", download links too).
        for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
          if (!/^https?:$/.test(link.protocol) || link.origin === location.origin) continue;
          const hint = [...link.querySelectorAll('.visually-hidden')].some(
            (span) => span.textContent?.includes(hints[0]) || span.textContent?.includes(hints[1]),
          );
          if (link.target !== '_blank' || !/\bnoopener\b/.test(link.rel) || !hint)
            unsafe.push(`external A ${link.href.slice(0, 60)} target=${link.target} rel=${link.rel} hint=${hint}`);
        }
        const win = window as unknown as { __pwned?: unknown; __cspViolations: string[] };
        return { pwned: win.__pwned, violations: [...win.__cspViolations], unsafeDom: unsafe };
      },
      [allowedFrames, [NEW_WINDOW_TEXT, NEW_WINDOW_TEXT_EN]] as const,
    )),
    overflowPx: {},
  };
  for (const [index, viewport] of widths.entries()) {
    if (index > 0) await page.setViewportSize(viewport);
    findings.overflowPx[viewport.width] = await page.evaluate(
      () => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(document.documentElement.scrollWidth - window.innerWidth))),
    );
  }
  return findings;
}

describe('hostile portal items in Chromium (build with SAMPLE_PORTAL_CORPUS=hostile)', () => {
  it('renders every hostile page with no payload running, no CSP violation and no horizontal overflow', async () => {
    const paths = [...new Set([...hostilePages(dist), ...templatePages(dist)])].sort();
    // Every template is opened: about 40 routes of src/pages.
    expect(templatePages(dist).length).toBeGreaterThan(35);
    // Detail pages of news, shares, winners, coupons and decrees; their lists; FAQ, disclosures, downloads, locations, videos, home.
    expect(paths.length).toBeGreaterThan(50);
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await context.addInitScript(() => {
      const win = window as unknown as { __cspViolations: string[] };
      win.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => win.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    const page = await context.newPage();
    await page.setViewportSize(VIEWPORTS[0]);
    const problems: string[] = [];
    let current = '';
    page.on('dialog', (dialog) => {
      problems.push(`${current}: dialog ${dialog.type()} ${dialog.message()}`);
      void dialog.dismiss();
    });
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text() !== MISSING_RESOURCE) problems.push(`${current}: console ${message.text().slice(0, 200)}`);
    });
    page.on('pageerror', (error) => problems.push(`${current}: page error ${error.message.slice(0, 200)}`));
    try {
      for (const [index, path] of paths.entries()) {
        current = decodeURIComponent(path).slice(0, 80);
        const found = await visit(page, path, index % 2 === 0 ? VIEWPORTS : [...VIEWPORTS].reverse());
        if (found.pwned !== undefined) problems.push(`${current}: payload ran (${String(found.pwned)})`);
        if (found.violations.length) problems.push(`${current}: CSP violations ${found.violations.join(' | ')}`);
        if (found.unsafeDom.length) problems.push(`${current}: unsafe DOM ${found.unsafeDom.join(' | ').slice(0, 300)}`);
        for (const [width, overflow] of Object.entries(found.overflowPx)) {
          if (overflow > 0) problems.push(`${current}: ${overflow} px wider than the ${width} px viewport`);
        }
      }
    } finally {
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 600_000);
});

describe('download links to another host (REFERENCE.md "Constants": the external-link confirmation)', () => {
  it('asks before leaving the site, like every external link', async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const requested: string[] = [];
    await context.route('https://evil.example/**', (route) => {
      requested.push(route.request().url());
      return route.abort();
    });
    try {
      // The download page that carries the external file (the first hostile download item).
      const path = hostilePages(dist).find((candidate) =>
        readFileSync(join(dist, decodeURIComponent(candidate), 'index.html'), 'utf8').includes(`href="${HOSTILE_LINKS.downloadFile.value}"`),
      );
      expect(path).toMatch(/^\/download\//);
      await page.goto(`${nginx.url}${path}`, { waitUntil: 'load' });
      const link = page.locator(`a[download][href="${HOSTILE_LINKS.downloadFile.value}"]`);
      await expect(link.count()).resolves.toBe(1);
      await link.click();
      await expect(page.locator('[data-external-dialog]').evaluate((dialog: HTMLDialogElement) => dialog.open)).resolves.toBe(true);
      expect(requested).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});

/**
 * The site's Content-Security-Policy lines of a build's host files: `_headers`, and the distinct `add_header` lines
 * of `nginx.conf` (the fixed policies of the portal's files and API answers, UPLOAD_CSP and PORTAL_ANSWER_CSP, left out).
 */
function policyLines(folder: string): { headers: string[]; nginx: string[] } {
  const lines = (file: string) =>
    readFileSync(join(folder, file), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => !line.includes(UPLOAD_CSP) && !line.includes(PORTAL_ANSWER_CSP));
  return {
    headers: lines('_headers').filter((line) => line.startsWith('Content-Security-Policy:')),
    nginx: [...new Set(lines('nginx.conf').filter((line) => line.startsWith('add_header Content-Security-Policy ')))],
  };
}

describe('the security policy with the hostile corpus', () => {
  let sample: string;
  let ownSample = false;

  beforeAll(async () => {
    if (process.env.SAMPLE_DIST) {
      sample = process.env.SAMPLE_DIST;
      return;
    }
    sample = mkdtempSync(join(tmpdir(), 'sample-dist-'));
    ownSample = true;
    // The same settings without the corpus. The policy does not depend on images: no variant is made for this
    // comparison (only those already in the cache).
    const { SAMPLE_PORTAL_CORPUS: _corpus, ...withoutCorpus } = { ...process.env, ...HOSTILE_BUILD_ENV };
    const env = { ...withoutCorpus, IMAGE_BUDGET_SECONDS: '0' };
    const code = await build(['--outDir', sample, '--silent'], { env, settings: readSettings(env) });
    if (code !== 0) throw new Error(`the build without the hostile corpus failed (exit ${code})`);
  }, 300_000);

  afterAll(() => {
    if (ownSample) rmSync(sample, { recursive: true, force: true });
  });

  it('writes markup from portal text into attribute values, as text', () => {
    const page = readFileSync(join(dist, 'news', 'detail', 'hostile-policy-0', 'index.html'), 'utf8');
    expect(page).toContain(`content="${POLICY_PAYLOADS[0]}"`);
  });

  it('no portal text changes the policy: _headers and nginx.conf carry the CSP of the build without the corpus', () => {
    const plain = policyLines(sample);
    expect(plain.headers).toHaveLength(1);
    expect(plain.nginx).toHaveLength(1);
    expect(policyLines(dist)).toEqual(plain);
  });
});

describe('text every output format can carry', () => {
  /** The feed's text, parsed by a strict XML 1.0 parser (saxes refuses any character XML forbids), and its item titles. */
  const feedTitles = (path: string): string[] => {
    const xml = readFileSync(join(dist, ...path.split('/').filter(Boolean)), 'utf8');
    const titles: string[] = [];
    const parser = new SaxesParser();
    let inItemTitle = false;
    const stack: string[] = [];
    parser.on('opentag', (tag) => {
      stack.push(tag.name);
      inItemTitle = tag.name === 'title' && stack.at(-2) === 'item';
    });
    parser.on('closetag', () => {
      stack.pop();
      inItemTitle = false;
    });
    parser.on('text', (text) => {
      if (inItemTitle) titles.push(text);
    });
    parser.on('cdata', (text) => {
      if (inItemTitle) titles.push(text);
    });
    parser.write(xml).close();
    return titles;
  };

  it.each(['/news/rss.xml', '/event/rss.xml'])('%s parses as XML with a title that held U+000B and U+FFFF', (path) => {
    const titles = feedTitles(path);
    expect(titles).toContain('颱風\n理賠說明會');
  });

  it('the sitemap and the pages hold no character XML forbids', () => {
    const forbidden = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
    const page = readFileSync(join(dist, 'news', 'detail', 'hostile-xml-text', 'index.html'), 'utf8');
    expect(page).toContain('第一行');
    expect(forbidden.test(page)).toBe(false);
    const sitemaps = readdirSync(dist).filter((name) => name.startsWith('sitemap') && name.endsWith('.xml'));
    expect(sitemaps.length).toBeGreaterThan(0);
    for (const file of sitemaps) {
      new SaxesParser().write(readFileSync(join(dist, file), 'utf8')).close();
    }
  });
});

describe('images that cannot be shown never break a page or the build', () => {
  const report = () =>
    JSON.parse(readFileSync(join(dist, 'build-report.json'), 'utf8')) as {
      images: { failed: { list: string; itemId: string; field: string; path: string; reasonZh: string }[] };
    };
  it.each(Object.entries(HOSTILE_IMAGES))('%s (%s) publishes its item with a placeholder or as an <img>', (path, { shown }) => {
    const index = Object.keys(HOSTILE_IMAGES).indexOf(path);
    const page = readFileSync(join(dist, 'news', 'detail', `hostile-image-${index}`, 'index.html'), 'utf8');
    const main = /<main[\s\S]*<\/main>/.exec(page)![0];
    if (shown === 'placeholder') {
      expect(main).toContain('portal-picture--placeholder');
      expect(main).not.toContain(`/upload/${path}`);
      expect(report().images.failed).toContainEqual(
        expect.objectContaining({ list: 'news', itemId: `hostile-image-${index}`, field: 'image', path }),
      );
    } else {
      // A drawing is only ever an <img> (never inlined): its script cannot run there.
      expect(main).toMatch(new RegExp(`<img src="/upload/${path.replace(/[.]/g, '\\.')}"`));
      expect(main).not.toContain('<svg xmlns="http://www.w3.org/2000/svg" width="100"');
    }
  });

  it('the publish report names each image that cannot be shown, in zh-TW', () => {
    const html = readFileSync(join(dist, '_publish', 'index.html'), 'utf8');
    expect(html).toContain('無法顯示的圖片');
    for (const failure of report().images.failed) {
      expect(html).toContain(failure.path);
      expect(html).toContain(failure.reasonZh);
    }
  });
});

describe('large categories keep their pages bounded', () => {
  const lists = buildDataset({ corpus: 'hostile' }).lists as unknown as Record<'downloads' | 'faqs' | 'locations', Record<string, unknown>[]>;
  /** The built page at a site path, parsed. */
  const pageAt = (path: string): HTMLElement =>
    parse(readFileSync(join(dist, ...path.split('/').filter(Boolean).map(decodeURIComponent), 'index.html'), 'utf8'));
  /** Site paths from page 1 through every `rel="next"` link of its pagination. */
  const pagesFrom = (first: string): HTMLElement[] => {
    const pages: HTMLElement[] = [];
    for (let path: string | undefined = first; path; path = pages.at(-1)!.querySelector('.pagination a[rel="next"]')?.getAttribute('href')) {
      pages.push(pageAt(path));
      expect(pages.length, `pagination from ${first} loops`).toBeLessThan(100);
    }
    return pages;
  };

  it('a download page lists one block of its category, and 上一組/下一組 lead to every item once', () => {
    const expected = lists.downloads.filter((item) => String(item.category) === String(LARGE_CATEGORY.downloads)).length;
    expect(expected).toBeGreaterThan(DOWNLOAD_NAV_SIZE * 5);
    const navOf = (page: HTMLElement) => page.querySelector('nav.side-nav')!;
    const linkText = (page: HTMLElement, text: string) =>
      navOf(page)
        .querySelectorAll('a')
        .find((link) => link.text.trim().startsWith(text))
        ?.getAttribute('href');
    // From the category's landing item, back to the first block, then forward through every block.
    let page = pageAt(
      `/download/${LARGE_CATEGORY.downloads}/${lists.downloads.find((item) => String(item.category) === String(LARGE_CATEGORY.downloads))!.id}/1`,
    );
    for (let back = linkText(page, '上一組'); back; back = linkText(page, '上一組')) page = pageAt(back);
    const seen: string[] = [];
    for (;;) {
      const items = navOf(page).querySelectorAll('ul a');
      expect(items.length).toBeLessThanOrEqual(DOWNLOAD_NAV_SIZE);
      expect(items.filter((link) => link.getAttribute('aria-current') === 'page')).toHaveLength(1);
      expect(navOf(page).text).toContain(`共 ${expected} 項`);
      seen.push(...items.map((link) => link.getAttribute('href')!));
      const next = linkText(page, '下一組');
      if (!next) break;
      page = pageAt(next);
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(expected);
  });

  it('an FAQ category pages its questions, and 下一頁 reaches every question once', () => {
    const expected = lists.faqs.filter((item) => String(item.firstCategory) === String(LARGE_CATEGORY.faqs)).length;
    const pages = pagesFrom(`/faq/${LARGE_CATEGORY.faqs}`);
    expect(pages.length).toBe(Math.ceil(expected / FAQ_PAGE_SIZE));
    const questions = pages.flatMap((page) => {
      const items = page.querySelectorAll('details.faq-item');
      expect(items.length).toBeLessThanOrEqual(FAQ_PAGE_SIZE);
      expect(page.querySelector('main')!.text).toContain(`共 ${expected} 個問題`);
      return items.map((item) => item.id);
    });
    expect(new Set(questions).size).toBe(expected);
    expect(questions).toHaveLength(expected);
  });

  it('a location area pages its branches, and 下一頁 reaches every branch once', () => {
    const expected = lists.locations.filter((item) => String(item.areaId) === String(LARGE_CATEGORY.locations)).length;
    const pages = pagesFrom(`/about/locations/${LARGE_CATEGORY.locations}`);
    expect(pages.length).toBe(Math.ceil(expected / LOCATION_PAGE_SIZE));
    const branches = pages.flatMap((page) => {
      const cards = page.querySelectorAll('article.location');
      expect(cards.length).toBeLessThanOrEqual(LOCATION_PAGE_SIZE);
      expect(page.querySelector('main')!.text).toContain(`共 ${expected} 個據點`);
      return cards.map((card) => card.querySelector('.location__name')!.text.trim() + card.querySelector('address')!.text);
    });
    expect(new Set(branches).size).toBe(expected);
  });
});
