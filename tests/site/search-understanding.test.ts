/**
 * What the site search understands, on the built site (REFERENCE.md "Site search"; REFERENCE.md "Browser side": "Search understands
 * the visitor"), each by its mechanism rather than by a list of examples: words and questions are taken from the
 * built index itself at test time (its records' titles and texts, read from dist/pagefind/fragment/), and searched
 * with the site's own rule in Chromium (scripts/search-recall.mjs measureSearch):
 * - a simplified query with mainland vocabulary (OpenCC's Taiwan phrases, the glossary) finds the Taiwanese term's
 *   records;
 * - a one-character near-homophone typo (same toneless syllable, pinyin-pro) inside a word of the index finds the
 *   word's records; in a sentence (an FAQ question), a word of the site so mistyped is suggested and the sentence
 *   finds what it finds typed right;
 * - an FAQ question with its question words finds the same first result as its content words alone;
 * - a cover's short name (班延險) finds the records holding the cover's name (班機延誤), read off the product pages;
 * - each word of a synonym group (寵物險, 第三責任險) finds first a record holding a word of its group, not a best page
 *   whose shorter name it holds (責任險: the liability product);
 * - every term of the glossary, the colloquial table and the synonym groups (src/site/search-terms.ts) is one the
 *   index holds, so no entry points at nothing.
 * Runs after `npm run build` (reads dist/, or SITE_DIST_DIR: another built site).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { pinyin } from 'pinyin-pro';
import { beforeAll, describe, expect, it } from 'vitest';
import { measureSearch } from '../../scripts/search-recall.mjs';
import { seeksTypos, TYPO_TRIES } from '../../src/browser/search-typos';
import { intentTerms } from '../../src/browser/search-query';
import { SEARCH_FILES } from '../../src/browser/search-source';
import { unspaceHan } from '../../src/browser/search-text';
import { SEARCH_COLLAPSED_PAGES, SEARCH_STOP_WORDS, SEARCH_SYNONYMS } from '../../src/site/search-terms';
import { SEARCH_COLLOQUIAL } from '../../src/site/search-colloquial';
import { SEARCH_GLOSSARY } from '../../src/site/search-glossary';

const dist = process.env.SITE_DIST_DIR ? `${resolve(process.env.SITE_DIST_DIR)}/` : fileURLToPath(new URL('../../dist/', import.meta.url));

/** A record of the index: its URL as the search returns it (site path, `#` fragment for an item), title and text. */
interface IndexRecord {
  path: string;
  title: string;
  text: string;
}

/** The records of the built index, from its fragment files (gzip of `pagefind_dcd` + JSON, one or several records). */
function indexRecords(): IndexRecord[] {
  const folder = join(dist, 'pagefind', 'fragment');
  const records: IndexRecord[] = [];
  const add = (page: { url?: string; content?: string; meta?: { title?: string } }) => {
    if (typeof page?.url !== 'string') return;
    const path = decodeURI(page.url).replace(/\/$/, '') || '/';
    const title = unspaceHan(page.meta?.title ?? '');
    records.push({ path, title, text: `${title} ${unspaceHan(page.content ?? '')}`.normalize('NFKC').replace(/\s+/g, '') });
  };
  for (const name of readdirSync(folder)) {
    const raw = gunzipSync(readFileSync(join(folder, name))).toString('utf8');
    if (!raw.startsWith('pagefind_dcd')) continue;
    const fragment = JSON.parse(raw.slice('pagefind_dcd'.length));
    if (typeof fragment.url === 'string') add(fragment);
    else for (const page of Object.values(fragment)) add(page as { url?: string; content?: string; meta?: { title?: string } });
  }
  return records;
}

/** A record's path as measureSearch's rows name a result: the pages of a collapsed group as their group. */
const resultOf = (path: string) => (SEARCH_COLLAPSED_PAGES.some((pattern) => pattern.test(path)) ? path.replace(/\/[^/]+$/, '') : path);

/** The results (measureSearch's paths) of the records holding a word. */
const holding = (records: readonly IndexRecord[], word: string) =>
  new Set(records.filter((record) => record.text.includes(word)).map((record) => resultOf(record.path)));

