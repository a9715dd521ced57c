/**
 * What the site's servers forward to the portal, and how they answer with what comes back: one definition for the
 * nginx include (src/lib/host-config.ts), `_redirects` on a CDN that proxies (Netlify) and `npm start`
 * (scripts/serve.mjs).
 *
 * Only two kinds of request reach the portal through the site's origin, and nothing else:
 * - **the browser's calls** (BROWSER_ENDPOINTS): the notification check, the contact form, its captcha and the
 *   spoken captcha, the code list of question types, the holidays and the appointment service. Each is forwarded
 *   only when the request path is exactly the endpoint's path as written (no other spelling, case or encoding), and
 *   always to that canonical path, so the portal never resolves a path we did not mean (an application server reads
 *   `\` and `%5c` as `/` and drops `;parameters` before resolving `..`: `/api/..;/upload/x/page.html` would be an
 *   upload answered under the API's rules). Any other path under `/api/` answers 404.
 * - **the portal's files** under UPLOAD_PREFIX (src/lib/upload-headers.ts): forwarded only when the request path
 *   holds none of src/site/uploads.ts UNSAFE_PORTAL_PATH (`..`, `;`, `\`, a percent-encoded `.`, `/`, `\` or `%`),
 *   else refused with 400; an API path holding one is refused with 400 as well.
 *
 * A redirect of the portal is never passed on: its `Location` is dropped and the servers answer 404 in its place
 * (PROXY_REDIRECT_STATUSES), so the site's origin cannot be made to send a visitor anywhere.
 *
 * Every proxied answer drops the portal's headers that act on the site (PROXY_HIDDEN_HEADERS; nginx also never obeys
 * NGINX_IGNORED_PROXY_HEADERS) and carries a type that is neither a document that runs script nor a script: the API's
 * answers are `application/json` under PORTAL_ANSWER_CSP with nosniff (apiAnswerHeaders); the files are typed by their
 * extension under the same policy (src/lib/upload-headers.ts uploadHeaders). So no portal answer can register a
 * service worker, run as a script of a page, or act as a page of the site.
 *
 * Imports with explicit `.ts` extensions: scripts/serve.mjs loads this module under plain Node.
 */
import {
  APPOINTMENT_ENDPOINT,
  CAPTCHA_AUDIO_ENDPOINT,
  CAPTCHA_ENDPOINT,
  type Endpoint,
  HOLIDAYS_ENDPOINT,
  LIST_CODES_ENDPOINT,
  NOTIFICATIONS_ENDPOINT,
  PROBLEM_FORM_ENDPOINT,
} from '../portal/endpoints.ts';
import { UNSAFE_PORTAL_PATH } from '../site/uploads.ts';
import { UPLOAD_PREFIX } from './upload-headers.ts';

/** The path prefix of the portal web API on the site's origin (same-origin calls, PUBLIC_PORTAL_API_BASE empty). */
export const API_PREFIX = '/api/';

/**
 * The portal endpoints the browser calls (src/stores/notifications.ts, contact-form.ts, service-form.ts), the only
 * ones the site's servers forward. tests/unit/portal-proxy.test.ts fails when browser code imports another.
 */
export const BROWSER_ENDPOINTS: readonly Endpoint[] = [
  NOTIFICATIONS_ENDPOINT,
  PROBLEM_FORM_ENDPOINT,
  CAPTCHA_ENDPOINT,
  CAPTCHA_AUDIO_ENDPOINT,
  LIST_CODES_ENDPOINT,
  HOLIDAYS_ENDPOINT,
  APPOINTMENT_ENDPOINT,
];

/** What the site's servers do with one request (portalRoute). */
export type PortalRoute =
  /** Forward to the portal at exactly this path (an endpoint of BROWSER_ENDPOINTS), with the request's query. */
  | { kind: 'api'; path: string }
  /** Forward to the portal as requested (a file under UPLOAD_PREFIX whose path passed UNSAFE_PORTAL_PATH). */
  | { kind: 'upload' }
  /** Answer this status and forward nothing: 404 for another path under `/api/`, 400 for an unsafe spelling. */
  | { kind: 'refused'; status: 400 | 404 }
  /** Not a portal path: the site's own files. */
  | { kind: 'site' };

