/**
 * What the build writes for each CDN host (src/settings.ts SITE_HOST; .github/OPERATIONS.md "The portal through the
 * site's origin, per host"): neither Netlify nor Cloudflare Pages puts a `_headers` rule on an answer it proxies, so
 * the upload policy could not reach portal files served on the site's origin. Two builds of the sample site, one per
 * host (their own Astro cache each, cold but for the checkout's gzip and brotli copies and search indexes; no audio,
 * no image variants: the pages link the portal's own images, which is what this test reads), checked for:
 * - no page linking a portal file or image on the site's origin (`/upload/…`): every one is on the portal's origin;
 * - Netlify: `_redirects` proxies the browser's portal calls, each at its exact path, and nothing else of the portal;
 * - Cloudflare Pages: `_redirects` proxies nothing, and the pages call the portal on its own origin, which the
 *   Content-Security-Policy allows.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROWSER_ENDPOINTS } from '../../src/lib/portal-proxy';
import { NOTIFICATIONS_ENDPOINT } from '../../src/portal/endpoints';
import { startSamplePortal } from '../../scripts/sample-portal/server.mjs';
import { compressedCopiesCache, runBuild, tempDir } from './run-build';

/** Every built page's HTML, by its file. */
function pages(dist: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
    if (file.endsWith('.html')) found.set(file, readFileSync(join(dist, file), 'utf8'));
  }
  return found;
}

/**
 * Builds the sample site for `host` against a sample portal of its own, serving the lean sample
 * (scripts/sample-portal/data.mjs `lean`: fewer news and FAQ items; every list and kind of page is still built, and
 * how a page links portal files depends on its kind, not on the number of items); returns its folder and the portal's
 * origin.
 */
async function buildFor(host: 'netlify' | 'cloudflare-pages'): Promise<{ dist: string; portal: string }> {
  const portal = await startSamplePortal({ port: 0, lean: true });
  try {
    const { code, output, outDir } = await runBuild({
      PORTAL_API_BASE: portal.url,
      SITE_HOST: host,
      READER_ENGINE: 'off',
      IMAGE_BUDGET_SECONDS: '0',
      // Cold pages; only the gzip and brotli copies and search indexes of the checkout's cache, kept by content.
      ASTRO_CACHE_DIR: compressedCopiesCache(`${host}-cache`),
      IMAGE_CACHE_DIR: tempDir(`${host}-images`),
    });
    expect(code, output.slice(-3000)).toBe(0);
    return { dist: outDir, portal: new URL(portal.url).origin };
  } finally {
    await portal.close();
  }
}

describe.each(['netlify', 'cloudflare-pages'] as const)('a build for %s', (host) => {
  it('links every portal file on the portal origin, and proxies only what the host can keep inert', async () => {
    const { dist, portal } = await buildFor(host);
    const built = pages(dist);
    expect(built.size).toBeGreaterThan(100);
    const onSite = [...built].filter(([, html]) => /(?:href|src|srcset)="\/upload\//.test(html)).map(([file]) => file);
    expect(onSite, 'pages linking /upload/ on the site origin').toEqual([]);
    const linked = [...built.values()].some((html) => html.includes(`${portal}/upload/`));
    expect(linked, 'some page links a portal file on the portal origin').toBe(true);

    const redirects = readFileSync(join(dist, '_redirects'), 'utf8');
    const proxies = redirects.split('\n').filter((line) => / 200$/.test(line));
    if (host === 'netlify') {
      expect(proxies).toEqual(BROWSER_ENDPOINTS.map(({ path }) => `${path} ${portal}${path} 200`));
    } else {
      expect(proxies).toEqual([]);
      const home = built.get('index.html') ?? '';
      expect(home).toContain(JSON.stringify(`${portal}${NOTIFICATIONS_ENDPOINT.path}`));
      const headers = readFileSync(join(dist, '_headers'), 'utf8');
      expect(/connect-src ([^;]*)/.exec(headers)?.[1]).toContain(portal);
    }
  }, 600_000);
});
