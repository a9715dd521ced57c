/**
 * The portal's files never act as the site (src/lib/upload-headers.ts): the built dist/ served by real nginx with its
 * generated include, and by `npm start`'s server (scripts/serve.mjs), both in front of the sample portal with the
 * hostile corpus's files (scripts/sample-portal/content/hostile-uploads.mjs). In Chromium:
 * - an HTML page and an SVG under `/upload/` that load a script from `/upload/` (and hold inline ones) run nothing
 *   when opened: the site's origin keeps no mark in its storage and the document keeps its title;
 * - a script under `/upload/` loaded by a page of the site runs nothing (its type is no script type, with nosniff);
 * - a file answered as `text/html` but named `.png` is answered as an image;
 * - a portal `Set-Cookie`, `Refresh` or `Clear-Site-Data` reaches no visitor, and the tab stays on the site.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { startSamplePortal } from '../../scripts/sample-portal/server.mjs';
import { startNginx } from '../../scripts/lib/nginx.mjs';
import { serveSite } from '../../scripts/serve.mjs';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/lib/system.mjs';
import { HOSTILE_UPLOAD_DIR, HOSTILE_UPLOAD_MARK, HOSTILE_UPLOAD_TITLE } from '../../scripts/sample-portal/content/hostile-uploads.mjs';
import { UPLOAD_CSP } from '../../src/lib/upload-headers';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const upload = (name: string) => `/upload/${HOSTILE_UPLOAD_DIR}/${name}`;

let portal: Awaited<ReturnType<typeof startSamplePortal>>;
let nginx: Awaited<ReturnType<typeof startNginx>>;
let local: Awaited<ReturnType<typeof serveSite>>;
let browser: Browser;

beforeAll(async () => {
  portal = await startSamplePortal({ port: 0, corpus: 'hostile' });
  nginx = await startNginx({ dist, portalUrl: portal.url });
  local = await serveSite({ dist, portalUrl: portal.url });
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await local?.close();
  await nginx?.close();
  await portal?.close();
});

const servers: [string, () => string][] = [
  ['nginx (dist/nginx.conf)', () => nginx.url],
  ['npm start (scripts/serve.mjs)', () => local.url],
];

describe.each(servers)('portal files served by %s', (_name, base) => {
  /**
   * Opens `path` in a new tab of a new browser context, as a visitor following a link would, waits for anything it
   * runs, then reads the site's origin: its storage mark, its cookies, and where the tab ended up.
   */
  async function open(path: string): Promise<{ title: string; mark: string | null; cookies: string[]; away: string[] }> {
    const context = await browser.newContext({ acceptDownloads: false });
    try {
      const page = await context.newPage();
      // Navigations to other origins (a Refresh header or meta refresh would send the tab to evil.example).
      const away: string[] = [];
      page.on('request', (request) => {
        if (request.isNavigationRequest() && /^https?:/.test(request.url()) && new URL(request.url()).origin !== new URL(base()).origin) {
          away.push(request.url());
        }
      });
      // An attachment aborts the navigation (a download): nothing was shown, which is the point.
      await page.goto(`${base()}${path}`, { waitUntil: 'load' }).catch(() => undefined);
      await page.waitForTimeout(500);
      const title = await page.title().catch(() => '');
      const site = await context.newPage();
      await site.goto(`${base()}/robots.txt`);
      const mark = await site.evaluate((key) => localStorage.getItem(key), HOSTILE_UPLOAD_MARK);
      const cookies = (await context.cookies()).map((cookie) => cookie.name);
      return { title, mark, cookies, away };
    } finally {
      await context.close();
    }
  }

  it.each(['page.html', 'script.svg', 'html-as.png', 'a.js'])('%s runs nothing when opened', async (name) => {
    const result = await open(upload(name));
    expect(result.mark, `${name} ran a script on the site's origin`).toBeNull();
    expect(result.title).not.toBe(HOSTILE_UPLOAD_TITLE);
  });

  it('a page of the site that loads a script from /upload/ runs nothing', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${base()}/robots.txt`);
      const outcome = await page.evaluate(
        (src) =>
          new Promise<string>((resolve) => {
            const script = document.createElement('script');
            script.src = src;
            script.onload = () => resolve('loaded');
            script.onerror = () => resolve('refused');
            document.head.append(script);
          }),
        upload('a.js'),
      );
      expect(outcome).toBe('refused');
      expect(await page.evaluate((key) => localStorage.getItem(key), HOSTILE_UPLOAD_MARK)).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('answers an HTML page as a download and an HTML file named .png as an image, under the upload policy', async () => {
    const page = await fetch(`${base()}${upload('page.html')}`);
    expect(page.headers.get('content-disposition')).toBe('attachment');
    expect(page.headers.get('content-type')).toBe('application/octet-stream');
    expect(page.headers.get('content-security-policy')).toBe(UPLOAD_CSP);
    const png = await fetch(`${base()}${upload('html-as.png')}`);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('x-content-type-options')).toBe('nosniff');
    expect(png.headers.get('content-security-policy')).toBe(UPLOAD_CSP);
  });

  it('passes no Set-Cookie, Refresh or Clear-Site-Data of the portal to the visitor', async () => {
    for (const name of ['cookie.png', 'refresh.pdf', 'clear.pdf']) {
      const response = await fetch(`${base()}${upload(name)}`);
      expect(response.status).toBe(200);
      for (const header of ['set-cookie', 'refresh', 'clear-site-data']) {
        expect(response.headers.get(header), `${header} of ${name}`).toBeNull();
      }
    }
    const cookie = await open(upload('cookie.png'));
    expect(cookie.cookies).toEqual([]);
    expect((await open(upload('refresh.pdf'))).away).toEqual([]);
    expect((await open(upload('refresh.html'))).away).toEqual([]);
  });
});