/**
 * How a request is routed, from its target as the client sent it (not decoded, not normalized).
 * In: the request target, e.g. `/api/Common/GetPortalNotification`, `/upload/images/a.png?x=1`.
 * Out: PortalRoute. A path that reaches `/api/` or `/upload/` only once decoded or normalized (`/%61pi/…`,
 * `/x/../api/…`) is `site`: the static files answer it (404), and nothing is forwarded.
 */
export function portalRoute(target: string): PortalRoute {
  const path = target.split('?')[0] ?? '';
  if (path.startsWith(API_PREFIX)) {
    if (UNSAFE_PORTAL_PATH.test(path)) return { kind: 'refused', status: 400 };
    const endpoint = BROWSER_ENDPOINTS.find((candidate) => candidate.path === path);
    return endpoint ? { kind: 'api', path: endpoint.path } : { kind: 'refused', status: 404 };
  }
  if (path.startsWith(UPLOAD_PREFIX)) {
    return UNSAFE_PORTAL_PATH.test(path) ? { kind: 'refused', status: 400 } : { kind: 'upload' };
  }
  return { kind: 'site' };
}

/** Portal statuses the servers answer 404 in place of (a redirect to wherever the portal's `Location` said). */
export const PROXY_REDIRECT_STATUSES: readonly number[] = [300, 301, 302, 303, 307, 308];

/**
 * Content-Security-Policy of every proxied answer that is not a file (the API's JSON): a document opened from it is
 * sandboxed (an opaque origin, no script) and loads nothing; nobody may frame it.
 */
export const PORTAL_ANSWER_CSP = "sandbox; default-src 'none'; frame-ancestors 'none'";

/** The media type every answer of the API is served with, whatever the portal says (spec: the portal answers JSON). */
export const API_ANSWER_TYPE = 'application/json; charset=utf-8';

/**
 * The headers the site's servers put on an answer of the API (besides the site's security headers, whose
 * Content-Security-Policy and X-Content-Type-Options these replace): never a script, never an active document.
 * Out: `[name, value]` pairs.
 */
export function apiAnswerHeaders(): [string, string][] {
  return [
    ['Content-Security-Policy', PORTAL_ANSWER_CSP],
    ['X-Content-Type-Options', 'nosniff'],
    ['Content-Type', API_ANSWER_TYPE],
  ];
}

/**
 * Portal response headers dropped from every proxied answer, lower case: those that act on the visitor's session
 * with the site (`set-cookie`, `clear-site-data`), send the tab elsewhere (`refresh`), preload or announce other
 * resources (`link`), widen a service worker's scope (`service-worker-allowed`), or would replace the headers the
 * site's servers set (type, disposition, policies, isolation, CORS, HSTS, reporting).
 */
export const PROXY_HIDDEN_HEADERS: readonly string[] = [
  'set-cookie',
  'set-cookie2',
  'refresh',
  'clear-site-data',
  'link',
  'content-type',
  'content-disposition',
  'content-security-policy',
  'content-security-policy-report-only',
  'x-content-type-options',
  'x-frame-options',
  'permissions-policy',
  'strict-transport-security',
  'service-worker-allowed',
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'cross-origin-opener-policy',
  'cross-origin-embedder-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'report-to',
  'reporting-endpoints',
  'nel',
  'alt-svc',
  'x-xss-protection',
  'location',
];

/**
 * Portal headers nginx would obey itself rather than pass on (internal redirects, rate and buffering control,
 * cookies). nginx never passes `X-Accel-*` on; `npm start` drops every `x-accel-` header (isHiddenProxyHeader).
 */
export const NGINX_IGNORED_PROXY_HEADERS: readonly string[] = [
  'X-Accel-Redirect',
  'X-Accel-Expires',
  'X-Accel-Limit-Rate',
  'X-Accel-Buffering',
  'X-Accel-Charset',
  'Set-Cookie',
];

/** Whether a portal response header (any case) is dropped from proxied answers: PROXY_HIDDEN_HEADERS and `X-Accel-*`. */
export const isHiddenProxyHeader = (name: string): boolean => {
  const lower = name.toLowerCase();
  return PROXY_HIDDEN_HEADERS.includes(lower) || lower.startsWith('x-accel-');
};
