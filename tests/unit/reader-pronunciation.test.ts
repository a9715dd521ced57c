/**
 * What the audio reader says for names, numbers and words a speech engine misreads: a masked winner's name with
 * NAME_MASK_WORD (羅○婷 as 羅某婷, not 羅婷), codes digit by digit (a phone tail 530 as 五三零, policy and case
 * numbers) while amounts stay amounts; no switch to English inside Chinese (育兒 was "yu r five"), over every
 * segment of the sample site's text; and the pronunciation lexicon (src/site/pronunciation.ts) spoken as
 * pinyin-pro reads the words, checked on the phonemes each installed espeak-ng engine plans (the WebAssembly build
 * always, Debian's program when installed).
 */
import * as OpenCC from 'opencc-js';
import { pinyin } from 'pinyin-pro';
import { describe, expect, it } from 'vitest';
import { buildDataset } from '../../scripts/sample-portal/data.mjs';
import { winnerTable } from '../../scripts/sample-portal/content/winners.mjs';
import { engineText } from '../../src/integrations/reader/pronunciation';
import { READER_DEFAULTS } from '../../src/integrations/reader/settings';
import { extractReaderPage, splitSegments } from '../../src/integrations/reader/text';
import { readerManifestPath } from '../../src/lib/reader-path';
import { NAME_MASK_WORD, PRONUNCIATION_LEXICON } from '../../src/site/pronunciation';
import { phonemizingEngines, sounds } from './reader-engines';

/** A built detail page as SiteLayout writes it, with `body` (HTML) as its readable article. */
function page(body: string): string {
  return `<!doctype html><html lang="zh-Hant-TW"><body><main id="main" data-reader="${readerManifestPath('/winner/detail/1')}">
<article data-reader-text><div class="prose">${body}</div></article></main></body></html>`;
}

/** The text the reader reads for `body`, lines kept. */
const readOf = (body: string): string => extractReaderPage(page(body))?.text ?? '';

/** Digits as a listener hears a code: one by one, 0 as 零. */
const spokenDigits = (digits: string): string => digits.replace(/\d/g, (digit) => '零一二三四五六七八九'[Number(digit)]!);

describe('names and codes', () => {
  it("reads a winner list's masked names with the mask word and phone tails digit by digit", () => {
    const table = winnerTable([{ prize: '頭獎 住宿券', count: 12 }], 9);
    const rows = [...table.matchAll(/<td>([^<]+)<\/td><td>([^<]+)<\/td><td>(\d{3})<\/td>/g)];
    expect(rows).toHaveLength(12);
    const lines = readOf(table).split('\n');
    for (const [, , name, tail] of rows) {
      const spokenName = name!.replace('○', NAME_MASK_WORD);
      // The row's cells are read one a line: the name, then its phone tail.
      expect(lines).toContain(`${spokenName}。`);
      expect(lines[lines.indexOf(`${spokenName}。`) + 1]).toBe(`${spokenDigits(tail!)}。`);
    }
    expect(lines.join('')).not.toMatch(/[○\d]/);
  });

  it.each([
    ['a masked name in a sentence', '恭喜羅○婷獲得頭獎。', '恭喜羅某婷獲得頭獎。'],
    ['a name masked twice', '得獎者王○○。', '得獎者王某某。'],
    ['a phone tail in a sentence', '手機末三碼 530 的得主。', '手機末三碼 五三零 的得主。'],
    ['a policy number', '保單號碼：1234567。', '保單號碼：一二三四五六七。'],
    ['a case number with a letter and a dash', '案件編號 A2026-0012。', '案件編號 A二零二六 零零一二。'],
    ['a short hotline', '請撥打 165 反詐騙專線。', '請撥打 一六五 反詐騙專線。'],
    ['a discount', '汽車保養工資 85 折。', '汽車保養工資 八五 折。'],
  ])('reads %s as a listener expects', (_, body, spoken) => {
    expect(readOf(`<p>${body}</p>`)).toBe(spoken);
  });

  it.each([
    ['amounts', '最高 150 萬元，共抽出 50 名，保費1,200 元。', '最高 一百五十萬元，共抽出 五十 名，保費一千二百元。'],
    ['a year written with 〇 and a bullet ○', '○ 二〇二六年起適用。', '○ 二〇二六年起適用。'],
  ])('leaves %s as they are read today', (_, body, spoken) => {
    expect(readOf(`<p>${body}</p>`)).toBe(spoken);
  });

  it('reads a code column of any table digit by digit, other columns as amounts', () => {
    const table =
      '<table><thead><tr><th>代號</th><th>特定目的</th><th>人數</th></tr></thead><tbody><tr><td>136</td><td>資料庫管理</td><td>120</td></tr></tbody></table>';
    expect(readOf(table).split('\n')).toEqual(['代號特定目的人數。', '一三六。', '資料庫管理。', '一百二十。']);
  });
});

