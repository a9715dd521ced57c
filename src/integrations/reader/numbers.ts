/**
 * Number and symbol reading for the audio reader (the reader reads numbers as a listener expects): rewrites the
 * digits of a page's readable text into the Chinese words a Taiwanese listener expects, before the text goes to
 * the speech engine (src/integrations/reader/text.ts). The engines left alone read digits unevenly: espeak-ng
 * says "12.5%" as 十二 五 "percent" in English and a phone number as one large amount.
 *
 * Rules, applied in this order (each on text that the earlier ones left with digits):
 *
 * | written                                                | spoken                                   |
 * |--------------------------------------------------------|------------------------------------------|
 * | international phone +886-4-2345-6789, (+886)2 2345 6789 | digit by digit without the plus (八八六 四 二三四五 六七八九) |
 * | phone 0800-880-550, 02-2345-6789, (02)2345-6789, 0912-345-678, 0912345678, 分機123 | digit by digit, 0 as 零, groups apart (零八零零 八八零 五五零) |
 * | a code after its label: 手機末三碼 530, 保單號碼：1234567, 案件編號 A2026-0012, 代號 136 | digit by digit (五三零, 一二三四五六七, A二零二六 零零一二) |
 * | a short hotline: 165 反詐騙專線, 請撥打 1999                | digit by digit (一六五, 一九九九)           |
 * | a discount 85 折, 9 折                                   | digit by digit (八五折, 九折), as said in Taiwan |
 * | a form's version 10905 版                                | digit by digit (一零九零五版)              |
 * | date 2026/03/15, 2026-03-15, 2026.03.15, 2026年3月15日   | 二〇二六年三月十五日 (year digit by digit, month and day as amounts); 2026年 alone as 二〇二六年 |
 * | ROC year 民國113年                                      | 民國一百一十三年 (an amount)                |
 * | a month and day 6/30 (also 1/2: a fraction is not told apart) | 六月三十日                          |
 * | time 14:30, 09:00, 09:05                                | 十四點三十分, 九點, 九點零五分              |
 * | range 3~5, 3～5, 3–5, 2-3 (at most 3 digits each side)   | 三至五, 二至三                              |
 * | percentage 12.5%, 12.5％                                | 百分之十二點五                             |
 * | amount NT$1,200,000, 新臺幣1,200元, 1,200 元, $300        | 一百二十萬元, 新臺幣一千二百元, 一千二百元, 三百元 |
 * | other numbers 1,200, 35, 3.5                            | amounts: 一千二百, 三十五, 三點五          |
 * | 2 at the head of a group: 200 萬, 2,500, 12,800; 02:00   | 兩百萬, 兩千五百, 一萬兩千八百; 兩點       |
 * | other digit runs with a leading 0 or over 8 digits      | digit by digit (codes, account numbers)  |
 *
 * | symbols: 台北/新北; 五% after a number in words; ETC    | 台北、新北 (never "slash"); 百分之五; E T C spelled |
 *
 * A table column whose header names a code (CODE_LABELS: 手機末三碼, 代號…) is read digit by digit too
 * (src/integrations/reader/text.ts, with `codeWords`). A range written with -, –, ~ or ～ between two converted
 * dates or times, or with ~, ～ or – between two amounts or percentages, is read with 至. Full-width digits
 * (０–９) count as digits. Amount words come from nzh (Traditional Chinese, `Nzh.hk.encodeS`: 一千二百, 一百二十萬).
 */
import Nzh from 'nzh';

/** Chinese digit for each of 0–9, as read in phone numbers and years (0 as 零 in phone numbers). */
const PHONE_DIGITS = '零一二三四五六七八九';
/** The same for years, where 0 is written 〇 (二〇二六年) — espeak-ng reads both as líng. */
const YEAR_DIGITS = '〇一二三四五六七八九';
/** Digit runs longer than this (without thousands separators) are read digit by digit, not as an amount. */
const MAX_AMOUNT_DIGITS = 8;

