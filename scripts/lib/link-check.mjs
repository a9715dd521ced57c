/**
 * The deploy gate's link check over the built files (the crawl over HTTP that linkinator
 * made through nginx took about 170 s at 10,000 items, while the publishing target gives the whole dry-run
 * pipeline 120 s).
 *
 * Every page of dist/ is read once and parsed with htmlparser2, taking the URLs of the tags and attributes a link
 * checker reads (LINK_ATTRIBUTES, the table of linkinator 7's `links.js`: `a`/`link` href, `img`/`script`/`iframe`
 * src, `srcset`, a meta refresh…). Each distinct internal URL is then resolved the way the nginx include of the
 * build (dist/nginx.conf, src/lib/host-config.ts) serves it:
 * - `/api/…` and `/upload/…` go to the portal: those are fetched through the served site (nginx and the portal);
 * - a path ending in `/` is redirected (301) to the same path without it;
 * - `/_astro/…` and `/reader/audio/…` must be that file; any other path that file or its folder's `index.html`
 *   (a redirect source has its fallback page there, src/integrations/host-files.ts, whose link to the target is read
 *   like any other);
 * - the host files (`nginx.conf`, `_redirects`, `_headers`) answer 404.
 * External URLs (another origin, `mailto:`, `tel:`…) are not checked here. The publish report page for editors
 * (PUBLISH_REPORT_PATH) is not read: it links the pages a build removed, on purpose.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { Parser } from 'htmlparser2';
import pLimit from 'p-limit';
import { parseSrcset } from 'srcset';
import { PUBLISH_REPORT_PATH } from '../../src/site/limits.ts';
// The host files nginx answers 404 whatever is in dist/, and the prefixes it passes to the portal: as the local server.
import { HOST_FILES, PORTAL_PREFIXES } from '../serve.mjs';

/** Per tag, the attributes that hold a URL (linkinator 7.6 `links.js` linksAttribute, by tag). */
export const LINK_ATTRIBUTES = Object.freeze({
  a: ['href'],
  area: ['href'],
  audio: ['src'],
  blockquote: ['cite'],
  body: ['background'],
  command: ['icon'],
  del: ['cite'],
  embed: ['href', 'src', 'pluginspage', 'pluginurl'],
  frame: ['longdesc', 'src'],
  html: ['manifest'],
  iframe: ['longdesc', 'src'],
  img: ['src', 'srcset'],
  input: ['src'],
  ins: ['cite'],
  link: ['href'],
  object: ['data'],
  q: ['cite'],
  script: ['src'],
  source: ['src', 'srcset'],
  track: ['src'],
  video: ['poster', 'src'],
});

/** `<link rel>` values whose href is a hint, not a resource (linkinator leaves them too). */
const HINT_RELS = new Set(['dns-prefetch', 'preconnect']);
/** The origin pages are read at; any URL of another origin is external. */
const SITE = 'http://site.invalid';
/** Prefixes nginx serves as exact files only (`try_files $uri =404`). */
const EXACT_FILE_PREFIXES = ['/_astro/', '/reader/audio/'];
/** Portal URLs fetched at once. */
const PORTAL_CONCURRENCY = 8;
/** Most broken links listed one by one; the rest are counted. */
const MAX_LISTED = 100;

/**
 * A meta refresh's URL: `0;url=/news/all/1` → `/news/all/1`.
 * @param {string} content the meta element's `content`
 * @returns {string | undefined}
 */
const refreshUrl = (content) => /^\s*\d+\s*;\s*url\s*=\s*(.+)$/i.exec(content)?.[1]?.trim();

/**
 * The URLs of a `srcset`; one that the parser refuses is kept whole, so that it is reported as a broken link
 * (with the page it is on) rather than stopping the check.
 * @param {string} value
 * @returns {string[]}
 */
function srcsetUrls(value) {
  try {
    return parseSrcset(value).map((candidate) => candidate.url);
  } catch {
    return [value];
  }
}

/**
 * The URLs one page names, as written (entities decoded), in document order.
 * @param {string} html the page
 * @returns {string[]}
 */
export function pageLinks(html) {
  const found = [];
  const parser = new Parser({
    onopentag(tag, attributes) {
      if (tag === 'meta') {
        if (attributes['http-equiv']?.toLowerCase() === 'refresh' && attributes.content) {
          const url = refreshUrl(attributes.content);
          if (url) found.push(url);
        }
        return;
      }
      if (tag === 'link' && HINT_RELS.has(attributes.rel)) return;
      for (const name of LINK_ATTRIBUTES[tag] ?? []) {
        const value = attributes[name];
        if (!value) continue;
        if (name !== 'srcset') found.push(value);
        else found.push(...srcsetUrls(value));
      }
    },
  });
  parser.end(html);
  return found;
}

/**
 * The URL a page is served at, from its file: `<dist>/news/detail/7/index.html` → `/news/detail/7` (nginx sends a
 * trailing slash away), `<dist>/index.html` → `/`, `<dist>/404.html` → `/404.html`.
 * @param {string} dist the site's folder
 * @param {string} file a page's absolute path inside it
 * @returns {string}
 */
