/**
 * The one read of the built pages per build (src/integrations/built-pages.ts): the search index reuses the digest
 * that hosting's scan recorded while no page changed, and reads the pages again as soon as one did, so an edited
 * page is always indexed again.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { builtPages, builtPagesDigest, scanBuiltPages } from '../../src/integrations/built-pages';

let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'built-pages-'));
  mkdirSync(join(root, 'news/detail/1'), { recursive: true });
  mkdirSync(join(root, 'pagefind'));
  writeFileSync(join(root, 'index.html'), '<main>首頁</main>');
  writeFileSync(join(root, 'news/detail/1/index.html'), '<main>新聞一</main>');
  writeFileSync(join(root, 'pagefind/fragment.html'), 'not a page');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('built pages', () => {
  it('lists the HTML pages in path order, the search index folder left out', async () => {
    expect(await builtPages(root)).toEqual([join(root, 'index.html'), join(root, 'news/detail/1/index.html')]);
  });

  it('hands every page to the visitor once, in batches, and records their digest', async () => {
    const seen: string[] = [];
    const digest = await scanBuiltPages(root, (files, contents) => files.forEach((file, i) => seen.push(`${file}=${contents[i]}`)));
    expect(seen).toEqual([`${join(root, 'index.html')}=<main>首頁</main>`, `${join(root, 'news/detail/1/index.html')}=<main>新聞一</main>`]);
    expect(await builtPagesDigest(root)).toBe(digest);
  });

  it('reads the pages again once one of them changed', async () => {
    const before = await scanBuiltPages(root);
    writeFileSync(join(root, 'news/detail/1/index.html'), '<main>新聞一（更新）</main>');
    const after = await builtPagesDigest(root);
    expect(after).not.toBe(before);
    // The same content again gives the first digest: it depends on the pages, not on when they were read.
    writeFileSync(join(root, 'news/detail/1/index.html'), '<main>新聞一</main>');
    expect(await builtPagesDigest(root)).toBe(before);
  });

  it('reads the pages again when a page was added or removed', async () => {
    const before = await scanBuiltPages(root);
    writeFileSync(join(root, 'about.html'), '<main>關於</main>');
    expect(await builtPagesDigest(root)).not.toBe(before);
    rmSync(join(root, 'about.html'));
    expect(await builtPagesDigest(root)).toBe(before);
  });

  it('trusts the recorded digest while sizes and modification times are unchanged (no second read)', async () => {
    const file = join(root, 'index.html');
    const stamp = 1_800_000_000; // whole seconds, so that the file system keeps the time exactly
    utimesSync(file, stamp, stamp);
    const before = await scanBuiltPages(root);
    // Same size, same modification time: the stamp cannot tell, so the recorded digest is returned as is.
    writeFileSync(file, '<main>首員</main>');
    utimesSync(file, stamp, stamp);
    expect(await builtPagesDigest(root)).toBe(before);
  });
});
