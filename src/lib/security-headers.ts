/**
 * The site's security headers, defined once: every response carries them (HTML, assets, error pages,
 * redirects), from this one definition (REFERENCE.md "Browser side", "Redirects").
 *
 * Three outputs come from this module and nothing else writes a security header:
 * - `astroCsp(policy)`: Astro's `security.csp` config (astro.config.mjs). Astro puts a
 *   `<meta http-equiv="content-security-policy">` into every page with `script-src`/`style-src` hashes of the
 *   scripts and styles it emits (hydration, head-inline scripts such as the font-size boot script, inlined CSS)
 *   plus the other directives of `cspDirectives()` that a meta tag can carry.
 * - `contentSecurityPolicy(policy, hashes)`: the same policy as an HTTP header, completed with what a meta tag
 *   cannot carry (`frame-ancestors`, `upgrade-insecure-requests` before any byte is parsed) and with the union of
 *   the hashes of the inline scripts and styles of the built pages (the real elements, found by an HTML tokenizer:
 *   src/integrations/inline-hashes.ts), so the header never blocks what the meta allows.
 * - `headersFile()` (`dist/_headers`, Netlify / Cloudflare Pages syntax) and `nginxHeaderLines()` (the
 *   `add_header … always;` lines of `dist/nginx.conf`) from `securityHeaders()`.
 *
 * Policy in words: nothing loads unless named (`default-src 'none'`); scripts only from the site itself or by
 * hash (never `'unsafe-inline'`; the static speculation rules too), plus `'wasm-unsafe-eval'` for the Pagefind
 * search index (WebAssembly) and Google's tag only when GA4 is configured; frames only the chatbot (EXTERNAL.chatbot) and the YouTube
 * no-cookie player, by host name; images from the site, the image base (PUBLIC_IMAGE_BASE) and `data:` (the
 * captcha is an SVG data URL); runtime calls to the site (`/api/`) or PUBLIC_PORTAL_API_BASE; the site cannot be
 * framed by anyone. The Observatory grade of this set against nginx is tested in tests/site/headers.test.ts.
 */
import type { AstroUserConfig } from 'astro';
import type { Settings } from '../settings';
import { EXTERNAL, VIDEO_EMBED_ORIGIN } from '../site/company';
import { UPLOAD_CSP, UPLOAD_PREFIX } from './upload-headers';
import { IMAGE_OUTPUT_FOLDER } from '../site/images';
import { SERVICE_WORKER_PATH } from '../site/app';

/** Origins of Google Analytics 4 (gtag.js and its collection endpoints), used only with a measurement id. */
export const GA_ORIGINS = {
  script: ['https://www.googletagmanager.com'],
  connect: [
    'https://www.google-analytics.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://www.googletagmanager.com',
  ],
  img: ['https://www.google-analytics.com', 'https://www.googletagmanager.com'],
} as const;

/** HSTS max-age in seconds: 2 years (the Observatory's A+ asks for at least 1 year; hstspreload.org recommends 2). */
export const HSTS_MAX_AGE_S = 63_072_000;

/** What varies between deployments: read from the build environment (see `policyFrom`). */
export interface SecurityPolicyOptions {
  /** PUBLIC_IMAGE_BASE: `/upload/` (same origin) or an absolute URL whose origin is then allowed for images/media. */
  imageBase: string;
  /** PUBLIC_PORTAL_API_BASE: empty (same-origin `/api/`) or an absolute URL whose origin is allowed for fetch. */
  portalApiBase: string;
  /** PUBLIC_GA_MEASUREMENT_ID: when set, Google's tag and collection endpoints are allowed. */
  gaMeasurementId?: string;
}

/**
 * The policy options of a deployment's settings (src/settings.ts readSettings: PUBLIC_IMAGE_BASE,
 * PUBLIC_PORTAL_API_BASE, PUBLIC_GA_MEASUREMENT_ID, checked and defaulted there).
 */
export function policyFrom(
  settings: Pick<Settings, 'PUBLIC_IMAGE_BASE' | 'PUBLIC_PORTAL_API_BASE' | 'PUBLIC_GA_MEASUREMENT_ID'>,
): SecurityPolicyOptions {
  return {
    imageBase: settings.PUBLIC_IMAGE_BASE,
    portalApiBase: settings.PUBLIC_PORTAL_API_BASE,
    gaMeasurementId: settings.PUBLIC_GA_MEASUREMENT_ID,
  };
}