/** `digits` (ASCII 0–9 only) read one by one with `table`. */
function digitByDigit(digits: string, table = PHONE_DIGITS): string {
  return digits.replace(/\d/g, (digit) => table[Number(digit)]!);
}

/**
 * Labels after which (or under which, as a table header) digits are a code, not an amount: phone tails as winner
 * lists publish them (手機末三碼), policy, case, reference and other numbers. Longer labels first where one
 * contains another.
 */
export const CODE_LABELS = [
  '末三碼',
  '末四碼',
  '末五碼',
  '末碼',
  '尾碼',
  '號碼',
  '編號',
  '代號',
  '代碼',
  '序號',
  '案號',
  '單號',
  '證號',
  '字號',
  '帳號',
  '統編',
  '郵遞區號',
  '驗證碼',
  '優惠碼',
  '折扣碼',
  '兌換碼',
  '批號',
  '車號',
  '電話',
  '手機',
  '傳真',
] as const;

/** What may stand between a code label and its code: spaces, a colon, 為 or 是, an opening bracket or quote. */
const CODE_LABEL_GAP = String.raw`[\s:：為是（(「『]{0,3}`;
/** A code: letters, digits and dashes with at least one digit (A2026-0012, 1234567). */
const CODE = String.raw`[A-Za-z0-9-]*\d[A-Za-z0-9-]*`;

/**
 * A code read as a listener expects it: its digits one by one (0 as 零), its dashes as pauses, its letters as they
 * are (`A2026-0012` → `A二零二六 零零一二`). Text without digits comes back unchanged.
 */
export function codeWords(code: string): string {
  return digitByDigit(code.replace(/\s*-\s*/g, ' ')).trim();
}

/**
 * An amount in Traditional Chinese words: `1200000` → 一百二十萬, `12.5` → 十二點五, `0.5` → 零點五.
 * @param written digits with an optional decimal part; thousands commas allowed ("1,200,000")
 */
export function amountWords(written: string): string {
  const plain = written.replaceAll(',', '');
  const [whole = '0', fraction] = plain.split('.');
  // A Taiwanese listener counts 兩 before 百, 千, 萬 and 億 at the head of a group (兩百萬, 一萬兩千八百; 一千二百 stays); nzh writes 二.
  const wholeWords = Nzh.hk.encodeS(whole.replace(/^0+(?=\d)/, '')).replace(/(?<=^|[萬億])二(?=[百千萬億])/g, '兩');
  return fraction ? `${wholeWords}點${digitByDigit(fraction)}` : wholeWords;
}

/** A month or day as an amount (`03` → 三), or undefined when out of range. */
function calendarNumber(written: string, max: number): string | undefined {
  const value = Number(written);
  return value >= 1 && value <= max ? amountWords(String(value)) : undefined;
}

/** A number written with digits: thousands-grouped, or plain, with an optional decimal part. */
const NUMBER = String.raw`(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?`;
/** No digit (or digit-joining mark) right before / after a match. */
const START = String.raw`(?<![\d.,])`;
const END = String.raw`(?![\d])`;

/** Characters that begin a converted number (used to find ranges between two of them). */
const CHINESE_NUMBER_START = '〇零一二三四五六七八九十';

/** `groups` of digits read one by one, a pause (space) between groups. */
const phoneGroups = (...groups: (string | undefined)[]) =>
  groups
    .filter((group): group is string => Boolean(group))
    .map((group) => digitByDigit(group))
    .join(' ');

/**
 * Phone numbers digit by digit: international ones without their plus (+886-4-2345-6789 → 八八六 四 二三四五 六七八九,
 * as a Taiwanese listener dials them; the plus is never said), then (02)2345-6789, 0800-880-550, 02-2345-6789,
 * 0912-345-678, 02-23456789, 0912345678 and extensions.
 */
