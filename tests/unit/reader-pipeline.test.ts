/**
 * The audio reader's speech pipeline (REFERENCE.md "Product": "an audio reader for page content"), on a tiny built site in a temp folder, with Debian's
 * espeak-ng, lame and sox (installed by `npm test`) and the WebAssembly espeak-ng from npm: what text is read and
 * how its numbers are spoken, that every page gets audio of a plausible length, that a second build synthesizes
 * nothing, that a changed page is the only one synthesized again, that the WebAssembly engine makes the site's MP3
 * format and takes over when Debian's programs are absent (the log naming it), that a missing engine warns once
 * and turns the reader off, and that a command-template engine plugs in.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroIntegrationLogger } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAudio, READER_VIRTUAL_MODULE, setUpReader } from '../../src/integrations/reader';
import { pageFiles } from '../../src/integrations/built-pages';
import initEspeak from '@echogarden/espeak-ng-emscripten';
import { probeEngine } from '../../src/integrations/reader/engines';
import { READER_DEFAULTS, readerSettings, type ReaderSettings } from '../../src/integrations/reader/settings';
import { readSettings } from '../../src/settings';
import { synthesizeSite } from '../../src/integrations/reader/site';
import { extractReaderPage, splitSegments } from '../../src/integrations/reader/text';
import { pageReaderPath, readerManifestPath, type ReaderManifest } from '../../src/lib/reader-path';
import { soxPath } from '../../scripts/lib/system.mjs';

/** The reader's settings of an environment (src/settings.ts checks it). */
const readerSettingsOf = (env: Record<string, string | undefined>, cacheDir: string): ReaderSettings => readerSettings(readSettings(env), cacheDir);

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

/**
 * The reader's part of the build's config hook (setUpReader) with `env`; resolves its setup and the source of the
 * virtual module pages read (`readerEnabled`).
 */
async function setUp(env: NodeJS.ProcessEnv, log: AstroIntegrationLogger) {
  let source = '';
  const setup = await setUpReader(
    {
      config: { cacheDir: pathToFileURL(`${root}/astro-cache/`) },
      logger: log,
      updateConfig: (config: { vite: { plugins: { resolveId: (id: string) => string; load: (id: string) => string }[] } }) => {
        const plugin = config.vite.plugins[0]!;
        source = plugin.load(plugin.resolveId(READER_VIRTUAL_MODULE));
      },
    } as unknown as Parameters<typeof setUpReader>[0],
    readSettings(env),
  );
  return { setup, source };
}

/** What soxi says of an audio file (`-D` duration s, `-r` sample rate Hz, `-c` channels, `-B` bit rate, `-t` type). */
function soxi(flag: string, file: string): string {
  return execFileSync(`${path.dirname(soxPath())}/soxi`, [flag, file], { encoding: 'utf8' }).trim();
}

/** Duration in seconds of an audio file, measured by sox. */
function soxDuration(file: string): number {
  return Number(soxi('-D', file));
}

/** A program path that does not exist: Debian's espeak-ng or lame "not installed". */
const MISSING_PROGRAM = '/nonexistent/bin/espeak-ng';

let root: string;
let dist: string;
let settings: ReaderSettings;

async function writePage(route: string, html: string) {
  const folder = path.join(dist, route.slice(1));
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'index.html'), html);
}

/** A built site as synthesizeSite takes it: its folder and its pages, listed as the build lists them. */
async function site(distDir: string): Promise<{ distDir: string; pages: string[] }> {
  return { distDir, pages: await pageFiles(distDir) };
}

