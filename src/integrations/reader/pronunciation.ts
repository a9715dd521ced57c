/**
 * The text the speech engine receives for a segment (spec §1 "an audio reader for page content"): the readable text
 * (text.ts: names unmasked to NAME_MASK_WORD, numbers as words) with the words espeak-ng misreads spelled out in
 * pinyin from the pronunciation lexicon (src/site/pronunciation.ts): `保險給付` → `保險 ji3 fu4`.
 *
 * Both espeak-ng builds read pinyin with tone numbers as Mandarin syllables (Debian's `cmn-latn-pinyin` reads all
 * Latin text so; the WebAssembly `cmn` looks pinyin syllables up in its Mandarin dictionary), so a reading in the
 * lexicon is the one spoken, whatever the engine's own dictionary says. The `command` engine (a vendor's TTS
 * program) receives the text unchanged: it reads the characters with its own dictionary and would spell pinyin out.
 * The spoken text is what the cache key hashes (cache.ts), so a changed lexicon entry re-synthesizes the segments
 * that contain it.
 */
import { PRONUNCIATION_LEXICON } from '../../site/pronunciation.ts';
import type { SpeechEngine } from './settings.ts';

/** The lexicon's words, longest first, as one pattern: a longer entry wins over a shorter one it contains. */
const LEXICON_WORDS = new RegExp(
  Object.keys(PRONUNCIATION_LEXICON)
    .sort((a, b) => b.length - a.length)
    .join('|'),
  'g',
);

/**
 * `text` with every lexicon word replaced by its pinyin, set apart by single spaces (espeak-ng reads `ji3fu4` as one
 * word, and pinyin next to pinyin needs a space to stay two syllables). Pure; text without lexicon words comes back
 * unchanged.
 */
export function withLexiconReadings(text: string): string {
  return text
    .replace(LEXICON_WORDS, (word, offset: number, whole: string) => {
      const before = offset > 0 && !/\s/.test(whole[offset - 1]!) ? ' ' : '';
      const after = offset + word.length < whole.length && !/\s/.test(whole[offset + word.length]!) ? ' ' : '';
      return `${before}${PRONUNCIATION_LEXICON[word]}${after}`;
    })
    .replace(/(?<=[a-z][1-5]) {2}(?=[a-z])/g, ' ');
}

/**
 * Syllables the WebAssembly build (espeak-ng 1.52) cannot say: its Mandarin dictionary lacks xiong, qiong and jiong
 * (雄 of 高雄, 窮, 炯 come out as English letters), so it gets the nearest syllable it has, with the same tone.
 * Debian's 1.51 says them.
 */
const WASM_MISSING_SYLLABLES = /\b([jqx])iong([1-5])\b/g;

/**
 * What `engine` receives for the segment `text`: for the espeak-ng engines the lexicon's readings
 * (withLexiconReadings; for the WebAssembly build its missing syllables replaced, WASM_MISSING_SYLLABLES), for a
 * command engine the text as it is.
 */
export function engineText(text: string, engine: SpeechEngine): string {
  if (engine === 'command') return text;
  const spoken = withLexiconReadings(text);
  return engine === 'espeak-ng-wasm' ? spoken.replace(WASM_MISSING_SYLLABLES, '$1un$2') : spoken;
}
