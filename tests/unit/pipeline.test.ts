/**
 * The build pipeline's own steps (src/integrations/pipeline.ts, REFERENCE.md "Layers": "One post-build pipeline"): the redirect plan comes from the lists
 * the loader staged, each in display order (the first decree by `sort`, not by portal order); a build with no list
 * staged fails before publishing; a build start removes the last build's report and staged records, so a build that
 * fails midway leaves neither behind; the build log says how long each step took.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import pipeline, { planRedirects, readListRecords, stepClock } from '../../src/integrations/pipeline';
import { policyFrom } from '../../src/lib/security-headers';
import { readSettings } from '../../src/settings';
import { STAGING_FOLDER, stageList, type ListRecord } from '../../src/portal/snapshots';
import { BUILD_REPORT_FILE } from '../../src/site/limits';
import { ARTICLE_SECTIONS } from '../../src/site/sections';

let root: string;

beforeEach(() => {
  root = `${mkdtempSync(join(tmpdir(), 'pipeline-'))}/`;
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A live record of `list` holding `data` as its entries. */
const record = (list: string, data: Record<string, unknown>[]): ListRecord =>
  ({
    list,
    endpoint: `GET /api/${list}`,
    items: data.length,
    source: 'live',
    fetchedAt: '2026-11-21T10:00:00.000Z',
    ageHours: 0,
    raw: data,
    entries: data.map((item) => ({ id: String(item.id), data: item })),
  }) as ListRecord;

const LISTS = [
  record('decrees', [
    { id: '9', sort: 2 },
    { id: '4', sort: 1 },
  ]),
  record('locationCategories', [{ id: 'south' }, { id: 'north', sort: -1 }]),
  record('faqCategories', [{ id: '10' }, { id: '2' }]),
  record('downloadCategories', [
    { id: 'claim', sort: 1 },
    { id: 'forms', sort: 0 },
  ]),
  record('downloads', [
    { id: '12', category: 'claim' },
    { id: '11', category: 'claim' },
  ]),
  record('newsCategories', [{ id: '3' }]),
  // The other article sections of the registry (src/site/sections.ts), without categories.
  ...Object.values(ARTICLE_SECTIONS)
    .filter((section) => section.categories !== 'newsCategories')
    .map((section) => record(section.categories, [])),
];

describe('the build pipeline', () => {
  it('plans the redirects from the staged lists, each in display order', async () => {
    for (const list of LISTS) await stageList(root, list);
    const plan = new Map(planRedirects(await readListRecords(root)).map((redirect) => [redirect.from, redirect.to]));
    expect(plan.get('/about/decree')).toBe('/about/decree/4');
    expect(plan.get('/about/locations')).toBe('/about/locations/north');
    expect(plan.get('/faq')).toBe('/faq/2');
    expect(plan.get('/download')).toBe('/download/forms/none'); // forms (sort 0) first; it has no item
    expect(plan.get('/download/claim')).toBe('/download/claim/11/1');
    expect(plan.get('/news/3')).toBe('/news/3/1');
  });

  it('names a list the plan needs that the build did not load', () => {
    expect(() => planRedirects(LISTS.filter((list) => list.list !== 'faqCategories'))).toThrow(
      'Redirect plan: the list "faqCategories" was not loaded in this build.',
    );
  });

  it('fails when no list was staged: there would be nothing to report', async () => {
    await expect(readListRecords(root)).rejects.toThrow('no portal list was loaded in this build');
  });

  it("removes the last build's report and staged records when a build starts", async () => {
    const snapshots = join(root, 'snapshots');
    await stageList(snapshots, LISTS[0]!);
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'dist', BUILD_REPORT_FILE), '{}');
    const hook = pipeline(policyFrom(readSettings({})), readSettings({ READER_ENGINE: 'off', PORTAL_SNAPSHOT_DIR: snapshots })).hooks[
      'astro:config:setup'
    ] as (params: unknown) => Promise<void>;
    const logger = { info: () => {}, warn: () => {}, fork: () => logger };
    await hook({
      command: 'build',
      config: { outDir: pathToFileURL(join(root, 'dist/')), cacheDir: pathToFileURL(join(root, 'cache/')) },
      logger,
      updateConfig: () => {},
    });
    expect(existsSync(join(root, 'dist', BUILD_REPORT_FILE))).toBe(false);
    expect(existsSync(join(snapshots, STAGING_FOLDER))).toBe(false);
  });
});

describe('the build log of the steps', () => {
  it('names each step with its wall time in seconds, in order', () => {
    const times = [0, 120, 2_020, 2_070];
    const clock = stepClock(() => times.shift()!);
    clock.lap('lists');
    clock.lap('page read');
    clock.lap('search index');
    expect(clock.summary()).toBe('lists 0.1 s, page read 1.9 s, search index 0.1 s');
  });
});
