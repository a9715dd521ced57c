/**
 * The audio reader's speech pipeline (issue 7), on a tiny built site in a temp folder, with Debian's espeak-ng,
 * lame and sox (installed by `npm test`): what text is read, that every page gets audio of a plausible length, that
 * a second build synthesizes nothing, that a changed page is the only one synthesized again, that a missing engine
 * warns once and turns the reader off, and that a command-template engine plugs in.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroIntegrationLogger } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import reader, { READER_VIRTUAL_MODULE } from '../../src/integrations/reader';
import {
  extractReaderPage,
  readerSettingsFromEnv,
  splitSegments,
  synthesizeSite,
  type ReaderSettings,
} from '../../src/integrations/reader-pipeline';
import { pageReaderPath, readerManifestPath, type ReaderManifest } from '../../src/lib/reader-path';
import { soxPath } from '../system.mjs';

/** A built page as SiteLayout writes it: header, breadcrumbs, main with the player and the readable article, footer. */
function page(route: string, title: string, body: string, date = '2024/12/03'): string {
  return `<!doctype html><html lang="zh-Hant-TW"><body>
<header><nav><a href="/">首頁選單</a></nav></header>
<nav aria-label="breadcrumb">麵包屑</nav>
<main id="main" data-reader="${readerManifestPath(route)}">
  <astro-island><div class="reader-player"><button>播放</button></div></astro-island>
  <article data-reader-text>
    <header><p><time>${date}</time></p><h1>${title}</h1></header>
    <div class="prose">${body}</div>
    <nav aria-label="相關文章"><a href="/news/detail/2">下一則新聞標題</a></nav>
    <div data-reader-skip><a href="/coupon">回優惠列表</a></div>
  </article>
</main>
<footer>頁尾版權宣告</footer>
</body></html>`;
}

const LONG_BODY = [
  '<p>汽車保險分為強制汽車責任保險與任意汽車保險。任意險包含第三人責任險、車體損失險、竊盜損失險及各項附加險，可依需求搭配。</p>',
  '<p>保費依車種、車齡、廠牌車型、保險金額、被保險人年齡及過去的理賠紀錄等計算。您可以至汽車保險頁面線上試算。</p>',
].join('');

const logger = () => {
  const warnings: string[] = [];
  const infos: string[] = [];
  const log = { warn: (m: string) => warnings.push(m), info: (m: string) => infos.push(m) } as unknown as AstroIntegrationLogger;
  return { log, warnings, infos };
};

/** Duration in seconds of an audio file, measured by sox. */
function soxDuration(file: string): number {
  return Number(execFileSync(`${path.dirname(soxPath())}/soxi`, ['-D', file], { encoding: 'utf8' }));
}

let root: string;
let dist: string;
let settings: ReaderSettings;

async function writePage(route: string, html: string) {
  const folder = path.join(dist, route.slice(1));
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'index.html'), html);
}

async function manifestOf(route: string): Promise<ReaderManifest> {
  return JSON.parse(await readFile(path.join(dist, readerManifestPath(route).slice(1)), 'utf8')) as ReaderManifest;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'reader-test-'));
  dist = path.join(root, 'dist');
  // Short segments, so the longer page is read in several.
  settings = { ...readerSettingsFromEnv({}, path.join(root, 'cache')), segmentMaxChars: 60 };
  await writePage('/news/detail/1', page('/news/detail/1', '和泰產險官網全新改版上線', '<p>歡迎多加利用官網服務。</p>'));
  await writePage('/faq/1', page('/faq/1', '汽車保險常見問題', LONG_BODY, '2025/01/15'));
  await writePage('/about/profile', page('/about/profile', '公司簡介', '<p>和泰產險以客戶為尊。</p>'));
  // A page without a reader (no data-reader on main).
  await mkdir(path.join(dist, 'search'), { recursive: true });
  await writeFile(path.join(dist, 'search', 'index.html'), '<html><body><main id="main"><h1>搜尋</h1></main></body></html>');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('what is read', () => {
  it("reads the page's title, date and body, not menus, breadcrumbs, player, related links or footer", () => {
    const read = extractReaderPage(page('/news/detail/1', '官網改版', '<p>第一段。</p><p>第二段</p>'));
    expect(read?.readerPath).toBe(readerManifestPath('/news/detail/1'));
    expect(read?.text.split('\n')).toEqual(['2024年12月3日。', '官網改版。', '第一段。', '第二段。']);
  });

  it('has nothing to read on a page without a reader', () => {
    expect(extractReaderPage('<main id="main"><article data-reader-text>文字</article></main>')).toBeUndefined();
  });

  it('splits long text at sentence ends into segments no longer than the limit, losing nothing', () => {
    const text = extractReaderPage(page('/faq/1', '汽車保險常見問題', LONG_BODY))!.text;
    const segments = splitSegments(text, 60);
    expect(segments.length).toBeGreaterThan(2);
    for (const segment of segments) expect(segment.length).toBeLessThanOrEqual(60);
    expect(segments.join('').replace(/\n/g, '')).toBe(text.replace(/\n/g, ''));
    expect(segments.every((segment) => /[。，]$/.test(segment))).toBe(true);
  });

  it('gives every route one readerPath, the same with or without a trailing slash', () => {
    expect(readerManifestPath('/news/detail/1')).toBe(readerManifestPath('/news/detail/1/'));
    expect(readerManifestPath('/news/detail/1')).not.toBe(readerManifestPath('/news/detail/2'));
    expect(readerManifestPath('/news/detail/1')).toMatch(/^\/reader\/[0-9a-f]{16}\.json$/);
  });
});