/** Toneless syllables of a character (every reading). */
const syllables = (character: string): string[] => pinyin(character, { toneType: 'none', type: 'array', multiple: true });

/** The common Traditional characters (Big5 level 1), the pool a typo is drawn from. */
function commonCharacters(): string[] {
  const decoder = new TextDecoder('big5');
  const characters: string[] = [];
  for (let lead = 0xa4; lead <= 0xc5; lead += 1) {
    for (let trail = 0x40; trail <= 0xfe; trail += 1) {
      if (trail > 0x7e && trail < 0xa1) continue;
      const character = decoder.decode(new Uint8Array([lead, trail]));
      if (/^\p{Script=Han}$/u.test(character)) characters.push(character);
    }
  }
  return characters;
}

/** A deterministic pick of `count` items spread over a list. */
const spread = <T>(items: readonly T[], count: number): T[] =>
  Array.from({ length: Math.min(count, items.length) }, (_, i) => items[Math.floor((i * items.length) / Math.min(count, items.length))]!);

/**
 * Typos of words of the index: four-character words of FAQ questions that few records hold, one inner character
 * replaced by a common character read the same whose pairs with its neighbours no record holds.
 */
function homophoneTypos(records: readonly IndexRecord[], count: number): { word: string; typo: string }[] {
  const corpus = records.map((record) => record.text).join('\n');
  // Characters the search folds as simplified ones (么 → 麼) are left out: they are read as another character. The
  // lexicon holds those Big5 has, the folding file the others (src/browser/search-source.ts FoldTables).
  const folded = new Set(
    [SEARCH_FILES.lexicon, SEARCH_FILES.fold].flatMap((file) =>
      Object.keys((JSON.parse(readFileSync(join(dist, 'pagefind', file), 'utf8')) as { chars: object }).chars),
    ),
  );
  const pool = commonCharacters().filter((character) => !folded.has(character));
  const siteSounds = (JSON.parse(readFileSync(join(dist, 'pagefind', SEARCH_FILES.sounds), 'utf8')) as { sounds: Record<string, string> }).sounds;
  const bySyllable = new Map<string, string[]>();
  for (const character of pool)
    for (const syllable of syllables(character)) bySyllable.set(syllable, [...(bySyllable.get(syllable) ?? []), character]);
  const words = new Set<string>();
  for (const record of records.filter((candidate) => candidate.path.includes('#faq-'))) {
    for (const run of record.title.match(/\p{Script=Han}{4,}/gu) ?? []) {
      const characters = Array.from(run);
      for (let i = 0; i + 4 <= characters.length; i += 1) words.add(characters.slice(i, i + 4).join(''));
    }
  }
  const typos: { word: string; typo: string }[] = [];
  // Words without a question word or particle in them (the search sets those aside: 車的保險 is 車, 保險).
  const plain = (word: string) => !SEARCH_STOP_WORDS.some((stop) => word.includes(stop));
  for (const word of [...words].filter((candidate) => plain(candidate) && holding(records, candidate).size <= 3).sort()) {
    const characters = Array.from(word);
    const at = 2;
    // The search tries the site's TYPO_TRIES most frequent characters of a sound (src/browser/search-typos.ts):
    // words whose character is one of them.
    if (
      !syllables(characters[at]!).some((syllable) =>
        Array.from(siteSounds[syllable] ?? '')
          .slice(0, TYPO_TRIES)
          .includes(characters[at]!),
      )
    )
      continue;
    const alike = syllables(characters[at]!).flatMap((syllable) => bySyllable.get(syllable) ?? []);
    // A typo as an input method makes it: a character of one reading (些 is also read suo, as 縮, in old texts only).
    const other = alike.find(
      (character) =>
        character !== characters[at] &&
        syllables(character).length === 1 &&
        !corpus.includes(characters[at - 1]! + character) &&
        !corpus.includes(character + characters[at + 1]!),
    );
    if (other) typos.push({ word, typo: characters.map((character, i) => (i === at ? other : character)).join('') });
  }
  return spread(typos, count);
}

