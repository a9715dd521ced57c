/**
 * The publishing pipeline through real builds (REFERENCE.md "Publishing rules": last good snapshots, quarantine), with few full builds: one good build seeds a
 * temporary snapshot folder, one build on six faulty lists succeeds from those snapshots; the other builds fail
 * early (while the lists load) and cost a few seconds each.
 * - good build: dist/build-report.json has every list live with its count, and one snapshot per list is written;
 * - every fault mode (down, slow, HTTP 500, portal code, malformed, every item bad) on a list with a fresh snapshot:
 *   the build succeeds, warns naming each list and the snapshot's age, the report says `snapshot`, the list's pages
 *   are built, and its snapshot is left as it was; an empty list confirmed by PORTAL_ALLOW_ITEM_DROP builds;
 * - a stale snapshot: the build fails as without one; an unconfirmed drop: the build fails naming the list;
 *   neither failed build touches the good snapshots;
 * - quarantine (REFERENCE.md "Publishing rules"): one bad item is left out, or kept at its last good version, while its list's other new
 *   items publish live; the publish report page lists the pages added, changed and removed against the last
 *   published build; an item quarantined for longer than the limit fails the build;
 * - scripts/rebuild.mjs stops before the deploy when the build or a check fails (the target stays untouched), says
 *   so in the job summary and notifies PUBLISH_NOTIFY_URL;
 * - scripts/deploy.mjs: --dry-run lists and changes nothing; the real mode makes the site the live release under
 *   DEPLOY_TARGET/current (tests/unit/deploy-releases.test.ts: releases, rollback, interruptions); a partial site is refused.
 */
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildReport, Snapshot } from '../../src/portal/snapshots';
import { deploy } from '../../scripts/deploy.mjs';
import { LIST_PAGE_SIZE, PAGE_DIGESTS_FILE } from '../../src/site/limits';
import { runBuild, runNode, tempDir } from './run-build';

const BUILD_MS = 600_000;
/**
 * Settings of every build of this file: no audio. What it checks (snapshots, the item-drop guard, quarantine, the
 * publish report, the pipeline's stops, the deploy) does not depend on the audio reader, whose synthesis of the pages
 * a build changes (the news lists of the quarantine builds) would take most of the file's time; the reader's own
 * publishing is tested on the sample site (tests/site/reader-dist.test.ts, tests/e2e/reader.spec.ts).
 */
const NO_AUDIO = { READER_ENGINE: 'off' } as const;
/** runBuild (./run-build) with this file's settings (NO_AUDIO) under `env`. */
const buildSite = (env: Record<string, string>, outDir?: string) => runBuild({ ...NO_AUDIO, ...env }, outDir);
const snapshots = tempDir('snapshots');
let goodSite = '';
let goodReport: BuildReport;
/** The good build's page digests, as it committed them (later builds of this file commit theirs to the same folder). */
let goodDigests = '';

const report = (site: string) => JSON.parse(readFileSync(join(site, 'build-report.json'), 'utf8')) as BuildReport;
const snapshotText = (dir: string, list: string) => readFileSync(join(dir, `${list}.json`), 'utf8');

/** The faulty lists of the stale-if-error build, one per fault mode. */
const FAULTS = {
  news: 'down',
  decrees: { mode: 'slow', delayMs: 20000 },
  events: 'http500',
  winners: 'code',
  faqs: 'malformed',
  // Every item refused (a single bad item is quarantined instead, below).
  coupons: 'badItems',
};

beforeAll(async () => {
  const { code, output, outDir } = await buildSite({ PORTAL_SNAPSHOT_DIR: snapshots });
  expect(code, output.slice(-2000)).toBe(0);
  goodSite = outDir;
  goodReport = report(goodSite);
  goodDigests = readFileSync(join(snapshots, PAGE_DIGESTS_FILE), 'utf8');
}, BUILD_MS);

