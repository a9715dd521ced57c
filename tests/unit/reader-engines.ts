/**
 * The espeak-ng engines the reader's phoneme tests check (reader-readings, reader-symbols, reader-pronunciation): the
 * WebAssembly build always (npm), Debian's program when it is on PATH, each with its voice; and their phonemizers,
 * opened before the calling file's tests and closed after them.
 * In: nothing (call once at a test file's top level). Out: `engines`, the resolved reader settings of each engine, and
 * `phonemizers`, keyed by engine name (filled once the file's `beforeAll` ran). Also `sounds`, which compares phonemes.
 */
import { afterAll, beforeAll } from 'vitest';
import { openPhonemizer, type Phonemizer } from '../../src/integrations/reader/phonemes';
import { onPath } from '../../src/integrations/reader/programs';
import { READER_DEFAULTS, readerSettings, type ResolvedReaderSettings } from '../../src/integrations/reader/settings';
import { readSettings } from '../../src/settings';

/**
 * The engines and their phonemizers, for the calling test file (registers its beforeAll and afterAll).
 * @returns `engines` (resolved reader settings, WebAssembly first) and `phonemizers` by engine name
 */
export function phonemizingEngines(): { engines: ResolvedReaderSettings[]; phonemizers: Map<string, Phonemizer> } {
  const settings = readerSettings(readSettings({}), '/nonexistent');
  const engines: ResolvedReaderSettings[] = [
    { ...settings, engine: 'espeak-ng-wasm', voice: READER_DEFAULTS.wasmVoice },
    ...(onPath(settings.espeakProgram) ? [{ ...settings, engine: 'espeak-ng-native' as const, voice: READER_DEFAULTS.nativeVoice }] : []),
  ];
  const phonemizers = new Map<string, Phonemizer>();
  beforeAll(async () => {
    for (const engine of engines) phonemizers.set(engine.engine, await openPhonemizer(engine));
  });
  afterAll(() => {
    for (const phonemizer of phonemizers.values()) phonemizer.close();
  });
  return { engines, phonemizers };
}

/**
 * espeak-ng's phonemes compared by syllable sound and tone: word breaks, stress and syllable order marks dropped,
 * each pitch contour as its tone (55 → 1, 35 → 2, 214 or 21 → 3, 51 or 53 → 4, 11 and Debian's level 22, 33, 44
 * → 5, the neutral tone), as `T1`…`T5` after the syllable's sounds.
 */
export const sounds = (phonemes: string): string =>
  phonemes
    .replace(/[_|',\s]/g, '')
    .replace(/214|21/g, 'T3')
    .replace(/55/g, 'T1')
    .replace(/35/g, 'T2')
    .replace(/51|53/g, 'T4')
    .replace(/11|22|33|44/g, 'T5');
