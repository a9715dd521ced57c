/**
 * How the site's servers answer the portal's files under `/upload/` (the image/file base, PUBLIC_IMAGE_BASE's
 * default), which they proxy from the portal onto the site's own origin (the nginx include and `npm start`; a CDN
 * that cannot put these headers on proxied answers links the files on the portal's origin instead, src/settings.ts
 * SITE_HOST). A portal file is content an editor (or an attacker with an editor's account) uploaded, so it must
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
 * - the portal's headers that act on the site or replace these are dropped, and nginx ignores the ones it would obey
 *   itself (`X-Accel-*`), as on every proxied answer (src/lib/portal-proxy.ts PROXY_HIDDEN_HEADERS), and a path that
 *   could resolve elsewhere on the portal is never forwarded (src/site/uploads.ts UNSAFE_PORTAL_PATH).
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