describe('a good build', () => {
  it('reports every list as live with its item count, and writes one snapshot per list', () => {
    const lists = Object.entries(goodReport.lists);
    expect(lists.length).toBeGreaterThanOrEqual(22);
    expect(Date.now() - Date.parse(goodReport.builtAt)).toBeLessThan(BUILD_MS);
    for (const [name, list] of lists) {
      expect(list, name).toMatchObject({ source: 'live', ageHours: 0 });
      const snapshot = JSON.parse(snapshotText(snapshots, name)) as Snapshot;
      expect(snapshot.items.length, name).toBe(list.items);
      expect(snapshot.fetchedAt, name).toBe(list.fetchedAt);
    }
    expect(goodReport.lists.news.items).toBeGreaterThanOrEqual(40);
  });
});

describe('stale-if-error builds', () => {
  let stale = '';
  beforeAll(() => {
    // A copy of the good snapshots made 25 h old, before the next build refreshes the folder.
    stale = tempDir('stale-snapshots');
    for (const file of readdirSync(snapshots)) {
      const snapshot = JSON.parse(readFileSync(join(snapshots, file), 'utf8')) as Snapshot;
      snapshot.fetchedAt = new Date(Date.now() - 25 * 3_600_000).toISOString();
      writeFileSync(join(stale, file), JSON.stringify(snapshot));
    }
  });

  it(
    'builds from fresh snapshots on every fault mode, warning per list with the age, reported as snapshot',
    async () => {
      const before = Object.fromEntries(Object.keys(FAULTS).map((list) => [list, snapshotText(snapshots, list)]));
      const { code, output, outDir } = await buildSite({
        PORTAL_SNAPSHOT_DIR: snapshots,
        PORTAL_TIMEOUT_MS: '1500',
        SAMPLE_PORTAL_FAULTS: JSON.stringify({ ...FAULTS, videos: 'empty' }),
        PORTAL_ALLOW_ITEM_DROP: 'videos',
      });
      expect(code, output.slice(-3000)).toBe(0);
      const built = report(outDir);
      for (const list of Object.keys(FAULTS)) {
        expect(output).toMatch(new RegExp(`STALE CONTENT: list "${list}" failed \\(Portal `));
        expect(built.lists[list], list).toMatchObject({
          source: 'snapshot',
          items: goodReport.lists[list].items,
          fetchedAt: goodReport.lists[list].fetchedAt,
        });
        expect(built.lists[list].ageHours, list).toBeLessThan(1);
        expect(snapshotText(snapshots, list), `${list} snapshot kept`).toBe(before[list]);
      }
      expect(output).toMatch(/Using its last good snapshot from \S+, [\d.]+ h old \(limit PORTAL_SNAPSHOT_MAX_AGE_HOURS = 24 h\)/);
      expect(built.lists.videos).toMatchObject({ source: 'live', items: 0 });
      expect(built.lists.staff.source).toBe('live');
      const news = JSON.parse(snapshotText(snapshots, 'news')) as Snapshot;
      for (const item of news.items) expect(existsSync(join(outDir, 'news/detail', String(item.id), 'index.html'))).toBe(true);
    },
    BUILD_MS,
  );

  it(
    'fails as today when the snapshot is older than the limit',
    async () => {
      const { code, output } = await buildSite({ PORTAL_SNAPSHOT_DIR: stale, SAMPLE_PORTAL_FAULTS: JSON.stringify({ news: 'http500' }) });
      expect(code).not.toBe(0);
      expect(output).toMatch(/\/api\/PortalCorporateMessage\/GetPutOnCorporateMessage: HTTP 500/);
      expect(output).toMatch(/snapshot of list "news" is 25\.\d h old, older than PORTAL_SNAPSHOT_MAX_AGE_HOURS \(24 h\)/);
    },
    BUILD_MS,
  );

  it(
    'fails on a list that lost more than half of its items, and keeps the good snapshots',
    async () => {
      const before = snapshotText(snapshots, 'news');
      // Into a copy of the good site: dist/ is kept between builds, and a failed build must not leave the good
      // build's report behind, the mark by which scripts/deploy.mjs takes a site as complete.
      const site = tempDir('failed-over-good');
      cpSync(goodSite, site, { recursive: true });
      const { code, output } = await buildSite({ PORTAL_SNAPSHOT_DIR: snapshots, SAMPLE_PORTAL_FAULTS: JSON.stringify({ news: 'empty' }) }, site);
      expect(code).not.toBe(0);
      expect(existsSync(join(site, 'build-report.json'))).toBe(false);
      expect(() => deploy({ dir: site, dryRun: true, env: {}, log: () => {} })).toThrow(/not a complete build \(missing build-report\.json\)/);
      expect(output).toMatch(/list "news" has 0 items, against a baseline of \d+ .*PORTAL_ALLOW_ITEM_DROP=news/);
      expect(snapshotText(snapshots, 'news')).toBe(before);
    },
    BUILD_MS,
  );
});