/**
 * FAQ questions as a visitor's sentence with a word of the site mistyped: questions longer than TYPO_MAX_QUERY once
 * their question words are set aside (search-typos.ts seeksTypos: a shorter one has its typos sought inside words)
 * holding a pair of the site's question vocabulary that is inside one of its own words (lexicon `topics`, `bets`,
 * `synonyms`: 理賠, 保險), its second character replaced by a common character read the same (one reading) that no
 * FAQ question writes after the first and that the segmenter leaves as a word of its own (陪 of 理陪; not 山 of 保山,
 * another word).
 */
function sentenceTypos(records: readonly IndexRecord[], count: number): { question: string; typo: string; word: string }[] {
  const lexicon = JSON.parse(readFileSync(join(dist, 'pagefind', SEARCH_FILES.lexicon), 'utf8')) as {
    topics?: string[];
    bets: [string[], string, string][];
    synonyms: string[][];
    stopWords: string[];
  };
  const own = [...lexicon.bets.flatMap(([names]) => names), ...lexicon.synonyms.flat()];
  const words = (lexicon.topics ?? []).filter((topic) => own.some((word) => word.includes(topic)));
  const questions = records.filter((record) => record.path.includes('#faq-'));
  const written = questions.map((record) => record.title).join('\n');
  const pool = commonCharacters();
  const segmenter = new Intl.Segmenter('zh-TW', { granularity: 'word' });
  const typos: { question: string; typo: string; word: string }[] = [];
  for (const { title } of [...questions].sort((a, b) => a.title.localeCompare(b.title))) {
    if (seeksTypos(intentTerms(title, lexicon.stopWords, new Set(own)))) continue;
    const word = words.find((candidate) => title.includes(candidate));
    if (word === undefined) continue;
    const [first, second] = Array.from(word) as [string, string];
    const other = pool.find(
      (character) =>
        character !== second &&
        syllables(character).length === 1 &&
        syllables(second).includes(syllables(character)[0]!) &&
        !written.includes(first + character),
    );
    if (other === undefined) continue;
    const typo = title.replace(word, first + other);
    if ([...segmenter.segment(typo)].some(({ segment }) => segment.length > 1 && segment.includes(other))) continue;
    typos.push({ question: title, typo, word });
  }
  return spread(typos, count);
}

