/**
 * Serves a built site (dist/) on loopback the way the production host does (REFERENCE.md "Architecture", "Publishing rules"): static files
 * with directory indexes, dist/404.html with status 404 for unknown paths, and what src/lib/portal-proxy.ts lets
 * through proxied to the portal, as the nginx include does: the browser's calls, each at exactly its path, and the
 * portal's files under `/upload/` with the headers of src/lib/upload-headers.ts (never acting as the site); every
 * other path under `/api/` 404, an unsafe spelling 400, a portal redirect 404, the portal's acting headers (and
 * `X-Accel-*`) dropped, no cookie of the site sent, and `X-Forwarded-For` set to the connection's address.
 * Redirects as the hosts answer them (src/lib/host-config.ts): every rule of `dist/_redirects` (the redirect plan,
 * each source with and without a trailing slash: src/lib/redirects.ts hostRedirects) with one 301 to its final
 * target, then any other path ending in `/` with a 301 to the path without it (the nginx include's slash rule). A
 * source that `_redirects` leaves out past the CDN's limits answers its HTML fallback page, as on a CDN.
 * Headers as the hosts send them: every answer (pages, files, 304s, the 404 page, redirects, the portal's answers)
 * carries the headers `dist/_headers` gives its path (src/lib/headers-file.ts reads it as the CDN does; the same
 * security headers nginx adds to every answer, src/lib/host-config.ts nginxInclude), so a page that breaks under the
 * production Content-Security-Policy breaks here too. Cache-Control: the file's immutable rules for hashed assets,
 * and nginx's revalidating default for every other file (sirv `maxAge: 0`: `public,max-age=0,must-revalidate`,
 * security-headers.ts REVALIDATE_CACHE); the 404 page and redirects carry none, as under nginx. The
 * Strict-Transport-Security header is sent as production sends it: over plain http (loopback) a browser ignores it
 * (RFC 6797 §8.1), so it pins nothing.
 * Used by `npm start`, `npm run preview` and the end-to-end tests.
 */
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { createProxyServer } from 'http-proxy-3';
import sirv from 'sirv';
import { headersForPath, parseHeadersFile } from '../src/lib/headers-file.ts';
import { API_PREFIX, apiAnswerHeaders, isHiddenProxyHeader, PROXY_REDIRECT_STATUSES, portalRoute } from '../src/lib/portal-proxy.ts';
import { UPLOAD_PREFIX, uploadHeaders } from '../src/lib/upload-headers.ts';

/** Path prefixes answered by the portal rather than by dist/ (what each forwards: src/lib/portal-proxy.ts). */
export const PORTAL_PREFIXES = [API_PREFIX, UPLOAD_PREFIX];

/** Hop-by-hop headers of the portal's answer (RFC 9110 §7.6.1): this server frames its own answer. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

/** The host files in dist/ (src/integrations/host-files.ts), which are no pages: nginx answers them 404, and so does this server. */
export const HOST_FILES = new Set(['/nginx.conf', '/_redirects', '/_headers']);

/**
 * A path as the redirect table compares it: percent-escapes decoded (a browser may encode what the plan does not,
 * or the other way round); a path that does not decode stays as it is.
 * @param {string} path a URL path
 * @returns {string}
 */
function comparable(path) {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The redirects of a built site's `_redirects` (`from to status` lines; `#` comments; proxy rules, status 200, left out).
 * @param {string} dist the site's folder
 * @returns {Map<string, { to: string, status: number }>} keyed by the source as `comparable` gives it; empty when
 *   the site has no `_redirects`
 */
export function readRedirects(dist) {
  const file = join(dist, '_redirects');
  const table = new Map();
  if (!existsSync(file)) return table;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [from, to, status] = line.trim().split(/\s+/);
    // A 200 rule is a CDN's proxy (src/lib/host-config.ts cdnProxyRules), which this server does itself (portalRoute).
    if (!from || from.startsWith('#') || !to || status === '200') continue;
    table.set(comparable(from), { to, status: Number(status ?? 301) });
  }
  return table;
}

/**
 * The header rules of a built site's `_headers` (src/lib/headers-file.ts).
 * @param {string} dist the site's folder
 * @returns {import('../src/lib/headers-file.ts').HeaderRule[]} empty when the site has no `_headers`
 * @throws Error naming the line when the file holds a line the reader refuses
 */
export function readHeaderRules(dist) {
  const file = join(dist, '_headers');
  return existsSync(file) ? parseHeadersFile(readFileSync(file, 'utf8')) : [];
}

