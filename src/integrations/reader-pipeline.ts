/**
 * The speech pipeline of the audio reader (issue 7; spec §1 "an audio reader for page content"; issue 13), run at
 * build time by src/integrations/reader.ts and by the benchmark (scripts/bench/reader.mjs):
 *
 *   built page (dist HTML) → readable text (`extractReaderPage`, numbers as words by src/lib/reader-text.ts) →
 *   segments (`splitSegments`) → speech engine → MP3 (mono, 16 kHz, 24 kbit/s) → `dist/reader/audio/<hash>.mp3`
 *   + a manifest at the page's readerPath.
 *
 * Engines (`ReaderSettings.engine`, READER_ENGINE):
 * - `espeak-ng` (default): Debian's espeak-ng and lame programs when both are installed (the faster choice), else
 *   the same synthesizer compiled to WebAssembly, installed by `npm install` (`espeak-ng-wasm`).
 * - `espeak-ng-native`: the programs only (espeak-ng → WAV, lame → MP3).
 * - `espeak-ng-wasm`: the WebAssembly build only (src/integrations/reader-wasm.ts: espeak-ng and LAME in worker
 *   threads).
 * - `command`: a shell command template that receives the text and writes audio, so any TTS vendor's CLI plugs in
 *   without code changes (`{text_file}` / `{out_file}` placeholders, the text also on stdin); lame encodes.
 * - `off` disables the reader.
 * Every synthesized segment is cached under `cacheDir`, keyed by sha256 of its text and the engine settings, the
 * engine that ran included: the two espeak-ng builds differ in version and voice, so switching engines starts a
 * separate set of cache entries (both kept), never mixes their audio within a site.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import pLimit from 'p-limit';
import { quote } from 'shell-quote';
import { READER_AUDIO_DIR, READER_DIR, type ReaderManifest } from '../lib/reader-path.ts';
import { speakableText } from '../lib/reader-text.ts';
import { probeWasmSpeech, WasmSpeechPool } from './reader-wasm.ts';

/** Speech and encoding parameters of the default pipeline. */
export const READER_DEFAULTS = {
  /**
   * Voice of Debian's espeak-ng (1.51): Mandarin reading Chinese characters. Its plain `cmn` turns Traditional
   * characters into pinyin and speaks the pinyin as English.
   */
  nativeVoice: 'cmn-latn-pinyin',
  /**
   * Voice of the WebAssembly espeak-ng (1.52, Echogarden's build): its `cmn` reads Chinese characters as Mandarin
   * with tones (checked on its phonemes: no switch to English), so the plain Mandarin voice is the one.
   */
  wasmVoice: 'cmn',
  /** espeak-ng speaking rate, words per minute (espeak-ng's own default). */
  wordsPerMinute: 175,
  /** MP3 bit rate, kbit/s (mono speech at 16 kHz: clear at 24). */
  bitrateKbps: 24,
  /**
   * lame's algorithm quality, 0 (best, slowest) to 9; 7 costs about 30 % less time than lame's default 3 for speech.
   * The WebAssembly encoder has no such setting (LAME's default).
   */
  encoderQuality: 7,
  /** MP3 sample rate, kHz (speech needs no more). */
  sampleRateKhz: 16,
  /** Longest segment in characters (≈ 75 s of Mandarin speech); a page with more text gets several segments. */
  segmentMaxChars: 300,
  /** Format the `command` engine writes to {out_file}. */
  commandFormat: 'wav',
  /** The espeak-ng and lame programs (looked up on PATH). */
  espeakProgram: 'espeak-ng',
  lameProgram: 'lame',
  /** Least time between two progress lines of a long synthesis, ms. */
  progressIntervalMs: 5000,
} as const;

/** Bumped when the pipeline's output changes for the same settings and text, so old cache entries are not reused. */
const PIPELINE_VERSION = 1;

/** Page parts that are never read aloud, even inside a `[data-reader-text]` element. */
export const READER_EXCLUDE = 'nav, form, button, select, script, style, svg, img, astro-island, [data-reader-skip], .visually-hidden';

/** READER_ENGINE values. */
export const READER_ENGINES = ['espeak-ng', 'espeak-ng-native', 'espeak-ng-wasm', 'command', 'off'] as const;
export type ReaderEngine = (typeof READER_ENGINES)[number];
/** An engine that synthesizes: what `espeak-ng` resolves to here, or the command. */
export type SpeechEngine = 'espeak-ng-native' | 'espeak-ng-wasm' | 'command';

