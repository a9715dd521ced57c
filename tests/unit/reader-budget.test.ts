/**
 * Speech never delays a publish: the audio reader's time budget per build (READER_BUDGET_SECONDS).
 * On a tiny built site with a command engine (sox writes a tone, lame encodes: fast and the same everywhere):
 * a spent budget leaves the pages without audio with a manifest of no segments (so their player shows nothing), the newest
 * pages are synthesized first, the build report counts the pages awaiting audio, a page whose text changed keeps
 * its previous text's audio, and the next build goes on where this one stopped.
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageFiles } from '../../src/integrations/built-pages';
import { publish } from '../../src/integrations/publishing';
import { buildAudio, type ReaderReport, type ReaderSetup } from '../../src/integrations/reader';
import { probeEngine } from '../../src/integrations/reader/engines';
import { readerSettings, type ReaderSettings } from '../../src/integrations/reader/settings';
import { synthesizeSite } from '../../src/integrations/reader/site';
import { readerManifestPath, type ReaderManifest } from '../../src/lib/reader-path';
import { readSettings } from '../../src/settings';
import { BUILD_REPORT_FILE } from '../../src/site/limits';

/** A tone of 1.5 s for any text: an engine that needs no voice. */
const TONE_COMMAND = 'sox -n -r 16000 -c 1 -b 16 {out_file} synth 1.5 sine 440';

/** The site's pages: route, date shown (the portal item's date; none on the company page), body. */
const PAGES = [
  { route: '/about/profile', date: undefined, body: '和泰產險以客戶為尊。' },
  { route: '/news/detail/2', date: '2025-06-01', body: '夏季颱風季節車輛防護須知。' },
  { route: '/news/detail/3', date: '2026-03-01', body: '官網全新改版上線。' },
];

/** A built page as SiteLayout writes it: main with its readerPath, the player island, the readable article. */
function page(route: string, date: string | undefined, body: string): string {
  const time = date ? `<p><time datetime="${date}">${date.replaceAll('-', '/')}</time></p>` : '';
  return `<!doctype html><html lang="zh-Hant-TW"><body>
<main id="main" data-reader="${readerManifestPath(route)}">
  <astro-island><div class="reader-player"><button>播放</button></div></astro-island>
  <article data-reader-text><header>${time}<h1>標題</h1></header><p>${body}</p></article>
</main></body></html>`;
}

let root: string;
let dist: string;

async function writePage(route: string, date: string | undefined, body: string) {
  await mkdir(path.join(dist, route.slice(1)), { recursive: true });
  await writeFile(path.join(dist, route.slice(1), 'index.html'), page(route, date, body));
}

/** The reader's settings with READER_BUDGET_SECONDS=`budget` and the tone engine, cache in `cache`. */
function settingsWith(budget: string | undefined, cache: string): ReaderSettings {
  return readerSettings(
    readSettings({ READER_ENGINE: 'command', READER_COMMAND: TONE_COMMAND, READER_BUDGET_SECONDS: budget }),
    path.join(root, cache),
  );
}

/** The build's audio step (buildAudio) with `settings`: its report and its warnings. */
async function audioStep(settings: ReaderSettings): Promise<{ report: ReaderReport | undefined; warnings: string[] }> {
  const probe = await probeEngine(settings);
  if (!probe.ok) throw new Error(probe.reason);
  const setup: ReaderSetup = { enabled: true, settings, engine: probe };
  const warnings: string[] = [];
  const report = await buildAudio(dist, await pageFiles(dist), setup, { info: () => undefined, warn: (line) => warnings.push(line) });
  return { report, warnings };
}

const manifestOf = async (route: string) => JSON.parse(await readFile(path.join(dist, readerManifestPath(route).slice(1)), 'utf8')) as ReaderManifest;

/**
 * The routes whose manifest has audio. Every page has a manifest (manifestOf throws otherwise): the others' have
 * no segments, so their player shows nothing (tests/unit/islands.test.ts).
 */
