/**
 * The text the speech engine receives for a segment (REFERENCE.md "Product": "an audio reader for page content"): the readable text
 * (text.ts: names unmasked to NAME_MASK_WORD, numbers as words) with its Chinese characters replaced, for the
 * espeak-ng engines, by the syllables a Taiwanese listener expects (readings.ts: pinyin-pro's phrase readings, the
 * lexicon of src/site/pronunciation.ts, the tone changes of connected speech): `保險給付` → `bao2 xian3 ji3 fu4`.
 *
 * Both espeak-ng builds read pinyin with tone numbers as Mandarin syllables (Debian's `cmn-latn-pinyin` reads all
 * Latin text so; the WebAssembly `cmn` looks pinyin syllables up in its Mandarin dictionary), so the reading sent is
 * the one spoken, whatever the engine's own dictionary says, and the tone changes the WebAssembly build misses (3-3)
 * are made here. The `command` engine (a vendor's TTS program) receives the text unchanged: it reads the characters
 * with its own dictionary and would spell pinyin out. The spoken text is what the cache key hashes (cache.ts), so a
 * changed reading re-synthesizes the segments that contain it.
 */
import { pinyinText } from './readings.ts';
import type { SpeechEngine } from './settings.ts';

/**
 * Syllables the WebAssembly build (espeak-ng 1.52) cannot say: its Mandarin dictionary lacks xiong, qiong and jiong
 * (雄 of 高雄, 窮, 炯 come out as English letters), so it gets the nearest syllable it has, with the same tone.
 * Debian's 1.51 says them.
 */
const WASM_MISSING_SYLLABLES = /\b([jqx])iong([1-5])\b/g;

/**
 * What `engine` receives for the segment `text`: for the espeak-ng engines the readings of its characters
 * (pinyinText; for the WebAssembly build its missing syllables replaced, WASM_MISSING_SYLLABLES), for a command
 * engine the text as it is. Pure.
 */
export function engineText(text: string, engine: SpeechEngine): string {
  if (engine === 'command') return text;
  const spoken = pinyinText(text);
  return engine === 'espeak-ng-wasm' ? spoken.replace(WASM_MISSING_SYLLABLES, '$1un$2') : spoken;
}