export interface ReaderSettings {
  engine: ReaderEngine;
  /** espeak-ng voice (READER_VOICE); undefined: the engine's own (READER_DEFAULTS.nativeVoice / wasmVoice). */
  voice?: string;
  /** espeak-ng rate, words per minute. */
  wordsPerMinute: number;
  /** `command` engine: shell template with {text_file} and {out_file}; the text is also on stdin. */
  command?: string;
  /** `command` engine: what it writes to {out_file}. */
  commandFormat: 'wav' | 'mp3';
  bitrateKbps: number;
  encoderQuality: number;
  sampleRateKhz: number;
  segmentMaxChars: number;
  /** The espeak-ng and lame programs: names on PATH or paths. */
  espeakProgram: string;
  lameProgram: string;
  /** Folder of the synthesis cache (absolute). */
  cacheDir: string;
}

/** Settings with the engine that will run: `espeak-ng` resolved to the native or wasm build, the voice set. */
export type ResolvedReaderSettings = Omit<ReaderSettings, 'engine' | 'voice'> & { engine: SpeechEngine; voice: string };

/**
 * Settings from the environment: READER_ENGINE (`espeak-ng` default | `espeak-ng-native` | `espeak-ng-wasm` |
 * `command` | `off`), READER_VOICE, READER_RATE_WPM, READER_COMMAND, READER_COMMAND_FORMAT (`wav` | `mp3`),
 * READER_ESPEAK_NG and READER_LAME (the programs, default on PATH), READER_CACHE_DIR (else `defaultCacheDir`).
 * Throws on an unknown engine or format, naming the variable.
 */
export function readerSettingsFromEnv(env: NodeJS.ProcessEnv, defaultCacheDir: string): ReaderSettings {
  const engine = (env.READER_ENGINE || 'espeak-ng') as ReaderEngine;
  if (!READER_ENGINES.includes(engine)) {
    throw new Error(`READER_ENGINE must be ${READER_ENGINES.join(', ')}, not "${env.READER_ENGINE}".`);
  }
  const commandFormat = (env.READER_COMMAND_FORMAT || READER_DEFAULTS.commandFormat) as 'wav' | 'mp3';
  if (!['wav', 'mp3'].includes(commandFormat)) {
    throw new Error(`READER_COMMAND_FORMAT must be wav or mp3, not "${env.READER_COMMAND_FORMAT}".`);
  }
  const wpm = env.READER_RATE_WPM ? Number(env.READER_RATE_WPM) : READER_DEFAULTS.wordsPerMinute;
  if (!Number.isInteger(wpm) || wpm < 80 || wpm > 450) {
    throw new Error(`READER_RATE_WPM must be a whole number from 80 to 450, not "${env.READER_RATE_WPM}".`);
  }
  return {
    engine,
    voice: env.READER_VOICE || undefined,
    wordsPerMinute: wpm,
    command: env.READER_COMMAND || undefined,
    commandFormat,
    bitrateKbps: READER_DEFAULTS.bitrateKbps,
    encoderQuality: READER_DEFAULTS.encoderQuality,
    sampleRateKhz: READER_DEFAULTS.sampleRateKhz,
    segmentMaxChars: READER_DEFAULTS.segmentMaxChars,
    espeakProgram: env.READER_ESPEAK_NG || READER_DEFAULTS.espeakProgram,
    lameProgram: env.READER_LAME || READER_DEFAULTS.lameProgram,
    cacheDir: path.resolve(env.READER_CACHE_DIR || defaultCacheDir),
  };
}

/** Whether a program can be run: found on PATH (or an existing path). */
function onPath(program: string): boolean {
  return spawnSync('sh', ['-c', 'command -v "$1"', 'sh', program], { stdio: 'ignore' }).status === 0;
}

/** The outcome of `probeEngine`. */
export type EngineProbe =
  | { ok: true; settings: ResolvedReaderSettings; description: string }
  | { ok: false; reason: string };

