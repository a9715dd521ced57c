/**
 * The visitor query set of the search bench (scripts/bench/search-queries/README.md): the two halves are the seeded
 * split of their cases, every kind is in both, every answer exists on the sample site, and the queries are the
 * visitors' words, not the items' titles. Messages name a case by half, number and kind, never by its query, so a
 * failure does not show a held-out query to whoever tunes the search.
 */
import { describe, expect, test } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FOLDS, QUERY_KINDS, answerLinks, readQueries, selectFold } from '../../scripts/bench/search-queries/queries.mjs';
import { splitQueries } from '../../scripts/bench/search-queries/split.mjs';
import * as sampleFaqs from '../../scripts/sample-portal/content/faqs.mjs';
import * as sampleNews from '../../scripts/sample-portal/content/news.mjs';
import * as sampleDownloads from '../../scripts/sample-portal/content/downloads.mjs';
import * as sampleLocations from '../../scripts/sample-portal/content/locations.mjs';
import * as sampleShares from '../../scripts/sample-portal/content/shares.mjs';
import { DOWNLOAD_PAGE_SIZE, FAQ_PAGE_SIZE } from '../../src/site/limits';
import { faqAnchor, faqPagePath, faqsOfCategory } from '../../src/sections/faq';

interface Case {
  kind: string;
  fold?: string;
  query: string;
  pages: string[];
  faqs: { id: number; page: string }[];
}

const halves = { tune: readQueries('tune') as Case[], heldout: readQueries('heldout') as Case[] };
/** The blind set, written apart from the halves (README.md beside the query files). */
const blind = readQueries('blind') as Case[];
/**
 * The fresh sets, in the order they were written, each apart from all the files before it and after a round of
 * tuning, read only as figures (README.md).
 */
const freshSets = { fresh: readQueries('fresh') as Case[], fresh2: readQueries('fresh2') as Case[] };
/** Every file of answerable cases, by name. */
const answerable = { ...halves, blind, ...freshSets };
const unanswerable = readQueries('unanswerable') as { query: string }[];
const all = [...halves.tune, ...halves.heldout];
const label = (half: string, index: number, entry: Case) => `${half} #${index} (${entry.kind})`;
const folded = (text: string) => text.normalize('NFKC').replace(/\s+/g, '');

/** The sample portal's FAQ categories and items and its news, with the fields read here. */
const faqCategories = sampleFaqs.faqCategories as { id: number }[];
const faqs = sampleFaqs.faqs as { id: number; title: string; firstCategory: number; secondCategory: string; secondCategorySort: number }[];
const news = sampleNews.news as unknown as { id: number; title: string }[];

/** Each sample FAQ item's page: its category's items in display order, FAQ_PAGE_SIZE a page (src/sections/faq.ts). */
const faqPage = new Map<number, string>();
for (const category of faqCategories) {
  const own = faqsOfCategory(
    faqs.map((item) => ({ ...item, id: String(item.id), firstCategory: String(item.firstCategory) })),
    String(category.id),
  );
  own.forEach((item, index) => faqPage.set(Number(item.id), faqPagePath(String(category.id), Math.floor(index / FAQ_PAGE_SIZE) + 1)));
}

/** Site paths the sample site has: products, news details, and the single pages of src/pages and src/content/pages. */
const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const productPaths = new Set(
  readdirSync(root('src/content/products')).map((file) => {
    const id = /^id:\s*(\S+)/m.exec(readFileSync(root(`src/content/products/${file}`), 'utf8'))?.[1];
    return `/insurance/detail/${id}`;
  }),
);
const newsPaths = new Set(news.map((item) => `/news/detail/${item.id}`));
/** The list items with pages of their own: shares, location areas, and each page of a download item's files. */
const itemPaths = new Set([
  ...(sampleShares.shares as { id: number }[]).map((item) => `/share/detail/${item.id}`),
  ...(sampleLocations.locationCategories as { id: number }[]).map((area) => `/about/locations/${area.id}`),
  ...(sampleDownloads.downloads as { id: number; category: number; files: unknown[] }[]).flatMap((item) =>
    Array.from(
      { length: Math.max(1, Math.ceil(item.files.length / DOWNLOAD_PAGE_SIZE)) },
      (_, page) => `/download/${item.category}/${item.id}/${page + 1}`,
    ),
  ),
]);
const isPage = (path: string) =>
  productPaths.has(path) ||
  newsPaths.has(path) ||
  itemPaths.has(path) ||
  existsSync(root(`src/pages${path}.astro`)) ||
  existsSync(root(`src/content/pages${path}.md`));

