/**
 * Astro integration: `<link rel="modulepreload">` for the chunks the layout's script imports.
 *
 * Every page runs SiteLayout's bundled script, which imports the shared "runtime" chunk (the stores, the portal
 * client, the notification parser: astro.config.mjs). The browser finds that import only once the script itself has
 * arrived, one round trip after the page, and the system dialog (often a page's largest paint) cannot paint before
 * both are in. Astro writes no modulepreload for a script's imports (its `build.preloadModules` proposal was not
 * merged), so this integration does: a Vite plugin of the client build records the static imports of the layout
 * script's chunk, and SiteLayout writes one modulepreload link per import (layoutModulePreloads), which the
 * browser fetches together with the script.
 *
 * Hand-over through a build file, as the portal loader hands its lists to the pipeline (src/portal/snapshots.ts
 * "Staging"): the config's copy of this module and the code bundled into the pages are two module graphs, and the
 * pages are bundled before the client build that finds the imports (Astro 7: the prerender build, then the client
 * build, then the pages render, all in one process). So the client build writes the list to
 * `<cacheDir>/layout-module-preloads.json` (PRELOADS_FILE; removed at `astro:build:start`, so a build never reads
 * an earlier build's list), and the code of the virtual module `virtual:insurer/module-preloads`
 * (`layoutModulePreloads()`, declared in src/module-preload.d.ts) reads it once, when the first page renders. In the
 * dev server there is no client build and no link (nothing is lost but the head start). A page kept from an earlier
 * build keeps its links and its script, both to files of that build, which dist/ keeps; the hosting step fails the
 * build should a page name a missing `/_astro/` file.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** The virtual module the pages import. */
export const MODULE_PRELOADS_VIRTUAL_MODULE = 'virtual:insurer/module-preloads';

/** The build file of the list, in Astro's cache folder: a JSON array of `/_astro/…` URLs. */
export const PRELOADS_FILE = 'layout-module-preloads.json';

/** The layout's bundled script, as the client build's entry id names it (SiteLayout.astro?astro&type=script…). */
const LAYOUT_SCRIPT = /\/src\/layouts\/SiteLayout\.astro\?astro&type=script/;

/**
 * The virtual module's code: `layoutModulePreloads()` returns the URLs to preload on every page, the static imports
 * of the layout's script chunk (e.g. `['/_astro/runtime.DYoy4Ubf.js']`).
 * @param file the build file (absolute path) for a build; undefined elsewhere (dev server): always `[]`
 * @returns JavaScript: in a build, the file is read at the first call, at render time (after the client build);
 *   `[]` when the client build wrote none; another read error, or a file that is not JSON, fails the render
 */
export function modulePreloadsCode(file: string | undefined): string {
  if (file === undefined) return 'export const layoutModulePreloads = () => [];\n';
  return `import { readFileSync } from 'node:fs';
let preloads;
const read = () => {
  try {
    return JSON.parse(readFileSync(${JSON.stringify(file)}, 'utf8'));
  } catch (error) {
    if (error?.code === 'ENOENT') return [];
    throw error;
  }
};
export const layoutModulePreloads = () => (preloads ??= read());
`;
}

/** The integration (astro.config.mjs). */
export default function modulePreload(): AstroIntegration {
  /** The build file (absolute path), known once the config is done; undefined outside `astro build`. */
  let file: string | undefined;
  let building = false;
  return {
    name: 'insurer:module-preload',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        building = command === 'build';
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'insurer:layout-module-preloads',
                resolveId: (id: string) => (id === MODULE_PRELOADS_VIRTUAL_MODULE ? `\0${id}` : undefined),
                load: (id: string) => (id === `\0${MODULE_PRELOADS_VIRTUAL_MODULE}` ? modulePreloadsCode(file) : undefined),
                async generateBundle(_options, bundle) {
                  if (this.environment.name !== 'client' || file === undefined) return;
                  for (const chunk of Object.values(bundle)) {
                    if (chunk.type !== 'chunk' || !chunk.isEntry || !LAYOUT_SCRIPT.test(chunk.facadeModuleId ?? '')) continue;
                    await mkdir(dirname(file), { recursive: true });
                    await writeFile(file, JSON.stringify(chunk.imports.map((name) => `/${name}`)));
                  }
                },
              },
            ],
          },
        });
      },
      'astro:config:done': ({ config }) => {
        if (building) file = join(fileURLToPath(config.cacheDir), PRELOADS_FILE);
      },
      // Before any bundle: the list of an earlier build must not stand in for this build's.
      'astro:build:start': async () => {
        if (file !== undefined) await rm(file, { force: true });
      },
    },
  };
}