/**
 * Which engine will synthesize here, and whether it can. `{ ok: true, settings, description }`: the settings with
 * the engine resolved (`espeak-ng` → `espeak-ng-native` when the espeak-ng and lame programs are both installed,
 * else `espeak-ng-wasm`) and the voice set, and one sentence naming the engine for the build log.
 * `{ ok: false, reason }` (a sentence naming what is missing) when the engine is `off`, a program is not installed,
 * the voice does not exist, the WebAssembly build does not load, or `command` has no READER_COMMAND. Never throws.
 */
export async function probeEngine(settings: ReaderSettings): Promise<EngineProbe> {
  const { engine } = settings;
  if (engine === 'off') return { ok: false, reason: 'READER_ENGINE=off' };
  const lameMissing = `lame (the MP3 encoder) is not installed (apt-get install lame; or READER_LAME)`;
  if (engine === 'command') {
    if (!onPath(settings.lameProgram)) return { ok: false, reason: lameMissing };
    if (!settings.command) return { ok: false, reason: 'READER_ENGINE=command needs READER_COMMAND' };
    const program = settings.command.trim().split(/\s+/)[0] ?? '';
    if (!onPath(program)) return { ok: false, reason: `the READER_COMMAND program "${program}" is not installed` };
    return { ok: true, settings: { ...settings, engine, voice: '' }, description: `READER_COMMAND (${program}), lame` };
  }
  const programs = { espeak: onPath(settings.espeakProgram), lame: onPath(settings.lameProgram) };
  if (engine === 'espeak-ng-native' || (engine === 'espeak-ng' && programs.espeak && programs.lame)) {
    if (!programs.espeak) return { ok: false, reason: `espeak-ng is not installed (apt-get install espeak-ng; or READER_ESPEAK_NG)` };
    if (!programs.lame) return { ok: false, reason: lameMissing };
    const voice = settings.voice ?? READER_DEFAULTS.nativeVoice;
    const check = spawnSync(settings.espeakProgram, ['-v', voice, '-q', '一'], { stdio: 'ignore' });
    if (check.status !== 0) return { ok: false, reason: `espeak-ng has no voice "${voice}" (READER_VOICE)` };
    return {
      ok: true,
      settings: { ...settings, engine: 'espeak-ng-native', voice },
      description: `espeak-ng-native (the espeak-ng and lame programs, voice ${voice})`,
    };
  }
  const voice = settings.voice ?? READER_DEFAULTS.wasmVoice;
  const resolved: ResolvedReaderSettings = { ...settings, engine: 'espeak-ng-wasm', voice };
  const wasm = await probeWasmSpeech(resolved);
  if (!wasm.ok) return { ok: false, reason: wasm.reason };
  const missing = [!programs.espeak && 'espeak-ng', !programs.lame && 'lame'].filter(Boolean).join(' and ');
  const why = engine === 'espeak-ng' ? `; the ${missing} program${missing.includes(' and ') ? 's are' : ' is'} not installed (apt-get install espeak-ng lame: faster)` : '';
  return {
    ok: true,
    settings: resolved,
    description: `espeak-ng-wasm (espeak-ng and LAME compiled to WebAssembly, from npm; voice ${voice})${why}`,
  };
}

/** The settings that change the audio, as the cache key's salt. */
function engineSignature(settings: ResolvedReaderSettings): string {
  const { engine, voice, wordsPerMinute, command, commandFormat, bitrateKbps, encoderQuality, sampleRateKhz } = settings;
  if (engine === 'espeak-ng-wasm') {
    return JSON.stringify({ v: PIPELINE_VERSION, engine, voice, wordsPerMinute, bitrateKbps, sampleRateKhz });
  }
  // The native engine keeps the name it had before the wasm build came (`espeak-ng`), so existing caches stay valid.
  const engineParts = engine === 'espeak-ng-native' ? { engine: 'espeak-ng', voice, wordsPerMinute } : { engine, command, commandFormat };
  return JSON.stringify({ v: PIPELINE_VERSION, ...engineParts, bitrateKbps, encoderQuality, sampleRateKhz });
}

/** Cache key of one segment: sha256 hex of its text and the settings of the engine that runs. */
export function segmentKey(text: string, settings: ResolvedReaderSettings): string {
  return createHash('sha256').update(engineSignature(settings)).update('\n').update(text).digest('hex');
}

/** A readable page: where its manifest goes (its readerPath) and its text, as it will be spoken. */
export interface ReaderPage {
  readerPath: string;
  text: string;
}

