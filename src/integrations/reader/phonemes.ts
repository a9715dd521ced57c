/**
 * The phonemes an espeak-ng engine plans for a text, without synthesizing it: espeak-ng's phoneme mnemonics
 * (`espeak-ng -x`), e.g. `tS;'i214_| f'u51_|` for `ji3 fu4` (Mandarin tones as pitch contours: 55, 35, 214 or 21,
 * 51, 11 for the neutral tone), with `(en)` … `(cmn)` around words it switched to English for. Used to check
 * what the engines say (tests/unit/reader-pronunciation.test.ts) for both builds:
 *
 * - `espeak-ng-native`: Debian's espeak-ng program, `-x -q`, the texts on stdin one a line (one run for many texts);
 * - `espeak-ng-wasm`: the WebAssembly build's `text_to_phonemes` in this thread (loads its 24 MB of data once).
 */
import { spawnSync } from 'node:child_process';
import initEspeak from '@echogarden/espeak-ng-emscripten';
import type { ResolvedReaderSettings } from './settings.ts';

/** Reads the phonemes of texts with one engine; `close()` when done. */
export interface Phonemizer {
  /**
   * The phoneme mnemonics of each text, in order (spaces and line breaks inside a text are word breaks; a text's
   * clauses joined by spaces). Throws naming the program when it fails.
   */
  phonemes(texts: readonly string[]): string[];
  close(): void;
}

/** The phonemes of every text by Debian's program: one run, one output line per input line. */
function nativePhonemes(program: string, voice: string, texts: readonly string[]): string[] {
  const run = (input: string): string[] => {
    const result = spawnSync(program, ['-v', voice, '-x', '-q'], { input, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    if (result.status !== 0) throw new Error(`Reader: ${program} -v ${voice} -x failed: ${result.stderr || result.error?.message}`);
    return result.stdout.split('\n').filter((line) => line.trim());
  };
  // 。 ends each text's clause (a line break alone does not after Latin text such as pinyin).
  const lines = run(texts.map((text) => `${text.replace(/\s+/g, ' ')}。\n`).join(''));
  // espeak-ng answers a line per clause; should one text make two, read them one by one.
  return lines.length === texts.length ? lines.map((line) => line.trim()) : texts.map((text) => run(text).join(' ').trim());
}

/**
 * Opens the phoneme reader of `settings.engine` with `settings.voice`: Debian's program (`settings.espeakProgram`)
 * for `espeak-ng-native`, the WebAssembly build for `espeak-ng-wasm`. Rejects for the `command` engine (no
 * phonemes to read) and when the WebAssembly build has no such voice.
 */
export async function openPhonemizer(settings: Pick<ResolvedReaderSettings, 'engine' | 'voice' | 'espeakProgram'>): Promise<Phonemizer> {
  if (settings.engine === 'espeak-ng-native') {
    return { phonemes: (texts) => nativePhonemes(settings.espeakProgram, settings.voice, texts), close: () => undefined };
  }
  if (settings.engine !== 'espeak-ng-wasm') throw new Error(`Reader: the ${settings.engine} engine has no phonemes to read.`);
  const module = await initEspeak();
  const espeak = await new module.eSpeakNGWorker();
  if (espeak.set_voice(settings.voice) !== 0) throw new Error(`Reader: the WebAssembly espeak-ng has no voice "${settings.voice}".`);
  const decoder = new TextDecoder();
  /** The C string the build returns, read from its memory (a NUL-terminated UTF-8 string). */
  const cString = (pointer: unknown): string => {
    const start = module.getPointer(pointer);
    const end = module.HEAPU8.indexOf(0, start);
    return decoder.decode(module.HEAPU8.subarray(start, end));
  };
  // Mode 0: the mnemonics of `espeak-ng -x` (1 would be IPA, whose tone letters do not tell tone 1 from tone 4).
  return { phonemes: (texts) => texts.map((text) => cString(espeak.text_to_phonemes(text, 0)).trim()), close: () => undefined };
}
