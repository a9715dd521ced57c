/**
 * Astro integration of the audio reader (issue 7): a spoken rendition of every content page, made at build time.
 *
 * - `astro:config:setup`: reads the engine settings (READER_* variables, src/integrations/reader/settings.ts) and
 *   probes the engine (`espeak-ng`: Debian's programs if installed, else the WebAssembly build from npm). The
 *   answer is the virtual module `virtual:insurer/reader` (`readerEnabled`), which SiteLayout reads before pages
 *   render: with no engine, one warning is logged, no page gets a readerPath and so no page shows the player; the
 *   build goes on. The dev server has no audio (it is made by the build), so it
 *   shows no player either.
 * - `astro:build:done`: synthesizes the audio of every page whose `main` carries `data-reader` (segments cached
 *   in `<cacheDir>/reader-cache`, or READER_CACHE_DIR, between builds) and writes the manifests at their
 *   readerPaths. The log names the engine that runs (one line) and, while it synthesizes, shows progress (pages
 *   done of all, time left) every few seconds (issue 13). A page whose audio cannot be made fails the build,
 *   naming the page and the engine's error.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { builtPages } from './built-pages.ts';
import { probeEngine, type EngineProbe } from './reader/engines.ts';
import { readSettings } from '../settings.ts';
import { readerSettings, type ReaderSettings } from './reader/settings.ts';
import { synthesizeSite } from './reader/site.ts';

/** The virtual module that tells pages whether the reader is on. */
export const READER_VIRTUAL_MODULE = 'virtual:insurer/reader';
/** Folder of the synthesis cache inside Astro's cacheDir. */
export const READER_CACHE_FOLDER = 'reader-cache';

/**
 * @param options.env the environment to read READER_* from (default process.env; tests pass their own).
 */
export default function reader(options: { env?: NodeJS.ProcessEnv } = {}): AstroIntegration {
  let settings: ReaderSettings | undefined;
  /** The engine found at config setup, reused at build end (probing the wasm engine starts a worker). */
  let engine: Extract<EngineProbe, { ok: true }> | undefined;
  let enabled = false;
  return {
    name: 'insurer:reader',
    hooks: {
      'astro:config:setup': async ({ config, command, updateConfig, logger }) => {
        settings = readerSettings(readSettings(options.env ?? process.env), fileURLToPath(new URL(`${READER_CACHE_FOLDER}/`, config.cacheDir)));
        if (command === 'dev') {
          // The audio is made at the end of a build; the dev server has none to play.
          logger.info('Audio reader: made by `npm run build`; pages in dev show no reader player.');
        } else {
          const probe = await probeEngine(settings);
          enabled = probe.ok;
          if (probe.ok) engine = probe;
          else logger.warn(`Audio reader off: ${probe.reason}. Pages get no reader player.`);
        }
        const resolvedId = `\0${READER_VIRTUAL_MODULE}`;
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'insurer:reader-config',
                resolveId: (id: string) => (id === READER_VIRTUAL_MODULE ? resolvedId : undefined),
                load: (id: string) => (id === resolvedId ? `export const readerEnabled = ${enabled};` : undefined),
              },
            ],
          },
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!enabled || !settings || !engine) return;
        await buildAudio(fileURLToPath(dir), settings, engine, logger);
      },
    },
  };
}

/**
 * Synthesizes the site's audio and logs the engine, progress, and what it did (pages, synthesized vs cached
 * segments, time, bytes).
 */
async function buildAudio(
  distDir: string,
  settings: ReaderSettings,
  engine: Extract<EngineProbe, { ok: true }>,
  logger: AstroIntegrationLogger,
): Promise<void> {
  const stats = await synthesizeSite({ distDir, pages: await builtPages(distDir), settings, engine, log: (line) => logger.info(line) });
  logger.info(
    `${stats.pages} pages with audio (${stats.audioSeconds} s): ${stats.synthesized} segments synthesized, ` +
      `${stats.cached} from the cache, ${(stats.audioBytes / 1024 / 1024).toFixed(1)} MB, ${(stats.wallMs / 1000).toFixed(1)} s`,
  );
}