async function routesWithAudio(): Promise<string[]> {
  const manifests = await Promise.all(PAGES.map(async ({ route }) => ({ route, segments: (await manifestOf(route)).segments })));
  return manifests.filter((manifest) => manifest.segments.length > 0).map((manifest) => manifest.route);
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'reader-budget-'));
  dist = path.join(root, 'dist');
  for (const { route, date, body } of PAGES) await writePage(route, date, body);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the time budget of a cold cache', () => {
  it('READER_BUDGET_SECONDS=0: nothing is synthesized, no page gets audio, the report counts every page awaiting audio', async () => {
    const { report, warnings } = await audioStep(settingsWith('0', 'cache-zero'));
    expect(report).toEqual({ pages: 3, withAudio: 0, withPreviousAudio: 0, withoutAudio: 3, awaiting: 3, budgetSeconds: 0 });
    expect(await routesWithAudio()).toEqual([]);
    expect(existsSync(path.join(root, 'cache-zero'))).toBe(false);
    expect(warnings).toEqual([
      expect.stringMatching(/^3 pages await audio \(READER_BUDGET_SECONDS=0 spent, 3 segments left\): 0 play their previous text, 3 show no player/),
    ]);

    // The publish step writes the count into the build report.
    await publish({
      root: `${dist}/`,
      records: [],
      pageDigests: {},
      siteUrl: 'https://www.hotains.com.tw',
      snapshotDir: path.join(root, 'snapshots'),
      builtAt: new Date(),
      reader: report,
      logger: { info: () => undefined, warn: () => undefined },
    });
    const written = JSON.parse(await readFile(path.join(dist, BUILD_REPORT_FILE), 'utf8')) as { reader: ReaderReport };
    expect(written.reader).toEqual(report);
  });

  it('a budget spent after one segment gives audio to the newest page only; the next build gives it to the others', { timeout: 60_000 }, async () => {
    const settings = settingsWith('1', 'cache-one');
    // A clock that moves one second per segment in the cache: the budget of 1 s is spent after the first one.
    const clock = () => (existsSync(settings.cacheDir) ? readdirSync(settings.cacheDir).filter((name) => name.endsWith('.mp3')).length * 1000 : 0);
    const first = await synthesizeSite({ distDir: dist, pages: await pageFiles(dist), settings, clock, concurrency: 1 });
    expect(await routesWithAudio()).toEqual(['/news/detail/3']);
    expect(first).toMatchObject({ pages: 3, withAudio: 1, withoutAudio: 2, awaiting: 2, synthesized: 1, budgetSpent: true, deferred: 2 });

    // The next build, with the default budget (300 s), starts from the cache: one page free, two synthesized.
    const { report, warnings } = await audioStep(settingsWith(undefined, 'cache-one'));
    expect(report).toEqual({ pages: 3, withAudio: 3, withPreviousAudio: 0, withoutAudio: 0, awaiting: 0, budgetSeconds: 300 });
    expect(await routesWithAudio()).toEqual(PAGES.map((p) => p.route));
    expect(warnings).toEqual([]);
  });
});

describe('a page whose text changed when the budget is spent', () => {
  it('keeps the audio of its previous text until a build has time for the new one', { timeout: 60_000 }, async () => {
    await audioStep(settingsWith(undefined, 'cache-change'));
    const before = await manifestOf('/news/detail/2');
    await writePage('/news/detail/2', '2025-06-01', '夏季颱風季節車輛防護須知，更新版。');

    const { report } = await audioStep(settingsWith('0', 'cache-change'));
    expect(report).toMatchObject({ pages: 3, withAudio: 2, withPreviousAudio: 1, withoutAudio: 0, awaiting: 1 });
    expect(await manifestOf('/news/detail/2')).toEqual(before);
    for (const segment of before.segments) expect(existsSync(path.join(dist, segment.src.slice(1))), segment.src).toBe(true);

    const { report: later } = await audioStep(settingsWith(undefined, 'cache-change'));
    expect(later).toMatchObject({ withAudio: 3, awaiting: 0 });
    expect((await manifestOf('/news/detail/2')).segments).not.toEqual(before.segments);
  });
});