/**
 * The pages of a built site by site path (`/news/detail/7/`), sorted, with their bytes; the search index's files and
 * the publish report page (written after the pages are read) left out.
 */
function sitePages(site: string): Map<string, Buffer> {
  const files = readdirSync(site, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.html') && !file.startsWith('pagefind/') && !file.startsWith('_publish/'),
  );
  const pages = files.map((file) => [`/${file}`.replace(/(^|\/)index\.html$/, '$1'), readFileSync(join(site, file))] as const);
  return new Map(pages.sort(([a], [b]) => (a < b ? -1 : 1)));
}

describe('quarantine and the publish report (REFERENCE.md "Publishing rules")', () => {
  /** The sample portal's `badItem` fault on news: its first item (id 42) loses its title. */
  const BAD = '42';
  /**
   * The item the left-out build breaks (the `badItem:<id>` fault): an older news item of the first page of the news
   * lists, not among the latest news every page's dock shows (DOCK_ITEMS), so that the report must tell the pages
   * it changed (its list pages, its neighbours' detail pages) from the many it did not change.
   */
  const LEFT_OUT = '40';
  /** A copy of the good build's snapshot folder (snapshots and page digests) with the news snapshot's items replaced. */
  function snapshotsWith(news: (items: Snapshot['items']) => Snapshot['items'], quarantined?: Snapshot['quarantined']): string {
    const dir = tempDir('quarantine-snapshots');
    cpSync(snapshots, dir, { recursive: true });
    // Compared with the good build, whatever the builds between (the stale-if-error one empties the videos).
    writeFileSync(join(dir, PAGE_DIGESTS_FILE), goodDigests);
    const snapshot = JSON.parse(snapshotText(dir, 'news')) as Snapshot;
    writeFileSync(join(dir, 'news.json'), JSON.stringify({ ...snapshot, items: news(snapshot.items), ...(quarantined ? { quarantined } : {}) }));
    return dir;
  }
  const newsItems = () => (JSON.parse(snapshotText(snapshots, 'news')) as Snapshot).items;
  const detail = (site: string, id: unknown) => join(site, 'news/detail', String(id), 'index.html');

  it(
    "keeps a bad item's last good version while its list's other new items publish live; the report names it",
    async () => {
      const [bad, newer, newest] = newsItems();
      expect(String(bad.id)).toBe(BAD);
      // The snapshot has item 42 but not the two newest items: those are new in this build.
      const dir = snapshotsWith((items) => items.filter((item) => item.id !== newer.id && item.id !== newest.id));
      const { code, output, outDir } = await buildSite({ PORTAL_SNAPSHOT_DIR: dir, SAMPLE_PORTAL_FAULTS: JSON.stringify({ news: 'badItem' }) });
      expect(code, output.slice(-3000)).toBe(0);
      const built = report(outDir);
      expect(built.lists.news).toMatchObject({ source: 'live', items: goodReport.lists.news.items });
      expect(built.quarantined).toMatchObject([
        { list: 'news', id: BAD, field: 'title', kept: true, reason: { 'zh-TW': expect.stringContaining('欄位「title」') } },
      ]);
      expect(readFileSync(detail(outDir, BAD), 'utf8')).toContain(String(bad.title));
      for (const item of [newer, newest]) expect(existsSync(detail(outDir, item.id)), `new item ${String(item.id)}`).toBe(true);
      expect(output).not.toContain('STALE CONTENT');
      const page = readFileSync(join(outDir, '_publish/index.html'), 'utf8');
      expect(page).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(page).toContain('1 個項目未通過檢查（隔離中）');
      expect(page).toContain('修正前，網站保留此項目上次通過檢查的版本。');
      // The same site as the last published one: no page added, changed or removed.
      expect(built.pages).toEqual({ since: goodReport.builtAt, added: [], changed: [], removed: [] });
      const sitemap = readdirSync(outDir)
        .filter((file) => /^sitemap.*\.xml$/.test(file))
        .map((file) => readFileSync(join(outDir, file), 'utf8'));
      expect(sitemap.join('')).not.toContain('_publish');
    },
    BUILD_MS,
  );

  it(
    'leaves a bad item without a good version out, and the report lists exactly the pages that changed with it',
    async () => {
      const dir = snapshotsWith((items) => items.filter((item) => String(item.id) !== LEFT_OUT));
      const { code, output, outDir } = await buildSite({
        PORTAL_SNAPSHOT_DIR: dir,
        SAMPLE_PORTAL_FAULTS: JSON.stringify({ news: `badItem:${LEFT_OUT}` }),
      });
      expect(code, output.slice(-3000)).toBe(0);
      const built = report(outDir);
      expect(built.quarantined).toMatchObject([{ list: 'news', id: LEFT_OUT, kept: false }]);
      expect(existsSync(detail(outDir, LEFT_OUT))).toBe(false);
      // Exactly the pages whose bytes differ from the last published build's (the good one): its detail page is gone;
      // the news lists it was on and the detail pages that link it changed, the pages that never showed it did not.
      const before = sitePages(goodSite);
      const after = sitePages(outDir);
      expect(built.pages).toEqual({
        since: goodReport.builtAt,
        added: [...after.keys()].filter((path) => !before.has(path)),
        changed: [...after.keys()].filter((path) => before.has(path) && !before.get(path)!.equals(after.get(path)!)),
        removed: [...before.keys()].filter((path) => !after.has(path)),
      });
      // Its detail page is gone, and so is the last page of a news list (all news, or its category's) that it alone
      // filled: which lists lose a page depends on how many items the sample has, so it is counted, not named.
      const items = newsItems();
      const category = String(items.find((item) => String(item.id) === LEFT_OUT)!.categoryId);
      const lastPageGone = (count: number, list: string) =>
        Math.ceil(count / LIST_PAGE_SIZE) > Math.ceil((count - 1) / LIST_PAGE_SIZE) ? [`/news/${list}/${Math.ceil(count / LIST_PAGE_SIZE)}/`] : [];
      const ownCount = items.filter((item) => String(item.categoryId) === category).length;
      const gone = [...lastPageGone(items.length, 'all'), ...lastPageGone(ownCount, category), `/news/detail/${LEFT_OUT}/`];
      expect(built.pages?.removed).toEqual(gone.sort((a, b) => (a < b ? -1 : 1)));
      expect(built.pages?.added).toEqual([]);
      expect(built.pages?.changed).toContain('/news/all/1/');
      expect(built.pages?.changed).not.toContain('/');
      const page = readFileSync(join(outDir, '_publish/index.html'), 'utf8');
      expect(page).toContain(`<li>/news/detail/${LEFT_OUT}/</li>`);
      expect(page).toContain('<li><a href="/news/all/1/">/news/all/1/</a></li>');
    },
    BUILD_MS,
  );

  it(
    'fails the build naming an item quarantined for longer than PORTAL_QUARANTINE_MAX_AGE_HOURS',
    async () => {
      const since = new Date(Date.now() - 25 * 3_600_000).toISOString();
      const dir = snapshotsWith((items) => items, [{ id: BAD, since }]);
      const { code, output } = await buildSite({ PORTAL_SNAPSHOT_DIR: dir, SAMPLE_PORTAL_FAULTS: JSON.stringify({ news: 'badItem' }) });
      expect(code).not.toBe(0);
      expect(output).toContain(
        `list "news": 1 item(s) quarantined for longer than PORTAL_QUARANTINE_MAX_AGE_HOURS (24 h): item ${BAD} (field title) since ${since}`,
      );
    },
    BUILD_MS,
  );
});

