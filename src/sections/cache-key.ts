/**
 * Cache keys of the pages of `getStaticPaths()` for Astro's incremental build (astro.config.mjs
 * `experimental.incrementalBuild`; the rebuild target: a rebuild with no content change takes ≤ 25 % of a cold build).
 *
 * Astro skips rendering a page, and keeps last build's HTML, when the page's code (its module graph, hashed by
 * Astro) and its `cacheKey` are both unchanged. The key must therefore change whenever anything the page shows
 * changes that is not code:
 * - its props (the items, neighbours, tabs and names passed by getStaticPaths), hashed as JSON; what a page derives
 *   from the build's date is put in its props for this reason (a coupon's `upcoming` and `ended`,
 *   src/sections/coupons.ts: a page showing a coupon gets a new key on the offer's first day and on the day after
 *   its last, so the rebuild of that day renders it again);
 * - what every page shows from content outside its props: the dock's newest news and coupons with their states
 *   (Dock.astro: a coupon's 尚未開始 or 已結束 mark), the footer's copyright year (Footer.astro), and the build environment read by the layout (SITE_URL for the
 *   canonical URL, SITE_ENV for the test bar, PREFETCH for the speculation rules, the PUBLIC_* settings of
 *   astro.config.mjs `env.schema`), and
 *   whether the build has a speech engine (the reader player on content pages, src/integrations/reader.ts), and
 *   the build's image manifest (a page shows the portal's URL until the variants of its images exist, then them);
 * - the build configuration: astro.config.mjs (Vite's chunking, the CSP) and package-lock.json (dependency
 *   versions). Neither is in a page's module graph, yet both rename the `/_astro/` files a page links to: a page
 *   kept from the cache would point at files this build no longer writes.
 * A page whose key is missing is simply rendered every time; a key that misses an input would serve stale HTML,
 * hence the wide net above.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { readerEnabled } from 'virtual:insurer/reader';
import { imageManifest } from 'virtual:insurer/images';
import { processSettings } from '../settings';
import { dockLists } from './dock';
import { navigationTargets } from './site-links';
import { taipeiYear } from '../lib/taipei-dates';

/** Settings a page's HTML depends on (src/settings.ts; astro.config.mjs `site` and the browser's `astro:env`). */
const PAGE_SETTINGS = ['SITE_URL', 'SITE_ENV', 'PREFETCH', 'PUBLIC_PORTAL_API_BASE', 'PUBLIC_IMAGE_BASE', 'PUBLIC_GA_MEASUREMENT_ID'] as const;

/** Files of the build configuration that change the built assets without being in a page's module graph. */
const BUILD_CONFIG_FILES = ['astro.config.mjs', 'package-lock.json'];

/** SHA-1 (hex) of a value's JSON (Dates as ISO strings). */
const hashOf = (value: unknown): string => createHash('sha1').update(JSON.stringify(value)).digest('hex');

let layoutKeyPromise: Promise<string> | undefined;

/**
 * The key of what the shared layout shows on every page (dock lists, copyright year, environment); computed once
 * per build.
 * @returns a hex digest
 */
export function layoutKey(): Promise<string> {
  layoutKeyPromise ??= (async () => {
    const [dock, links] = await Promise.all([dockLists(), navigationTargets()]);
    const config = await Promise.all(BUILD_CONFIG_FILES.map((file) => readFile(`${process.cwd()}/${file}`, 'utf8')));
    const settings = processSettings();
    const env = Object.fromEntries(PAGE_SETTINGS.map((name) => [name, settings[name] ?? null]));
    // readerEnabled: whether this build has a speech engine, i.e. whether content pages show the reader player.
    // The image manifest: a page shows an image's variants once the build has made them (src/lib/images.ts).
    // links: what every page's menus, footer and dock link that a content change can move: the final targets of
    // their links to redirect sources (src/sections/site-links.ts; a decree sorted first moves 法令規章's).
    return hashOf({ dock, links, year: taipeiYear(), env, readerEnabled, config, images: imageManifest() });
  })();
  return layoutKeyPromise;
}

/**
 * Adds a `cacheKey` to each static path: SHA-1 of the layout key and the path's params and props.
 * In: `getStaticPaths()` results `{ params, props? }[]`. Out: the same objects with `cacheKey` (hex string).
 */
export async function withCacheKeys<T extends { params: Record<string, string | undefined>; props?: unknown }>(
  paths: T[] | Promise<T[]>,
): Promise<(T & { cacheKey: string })[]> {
  const [resolved, layout] = await Promise.all([paths, layoutKey()]);
  return resolved.map((path) => ({ ...path, cacheKey: hashOf([layout, path.params, path.props ?? null]) }));
}
