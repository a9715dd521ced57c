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
import { describe, expect, it } from 'vitest';
import { LEXICON_FORMAT, SEARCH_FILES } from '../../src/browser/search-source';

const dist = process.env.SITE_DIST_DIR ? `${resolve(process.env.SITE_DIST_DIR)}/` : fileURLToPath(new URL('../../dist/', import.meta.url));

/** Keys past which an object is a table (a character or syllable → its value), read by its values' shapes alone. */
const TABLE_KEYS = 12;

/** A shape: a JSON type; `[shape]` an array of it; `{ of: [...] }` one of several; `{ '*': shape }` a table. */
type Shape = string | Shape[] | { [key: string]: Shape };

/** The distinct shapes of some values, as one shape (`{ of }` when they differ). */
function unionOf(values: readonly unknown[]): Shape {
  const shapes = [...new Set(values.map((value) => JSON.stringify(shapeOf(value))))].sort().map((text) => JSON.parse(text) as Shape);
  return shapes.length === 1 ? shapes[0]! : { of: shapes };
}

/** The shape of a JSON value: its type; an array's elements; an object's keys, or a table's values. */
function shapeOf(value: unknown): Shape {
  if (Array.isArray(value)) return [unionOf(value)];
  if (value === null || typeof value !== 'object') return value === null ? 'null' : typeof value;
  const entries = Object.entries(value);
  if (entries.length > TABLE_KEYS) return { '*': unionOf(entries.map(([, item]) => item)) };
  return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)).map(([key, item]) => [key, shapeOf(item)]));
}

/**
 * The shapes each number stands for, per file of SEARCH_FILES. A number's shapes never change: a new shape is a new
 * number (LEXICON_FORMAT) with an entry of its own.
 */
const LEXICON_SHAPES: Record<number, Record<keyof typeof SEARCH_FILES, Shape>> = {
  3: {
    lexicon: {
      bets: [[{ of: ['string', ['string']] }]],
      chars: { '*': 'string' },
      covers: ['string'],
      groups: [['string']],
      phrases: { '*': 'string' },
      records: 'number',
      rewrites: [[{ of: ['string', ['string']] }]],
      stopWords: ['string'],
      synonyms: [['string']],
      topics: ['string'],
    },
    fold: { chars: { '*': 'string' }, phrases: { '*': 'string' } },
    sounds: { sounds: { '*': 'string' } },
    words: ['string'],
    typos: { '*': 'string' },
  },
};

describe('the search lexicon files', () => {
  it('have the shapes their number names, so a page opened before a deploy reads the files of its own shape', () => {
    const folder = join(dist, 'pagefind');
    const shapes = Object.fromEntries(
      Object.entries(SEARCH_FILES).map(([name, file]) => [name, shapeOf(JSON.parse(readFileSync(join(folder, file), 'utf8')))]),
    );
    expect(shapes, `a new shape needs a new LEXICON_FORMAT (search-source.ts) and its entry here`).toEqual(LEXICON_SHAPES[LEXICON_FORMAT]);
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