describe('the pipeline with espeak-ng', () => {
  let first: Awaited<ReturnType<typeof synthesizeSite>>;

  it('gives every reader page audio of a plausible length for its text', { timeout: 120_000 }, async () => {
    first = await synthesizeSite({ distDir: dist, settings });
    expect(first.pages).toBe(3);
    expect(first.synthesized).toBe(first.uniqueSegments);
    expect(first.cached).toBe(0);
    for (const route of ['/news/detail/1', '/faq/1', '/about/profile']) {
      const manifest = await manifestOf(route);
      const chars = extractReaderPage(await readFile(path.join(dist, route.slice(1), 'index.html'), 'utf8'))!.text.length;
      if (route !== '/faq/1') expect(manifest.segments).toHaveLength(1);
      let seconds = 0;
      for (const segment of manifest.segments) {
        const file = path.join(dist, segment.src.slice(1));
        expect(existsSync(file), segment.src).toBe(true);
        const measured = soxDuration(file);
        // The manifest's duration is the audio's (MP3 framing adds at most a few tens of ms).
        expect(Math.abs(measured - segment.durationMs / 1000)).toBeLessThan(0.2);
        seconds += measured;
      }
      // Mandarin speech: about 3 to 6 characters a second.
      expect(seconds / chars, route).toBeGreaterThan(1 / 6);
      expect(seconds / chars, route).toBeLessThan(1 / 2.5);
      expect(manifest.durationMs).toBe(manifest.segments.reduce((sum, s) => sum + s.durationMs, 0));
    }
    expect((await manifestOf('/faq/1')).segments.length).toBeGreaterThan(2);
    // The page without a reader got nothing; no other manifests were written.
    expect((await readdir(path.join(dist, 'reader'))).filter((name) => name.endsWith('.json'))).toHaveLength(3);
  });

  it('synthesizes nothing on a second build without changes, and writes the same audio', { timeout: 60_000 }, async () => {
    const before = await manifestOf('/faq/1');
    await rm(path.join(dist, 'reader'), { recursive: true });
    const second = await synthesizeSite({ distDir: dist, settings });
    expect(second.synthesized).toBe(0);
    expect(second.cached).toBe(first.uniqueSegments);
    expect(second.audioBytes).toBe(first.audioBytes);
    expect(await manifestOf('/faq/1')).toEqual(before);
  });

  it('synthesizes only the changed page when one page changes', { timeout: 60_000 }, async () => {
    await writePage('/about/profile', page('/about/profile', '公司簡介', '<p>和泰產險以客戶為尊，誠信經營。</p>'));
    const third = await synthesizeSite({ distDir: dist, settings });
    expect(third.synthesized).toBe(1);
    expect(third.perPage.filter((p) => p.synthesisMs > 0).map((p) => p.readerPath)).toEqual([readerManifestPath('/about/profile')]);
  });
});

