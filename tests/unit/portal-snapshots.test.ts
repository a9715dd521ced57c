/**
 * Stale-if-error and the item-drop guard of the portal loader (REFERENCE.md "Publishing rules": the last good snapshot), against the sample portal over HTTP:
 * - on each portal fault, a fresh last good snapshot serves the list with a warning naming the list and the
 *   snapshot's age; a snapshot older than PORTAL_SNAPSHOT_MAX_AGE_HOURS does not, and the error is today's;
 * - a live list that lost more than half of its items against its baseline fails unless PORTAL_ALLOW_ITEM_DROP
 *   names it (or is `*`): the baseline, kept in the snapshot, moves up with growth and down only when confirmed, so a
 *   stepped shrink is refused where it crosses half; an empty list with no snapshot is refused too;
 * - snapshots are written only for lists that loaded live; the settings reject bad values.
 * The same behaviour through a real build: tests/build/publishing.test.ts.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readSettings } from '../../src/settings';
import {
  PortalCodeError,
  PortalFormatError,
  PortalHttpError,
  PortalItemDropError,
  PortalListRefusedError,
  PortalNetworkError,
  PortalQuarantineAgeError,
  PortalTimeoutError,
} from '../../src/portal/errors';
import { articleSchema } from '../../src/portal/schemas';
import { failureMessage } from '../../src/integrations/notify';
import { buildReport, readStagedLists, readStagedRefusals, snapshotSettings, writeSnapshots, type Snapshot } from '../../src/portal/snapshots';
import { PORTAL_SNAPSHOT_MAX_AGE_HOURS } from '../../src/site/limits';
import { startSamplePortal } from '../../scripts/sample-portal/server.mjs';
import { loadNews } from './fake-loader';

const NEWS = 'GET /api/PortalCorporateMessage/GetPutOnCorporateMessage';
const SETTINGS = [
  ...['PORTAL_API_BASE', 'PORTAL_SNAPSHOT_DIR', 'PORTAL_SNAPSHOT_MAX_AGE_HOURS', 'PORTAL_ALLOW_ITEM_DROP', 'PORTAL_TIMEOUT_MS'],
  'PORTAL_QUARANTINE_MAX_AGE_HOURS',
];
const saved = Object.fromEntries(SETTINGS.map((name) => [name, process.env[name]]));

let portal: Awaited<ReturnType<typeof startSamplePortal>>;
/** The live news items of the sample portal, as the seed snapshot holds them. */
let liveNews: Record<string, unknown>[];

/** The news record the loader staged for the pipeline in the current snapshot folder (PORTAL_SNAPSHOT_DIR). */
async function stagedNews() {
  return (await readStagedLists(process.env.PORTAL_SNAPSHOT_DIR!)).find((record) => record.list === 'news');
}

/** A new snapshot folder holding the news snapshot with the given items (and quarantine marks), fetched `ageHours` ago. */
function snapshotDir(ageHours: number, items = liveNews, quarantined?: Snapshot['quarantined']): string {
  const dir = mkdtempSync(join(tmpdir(), 'snapshots-'));
  const fetchedAt = new Date(Date.now() - ageHours * 3_600_000).toISOString();
  const snapshot: Snapshot = { list: 'news', endpoint: NEWS, fetchedAt, items, ...(quarantined ? { quarantined } : {}) };
  writeFileSync(join(dir, 'news.json'), JSON.stringify(snapshot));
  process.env.PORTAL_SNAPSHOT_DIR = dir;
  return dir;
}

beforeAll(async () => {
  portal = await startSamplePortal({ port: 0 });
  process.env.PORTAL_API_BASE = portal.url;
  process.env.PORTAL_TIMEOUT_MS = '500';
  // The seed: a live load, written the way the pipeline's publishing step commits it at the end of a build.
  process.env.PORTAL_SNAPSHOT_DIR = mkdtempSync(join(tmpdir(), 'snapshots-'));
  const { error } = await loadNews();
  expect(error).toBeUndefined();
  const record = await stagedNews();
  expect(record?.source).toBe('live');
  const [written] = await writeSnapshots(process.env.PORTAL_SNAPSHOT_DIR, [record!]);
  expect(written).toBe('news');
  liveNews = (JSON.parse(readFileSync(join(process.env.PORTAL_SNAPSHOT_DIR, 'news.json'), 'utf8')) as Snapshot).items;
  expect(liveNews.length).toBeGreaterThanOrEqual(40);
});

