/**
 * The service worker (`/sw.js`, SERVICE_WORKER_PATH of src/site/app.ts), written at every build with Workbox
 * (workbox-build), so that a visitor who has been to the site once can open the claim guide, the contact
 * page with its hotlines and the locations pages with no signal, e.g. beside a road after an accident.
 *
 * Why both of Workbox's ways: `generateSW` writes and bundles the whole worker (Workbox's runtime inlined: one file
 * under `worker-src 'self'`, nothing to import), with the removal of outdated caches, navigation preload and
 * skipWaiting/clientsClaim as options, so the project needs no worker source of its own nor a bundler for one; but
 * its bundling and minifying take 10–25 s, and the precache manifest changes with nearly every build (the pages hold
 * the dock's news). So the generated worker is kept as a template with an injection point (workerTemplate, made again
 * only when its options or Workbox change) and `injectManifest` writes each build's manifest into it (well under a
 * second). What is ours is data: which files to keep, and the two functions of one plugin, which Workbox copies into
 * the worker as source text (inWorker).
 *
 * What the worker does:
 * - precaches (at install, revisions from the built files' contents: a rebuild that changes a page gives a new
 *   worker) the pages of OFFLINE_PAGES and OFFLINE_PATH, as their files (`/claim/index.html`, never their URL, so
 *   that the precache never answers a navigation), and the assets those pages name (style sheet, module scripts with
 *   their static imports, the logo and icons; no island code: precacheAssets);
 * - serves every same-origin navigation network first (no timeout: while the network answers, its page is shown, so
 *   an editor's change is never hidden behind a cache), keeping HTML answers with status 200 in PAGES_CACHE (never an
 *   answer under NEVER_CACHED: `/api/` and `/upload/`); with no network, the kept answer for that URL, else the
 *   precached page file, else the offline page (PAGE_PLUGIN);
 * - serves the hashed build assets and image variants (`/_astro/`, `/_images/`, named by their content) from
 *   ASSETS_CACHE once fetched, so the pages visited before show with their images;
 * - on a new deploy, the new worker installs beside the old one, takes over at once (skipWaiting, clientsClaim;
 *   safe: pages are never served from the precache, and the assets are named by their content) and deletes the
 *   precache entries and caches of earlier versions (cleanupOutdatedCaches). Other requests (`/api/`, `/upload/`,
 *   the search index, the reader's audio, other origins) are not handled: the browser fetches them as without a worker.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import type { GenerateSWOptions } from 'workbox-build';
import { OFFLINE_PAGES, OFFLINE_PATH, SERVICE_WORKER_PATH } from '../site/app';
import { IMAGE_OUTPUT_FOLDER } from '../site/images';
import { UPLOAD_PREFIX } from '../lib/upload-headers';

/** Astro's folder of hashed build assets. */
export const ASTRO_ASSETS_FOLDER = '_astro';

/** Paths whose answers are never kept: the portal web API and its files (runtime answers, personal or large). */
export const NEVER_CACHED: readonly string[] = ['/api/', UPLOAD_PREFIX];

/** Runtime cache of the pages visited (network-first answers), and how many it keeps (the least recently used go). */
export const PAGES_CACHE = { name: 'pages', maxEntries: 50 } as const;

/** Runtime cache of the hashed assets and image variants fetched, and how many it keeps. */
export const ASSETS_CACHE = { name: 'assets', maxEntries: 200 } as const;

/** Asset files a precached page may name, by extension (not pages, feeds or downloads). */
const ASSET_FILE = /\.(?:js|css|svg|png|jpe?g|webp|avif|woff2?|webmanifest)$/;

/**
 * Same-origin links of a page to files: `href` and `src`. Not an island's component and renderer URLs: offline, the
 * precached pages are read for their static text (hotlines, addresses, the claim steps) and their forms cannot send,
 * so the contact form's React code (most of a megabyte) is not worth every first visitor's data on a phone.
 */
const PAGE_LINK = /\s(?:href|src)="(\/[^"?#]*)"/g;

