/**
 * The search lexicon's files on the built site keep the shapes their number names (src/browser/search-source.ts
 * LEXICON_FORMAT, SEARCH_FILES): a search page opened before a deploy fetches the files of its own number, carried
 * over for a day after the switch, so a file of one number must always have the shape that number's code reads. A
 * change of shape fails here until it has a number of its own (REFERENCE.md "Publishing rules": old pages' assets
 * stay reachable).
 * Runs after `npm run build` (reads dist/, or SITE_DIST_DIR: another built site).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { LEXICON_FORMAT, SEARCH_FILES } from '../../src/browser/search-source';

const dist = process.env.SITE_DIST_DIR ? `${resolve(process.env.SITE_DIST_DIR)}/` : fileURLToPath(new URL('../../dist/', import.meta.url));

/** A table: a character, phrase or syllable → the characters or phrase it stands for. */
const table = z.record(z.string(), z.string());
/** A list of words. */
const words = z.array(z.string());

/**
 * The shapes each number stands for, per file of SEARCH_FILES: every key required, no other key allowed. A number's
 * shapes never change: a new shape is a new number (LEXICON_FORMAT) with an entry of its own.
 */
const LEXICON_SHAPES: Record<number, Record<keyof typeof SEARCH_FILES, z.ZodType>> = {
  3: {
    lexicon: z.strictObject({
      bets: z.array(z.tuple([words, z.string(), z.string()])),
      chars: table,
      covers: words,
      groups: z.array(words),
      phrases: table,
      records: z.number().int().positive(),
      rewrites: z.array(z.tuple([z.string(), words])),
      stopWords: words,
      synonyms: z.array(words),
      topics: words,
    }),
    fold: z.strictObject({ chars: table, phrases: table }),
    sounds: z.strictObject({ sounds: table }),
    words,
    typos: table,
  },
};

describe('the search lexicon files', () => {
  it('have the shapes their number names, so a page opened before a deploy reads the files of its own shape', () => {
    const folder = join(dist, 'pagefind');
    for (const [name, file] of Object.entries(SEARCH_FILES)) {
      const shape = LEXICON_SHAPES[LEXICON_FORMAT]![name as keyof typeof SEARCH_FILES];
      const read = shape.safeParse(JSON.parse(readFileSync(join(folder, file), 'utf8')));
      expect(read.error?.issues ?? [], `${file}: a new shape needs a new LEXICON_FORMAT (search-source.ts) and its entry here`).toEqual([]);
    }
  });

  it('are the only lexicon files the build writes (besides their compressed copies): none of another number or of none', () => {
    const folder = join(dist, 'pagefind');
    expect(existsSync(folder)).toBe(true);
    const written = readdirSync(folder)
      .filter((file) => /^site-.*\.json$/.test(file))
      .sort();
    expect(written).toEqual(Object.values(SEARCH_FILES).sort());
  });
});