/**
 * The proxy to the portal, as the nginx include's portal locations answer: the visitor's address in
 * `X-Forwarded-For` (never what the visitor wrote), no cookie of the site; a portal redirect answered with the 404
 * page; the portal's acting and hop-by-hop headers dropped and the headers of src/lib/portal-proxy.ts (the API's
 * JSON) or src/lib/upload-headers.ts (a file's type) set in place of the site's policy; a portal that does not
 * answer gives 502 with the portal's JSON envelope.
 * @param {string} portalUrl the portal's origin
 * @param {(res: import('node:http').ServerResponse) => void} notFoundAnswer writes the site's 404 page
 * @returns {ReturnType<typeof createProxyServer>} the proxy; `proxy.web(req, res)` forwards a request
 */
function portalProxy(portalUrl, notFoundAnswer) {
  // selfHandleResponse: this server writes each answer itself, from the portal's status and the headers it keeps.
  const proxy = createProxyServer({ target: portalUrl, changeOrigin: true, selfHandleResponse: true });
  proxy.on('proxyReq', (proxyReq, req) => {
    // The visitor's address as the connection gives it, never what the visitor wrote (the portal's rate limit).
    proxyReq.setHeader('X-Forwarded-For', req.socket.remoteAddress ?? '');
    proxyReq.setHeader('X-Forwarded-Proto', 'http');
    proxyReq.removeHeader('Cookie'); // the portal gets no cookie of the site
  });
  proxy.on('proxyRes', (proxyRes, req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const status = proxyRes.statusCode ?? 502;
    if (PROXY_REDIRECT_STATUSES.includes(status)) {
      proxyRes.resume();
      notFoundAnswer(res);
      return;
    }
    const kept = {};
    for (const [name, value] of Object.entries(proxyRes.headers)) {
      if (value !== undefined && !isHiddenProxyHeader(name) && !HOP_BY_HOP.has(name)) kept[name] = value;
    }
    // In place of the site's policy set on the answer first: the API's JSON or the file's type, never a script.
    const added = path.startsWith(API_PREFIX) ? apiAnswerHeaders() : uploadHeaders(path);
    for (const [name, value] of added) res.setHeader(name, value);
    res.writeHead(status, kept);
    proxyRes.pipe(res);
  });
  proxy.on('error', (_error, _req, res) => {
    if (res && 'writeHead' in res && !res.headersSent) {
      res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ code: 50200, message: '服務暫時無法使用', data: null }));
    }
  });
  return proxy;
}

/**
 * Starts the server.
 * @param {{ dist: string, portalUrl: string, port?: number, host?: string }} options port 0 = a free port
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}
 */
export async function serveSite({ dist, portalUrl, port = 0, host = '127.0.0.1' }) {
  const notFoundFile = join(dist, '404.html');
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`No built site in ${dist}: run \`npm run build\` first.`);
  const notFound = existsSync(notFoundFile) ? readFileSync(notFoundFile) : Buffer.from('404');
  // maxAge 0: every file revalidated unless `_headers` says otherwise (its Cache-Control, set on the answer first,
  // wins over sirv's: sirv keeps a header the answer already has).
  const files = sirv(dist, { dev: false, etag: true, extensions: ['html'], gzip: false, maxAge: 0 });
  const redirects = readRedirects(dist);
  const headerRules = readHeaderRules(dist);
  /** The 404 page: nginx answers it from its own location, with the security headers and no caching rule of the path. */
  const notFoundAnswer = (res) => {
    res.removeHeader('Cache-Control');
    res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(notFound);
  };
  const proxy = portalProxy(portalUrl, notFoundAnswer);
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    for (const [name, value] of headersForPath(headerRules, path)) res.setHeader(name, value);
    const route = portalRoute(req.url ?? '/');
    if (route.kind === 'refused') {
      if (route.status === 404) notFoundAnswer(res);
      else {
        res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Bad Request');
      }
      return;
    }
    if (route.kind !== 'site') {
      // An API call goes to the endpoint's path as written, with the request's query.
      if (route.kind === 'api') req.url = `${route.path}${(req.url ?? '').slice(path.length)}`;
      proxy.web(req, res);
      return;
    }
    const redirect = redirects.get(comparable(path));
    if (redirect) {
      res.writeHead(redirect.status, { Location: redirect.to });
      res.end();
      return;
    }
    if (path.length > 1 && path.endsWith('/')) {
      // nginx: `location ~ ^(.+)/$ { return 301 $1$is_args$args; }`, over the path with its slashes merged as nginx
      // merges them (so `//elsewhere.example/` stays on this site: `/elsewhere.example`).
      const query = (req.url ?? '').slice(path.length);
      res.writeHead(301, { Location: `/${path.replace(/\/{2,}/g, '/').replace(/^\/|\/$/g, '')}${query}` });
      res.end();
      return;
    }
    if (HOST_FILES.has(path)) {
      notFoundAnswer(res);
      return;
    }
    files(req, res, () => notFoundAnswer(res));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host}:${actualPort}`,
    port: actualPort,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
        proxy.close?.();
      }),
  };
}
