/**
 * The audio reader's speech engines (REFERENCE.md "Product": "an audio reader for page content"): which engine runs here (`probeEngine`), and each engine
 * behind one interface, `Synthesizer` (`openSynthesizer`): text in, an MP3 file (mono, `sampleRateKhz` kHz,
 * `bitrateKbps` kbit/s) and its duration in ms out. Engine names and what READER_ENGINE selects:
 * src/integrations/reader/settings.ts.
 *
 * - `espeak-ng-native`: Debian's espeak-ng program writes WAV, lame encodes it.
 * - `command`: the READER_COMMAND template writes WAV or MP3 (READER_COMMAND_FORMAT; MP3 is decoded to WAV to
 *   measure it), lame encodes it.
 * - `espeak-ng-wasm`: espeak-ng and LAME compiled to WebAssembly, in worker threads (src/integrations/reader/wasm.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { quote } from 'shell-quote';
import { onPath, run, wavDurationMs } from './programs.ts';
import { READER_DEFAULTS, type ReaderSettings, type ResolvedReaderSettings } from './settings.ts';
import { probeWasmSpeech, WasmSpeechPool } from './wasm.ts';

/** The outcome of `probeEngine`. */
export type EngineProbe = { ok: true; settings: ResolvedReaderSettings; description: string } | { ok: false; reason: string };

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
  const why =
    engine === 'espeak-ng'
      ? `; the ${missing} program${missing.includes(' and ') ? 's are' : ' is'} not installed (apt-get install espeak-ng lame: faster)`
      : '';
  return {
    ok: true,
    settings: resolved,
    description: `espeak-ng-wasm (espeak-ng and LAME compiled to WebAssembly, from npm; voice ${voice})${why}`,
  };
}

/** One speech engine, opened for a run of segments. */
export interface Synthesizer {
  /** Resolves when the engine has loaded (the wasm workers; the programs at once); rejects with its error. */
  ready(): Promise<void>;
  /**
   * Writes the MP3 of `text` to `mp3` and resolves to its duration (ms). `work` is an empty temporary folder the
   * engine may use (`mp3` is inside it). Rejects naming the engine's command when synthesis or encoding fails.
   */
  synthesize(text: string, work: string, mp3: string): Promise<number>;
  /** Ends the engine's workers, if any. */
  close(): Promise<void>;
}

/** One word quoted for sh (shell-quote), for the READER_COMMAND template's placeholders. */
const quoteShellWord = (value: string): string => quote([value]);

/**
 * An engine of programs: `toWav(text, textFile, wavFile, work)` writes the WAV of `text` (also in `textFile`) to
 * `wavFile`, using `work` for anything else; lame encodes the WAV to the site's MP3.
 */
function programSynthesizer(
  settings: ResolvedReaderSettings,
  toWav: (text: string, textFile: string, wavFile: string, work: string) => Promise<void>,
): Synthesizer {
  return {
    ready: async () => undefined,
    synthesize: async (text, work, mp3) => {
      const textFile = path.join(work, 'text.txt');
      const wavFile = path.join(work, 'speech.wav');
      await writeFile(textFile, text);
      await toWav(text, textFile, wavFile, work);
      const durationMs = wavDurationMs(await readFile(wavFile), `the ${settings.engine} output`);
      await run(settings.lameProgram, [
        ...['--quiet', '-m', 'm', '-q', String(settings.encoderQuality), '-b', String(settings.bitrateKbps)],
        ...['--resample', String(settings.sampleRateKhz), wavFile, mp3],
      ]);
      return durationMs;
    },
    close: async () => undefined,
  };
}

/** Debian's espeak-ng program: the text file → WAV. */
function nativeSynthesizer(settings: ResolvedReaderSettings): Synthesizer {
  return programSynthesizer(settings, (_, textFile, wavFile) =>
    run(settings.espeakProgram, ['-v', settings.voice, '-s', String(settings.wordsPerMinute), '-w', wavFile, '-f', textFile]),
  );
}

/** The READER_COMMAND template: {text_file} and {out_file} filled in, the text on stdin; MP3 output decoded to WAV. */
function commandSynthesizer(settings: ResolvedReaderSettings): Synthesizer {
  return programSynthesizer(settings, async (text, textFile, wavFile, work) => {
    const outFile = settings.commandFormat === 'mp3' ? path.join(work, 'speech.mp3') : wavFile;
    const command = (settings.command ?? '').replaceAll('{text_file}', quoteShellWord(textFile)).replaceAll('{out_file}', quoteShellWord(outFile));
    await run('sh', ['-c', command], text);
    if (!existsSync(outFile)) throw new Error(`Reader: READER_COMMAND wrote no audio to {out_file} (${command}).`);
    if (settings.commandFormat === 'mp3') await run(settings.lameProgram, ['--quiet', '--decode', outFile, wavFile]);
  });
}

/** The WebAssembly build: a pool of `workers` worker threads, started at the first `ready` or `synthesize`. */
function wasmSynthesizer(settings: ResolvedReaderSettings, workers: number): Synthesizer {
  let pool: WasmSpeechPool | undefined;
  const open = () => (pool ??= new WasmSpeechPool(settings, workers));
  return {
    ready: () => open().ready(),
    synthesize: async (text, _, mp3) => {
      const speech = await open().speak(text);
      await writeFile(mp3, speech.mp3);
      return speech.durationMs;
    },
    close: async () => {
      await pool?.close();
    },
  };
}

/**
 * The engine of `settings` (resolved by `probeEngine`) as a Synthesizer. `workers`: how many segments it may
 * synthesize at once (the wasm engine starts that many worker threads, at least one; the programs run one
 * process per call). Starts nothing until used; call `close()` when done.
 */
export function openSynthesizer(settings: ResolvedReaderSettings, workers: number): Synthesizer {
  if (settings.engine === 'espeak-ng-wasm') return wasmSynthesizer(settings, workers);
  return settings.engine === 'espeak-ng-native' ? nativeSynthesizer(settings) : commandSynthesizer(settings);
}