/** Ends a line that has no closing punctuation with 。, so the engine pauses between headings and paragraphs. */
function endSentence(line: string): string {
  return /[。！？!?；;：:，,、…]$/.test(line) ? line : `${line}。`;
}

/**
 * The readable text of a built page, or undefined when the page has no reader (its `main` lacks `data-reader`,
 * set by SiteLayout to the readerPath) or nothing to read. Text comes from the `[data-reader-text]` elements
 * inside main, in document order (nested ones once), without READER_EXCLUDE parts; its numbers (dates, times,
 * phone numbers, amounts, percentages) written as the words a listener expects (`speakableText`,
 * src/lib/reader-text.ts): this text is what the engine receives.
 * @param html the page's HTML
 */
export function extractReaderPage(html: string): ReaderPage | undefined {
  if (!html.includes('data-reader=')) return undefined;
  const main = parse(html).querySelector('main[data-reader]');
  const readerPath = main?.getAttribute('data-reader');
  if (!main || !readerPath) return undefined;
  const parts = main.querySelectorAll('[data-reader-text]').filter((element) => {
    for (let up = element.parentNode as HTMLElement | null; up && up !== main; up = up.parentNode as HTMLElement | null) {
      if (up.hasAttribute?.('data-reader-text')) return false;
    }
    return true;
  });
  const lines: string[] = [];
  for (const part of parts) {
    for (const excluded of part.querySelectorAll(READER_EXCLUDE)) excluded.remove();
    for (const line of part.structuredText.split('\n')) {
      const clean = line.replace(/\s+/g, ' ').trim();
      if (clean) lines.push(endSentence(clean));
    }
  }
  const text = speakableText(lines.join('\n'));
  return text ? { readerPath, text } : undefined;
}

/**
 * Splits text into segments of at most `maxChars` characters, at sentence ends (。！？!?；; or a line break), a
 * sentence longer than that at a comma, and as a last resort at `maxChars`. Whitespace-only segments are dropped.
 */
export function splitSegments(text: string, maxChars: number): string[] {
  const pieces: string[] = [];
  for (const sentence of text.match(/[^。！？!?；;\n]+[。！？!?；;]*\n?|\n/g) ?? []) {
    if (sentence.length <= maxChars) {
      pieces.push(sentence);
      continue;
    }
    for (const clause of sentence.match(/[^，,、]+[，,、]*/g) ?? []) {
      for (let i = 0; i < clause.length; i += maxChars) pieces.push(clause.slice(i, i + maxChars));
    }
  }
  const segments: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (current.length + piece.length > maxChars && current.trim()) {
      segments.push(current.trim());
      current = '';
    }
    current += piece;
  }
  if (current.trim()) segments.push(current.trim());
  return segments;
}

/** Runs a program; resolves when it exits 0, rejects naming the command, exit code and stderr otherwise. */
function run(program: string, args: string[], input?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: [input === undefined ? 'ignore' : 'pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => reject(new Error(`Reader: cannot run ${program}: ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`Reader: ${program} ${args.join(' ').slice(0, 200)} exited with ${code}: ${stderr.trim().slice(0, 500)}`));
    });
    // A command that does not read its stdin closes it: that is not an error.
    child.stdin?.on('error', () => undefined);
    if (input !== undefined) child.stdin?.end(input);
  });
}

/**
 * Duration in ms of a PCM WAV file, from its `fmt ` and `data` chunks (a streamed header's size 0 or 0xFFFFFFFF
 * means "to the end of the file"). Throws naming the file when it is not a PCM WAV.
 */
export function wavDurationMs(wav: Buffer, file = 'audio'): number {
  if (wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error(`Reader: ${file} is not a WAV file.`);
  }
  let offset = 12;
  let bytesPerSecond = 0;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === 'fmt ') bytesPerSecond = wav.readUInt32LE(offset + 16);
    if (id === 'data') {
      if (!bytesPerSecond) break;
      const available = wav.length - offset - 8;
      const dataBytes = size === 0 || size === 0xffffffff || size > available ? available : size;
      return Math.round((dataBytes / bytesPerSecond) * 1000);
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error(`Reader: ${file} has no PCM fmt/data chunk.`);
}

/** A segment in the cache: its MP3 file, duration (ms) and size (bytes). */
interface CachedSegment {
  file: string;
  durationMs: number;
  bytes: number;
}

