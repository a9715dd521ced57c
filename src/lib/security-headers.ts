/**
 * The site's security headers, defined once (issue 6 "Security headers for every response"; DESIGN.md §6–§7).
 *
 * Three outputs come from this module and nothing else writes a security header:
 * - `astroCsp(policy)`: Astro's `security.csp` config (astro.config.mjs). Astro puts a
 *   `<meta http-equiv="content-security-policy">` into every page with `script-src`/`style-src` hashes of the
 *   scripts and styles it emits (hydration, head-inline scripts such as the font-size boot script, inlined CSS)
 *   plus the other directives of `cspDirectives()` that a meta tag can carry.
 * - `contentSecurityPolicy(policy, hashes)`: the same policy as an HTTP header, completed with what a meta tag
 *   cannot carry (`frame-ancestors`, `upgrade-insecure-requests` before any byte is parsed) and with the union of
 *   the hashes of the inline scripts and styles of the built pages (`inlineHashesOf`), so the header never blocks what the meta allows.
 * - `headersFile()` (`dist/_headers`, Netlify / Cloudflare Pages syntax) and `nginxHeaderLines()` (the
 *   `add_header … always;` lines of `dist/nginx.conf`) from `securityHeaders()`.
 *
 * Policy in words: nothing loads unless named (`default-src 'none'`); scripts only from the site itself or by
 * hash (never `'unsafe-inline'`; the static speculation rules too), plus `'wasm-unsafe-eval'` for the Pagefind
 * search index (WebAssembly) and Google's tag only when GA4 is configured; frames only the chatbot (EXTERNAL.chatbot) and the YouTube
 * no-cookie player, by host name; images from the site, the image base (PUBLIC_IMAGE_BASE) and `data:` (the
 * captcha is an SVG data URL); runtime calls to the site (`/api/`) or PUBLIC_PORTAL_API_BASE; the site cannot be
 * framed by anyone. The Observatory grade of this set against nginx is tested in tests/dist/headers.test.ts.
 */
import { createHash } from 'node:crypto';
import type { AstroUserConfig } from 'astro';
import type { Settings } from '../settings';
import { EXTERNAL, VIDEO_EMBED_ORIGIN } from '../site/company';


/** Origins of Google Analytics 4 (gtag.js and its collection endpoints), used only with a measurement id. */
export const GA_ORIGINS = {
  script: ['https://www.googletagmanager.com'],
  connect: ['https://www.google-analytics.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com'],
  img: ['https://www.google-analytics.com', 'https://www.googletagmanager.com'],
} as const;

/** HSTS max-age in seconds: 2 years (issue 6 asks for ≥ 1 year; hstspreload.org recommends 2 years). */
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
export function policyFrom(settings: Pick<Settings, 'PUBLIC_IMAGE_BASE' | 'PUBLIC_PORTAL_API_BASE' | 'PUBLIC_GA_MEASUREMENT_ID'>): SecurityPolicyOptions {
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

/** Script types the browser runs (and CSP checks); data blocks such as `application/ld+json` are neither. */
const EXECUTABLE_SCRIPT_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'speculationrules']);

/**
 * The SHA-256 hash sources of the inline scripts and `<style>` elements of built pages: the exact sources a
 * header policy must list so that it allows what Astro's per-page meta policy allows (script files and style
 * sheets load under `'self'`). `<script type="speculationrules">` counts as a script (Chromium checks it
 * against script-src).
 * In: the HTML of the pages, and how they were decoded: `utf8` (default), or `latin1` (one character per byte:
 * much faster to decode, and the hashes still cover the original UTF-8 bytes). Out: `script-src` and
 * `style-src` → `'sha256-…'` tokens (deduplicated).
 */
export function inlineHashesOf(pages: Iterable<string>, encoding: 'utf8' | 'latin1' = 'utf8'): CspHashes {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const digest = (text: string) => `'sha256-${createHash('sha256').update(text, encoding).digest('base64')}'`;
  for (const html of pages) {
    for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
      if (/\ssrc\s*=/i.test(attributes)) continue;
      const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1].toLowerCase() ?? '';
      if (EXECUTABLE_SCRIPT_TYPES.has(type)) scripts.add(digest(body));
    }
    for (const [, body] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)) styles.add(digest(body));
  }
  return new Map([
    ['script-src', scripts],
    ['style-src', styles],
  ]);
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
 * Only features Chromium knows are listed: an unknown one is a console error.
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
    'bluetooth=()',
    'midi=()',
    'magnetometer=()',
    'display-capture=()',
    `accelerometer=(${video})`,
    `gyroscope=(${video})`,
    `autoplay=(self ${video})`,
    `encrypted-media=(self ${video})`,
    `picture-in-picture=(self ${video})`,
    `fullscreen=(self ${video})`,
    `web-share=(self ${video})`,
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

/** Cloudflare Pages limits of `_headers`: 100 rules, 2,000 characters a line. */
export const CDN_HEADER_LIMITS = { rules: 100, lineLength: 2000 } as const;

/**
 * `dist/_headers` (Netlify / Cloudflare Pages): the security headers on every path, and the immutable caching
 * of hashed assets. Both hosts join the values of a header that several rules set, so Cache-Control is set by
 * one rule only (HTML keeps the host's revalidating default).
 * @throws Error when a line exceeds CDN_HEADER_LIMITS.lineLength.
 */
export function headersFile(headers: readonly [string, string][]): string {
  const lines = [
    '# Generated from src/lib/security-headers.ts by src/integrations/hosting.ts. Do not edit.',
    '/*',
    ...headers.map(([name, value]) => `  ${name}: ${value}`),
    '/_astro/*',
    `  Cache-Control: ${IMMUTABLE_CACHE}`,
  ];
  const long = lines.find((line) => line.length > CDN_HEADER_LIMITS.lineLength);
  if (long) throw new Error(`_headers: a line of ${long.length} characters exceeds the CDN limit of ${CDN_HEADER_LIMITS.lineLength}: ${long.slice(0, 60)}…`);
  return `${lines.join('\n')}\n`;
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
