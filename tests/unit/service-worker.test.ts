/**
 * What the offline worker keeps from the first visit (src/integrations/service-worker.ts precachePages, OFFLINE_PAGES
 * of src/site/app.ts): the claim guide, the contact page and the first page of every locations area, never an area's
 * further pages, which every first visitor would otherwise download (a large portal has them by the dozen).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { precachePages } from '../../src/integrations/service-worker';

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
