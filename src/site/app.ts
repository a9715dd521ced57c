/**
 * The installable, offline-capable site (Web App Manifest, W3C; Service Workers, W3C): the paths of the files the
 * build writes for it and what they say, each written once. The build writes them (src/integrations/app-manifest.ts,
 * src/integrations/service-worker.ts), the layout links them (src/layouts/SiteLayout.astro) and the host files give
 * the worker its caching rule (src/lib/host-config.ts, src/lib/security-headers.ts).
 */

/** The manifest (`<link rel="manifest">`); `.webmanifest` is the type the standard registers (application/manifest+json). */
export const MANIFEST_PATH = '/manifest.webmanifest';

/** One PNG icon the build draws from the logo's mark: where, its side in px, and its purpose (manifest `purpose`). */
export interface AppIcon {
  path: string;
  /** Width and height in px. */
  size: number;
  /**
   * `any`: the mark on a plain square with a small margin; `maskable`: the mark within the safe zone (a centred circle
   * of 80% of the side, W3C Web App Manifest §"Icon masks"), on the theme's colour to the edges, so a launcher may
   * cut any shape; `apple`: iOS's home-screen icon (`<link rel="apple-touch-icon">`, 180 px, no transparency).
   */
  purpose: 'any' | 'maskable' | 'apple';
}

/** The icons: 192 and 512 px (what Chromium asks of an installable site), a maskable one and the apple-touch-icon. */
export const APP_ICONS: readonly AppIcon[] = [
  { path: '/icons/icon-192.png', size: 192, purpose: 'any' },
  { path: '/icons/icon-512.png', size: 512, purpose: 'any' },
  { path: '/icons/maskable-512.png', size: 512, purpose: 'maskable' },
  { path: '/apple-touch-icon.png', size: 180, purpose: 'apple' },
];

/** The service worker's script; at the root, so that its scope is the whole site. */
export const SERVICE_WORKER_PATH = '/sw.js';

/** The page shown for a page that is neither reachable nor kept (the hotlines as `tel:` links); noindex. */
export const OFFLINE_PATH = '/offline';

/**
 * The pages a visitor needs with no signal, e.g. beside a road after an accident, kept by the worker from the first
 * visit (the claim guide, the contact page with the hotlines, the first page of every locations
 * area), besides OFFLINE_PATH. Each is a path or a folder: `/about/locations/` keeps the first page of each area
 * (`/about/locations/1`), not the area's further pages, which a large portal has by the dozen (17 pages, 1.6 MB at
 * 10,000 generated items) and every first visitor would download.
 */
export const OFFLINE_PAGES: readonly string[] = ['/claim', '/contact', '/about/locations/'];
