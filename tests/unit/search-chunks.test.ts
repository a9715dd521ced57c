/**
 * The word index re-cut into smaller chunks (src/integrations/search-chunks.ts): on an index Pagefind writes for a
 * few pages, the re-cut keeps every word in order, in more chunks whose ranges hold their words, the metadata and
 * `pagefind-entry.json` point at the new files, nothing of the old ones is left, and Pagefind's files decode and
 * encode again byte for byte (so a Pagefind release that changes its format fails here).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import * as pagefind from 'pagefind';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spacedPageHtml } from '../../src/integrations/search-index';
import { cutChunks, encodePagefindBody, readPagefindFile, rechunkSearchIndex } from '../../src/integrations/search-chunks';

const PAGES = {
  'claim/index.html': '汽車保險理賠流程：發生事故後請先報警，再撥打理賠專線 0800-077-568。',
  'travel/index.html': '旅行平安保險保障海外突發疾病、班機延誤與行李遺失。ESG 永續報告書。',
  'home/index.html': '住宅火災保險與地震基本保險，颱風洪水可以加保。機車強制險線上投保。',
};

let dir: string;
const indexDir = () => join(dir, 'pagefind');
const entry = () => JSON.parse(readFileSync(join(indexDir(), 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, { hash: string }> };
type Word = [string, [number, number[], ...unknown[]][], ...unknown[]];
const metaOf = async () => (await readPagefindFile(join(indexDir(), `pagefind.${entry().languages['zh-TW']!.hash}.pf_meta`))) as unknown[];
async function allWords(): Promise<{ chunks: [string, string, string][]; words: Word[][] }> {
  const chunks = (await metaOf())[2] as [string, string, string][];
  const words = [];
  for (const [, , hash] of chunks) words.push(((await readPagefindFile(join(indexDir(), 'index', `${hash}.pf_index`))) as [Word[]])[0]);
  return { chunks, words };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'search-chunks-'));
  const { index } = await pagefind.createIndex({ forceLanguage: 'zh-TW' });
  for (const [path, text] of Object.entries(PAGES)) {
    const html = `<html lang="zh-TW"><body><main data-pagefind-body><h1>${path}</h1><p>${text}</p></main></body></html>`;
    await index!.addHTMLFile({ sourcePath: path, content: spacedPageHtml(html) });
  }
  await index!.writeFiles({ outputPath: indexDir() });
  await pagefind.close();
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a Pagefind index re-cut into smaller chunks', () => {
  let before: { chunks: [string, string, string][]; words: Word[][] };
  let beforeMeta: unknown[];

  beforeAll(async () => {
    before = await allWords();
    beforeMeta = await metaOf();
  });

  it("decodes and encodes Pagefind's files byte for byte", async () => {
    const files = [
      ...readdirSync(join(indexDir(), 'index')).map((file) => join(indexDir(), 'index', file)),
      join(indexDir(), `pagefind.${entry().languages['zh-TW']!.hash}.pf_meta`),
    ];
    for (const file of files) {
      const raw = gunzipSync(readFileSync(file));
      expect(encodePagefindBody(await readPagefindFile(file)).equals(raw), file).toBe(true);
    }
  });

  it('keeps every word in order in more chunks, each range holding its words; the entry and metadata point at the new files', async () => {
    expect(before.chunks).toHaveLength(1); // three short pages: one chunk of Pagefind's 20,000 positions
    const [result] = await rechunkSearchIndex(indexDir(), 20);
    const after = await allWords();
    expect(result).toEqual({ language: 'zh-TW', before: 1, after: after.chunks.length });
    expect(after.chunks.length).toBeGreaterThan(3);
    expect(after.words.flat()).toEqual(before.words.flat());
    for (const [i, [from, to]] of after.chunks.entries()) {
      expect(from).toBe(after.words[i]![0]![0]);
      expect(to).toBe(after.words[i]!.at(-1)![0]);
    }
    // Everything else of the metadata is as Pagefind wrote it (pages, filters, sorts, meta fields).
    const meta = await metaOf();
    expect([...meta.slice(0, 2), ...meta.slice(3)]).toEqual([...beforeMeta.slice(0, 2), ...beforeMeta.slice(3)]);
    // No file of the old index is left.
    expect(readdirSync(join(indexDir(), 'index')).sort()).toEqual(after.chunks.map(([, , hash]) => `${hash}.pf_index`).sort());
    expect(readdirSync(indexDir()).filter((file) => file.endsWith('.pf_meta'))).toEqual([`pagefind.${entry().languages['zh-TW']!.hash}.pf_meta`]);
  });
});

describe('where the index is cut', () => {
  const word = (text: string, count: number): Word => [text, [[0, Array.from({ length: count - 1 }, (_, i) => i)]]];

  it('after the limit, and never between words of the same first character (a term finds its longer words in its own chunk)', () => {
    const words = [word('保', 10), word('保單', 10), word('保險', 10), word('單', 10), word('理', 10), word('理賠', 10), word('車', 10)];
    const chunks = cutChunks(words, 15).map((chunk) => chunk.map(([text]) => text));
    expect(chunks).toEqual([['保', '保單', '保險'], ['單', '理', '理賠'], ['車']]);
  });

  it('keeps a short index in one chunk', () => {
    const words = [word('a', 1), word('b', 1)];
    expect(cutChunks(words, 100)).toEqual([words]);
  });
});