describe('the pipeline (scripts/rebuild.mjs)', () => {
  it(
    'stops before the deploy when the build fails, says so in the job summary and notifies PUBLISH_NOTIFY_URL',
    async () => {
      const target = join(tempDir('deploy-target'), 'site');
      const summary = join(tempDir('job-summary'), 'summary.md');
      const messages: Record<string, unknown>[] = [];
      const receiver = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk) => (body += chunk));
        request.on('end', () => {
          messages.push(JSON.parse(body) as Record<string, unknown>);
          response.end();
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      try {
        const { code, output } = await runNode(['scripts/rebuild.mjs', '--out-dir', tempDir('rebuild-dist')], {
          ...NO_AUDIO,
          SAMPLE_PORTAL_FAULTS: JSON.stringify({ news: 'http500' }),
          DEPLOY_TARGET: target,
          GITHUB_STEP_SUMMARY: summary,
          PUBLISH_NOTIFY_URL: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`,
          SITE_URL: 'https://www.example.com.tw',
        });
        expect(code).not.toBe(0);
        expect(output).toContain('✖ build failed');
        expect(output).not.toContain('rebuild 2/3');
        expect(output).not.toContain('rebuild 3/3');
        expect(existsSync(target)).toBe(false);
        expect(readFileSync(summary, 'utf8')).toContain('網站重建失敗：build');
        expect(messages).toEqual([expect.objectContaining({ event: 'build-failed', step: 'build', report: 'https://www.example.com.tw/_publish/' })]);
      } finally {
        await new Promise<void>((resolve) => receiver.close(() => resolve()));
      }
    },
    BUILD_MS,
  );

  it(
    'stops before the deploy when a check fails (a redirect to a missing page)',
    async () => {
      const broken = tempDir('broken-dist');
      cpSync(goodSite, broken, { recursive: true });
      rmSync(join(broken, 'coupon/1/index.html'));
      const target = join(tempDir('deploy-target'), 'site');
      const { code, output } = await runNode(['scripts/rebuild.mjs', '--skip-build', '--dry-run', '--out-dir', broken], { DEPLOY_TARGET: target });
      expect(code).not.toBe(0);
      expect(output).toContain('/coupon → /coupon/1: 404');
      expect(output).toContain('✖ checks failed');
      expect(output).not.toContain('rebuild 3/3');
      expect(output).not.toContain('Dry run: would');
      expect(existsSync(target)).toBe(false);
    },
    BUILD_MS,
  );
});

describe('deploy (scripts/deploy.mjs)', () => {
  it('lists what it would copy in a dry run and changes nothing; deploys the site as the live release for real', () => {
    const target = join(tempDir('deploy-target'), 'site');
    const lines: string[] = [];
    const dry = deploy({ dir: goodSite, dryRun: true, env: { DEPLOY_TARGET: target }, log: (line: string) => lines.push(line) });
    expect(dry.deployed).toBe(false);
    expect(lines).toContain(`  copy build-report.json (${readFileSync(join(goodSite, 'build-report.json')).length} bytes)`);
    expect(lines.at(-1)).toBe('0 unchanged, 0 to remove. Nothing was changed.');
    expect(existsSync(target)).toBe(false);

    const real = deploy({ dir: goodSite, env: { DEPLOY_TARGET: target }, log: () => {} });
    expect(real.deployed).toBe(true);
    expect(readFileSync(join(target, 'current/index.html'), 'utf8')).toBe(readFileSync(join(goodSite, 'index.html'), 'utf8'));
    expect(readdirSync(join(target, 'current'), { recursive: true }).length).toBe(readdirSync(goodSite, { recursive: true }).length);
    const again = deploy({ dir: goodSite, dryRun: true, env: { DEPLOY_TARGET: target }, log: () => {} });
    expect(again.plan.upload).toEqual([]);
    expect(again.plan.remove).toEqual([]);
    expect(again.deployed).toBe(false);
  });

  it('refuses a partial site', () => {
    const partial = tempDir('partial-dist');
    cpSync(join(goodSite, 'index.html'), join(partial, 'index.html'));
    expect(() => deploy({ dir: partial, dryRun: true, env: {}, log: () => {} })).toThrow(
      /not a complete build \(missing 404\.html, build-report\.json\)/,
    );
  });
});
