/**
 * Checks of the built site: dist/ holds the home page, every news list page of every
 * category and every news detail of the sample portal, and the 404 page with the spec's texts; no page names one
 * class twice on an element (a page that grows with the pages rendered before it differs from build to build, so the
 * publish report lists it as changed and every deploy uploads it again).
 * Runs after `npm run build` against the sample portal.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { callPortal } from '../../src/portal/client';
import { ENDPOINTS } from '../../src/portal/endpoints';
import { LIST_PAGE_SIZE } from '../../src/site/limits';
import { startSamplePortal } from '../../scripts/sample-portal/server.mjs';

const dist = new URL('../../dist/', import.meta.url);
const page = (path: string) => new URL(`.${path}/index.html`, dist);
const html = (path: string) => readFileSync(path === '/' ? new URL('index.html', dist) : page(path), 'utf8');

let news: { id: string | number; title: string; categoryId: string | number }[] = [];
let categories: { id: string | number; name: string }[] = [];

beforeAll(async () => {
  const portal = await startSamplePortal({ port: 0 });
  try {
    const [items, cats] = await Promise.all([
      callPortal<typeof news>(ENDPOINTS.news, { base: portal.url }),
      callPortal<typeof categories>(ENDPOINTS.newsCategories, { base: portal.url }),
    ]);
    if (items.cancelled || cats.cancelled) throw new Error('cancelled');
    news = items.data;
    categories = cats.data;
  } finally {
    await portal.close();
  }
});

describe('dist/', () => {
  it('has the home page in zh-Hant-TW', () => {
    expect(html('/')).toContain('lang="zh-Hant-TW"');
  });

  it('has every news detail page with its title', () => {
    expect(news.length).toBeGreaterThanOrEqual(40);
    for (const item of news) {
      expect(html(`/news/detail/${item.id}`), `news ${item.id}`).toContain(escapeHtml(item.title));
    }
  });

  it('has every news list page of every category and no page past the last', () => {
    const groups = [{ id: 'all', count: news.length }].concat(
      categories.map((category) => ({
        id: String(category.id),
        count: news.filter((item) => String(item.categoryId) === String(category.id)).length,
      })),
    );
    for (const group of groups) {
      const pages = Math.max(1, Math.ceil(group.count / LIST_PAGE_SIZE));
      for (let n = 1; n <= pages; n += 1) expect(existsSync(page(`/news/${group.id}/${n}`)), `/news/${group.id}/${n}`).toBe(true);
      expect(existsSync(page(`/news/${group.id}/${pages + 1}`))).toBe(false);
    }
  });

  it('names no class twice on one element of any page, so an unchanged page is the same bytes in every build', () => {
    const root = fileURLToPath(dist);
    const repeated: string[] = [];
    for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.html'))) {
      for (const [, classes] of readFileSync(`${root}${file}`, 'utf8').matchAll(/\sclass="([^"]*)"/g)) {
        const names = classes.split(/\s+/).filter(Boolean);
        if (new Set(names).size !== names.length) repeated.push(`${file}: class="${classes.slice(0, 120)}"`);
      }
    }
    expect(repeated.slice(0, 5)).toEqual([]);
  });

  it('has the 404 page with the spec texts', () => {
    const notFound = readFileSync(new URL('404.html', dist), 'utf8');
    expect(notFound).toContain('Oops');
    expect(notFound).toContain('This page could not be found');
  });
});

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

describe('module preloads (src/integrations/module-preload.ts)', () => {
  /** A page's module scripts and modulepreload links, as `/_astro/…` paths. */
  const scriptsOf = (text: string) => [...text.matchAll(/<script type="module" src="(\/_astro\/[^"]+)"/g)].map((match) => match[1]);
  const preloadsOf = (text: string) => [...text.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]);

  it.each(['/', '/faq/1', '/contact'])('%s preloads exactly the chunks its layout script imports, so they come with the page', (path) => {
    const text = html(path);
    const layout = scriptsOf(text).find((src) => src.includes('SiteLayout'));
    expect(layout, 'the layout script').toBeDefined();
    const code = readFileSync(new URL(`.${layout}`, dist), 'utf8');
    // Rolldown's static imports: `from"./runtime.X.js"` (dynamic ones are `import("./…")`).
    const imports = [...code.matchAll(/from"\.\/([^"]+\.js)"/g)].map((match) => `/_astro/${match[1]}`);
    expect(imports.length, 'the layout script imports the shared runtime chunk').toBeGreaterThan(0);
    expect(preloadsOf(text).sort()).toEqual([...new Set(imports)].sort());
    for (const href of preloadsOf(text)) expect(existsSync(new URL(`.${href}`, dist)), href).toBe(true);
  });
});
