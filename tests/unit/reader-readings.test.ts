/**
 * The syllables the audio reader has the espeak-ng engines say (src/integrations/reader/readings.ts): the field's
 * fixed phrases read as phrases (pinyin-pro's phrase readings and the reviewed lexicon of src/site/pronunciation.ts),
 * full tones where Taiwan has no neutral tone, Taiwan's standard readings, and the tone changes of connected speech
 * (3-3, 一, 不) that the WebAssembly build misses. Checked on the phonemes each installed engine plans for the
 * reader's text (the WebAssembly build always, Debian's program when installed): they must be the phonemes of the
 * expected syllables, as a listener hears them.
 */
import { describe, expect, it } from 'vitest';
import { speakableText } from '../../src/integrations/reader/numbers';
import { engineText } from '../../src/integrations/reader/pronunciation';
import { LEXICON, phraseReading } from '../../src/integrations/reader/readings';
import { FIELD_PHRASES, PRONUNCIATION_LEXICON } from '../../src/site/pronunciation';
import { phonemizingEngines, sounds } from './reader-engines';

/** [written, the syllables a listener expects (pinyin, tone numbers as said), the rule]. */
const CASES: [written: string, heard: string, rule: string][] = [
  ['保險給付', 'bao2 xian2 ji3 fu4', 'a claims phrase (給付 jǐ fù), 3-3 changed'],
  ['旅行業者不予退還', 'lv3 xing2 ye4 zhe3 bu4 yu3 tui4 huan2', 'a field phrase kept whole (旅行業, not 行業 háng)'],
  ['處新臺幣三千元以上罰鍰', 'chu3 xin1 tai2 bi4 san1 qian1 yuan2 yi3 shang4 fa2 huan2', 'a legal formula (處 chǔ)'],
  ['提供給第三人', 'ti2 gong1 gei3 di4 san1 ren2', 'a context reading (給 gěi, not 供給 jǐ)'],
  ['重置的費用', 'chong2 zhi4 de5 fei4 yong4', 'a travel clause phrase (重置 chóng)'],
  ['行李延誤', 'xing2 li3 yan2 wu4', 'a full tone for a mainland neutral tone (行李)'],
  ['部分給付', 'bu4 fen4 ji3 fu4', 'a full tone for a mainland neutral tone (部分)'],
  ['寬限期間', 'kuan1 xian4 qi2 jian1', "Taiwan's standard reading (期 qí)"],
  ['應於五日內通知', 'ying1 yu2 wu3 ri4 nei4 tong1 zhi1', '應 "should" is yīng'],
  ['期限為十日', 'qi2 xian4 wei2 shi2 ri4', 'the copula 為 is wéi'],
  ['將為您服務', 'jiang1 wei4 nin2 fu2 wu4', '為 "for" is wèi'],
  ['保險', 'bao2 xian3', 'the 3-3 change in a word'],
  ['保險理賠', 'bao2 xian2 li3 pei2', 'the 3-3 change in a run of third tones'],
  ['保險，理賠', 'bao2 xian3 li3 pei2', 'no 3-3 change across punctuation'],
  ['末三碼 五三零', 'mo4 san1 ma2 wu3 san1 ling2', 'the 3-3 change across a written space'],
  ['不是', 'bu2 shi4', '不 before a fourth tone'],
  ['不同', 'bu4 tong2', '不 before another tone'],
  ['一次', 'yi2 ci4', '一 before a fourth tone'],
  ['一天', 'yi4 tian1', '一 before another tone'],
  ['第一週一', 'di4 yi1 zhou1 yi1', '一 as an ordinal or a weekday unchanged'],
  ['一月一日', 'yi1 yue4 yi1 ri4', '一 in a date unchanged'],
];

/** The espeak-ng engines installed here and their phonemizers (reader-engines.ts). */
const { engines: ENGINES, phonemizers } = phonemizingEngines();

for (const engine of ENGINES) {
  describe(`what ${engine.engine} (${engine.voice}) says for the field's words and tones`, () => {
    it.each(CASES)('「%s」 as %s (%s)', (written, heard) => {
      const phonemizer = phonemizers.get(engine.engine)!;
      // The expected syllables one by one, so that the engine applies no tone change of its own to them.
      const expected = heard
        .split(' ')
        .map((syllable) => phonemizer.phonemes([engineText(syllable, engine.engine)])[0])
        .join(' ');
      const [said] = phonemizer.phonemes([engineText(speakableText(written), engine.engine)]);
      expect(sounds(said!)).toBe(sounds(expected));
    });
  });
}

describe('the lexicon', () => {
  it('has one syllable per character in every reading', () => {
    const uneven = [...LEXICON].filter(([word, reading]) => reading.split(' ').length !== [...word].length);
    expect(uneven).toEqual([]);
  });

  it("reads each field phrase with pinyin-pro's reading of the whole phrase unless a reviewed reading says otherwise", () => {
    for (const phrase of FIELD_PHRASES) {
      if (phrase in PRONUNCIATION_LEXICON) continue;
      const reading = LEXICON.get(phrase)!.split(' ');
      const dictionary = phraseReading(phrase).split(' ');
      // Only Taiwan's standard character readings (CHARACTER_READINGS) and reviewed words inside may differ.
      const differing = reading.filter((syllable, index) => syllable !== dictionary[index]);
      expect(differing.length, phrase).toBeLessThanOrEqual(1);
    }
  });
});