/** Cache files of a segment: its MP3 and its metadata (duration, bytes). */
function cacheFiles(text: string, settings: ResolvedReaderSettings): { key: string; file: string; metaFile: string } {
  const key = segmentKey(text, settings);
  return { key, file: path.join(settings.cacheDir, `${key}.mp3`), metaFile: path.join(settings.cacheDir, `${key}.json`) };
}

/** Whether a segment's audio is in the cache. */
function isCached(text: string, settings: ResolvedReaderSettings): boolean {
  const { file, metaFile } = cacheFiles(text, settings);
  return existsSync(metaFile) && existsSync(file);
}

/** One word quoted for sh (shell-quote), for the READER_COMMAND template's placeholders. */
const quoteShellWord = (value: string): string => quote([value]);

/** MP3 of `text` by the espeak-ng and lame programs, or by the command and lame, written to `mp3`; its duration (ms). */
async function speakWithPrograms(text: string, settings: ResolvedReaderSettings, work: string, mp3: string): Promise<number> {
  const textFile = path.join(work, 'text.txt');
  const wavFile = path.join(work, 'speech.wav');
  await writeFile(textFile, text);
  if (settings.engine === 'espeak-ng-native') {
    await run(settings.espeakProgram, ['-v', settings.voice, '-s', String(settings.wordsPerMinute), '-w', wavFile, '-f', textFile]);
  } else {
    const outFile = settings.commandFormat === 'mp3' ? path.join(work, 'speech.mp3') : wavFile;
    const command = (settings.command ?? '')
      .replaceAll('{text_file}', quoteShellWord(textFile))
      .replaceAll('{out_file}', quoteShellWord(outFile));
    await run('sh', ['-c', command], text);
    if (!existsSync(outFile)) throw new Error(`Reader: READER_COMMAND wrote no audio to {out_file} (${command}).`);
    if (settings.commandFormat === 'mp3') await run(settings.lameProgram, ['--quiet', '--decode', outFile, wavFile]);
  }
  const durationMs = wavDurationMs(await readFile(wavFile), `the ${settings.engine} output`);
  await run(settings.lameProgram, [
    ...['--quiet', '-m', 'm', '-q', String(settings.encoderQuality), '-b', String(settings.bitrateKbps)],
    ...['--resample', String(settings.sampleRateKhz), wavFile, mp3],
  ]);
  return durationMs;
}

/**
 * Synthesizes one segment into the cache (or finds it there), with the engine of `settings` (resolved by
 * `probeEngine`). The wasm engine uses `wasm` when given (synthesizeSite's pool), else a pool of its own for this
 * one call. Returns the entry and whether it was synthesized now, with the time it took (ms). Throws naming the
 * engine's command when synthesis or encoding fails.
 */