/** Static imports of a module script (`import"./x.js"`, `from"./x.js"`, `export … from`), as scripts/js-weight.mjs. */
const STATIC_IMPORT = /(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g;

/** The file the build writes for a site path: `/claim` → `claim/index.html`, `/` → `index.html`. */
export const pageFile = (path: string): string => `${path.replace(/^\/+|\/+$/g, '')}/index.html`.replace(/^\//, '');

/** The offline page's file as the precache names it. */
const OFFLINE_FILE = `/${pageFile(OFFLINE_PATH)}`;

/**
 * A function as Workbox copies it into the worker: its own source, run with `constants` declared before it (Workbox
 * writes a plugin's functions as their source text, without the module around them). In Node it is the function
 * itself, so the tests call it as the worker does.
 * @param fn a function that refers to nothing but its arguments, the worker's globals and the names of `constants`
 * @param constants values (JSON) under the names `fn` uses for them
 */
export function inWorker<F extends (...args: never[]) => unknown>(fn: F, constants: Record<string, unknown>): F {
  const declarations = Object.entries(constants)
    .map(([name, value]) => `const ${name} = ${JSON.stringify(value)};`)
    .join(' ');
  const source = `function (...args) { ${declarations} return (${fn.toString()})(...args); }`;
  return Object.assign((...args: Parameters<F>) => fn(...args), { toString: () => source }) as unknown as F;
}

/** `cacheWillUpdate` of the navigations: only HTML answers with status 200, never one under NEVER_CACHED. */
async function keepPage({ request, response }: { request: Request; response: Response }): Promise<Response | null> {
  const path = new URL(request.url).pathname;
  const html = (response.headers.get('content-type') || '').startsWith('text/html');
  return response.status === 200 && html && !NEVER_CACHED.some((prefix) => path.startsWith(prefix)) ? response : null;
}

/**
 * `handlerDidError` of the navigations (no network, no kept answer for the URL): the precached file of the page
 * (`<path>/index.html`), else the offline page, else nothing (the browser's own error page).
 */
async function pageOrOffline({ request }: { request: Request }): Promise<Response | undefined> {
  const url = new URL(request.url);
  const folder = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
  const options = { ignoreSearch: true };
  return (
    (await caches.match(`${url.origin}${folder}index.html`, options)) || (await caches.match(`${url.origin}${OFFLINE_FILE}`, options)) || undefined
  );
}

/**
 * The plugin of the navigations' NetworkFirst strategy (keepPage, pageOrOffline), as Workbox copies it into the worker.
 * No regular expressions in its functions: the comment stripper Workbox runs over them could take `//` in one for a
 * comment.
 */
export const PAGE_PLUGIN = {
  cacheWillUpdate: inWorker(keepPage, { NEVER_CACHED }),
  handlerDidError: inWorker(pageOrOffline, { OFFLINE_FILE }),
};

/**
 * The page files to precache: those of this build's routes under OFFLINE_PAGES, and the offline page's.
 * @param root dist/ path
 * @param routeFiles absolute paths of the files this build's routes produced (Astro's `assets`)
 * @returns paths relative to root with `/` separators, sorted
 * @throws Error when a page of OFFLINE_PAGES or the offline page was not built (the worker would keep nothing useful)
 */
export function precachePages(root: string, routeFiles: Iterable<string>): string[] {
  const pages = [...routeFiles].map((file) => relative(root, file).split(sep).join('/')).filter((file) => file.endsWith('index.html'));
  // A folder keeps the first page of each child (`about/locations/1/index.html`), not deeper pages (OFFLINE_PAGES).
  const under = (path: string) => (file: string) => {
    const folder = pageFile(path).replace(/index\.html$/, '');
    return path.endsWith('/') ? file.startsWith(folder) && file.slice(folder.length).split('/').length === 2 : file === pageFile(path);
  };
  const wanted = [...OFFLINE_PAGES, OFFLINE_PATH];
  for (const path of wanted) {
    if (!pages.some(under(path))) throw new Error(`Service worker: no page at ${path} in this build, which the worker must keep for offline visits.`);
  }
  const chosen = pages.filter((file) => wanted.some((path) => under(path)(file)));
  return chosen.sort();
}

/**
 * The assets the precached pages need: every same-origin file they link to by ASSET_FILE, and the static imports of
 * each module script, followed.
 * @param root dist/ path
 * @param pages page files relative to root (precachePages)
 * @returns files relative to root, sorted; a link to a file that is not in dist/ is left out (the page checks of the
 *   build pipeline report missing build assets)
 */
export async function precacheAssets(root: string, pages: readonly string[]): Promise<string[]> {
  const found = new Set<string>();
  const queue: string[] = [];
  const add = (path: string) => {
    const file = decodeURIComponent(path).replace(/^\//, '');
    if (!ASSET_FILE.test(file) || found.has(file) || !existsSync(join(root, file))) return;
    found.add(file);
    if (file.endsWith('.js')) queue.push(file);
  };
  for (const page of pages) {
    for (const [, path] of (await readFile(join(root, page), 'utf8')).matchAll(PAGE_LINK)) add(path);
  }
  while (queue.length > 0) {
    const script = queue.shift() as string;
    for (const [, specifier] of (await readFile(join(root, script), 'utf8')).matchAll(STATIC_IMPORT)) {
      add(new URL(specifier, `http://site/${script}`).pathname);
    }
  }
  return [...found].sort();
}

/** A file path as a glob pattern that matches only itself (glob's special characters escaped). */
const literalGlob = (file: string): string => file.replace(/[*?[\]{}()!+@\\]/g, '\\$&');

/**
 * workbox-build, loaded only by a build that writes the worker (workerTemplate, writeServiceWorker): loading it costs
 * about a CPU-second, which a build that fails while it loads the portal's lists never needs. Node's own require (the
 * package is CommonJS), since Astro closes Vite's module runner, which would serve an import() here, before the
 * astro:build:done hook that writes the worker.
 */
const workbox = (): typeof import('workbox-build') => createRequire(import.meta.url)('workbox-build');

/** Folder in Astro's cacheDir holding the worker's templates (workerTemplate), kept by the code they hold. */
export const SERVICE_WORKER_CACHE_FOLDER = 'service-worker';

/** The one precache entry the worker's template is generated with, replaced by INJECTION_POINT (workerTemplate). */
const PLACEHOLDER_ENTRY = { url: '/__precache-manifest__', revision: null };
/** Where injectManifest writes the precache manifest into the template (Workbox's default injection point). */
const INJECTION_POINT = 'self.__WB_MANIFEST';

/** generateSW's options but the precache manifest: the worker's code (see the module comment). */
function workerOptions(swDest: string): GenerateSWOptions {
  const hashed = (folder: string) => new RegExp(`/${folder}/`);
  return {
    swDest,
    // No file of its own: Workbox writes its precaching code only with a glob folder and a manifest entry.
    globDirectory: dirname(swDest),
    globPatterns: [],
    additionalManifestEntries: [PLACEHOLDER_ENTRY],
    mode: 'production',
    sourcemap: false,
    inlineWorkboxRuntime: true,
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    navigationPreload: true,
    runtimeCaching: [
      {
        urlPattern: ({ request, sameOrigin }) => sameOrigin && request.mode === 'navigate',
        handler: 'NetworkFirst',
        options: { cacheName: PAGES_CACHE.name, expiration: { maxEntries: PAGES_CACHE.maxEntries }, plugins: [PAGE_PLUGIN] },
      },
      ...[ASTRO_ASSETS_FOLDER, IMAGE_OUTPUT_FOLDER].map((folder) => ({
        urlPattern: hashed(folder),
        handler: 'CacheFirst' as const,
        options: { cacheName: ASSETS_CACHE.name, expiration: { maxEntries: ASSETS_CACHE.maxEntries }, cacheableResponse: { statuses: [200] } },
      })),
    ],
  };
}

/**
 * The worker's code without its precache manifest: generateSW's output (bundled and minified, 10–25 s on the 2-core
 * build machine) with the manifest replaced by INJECTION_POINT, kept in `cacheDir` under a fingerprint of the
 * options but the paths it is made in (their functions' source included) and of workbox-build's version, so that a
 * build makes it only when the code changes, whatever folder the cache was copied to; the manifest, which changes
 * with the pages, is injected at every build (writeServiceWorker).
 * @param cacheDir a folder kept between builds (Astro's cacheDir)
 * @returns the template's path
 * @throws Error when the generated worker does not hold the placeholder entry exactly once
 */
export async function workerTemplate(cacheDir: string): Promise<string> {
  const folder = join(cacheDir, SERVICE_WORKER_CACHE_FOLDER);
  const options = workerOptions(join(folder, 'generated.js'));
  const { version } = JSON.parse(await readFile(createRequire(import.meta.url).resolve('workbox-build/package.json'), 'utf8')) as { version: string };
  // Where the template is generated (swDest, globDirectory) is not part of it: the code Workbox writes names no path,
  // so one cache folder's template serves a build with another (a copied or moved cache).
  const { swDest: _swDest, globDirectory: _globDirectory, ...code } = options;
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([version, code], (_key, value) => (typeof value === 'function' || value instanceof RegExp ? String(value) : value)))
    .digest('hex')
    .slice(0, 16);
  const template = join(folder, `template-${fingerprint}.js`);
  if (existsSync(template)) return template;
  await mkdir(folder, { recursive: true });
  const { generateSW } = workbox();
  await generateSW(options);
  const generated = await readFile(options.swDest, 'utf8');
  const placeholder = `[${JSON.stringify(PLACEHOLDER_ENTRY)}]`.replace(/"(url|revision)":/g, '$1:');
  if (generated.split(placeholder).length !== 2) throw new Error(`Service worker: the generated worker does not hold ${placeholder} once.`);
  await writeFile(template, generated.replace(placeholder, INJECTION_POINT));
  return template;
}

/**
 * Writes the worker (SERVICE_WORKER_PATH) into dist/: the template (workerTemplate) with this build's precache
 * manifest (injectManifest: URLs and revisions from the files' contents).
 * @param root dist/ path
 * @param routeFiles absolute paths of the files this build's routes produced
 * @param cacheDir a folder kept between builds (Astro's cacheDir)
 * @returns the number of files precached, their bytes, and Workbox's warnings
 * @throws Error from precachePages and workerTemplate, or Workbox's on a bad option
 */
export async function writeServiceWorker(
  root: string,
  routeFiles: Iterable<string>,
  cacheDir: string,
): Promise<{ count: number; size: number; warnings: string[] }> {
  const pages = precachePages(root, routeFiles);
  const files = [...pages, ...(await precacheAssets(root, pages))];
  const { injectManifest } = workbox();
  return injectManifest({
    swSrc: await workerTemplate(cacheDir),
    swDest: join(root, SERVICE_WORKER_PATH.slice(1)),
    injectionPoint: INJECTION_POINT,
    globDirectory: root,
    globPatterns: files.map(literalGlob),
    // Hashed names change with their content: no revision needed.
    dontCacheBustURLsMatching: new RegExp(`^${ASTRO_ASSETS_FOLDER}/`),
  });
}