async function manifestOf(route: string): Promise<ReaderManifest> {
  return JSON.parse(await readFile(path.join(dist, readerManifestPath(route).slice(1)), 'utf8')) as ReaderManifest;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'reader-test-'));
  dist = path.join(root, 'dist');
  // Short segments, so the longer page is read in several.
  settings = { ...readerSettingsOf({ READER_ENGINE: 'espeak-ng-native' }, path.join(root, 'cache')), segmentMaxChars: 60 };
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
    expect(read?.text.split('\n')).toEqual(['二〇二四年十二月三日。', '官網改版。', '第一段。', '第二段。']);
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

  /** The segments the engine receives for a page whose body is `body`. */
  const segmentsOf = (body: string) => splitSegments(extractReaderPage(page('/news/detail/9', '標題', body))!.text, 300);

  it.each([
    ['a toll-free number', '請撥0800-880-550洽詢。', '請撥零八零零 八八零 五五零洽詢。'],
    ['a Taipei number', '電話02-2345-6789。', '電話零二 二三四五 六七八九。'],
    ['an area code in brackets', '電話(02)2345-6789。', '電話零二 二三四五 六七八九。'],
    ['a mobile number', '手機0912-345-678。', '手機零九一二 三四五 六七八。'],
    ['a mobile number without dashes, and an extension', '請撥0912345678分機123。', '請撥零九一二 三四五 六七八分機一二三。'],
    ['a date with slashes', '截止日2026/03/15。', '截止日二〇二六年三月十五日。'],
    ['a date with dashes', '截止日2026-03-15。', '截止日二〇二六年三月十五日。'],
    ['a date in 年月日', '自2026年3月15日起。', '自二〇二六年三月十五日起。'],
    ['a year alone and an ROC year', '2026年起，即民國115年。', '二〇二六年起，即民國一百一十五年。'],
    ['a time', '下午14:30開始。', '下午十四點三十分開始。'],
    ['opening hours', '週一至週五09:00-17:30。', '週一至週五九點至十七點三十分。'],
    ['an amount in NT$', '保額NT$1,200,000。', '保額一百二十萬元。'],
    ['an amount in 元', '保費1,200 元。', '保費一千二百元。'],
    ['an amount in 新臺幣 and 萬元', '新臺幣1,200元，最高500萬元。', '新臺幣一千二百元，最高五百萬元。'],
    ['a percentage', '回饋12.5%。', '回饋百分之十二點五。'],
    ['full-width digits', '折扣３０％。', '折扣百分之三十。'],
    ['counts and decimals', '共35人，3.5倍。', '共三十五人，三點五倍。'],
    ['a code with a leading zero', '編號007。', '編號零零七。'],
  ])('reads %s as a listener expects', (_, body, spoken) => {
    expect(segmentsOf(`<p>${body}</p>`)).toEqual([`二〇二四年十二月三日。\n標題。\n${spoken}`]);
  });

  it('leaves text without digits as written', () => {
    expect(segmentsOf('<p>和泰產險以客戶為尊。</p>')).toEqual(['二〇二四年十二月三日。\n標題。\n和泰產險以客戶為尊。']);
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
    first = await synthesizeSite({ ...(await site(dist)), settings });
    expect(first.pages).toBe(3);
    expect(first.synthesized).toBe(first.uniqueSegments);
    expect(first.cached).toBe(0);
    for (const route of ['/news/detail/1', '/faq/1', '/about/profile']) {
      const manifest = await manifestOf(route);
      const chars = extractReaderPage(await readFile(path.join(dist, route.slice(1), 'index.html'), 'utf8'))!.text.length;
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
    for (const route of ['/news/detail/1', '/about/profile']) expect((await manifestOf(route)).segments, route).toHaveLength(1);
    // The page without a reader got nothing; no other manifests were written.
    expect((await readdir(path.join(dist, 'reader'))).filter((name) => name.endsWith('.json'))).toHaveLength(3);
  });

  it('synthesizes nothing on a second build without changes, and writes the same audio', { timeout: 60_000 }, async () => {
    const before = await manifestOf('/faq/1');
    await rm(path.join(dist, 'reader'), { recursive: true });
    const second = await synthesizeSite({ ...(await site(dist)), settings });
    expect(second.synthesized).toBe(0);
    expect(second.cached).toBe(first.uniqueSegments);
    expect(second.audioBytes).toBe(first.audioBytes);
    expect(await manifestOf('/faq/1')).toEqual(before);
  });

  it('synthesizes only the changed page when one page changes', { timeout: 60_000 }, async () => {
    await writePage('/about/profile', page('/about/profile', '公司簡介', '<p>和泰產險以客戶為尊，誠信經營。</p>'));
    const third = await synthesizeSite({ ...(await site(dist)), settings });
    expect(third.synthesized).toBe(1);
    expect(third.perPage.filter((p) => p.synthesisMs > 0).map((p) => p.readerPath)).toEqual([readerManifestPath('/about/profile')]);
  });
});

