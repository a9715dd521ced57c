/**
 * The audio reader's build steps (REFERENCE.md "Product": "an audio reader for page content"): a spoken rendition of every content
 * page, made at build time. The build pipeline (src/integrations/pipeline.ts) calls them from its hooks.
 *
 * - setUpReader, at `astro:config:setup`: reads the engine settings (READER_* variables of src/settings.ts,
 *   src/integrations/reader/settings.ts) and probes the engine (by default the WebAssembly build from npm;
 *   `espeak-ng`: Debian's programs if installed, else that build). The answer is the virtual module `virtual:insurer/reader` (`readerEnabled`),
 *   which SiteLayout reads before pages render: with no engine, one warning is logged, no page gets a readerPath
 *   and so no page shows the player; the build goes on. The dev server has no audio (it is made by the build), so
 *   it shows no player either.
 * - buildAudio, a step of `astro:build:done`: synthesizes the audio of every page whose `main` carries
 *   `data-reader`, from the page list of the pipeline's one walk of dist/ (segments cached in
 *   `<cacheDir>/reader-cache`, or READER_CACHE_DIR, between builds) and writes the manifests at their readerPaths.
 *   The log names the engine that runs (one line) and, while it synthesizes, shows progress (pages done of all,
 *   time left) every few seconds, so that a long first build never looks stuck. A page whose audio cannot be made
 *   fails the build, naming the page and the engine's error. Synthesis stops starting segments once
 *   READER_BUDGET_SECONDS are spent (speech never delays a publish; src/integrations/reader/budget.ts): the log and
 *   the returned ReaderReport (into dist/build-report.json) say how many pages await their audio.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegrationLogger, HookParameters } from 'astro';
import { probeEngine, type EngineProbe } from './reader/engines.ts';
import { readerSettings, type ReaderEnvironment, type ReaderSettings } from './reader/settings.ts';
import { synthesizeSite } from './reader/site.ts';
import { READER_CACHE_FOLDER } from '../site/limits.ts';

/** The virtual module that tells pages whether the reader is on. */
export const READER_VIRTUAL_MODULE = 'virtual:insurer/reader';

/**
 * The reader's part of the build report (the pages the time budget left: READER_BUDGET_SECONDS), `reader` in dist/build-report.json: pages with
 * something to read, of which with audio of their text, with their previous text's audio, without audio (no
 * player), and awaiting (the last two: pages a later build gives audio), and the budget in seconds.
 */
export interface ReaderReport {
  pages: number;
  withAudio: number;
  withPreviousAudio: number;
  withoutAudio: number;
  awaiting: number;
  budgetSeconds: number;
}

/** What setUpReader found: whether pages get the reader, and if so its settings and engine. */
export type ReaderSetup = { enabled: false } | { enabled: true; settings: ReaderSettings; engine: Extract<EngineProbe, { ok: true }> };

/**
 * The reader's part of `astro:config:setup`: reads the settings, probes the engine (not in dev: the dev server has
 * no audio) and registers the virtual module `virtual:insurer/reader` (`readerEnabled`).
 * @param hook the hook's config, command, updateConfig and logger
 * @param environment the READER_* settings (src/settings.ts)
 * @returns the setup, with the engine found (reused by buildAudio: probing the wasm engine starts a worker)
 */
export async function setUpReader(
  { config, command, updateConfig, logger }: Pick<HookParameters<'astro:config:setup'>, 'config' | 'command' | 'updateConfig' | 'logger'>,
  environment: ReaderEnvironment,
): Promise<ReaderSetup> {
  const settings = readerSettings(environment, fileURLToPath(new URL(`${READER_CACHE_FOLDER}/`, config.cacheDir)));
  let setup: ReaderSetup = { enabled: false };
  if (command === 'dev') {
    // The audio is made at the end of a build; the dev server has none to play.
    logger.info('Audio reader: made by `npm run build`; pages in dev show no reader player.');
  } else {
    const probe = await probeEngine(settings);
    if (probe.ok) setup = { enabled: true, settings, engine: probe };
    else logger.warn(`Audio reader off: ${probe.reason}. Pages get no reader player.`);
  }
  const resolvedId = `\0${READER_VIRTUAL_MODULE}`;
  updateConfig({
    vite: {
      plugins: [
        {
          name: 'insurer:reader-config',
          resolveId: (id: string) => (id === READER_VIRTUAL_MODULE ? resolvedId : undefined),
          load: (id: string) => (id === resolvedId ? `export const readerEnabled = ${setup.enabled};` : undefined),
        },
      ],
    },
  });
  return setup;
}

/**
 * Synthesizes the site's audio when the reader is on (nothing otherwise) and logs the engine, progress, and what
 * it did (pages, synthesized vs cached segments, time, bytes).
 * @param distDir the output folder (absolute path)
 * @param pages its HTML pages (BuiltPages.files)
 * @param setup setUpReader's result
 * @returns the reader's part of the build report, undefined when the reader is off
 * @throws Error naming the page when its audio cannot be made (src/integrations/reader/site.ts synthesizeSite)
 */
export async function buildAudio(
  distDir: string,
  pages: readonly string[],
  setup: ReaderSetup,
  logger: Pick<AstroIntegrationLogger, 'info' | 'warn'>,
): Promise<ReaderReport | undefined> {
  if (!setup.enabled) return undefined;
  const { settings, engine } = setup;
  const stats = await synthesizeSite({ distDir, pages, settings, engine, log: (line) => logger.info(line) });
  logger.info(
    `${stats.withAudio} pages with audio (${stats.audioSeconds} s): ${stats.synthesized} segments synthesized, ` +
      `${stats.cached} from the cache, ${(stats.audioBytes / 1024 / 1024).toFixed(1)} MB, ${(stats.wallMs / 1000).toFixed(1)} s`,
  );
  if (stats.awaiting > 0) {
    logger.warn(
      `${stats.awaiting} pages await audio (READER_BUDGET_SECONDS=${settings.budgetSeconds} spent, ${stats.deferred} segments left): ` +
        `${stats.withPreviousAudio} play their previous text, ${stats.withoutAudio} show no player; the next build goes on.`,
    );
  }
  const { withAudio, withPreviousAudio, withoutAudio, awaiting } = stats;
  return { pages: stats.pages, withAudio, withPreviousAudio, withoutAudio, awaiting, budgetSeconds: settings.budgetSeconds };
}
