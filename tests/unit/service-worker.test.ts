/**
 * What the offline worker keeps from the first visit (src/integrations/service-worker.ts precachePages, OFFLINE_PAGES
 * of src/site/app.ts): the claim guide, the contact page and the first page of every locations area, never an area's
 * further pages, which every first visitor would otherwise download (a large portal has them by the dozen). And the
 * worker's code kept between builds (workerTemplate): a cache folder copied or moved elsewhere (the rebuild workflow
 * restores Astro's cache folder on a new machine) still holds the code for the next build.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { precachePages, SERVICE_WORKER_CACHE_FOLDER, workerTemplate } from '../../src/integrations/service-worker';

const root = '/site';
const built = (...files: string[]) => files.map((file) => join(root, file));

describe('precachePages', () => {
  it("keeps /claim, /contact, the offline page and each locations area's first page, not its further pages", () => {
    const files = built(
      'index.html',
      'claim/index.html',
      'contact/index.html',
      'offline/index.html',
      'about/locations/index.html',
      'about/locations/1/index.html',
      'about/locations/1/2/index.html',
      'about/locations/1/13/index.html',
      'about/locations/4/index.html',
      'news/all/1/index.html',
    );
    expect(precachePages(root, files)).toEqual([
      'about/locations/1/index.html',
      'about/locations/4/index.html',
      'claim/index.html',
      'contact/index.html',
      'offline/index.html',
    ]);
  });

  it('refuses a build without a page the worker must keep', () => {
    expect(() => precachePages(root, built('claim/index.html', 'offline/index.html', 'about/locations/1/index.html'))).toThrow(/\/contact/);
  });
});

describe('workerTemplate', () => {
  it('finds the code kept in a cache folder copied elsewhere, without making it again', { timeout: 60_000 }, async () => {
    const first = mkdtempSync(join(tmpdir(), 'worker-cache-'));
    const made = await workerTemplate(first);
    expect(readFileSync(made, 'utf8')).toContain('self.__WB_MANIFEST');
    const moved = mkdtempSync(join(tmpdir(), 'worker-cache-moved-'));
    mkdirSync(join(moved, SERVICE_WORKER_CACHE_FOLDER));
    copyFileSync(made, join(moved, SERVICE_WORKER_CACHE_FOLDER, basename(made)));
    const found = await workerTemplate(moved);
    expect(found).toBe(join(moved, SERVICE_WORKER_CACHE_FOLDER, basename(made)));
    // Workbox writes generated.js whenever it makes the code: in the copied folder it never ran.
    expect(existsSync(join(moved, SERVICE_WORKER_CACHE_FOLDER, 'generated.js'))).toBe(false);
  });
});
