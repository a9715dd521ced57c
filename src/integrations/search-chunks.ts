/**
 * Smaller word-index chunks for the site search, so that a first search stays within SEARCH_FIRST_SEARCH_KB
 * (src/site/limits.ts). Pagefind 1.6 cuts its word index into chunks of about 20,000 word positions, a value it
 * does not let a site set (pagefind/src/index/mod.rs `chunk_index(word_map, 20000)`). Our index holds every Han
 * character as a word (src/integrations/search-index.ts), so a query of three or four characters touches three or four
 * different chunks, each about 24 KB gzip on the sample site: about 72 of the 165 KB of a median first search.
 * Re-cut into chunks of SEARCH_INDEX_CHUNK_LOCATIONS positions, the same query loads the same words in a fraction of
 * the bytes.
 *
 * What it rewrites, in the folder Pagefind wrote (`dist/pagefind/`), per language of `pagefind-entry.json`:
 * - the word chunks `index/<hash>.pf_index`: the same words in the same order, cut at other places;
 * - the metadata `pagefind.<hash>.pf_meta`: its list of chunks (`[from, to, hash]`), the rest as it was;
 * - `pagefind-entry.json`: the metadata's new hash.
 * Every file keeps Pagefind's format: gzip of `pagefind_dcd` followed by CBOR (minicbor's arrays of fields), which
 * cborg decodes and encodes again byte for byte (tests/unit/search-chunks.test.ts checks the round trip on a real
 * index, so a Pagefind release that changes the format fails the tests, not the visitors).
 *
 * Where it cuts: only when the chunk holds at least the limit and the next word starts with another character than
 * the last one. Pagefind's browser code loads one chunk per query term, the one whose [from, to] range holds the term,
 * and finds longer words that begin with the term (prefix matches) only in that chunk; words that share a first
 * character therefore stay together, as they can share a prefix.
 */
import { createHash } from 'node:crypto';
import { readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { decode, encode } from 'cborg';

/** The signature every Pagefind data file starts with, before its CBOR body. */
const PAGEFIND_SIGNATURE = Buffer.from('pagefind_dcd');

/** A word of a chunk: `[word, pages, …]`, each page `[page number, positions, meta positions]` (Pagefind 1.6). */
type PackedWord = [string, [number, number[], ...unknown[]][], ...unknown[]];
/** One entry of the metadata's chunk list. */
type MetaChunk = [from: string, to: string, hash: string];

/**
 * Reads a Pagefind data file.
 * @param file path of a `.pf_index` or `.pf_meta` file
 * @returns its CBOR body, decoded
 * @throws Error naming the file when it is not gzip of `pagefind_dcd` + CBOR
 */
export async function readPagefindFile(file: string): Promise<unknown> {
  const raw = gunzipSync(await readFile(file));
  if (!raw.subarray(0, PAGEFIND_SIGNATURE.length).equals(PAGEFIND_SIGNATURE)) {
    throw new Error(`Search index: ${file} does not start with "pagefind_dcd"; has Pagefind's file format changed?`);
  }
  return decode(raw.subarray(PAGEFIND_SIGNATURE.length));
}

/**
 * Encodes a Pagefind data file's body as Pagefind writes it.
 * @param value the decoded body (arrays, strings, integers)
 * @returns `pagefind_dcd` + CBOR, not yet compressed
 */
export function encodePagefindBody(value: unknown): Buffer {
  return Buffer.concat([PAGEFIND_SIGNATURE, encode(value)]);
}

/** Word positions a word adds to a chunk, counted as Pagefind counts them (one per page, plus its positions). */
const positions = (word: PackedWord): number => word[1].reduce((sum, page) => sum + page[1].length + 1, 0);

/** The first character of a word (a whole code point). */
const firstCharacter = (word: string): string => String.fromCodePoint(word.codePointAt(0) ?? 0);

/**
 * Cuts a sorted word list into chunks (module comment: where it cuts).
 * @param words every word of the index, in Pagefind's order
 * @param limit positions after which a chunk may end
 * @returns the chunks, in order; together exactly `words`
 */
export function cutChunks<T extends PackedWord>(words: readonly T[], limit: number): T[][] {
  const chunks: T[][] = [];
  let chunk: T[] = [];
  let size = 0;
  for (const [i, word] of words.entries()) {
    chunk.push(word);
    size += positions(word);
    const next = words[i + 1];
    if (next && size >= limit && firstCharacter(next[0]) !== firstCharacter(word[0])) {
      chunks.push(chunk);
      chunk = [];
      size = 0;
    }
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

/** A content hash in Pagefind's style: `<language>_<hex>`. */
const contentHash = (language: string, body: Buffer, length: number): string =>
  `${language}_${createHash('sha256').update(body).digest('hex').slice(0, length)}`;

/**
 * Re-cuts the word index of every language in a Pagefind output folder (module comment).
 * @param indexDir the folder Pagefind wrote (`…/pagefind`)
 * @param limit word positions per chunk before a cut (SEARCH_INDEX_CHUNK_LOCATIONS)
 * @returns per language, the number of chunks before and after
 * @throws Error naming the file when Pagefind's files are not as expected
 */
export async function rechunkSearchIndex(indexDir: string, limit: number): Promise<{ language: string; before: number; after: number }[]> {
  const entryFile = join(indexDir, 'pagefind-entry.json');
  const entry = JSON.parse(await readFile(entryFile, 'utf8')) as { languages: Record<string, { hash: string }> };
  const results = [];
  for (const [language, info] of Object.entries(entry.languages)) {
    const metaFile = join(indexDir, `pagefind.${info.hash}.pf_meta`);
    const meta = (await readPagefindFile(metaFile)) as unknown[];
    const oldChunks = meta[2];
    if (!Array.isArray(oldChunks) || !oldChunks.every((chunk) => Array.isArray(chunk) && typeof chunk[2] === 'string')) {
      throw new Error(`Search index: ${metaFile} has no list of chunks where Pagefind 1.6 keeps it; has its file format changed?`);
    }
    const words: PackedWord[] = [];
    for (const [, , hash] of oldChunks as MetaChunk[]) {
      const file = join(indexDir, 'index', `${hash}.pf_index`);
      const chunk = (await readPagefindFile(file)) as [PackedWord[]];
      if (!Array.isArray(chunk?.[0])) throw new Error(`Search index: ${file} holds no word list; has Pagefind's file format changed?`);
      words.push(...chunk[0]);
      await unlink(file);
    }
    const chunks: MetaChunk[] = [];
    for (const chunk of cutChunks(words, limit)) {
      const body = encodePagefindBody([chunk]);
      const hash = contentHash(language, body, 7);
      await writeFile(join(indexDir, 'index', `${hash}.pf_index`), gzipSync(body, { level: 9 }));
      chunks.push([chunk[0]![0], chunk.at(-1)![0], hash]);
    }
    meta[2] = chunks;
    const body = encodePagefindBody(meta);
    const hash = contentHash(language, body, 13);
    await writeFile(join(indexDir, `pagefind.${hash}.pf_meta`), gzipSync(body, { level: 9 }));
    await unlink(metaFile);
    info.hash = hash;
    results.push({ language, before: oldChunks.length, after: chunks.length });
  }
  await writeFile(entryFile, JSON.stringify(entry));
  return results;
}
