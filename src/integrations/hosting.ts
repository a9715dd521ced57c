/**
 * Astro integration writing the host files at the end of the build (DESIGN.md §7), all from the one redirect
 * plan that the build computed into `dist/redirect-plan.json` (src/pages/redirect-plan.json.ts):
 * - `dist/_redirects` (CDN hosts), `dist/nginx.conf` (self-hosting include), and a fallback HTML page at every
 *   redirect source for hosts with neither;
 * - `dist/_headers` (CDN hosts) and the `add_header` lines of `dist/nginx.conf`: the security headers of
 *   src/lib/security-headers.ts, whose Content-Security-Policy gets the hashes of every inline script and
 *   style of the built pages (so the header allows what Astro's per-page meta policies allow);
 * - a gzip copy (`.gz`, best level) of every compressible build asset under `dist/_astro/`, which the nginx include
 *   serves with `gzip_static` instead of compressing each answer at a fast level (issue 8: bytes before the first
 *   paint);
 * - checks that `404.html` and `500.html` exist, and that every `/_astro/` file a page links to exists (a page kept
 *   by the incremental build could otherwise point at an asset of an earlier build).
 * dist/ is kept between builds (src/integrations/output-folder.ts): a fallback page found at a redirect source is
 * accepted, and left untouched, when it is exactly the page this build would write there. The fallback pages are
 * written before the pages are read (once, src/integrations/built-pages.ts), so that the read sees them as they stay.
 * The plan file itself is removed from dist/. Any problem fails the build with a message naming the file.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { constants as zlib, gzip } from 'node:zlib';
import type { AstroIntegration } from 'astro';
import { scanBuiltPages } from './built-pages';
import { cdnRedirects, fallbackPage, nginxInclude } from '../lib/hosting';
import type { Redirect } from '../lib/redirects';
import { inlineHashesOf, headersFile, securityHeaders, type CspHashes, type SecurityPolicyOptions } from '../lib/security-headers';

/** Name of the plan file the build writes into dist/. */
export const REDIRECT_PLAN_FILE = 'redirect-plan.json';

/** `/_astro/…` URLs in a page's attributes (scripts, styles, images, island component and renderer URLs). */
const ASSET_URL = /["'(]\/_astro\/([^"'()?#\s]+)/g;

/**
 * The `/_astro/` files that pages link to but dist/ lacks.
 * @param root dist/ path ending in `/`
 * @param files the pages' paths; `pages` their HTML, in the same order
 * @returns `dist/<page> → /_astro/<file>` lines, empty when every asset exists
 */
export function missingAssets(root: string, files: readonly string[], pages: readonly string[]): string[] {
  const missing: string[] = [];
  const seen = new Map<string, boolean>();
  pages.forEach((html, index) => {
    for (const [, name] of html.matchAll(ASSET_URL)) {
      if (!seen.has(name)) seen.set(name, existsSync(`${root}_astro/${name}`));
      if (!seen.get(name)) missing.push(`${files[index].slice(root.length)} → /_astro/${name}`);
    }
  });
  return missing;
}

/**
 * Reads every built page once (scanBuiltPages: in batches, digest kept for the search index) for the CSP hashes
 * of their inline scripts and styles (inlineHashesOf) and the `/_astro/` links that lead nowhere (missingAssets).
 * @param root dist/ path ending in `/`
 */
async function scanPages(root: string): Promise<{ hashes: CspHashes; missing: string[] }> {
  const hashes: CspHashes = new Map();
  const missing: string[] = [];
  await scanBuiltPages(root, (files, contents) => {
    // latin1: one character per byte, several times faster than UTF-8 decoding; the markup searched is ASCII.
    const pages = contents.map((content) => content.toString('latin1'));
    missing.push(...missingAssets(root, files, pages));
    for (const [directive, sources] of inlineHashesOf(pages, 'latin1')) {
      const all = hashes.get(directive) ?? new Set<string>();
      for (const source of sources) all.add(source);
      hashes.set(directive, all);
    }
  });
  return { hashes, missing };
}

/** Build assets worth a gzip copy: text types, at least the nginx include's `gzip_min_length` (512 bytes). */
const PRECOMPRESSED = /\.(?:js|mjs|css|svg|json)$/;
const PRECOMPRESS_MIN_BYTES = 512;
const gzipAsync = promisify(gzip);

/**
 * Writes `<file>.gz` (gzip level 9) beside every compressible file of `<root>_astro/` of at least
 * PRECOMPRESS_MIN_BYTES bytes, unless a copy at least as new as the file is there from an earlier build.
 * @param root dist/ path ending in `/`
 * @returns the number of copies written
 */
async function precompressAssets(root: string): Promise<number> {
  const folder = `${root}_astro`;
  if (!existsSync(folder)) return 0;
  const files = (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && PRECOMPRESSED.test(entry.name))
    .map((entry) => `${entry.parentPath}/${entry.name}`);
  let written = 0;
  for (const file of files) {
    // Hashed names: a copy at least as new as its file (an earlier build kept in dist/) is already right.
    const copy = `${file}.gz`;
    if (existsSync(copy) && (await stat(copy)).mtimeMs >= (await stat(file)).mtimeMs) continue;
    const source = await readFile(file);
    if (source.length < PRECOMPRESS_MIN_BYTES) continue;
    await writeFile(copy, await gzipAsync(source, { level: zlib.Z_BEST_COMPRESSION }));
    written += 1;
  }
  return written;
}

/**
 * @param policy the deployment's security policy options (src/lib/security-headers.ts policyFrom), the same
 *   the Astro `security.csp` config was built from.
 */
export default function hosting(policy: SecurityPolicyOptions): AstroIntegration {
  return {
    name: 'insurer:hosting',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const planFile = `${root}${REDIRECT_PLAN_FILE}`;
        const plan = JSON.parse(await readFile(planFile, 'utf8')) as Redirect[];
        await rm(planFile);
        for (const page of ['404.html', '500.html']) {
          if (!existsSync(`${root}${page}`)) throw new Error(`Hosting: dist/${page} is missing.`);
        }
        // Fallback pages first, so that the one read of every page below (shared with the search index's
        // fingerprint, src/integrations/built-pages.ts) sees the pages as they will stay.
        for (const redirect of plan) {
          const folder = `${root}${decodeURI(redirect.from).slice(1)}`;
          const page = fallbackPage(redirect);
          const file = `${folder}/index.html`;
          if (existsSync(file)) {
            if ((await readFile(file, 'utf8')) === page) continue;
            throw new Error(`Hosting: a page exists at ${redirect.from}, which the redirect plan sends to ${redirect.to}.`);
          }
          await mkdir(folder, { recursive: true });
          await writeFile(file, page);
        }
        const { hashes, missing } = await scanPages(root);
        if (missing.length > 0) {
          throw new Error(
            `Hosting: ${missing.length} link(s) to build assets that this build did not write, e.g. ${missing.slice(0, 3).join('; ')}. ` +
              'A page kept from the incremental build cache is stale: delete node_modules/.astro and build again.',
          );
        }
        const headers = securityHeaders(policy, hashes);
        await writeFile(`${root}_headers`, headersFile(headers));
        await writeFile(`${root}_redirects`, cdnRedirects(plan));
        await writeFile(`${root}nginx.conf`, nginxInclude(plan, headers));
        const compressed = await precompressAssets(root);
        logger.info(
          `${plan.length} redirects → _redirects, nginx.conf and fallback pages; security headers → _headers, nginx.conf; ${compressed} assets gzipped`,
        );
      },
    },
  };
}
