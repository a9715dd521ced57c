/**
 * Host files written from the redirect plan (REFERENCE.md "Redirects"): `_redirects` for CDN hosts (Cloudflare Pages /
 * Netlify syntax), an nginx server-block include for self-hosting, and HTML fallback pages for hosts with
 * neither. Pure functions from the plan to text; src/integrations/host-files.ts writes them into dist/.
 */
import { decodedPath, hostRedirects, type Redirect } from './redirects';
import { COMPANY } from '../site/company';
import { escapeHtml } from './html';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE, WORKER_CACHE, nginxHeaderLines } from './security-headers';
import { MANIFEST_PATH, SERVICE_WORKER_PATH } from '../site/app';
import { UPLOAD_PREFIX, uploadHeaders, uploadTypeGroups, withHeaders } from './upload-headers';
import {
  API_PREFIX,
  BROWSER_ENDPOINTS,
  NGINX_IGNORED_PROXY_HEADERS,
  PROXY_HIDDEN_HEADERS,
  PROXY_REDIRECT_STATUSES,
  apiAnswerHeaders,
} from './portal-proxy';
import { UNSAFE_PORTAL_PATH, UPLOAD_EXTENSIONS } from '../site/uploads';
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
 * `proxies`: lines put first (cdnProxyRules: Netlify's rules for the browser's portal calls), within the limits.
 * @throws Error when the plan holds an unsafe path
 */
