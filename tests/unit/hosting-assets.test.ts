/**
 * The build's check of asset links (src/integrations/built-pages.ts readBuiltPages, `missingAssets`; hosting fails the
 * build on one):
 * a page kept by the incremental build from an earlier build must not point at a script, style or image this build
 * did not write.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pageFiles, readBuiltPages } from '../../src/integrations/built-pages';

let root: string;

beforeEach(() => {
  root = `${mkdtempSync(join(tmpdir(), 'hosting-assets-'))}/`;
  mkdirSync(`${root}_astro`);
  writeFileSync(`${root}_astro/SiteLayout.abc123.js`, '');
  writeFileSync(`${root}_astro/SiteLayout.abc123.css`, '');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Writes the pages (path in the output folder → HTML) and reads them as the build does: the missing asset links. */
async function missingAfterWriting(pages: Record<string, string>): Promise<string[]> {
  for (const [page, html] of Object.entries(pages)) {
    mkdirSync(join(root, page, '..'), { recursive: true });
    writeFileSync(join(root, page), html);
  }
  return (await readBuiltPages(root, await pageFiles(root))).missingAssets;
}

describe('the page read names missing asset links', () => {
  it('accepts pages whose scripts, styles and island URLs all exist', async () => {
    const page =
      '<link rel="stylesheet" href="/_astro/SiteLayout.abc123.css"><script type="module" src="/_astro/SiteLayout.abc123.js"></script>' +
      '<astro-island component-url="/_astro/SiteLayout.abc123.js?v=1">';
    expect(await missingAfterWriting({ 'index.html': page })).toEqual([]);
  });

  it('names the page and the asset of an earlier build', async () => {
    const stale = '<script type="module" src="/_astro/SiteLayout.old999.js"></script><div style="background:url(/_astro/hero.old.webp)">';
    expect(await missingAfterWriting({ 'index.html': '<p>ok</p>', 'faq/1/index.html': stale })).toEqual([
      'faq/1/index.html → /_astro/SiteLayout.old999.js',
      'faq/1/index.html → /_astro/hero.old.webp',
    ]);
  });
});