afterAll(async () => {
  await portal.close();
  for (const name of SETTINGS) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

beforeEach(() => {
  portal.setFaults({});
  delete process.env.PORTAL_SNAPSHOT_MAX_AGE_HOURS;
  delete process.env.PORTAL_ALLOW_ITEM_DROP;
  delete process.env.PORTAL_QUARANTINE_MAX_AGE_HOURS;
});

const faults: [string, unknown, new (...args: never[]) => Error][] = [
  ['down', 'down', PortalNetworkError],
  ['slow', { mode: 'slow', delayMs: 5000 }, PortalTimeoutError],
  ['http500', 'http500', PortalHttpError],
  ['code', 'code', PortalCodeError],
  ['malformed', 'malformed', PortalFormatError],
  // One bad item is quarantined (below); a list with more than half of its items refused fails as before.
  ['badItems', 'badItems', PortalListRefusedError],
];

describe('stale-if-error', () => {
  it.each(faults)('on %s, a fresh snapshot serves the list with a warning naming the list and its age', async (_name, fault) => {
    snapshotDir(2);
    portal.setFaults({ news: fault });
    const { entries, warnings, error } = await loadNews();
    expect(error).toBeUndefined();
    expect(entries.size).toBe(liveNews.length);
    expect(warnings.join('\n')).toMatch(/STALE CONTENT: list "news" failed \(Portal GET \/api\/PortalCorporateMessage\/GetPutOnCorporateMessage: /);
    expect(warnings.join('\n')).toMatch(/snapshot from \S+, 2\.0 h old/);
    const record = await stagedNews();
    expect(record).toMatchObject({ source: 'snapshot', items: liveNews.length });
    expect(record?.ageHours).toBeCloseTo(2, 1);
  });

  it.each(faults)('on %s, a snapshot past the age limit is not used and the build error is as without one', async (_name, fault, type) => {
    snapshotDir(PORTAL_SNAPSHOT_MAX_AGE_HOURS + 1);
    portal.setFaults({ news: fault });
    const { entries, warnings, error } = await loadNews();
    expect(error).toBeInstanceOf(type);
    expect(error?.message).toContain(`Portal ${NEWS}: `);
    expect(entries.size).toBe(0);
    expect(warnings.join('\n')).toContain(`snapshot of list "news" is 25.0 h old, older than PORTAL_SNAPSHOT_MAX_AGE_HOURS (24 h)`);
  });

  it('takes the age limit from PORTAL_SNAPSHOT_MAX_AGE_HOURS', async () => {
    snapshotDir(2);
    process.env.PORTAL_SNAPSHOT_MAX_AGE_HOURS = '1';
    portal.setFaults({ news: 'http500' });
    expect((await loadNews()).error).toBeInstanceOf(PortalHttpError);
    process.env.PORTAL_SNAPSHOT_MAX_AGE_HOURS = '3';
    expect((await loadNews()).error).toBeUndefined();
  });

  it('ignores an unreadable snapshot with a warning naming its file', async () => {
    const dir = snapshotDir(1);
    writeFileSync(join(dir, 'news.json'), '{"list":"news","items":');
    portal.setFaults({ news: 'http500' });
    const { warnings, error } = await loadNews();
    expect(error).toBeInstanceOf(PortalHttpError);
    expect(warnings.join('\n')).toContain(`Snapshot ${join(dir, 'news.json')} is not JSON`);
  });
});

/** The sample portal's `badItem` fault on news: the first item (id 42) loses its title. */
const BAD_ID = '42';
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

describe('quarantine (REFERENCE.md "Publishing rules"): one bad item never freezes its list', () => {
  it('leaves a bad item out and loads the rest of the list live, recording list, id, field, reasons and since', async () => {
    // The snapshot lacks item 42 and the two newest others: they are new in this build.
    const [, second, third, ...older] = liveNews;
    snapshotDir(1, older);
    portal.setFaults({ news: 'badItem' });
    const before = Date.now();
    const { entries, warnings, error } = await loadNews();
    expect(error).toBeUndefined();
    expect(entries.has(BAD_ID)).toBe(false);
    expect(entries.has(String(second.id))).toBe(true);
    expect(entries.has(String(third.id))).toBe(true);
    expect(entries.size).toBe(liveNews.length - 1);
    const record = await stagedNews();
    expect(record).toMatchObject({ source: 'live', items: liveNews.length - 1 });
    expect(record?.quarantined).toEqual([
      {
        list: 'news',
        id: BAD_ID,
        field: 'title',
        reason: {
          'zh-TW': expect.stringContaining('欄位「title」：無效的輸入值'),
          en: expect.stringContaining('field "title": rule "schema": Invalid input'),
        },
        since: expect.any(String),
        kept: false,
      },
    ]);
    expect(Date.parse(record!.quarantined![0].since)).toBeGreaterThanOrEqual(before - 1000);
    expect(record?.raw?.map((item) => String(item.id))).not.toContain(BAD_ID);
    expect(warnings.join('\n')).toMatch(/QUARANTINED: list "news", item 42 since \S+: field "title": .*left out of this build/);
    expect(warnings.join('\n')).not.toContain('STALE CONTENT');
  });

  it("keeps a previously good item at its last good version, in the item's place, and carries since on", async () => {
    const since = hoursAgo(3);
    snapshotDir(1, liveNews, [{ id: BAD_ID, since }]);
    portal.setFaults({ news: 'badItem' });
    const { entries, error } = await loadNews();
    expect(error).toBeUndefined();
    expect(entries.get(BAD_ID)?.title).toBe(liveNews[0].title);
    expect([...entries.keys()][0]).toBe(BAD_ID);
    const record = await stagedNews();
    expect(record?.quarantined).toMatchObject([{ id: BAD_ID, kept: true, since }]);
    // The next snapshot holds the last good version again, and the mark.
    expect(record?.raw?.[0]).toEqual(liveNews[0]);
    const dir = mkdtempSync(join(tmpdir(), 'snapshots-'));
    await writeSnapshots(dir, [record!]);
    expect((JSON.parse(readFileSync(join(dir, 'news.json'), 'utf8')) as Snapshot).quarantined).toEqual([{ id: BAD_ID, since }]);
  });

  it('fails the build naming the item once it has been quarantined for longer than PORTAL_QUARANTINE_MAX_AGE_HOURS', async () => {
    snapshotDir(1, liveNews, [{ id: BAD_ID, since: hoursAgo(25) }]);
    portal.setFaults({ news: 'badItem' });
    const { error } = await loadNews();
    expect(error).toBeInstanceOf(PortalQuarantineAgeError);
    expect(error?.message).toMatch(
      /list "news": 1 item\(s\) quarantined for longer than PORTAL_QUARANTINE_MAX_AGE_HOURS \(24 h\): item 42 \(field title\) since /,
    );
    process.env.PORTAL_QUARANTINE_MAX_AGE_HOURS = '48';
    expect((await loadNews()).error).toBeUndefined();
  });

  it('counts quarantined items as lost for the item-drop guard, kept versions too', async () => {
    const twice = [...liveNews, ...liveNews.map((item) => ({ ...item, id: `copy-${String(item.id)}` }))];
    snapshotDir(1, twice);
    expect((await loadNews()).error).toBeUndefined();
    portal.setFaults({ news: 'badItem' });
    expect((await loadNews()).error).toBeInstanceOf(PortalItemDropError);
  });

  it('quarantines an item without an id under its index', async () => {
    snapshotDir(1);
    const { checkList, quarantineList } = await import('../../src/portal/check-list');
    const checked = checkList('news', articleSchema, [liveNews[1], { title: 'no id' }, liveNews[2]]);
    const { items, quarantined } = quarantineList('news', articleSchema, checked, undefined, new Date());
    expect(items.map((item) => item.id)).toEqual([String(liveNews[1].id), String(liveNews[2].id)]);
    expect(quarantined).toMatchObject([{ id: '#1', title: 'no id', kept: false }]);
  });
});

describe('item-drop guard', () => {
  it('fails a live list that lost more than half of its items, naming the list, both counts and the confirmation', async () => {
    snapshotDir(100);
    portal.setFaults({ news: 'empty' });
    const { entries, error } = await loadNews();
    expect(error).toBeInstanceOf(PortalItemDropError);
    expect(error?.message).toContain(`Portal ${NEWS}: list "news" has 0 items, against a baseline of ${liveNews.length} (the most it had`);
    expect(error?.message).toContain('PORTAL_ALLOW_ITEM_DROP=news');
    expect(entries.size).toBe(0);
  });

  it.each(['news', 'faqs, news', '*'])('lets the drop through when PORTAL_ALLOW_ITEM_DROP is "%s"', async (allow) => {
    snapshotDir(1);
    process.env.PORTAL_ALLOW_ITEM_DROP = allow;
    portal.setFaults({ news: 'empty' });
    const { entries, error } = await loadNews();
    expect(error).toBeUndefined();
    expect(entries.size).toBe(0);
    expect(await stagedNews()).toMatchObject({ source: 'live', items: 0 });
  });

  it('allows losing exactly half and fails on one item more', async () => {
    const twice = [...liveNews, ...liveNews.map((item) => ({ ...item, id: `copy-${String(item.id)}` }))];
    snapshotDir(1, twice);
    expect((await loadNews()).error).toBeUndefined();
    snapshotDir(1, [...twice, { ...liveNews[0], id: 'one-more' }]);
    expect((await loadNews()).error).toBeInstanceOf(PortalItemDropError);
  });
});

describe('item-drop guard over many builds: the baseline', () => {
  /**
   * One build of the news list with the portal answering its first `keep` items (all with undefined): loads, then
   * commits the snapshot as a successful build does. @returns the load's error, if any
   */
  async function build(keep?: number) {
    portal.setFaults(keep === undefined ? {} : { news: { mode: 'shrink', keep } });
    const { error } = await loadNews();
    if (!error) await writeSnapshots(process.env.PORTAL_SNAPSHOT_DIR!, [(await stagedNews())!]);
    return error;
  }
  const baseline = () => (JSON.parse(readFileSync(join(process.env.PORTAL_SNAPSHOT_DIR!, 'news.json'), 'utf8')) as Snapshot).baseline;

  it('refuses a list shrinking by a little under half each build at the step that crosses half of its baseline, naming list and counts', async () => {
    process.env.PORTAL_SNAPSHOT_DIR = mkdtempSync(join(tmpdir(), 'snapshots-'));
    const all = liveNews.length;
    expect(await build()).toBeUndefined();
    expect(baseline()?.items).toBe(all);
    // 42 → 21 → 11 → 6 → 3 → 2 → 1 at the sample's 42: each step keeps half or more of the step before.
    const half = Math.ceil(all / 2);
    expect(await build(half)).toBeUndefined();
    expect(baseline()?.items, 'a drop within the ratio never lowers the baseline').toBe(all);
    const error = await build(Math.ceil(half / 2));
    expect(error).toBeInstanceOf(PortalItemDropError);
    expect(error?.message).toContain(`list "news" has ${Math.ceil(half / 2)} items, against a baseline of ${all}`);
    expect(await readStagedRefusals(process.env.PORTAL_SNAPSHOT_DIR)).toEqual([
      {
        list: 'news',
        endpoint: NEWS,
        items: Math.ceil(half / 2),
        baseline: { items: all, since: expect.any(String) },
        reason: {
          en: error?.message,
          zh: expect.stringContaining(`清單「news」只剩 ${Math.ceil(half / 2)} 筆，基準為 ${all} 筆`),
        },
      },
    ]);
    // What the operator's job summary and the editors' notification say of it (scripts/rebuild.mjs).
    const message = failureMessage('build', 1, 'https://www.example.com', await readStagedRefusals(process.env.PORTAL_SNAPSHOT_DIR));
    expect(message.text).toContain(`清單「news」只剩 ${Math.ceil(half / 2)} 筆，基準為 ${all} 筆`);
    expect(message.refused).toEqual([{ list: 'news', items: Math.ceil(half / 2), baseline: all }]);
    // An editor's confirmation moves the baseline down; growth moves it up again.
    process.env.PORTAL_ALLOW_ITEM_DROP = 'news';
    expect(await build(Math.ceil(half / 2))).toBeUndefined();
    expect(baseline()?.items).toBe(Math.ceil(half / 2));
    delete process.env.PORTAL_ALLOW_ITEM_DROP;
    expect(await build(half)).toBeUndefined();
    expect(baseline()?.items).toBe(half);
  });

  it('a snapshot written before baselines counts its items as the baseline', async () => {
    snapshotDir(1);
    expect(await build(Math.ceil(liveNews.length / 2))).toBeUndefined();
    expect(baseline()?.items).toBe(liveNews.length);
  });

  it('refuses an empty list in a first build (no snapshot) unless PORTAL_ALLOW_ITEM_DROP names it', async () => {
    process.env.PORTAL_SNAPSHOT_DIR = mkdtempSync(join(tmpdir(), 'snapshots-'));
    portal.setFaults({ news: 'empty' });
    const { error } = await loadNews();
    expect(error).toBeInstanceOf(PortalItemDropError);
    expect(error?.message).toContain('list "news" is empty and there is no snapshot to compare it with');
    expect((await readStagedRefusals(process.env.PORTAL_SNAPSHOT_DIR))[0]?.reason.zh).toContain('清單「news」沒有任何項目');
    process.env.PORTAL_ALLOW_ITEM_DROP = 'news';
    expect((await loadNews()).error).toBeUndefined();
    expect(await stagedNews()).toMatchObject({ source: 'live', items: 0, baseline: { items: 0 } });
  });
});

describe('snapshot files and settings', () => {
  it('stages each loaded list for the build pipeline: source, count, raw items and the entries the collection holds', async () => {
    snapshotDir(1);
    const { entries, error } = await loadNews();
    expect(error).toBeUndefined();
    const record = await stagedNews();
    expect(record).toMatchObject({ list: 'news', endpoint: NEWS, source: 'live', items: liveNews.length, ageHours: 0 });
    expect(record?.raw).toEqual(liveNews);
    expect(record?.entries.map((entry) => entry.id)).toEqual([...entries.keys()]);
    expect(record?.entries[0]?.data).toMatchObject({ id: String(liveNews[0]?.id) });
  });

  it('writes snapshots only for lists that loaded live, and reports every list', async () => {
    const dir = snapshotDir(3);
    const before = readFileSync(join(dir, 'news.json'), 'utf8');
    portal.setFaults({ news: 'http500' });
    await loadNews();
    const record = (await stagedNews())!;
    expect(await writeSnapshots(dir, [record])).toEqual([]);
    expect(readFileSync(join(dir, 'news.json'), 'utf8')).toBe(before);
    const report = buildReport([record], new Date('2026-11-21T10:00:00Z'));
    expect(report.builtAt).toBe('2026-11-21T10:00:00.000Z');
    expect(report.lists.news).toMatchObject({ endpoint: NEWS, items: liveNews.length, source: 'snapshot' });
    expect(report.lists.news.ageHours).toBeCloseTo(3, 1);
  });

  it('defaults to 24 h and <cacheDir>/portal-snapshots, and rejects bad values naming the variable', () => {
    expect(snapshotSettings(readSettings({}), new URL('file:///srv/site/node_modules/.astro/'))).toEqual({
      dir: '/srv/site/node_modules/.astro/portal-snapshots',
      maxAgeHours: 24,
      allowDrop: new Set(),
    });
    expect(() => snapshotSettings(readSettings({ PORTAL_SNAPSHOT_MAX_AGE_HOURS: '-1' }))).toThrow(
      /PORTAL_SNAPSHOT_MAX_AGE_HOURS must be ≥ 0, got "-1"/,
    );
    expect(() => snapshotSettings(readSettings({ PORTAL_ALLOW_ITEM_DROP: 'news,nwes' }))).toThrow(/PORTAL_ALLOW_ITEM_DROP names unknown lists: nwes/);
  });
});

describe('snapshot folders of sample-portal builds (scripts/astro.mjs)', () => {
  it('keeps each sample scale and corpus apart, so a hostile or scaled build never feeds the plain one', async () => {
    const { sampleSnapshotDir } = await import('../../scripts/astro.mjs');
    const plain = sampleSnapshotDir(readSettings({}));
    expect(plain).toMatch(/portal-snapshots-sample$/);
    expect(sampleSnapshotDir(readSettings({ SAMPLE_PORTAL_CORPUS: 'hostile' }))).toMatch(/portal-snapshots-sample-hostile$/);
    expect(sampleSnapshotDir(readSettings({ SAMPLE_PORTAL_SCALE: '1000' }))).toMatch(/portal-snapshots-sample-1000$/);
    expect(sampleSnapshotDir(readSettings({ PORTAL_SNAPSHOT_DIR: '/tmp/snapshots' }))).toBe('/tmp/snapshots');
  });
});