function phoneNumbers(text: string): string {
  return text
    .replace(new RegExp(String.raw`\(?\+\s?(\d{1,3})\)?[-\s]?\(?(\d{1,4})\)?[-\s]?(\d{3,4})[-\s]?(\d{3,4})${END}`, 'g'), (_, country, area, a, b) =>
      phoneGroups(country, area, a, b),
    )
    .replace(new RegExp(String.raw`${START}\((0\d{1,3})\)\s?(\d{3,4})[-\s]?(\d{3,4})${END}`, 'g'), (_, a, b, c) => phoneGroups(a, b, c))
    .replace(new RegExp(String.raw`${START}(0\d{1,3})-(\d{3,4})-(\d{3,4})${END}`, 'g'), (_, a, b, c) => phoneGroups(a, b, c))
    .replace(new RegExp(String.raw`${START}(0\d{1,3})-(\d{6,8})${END}`, 'g'), (_, a, b) => phoneGroups(a, b))
    .replace(new RegExp(String.raw`${START}(09\d{2})(\d{3})(\d{3})${END}`, 'g'), (_, a, b, c) => phoneGroups(a, b, c))
    .replace(/(分機|轉)\s?#?(\d+)/g, (_, word: string, digits: string) => `${word}${digitByDigit(digits)}`);
}

/**
 * Codes digit by digit: after their label (手機末三碼 530, 保單號碼：1234567), a form's version number before 版
 * (10905 版 → 一零九零五版, as forms are cited), short hotlines (165 專線, 撥打 1999) and discounts (85 折 → 八五折).
 */
function codes(text: string): string {
  return text
    .replace(new RegExp(`(${CODE_LABELS.join('|')})(${CODE_LABEL_GAP})(${CODE})`, 'g'), (_, label: string, gap: string, code: string) => {
      return `${label}${gap}${codeWords(code)}`;
    })
    .replace(new RegExp(String.raw`${START}(\d{3,})(\s?)(?=版)`, 'g'), (_, digits: string, gap: string) => `${digitByDigit(digits)}${gap}`)
    .replace(
      new RegExp(String.raw`${START}(\d{3,4})(\s?)(?=(?:反詐騙)?專線|全民防騙網)`, 'g'),
      (_, digits: string, gap: string) => `${digitByDigit(digits)}${gap}`,
    )
    .replace(
      new RegExp(String.raw`(撥打|請撥|撥)(\s?)(\d{3,4})${END}`, 'g'),
      (_, word: string, gap: string, digits: string) => `${word}${gap}${digitByDigit(digits)}`,
    )
    .replace(new RegExp(String.raw`${START}(\d{1,2})(\s?)折`, 'g'), (_, digits: string, gap: string) => `${digitByDigit(digits)}${gap}折`);
}

/**
 * Dates (year digit by digit, month and day as amounts): 2026/03/15, 2026-03-15, 2026年3月15日, 民國113年, 2026年,
 * and a month and day alone, 6/30 → 六月三十日 (how deadlines are written: 6/30 前); times of day 14:30 → 十四點三十分.
 */
function datesAndTimes(text: string): string {
  const date = (whole: string, year: string | undefined, month: string, day: string) => {
    const m = calendarNumber(month, 12);
    const d = calendarNumber(day, 31);
    if (!m || !d) return whole;
    return `${year ? `${digitByDigit(year, YEAR_DIGITS)}年` : ''}${m}月${d}日`;
  };
  const out = text
    .replace(new RegExp(String.raw`${START}(\d{4})([/.-])(\d{1,2})\2(\d{1,2})${END}`, 'g'), (whole, y, _, m, d) => date(whole, y, m, d))
    .replace(/(?<!\d)(\d{4})\s?年\s?(\d{1,2})\s?月\s?(\d{1,2})\s?日/g, (whole, y, m, d) => date(whole, y, m, d))
    .replace(/民國\s?(\d{1,3})\s?年/g, (_, year: string) => `民國${amountWords(year)}年`)
    .replace(/(?<!\d)(\d{4})\s?年/g, (_, year: string) => `${digitByDigit(year, YEAR_DIGITS)}年`)
    .replace(/(?<![\d/.])(\d{1,2})\/(\d{1,2})(?![\d/])/g, (whole, m, d) => date(whole, undefined, m, d));
  return out.replace(new RegExp(String.raw`${START}([01]?\d|2[0-4]):([0-5]\d)${END}`, 'g'), (_, hour: string, minute: string) => {
    // Two o'clock is 兩點, as the count of hours (二點 is "2.").
    const h = Number(hour) === 2 ? '兩' : amountWords(String(Number(hour)));
    if (minute === '00') return `${h}點`;
    return `${h}點${minute.startsWith('0') ? '零' : ''}${amountWords(String(Number(minute)))}分`;
  });
}

/**
 * A range between two numbers is read with 至, never "tilde" or a dash (3~5 個工作天 → 三至五個工作天, 2-3 級 → 二至三級):
 * `~`, `～` or `–` between two numbers, `-` between two numbers of at most three digits (longer ones are codes).
 */
function numberRanges(text: string): string {
  return text
    .replace(new RegExp(String.raw`${START}(${NUMBER})\s?[~～–]\s?(?=\d)`, 'g'), '$1至')
    .replace(/(?<![\dA-Za-z.,-])(\d{1,3})\s?-\s?(?=\d{1,3}(?![\d.,-]))/g, '$1至');
}

/** Percentages (12.5% → 百分之十二點五) and amounts of money (NT$1,200 → 一千二百元); then the other numbers. */
function amounts(text: string): string {
  const out = text
    .replace(new RegExp(String.raw`${START}(${NUMBER})\s?%`, 'g'), (_, number: string) => `百分之${amountWords(number)}`)
    .replace(
      new RegExp(String.raw`(新臺幣|新台幣)?\s?(?:NT\$|NTD\s?|\$)\s?(${NUMBER})(\s?元)?`, 'g'),
      (_, word = '', number: string) => `${word}${amountWords(number)}元`,
    )
    .replace(new RegExp(String.raw`${START}(${NUMBER})\s?(?=元|萬|億)`, 'g'), (_, number: string) => amountWords(number));
  // Whatever digits are left: codes (a leading 0, or longer than an amount) digit by digit, the rest as amounts.
  return out.replace(new RegExp(`${START}${NUMBER}`, 'g'), (number) =>
    /^0\d/.test(number) || (!number.includes(',') && number.split('.')[0]!.length > MAX_AMOUNT_DIGITS)
      ? digitByDigit(number.replace('.', '點'))
      : amountWords(number),
  );
}

/**
 * Symbols a listener never hears said: `/` between words (台北/新北) is read as the pause of 、, not "slash" (a URL's
 * `//` is left); a percent sign after a number already in words (五%) becomes 百分之五; a run of capital letters
 * (ETC, ATM) is spelled letter by letter rather than read as an English word (ETC was "et cetera").
 */
function symbols(text: string): string {
  return text
    .replace(new RegExp(`([${CHINESE_NUMBER_START}百千萬點]+)\\s?%`, 'g'), '百分之$1')
    .replace(/(?<![:/])[/／](?![/])/g, '、')
    .replace(/(?<![A-Za-z])[A-Z]{2,}(?![a-z])/g, (run) => run.split('').join(' '));
}

/**
 * Text with its numbers written as Chinese words, as the speech engine must read them (rules in the module
 * docstring). Pure: the same input gives the same output; text without digits or symbols comes back unchanged.
 * @param text readable text of a page (any length, lines kept)
 * @returns the text to send to the engine
 */
export function speakableText(text: string): string {
  let out = text.replace(/[０-９]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xff10 + 0x30)).replace(/％/g, '%');
  if (/\d/.test(out)) {
    out = amounts(numberRanges(datesAndTimes(codes(phoneNumbers(out)))));
    // A range between two dates, times or amounts in words: 九點至十七點, 百分之五至百分之十.
    out = out
      .replace(new RegExp(`([日點分])\\s?[-–~～]\\s?(?=[${CHINESE_NUMBER_START}])`, 'g'), '$1至')
      .replace(new RegExp(`([${CHINESE_NUMBER_START}百千萬])\\s?[~～–]\\s?(?=[${CHINESE_NUMBER_START}]|百分之)`, 'g'), '$1至');
  }
  return symbols(out);
}