/** The espeak-ng engines installed here and their phonemizers (reader-engines.ts). */
const { engines: ENGINES, phonemizers } = phonemizingEngines();

/** Every Han run of every segment of the sample site's portal content, as the reader's text has it (computed once). */
const sampleHanRuns = (() => {
  let runs: string[] | undefined;
  return (): string[] => {
    if (runs) return runs;
    const found = new Set<string>();
    for (const items of Object.values(buildDataset().lists) as Record<string, unknown>[][]) {
      for (const item of items) {
        const html = Object.values(item)
          .filter((value): value is string => typeof value === 'string' && /\p{Script=Han}/u.test(value))
          .map((value) => `<p>${value}</p>`)
          .join('');
        for (const segment of splitSegments(readOf(html), READER_DEFAULTS.segmentMaxChars)) {
          for (const run of segment.match(/\p{Script=Han}+/gu) ?? []) found.add(run);
        }
      }
    }
    runs = [...found];
    return runs;
  };
})();

/** espeak-ng marks a switch of language as `(en)` … `(cmn)`; Mandarin phonemes carry tone numbers. */
const switchesLanguage = (phonemes: string): boolean => /\((?!cmn\))[a-z-]+\)/.test(phonemes);
/** Texts read together in one call of the engine (joined by 。), then one by one where the group switched. */
const SCAN_GROUP = 200;

// The WebAssembly build's `cmn` voice reads Latin text as English, and its dictionary sends some characters there;
// Debian's `cmn-latn-pinyin` has no English rules (it reads all Latin text as pinyin) and never switches.
describe('what the WebAssembly espeak-ng says', () => {
  it("never switches to English inside Chinese, over every segment of the sample site's text", { timeout: 60_000 }, () => {
    const runs = sampleHanRuns().map((run) => engineText(run, 'espeak-ng-wasm'));
    expect(runs.length).toBeGreaterThan(1000);
    const phonemizer = phonemizers.get('espeak-ng-wasm')!;
    const groups = Array.from({ length: Math.ceil(runs.length / SCAN_GROUP) }, (_, index) =>
      runs.slice(index * SCAN_GROUP, (index + 1) * SCAN_GROUP),
    );
    const grouped = phonemizer.phonemes(groups.map((group) => group.join('。')));
    const english = groups
      .filter((_, index) => switchesLanguage(grouped[index]!))
      .flatMap((group) => {
        const phonemes = phonemizer.phonemes(group);
        return group.filter((_, index) => switchesLanguage(phonemes[index]!));
      });
    expect(english).toEqual([]);
  });
});

/** pinyin-pro reads Simplified Chinese by words; the site's Traditional text is converted first. */
const toSimplified = OpenCC.Converter({ from: 'tw', to: 'cn' });
/** pinyin-pro's reading of `word`: pinyin with tone numbers, ü as v, the neutral tone 5, no 一/不 tone changes. */
const pinyinPro = (word: string): string =>
  pinyin(toSimplified(word), { toneType: 'num', type: 'array', v: true, toneSandhi: false })
    .map((syllable) => syllable.replace(/0$/, '5'))
    .join(' ');

/**
 * Entries whose reading pinyin-pro gives otherwise, with the reason (the Ministry of Education's dictionary, or the
 * word in the sample site's sentences).
 */
