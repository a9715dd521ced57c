/**
 * How the site's servers answer the portal's files under `/upload/` (the image/file base, PUBLIC_IMAGE_BASE's
 * default), which they proxy from the portal onto the site's own origin (DESIGN.md §7: nginx, `_headers` and
 * `npm start`). A portal file is content an editor (or an attacker with an editor's account) uploaded, so it must
 * never act as the site: an HTML page or SVG there would otherwise run script with the site's origin (read
 * `localStorage`, call `/api/` as the visitor), and a portal header such as `Set-Cookie`, `Refresh` or
 * `Clear-Site-Data` would act on the visitor's session with the site.
 *
 * The rules, one definition for every server:
 * - every answer carries UPLOAD_CSP: `sandbox` (an opaque origin, no script, no forms, no top navigation) and
 *   `default-src 'none'` (nothing loads but the file's own inline style and images);
 * - its type is the one its extension names (src/site/uploads.ts), never the portal's (`html-as.png` answered as
 *   `text/html` becomes `image/png`), with `nosniff`; an extension in neither list is `application/octet-stream`,
 *   which no browser runs as a script, so `<script src="/upload/…">` loads nothing even if a page were injected;
 * - images, PDF and media are `inline`; documents and anything else are `attachment`: downloaded, never shown;
 * - the portal's headers that act on the site or replace these (UPLOAD_HIDDEN_HEADERS) are dropped, and nginx
 *   ignores the ones it would obey itself (`X-Accel-*`).
 *
 * Imports with explicit `.ts` extensions: scripts/serve.mjs loads this module under plain Node.
 */
import { uploadType } from '../site/uploads.ts';

/** The upload base the site's servers proxy to the portal (PUBLIC_IMAGE_BASE's default, a same-origin path). */
export const UPLOAD_PREFIX = '/upload/';

/**
 * Content-Security-Policy of every `/upload/` answer. `sandbox` without `allow-scripts` runs no script in a document
 * opened from there (HTML, SVG, XML) and gives it an opaque origin; `default-src 'none'` loads nothing from
 * anywhere; an SVG or image may still use its own inline style and `data:` images; nothing may frame it.
 * Chromium shows a PDF under this policy (checked with its viewer).
 */
export const UPLOAD_CSP = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'";

/** The type of a file whose extension is in neither list of src/site/uploads.ts: a download no browser runs. */
export const UPLOAD_FALLBACK_TYPE = 'application/octet-stream';

/**
 * Portal response headers dropped from every `/upload/` answer, lower case: those that act on the visitor's session
 * with the site (`set-cookie`, `clear-site-data`), send the tab elsewhere (`refresh`), preload or announce other
 * resources (`link`), or would replace the headers of this module and the site's security headers (type,
 * disposition, policies, isolation, CORS, HSTS, service-worker scope, reporting).
 */
export const UPLOAD_HIDDEN_HEADERS: readonly string[] = [
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
];

/** Portal headers nginx would obey itself rather than pass on (internal redirects, rate and buffering control, cookies). */
export const NGINX_IGNORED_UPLOAD_HEADERS: readonly string[] = [
  'X-Accel-Redirect',
  'X-Accel-Expires',
  'X-Accel-Limit-Rate',
  'X-Accel-Buffering',
  'X-Accel-Charset',
  'Set-Cookie',
];

/** How the browser gets one file: its media type and whether it may show it in the tab. */
export interface UploadAnswer {
  /** Media type to send (`image/png`, `application/octet-stream`…). */
  type: string;
  /** `inline` (images, PDF, media) or `attachment` (documents, unknown types). */
  disposition: 'inline' | 'attachment';
}

/**
 * The answer for one path under the upload base, from its extension (src/site/uploads.ts uploadType).
 * @param path the request path (`/upload/files/a.PDF`, query allowed); percent-encoding is decoded as servers do
 * @returns the type and disposition; an unknown or missing extension gives UPLOAD_FALLBACK_TYPE as an attachment
 */
export function uploadAnswer(path: string): UploadAnswer {
  const known = uploadType(path);
  if (!known) return { type: UPLOAD_FALLBACK_TYPE, disposition: 'attachment' };
  return { type: known.mime, disposition: known.inline ? 'inline' : 'attachment' };
}

/**
 * The headers this module adds to the answer for one path (besides the site's own security headers, whose
 * Content-Security-Policy and X-Content-Type-Options these replace).
 * @param path the request path under UPLOAD_PREFIX
 * @returns `[name, value]` pairs: Content-Security-Policy, X-Content-Type-Options, Content-Type, Content-Disposition
 */
export function uploadHeaders(path: string): [string, string][] {
  const { type, disposition } = uploadAnswer(path);
  return [
    ['Content-Security-Policy', UPLOAD_CSP],
    ['X-Content-Type-Options', 'nosniff'],
    ['Content-Type', type],
    ['Content-Disposition', disposition],
  ];
}

/**
 * `base` with every header of `override` put in place of the one of the same name (compared without case), the
 * others appended.
 * @param base e.g. the site's security headers (src/lib/security-headers.ts securityHeaders)
 * @param override e.g. uploadHeaders(path)
 */
export function withHeaders(base: readonly [string, string][], override: readonly [string, string][]): [string, string][] {
  const names = new Set(override.map(([name]) => name.toLowerCase()));
  return [...base.filter(([name]) => !names.has(name.toLowerCase())), ...override];
}

/**
 * The groups of extensions nginx answers alike: one nested `location` each, keyed by type and disposition.
 * Out: `{ type, disposition, extensions }` in a stable order (the lists' order of src/site/uploads.ts).
 */
export function uploadTypeGroups(extensions: readonly string[]): { type: string; disposition: UploadAnswer['disposition']; extensions: string[] }[] {
  const groups = new Map<string, { type: string; disposition: UploadAnswer['disposition']; extensions: string[] }>();
  for (const extension of extensions) {
    const answer = uploadAnswer(`x.${extension}`);
    const key = `${answer.type}\u0000${answer.disposition}`;
    const group = groups.get(key) ?? { ...answer, extensions: [] };
    group.extensions.push(extension);
    groups.set(key, group);
  }
  return [...groups.values()];
}