export async function synthesizeSegment(
  text: string,
  settings: ResolvedReaderSettings,
  wasm?: WasmSpeechPool,
): Promise<CachedSegment & { synthesized: boolean; ms: number }> {
  const { file, metaFile } = cacheFiles(text, settings);
  if (isCached(text, settings)) {
    const meta = JSON.parse(await readFile(metaFile, 'utf8')) as { durationMs: number; bytes: number };
    return { file, ...meta, synthesized: false, ms: 0 };
  }
  const started = performance.now();
  await mkdir(settings.cacheDir, { recursive: true });
  const work = await mkdtemp(path.join(tmpdir(), 'reader-'));
  try {
    const mp3 = path.join(work, 'speech.mp3.out');
    let durationMs: number;
    if (settings.engine === 'espeak-ng-wasm') {
      const pool = wasm ?? new WasmSpeechPool(settings, 1);
      try {
        const speech = await pool.speak(text);
        await writeFile(mp3, speech.mp3);
        durationMs = speech.durationMs;
      } finally {
        if (!wasm) await pool.close();
      }
    } else {
      durationMs = await speakWithPrograms(text, settings, work, mp3);
    }
    const bytes = (await stat(mp3)).size;
    // Written under temporary names and renamed, so a cut-off build leaves no half entry.
    await copyFile(mp3, `${file}.tmp`);
    await rename(`${file}.tmp`, file);
    await writeFile(`${metaFile}.tmp`, JSON.stringify({ durationMs, bytes }));
    await rename(`${metaFile}.tmp`, metaFile);
    return { file, durationMs, bytes, synthesized: true, ms: performance.now() - started };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** What one synthesis run did. Times in ms, sizes in bytes. */
export interface ReaderStats {
  /** The engine that ran (probeEngine's description) and its resolved id. */
  engine: SpeechEngine;
  engineDescription: string;
  /** Pages that got a manifest. */
  pages: number;
  /** Segments over all pages, and distinct segments (same text = one file). */
  segments: number;
  uniqueSegments: number;
  /** Distinct segments synthesized now, and found in the cache. */
  synthesized: number;
  cached: number;
  /** Bytes of all distinct audio files written. */
  audioBytes: number;
  /** Seconds of audio over all pages. */
  audioSeconds: number;
  /** Engine + encoder time summed over segments synthesized now (ms), and the run's wall time (ms). */
  synthesisMs: number;
  wallMs: number;
  /** Per page: its route's readerPath, text length (chars), segments, and synthesis time of its segments now (ms). */
  perPage: { readerPath: string; chars: number; segments: number; synthesisMs: number }[];
}

/** Every `.html` file under `dir`. */
async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.html')).map((entry) => path.join(entry.parentPath, entry.name));
}

/** "1 min 05 s" / "12 s": a duration in ms for the log. */
function spokenDuration(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/**
 * Progress of a synthesis for the log: `progress(pagesDone, charsDone)` logs "Audio reader: 40/132 pages, about
 * 1 min 10 s left" when `intervalMs` has passed since the last line. Time left = time so far × characters still
 * to synthesize / characters synthesized (cached segments cost nothing).
 */
function progressReporter(options: { pages: number; charsToSynthesize: number; intervalMs: number; log: (line: string) => void }) {
  const started = performance.now();
  let last = started;
  return (pagesDone: number, charsDone: number) => {
    const now = performance.now();
    if (now - last < options.intervalMs || pagesDone >= options.pages || charsDone === 0) return;
    last = now;
    const left = ((now - started) * Math.max(0, options.charsToSynthesize - charsDone)) / charsDone;
    options.log(`Audio reader: ${pagesDone}/${options.pages} pages, about ${spokenDuration(left)} left`);
  };
}

/**
 * Gives every built page that asks for it (main `data-reader`) its audio: reads the pages of `distDir`, splits
 * their text into segments, resolves the engine (`probeEngine`), synthesizes the segments not in the cache with a
 * pool of `concurrency` workers (default: the machine's available parallelism), copies the MP3 files to
 * `<outDir>/reader/audio/` (the folder emptied first) and writes each page's manifest (ReaderManifest) at its
 * readerPath under `outDir` (default `distDir`).
 * `log` (default: none) receives one line naming the engine and how many segments it has to synthesize, then
 * while it synthesizes a progress line (pages done of all, time left) at most every `progressIntervalMs`
 * (default READER_DEFAULTS.progressIntervalMs).
 * `engine` (optional): the result of an earlier `probeEngine(settings)`, so the engine is not probed twice.
 * Throws when no engine is usable (the probe's reason) or (naming the page) when a page's text cannot be synthesized.
 */
export async function synthesizeSite(options: {
  distDir: string;
  /** The HTML pages of `distDir` (the build pipeline's one walk, BuiltPages.files); found here when absent. */
  pages?: readonly string[];
  settings: ReaderSettings;
  outDir?: string;
  concurrency?: number;
  /** The engine `probeEngine(settings)` already found (the build's config step); probed here when absent. */
  engine?: Extract<EngineProbe, { ok: true }>;
  log?: (line: string) => void;
  progressIntervalMs?: number;
}): Promise<ReaderStats> {
  const { distDir } = options;
  const outDir = options.outDir ?? distDir;
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const probe = options.engine ?? (await probeEngine(options.settings));
  if (!probe.ok) throw new Error(`Reader: no speech engine: ${probe.reason}.`);
  const settings = probe.settings;
  const pages: (ReaderPage & { segments: string[]; file: string })[] = [];
  for (const file of options.pages ?? (await htmlFiles(distDir))) {
    const page = extractReaderPage(await readFile(file, 'utf8'));
    if (page) pages.push({ ...page, file, segments: splitSegments(page.text, settings.segmentMaxChars) });
  }
  const distinct = new Set(pages.flatMap((page) => page.segments));
  const toSynthesize = [...distinct].filter((text) => !isCached(text, settings));
  log(
    `Audio reader: ${probe.description}: ${toSynthesize.length} of ${distinct.size} segments to synthesize ` +
      `for ${pages.length} pages, the rest from the cache`,
  );
  const concurrency = Math.max(1, options.concurrency ?? availableParallelism());
  const limit = pLimit(concurrency);
  const wasm = settings.engine === 'espeak-ng-wasm' && toSynthesize.length > 0 ? new WasmSpeechPool(settings, Math.min(concurrency, toSynthesize.length)) : undefined;
  // The time left is estimated from the speed so far: start counting once the engine has loaded.
  await wasm?.ready().catch(async (error: Error) => {
    await wasm.close();
    throw new Error(`Reader: ${error.message}`, { cause: error });
  });
  const progress = progressReporter({
    pages: pages.length,
    charsToSynthesize: toSynthesize.reduce((sum, text) => sum + text.length, 0),
    intervalMs: options.progressIntervalMs ?? READER_DEFAULTS.progressIntervalMs,
    log,
  });
  let pagesDone = 0;
  let charsDone = 0;
  const audioDir = path.join(outDir, READER_DIR, READER_AUDIO_DIR);
  // The folder is this step's alone, and dist/ is kept between builds (src/integrations/output-folder.ts): start
  // it afresh, so that the audio of pages removed or reworded since goes.
  await rm(path.join(outDir, READER_DIR), { recursive: true, force: true });
  await mkdir(audioDir, { recursive: true });
  const jobs = new Map<string, Promise<CachedSegment & { synthesized: boolean; ms: number; src: string }>>();
  const segmentJob = (text: string, page: string) => {
    const key = segmentKey(text, settings);
    let job = jobs.get(key);
    if (!job) {
      job = limit(async () => {
        const entry = await synthesizeSegment(text, settings, wasm).catch((error: Error) => {
          throw new Error(`Reader: the audio of ${page} failed: ${error.message}`, { cause: error });
        });
        const name = `${key.slice(0, 24)}.mp3`;
        await copyFile(entry.file, path.join(audioDir, name));
        if (entry.synthesized) {
          charsDone += text.length;
          progress(pagesDone, charsDone);
        }
        return { ...entry, src: `/${READER_DIR}/${READER_AUDIO_DIR}/${name}` };
      });
      jobs.set(key, job);
    }
    return job;
  };
  const perPage: ReaderStats['perPage'] = [];
  let audioMs = 0;
  try {
    await Promise.all(
      pages.map(async (page) => {
        const relative = path.relative(distDir, page.file);
        const done = await Promise.all(page.segments.map((text) => segmentJob(text, relative)));
        const manifest: ReaderManifest = {
          version: 1,
          page: relative,
          durationMs: done.reduce((sum, segment) => sum + segment.durationMs, 0),
          segments: done.map(({ src, durationMs }) => ({ src, durationMs })),
        };
        audioMs += manifest.durationMs;
        const manifestFile = path.join(outDir, page.readerPath.replace(/^\//, ''));
        await mkdir(path.dirname(manifestFile), { recursive: true });
        await writeFile(manifestFile, JSON.stringify(manifest));
        perPage.push({
          readerPath: page.readerPath,
          chars: page.text.length,
          segments: done.length,
          synthesisMs: done.reduce((sum, segment) => sum + (segment.synthesized ? segment.ms : 0), 0),
        });
        pagesDone += 1;
        progress(pagesDone, charsDone);
      }),
    );
  } finally {
    await wasm?.close();
  }
  const unique = await Promise.all(jobs.values());
  return {
    engine: settings.engine,
    engineDescription: probe.description,
    pages: pages.length,
    segments: pages.reduce((sum, page) => sum + page.segments.length, 0),
    uniqueSegments: unique.length,
    synthesized: unique.filter((entry) => entry.synthesized).length,
    cached: unique.filter((entry) => !entry.synthesized).length,
    audioBytes: unique.reduce((sum, entry) => sum + entry.bytes, 0),
    audioSeconds: Math.round(audioMs / 1000),
    synthesisMs: Math.round(unique.reduce((sum, entry) => sum + entry.ms, 0)),
    wallMs: Math.round(performance.now() - started),
    perPage,
  };
}
