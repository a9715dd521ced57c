/**
 * Feeds and app metadata of the built site (SITE_DIST_DIR, default dist/), as a feed reader, a phone's home screen
 * and a browser installing the site see them:
 * - the news and event feeds (src/sections/feeds.ts) parse with a feed reader's parser (@rowanmanning/feed-parser)
 *   and list the items a visitor sees first on the section's list page, in that order, with their links at final
 *   URLs, their Taipei dates and their summaries as plain text; every page's head and the 網站導覽 page link them;
 * - the web app manifest (src/integrations/app-manifest.ts) names the site in zh-TW with the design tokens' colours
 *   and PNG icons whose files are the size it says, a maskable one with its mark inside the safe zone; the
 *   apple-touch-icon is a 180 px opaque PNG; every page's head links both;
 * - the service worker's script is revalidated on every fetch (`_headers`, nginx.conf), and the offline page it
 *   shows is noindex and out of the sitemap.
 */
import { existsSync, globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFeed } from '@rowanmanning/feed-parser';
import { parse } from 'node-html-parser';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FEED_ITEM_LIMIT, FEEDS } from '../../src/sections/feeds';
import { isoDate } from '../../src/lib/taipei-dates';
import { WORKER_CACHE } from '../../src/lib/security-headers';
import { APP_ICONS, MANIFEST_PATH, OFFLINE_PATH, SERVICE_WORKER_PATH } from '../../src/site/app';
import { COMPANY } from '../../src/site/company';
import { ARTICLE_SECTIONS } from '../../src/site/sections';

const dist = process.env.SITE_DIST_DIR ? path.resolve(process.env.SITE_DIST_DIR) : fileURLToPath(new URL('../../dist', import.meta.url));
const SITE = process.env.SITE_URL ?? 'https://www.hotains.com.tw';