describe('the search bench query set', () => {
  test('holds at least 150 answerable queries, half in each file, every kind in both halves in about equal numbers', () => {
    expect(all.length).toBeGreaterThanOrEqual(150);
    expect(Math.abs(halves.tune.length - halves.heldout.length)).toBeLessThanOrEqual(1);
    for (const kind of QUERY_KINDS) {
      const [tune, heldout] = [halves.tune, halves.heldout].map((cases) => cases.filter((entry) => entry.kind === kind).length);
      expect(Math.min(tune, heldout), kind).toBeGreaterThanOrEqual(5);
      expect(Math.abs(tune - heldout), kind).toBeLessThanOrEqual(1);
    }
  });

  test('the halves are the seeded split of their cases (split.mjs), so no case was moved by hand', () => {
    const again = splitQueries(all.map((entry) => ({ ...entry })));
    expect(again.tune.map((entry) => entry.query)).toEqual(halves.tune.map((entry) => entry.query));
    expect(again.heldout.map((entry) => entry.query)).toEqual(halves.heldout.map((entry) => entry.query));
  });

  test('the blind set holds every kind in both folds, which it names, and no query of the halves', () => {
    expect(blind.length).toBeGreaterThanOrEqual(100);
    expect(blind.filter((entry) => !FOLDS.includes(entry.fold as 'a')).length).toBe(0);
    for (const fold of FOLDS) {
      const kinds = new Set(selectFold(blind, fold).map((entry) => entry.kind));
      expect(
        QUERY_KINDS.filter((kind) => !kinds.has(kind)),
        `blind fold ${fold}`,
      ).toEqual([]);
    }
    const split = new Set(all.map((entry) => folded(entry.query)));
    const shared = blind.flatMap((entry, index) => (split.has(folded(entry.query)) ? [label('blind', index, entry)] : []));
    expect(shared).toEqual([]);
    expect(new Set(blind.map((entry) => folded(entry.query))).size).toBe(blind.length);
  });

  test('each fresh set holds every kind and no query of the halves, the blind set or an earlier fresh set', () => {
    const earlier = new Set([...all, ...blind].map((entry) => folded(entry.query)));
    for (const [name, fresh] of Object.entries(freshSets)) {
      expect(fresh.length, name).toBeGreaterThanOrEqual(80);
      const kinds = new Set(fresh.map((entry) => entry.kind));
      expect(QUERY_KINDS.filter((kind) => !kinds.has(kind))).toEqual([]);
      expect(fresh.flatMap((entry, index) => (earlier.has(folded(entry.query)) ? [label(name, index, entry)] : []))).toEqual([]);
      expect(new Set(fresh.map((entry) => folded(entry.query))).size).toBe(fresh.length);
      for (const entry of fresh) earlier.add(folded(entry.query));
    }
  });

  test('the tune half splits into two folds that share no case, hold every kind and do not depend on its order', () => {
    const folds = FOLDS.map((fold) => selectFold(halves.tune, fold) as Case[]);
    expect(folds.map((cases) => cases.length).reduce((a, b) => a + b, 0)).toBe(halves.tune.length);
    const [a, b] = folds.map((cases) => new Set(cases.map((entry) => entry.query)));
    expect([...a!].filter((query) => b!.has(query)).length).toBe(0);
    for (const cases of folds) {
      const kinds = new Set(cases.map((entry) => entry.kind));
      expect(QUERY_KINDS.filter((kind) => halves.tune.some((entry) => entry.kind === kind) && !kinds.has(kind))).toEqual([]);
    }
    const shuffled = [...halves.tune].reverse();
    expect(
      selectFold(shuffled, 'a')
        .map((entry) => entry.query)
        .sort(),
    ).toEqual([...a!].sort());
    expect(() => selectFold(halves.tune, 'c' as 'a')).toThrow(/fold/);
  });

  test('a query is in one half only, and no unanswerable query is among the answerable ones', () => {
    const tune = new Set(halves.tune.map((entry) => folded(entry.query)));
    expect(halves.heldout.filter((entry) => tune.has(folded(entry.query))).length).toBe(0);
    const answerable = new Set(all.map((entry) => folded(entry.query)));
    expect(unanswerable.length).toBeGreaterThan(0);
    expect(unanswerable.filter((entry) => answerable.has(folded(entry.query))).length).toBe(0);
  });

  test('every case names answers that exist on the sample site: FAQ items on the page named, news, products, pages', () => {
    const problems: string[] = [];
    for (const [half, cases] of Object.entries(answerable)) {
      cases.forEach((entry, index) => {
        const where = label(half, index, entry);
        if (!QUERY_KINDS.includes(entry.kind)) problems.push(`${where}: unknown kind`);
        if (entry.pages.length + entry.faqs.length === 0) problems.push(`${where}: no answer`);
        for (const path of entry.pages) if (!isPage(path)) problems.push(`${where}: ${path} is no page of the sample site`);
        for (const faq of entry.faqs) {
          if (!faqPage.has(faq.id)) problems.push(`${where}: FAQ ${faq.id} is no sample item`);
          else if (faqPage.get(faq.id) !== faq.page) problems.push(`${where}: FAQ ${faq.id} is on ${faqPage.get(faq.id)}, not ${faq.page}`);
        }
      });
    }
    expect(problems).toEqual([]);
  });

  test('an FAQ answer is linked with the anchor the FAQ page gives the item', () => {
    const entry = all.find((candidate) => candidate.faqs.length > 0)!;
    const [faq] = entry.faqs;
    expect(answerLinks(entry)).toContain(`${faq.page}#${faqAnchor({ id: String(faq.id) })}`);
  });

  test('the queries are the visitors’ words: only an insurer’s FAQ question may be an item’s title word for word', () => {
    const titles = new Set([...faqs.map((item) => folded(item.title)), ...news.map((item) => folded(item.title))]);
    const copied = Object.entries(answerable).flatMap(([half, cases]) =>
      cases.flatMap((entry, index) => (entry.kind !== 'faq question' && titles.has(folded(entry.query)) ? [label(half, index, entry)] : [])),
    );
    expect(copied).toEqual([]);
  });
});
