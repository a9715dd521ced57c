/**
 * What the audio reader reads (spec §1 "an audio reader for page content"): a built page's
 * readable text, and that text cut into the segments the speech engine receives one at a time.
 *
 *   built page (dist HTML) → `extractReaderPage` (the `[data-reader-text]` parts of `main[data-reader]`, numbers as
 *   words by src/integrations/reader/numbers.ts) → `splitSegments` (at most `segmentMaxChars` characters each).
 */
import { parse, type HTMLElement } from 'node-html-parser';
import { speakableText } from './numbers.ts';

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

/**
 * The readable text of a built page, or undefined when the page has no reader (its `main` lacks `data-reader`,
 * set by SiteLayout to the readerPath) or nothing to read. Text comes from the `[data-reader-text]` elements
 * inside main, in document order (nested ones once), without READER_EXCLUDE parts; its numbers (dates, times,
 * phone numbers, amounts, percentages) written as the words a listener expects (`speakableText`,
 * src/integrations/reader/numbers.ts): this text is what the engine receives. Its `date` (ReaderPage) orders
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
  const text = speakableText(lines.join('\n'));
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