describe('engines', () => {
  it('plugs in a command template that writes WAV to {out_file}', { timeout: 60_000 }, async () => {
    const tone = readerSettingsFromEnv(
      { READER_ENGINE: 'command', READER_COMMAND: 'sox -n -r 16000 -c 1 -b 16 {out_file} synth 1.5 sine 440' },
      path.join(root, 'cache-tone'),
    );
    const out = path.join(root, 'out-tone');
    const stats = await synthesizeSite({ distDir: dist, settings: tone, outDir: out });
    expect(stats.pages).toBe(3);
    const manifest = JSON.parse(await readFile(path.join(out, readerManifestPath('/news/detail/1').slice(1)), 'utf8')) as ReaderManifest;
    expect(manifest.segments[0]!.durationMs).toBe(1500);
    expect(Math.abs(soxDuration(path.join(out, manifest.segments[0]!.src.slice(1))) - 1.5)).toBeLessThan(0.2);
  });

  it('gives the command the text on stdin and accepts MP3 output (READER_COMMAND_FORMAT=mp3)', { timeout: 60_000 }, async () => {
    const spoken = readerSettingsFromEnv(
      {
        READER_ENGINE: 'command',
        READER_COMMAND: 'espeak-ng -v cmn-latn-pinyin --stdin -w /dev/stdout | lame --quiet - {out_file}',
        READER_COMMAND_FORMAT: 'mp3',
      },
      path.join(root, 'cache-stdin'),
    );
    const out = path.join(root, 'out-stdin');
    await synthesizeSite({ distDir: dist, settings: spoken, outDir: out });
    const manifest = JSON.parse(await readFile(path.join(out, readerManifestPath('/about/profile').slice(1)), 'utf8')) as ReaderManifest;
    // Speech of a dozen characters: a few seconds, not a silent or empty file.
    expect(manifest.durationMs).toBeGreaterThan(2000);
    expect(manifest.durationMs).toBeLessThan(10_000);
  });

  it('fails naming the page and the command when the engine fails', async () => {
    const broken = readerSettingsFromEnv({ READER_ENGINE: 'command', READER_COMMAND: 'sh -c "echo no voice >&2; exit 3"' }, path.join(root, 'cache-broken'));
    const oneEnginePage = path.join(root, 'dist-broken');
    await mkdir(path.join(oneEnginePage, 'news', 'detail', '1'), { recursive: true });
    await writeFile(path.join(oneEnginePage, 'news', 'detail', '1', 'index.html'), page('/news/detail/1', '新聞', '<p>內文。</p>'));
    await expect(synthesizeSite({ distDir: oneEnginePage, settings: broken })).rejects.toThrow(
      /news[/\\]detail[/\\]1[/\\]index\.html failed: .*exited with 3: no voice/,
    );
  });

  it.each([
    ['an espeak-ng voice that does not exist', { READER_VOICE: 'nonexistentvoice' }, /no voice "nonexistentvoice"/],
    ['a command whose program is not installed', { READER_ENGINE: 'command', READER_COMMAND: 'no-such-tts-cli {out_file}' }, /no-such-tts-cli/],
    ['the command engine without a command', { READER_ENGINE: 'command' }, /READER_COMMAND/],
  ])('with %s: warns once, gives pages no readerPath and builds no audio', async (_, env, reason) => {
    const { log, warnings } = logger();
    const integration = reader({ env: { ...env, READER_CACHE_DIR: path.join(root, 'cache-off') } });
    let plugin: { resolveId: (id: string) => string | undefined; load: (id: string) => string | undefined } | undefined;
    const setup = integration.hooks['astro:config:setup'] as unknown as (options: object) => void;
    setup({
      config: { cacheDir: pathToFileURL(`${root}/astro-cache/`) },
      logger: log,
      updateConfig: (config: { vite: { plugins: (typeof plugin)[] } }) => (plugin = config.vite.plugins[0]),
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(reason);
    const id = plugin!.resolveId(READER_VIRTUAL_MODULE)!;
    expect(plugin!.load(id)).toBe('export const readerEnabled = false;');
    expect(pageReaderPath(false, '/news/detail/1')).toBeUndefined();
    const out = path.join(root, 'dist-off');
    await mkdir(out, { recursive: true });
    const done = integration.hooks['astro:build:done'] as unknown as (options: object) => Promise<void>;
    await done({ dir: pathToFileURL(`${out}/`), logger: log });
    expect(existsSync(path.join(out, 'reader'))).toBe(false);
    expect(warnings).toHaveLength(1);
  });

  it('is on with espeak-ng installed: pages get their readerPath', () => {
    const { log, warnings } = logger();
    let source = '';
    const setup = reader({ env: {} }).hooks['astro:config:setup'] as unknown as (options: object) => void;
    setup({
      config: { cacheDir: pathToFileURL(`${root}/astro-cache/`) },
      logger: log,
      updateConfig: (config: { vite: { plugins: { resolveId: (id: string) => string; load: (id: string) => string }[] } }) => {
        const plugin = config.vite.plugins[0]!;
        source = plugin.load(plugin.resolveId(READER_VIRTUAL_MODULE));
      },
    });
    expect(warnings).toEqual([]);
    expect(source).toBe('export const readerEnabled = true;');
    expect(pageReaderPath(true, '/news/detail/1')).toBe(readerManifestPath('/news/detail/1'));
  });
});