const file = (sitePath: string) => path.join(dist, decodeURIComponent(sitePath).replace(/^\//, ''));
const page = (sitePath: string) => parse(readFileSync(path.join(file(sitePath), 'index.html'), 'utf8'));

/** The heads of the pages Astro built (not the redirect fallback pages, nor the publish report), read once. */
let heads: { name: string; html: ReturnType<typeof parse> }[] | undefined;
const builtPages = () => {
  heads ??= globSync('**/index.html', { cwd: dist })
    .filter((name) => !name.startsWith('_publish/'))
    .map((name) => {
      const text = readFileSync(path.join(dist, name), 'utf8');
      return { name, html: parse(text.slice(0, text.indexOf('</head>') + 7)) };
    })
    .filter(({ html }) => !html.querySelector('meta[http-equiv="refresh"]'));
  return heads;
};

describe('the news and event feeds', () => {
  it.each(FEEDS.map((feed) => [feed.path, feed] as const))('%s parses and lists what the list page shows first, in order', async (feedPath, feed) => {
    const parsed = parseFeed(readFileSync(file(feedPath), 'utf8'));
    expect(parsed.title).toBe(`${feed.title} | ${COMPANY.shortName}`);
    expect(parsed.language).toBe('zh-TW');
    const section = Object.values(ARTICLE_SECTIONS).find((entry) => `/${entry.path}/rss.xml` === feedPath)!;
    // The first list page, as a visitor sees it: each card's link, title and date.
    const cards = page(`/${section.path}/all/1`)
      .querySelectorAll('.article-card')
      .map((card) => {
        const link = card.querySelector('.article-card__title a')!;
        return {
          url: new URL(link.getAttribute('href')!, SITE).href,
          title: link.childNodes[0]!.textContent.trim(),
          date: card.querySelector('time')!.getAttribute('datetime'),
        };
      });
    expect(cards.length).toBeGreaterThan(1);
    expect(parsed.items.length).toBe(Math.min(FEED_ITEM_LIMIT, parsed.items.length));
    expect(parsed.items.length).toBeGreaterThanOrEqual(cards.length);
    const items = parsed.items.slice(0, cards.length).map((item) => ({
      url: item.url,
      title: item.title,
      date: item.published ? isoDate(new Date(item.published)) : undefined,
    }));
    expect(items).toEqual(cards);
    for (const item of parsed.items) {
      expect(item.url, item.title ?? '').toMatch(/^https?:\/\//);
      expect(item.description ?? '', item.url ?? '').not.toMatch(/[<>]/);
    }
  });

  it("is linked from every page's head and from the 網站導覽 page", () => {
    for (const { name, html } of builtPages()) {
      const alternates = html.querySelectorAll('head link[rel="alternate"][type="application/rss+xml"]').map((link) => link.getAttribute('href'));
      expect(alternates, name).toEqual(FEEDS.map((feed) => feed.path));
    }
    const links = page('/sitemap')
      .querySelectorAll('main a')
      .map((link) => link.getAttribute('href'));
    expect(links).toEqual(expect.arrayContaining(FEEDS.map((feed) => feed.path)));
  });
});

describe('the web app manifest and the icons', () => {
  const manifest = () => JSON.parse(readFileSync(file(MANIFEST_PATH), 'utf8')) as Record<string, unknown> & { icons: Record<string, string>[] };

  it('names the site in zh-TW, starts at home as an app, in the colours of the design tokens', () => {
    const css = readFileSync(fileURLToPath(new URL('../../src/styles/global.css', import.meta.url)), 'utf8');
    const pageColour = /--color-bg:\s*(#[0-9a-f]+)/i.exec(css)![1]!.toLowerCase();
    expect(manifest()).toMatchObject({
      name: COMPANY.name,
      short_name: COMPANY.shortName,
      lang: 'zh-TW',
      start_url: '/',
      display: 'standalone',
      theme_color: pageColour,
      background_color: pageColour,
    });
  });

  it('lists PNG icons of 192 and 512 px and a maskable one, each file the size it says', async () => {
    const icons = manifest().icons;
    expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of icons) {
      expect(icon.type).toBe('image/png');
      const { format, width, height } = await sharp(file(icon.src!)).metadata();
      expect(`${format} ${width}x${height}`, icon.src).toBe(`png ${icon.sizes}`);
    }
  });

  it('draws the maskable icon with its mark inside the safe zone (a centred circle of 80% of the side)', async () => {
    const icon = manifest().icons.find((entry) => entry.purpose === 'maskable')!;
    const { data, info } = await sharp(file(icon.src!)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const background = [...data.subarray(0, 3)];
    const centre = info.width / 2;
    let outside = 0;
    let drawn = 0;
    for (let y = 0; y < info.height; y += 1) {
      for (let x = 0; x < info.width; x += 1) {
        const offset = (y * info.width + x) * 3;
        const differs = [0, 1, 2].some((channel) => Math.abs(data[offset + channel]! - background[channel]!) > 8);
        if (!differs) continue;
        drawn += 1;
        if (Math.hypot(x + 0.5 - centre, y + 0.5 - centre) > 0.4 * info.width) outside += 1;
      }
    }
    expect(drawn).toBeGreaterThan(info.width * info.height * 0.1);
    expect(outside).toBe(0);
  });

  it('has an opaque 180 px apple-touch-icon, and every page links it and the manifest', async () => {
    const apple = APP_ICONS.find((icon) => icon.purpose === 'apple')!;
    const { format, width, height, hasAlpha } = await sharp(file(apple.path)).metadata();
    expect({ format, width, height, hasAlpha }).toEqual({ format: 'png', width: 180, height: 180, hasAlpha: false });
    for (const { name, html } of builtPages()) {
      expect(html.querySelector('head link[rel="manifest"]')?.getAttribute('href'), name).toBe(MANIFEST_PATH);
      expect(html.querySelector('head link[rel="apple-touch-icon"]')?.getAttribute('href'), name).toBe(apple.path);
    }
  });
});

describe('the service worker and the offline page', () => {
  it("has the worker's script revalidated on every fetch by the CDN (_headers) and nginx", () => {
    expect(existsSync(file(SERVICE_WORKER_PATH))).toBe(true);
    const headers = readFileSync(path.join(dist, '_headers'), 'utf8');
    expect(headers).toContain(`\n${SERVICE_WORKER_PATH}\n  Cache-Control: ${WORKER_CACHE}\n`);
    const nginx = readFileSync(path.join(dist, 'nginx.conf'), 'utf8');
    const location = nginx.slice(nginx.indexOf(`location = ${SERVICE_WORKER_PATH} {`));
    expect(location.slice(0, location.indexOf('}'))).toContain(`add_header Cache-Control "${WORKER_CACHE}" always;`);
  });

  it('keeps the offline page out of search engines and the sitemap', () => {
    expect(page(OFFLINE_PATH).querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    const sitemaps = globSync('sitemap-*.xml', { cwd: dist }).map((name) => readFileSync(path.join(dist, name), 'utf8'));
    expect(sitemaps.join('')).not.toContain(`${SITE}${OFFLINE_PATH}<`);
  });
});