describe('engines', () => {
  it('plugs in a command template that writes WAV to {out_file}', { timeout: 60_000 }, async () => {
    const tone = readerSettingsOf(
      { READER_ENGINE: 'command', READER_COMMAND: 'sox -n -r 16000 -c 1 -b 16 {out_file} synth 1.5 sine 440' },
      path.join(root, 'cache-tone'),
    );
    const out = path.join(root, 'out-tone');
    const stats = await synthesizeSite({ ...(await site(dist)), settings: tone, outDir: out });
    expect(stats.pages).toBe(3);
    const manifest = JSON.parse(await readFile(path.join(out, readerManifestPath('/news/detail/1').slice(1)), 'utf8')) as ReaderManifest;
    expect(manifest.segments[0]!.durationMs).toBe(1500);
    expect(Math.abs(soxDuration(path.join(out, manifest.segments[0]!.src.slice(1))) - 1.5)).toBeLessThan(0.2);
  });

  it('gives the command the text on stdin and accepts MP3 output (READER_COMMAND_FORMAT=mp3)', { timeout: 60_000 }, async () => {
    const spoken = readerSettingsOf(
      {
        READER_ENGINE: 'command',
        READER_COMMAND: 'espeak-ng -v cmn-latn-pinyin --stdin -w /dev/stdout | lame --quiet - {out_file}',
        READER_COMMAND_FORMAT: 'mp3',
      },
      path.join(root, 'cache-stdin'),
    );
    const out = path.join(root, 'out-stdin');
    await synthesizeSite({ ...(await site(dist)), settings: spoken, outDir: out });
    const manifest = JSON.parse(await readFile(path.join(out, readerManifestPath('/about/profile').slice(1)), 'utf8')) as ReaderManifest;
    // Speech of a dozen characters: a few seconds, not a silent or empty file.
    expect(manifest.durationMs).toBeGreaterThan(2000);
    expect(manifest.durationMs).toBeLessThan(10_000);
  });

  it('fails naming the page and the command when the engine fails', async () => {
    const broken = readerSettingsOf(
      { READER_ENGINE: 'command', READER_COMMAND: 'sh -c "echo no voice >&2; exit 3"' },
      path.join(root, 'cache-broken'),
    );
    const oneEnginePage = path.join(root, 'dist-broken');
    await mkdir(path.join(oneEnginePage, 'news', 'detail', '1'), { recursive: true });
    await writeFile(path.join(oneEnginePage, 'news', 'detail', '1', 'index.html'), page('/news/detail/1', '新聞', '<p>內文。</p>'));
    await expect(synthesizeSite({ ...(await site(oneEnginePage)), settings: broken })).rejects.toThrow(
      /news[/\\]detail[/\\]1[/\\]index\.html failed: .*exited with 3: no voice/,
    );
  });

  it.each([
    ['an espeak-ng voice that does not exist', { READER_VOICE: 'nonexistentvoice' }, /no voice "nonexistentvoice"/],
    [
      'a voice the WebAssembly espeak-ng lacks',
      { READER_ENGINE: 'espeak-ng-wasm', READER_VOICE: 'nonexistentvoice' },
      /WebAssembly espeak-ng has no voice "nonexistentvoice"/,
    ],
    [
      "Debian's programs asked for but absent",
      { READER_ENGINE: 'espeak-ng-native', READER_ESPEAK_NG: MISSING_PROGRAM },
      /espeak-ng is not installed/,
    ],
    ['a command whose program is not installed', { READER_ENGINE: 'command', READER_COMMAND: 'no-such-tts-cli {out_file}' }, /no-such-tts-cli/],
    ['the command engine without a command', { READER_ENGINE: 'command' }, /READER_COMMAND/],
  ])('with %s: warns once, gives pages no readerPath and builds no audio', { timeout: 30_000 }, async (_, env, reason) => {
    const { log, warnings } = logger();
    const { setup, source } = await setUp({ ...env, READER_CACHE_DIR: path.join(root, 'cache-off') }, log);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(reason);
    expect(source).toBe('export const readerEnabled = false;');
    expect(pageReaderPath(false, '/news/detail/1')).toBeUndefined();
    const out = path.join(root, 'dist-off');
    await mkdir(out, { recursive: true });
    await buildAudio(out, await pageFiles(out), setup, log);
    expect(existsSync(path.join(out, 'reader'))).toBe(false);
    expect(warnings).toHaveLength(1);
  });

  it('is on with espeak-ng installed: pages get their readerPath', async () => {
    const { log, warnings } = logger();
    const { source } = await setUp({}, log);
    expect(warnings).toEqual([]);
    expect(source).toBe('export const readerEnabled = true;');
    expect(pageReaderPath(true, '/news/detail/1')).toBe(readerManifestPath('/news/detail/1'));
  });
});

