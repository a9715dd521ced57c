/**
 * The audio reader's settings (REFERENCE.md "Product": "an audio reader for page content"; the reader's modules are settings, text,
 * engines and site steps): the speech and encoding defaults, the engine names, and the READER_* environment
 * variables parsed into one `ReaderSettings` value that the other reader modules (src/integrations/reader/) take as
 * an argument.
 *
 * Engines (`ReaderSettings.engine`, READER_ENGINE; how each runs: src/integrations/reader/engines.ts):
 * - `espeak-ng-wasm` (default, READER_ENGINE_DEFAULT of src/settings.ts: it pronounces best): espeak-ng 1.52 and
 *   LAME compiled to WebAssembly, installed by `npm install` (src/integrations/reader/wasm.ts: in worker threads).
 * - `espeak-ng-native`: Debian's espeak-ng 1.51 and lame programs only (espeak-ng → WAV, lame → MP3; faster).
 * - `espeak-ng`: Debian's programs when both are installed, else the WebAssembly build.
 * - `command`: a shell command template that receives the text and writes audio, so any TTS vendor's CLI plugs in
 *   without code changes (`{text_file}` / `{out_file}` placeholders, the text also on stdin); lame encodes.
 * - `off` disables the reader.
 */
import path from 'node:path';
import { type READER_ENGINES, READER_VOICE_DEFAULTS, type Settings } from '../../settings.ts';

/** Speech and encoding parameters of the default pipeline. */
export const READER_DEFAULTS = {
  /**
   * Voice of Debian's espeak-ng (1.51): Mandarin reading Chinese characters. Its plain `cmn` turns Traditional
   * characters into pinyin and speaks the pinyin as English (src/settings.ts READER_VOICE_DEFAULTS, which the
   * Configuration table prints).
   */
  nativeVoice: READER_VOICE_DEFAULTS.native,
  /**
   * Voice of the WebAssembly espeak-ng (1.52, Echogarden's build): its `cmn` reads Chinese characters as Mandarin
   * with tones (checked on its phonemes: no switch to English), so the plain Mandarin voice is the one.
   */
  wasmVoice: READER_VOICE_DEFAULTS.wasm,
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
  /** Least time between two progress lines of a long synthesis, ms. */
  progressIntervalMs: 5000,
} as const;

/** READER_ENGINE values (src/settings.ts READER_ENGINES). */
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
  /**
   * Synthesis time one build may spend, seconds (READER_BUDGET_SECONDS; speech never delays a publish): no new segment starts
   * once it is spent (cached segments still count). `Infinity`: no limit (the benchmark's cold measurement).
   */
  budgetSeconds: number;
}

/** Settings with the engine that will run: `espeak-ng` resolved to the native or wasm build, the voice set. */
export type ResolvedReaderSettings = Omit<ReaderSettings, 'engine' | 'voice'> & { engine: SpeechEngine; voice: string };

/** The READER_* variables of src/settings.ts, which checked them and applied their defaults. */
export type ReaderEnvironment = Pick<
  Settings,
  | 'READER_ENGINE'
  | 'READER_VOICE'
  | 'READER_RATE_WPM'
  | 'READER_COMMAND'
  | 'READER_COMMAND_FORMAT'
  | 'READER_ESPEAK_NG'
  | 'READER_LAME'
  | 'READER_CACHE_DIR'
  | 'READER_BUDGET_SECONDS'
>;

/**
 * The reader's settings: the READER_* variables (src/settings.ts: READER_ENGINE, READER_VOICE, READER_RATE_WPM,
 * READER_COMMAND, READER_COMMAND_FORMAT, READER_ESPEAK_NG, READER_LAME, READER_CACHE_DIR, READER_BUDGET_SECONDS) with the encoding
 * defaults above; the cache folder is READER_CACHE_DIR, else `defaultCacheDir` (absolute either way).
 */
export function readerSettings(environment: ReaderEnvironment, defaultCacheDir: string): ReaderSettings {
  return {
    engine: environment.READER_ENGINE,
    voice: environment.READER_VOICE,
    wordsPerMinute: environment.READER_RATE_WPM,
    command: environment.READER_COMMAND,
    commandFormat: environment.READER_COMMAND_FORMAT,
    bitrateKbps: READER_DEFAULTS.bitrateKbps,
    encoderQuality: READER_DEFAULTS.encoderQuality,
    sampleRateKhz: READER_DEFAULTS.sampleRateKhz,
    segmentMaxChars: READER_DEFAULTS.segmentMaxChars,
    espeakProgram: environment.READER_ESPEAK_NG,
    lameProgram: environment.READER_LAME,
    cacheDir: path.resolve(environment.READER_CACHE_DIR ?? defaultCacheDir),
    budgetSeconds: environment.READER_BUDGET_SECONDS,
  };
}