/** The origin of an absolute http(s) URL, or undefined for a site path / empty value. */
function originOf(base: string): string | undefined {
  if (!/^https?:\/\//i.test(base)) return undefined;
  return new URL(base).origin;
}

/** A CSP directive name and its sources, in the order written. */
export type CspDirectives = [name: string, sources: string[]][];

/** Directives a `<meta http-equiv>` policy ignores (CSP3 §3.3): they live in the HTTP header only. */
export const HEADER_ONLY_DIRECTIVES = ['frame-ancestors', 'report-uri', 'sandbox'] as const;

/**
 * Every directive of the policy except the hashes (`script-src`/`style-src` list their non-hash sources).
 * In: SecurityPolicyOptions. Out: directives in header order, no duplicates.
 */
export function cspDirectives(policy: SecurityPolicyOptions): CspDirectives {
  const ga = Boolean(policy.gaMeasurementId);
  const image = originOf(policy.imageBase);
  const api = originOf(policy.portalApiBase);
  const list = (...sources: (string | undefined | false | readonly string[])[]): string[] => [
    ...new Set(sources.flatMap((source) => (source ? (typeof source === 'string' ? [source] : [...source]) : []))),
  ];
  return [
    ['default-src', ["'none'"]],
    // Pagefind compiles its WebAssembly search core: 'wasm-unsafe-eval' (not 'unsafe-eval').
    // The static `<script type="speculationrules">` of every page (src/lib/speculation-rules.ts) is allowed by its
    // hash, like any inline script (with hashes in the policy, Chromium 156 did not let
    // 'inline-speculation-rules' allow rules inserted at run time in our tests).
    ['script-src', list("'self'", "'wasm-unsafe-eval'", ga && GA_ORIGINS.script)],
    ['style-src', ["'self'"]],
    ['img-src', list("'self'", 'data:', image, ga && GA_ORIGINS.img)],
    ['font-src', ["'self'"]],
    ['connect-src', list("'self'", api, ga && GA_ORIGINS.connect)],
    // data: for howler, which empties a stopped HTML5 audio element by pointing it at a silent data: WAV (media
    // cannot run script; the reader's own audio is 'self').
    ['media-src', list("'self'", 'data:', image)],
    // Pagefind may run its search in a worker served from /pagefind/.
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['frame-src', [new URL(EXTERNAL.chatbot).origin, VIDEO_EMBED_ORIGIN]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ['upgrade-insecure-requests', []],
  ];
}

/** Astro's typed directive list of `security.csp.directives` (`img-src …`, `frame-src …`). */
type AstroCspDirectives = NonNullable<Exclude<NonNullable<AstroUserConfig['security']>['csp'], boolean | undefined>['directives']>;

/** Astro's `security.csp` option (AstroUserConfig['security']['csp']) built from the policy. */
export interface AstroCspConfig {
  algorithm: 'SHA-256';
  directives: AstroCspDirectives;
  scriptDirective: { resources: string[]; hashes: `sha256-${string}`[] };
  styleDirective: { resources: string[] };
}

/**
 * Astro's `security.csp`: the directives a meta tag can carry; Astro adds `script-src`/`style-src` with its
 * hashes after our non-hash sources. `scriptHashes`: hashes of inline scripts Astro does not hash itself (the
 * Speculation Rules of src/lib/speculation-rules.ts), `sha256-…`. Out: the config object for astro.config.mjs.
 */
export function astroCsp(policy: SecurityPolicyOptions, scriptHashes: readonly `sha256-${string}`[] = []): AstroCspConfig {
  const all = cspDirectives(policy);
  const sources = (name: string) => all.find(([directive]) => directive === name)?.[1] ?? [];
  return {
    algorithm: 'SHA-256',
    directives: all
      .filter(([name]) => !['script-src', 'style-src', ...HEADER_ONLY_DIRECTIVES].includes(name))
      // Every name comes from cspDirectives(), all of them directives Astro accepts.
      .map(([name, values]) => [name, ...values].join(' ')) as AstroCspDirectives,
    scriptDirective: { resources: sources('script-src'), hashes: [...scriptHashes] },
    styleDirective: { resources: sources('style-src') },
  };
}

/** Hashes collected from the built pages, per directive (`script-src` → `'sha256-…'` tokens). */
export type CspHashes = Map<string, Set<string>>;

/** Where a hash source was found: the first page that has it (as the caller names pages) and how many have it. */
export interface HashOrigin {
  page: string;
  pages: number;
}

/**
 * The Content-Security-Policy header value: every directive of `cspDirectives` (header-only ones included)
 * with the page hashes appended to their directive.
 * @throws Error when the result would allow inline script ('unsafe-inline' or a bare `data:` in script-src).
 */
export function contentSecurityPolicy(policy: SecurityPolicyOptions, hashes: CspHashes = new Map()): string {
  const directives = cspDirectives(policy).map(([name, values]): [string, string[]] => [name, [...values, ...(hashes.get(name) ?? [])]]);
  for (const [name, values] of hashes) {
    if (!directives.some(([directive]) => directive === name)) directives.push([name, [...values]]);
  }
  const scripts = directives.find(([name]) => name === 'script-src')?.[1] ?? [];
  if (scripts.includes("'unsafe-inline'") || scripts.includes('data:')) {
    throw new Error(`Content-Security-Policy: script-src must not allow inline script (${scripts.join(' ')}).`);
  }
  return directives.map(([name, values]) => [name, ...values].join(' ')).join('; ');
}

/**
 * Features the pages may use (Permissions-Policy, structured-field syntax). Everything a page of an insurer has
 * no use for is off; what the video player asks for in its `allow` attribute (src/sections/videos.ts
 * VIDEO_IFRAME_ALLOW) is delegated to the player's origin only, and clipboard-write to the chatbot.
 * Only features Chromium knows are listed: an unknown one is a console message on every page (Chromium 156 knows
 * neither `bluetooth` nor `web-share`; tests/site/portal-paths.test.ts opens a page and listens).
 */
export function permissionsPolicy(): string {
  const video = `"${VIDEO_EMBED_ORIGIN}"`;
  const chatbot = `"${new URL(EXTERNAL.chatbot).origin}"`;
  return [
    'camera=()',
    'microphone=()',
    'geolocation=()',
    'payment=()',
    'usb=()',
    'serial=()',
    'hid=()',
    'midi=()',
    'magnetometer=()',
    'display-capture=()',
    `accelerometer=(${video})`,
    `gyroscope=(${video})`,
    `autoplay=(self ${video})`,
    `encrypted-media=(self ${video})`,
    `picture-in-picture=(self ${video})`,
    `fullscreen=(self ${video})`,
    `clipboard-write=(self ${video} ${chatbot})`,
  ].join(', ');
}

/**
 * The response headers every answer carries (HTML, assets, error pages, redirects, proxied /api/).
 * In: the policy and the page hashes. Out: `[name, value]` pairs in the order written.
 */
export function securityHeaders(policy: SecurityPolicyOptions, hashes: CspHashes = new Map()): [string, string][] {
  return [
    ['Content-Security-Policy', contentSecurityPolicy(policy, hashes)],
    ['Strict-Transport-Security', `max-age=${HSTS_MAX_AGE_S}; includeSubDomains`],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', permissionsPolicy()],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
  ];
}

/** Cache-Control of hashed build assets (`/_astro/…`: the file name changes with the content). */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Cache-Control of HTML and every other file: always revalidated, so a new build shows at once. */
export const REVALIDATE_CACHE = 'public, max-age=0, must-revalidate';

/**
 * Cache-Control of the service worker's script (SERVICE_WORKER_PATH): revalidated on every fetch, by the browser and
 * by a CDN, so a new deploy's worker, and with it the new precache, is found at the next visit (a CDN's default may
 * keep other files for hours).
 */
export const WORKER_CACHE = 'no-cache';

/** Cloudflare Pages limits of `_headers`: 100 rules, 2,000 characters a line. */
export const CDN_HEADER_LIMITS = { rules: 100, lineLength: 2000 } as const;

/** Pages the message of a header too long for the CDN names. */
const PAGES_NAMED = 5;

/**
 * The pages that bring the most hash sources, for the message of a header too long for the CDN: each hash counts
 * for the first page that has it (src/integrations/inline-hashes.ts InlineHashes origins), most first.
 * Out: e.g. `news/detail/7/index.html (25 hashes, 22 of them on that page only), index.html (5 hashes)`.
 */
function pagesBringingHashes(origins: ReadonlyMap<string, HashOrigin>): string {
  const byPage = new Map<string, { hashes: number; alone: number }>();
  for (const { page, pages } of origins.values()) {
    const counts = byPage.get(page) ?? { hashes: 0, alone: 0 };
    counts.hashes += 1;
    if (pages === 1) counts.alone += 1;
    byPage.set(page, counts);
  }
  return [...byPage]
    .sort(([, a], [, b]) => b.hashes - a.hashes)
    .slice(0, PAGES_NAMED)
    .map(([page, { hashes, alone }]) => `${page} (${hashes} hashes${alone ? `, ${alone} of them on that page only` : ''})`)
    .join(', ');
}

/**
 * `dist/_headers` (Netlify / Cloudflare Pages): the security headers on every path, the immutable caching of
 * hashed assets and of the image variants (`/_images/`, named by their content's hash), the revalidation of the service
 * worker's script (WORKER_CACHE), and the upload policy on the portal's files (UPLOAD_CSP: no script, an opaque origin). Both hosts
 * join the values of a header that several rules set, so Cache-Control is set by one rule only (HTML keeps the
 * host's revalidating default), and `/upload/*` gets the site's policy and the upload policy, both enforced. Neither
 * host applies this file to answers it proxies, so on a CDN the portal's files are not served on the site's origin at
 * all (src/settings.ts SITE_HOST: PUBLIC_IMAGE_BASE on the portal's own origin); the `/upload/*` rule stays for a
 * host that serves such files itself.
 * `origins`: where each inline hash was first seen (src/integrations/inline-hashes.ts InlineHashes origins), named
 * in the error.
 * @throws Error when a line exceeds CDN_HEADER_LIMITS.lineLength; for the Content-Security-Policy line, the message
 *   counts its inline hashes and names the pages that bring the most (the pages to look at).
 */
export function headersFile(headers: readonly [string, string][], origins: ReadonlyMap<string, HashOrigin> = new Map()): string {
  const lines = [
    '# Generated from src/lib/security-headers.ts by src/integrations/host-files.ts. Do not edit.',
    '/*',
    ...headers.map(([name, value]) => `  ${name}: ${value}`),
    '/_astro/*',
    `  Cache-Control: ${IMMUTABLE_CACHE}`,
    SERVICE_WORKER_PATH,
    `  Cache-Control: ${WORKER_CACHE}`,
    `/${IMAGE_OUTPUT_FOLDER}/*`,
    `  Cache-Control: ${IMMUTABLE_CACHE}`,
    // The portal's files: the CDN joins this policy to the site's, and a browser enforces both (src/lib/upload-headers.ts).
    `${UPLOAD_PREFIX}*`,
    `  Content-Security-Policy: ${UPLOAD_CSP}`,
  ];
  const long = lines.find((line) => line.length > CDN_HEADER_LIMITS.lineLength);
  if (!long) return `${lines.join('\n')}\n`;
  const hashes = long.match(/'sha256-/g)?.length ?? 0;
  const why = hashes
    ? ` It lists ${hashes} hashes of inline scripts and styles${origins.size ? `; the pages that bring the most (each hash counted for the first page that has it): ${pagesBringingHashes(origins)}` : ''}.`
    : '';
  throw new Error(
    `_headers: a line of ${long.length} characters exceeds the CDN limit of ${CDN_HEADER_LIMITS.lineLength}: ${long.slice(0, 60)}…${why}`,
  );
}

/**
 * The nginx `add_header … always;` lines (`always`: also on 404, 500 and redirects). nginx drops the
 * server-level add_header lines in a location with its own, so the include repeats these in every such location.
 * Values are double-quoted nginx strings with `"` escaped.
 * @throws Error when a value holds `\`, `$` (nginx variables) or a line break.
 */
export function nginxHeaderLines(headers: readonly [string, string][], indent = ''): string {
  return headers
    .map(([name, value]) => {
      if (/[\\$\n\r]/.test(value)) throw new Error(`nginx: unsafe character in the ${name} header value.`);
      return `${indent}add_header ${name} "${value.replaceAll('"', '\\"')}" always;`;
    })
    .join('\n');
}