const PINYIN_PRO_DIFFERS: Record<string, string> = {
  還款: 'huán: to pay back (pinyin-pro: hái)',
  重置: 'chóng: 重置成本, the cost to rebuild (pinyin-pro: zhòng)',
  視為: 'wéi: "to regard as" (pinyin-pro: wèi)',
  列為: 'wéi: "to list as" (pinyin-pro: wèi)',
  為限: 'wéi: 以…為限, "limited to" (pinyin-pro: wèi)',
  為尊: 'wéi: 以客戶為尊 (pinyin-pro: wèi)',
  假日: 'jià: a day off (pinyin-pro: jiǎ)',
  連假: 'jià: days off (pinyin-pro: jiǎ)',
  順利地: 'de: adverbial 地 before a verb (pinyin-pro reads the word alone: dì)',
  有效地: 'de: adverbial 地 before a verb (pinyin-pro reads the word alone: dì)',
  安心地: 'de: adverbial 地 before a verb (pinyin-pro reads the word alone: dì)',
  無障礙地: 'de: adverbial 地 before a verb (pinyin-pro reads the word alone: dì)',
  處以: 'chǔ: 處 "to impose" (pinyin-pro: chù)',
  處新臺幣: 'chǔ: 處新臺幣…罰鍰, "to punish by" (pinyin-pro: chù)',
  處新台幣: 'chǔ: 處新台幣…罰鍰, "to punish by" (pinyin-pro: chù)',
  提供給: 'gěi: "to give to" (pinyin-pro reads 供給 as a word: jǐ)',
  旅行業: 'xíng: the travel industry (pinyin-pro: 行業, háng)',
  得為: 'wéi: 得為請求, "may make a claim" (pinyin-pro: wèi)',
  部分: 'fèn: the Ministry of Education gives the full tone (pinyin-pro: the neutral tone)',
  行李: 'lǐ: the Ministry of Education gives the full tone (pinyin-pro: the neutral tone)',
  認識: 'shì: the Ministry of Education gives the full tone (pinyin-pro: the neutral tone)',
  喜歡: 'huān: the Ministry of Education gives the full tone (pinyin-pro: the neutral tone)',
  便宜: 'yí: the Ministry of Education gives the full tone (pinyin-pro: the neutral tone)',
  衣服: 'fú: the Ministry of Education gives the full tone (pinyin-pro: the neutral tone)',
  答應: 'yìng: the Ministry of Education gives the full tone (pinyin-pro: the neutral tone)',
  應酬: 'chóu: the Ministry of Education gives the full tone (pinyin-pro: the neutral tone)',
  應允: 'yìng: "to consent" (pinyin-pro: yīng)',
};

/**
 * A reading as said in connected speech, for the words of this test: 不 before a fourth tone as bú, a third tone
 * before a third tone as a second (保險給付 báo xiǎn jǐ fù). readings.ts makes these changes; here they are written out.
 */
const spokenReading = (word: string, reading: string): string => {
  const syllables = reading.split(' ');
  return syllables
    .map((syllable, index) => {
      const next = syllables[index + 1]?.at(-1);
      if (word[index] === '不' && next === '4') return 'bu2';
      return syllable.endsWith('3') && next === '3' ? `${syllable.slice(0, -1)}2` : syllable;
    })
    .join(' ');
};

/** Insurance terms and polyphones the reader must say right, beyond the lexicon's own words. */
const TERMS = ['保險給付', '理賠', '保單', '因為', '為了', '作為', '行駛', '目的', '重建', '還款', '育兒', '兒童', '將於', '地震'];

describe('the pronunciation lexicon', () => {
  it.each(Object.entries(PRONUNCIATION_LEXICON))('reads %s as pinyin-pro does, or as noted', (word, reading) => {
    if (word in PINYIN_PRO_DIFFERS) expect(pinyinPro(word)).not.toBe(reading);
    else expect(reading).toBe(pinyinPro(word));
  });
});

describe.each(ENGINES.map((engine) => [engine.engine, engine] as const))('the readings %s plans', (name, engine) => {
  const words = [...TERMS, ...Object.keys(PRONUNCIATION_LEXICON)];
  it('say every term and lexicon word as its reading (pinyin-pro, or the lexicon where noted), tones changed as in speech', () => {
    const expected = words.map((word) => spokenReading(word, PRONUNCIATION_LEXICON[word] ?? pinyinPro(word)));
    const phonemizer = phonemizers.get(name)!;
    const planned = phonemizer.phonemes(words.map((word) => engineText(word, engine.engine)));
    // The same engine's phonemes of the reading (the WebAssembly build's missing syllables replaced as engineText does).
    const wanted = phonemizer.phonemes(expected.map((reading) => engineText(reading, engine.engine)));
    expect(wanted.filter((phonemes) => phonemes.includes('(en)'))).toEqual([]);
    const wrong = words.flatMap((word, index) =>
      sounds(planned[index]!) === sounds(wanted[index]!) ? [] : [`${word}: ${planned[index]} instead of ${wanted[index]} (${expected[index]})`],
    );
    expect(wrong).toEqual([]);
  });
});
