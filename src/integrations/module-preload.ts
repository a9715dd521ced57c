/**
 * Astro integration: `<link rel="modulepreload">` for the chunks the layout's script imports (issue 14 item 8).
 *
 * Every page runs SiteLayout's bundled script, which imports the shared "runtime" chunk (the stores, the portal
 * client, the notification parser: astro.config.mjs). The browser finds that import only once the script itself has
 * arrived, one round trip after the page, and the system dialog (often a page's largest paint) cannot paint before
 * both are in. Astro writes no modulepreload for a script's imports (its `build.preloadModules` proposal was not
 * merged), so this integration does: a Vite plugin of the client build records the static imports of the layout
 * script's chunk, and SiteLayout writes one modulepreload link per import (layoutModulePreloads), which the
 * browser fetches together with the script.
 *
 * Astro builds the client before it renders the pages, in the same process, so the record is there when the pages
 * render; it is kept on `globalThis` because the config's copy of this module and the code bundled into the pages are
 * two instances. Pages read it through the virtual module `virtual:insurer/module-preloads` (`layoutModulePreloads()`,
 * declared in src/module-preload.d.ts), whose code reads the record when called, at render time (the pages are
 * bundled before the client is built). In the dev server, or before the client build, there is no record and no link
 * (nothing is lost but the head start). A page kept from an earlier build keeps its links and its script, both to
 * files of that build, which dist/ keeps; the hosting step fails the build should a page name a missing `/_astro/`
 * file.
 */
import type { AstroIntegration } from 'astro';

/** Key of the record on globalThis (see the module comment). */
const RECORD_KEY = 'insurer.layoutModulePreloads';

/** The virtual module the pages import. */
export const MODULE_PRELOADS_VIRTUAL_MODULE = 'virtual:insurer/module-preloads';

/** The layout's bundled script, as the client build's entry id names it (SiteLayout.astro?astro&type=script…). */
const LAYOUT_SCRIPT = /\/src\/layouts\/SiteLayout\.astro\?astro&type=script/;

/**
 * The virtual module's code: `layoutModulePreloads()` returns the URLs to preload on every page, the static imports
 * of the layout's script chunk (e.g. `['/_astro/runtime.DYoy4Ubf.js']`), or `[]` before a client build (dev server).
 */
const VIRTUAL_MODULE_CODE = `export const layoutModulePreloads = () => globalThis[Symbol.for(${JSON.stringify(RECORD_KEY)})] ?? [];`;

/** The integration (astro.config.mjs). */
export default function modulePreload(): AstroIntegration {
  return {
    name: 'insurer:module-preload',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'insurer:layout-module-preloads',
                resolveId: (id: string) => (id === MODULE_PRELOADS_VIRTUAL_MODULE ? `\0${id}` : undefined),
                load: (id: string) => (id === `\0${MODULE_PRELOADS_VIRTUAL_MODULE}` ? VIRTUAL_MODULE_CODE : undefined),
                generateBundle(_options, bundle) {
                  if (this.environment.name !== 'client') return;
                  for (const chunk of Object.values(bundle)) {
                    if (chunk.type !== 'chunk' || !chunk.isEntry || !LAYOUT_SCRIPT.test(chunk.facadeModuleId ?? '')) continue;
                    (globalThis as Record<symbol, string[]>)[Symbol.for(RECORD_KEY)] = chunk.imports.map((file) => `/${file}`);
                  }
                },
              },
            ],
          },
        });
      },
    },
  };
}
