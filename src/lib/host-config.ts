/**
 * Host files written from the redirect plan (DESIGN.md §7): `_redirects` for CDN hosts (Cloudflare Pages /
 * Netlify syntax), an nginx server-block include for self-hosting, and HTML fallback pages for hosts with
 * neither. Pure functions from the plan to text; src/integrations/host-files.ts writes them into dist/.
 */
import { decodedPath, hostRedirects, type Redirect } from './redirects';
import { COMPANY } from '../site/company';
import { escapeHtml } from './html';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE, WORKER_CACHE, nginxHeaderLines } from './security-headers';
import { MANIFEST_PATH, SERVICE_WORKER_PATH } from '../site/app';
import { NGINX_IGNORED_UPLOAD_HEADERS, UPLOAD_HIDDEN_HEADERS, UPLOAD_PREFIX, uploadHeaders, uploadTypeGroups, withHeaders } from './upload-headers';
import { UPLOAD_EXTENSIONS } from '../site/uploads';
import { IMAGE_OUTPUT_FOLDER } from '../site/images';
import { BROTLI_STATIC_CONF } from '../site/limits';

/**
 * Cloudflare Pages limits (developers.cloudflare.com/pages/configuration/redirects, "Per file"): 2,000 static
 * redirects, 1,000 characters a line; the host ignores the rest.
 */
export const CDN_REDIRECT_LIMITS = { rules: 2000, lineLength: 1000 } as const;

