/**
 * The checks of a built site that hold whatever the portal's data (issue 3 §5, issue 6): the gate of the
 * publishing pipeline (scripts/rebuild.mjs runs this file before any deploy) and part of `npm test`.
 * Under real nginx over the site (SITE_DIST_DIR, default dist/) with its generated include, and the portal
 * (PORTAL_API_BASE, or the sample portal) behind `/api/` and `/upload/`:
 * - dist/build-report.json lists every portal collection with its count, source and age, and no page links it;
 * - every redirect of dist/_redirects answers 301 with its exact Location, which answers 200;
 * - an unknown path answers 404;
 * - linkinator finds no broken internal link.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LinkChecker } from 'linkinator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_LIST_NAMES } from '../../src/portal/lists';
import { ENDPOINTS } from '../../src/portal/endpoints';
import type { BuildReport } from '../../src/portal/snapshots';
import { BUILD_REPORT_FILE } from '../../src/site';
import { startSamplePortal } from '../../scripts/sample-portal/server.mjs';
import { startNginx } from '../nginx.mjs';

const dist = `${process.env.SITE_DIST_DIR ? resolve(process.env.SITE_DIST_DIR) : fileURLToPath(new URL('../../dist', import.meta.url))}/`;

let portal: Awaited<ReturnType<typeof startSamplePortal>> | undefined;
let nginx: Awaited<ReturnType<typeof startNginx>>;
const get = (path: string) => fetch(`${nginx.url}${path}`, { redirect: 'manual' });

beforeAll(async () => {
  let portalUrl = process.env.PORTAL_API_BASE;
  if (!portalUrl) {
    portal = await startSamplePortal({ port: 0 });
    portalUrl = portal.url;
  }
  nginx = await startNginx({ dist, portalUrl });
}, 60_000);

afterAll(async () => {
  await nginx?.close();
  await portal?.close();
});

describe('build report', () => {
  it('records every portal list with its item count, source and age, and the build time', () => {
    const report = JSON.parse(readFileSync(`${dist}${BUILD_REPORT_FILE}`, 'utf8')) as BuildReport;
    expect(Number.isNaN(Date.parse(report.builtAt))).toBe(false);
    const portalLists = [...PORTAL_LIST_NAMES].sort();
    expect(Object.keys(report.lists).sort()).toEqual(portalLists);
    for (const [name, list] of Object.entries(report.lists)) {
      expect(list.endpoint, name).toBe(`${ENDPOINTS[name as keyof typeof ENDPOINTS].method} ${ENDPOINTS[name as keyof typeof ENDPOINTS].path}`);
      expect(list.items, name).toBeGreaterThanOrEqual(0);
      expect(['live', 'snapshot'], name).toContain(list.source);
      expect(list.ageHours, name).toBeGreaterThanOrEqual(0);
    }
  });

  it('is linked from no page', () => {
    const pages = readdirSync(dist, { recursive: true, withFileTypes: true }).filter((entry) => entry.name.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(100);
    const linking = pages.map((entry) => join(entry.parentPath, entry.name)).filter((file) => readFileSync(file, 'utf8').includes(BUILD_REPORT_FILE));
    expect(linking).toEqual([]);
  });
});

describe('redirects', () => {
  it('answers every planned redirect with 301 and its exact Location, which is a page', async () => {
    const redirects = readFileSync(`${dist}_redirects`, 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.split(' '));
    expect(redirects.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const [from, to] of redirects) {
      const response = await get(from);
      if (response.status !== 301 || response.headers.get('location') !== to) {
        failures.push(`${from}: ${response.status} → ${response.headers.get('location')}, expected 301 → ${to}`);
        continue;
      }
      const target = await get(to);
      if (target.status !== 200) failures.push(`${from} → ${to}: ${target.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 404 on an unknown path', async () => {
    expect((await get('/no/such/page')).status).toBe(404);
  });
});

describe('links', () => {
  it('has no broken internal link', async () => {
    const checker = new LinkChecker();
    const result = await checker.check({
      path: `${nginx.url}/`,
      recurse: true,
      concurrency: 8,
      timeout: 10_000,
      linksToSkip: [`^(?!${nginx.url.replaceAll('.', '\\.')})`],
    });
    const broken = result.links.filter((link) => link.state === 'BROKEN').map((link) => `${link.url} (${link.status}) on ${link.parent}`);
    expect(broken).toEqual([]);
    expect(result.links.length).toBeGreaterThan(200);
  }, 300_000);
});