// Not built-pages.ts pagePath: that module's extensionless imports load under Vite, not in the plain Node of
// scripts/rebuild.mjs.
export function servedPath(dist, file) {
  const path = `/${relative(dist, file).split(sep).join('/')}`;
  if (path === '/index.html') return '/';
  return path.endsWith('/index.html') ? path.slice(0, -'/index.html'.length) : path;
}

/**
 * What nginx answers for an internal path, from the files alone.
 * @param {ReadonlySet<string>} files every file of the site, as site paths (`/news/detail/7/index.html`)
 * @param {string} pathname the URL's path, percent-encoded as in the URL
 * @returns {'file' | 'portal' | string} `file` (a page or file answers), `portal` (fetch it to know), else why it
 *   fails, in English
 */
export function resolvePath(files, pathname) {
  if (PORTAL_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return 'portal';
  let path;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return 'malformed percent-encoding';
  }
  // `location ~ ^(.+)/$ { return 301 $1; }`
  if (path.length > 1 && path.endsWith('/')) path = path.replace(/\/+$/, '') || '/';
  if (HOST_FILES.has(path)) return 'a host file, which nginx refuses (404)';
  if (files.has(path)) return 'file';
  if (EXACT_FILE_PREFIXES.some((prefix) => path.startsWith(prefix))) return 'no such file (404)';
  return files.has(path === '/' ? '/index.html' : `${path}/index.html`) ? 'file' : 'no page (404)';
}

/**
 * An internal link's path and query as the browser requests it, resolved against the page that names it.
 * @param {string} link the URL as written (e.g. `detail/7?tab=1#top`, `/news/all/1`, `https://elsewhere/`)
 * @param {string} basePath the path the page is served at (servedPath), e.g. `/news`
 * @returns {string | undefined} e.g. `/detail/7?tab=1`; undefined for another origin, another scheme (`mailto:`,
 *   `tel:`) or what is no URL at all
 */
export function internalUrl(link, basePath) {
  let url;
  try {
    url = new URL(link, new URL(basePath, SITE));
  } catch {
    return undefined; // Not a URL a browser would follow either (e.g. a bare `http://`).
  }
  return url.origin === SITE ? url.pathname + url.search : undefined;
}

/**
 * Every file of a site folder, as site paths.
 * @param {string} dist
 * @returns {Set<string>}
 */
function siteFiles(dist) {
  const files = new Set();
  for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files.add(`/${relative(dist, join(entry.parentPath, entry.name)).split(sep).join('/')}`);
  }
  return files;
}

/**
 * Checks every internal link of a built site (see the module's comment).
 * @param {{ dist: string, get(path: string): Promise<Response> }} site  `dist`: the site's folder (absolute);
 *   `get`: fetches a site path through the served site without following redirects (the portal's URLs).
 * @returns {Promise<{ pages: number, links: number, portalLinks: number, broken: string[] }>} pages read, distinct
 *   internal URLs checked, of which through the portal, and one line per broken link (`/path: why (on /page)`), at
 *   most MAX_LISTED and then a count of the rest.
 */
export async function checkBuiltLinks({ dist, get }) {
  const files = siteFiles(dist);
  const report = `${PUBLISH_REPORT_PATH}index.html`;
  const pages = [...files].filter((file) => file.endsWith('.html') && file !== report && !file.startsWith('/pagefind/'));
  /** Internal URL (path and query) → the first page linking it. */
  const linked = new Map();
  for (const page of pages) {
    const basePath = servedPath(dist, join(dist, page));
    for (const link of pageLinks(readFileSync(join(dist, page), 'utf8'))) {
      const key = internalUrl(link, basePath);
      if (key !== undefined && !linked.has(key)) linked.set(key, basePath);
    }
  }
  const broken = [];
  const portal = [];
  for (const [key, on] of linked) {
    const pathname = key.replace(/\?.*$/, '');
    const answer = resolvePath(files, pathname);
    if (answer === 'portal') portal.push([key, on]);
    else if (answer !== 'file') broken.push(`${key}: ${answer} (on ${on})`);
  }
  const limit = pLimit(PORTAL_CONCURRENCY);
  await Promise.all(
    portal.map(([key, on]) =>
      limit(async () => {
        try {
          const response = await get(key);
          await response.body?.cancel();
          if (!response.ok) broken.push(`${key}: the portal answered ${response.status} (on ${on})`);
        } catch (error) {
          broken.push(`${key}: ${error.message} (on ${on})`);
        }
      }),
    ),
  );
  const listed = broken.sort().slice(0, MAX_LISTED);
  if (broken.length > MAX_LISTED) listed.push(`… and ${broken.length - MAX_LISTED} more broken links`);
  return { pages: pages.length, links: linked.size, portalLinks: portal.length, broken: listed };
}
