/**
 * The host files (REFERENCE.md "Hosting"), steps of the build pipeline (src/integrations/pipeline.ts), all from the one
 * redirect plan that the pipeline computed from the portal lists (src/lib/redirects.ts):
 * - writeFallbackPages: a fallback HTML page at every redirect source, for hosts that read neither `_redirects`
 *   nor the nginx include (and for the redirects `_redirects` leaves out past the CDN's limits). dist/ is kept
 *   between builds (src/integrations/output-folder.ts), so a redirect source may hold a page of an earlier build:
 *   that build's fallback page to another target (a decree now sorted first moves the target of /about/decree), or
 *   a page no route of this build produced. Either is replaced (a normal content change, such as a decree
 *   sorted first, must not fail this build and every later one); a page that a route of THIS build produced at a redirect source is a conflict in the plan
 *   and fails the build. They are written before the pages are read (once, src/integrations/built-pages.ts), so that
 *   the read sees them as they stay;
 * - writeHostFiles: `dist/_redirects` (CDN hosts: as many redirects as the CDN takes, the rest left to the fallback
 *   pages) and `dist/nginx.conf` (self-hosting include); `dist/_headers`
 *   (CDN hosts) and the `add_header` lines of `dist/nginx.conf`: the security headers of
 *   src/lib/security-headers.ts, whose Content-Security-Policy gets the hashes of every inline script and style of
 *   the built pages (so the header allows what Astro's per-page meta policies allow) (the gzip and brotli copies
 *   of the text files the include serves with `gzip_static` are the pipeline's later step,
 *   src/integrations/precompress.ts); and the checks that `404.html` and `500.html` exist and that every `/_astro/` file a page links to exists (a page
 *   kept by the incremental build could otherwise point at an asset of an earlier build).
 * Any problem fails the build with a message naming the file.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { BuiltPages } from './built-pages';
import { cdnProxyRules, cdnRedirects, fallbackPage, nginxInclude } from '../lib/host-config';
import { decodedPath, type Redirect } from '../lib/redirects';
import { headersFile, securityHeaders, type SecurityPolicyOptions } from '../lib/security-headers';

/** Where the site is served and what that host needs written (src/settings.ts SITE_HOST, EDGE_TRUSTED_PROXIES). */
export interface HostingOptions {
  /** SITE_HOST: `netlify` gets proxy rules for the browser's portal calls in `_redirects`. */
  host: 'nginx' | 'netlify' | 'cloudflare-pages';
  /** PORTAL_API_BASE: the target of those proxy rules. */
  portalApiBase?: string;
  /** EDGE_TRUSTED_PROXIES: the CDN in front of nginx (src/lib/host-config.ts realIpLines). */
  trustedProxies?: readonly string[];
}

/**
 * The file of the fallback page at a redirect source, in the folder Astro would give a page at that path (each
 * segment fully decoded: decodedPath), which is where nginx and the CDN look for it.
 * @param root dist/ path ending in `/`
 * @returns `<root><from, decoded>/index.html`
 * @throws Error when the source cannot be one folder (decodedPath)
 */
export const fallbackFile = (root: string, redirect: Redirect): string => join(root, decodedPath(redirect.from).slice(1), 'index.html');

/** Fallback pages checked and written at once. */
const FALLBACK_WRITE_BATCH = 64;

/**
 * Writes the fallback page of every redirect of the plan (lib/host-config fallbackPage), unless exactly that page is
 * already there; a page of an earlier build at a redirect source (its fallback page to another target, or a page no
 * route produces any more) is replaced.
 * @param root dist/ path ending in `/`
 * @param plan the redirect plan
 * @param routePages absolute paths of the files this build's routes produced (Astro's `assets`)
 * @returns the fallback pages' files (fallbackFile), in plan order, and those of them that replaced another page
 * @throws Error naming the source and the target when a route of this build produced a page at a redirect source
 */
export async function writeFallbackPages(
  root: string,
  plan: readonly Redirect[],
  routePages: ReadonlySet<string>,
): Promise<{ files: string[]; replaced: string[] }> {
  const files = plan.map((redirect) => fallbackFile(root, redirect));
  for (const [i, redirect] of plan.entries()) {
    if (routePages.has(files[i]!)) {
      throw new Error(`Hosting: this build has a page at ${redirect.from}, which the redirect plan sends to ${redirect.to}.`);
    }
  }
  /** Writes one fallback page unless the same page is there; whether it replaced another page. */
  const write = async (file: string, page: string): Promise<boolean> => {
    const existing = await readFile(file, 'utf8').catch(() => null);
    if (existing === page) return false;
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, page);
    return existing !== null;
  };
  // FALLBACK_WRITE_BATCH at a time: 2,143 fallback pages at 10,000 items took 1.0 s one by one.
  const replaced: string[] = [];
  for (let start = 0; start < plan.length; start += FALLBACK_WRITE_BATCH) {
    const batch = plan.slice(start, start + FALLBACK_WRITE_BATCH);
    const done = await Promise.all(batch.map((redirect, i) => write(files[start + i]!, fallbackPage(redirect))));
    for (const [i, wasReplaced] of done.entries()) if (wasReplaced) replaced.push(files[start + i]!);
  }
  return { files, replaced };
}

/**
 * Writes `_headers`, `_redirects` and `nginx.conf`.
 * @param root dist/ path ending in `/`
 * @param plan the redirect plan
 * @param pages the one read of the built pages (its CSP hashes and missing asset links)
 * @param policy the deployment's security policy options (src/lib/security-headers.ts policyFrom), the same the
 *   Astro `security.csp` config was built from
 * @param hosting where the site is served (HostingOptions)
 * @returns the redirects `_redirects` leaves to the fallback pages (past the CDN's limits, lib/host-config
 *   cdnRedirects)
 * @throws Error when 404.html or 500.html is missing, or when a page links to a `/_astro/` file that is not there
 */
export async function writeHostFiles(
  root: string,
  plan: readonly Redirect[],
  pages: Pick<BuiltPages, 'cspHashes' | 'cspHashOrigins' | 'missingAssets'>,
  policy: SecurityPolicyOptions,
  hosting: HostingOptions = { host: 'nginx' },
): Promise<{ cdnOmitted: Redirect[] }> {
  for (const page of ['404.html', '500.html']) {
    if (!existsSync(`${root}${page}`)) throw new Error(`Hosting: dist/${page} is missing.`);
  }
  const missing = pages.missingAssets;
  if (missing.length > 0) {
    throw new Error(
      `Hosting: ${missing.length} link(s) to build assets that this build did not write, e.g. ${missing.slice(0, 3).join('; ')}. ` +
        'A page kept from the incremental build cache is stale: delete node_modules/.astro and build again.',
    );
  }
  const headers = securityHeaders(policy, pages.cspHashes);
  const proxies = hosting.host === 'netlify' && hosting.portalApiBase ? cdnProxyRules(hosting.portalApiBase) : [];
  const cdn = cdnRedirects(plan, proxies);
  await writeFile(`${root}_headers`, headersFile(headers, pages.cspHashOrigins));
  await writeFile(`${root}_redirects`, cdn.text);
  await writeFile(`${root}nginx.conf`, nginxInclude(plan, headers, { trustedProxies: hosting.trustedProxies ?? [] }));
  return { cdnOmitted: cdn.omitted };
}
