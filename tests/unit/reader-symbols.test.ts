/**
 * Numbers and symbols read as a Taiwanese listener expects (src/integrations/reader/numbers.ts): ranges with 至,
 * a month and day as a date, `/` never spoken, a percent sign after any number, international and local phone
 * numbers digit by digit without "plus", form numbers digit by digit, capital-letter runs spelled. Checked on the
 * phonemes each installed espeak-ng engine plans for the reader's text (the WebAssembly build always, Debian's
 * program when installed): they must be the phonemes of the expected reading written in characters, with no switch
 * to English ("tilde", "slash", "percent", "plus", "et cetera").
 */
import { describe, expect, it } from 'vitest';
import { speakableText } from '../../src/integrations/reader/numbers';
import { engineText } from '../../src/integrations/reader/pronunciation';
import { phonemizingEngines } from './reader-engines';

/** [written, as a listener expects to hear it (characters), the rule]. */
const CASES: [written: string, heard: string, rule: string][] = [
  ['約 3~5 個工作天', '約三至五個工作天', 'a range with ~'],
  ['約 3～5 個工作天', '約三至五個工作天', 'a range with ～'],
  ['颱風 2-3 級', '颱風二至三級', 'a range with - between short numbers'],
  ['費率調整 5%~10%', '費率調整百分之五至百分之十', 'a range of percentages'],
  ['請於 6/30 前寄回', '請於六月三十日前寄回', 'a month and day'],
  ['台北/新北地區', '台北、新北地區', '/ between words'],
  ['保費增加 5%', '保費增加百分之五', 'a percent sign after a numeral'],
  ['保費增加 5 ％', '保費增加百分之五', 'a full-width percent sign after a space'],
  ['海外請撥 +886-4-2345-6789', '海外請撥八八六 四 二三四五 六七八九', 'an international number, no plus'],
  ['海外請撥 (+886)2 2345 6789', '海外請撥八八六 二 二三四五 六七八九', 'an international number in brackets'],
  ['客服專線 0800-880-550', '客服專線零八零零 八八零 五五零', 'a toll-free number'],
  ['請使用 10905 版申請書', '請使用一零九零五版申請書', 'a form version digit by digit'],
  ['ETC 扣款', 'E T C 扣款', 'a capital-letter run spelled'],
  ['自負額 2,500 元，最高 200 萬元', '自負額兩千五百元，最高兩百萬元', '2 at the head of a group as 兩'],
  ['每年 12,800 元', '每年一萬兩千八百元', '2 after 萬 as 兩'],
  ['凌晨 02:00 維護', '凌晨兩點維護', "two o'clock as 兩點"],
];

/** The espeak-ng engines installed here and their phonemizers (reader-engines.ts). */
const { engines: ENGINES, phonemizers } = phonemizingEngines();

/** The syllables of a phoneme string: word breaks, pauses and stress marks left out. */
const syllables = (phonemes: string): string => phonemes.replace(/[_|'\s]+/g, ' ').trim();

for (const engine of ENGINES) {
  describe(`what ${engine.engine} (${engine.voice}) says for numbers and symbols`, () => {
    for (const [written, heard, rule] of CASES) {
      it(`${rule}: 「${written}」 as 「${heard}」`, () => {
        const phonemizer = phonemizers.get(engine.engine)!;
        const [said, expected] = phonemizer.phonemes([engineText(speakableText(written), engine.engine), engineText(heard, engine.engine)]);
        // Letters spelled one by one may be said as English letter names (as in Taiwan), never as an English word.
        if (!/[A-Z] [A-Z]/.test(heard)) expect(said, 'no switch to English').not.toMatch(/\((?!cmn\))[a-z-]+\)/);
        expect(syllables(said!)).toBe(syllables(expected!));
      });
    }
  });
}