describe('site search understanding (words from the built index)', () => {
  let records: IndexRecord[];
  beforeAll(() => {
    expect(existsSync(`${dist}pagefind/pagefind.js`), 'dist/pagefind/ (run `npm run build` first)').toBe(true);
    records = indexRecords();
  });

  it('every term of the glossary, the colloquial words and the synonym groups is one the index holds', () => {
    const missing = [...Object.values(SEARCH_GLOSSARY), ...Object.values(SEARCH_COLLOQUIAL)]
      .flat()
      .filter((term) => holding(records, term).size === 0);
    expect([...new Set(missing)], 'terms no record holds').toEqual([]);
    const groups = SEARCH_SYNONYMS.filter((group) => group.every((word) => holding(records, word).size === 0));
    expect(groups, 'synonym groups no record holds a word of').toEqual([]);
  });

  it("the searches: mainland vocabulary, homophone typos, question words and covers' short names", async () => {
    // Mainland words the site does not write, for terms it does (the glossary's and OpenCC's Taiwan phrases).
    const mainland = Object.entries(SEARCH_GLOSSARY)
      .filter(([word]) => holding(records, word).size === 0)
      .slice(0, 12)
      .map(([word, terms]) => ({ query: word, terms }));
    const typos = homophoneTypos(records, 8);
    expect(typos.length, 'typos drawn from the index').toBeGreaterThanOrEqual(5);
    // FAQ questions with question words, and the same questions without them.
    const words = [...SEARCH_STOP_WORDS].sort((a, b) => b.length - a.length).join('|');
    const stop = new RegExp(words, 'gu');
    const questions = spread(
      records.filter((record) => record.path.includes('#faq-') && new RegExp(words, 'u').test(record.title)),
      10,
    ).map((record) => ({
      question: record.title,
      plain: record.title
        .replace(stop, ' ')
        .replace(/[\p{P}\p{S}]/gu, ' ')
        .trim(),
    }));
    // A cover's short name (班延險 for 班機延誤): the first characters of its first two pairs and 險, built from the
    // covers the lexicon read off the product pages' tables, where no record holds the short name itself.
    // A short name that fits two covers (傷醫險: 傷害醫療, 傷害醫療費用) is not one of them.
    const lexicon = JSON.parse(readFileSync(join(dist, 'pagefind', SEARCH_FILES.lexicon), 'utf8')) as { covers?: string[] };
    const shortOf = (cover: string) => `${Array.from(cover)[0]}${Array.from(cover)[2]}險`;
    const fits = (short: string, cover: string) => cover.startsWith(short[0]!) && cover.slice(1).includes(short[1]!);
    const covers = spread(
      (lexicon.covers ?? [])
        .filter((cover) => Array.from(cover).length >= 4)
        .map((cover) => ({ cover, short: shortOf(cover) }))
        .filter(
          ({ cover, short }) => holding(records, short).size === 0 && (lexicon.covers ?? []).every((other) => other === cover || !fits(short, other)),
        ),
      6,
    );
    expect(covers.length, 'cover names read off the product pages').toBeGreaterThanOrEqual(3);
    // Each word of a synonym group, a short name or its full one (寵物險, 寵物保險): its first result holds a word of
    // the group, not a page holding only part of it (a coupon for 寵物健康檢查 for 寵物險).
    const named = SEARCH_SYNONYMS.flatMap((group) => group.map((word) => ({ word, group })));
    const queries = [
      ...named.map((item) => item.word),
      ...covers.map((item) => item.short),
      ...mainland.map((item) => item.query),
      ...typos.map((item) => item.typo),
      ...questions.flatMap((item) => [item.question, item.plain]),
    ];
    const { recall } = await measureSearch({ dist, queries, cases: [], bytes: false });
    const row = (query: string) => recall.queries.find((candidate) => candidate.query === query)!;
    for (const { query, terms } of mainland) {
      const holders = new Set(terms.flatMap((term) => [...holding(records, term)]));
      expect(
        row(query).topThree.some((path) => holders.has(path)),
        `${query} → a record holding ${terms.join('/')}: ${row(query).topThree}`,
      ).toBe(true);
    }
    // A cover's short name and a typo each find, in the first three, a record holding the word they stand for.
    for (const { word, typo } of [...covers.map(({ cover, short }) => ({ word: cover, typo: short })), ...typos]) {
      const holders = holding(records, word);
      expect(
        row(typo).topThree.some((path) => holders.has(path)),
        `${typo} (for ${word}) → ${row(typo).topThree}`,
      ).toBe(true);
    }
    const unnamed = named
      .filter(({ word, group }) => !group.some((other) => holding(records, other).has(row(word).first ?? '')))
      .map(({ word }) => `${word} → ${row(word).first}`);
    expect(unnamed, 'first results holding no word of their synonym group').toEqual([]);
    for (const { question, plain } of questions) expect(row(question).first, `${question} / ${plain}`).toBe(row(plain).first);
  }, 240_000);

  it('a sentence with a word of the site mistyped finds what the sentence typed right finds, and suggests the word', async () => {
    const typos = sentenceTypos(records, 8);
    expect(typos.length, 'questions mistyped').toBeGreaterThanOrEqual(6);
    const queries = typos.flatMap(({ question, typo }) => [question, typo]);
    const { recall } = await measureSearch({ dist, queries, cases: [], bytes: false });
    const row = (query: string) => recall.queries.find((candidate) => candidate.query === query)!;
    for (const { question, typo, word } of typos) {
      expect(row(typo).fallback, `${typo}: 您是不是要找`).toBe(word);
      expect(row(typo).first, `${typo} / ${question}`).toBe(row(question).first);
    }
  }, 120_000);
});
