/**
 * What the build writes for each CDN host (src/settings.ts SITE_HOST; .github/OPERATIONS.md "The portal through the
 * site's origin, per host"): neither Netlify nor Cloudflare Pages puts a `_headers` rule on an answer it proxies, so
 * the upload policy could not reach portal files served on the site's origin. Two builds of the sample site, one per
 * host (each on an Astro cache cold but for what it keeps by content: the checkout's search indexes and service
 * worker's code, run-build.ts coldAgain; no audio, no image variants: the pages link the portal's own images, which is what this test reads), checked for:
 * - no page linking a portal file or image on the site's origin (`/upload/…`): every one is on the portal's origin;
 * - no gzip or brotli copy (src/integrations/precompress.ts PRECOMPRESSED_HOSTS: the CDN compresses its answers
 *   itself), not even one an earlier build for nginx left in the kept output folder;
 * - Netlify: `_redirects` proxies the browser's portal calls, each at its exact path, and nothing else of the portal;
 * - Cloudflare Pages: `_redirects` proxies nothing, and the pages call the portal on its own origin, which the
 *   Content-Security-Policy allows.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROWSER_ENDPOINTS } from '../../src/lib/portal-proxy';
import { NOTIFICATIONS_ENDPOINT } from '../../src/portal/endpoints';
import { startSamplePortal } from '../../scripts/sample-portal/server.mjs';
import { coldAgain, compressedCopiesCache, runBuild, tempDir } from './run-build';

/**
 * The Astro cache folder of both builds, made with the checkout's gzip and brotli copies and search indexes
 * (compressedCopiesCache) and emptied before each build of all but what it keeps by content (coldAgain).
 */
const CACHE_DIR = compressedCopiesCache('cdn-hosts-cache');

/** Gzip and brotli copies of pages that an earlier build for nginx left in the output folder. */
const KEPT_COPIES = ['index.html.gz', 'index.html.br', '404.html.br'];

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
  // Over an output folder holding the gzip and brotli copies an earlier build for nginx wrote.
  const kept = tempDir(`${host}-dist`);
  for (const copy of KEPT_COPIES) writeFileSync(join(kept, copy), 'copy of an earlier build');
  try {
    const { code, output, outDir } = await runBuild(
      {
        PORTAL_API_BASE: portal.url,
        SITE_HOST: host,
        READER_ENGINE: 'off',
        IMAGE_BUDGET_SECONDS: '0',
        // Cold pages; only the search indexes of the checkout's cache, kept by content (and its gzip and brotli copies,
        // which a build for a CDN host does not use), and the service worker's code.
        ASTRO_CACHE_DIR: coldAgain(CACHE_DIR),
        IMAGE_CACHE_DIR: tempDir(`${host}-images`),
      },
      kept,
    );
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

    // The host compresses its answers itself: no gzip or brotli copy, and those of the earlier build deleted.
    const copies = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => /\.(?:gz|br)$/.test(file));
    expect(copies, 'gzip and brotli copies').toEqual([]);

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
