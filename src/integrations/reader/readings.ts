/**
 * The reading of a text's Chinese characters as a Taiwanese listener expects to hear them, syllable by syllable
 * (Hanyu Pinyin with tone numbers, 5 for the neutral tone, `v` for ü), with the tone changes of connected speech
 * applied. The espeak-ng engines receive these syllables instead of the characters (pronunciation.ts), so what they
 * say no longer depends on their own dictionaries (espeak-ng 1.52 reads 給付 gěi fù, never applies the 3-3 tone
 * change; 1.51 reads each polyphone one way and 一, 不 without their tone changes).
 *
 * The chain, per text:
 * 1. pinyin-pro's phrase readings of the whole text (it segments the text into words, so a polyphone gets its
 *    word's reading), read from the Simplified form (OpenCC, tw → cn: pinyin-pro's dictionary is Simplified);
 * 2. the lexicon (src/site/pronunciation.ts): the field's fixed phrases read as units with pinyin-pro's reading of
 *    the phrase alone (FIELD_PHRASES: a sentence's segmentation cannot split them), the reviewed readings
 *    (PRONUNCIATION_LEXICON, longest first: context readings pinyin-pro gets wrong, full tones where Taiwan has no
 *    neutral tone), the Taiwan standard reading of some characters (CHARACTER_READINGS) and the copula 為;
 * 3. the tone changes (toneChanges): 不 and 一 before a fourth tone, 一 before the others, and the 3-3 change.
 */
import * as OpenCC from 'opencc-js';
import { pinyin } from 'pinyin-pro';
import { COPULA_WEI_AFTER, FIELD_PHRASES, PRONUNCIATION_LEXICON, CHARACTER_READINGS, WEI_FOR_BEFORE } from '../../site/pronunciation.ts';

/** Traditional (Taiwan) to Simplified characters, one for one, for pinyin-pro's dictionary. */
const toSimplified = OpenCC.Converter({ from: 'tw', to: 'cn' });

/**
 * pinyin-pro's reading of each character of `text` (index by index: one entry per UTF-16 unit, undefined for
 * what is not a Chinese character), as pinyin with tone numbers, ü as v, the neutral tone as 5.
 * @param toneSandhi whether pinyin-pro changes the tones of 一 and 不 (its rules know 第一, 週一, 一月 stay yī)
 */
function pinyinPro(text: string, toneSandhi: boolean): (string | undefined)[] {
  let simplified = toSimplified(text);
  // OpenCC converts character for character; should a phrase rule change the length, convert one by one.
  if (simplified.length !== text.length) simplified = [...text].map((character) => toSimplified(character)).join('');
  const readings: (string | undefined)[] = [];
  // One entry per code point: a Chinese character's reading (letters and a tone number, 0 for the neutral tone), or
  // the character itself. ('array' is about four times faster than 'all'.)
  const items = pinyin(simplified, { type: 'array', toneType: 'num', v: true, toneSandhi });
  let index = 0;
  for (const character of text) {
    const item = items[index++] ?? '';
    readings.push(/^[a-zv]+[0-5]$/.test(item) ? item.replace(/0$/, '5') : undefined);
    if (character.length === 2) readings.push(undefined);
  }
  return readings;
}

/** pinyin-pro's reading of a phrase alone (its words' readings), syllables apart; no tone changes. */
export function phraseReading(phrase: string): string {
  return pinyinPro(phrase, false)
    .filter((syllable): syllable is string => syllable !== undefined)
    .join(' ');
}

/** PRONUNCIATION_LEXICON's words, longest first, as one pattern. */
const REVIEWED_WORDS = new RegExp(
  Object.keys(PRONUNCIATION_LEXICON)
    .sort((a, b) => b.length - a.length)
    .join('|'),
  'g',
);

/**
 * A field phrase's reading: pinyin-pro's reading of the phrase alone, with the reviewed readings of the words it
 * contains (行李延誤: 行李 xíng lǐ) and CHARACTER_READINGS for its other characters (期間 qí jiān).
 */
function fieldPhraseReading(phrase: string): string {
  const syllables = phraseReading(phrase).split(' ');
  const reviewed = new Array<boolean>(phrase.length).fill(false);
  for (const match of phrase.matchAll(REVIEWED_WORDS)) {
    PRONUNCIATION_LEXICON[match[0]]!.split(' ').forEach((syllable, offset) => {
      syllables[match.index + offset] = syllable;
      reviewed[match.index + offset] = true;
    });
  }
  return syllables.map((syllable, index) => (reviewed[index] ? syllable : (CHARACTER_READINGS[phrase[index]!] ?? syllable))).join(' ');
}

/**
 * The lexicon, word → reading: FIELD_PHRASES with pinyin-pro's reading of each phrase alone (and CHARACTER_READINGS),
 * then PRONUNCIATION_LEXICON's reviewed readings, which win.
 */
export const LEXICON: ReadonlyMap<string, string> = new Map([
  ...FIELD_PHRASES.map((phrase) => [phrase, fieldPhraseReading(phrase)] as const),
  ...Object.entries(PRONUNCIATION_LEXICON),
]);

