/**
 * What the audio reader reads (REFERENCE.md "Product": "an audio reader for page content"): a built page's
 * readable text, and that text cut into the segments the speech engine receives one at a time.
 *
 *   built page (dist HTML) → `extractReaderPage` (the `[data-reader-text]` parts of `main[data-reader]`, numbers as
 *   words by src/integrations/reader/numbers.ts) → `splitSegments` (at most `segmentMaxChars` characters each).
 */
import { parse, type HTMLElement } from 'node-html-parser';
import { NAME_MASK_WORD } from '../../site/pronunciation.ts';
import { CODE_LABELS, codeWords, speakableText } from './numbers.ts';

/** Page parts that are never read aloud, even inside a `[data-reader-text]` element. */
export const READER_EXCLUDE = 'nav, form, button, select, script, style, svg, img, astro-island, [data-reader-skip], .visually-hidden';

/**
 * A readable page: where its manifest goes (its readerPath), its text as it will be spoken, and its date: the
 * newest `time[datetime]` of its read parts (on a detail page the portal item's date, on a list page its newest
 * item's), undefined when it shows none.
 */
export interface ReaderPage {
  readerPath: string;
  text: string;
  date?: string;
}

/** Ends a line that has no closing punctuation with 。, so the engine pauses between headings and paragraphs. */
function endSentence(line: string): string {
  return /[。！？!?；;：:，,、…]$/.test(line) ? line : `${line}。`;
}

/** Characters that mask a published name's character (羅○婷, 王◯明); after a Han character they are read. */
const NAME_MASKS = /(?<=\p{Script=Han})[○◯]+/gu;
/** The same with the look-alikes 〇, Ｏ, ＊ and *, only between two Han characters that are not numerals (二〇二六). */
const NAME_MASK_LOOKALIKES = /(?<=\p{Script=Han})(?<![〇零一二三四五六七八九十百千萬])[〇Ｏ＊*]+(?=\p{Script=Han})/gu;

/**
 * Masked names read as a listener expects (王○明 → 王某明, NAME_MASK_WORD of src/site/pronunciation.ts): espeak-ng
 * says nothing for the mask, so the listener would hear 王明. A mask that starts a line (a bullet) stays as it is.
 */
export function unmaskedNames(text: string): string {
  const spoken = (masks: string) => NAME_MASK_WORD.repeat([...masks].length);
  return text.replace(NAME_MASKS, spoken).replace(NAME_MASK_LOOKALIKES, spoken);
}

/** A table header that names a code (CODE_LABELS): its column is read digit by digit. */
const CODE_HEADER = new RegExp(CODE_LABELS.join('|'));

/**
 * Rewrites, in place, the cells of `root`'s tables whose column header names a code (手機末三碼, 代號: CODE_HEADER)
 * as their digits one by one (`codeWords`): a winner list's phone tail 530 is 五三零, not the amount 五百三十. The
 * header is the `th` row of the table's `thead`, else its first row.
 */
function readCodeColumns(root: HTMLElement): void {
  for (const table of root.querySelectorAll('table')) {
    const rows = table.querySelectorAll('tr');
    const headerRow = table.querySelector('thead tr') ?? rows[0];
    if (!headerRow) continue;
    const codeColumns = headerRow.querySelectorAll('th, td').flatMap((cell, index) => (CODE_HEADER.test(cell.text) ? [index] : []));
    if (codeColumns.length === 0) continue;
    for (const row of rows) {
      if (row === headerRow) continue;
      const cells = row.querySelectorAll('td, th');
      for (const index of codeColumns) {
        const cell = cells[index];
        if (cell && /\d/.test(cell.text)) cell.textContent = codeWords(cell.text.trim());
      }
    }
  }
}

/**
 * The readable text of a built page, or undefined when the page has no reader (its `main` lacks `data-reader`,
 * set by SiteLayout to the readerPath) or nothing to read. Text comes from the `[data-reader-text]` elements
 * inside main, in document order (nested ones once), without READER_EXCLUDE parts; masked names read with
 * NAME_MASK_WORD (`unmaskedNames`); the code columns of tables digit by digit (`readCodeColumns`); its numbers
 * (dates, times, phone numbers, codes, amounts, percentages) written as the words a listener expects
 * (`speakableText`, src/integrations/reader/numbers.ts). The engine receives this text in segments, with the
 * pronunciation lexicon's readings for espeak-ng (src/integrations/reader/pronunciation.ts). Its `date` (ReaderPage) orders
 * synthesis when the build's time budget cannot cover every page (src/integrations/reader/site.ts).
 * @param html the page's HTML
 */
export function extractReaderPage(html: string): ReaderPage | undefined {
  if (!html.includes('data-reader=')) return undefined;
  const main = parse(html).querySelector('main[data-reader]');
  const readerPath = main?.getAttribute('data-reader');
  if (!main || !readerPath) return undefined;
  const parts = main.querySelectorAll('[data-reader-text]').filter((element) => {
    for (let up = element.parentNode as HTMLElement | null; up && up !== main; up = up.parentNode as HTMLElement | null) {
      if (up.hasAttribute?.('data-reader-text')) return false;
    }
    return true;
  });
  const lines: string[] = [];
  let date: string | undefined;
  for (const part of parts) {
    for (const excluded of part.querySelectorAll(READER_EXCLUDE)) excluded.remove();
    readCodeColumns(part);
    for (const time of part.querySelectorAll('time[datetime]')) {
      const datetime = time.getAttribute('datetime') ?? '';
      // ISO dates (src/lib/taipei-dates.ts isoDate) sort as text.
      if (datetime && (date === undefined || datetime > date)) date = datetime;
    }
    for (const line of part.structuredText.split('\n')) {
      const clean = line.replace(/\s+/g, ' ').trim();
      if (clean) lines.push(endSentence(clean));
    }
  }
  const text = speakableText(unmaskedNames(lines.join('\n')));
  return text ? { readerPath, text, ...(date ? { date } : {}) } : undefined;
}

/**
 * Splits text into segments of at most `maxChars` characters, at sentence ends (。！？!?；; or a line break), a
 * sentence longer than that at a comma, and as a last resort at `maxChars`. Whitespace-only segments are dropped.
 */
export function splitSegments(text: string, maxChars: number): string[] {
  const pieces: string[] = [];
  for (const sentence of text.match(/[^。！？!?；;\n]+[。！？!?；;]*\n?|\n/g) ?? []) {
    if (sentence.length <= maxChars) {
      pieces.push(sentence);
      continue;
    }
    for (const clause of sentence.match(/[^，,、]+[，,、]*/g) ?? []) {
      for (let i = 0; i < clause.length; i += maxChars) pieces.push(clause.slice(i, i + maxChars));
    }
  }
  const segments: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (current.length + piece.length > maxChars && current.trim()) {
      segments.push(current.trim());
      current = '';
    }
    current += piece;
  }
  if (current.trim()) segments.push(current.trim());
  return segments;
}
