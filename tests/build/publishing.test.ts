/**
 * The publishing pipeline through real builds (issue 6 §2–§4), with few full builds: one good build seeds a
 * temporary snapshot folder, one build on six faulty lists succeeds from those snapshots; the other builds fail
 * early (while the lists load) and cost a few seconds each.
 * - good build: dist/build-report.json has every list live with its count, and one snapshot per list is written;
 * - every fault mode (down, slow, HTTP 500, portal code, malformed, bad item) on a list with a fresh snapshot:
 *   the build succeeds, warns naming each list and the snapshot's age, the report says `snapshot`, the list's pages
 *   are built, and its snapshot is left as it was; an empty list confirmed by PORTAL_ALLOW_ITEM_DROP builds;
 * - a stale snapshot: the build fails as without one; an unconfirmed drop: the build fails naming the list;
 *   neither failed build touches the good snapshots;
 * - scripts/rebuild.mjs stops before the deploy when the build or a check fails (the target stays untouched);
 * - scripts/deploy.mjs: --dry-run lists and changes nothing; the real mode makes the site the live release under
 *   DEPLOY_TARGET/current (tests/unit/deploy-releases.test.ts: releases, rollback, interruptions); a partial site is refused.
 */
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildReport, Snapshot } from '../../src/portal/snapshots';
import { deploy } from '../../scripts/deploy.mjs';
import { runBuild, runNode, tempDir } from './run-build';

const BUILD_MS = 180_000;
const snapshots = tempDir('snapshots');
let goodSite = '';
let goodReport: BuildReport;

const report = (site: string) => JSON.parse(readFileSync(join(site, 'build-report.json'), 'utf8')) as BuildReport;
const snapshotText = (dir: string, list: string) => readFileSync(join(dir, `${list}.json`), 'utf8');

/** The faulty lists of the stale-if-error build, one per fault mode. */
const FAULTS = {
  news: 'down',
  decrees: { mode: 'slow', delayMs: 20000 },
  events: 'http500',
  winners: 'code',
  faqs: 'malformed',
  coupons: 'badItem',
};

beforeAll(async () => {
  const { code, output, outDir } = await runBuild({ PORTAL_SNAPSHOT_DIR: snapshots });
  expect(code, output.slice(-2000)).toBe(0);
  goodSite = outDir;
  goodReport = report(goodSite);
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

  it('builds from fresh snapshots on every fault mode, warning per list with the age, reported as snapshot', async () => {
    const before = Object.fromEntries(Object.keys(FAULTS).map((list) => [list, snapshotText(snapshots, list)]));
    const { code, output, outDir } = await runBuild({
      PORTAL_SNAPSHOT_DIR: snapshots,
      PORTAL_TIMEOUT_MS: '1500',
      SAMPLE_PORTAL_FAULTS: JSON.stringify({ ...FAULTS, videos: 'empty' }),
      PORTAL_ALLOW_ITEM_DROP: 'videos',
    });
    expect(code, output.slice(-3000)).toBe(0);
    const built = report(outDir);
    for (const list of Object.keys(FAULTS)) {
      expect(output).toMatch(new RegExp(`STALE CONTENT: list "${list}" failed \\(Portal `));
      expect(built.lists[list], list).toMatchObject({ source: 'snapshot', items: goodReport.lists[list].items, fetchedAt: goodReport.lists[list].fetchedAt });
      expect(built.lists[list].ageHours, list).toBeLessThan(1);
      expect(snapshotText(snapshots, list), `${list} snapshot kept`).toBe(before[list]);
    }
    expect(output).toMatch(/Using its last good snapshot from \S+, [\d.]+ h old \(limit PORTAL_SNAPSHOT_MAX_AGE_HOURS = 24 h\)/);
    expect(built.lists.videos).toMatchObject({ source: 'live', items: 0 });
    expect(built.lists.staff.source).toBe('live');
    const news = JSON.parse(snapshotText(snapshots, 'news')) as Snapshot;
    for (const item of news.items) expect(existsSync(join(outDir, 'news/detail', String(item.id), 'index.html'))).toBe(true);
  }, BUILD_MS);

  it('fails as today when the snapshot is older than the limit', async () => {
    const { code, output } = await runBuild({ PORTAL_SNAPSHOT_DIR: stale, SAMPLE_PORTAL_FAULTS: JSON.stringify({ news: 'http500' }) });
    expect(code).not.toBe(0);
    expect(output).toMatch(/\/api\/PortalCorporateMessage\/GetPutOnCorporateMessage: HTTP 500/);
    expect(output).toMatch(/snapshot of list "news" is 25\.\d h old, older than PORTAL_SNAPSHOT_MAX_AGE_HOURS \(24 h\)/);
  }, BUILD_MS);

  it('fails on a list that lost more than half of its items, and keeps the good snapshots', async () => {
    const before = snapshotText(snapshots, 'news');
    // Into a copy of the good site: dist/ is kept between builds, and a failed build must not leave the good
    // build's report behind, the mark by which scripts/deploy.mjs takes a site as complete.
    const site = tempDir('failed-over-good');
    cpSync(goodSite, site, { recursive: true });
    const { code, output } = await runBuild(
      { PORTAL_SNAPSHOT_DIR: snapshots, SAMPLE_PORTAL_FAULTS: JSON.stringify({ news: 'empty' }) },
      site,
    );
    expect(code).not.toBe(0);
    expect(existsSync(join(site, 'build-report.json'))).toBe(false);
    expect(() => deploy({ dir: site, dryRun: true, env: {}, log: () => {} })).toThrow(/not a complete build \(missing build-report\.json\)/);
    expect(output).toMatch(/list "news" has 0 items, \d+ in the last good build .*PORTAL_ALLOW_ITEM_DROP=news/);
    expect(snapshotText(snapshots, 'news')).toBe(before);
  }, BUILD_MS);
});

describe('the pipeline (scripts/rebuild.mjs)', () => {
  it('stops before the deploy when the build fails', async () => {
    const target = join(tempDir('deploy-target'), 'site');
    const { code, output } = await runNode(['scripts/rebuild.mjs', '--out-dir', tempDir('rebuild-dist')], {
      SAMPLE_PORTAL_FAULTS: JSON.stringify({ news: 'http500' }),
      DEPLOY_TARGET: target,
    });
    expect(code).not.toBe(0);
    expect(output).toContain('✖ build failed');
    expect(output).not.toContain('rebuild 2/3');
    expect(output).not.toContain('rebuild 3/3');
    expect(existsSync(target)).toBe(false);
  }, BUILD_MS);

  it('stops before the deploy when a check fails (a redirect to a missing page)', async () => {
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
  }, BUILD_MS);
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
    expect(() => deploy({ dir: partial, dryRun: true, env: {}, log: () => {} })).toThrow(/not a complete build \(missing 404\.html, build-report\.json\)/);
  });
});