/** Characters that must not reach a host file unescaped (nginx syntax, header injection). */
const UNSAFE_PATH = /[\s"'\\$;{}<>`\u0000-\u001f\u007f]/;

/**
 * @throws Error naming the rule when a path is not a clean absolute site path, encoded, or (decodedPath) decoded as
 *   nginx compares it and as the fallback page's folder is named.
 */
function assertSafe(redirect: Redirect): void {
  for (const path of [redirect.from, redirect.to]) {
    if (!path.startsWith('/') || path.startsWith('//') || UNSAFE_PATH.test(path)) {
      throw new Error(`Redirect ${redirect.from} → ${redirect.to}: unsafe path "${path}" for host files.`);
    }
  }
  decodedPath(redirect.from);
}

/** `_redirects`, and the redirects of the plan it leaves to the HTML fallback pages. */
export interface CdnRedirects {
  /** The file's text. */
  text: string;
  /**
   * Redirects of the plan not in the file: beyond CDN_REDIRECT_LIMITS (rules, then line length), in plan order (their
   * slash forms, left out first, are only counted in the file's note).
   */
  omitted: Redirect[];
}

/**
 * `_redirects`: one `from to 301` line per rule, as many as the CDN takes (CDN_REDIRECT_LIMITS), each source also
 * with a trailing slash (`/news/ /news/all/1 301`: one hop, src/lib/redirects.ts hostRedirects). The plan lists the
 * spec's fixed and category redirects before the download items' (src/lib/redirects.ts redirectRules), and the
 * slash forms follow the whole plan, so past the limit the slash forms are left out first, then the last download
 * items' redirects: their sources keep their HTML fallback pages (meta refresh, canonical link), which every host
 * serves, and the nginx include has every redirect (a portal with 2,100 download items over 50 categories makes
 * 2,193 rules: the CDN's limit must not fail a build that nginx can host).
 * @throws Error when the plan holds an unsafe path
 */
export function cdnRedirects(plan: readonly Redirect[]): CdnRedirects {
  const lines: string[] = [];
  const omitted: Redirect[] = [];
  let slashOmitted = 0;
  for (const redirect of plan) assertSafe(redirect);
  for (const redirect of hostRedirects(plan)) {
    const line = `${redirect.from} ${redirect.to} ${redirect.status}`;
    if (lines.length < CDN_REDIRECT_LIMITS.rules && line.length <= CDN_REDIRECT_LIMITS.lineLength) lines.push(line);
    else if (redirect.from.endsWith('/')) slashOmitted += 1;
    else omitted.push(redirect);
  }
  const note =
    (omitted.length > 0 ? `# ${omitted.length} redirect(s) past the CDN's limits are left to their HTML fallback pages.\n` : '') +
    (slashOmitted > 0 ? `# ${slashOmitted} source(s) with a trailing slash past the CDN's limits are left to the host's slash handling.\n` : '');
  return { text: `# Generated from the redirect plan (src/lib/redirects.ts). Do not edit.\n${note}${lines.join('\n')}\n`, omitted };
}

/** A quoted nginx string: `"` and `\` escaped (the nginx configuration parser reads `\"` and `\\`). */
const nginxString = (text: string): string => `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;

/** The page shown when the error page itself cannot be served (spec §2 "Error pages"). */
const ERROR_PAGE_FAILED_HTML =
  '<!doctype html><html lang="zh-Hant-TW"><head><meta charset="utf-8"><title>ERROR</title></head>' +
  '<body><p lang="en">An error occurred while showing the error page</p><p><a href="/">回首頁</a></p></body></html>';

/**
 * The nginx include: a server-block fragment for a `server` whose `root` is dist/ and whose http block defines
 * `upstream portal` (the portal web API). It answers every redirect of the plan with 301 (each location names the
 * path as nginx compares it, fully decoded: decodedPath), its source with a trailing slash too (one hop to the final
 * target, not two through the slash rule: src/lib/redirects.ts hostRedirects), serves pages with directory indexes, 404.html and 500.html
 * with their status codes, proxies `/api/` and `/upload/` to the portal (uploadLocation: the portal's files never
 * act as the site), caches hashed assets for a year and
 * HTML for no time, and compresses text. `headers` (src/lib/security-headers.ts `securityHeaders`) go on every
 * answer: once at server level and again in each location that sets a header of its own (nginx inheritance).
 */
export function nginxInclude(plan: readonly Redirect[], headers: readonly [string, string][] = []): string {
  const security = nginxHeaderLines(headers);
  const locationSecurity = nginxHeaderLines(headers, '  ');
  for (const redirect of plan) assertSafe(redirect);
  // A slash form's location is its source's, decoded, and the slash (decodedPath refuses the empty last segment).
  const location = (from: string) => (from.endsWith('/') ? `${decodedPath(from.slice(0, -1))}/` : decodedPath(from));
  const redirects = hostRedirects(plan).map(
    (redirect) => `location = ${nginxString(location(redirect.from))} { return ${redirect.status} "${redirect.to}"; }`,
  );
  return `# Generated from the redirect plan (src/lib/redirects.ts) by src/integrations/host-files.ts. Do not edit.
# Include inside a server block: root <this directory>; with "upstream portal { server …; }" in the http block.
charset utf-8;
index index.html;
absolute_redirect off;
server_tokens off;

# Security headers (src/lib/security-headers.ts), on every answer, errors and redirects included.
${security}

${COMPRESSION}

error_page 404 /404.html;
error_page 500 502 503 504 /500.html;
location = /404.html { internal; try_files /404.html @error_page_failed; }
location = /500.html { internal; try_files /500.html @error_page_failed; }
location @error_page_failed { default_type text/html; return 500 '${ERROR_PAGE_FAILED_HTML}'; }

# Host files are not pages.
location = /nginx.conf { return 404; }
location = /_redirects { return 404; }
location = /_headers { return 404; }

# The portal web API and its image/file base answer at runtime.
location ^~ /api/ {
  proxy_pass http://portal;
  proxy_set_header Host $proxy_host;
  proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
  proxy_set_header X-Forwarded-Proto $scheme;
}
${uploadLocation(headers)}

# Hashed build assets never change.
location ^~ /_astro/ {
  # Compressed once at build time, at the best level (src/integrations/host-files.ts writes the .gz files).
  gzip_static on;
  add_header Cache-Control "${IMMUTABLE_CACHE}" always;
${locationSecurity}
  try_files $uri =404;
}
# The portal's images as the build made them (src/integrations/images.ts): named by the hash of their content.
location ^~ /${IMAGE_OUTPUT_FOLDER}/ {
  add_header Cache-Control "${IMMUTABLE_CACHE}" always;
${locationSecurity}
  try_files $uri =404;
}
${pagefindLocation(locationSecurity)}
# The service worker's script: revalidated on every fetch, so a new deploy's worker is found at the next visit.
location = ${SERVICE_WORKER_PATH} {
  add_header Cache-Control "${WORKER_CACHE}" always;
${locationSecurity}
  try_files $uri =404;
}
# The web app manifest: nginx's mime.types does not name the type of .webmanifest (W3C Web App Manifest).
location = ${MANIFEST_PATH} {
  default_type application/manifest+json;
  add_header Cache-Control "${REVALIDATE_CACHE}" always;
${locationSecurity}
  try_files $uri =404;
}
# The audio reader's segments are named by the hash of their text and engine settings (src/integrations/reader.ts).
location ^~ /reader/audio/ {
  add_header Cache-Control "public, max-age=31536000, immutable";
  try_files $uri =404;
}

# Redirects of spec §2 (one hop each, from the source with or without a trailing slash).
${redirects.join('\n')}

# Paths end without a slash.
location ~ ^(.+)/$ { return 301 $1$is_args$args; }

location / {
  add_header Cache-Control "${REVALIDATE_CACHE}" always;
${locationSecurity}
  try_files $uri $uri/index.html =404;
}
`;
}

/**
 * The include's compression: the build's gzip and brotli copies of the text files (src/integrations/precompress.ts),
 * sent as they are; on the fly only what has no copy (proxied answers, small files). brotli_static is on where nginx
 * has the module (Debian's libnginx-mod-http-brotli-static) and the server's own BROTLI_STATIC_CONF beside its
 * nginx.conf says so (.github/OPERATIONS.md "Hosting"): a glob, which on a server without it matches nothing.
 */
const COMPRESSION = `# Text files: the build's gzip and brotli copies (src/integrations/precompress.ts); on the fly what has none.
gzip_static on;
include ${BROTLI_STATIC_CONF.replace('.', '[.]')};
gzip on;
gzip_vary on;
gzip_comp_level 6;
gzip_min_length 512;
gzip_types text/css application/javascript application/json image/svg+xml text/plain text/xml application/xml;`;

/**
 * The location of Pagefind's files named by the hash of their content (fragments, index chunks, the meta file):
 * immutable, as `/_astro/`; its loader, worker and entry file are not hashed and are revalidated like pages.
 * @param locationSecurity the security header lines a location with its own `add_header` repeats
 */
function pagefindLocation(locationSecurity: string): string {
  return `# Pagefind's files named by the hash of their content; its loader, worker and entry file are revalidated.
location ~ "^/pagefind/(?:(?:fragment|index)/[^/]+|[^/]+\\.pf_meta)$" {
  add_header Cache-Control "${IMMUTABLE_CACHE}" always;
${locationSecurity}
  try_files $uri =404;
}`;
}

/**
 * The nginx location of the portal's files (src/lib/upload-headers.ts): proxied to the portal without the visitor's
 * cookies; the portal's headers that act on the site dropped (`proxy_hide_header`) or not obeyed
 * (`proxy_ignore_headers`); every answer with the site's security headers, the upload policy in place of the site's
 * CSP, and the type and disposition its extension names: one nested location per group of extensions of
 * src/site/uploads.ts, and the outer one (any other file) `application/octet-stream` as an attachment.
 * @param headers the site's security headers (securityHeaders)
 * @returns the `location ^~ /upload/ { … }` block
 */
export function uploadLocation(headers: readonly [string, string][]): string {
  const proxy = ['proxy_pass http://portal;', 'proxy_set_header Host $proxy_host;', 'proxy_set_header Cookie "";'];
  const answer = (path: string, indent: string) => nginxHeaderLines(withHeaders(headers, uploadHeaders(path)), indent);
  const groups = uploadTypeGroups(UPLOAD_EXTENSIONS).map(
    ({ extensions }) => `  location ~* "\\.(?:${extensions.join('|')})$" {
    ${proxy.join('\n    ')}
${answer(`x.${extensions[0]}`, '    ')}
  }`,
  );
  return `location ^~ ${UPLOAD_PREFIX} {
  ${proxy.join('\n  ')}
  proxy_ignore_headers ${NGINX_IGNORED_UPLOAD_HEADERS.join(' ')};
${UPLOAD_HIDDEN_HEADERS.map((name) => `  proxy_hide_header ${name};`).join('\n')}
${answer('x', '  ')}
${groups.join('\n')}
}`;
}

/**
 * The HTML fallback page for a redirect (hosts without redirect support): valid HTML5 with a meta refresh
 * (`0; url=…`, with the space the W3C checker wants), a canonical link, noindex and a visible link.
 */
export function fallbackPage(redirect: Redirect): string {
  const to = escapeHtml(redirect.to);
  return `<!doctype html>
<html lang="zh-Hant-TW">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>頁面已移動｜${escapeHtml(COMPANY.shortName)}</title>
<meta name="robots" content="noindex">
<link rel="canonical" href="${to}">
<meta http-equiv="refresh" content="0; url=${to}">
</head>
<body>
<p>本頁已移至 <a href="${to}">${escapeHtml(decodeURI(redirect.to))}</a>。</p>
</body>
</html>
`;
}