export function cdnRedirects(plan: readonly Redirect[], proxies: readonly string[] = []): CdnRedirects {
  const lines: string[] = [...proxies];
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

/**
 * The `_redirects` proxy rules of a host that proxies to another origin (Netlify: status 200 with an absolute target;
 * docs.netlify.com "Rewrites and proxies"): one per call the browser makes (src/lib/portal-proxy.ts
 * BROWSER_ENDPOINTS), matched by its exact path and sent to that path on the portal. Nothing else of the portal is
 * proxied: its files are linked on its own origin (src/settings.ts SITE_HOST), since the host puts no `_headers`
 * rule on proxied answers.
 * @param portalBase the portal's base URL (PORTAL_API_BASE), e.g. `https://portal.example.com`
 * @returns `from to 200` lines
 */
export function cdnProxyRules(portalBase: string): string[] {
  const base = portalBase.replace(/\/+$/, '');
  return BROWSER_ENDPOINTS.map(({ path }) => `${path} ${base}${path} 200`);
}

/** A quoted nginx string: `"` and `\` escaped (the nginx configuration parser reads `\"` and `\\`). */
const nginxString = (text: string): string => `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;

/** The page shown when the error page itself cannot be served (REFERENCE.md "Error pages"). */
const ERROR_PAGE_FAILED_HTML =
  '<!doctype html><html lang="zh-Hant-TW"><head><meta charset="utf-8"><title>ERROR</title></head>' +
  '<body><p lang="en">An error occurred while showing the error page</p><p><a href="/">回首頁</a></p></body></html>';

/**
 * The nginx include: a server-block fragment for a `server` whose `root` is dist/ and whose http block defines
 * `upstream portal` (the portal web API). It answers every redirect of the plan with 301 (each location names the
 * path as nginx compares it, fully decoded: decodedPath), its source with a trailing slash too (one hop to the final
 * target, not two through the slash rule: src/lib/redirects.ts hostRedirects), serves pages with directory indexes, 404.html and 500.html
 * with their status codes, forwards to the portal only the browser's calls and the portal's files (apiLocations,
 * uploadLocation: src/lib/portal-proxy.ts; no portal answer acts as the site), caches hashed assets for a year and
 * HTML for no time, and compresses text. `headers` (src/lib/security-headers.ts `securityHeaders`) go on every
 * answer: once at server level and again in each location that sets a header of its own (nginx inheritance).
 * `options.trustedProxies`: the CDN or load balancer in front (realIpLines).
 */
export function nginxInclude(plan: readonly Redirect[], headers: readonly [string, string][] = [], options: NginxOptions = {}): string {
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
${realIpLines(options.trustedProxies ?? [])}

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

# The portal web API and its image/file base answer at runtime (src/lib/portal-proxy.ts): the browser's calls only,
# each at exactly its path, and the portal's files under the upload policy; nothing else is forwarded.
${apiLocations(headers)}
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
  add_header Cache-Control "${IMMUTABLE_CACHE}" always;
${locationSecurity}
  try_files $uri =404;
}

# Redirects of REFERENCE.md "Redirects" (one hop each, from the source with or without a trailing slash).
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

/** What the nginx include needs beyond the plan and the headers. */
export interface NginxOptions {
  /**
   * Addresses or CIDR ranges of a CDN or load balancer in front of nginx (EDGE_TRUSTED_PROXIES): from these only,
   * the visitor's address is read from `X-Forwarded-For`. Empty: the connection's address is the visitor's.
   */
  trustedProxies?: readonly string[];
}

/**
 * The visitor's address as nginx forwards it to the portal (`X-Forwarded-For $remote_addr`, set, never appended to
 * what the visitor sent: the portal counts its form rate limit per address, and a visitor could otherwise name any
 * address). Behind a trusted CDN, the realip module takes the address that CDN reports (the last untrusted one of
 * `X-Forwarded-For`, `real_ip_recursive`), and only from the CDN's own addresses.
 * @param trustedProxies addresses or CIDR ranges (validated by src/settings.ts)
 * @throws Error when an entry holds anything but an address or range
 */
export function realIpLines(trustedProxies: readonly string[]): string {
  if (trustedProxies.length === 0) return "# No trusted proxy in front: X-Forwarded-For is the connection's address.";
  for (const entry of trustedProxies) {
    if (!/^[0-9A-Fa-f:.]+(?:\/\d{1,3})?$/.test(entry)) throw new Error(`nginx: "${entry}" is no address or CIDR range.`);
  }
  return [
    '# The CDN in front (EDGE_TRUSTED_PROXIES): the visitor is the address it reports.',
    ...trustedProxies.map((entry) => `set_real_ip_from ${entry};`),
    'real_ip_header X-Forwarded-For;',
    'real_ip_recursive on;',
  ].join('\n');
}

/** The request-path test of UNSAFE_PORTAL_PATH as nginx reads a regular expression in a quoted string (`\` as `\x5c`). */
const nginxUnsafePath = (): string => `^[^?]*(?:${UNSAFE_PORTAL_PATH.source.replaceAll('\\\\', '\\x5c')})`;

/** A literal path as a PCRE pattern (the endpoints' paths hold letters and `/` only; escaped all the same). */
const regexLiteral = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Directives of every location that forwards to the portal: the portal's own host name, the visitor's address as the
 * edge knows it (realIpLines), no cookie of the site, the portal's acting headers dropped or not obeyed
 * (src/lib/portal-proxy.ts), a portal redirect answered 404 (its Location never reaches the visitor).
 * @param target `proxy_pass` target, `http://portal` or `http://portal/api/…`
 */
function proxyDirectives(target: string, indent: string): string {
  return [
    `proxy_pass ${target};`,
    'proxy_set_header Host $proxy_host;',
    'proxy_set_header X-Forwarded-For $remote_addr;',
    'proxy_set_header X-Forwarded-Proto $scheme;',
    'proxy_set_header Cookie "";',
    `proxy_ignore_headers ${NGINX_IGNORED_PROXY_HEADERS.join(' ')};`,
    ...PROXY_HIDDEN_HEADERS.map((name) => `proxy_hide_header ${name};`),
    'proxy_intercept_errors on;',
    `error_page ${PROXY_REDIRECT_STATUSES.join(' ')} =404 /404.html;`,
  ]
    .map((line) => `${indent}${line}`)
    .join('\n');
}

/**
 * The nginx locations of the portal web API (src/lib/portal-proxy.ts): one exact location per call the browser
 * makes, which forwards to that path as written whatever spelling nginx normalized to it (and refuses, 400, a
 * request whose path as sent is not exactly it), its answer typed JSON under the portal answers' policy; every other
 * path under `/api/` answers 404.
 * @param headers the site's security headers (securityHeaders)
 */
export function apiLocations(headers: readonly [string, string][]): string {
  const answer = nginxHeaderLines(withHeaders(headers, apiAnswerHeaders()), '  ');
  const exact = BROWSER_ENDPOINTS.map(
    ({ path }) => `location = ${path} {
  if ($request_uri !~ "^${regexLiteral(path)}(?:\\?|$)") { return 400; }
${proxyDirectives(`http://portal${path}`, '  ')}
${answer}
}`,
  );
  return [...exact, `location ^~ ${API_PREFIX} { return 404; }`].join('\n');
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
 * The nginx location of the portal's files (src/lib/upload-headers.ts): a request path that could resolve elsewhere
 * on the portal refused with 400 (src/site/uploads.ts UNSAFE_PORTAL_PATH), the rest proxied as proxyDirectives
 * says; every answer with the site's security headers, the upload policy in place of the site's
 * CSP, and the type and disposition its extension names: one nested location per group of extensions of
 * src/site/uploads.ts, and the outer one (any other file) `application/octet-stream` as an attachment.
 * @param headers the site's security headers (securityHeaders)
 * @returns the `location ^~ /upload/ { … }` block
 */
export function uploadLocation(headers: readonly [string, string][]): string {
  // In the outer location and in each nested one: nginx's `if` is not inherited by nested locations.
  const refuseUnsafe = `if ($request_uri ~* "${nginxUnsafePath()}") { return 400; }`;
  const answer = (path: string, indent: string) => nginxHeaderLines(withHeaders(headers, uploadHeaders(path)), indent);
  const groups = uploadTypeGroups(UPLOAD_EXTENSIONS).map(
    ({ extensions }) => `  location ~* "\\.(?:${extensions.join('|')})$" {
    ${refuseUnsafe}
${proxyDirectives('http://portal', '    ')}
${answer(`x.${extensions[0]}`, '    ')}
  }`,
  );
  return `location ^~ ${UPLOAD_PREFIX} {
  ${refuseUnsafe}
${proxyDirectives('http://portal', '  ')}
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