describe('the WebAssembly engine (npm install alone)', () => {
  it('reads Chinese characters as Mandarin with its voice, never switching to English', async () => {
    const espeak = await new (await initEspeak()).eSpeakNGWorker();
    expect(espeak.set_voice(READER_DEFAULTS.wasmVoice)).toBe(0);
    const phonemes = espeak.synthesize_ipa('和泰產險以客戶為尊，誠信經營。').ipa;
    // One stressed Mandarin syllable per character; `(en)` would mark a switch to English (Debian's plain cmn
    // speaks its pinyin so).
    expect(phonemes).not.toContain('(en)');
    expect(phonemes.match(/ˈ/g)?.length).toBe(13);
  });

  it("makes the site's MP3 (mono, 16 kHz, 24 kbit/s) of a Chinese sentence, even where Debian's programs exist", { timeout: 60_000 }, async () => {
    const wasm = readerSettingsOf({ READER_ENGINE: 'espeak-ng-wasm' }, path.join(root, 'cache-wasm'));
    const out = path.join(root, 'out-wasm');
    const lines: string[] = [];
    const stats = await synthesizeSite({ ...(await site(dist)), settings: wasm, outDir: out, log: (line) => lines.push(line), concurrency: 2 });
    expect(stats.engine).toBe('espeak-ng-wasm');
    expect(lines[0]).toMatch(/^Audio reader: espeak-ng-wasm .*voice cmn/);
    const manifest = JSON.parse(await readFile(path.join(out, readerManifestPath('/about/profile').slice(1)), 'utf8')) as ReaderManifest;
    const file = path.join(out, manifest.segments[0]!.src.slice(1));
    expect(soxi('-t', file)).toBe('mp3');
    expect(soxi('-c', file)).toBe('1');
    expect(soxi('-r', file)).toBe('16000');
    expect(soxi('-B', file)).toMatch(/^24(\.0)?k$/);
    // Speech of its 20-odd characters (title, date, body): about 3 to 6 characters a second.
    const chars = extractReaderPage(await readFile(path.join(dist, 'about', 'profile', 'index.html'), 'utf8'))!.text.length;
    expect(soxDuration(file) / chars).toBeGreaterThan(1 / 6);
    expect(soxDuration(file) / chars).toBeLessThan(1 / 2.5);
    expect(Math.abs(soxDuration(file) - manifest.durationMs / 1000)).toBeLessThan(0.2);
  });

  it("is the default engine, even where Debian's programs are installed", { timeout: 60_000 }, async () => {
    const probe = await probeEngine(readerSettingsOf({}, path.join(root, 'cache-default')));
    expect(probe.ok && probe.settings.engine).toBe('espeak-ng-wasm');
    expect(probe.ok && probe.settings.voice).toBe(READER_DEFAULTS.wasmVoice);
  });

  it("takes over with READER_ENGINE=espeak-ng when Debian's espeak-ng or lame is absent, and the build log names it", {
    timeout: 60_000,
  }, async () => {
    for (const env of [
      { READER_ENGINE: 'espeak-ng', READER_ESPEAK_NG: MISSING_PROGRAM },
      { READER_ENGINE: 'espeak-ng', READER_LAME: '/nonexistent/bin/lame' },
    ]) {
      const probe = await probeEngine(readerSettingsOf(env, path.join(root, 'cache-fallback')));
      expect(probe.ok && probe.settings.engine).toBe('espeak-ng-wasm');
      expect(probe.ok && probe.description).toMatch(/(espeak-ng|lame) program is not installed/);
    }
    const { log, warnings, infos } = logger();
    const { setup, source } = await setUp(
      { READER_ENGINE: 'espeak-ng', READER_ESPEAK_NG: MISSING_PROGRAM, READER_CACHE_DIR: path.join(root, 'cache-fallback') },
      log,
    );
    expect(warnings).toEqual([]);
    expect(source).toBe('export const readerEnabled = true;');
    const out = path.join(root, 'dist-fallback');
    await rm(out, { recursive: true, force: true });
    await cp(dist, out, { recursive: true });
    await buildAudio(out, await pageFiles(out), setup, log);
    expect(infos.filter((line) => /espeak-ng-wasm/.test(line))).toHaveLength(1);
    expect(infos[0]).toMatch(/espeak-ng-wasm .*the espeak-ng program is not installed/);
    expect(infos.at(-1)).toMatch(/^3 pages with audio/);
    expect(existsSync(path.join(out, readerManifestPath('/news/detail/1').slice(1)))).toBe(true);
  });

  it('shows progress while it synthesizes: pages done of all and the time left', { timeout: 60_000 }, async () => {
    const lines: string[] = [];
    const wasm = readerSettingsOf({ READER_ENGINE: 'espeak-ng-wasm' }, path.join(root, 'cache-progress'));
    // Interval 0: a progress line at every finished segment or page (the build uses one every few seconds).
    await synthesizeSite({
      ...(await site(dist)),
      settings: wasm,
      outDir: path.join(root, 'out-progress'),
      log: (line) => lines.push(line),
      progressIntervalMs: 0,
      concurrency: 1,
    });
    const progress = lines.filter((line) => /pages, about/.test(line));
    expect(progress.length).toBeGreaterThan(0);
    for (const line of progress) expect(line).toMatch(/^Audio reader: [0-2]\/3 pages, about (\d+ s|\d+ min \d\d s) left$/);
  });
});