/** The lexicon's words, longest first, as one pattern: a longer entry wins over a shorter one it contains. */
const LEXICON_WORDS = new RegExp(
  [...LEXICON.keys()]
    .sort((a, b) => b.length - a.length)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|'),
  'g',
);

const tone = (syllable: string | undefined): number | undefined => (syllable ? Number(syllable.at(-1)) : undefined);
const withTone = (syllable: string, newTone: number): string => `${syllable.slice(0, -1)}${newTone}`;

/**
 * The tone changes of connected speech, in place, within each run of Chinese characters (punctuation, digits,
 * Latin letters and line breaks end a run; a space between two characters does not, as a space written around a
 * number is no pause):
 * - 不 (bù) is bú before a fourth tone;
 * - 一 (yī) is yí before a fourth tone and yì before the others, where pinyin-pro's rules change it (`changesYi`:
 *   not in 第一, 週一, 一月, a number read digit by digit);
 * - a third tone before a third tone is said as a second (保險 bǎo xiǎn → báo xiǎn; in a run of them every one but
 *   the last: 保險理賠 báo xián lǐ péi, as in connected speech), decided on the tones before this change.
 */
function toneChanges(text: string, readings: (string | undefined)[], changesYi: boolean[]): void {
  /** The index of the next character's reading in the same run, or -1. */
  const next = (index: number): number => {
    for (let at = index + 1; at < text.length; at++) {
      if (readings[at] !== undefined) return at;
      if (text[at] !== ' ') return -1;
    }
    return -1;
  };
  const thirds = readings.map((reading, index) => tone(reading) === 3 && tone(readings[next(index)]) === 3);
  readings.forEach((reading, index) => {
    if (!reading) return;
    const following = tone(readings[next(index)]);
    if (text[index] === '不' && reading === 'bu4' && following === 4) readings[index] = 'bu2';
    else if (text[index] === '一' && changesYi[index] && following !== undefined && following !== 5) {
      readings[index] = following === 4 ? 'yi2' : 'yi4';
    } else if (thirds[index]) readings[index] = withTone(reading, 2);
  });
}

/**
 * The syllable said for each character of `text`: an array as long as `text` (UTF-16 units), with the reading
 * (pinyin, tone number after the tone changes) at each Chinese character's index, undefined elsewhere (and for a
 * character no dictionary knows). Pure; never throws.
 */
export function readings(text: string): (string | undefined)[] {
  // One pass of pinyin-pro with its 一 and 不 rules (a second pass without them would double the time): where it
  // changes 一 (yì, yí; not in 第一, 週一, 一月), toneChanges decides the tone anew, after the lexicon.
  const read = pinyinPro(text, true);
  const changesYi = read.map((syllable, index) => text[index] === '一' && syllable !== 'yi1' && syllable !== 'yi5');
  read.forEach((syllable, index) => {
    if (changesYi[index]) read[index] = 'yi1';
    else if (text[index] === '不' && (syllable === 'bu2' || syllable === 'bu4')) read[index] = 'bu4';
  });
  const fixed = new Array<boolean>(text.length).fill(false);
  for (const match of text.matchAll(LEXICON_WORDS)) {
    const syllables = LEXICON.get(match[0])!.split(' ');
    // One syllable per character (the lexicon's test checks the counts).
    [...match[0]].forEach((_, offset) => {
      read[match.index + offset] = syllables[offset];
      fixed[match.index + offset] = true;
    });
  }
  for (let index = 0; index < text.length; index++) {
    if (fixed[index] || read[index] === undefined) continue;
    const character = text[index]!;
    if (character in CHARACTER_READINGS) read[index] = CHARACTER_READINGS[character];
    // The copula 為 (是, 作): wéi after a noun that ends a subject (期限為, 金額為), unless "for" follows (為您).
    if (character === '為' && COPULA_WEI_AFTER.includes(text[index - 1] ?? '') && !WEI_FOR_BEFORE.includes(text[index + 1] ?? '')) {
      read[index] = 'wei2';
    }
  }
  toneChanges(text, read, changesYi);
  return read;
}

/**
 * `text` with its Chinese characters replaced by their readings (`readings`), each syllable set apart by single
 * spaces (espeak-ng reads `bao2xian3` as one word); other characters as they are. Characters without a reading
 * stay characters. Pure.
 */
export function pinyinText(text: string): string {
  const read = readings(text);
  const parts: string[] = [];
  for (let index = 0; index < text.length; index++) {
    const syllable = read[index];
    if (syllable === undefined) parts.push(text[index]!);
    else {
      // A syllable set apart from what precedes and follows it, by one space.
      if (index > 0 && !/\s/.test(text[index - 1]!)) parts.push(' ');
      parts.push(syllable);
      if (index + 1 < text.length && !/\s/.test(text[index + 1]!)) parts.push(' ');
    }
  }
  return parts.join('').replace(/ {2,}/g, ' ');
}
