/**
 * dist/ kept between builds (src/integrations/output-folder.ts, a step of src/integrations/pipeline.ts): unchanged
 * pages stay where they are, and the pages no route of this build produced are removed with their emptied folders,
 * so a news item taken off the portal does not stay online; the search index's files and this plan's redirect
 * fallback pages are left alone.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pageFiles } from '../../src/integrations/built-pages';
import { fallbackFile } from '../../src/integrations/host-files';
import { removeStalePages } from '../../src/integrations/output-folder';
import pipeline from '../../src/integrations/pipeline';
import { policyFrom } from '../../src/lib/security-headers';
import { readSettings } from '../../src/settings';

let root: string;
const page = (path: string) => join(root, path);
const write = (path: string, text = '<main>頁面</main>') => {
  mkdirSync(dirname(page(path)), { recursive: true });
  writeFileSync(page(path), text);
};

beforeEach(() => {
  root = `${mkdtempSync(join(tmpdir(), 'output-folder-'))}/`;
  write('index.html');
  write('news/detail/1/index.html');
  write('news/detail/2/index.html'); // taken off the portal since the last build
  write('pagefind/fragment.html', 'index file');
  write('about/decree/index.html', '<meta http-equiv="refresh">'); // a redirect fallback page of the plan
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('output folder', () => {
  it('removes the pages this build did not produce and their emptied folders; the search index and the fallback pages stay', async () => {
    const keep = new Set([
      page('index.html'),
      page('news/detail/1/index.html'),
      fallbackFile(root, { from: '/about/decree', to: '/about/decree/1', status: 301 }),
    ]);
    const { kept, removed } = await removeStalePages(root, await pageFiles(root), keep);
    expect(removed).toEqual([page('news/detail/2/index.html')]);
    expect(existsSync(page('news/detail/2'))).toBe(false);
    expect(existsSync(page('news/detail/1/index.html'))).toBe(true);
    expect(existsSync(page('index.html'))).toBe(true);
    expect(existsSync(page('about/decree/index.html'))).toBe(true);
    expect(existsSync(page('pagefind/fragment.html'))).toBe(true);
    expect(kept).toEqual(await pageFiles(root));
  });

  it('removes a page with its gzip and brotli copies, so that its folder goes too (nginx answers an empty folder 403)', async () => {
    write('news/detail/2/index.html.gz', 'gzip copy');
    write('news/detail/2/index.html.br', 'brotli copy');
    const keep = new Set([page('index.html'), page('news/detail/1/index.html')]);
    await removeStalePages(root, await pageFiles(root), keep);
    expect(existsSync(page('news/detail/2'))).toBe(false);
  });

  it('removes a page and the page below it together (a download item taken off: its redirect and its page)', async () => {
    write('download/1/1/index.html', '<meta http-equiv="refresh">');
    write('download/1/1/1/index.html');
    write('download/1/2/1/index.html');
    const keep = new Set([page('index.html'), page('download/1/2/1/index.html')]);
    const { removed } = await removeStalePages(root, await pageFiles(root), keep);
    expect(removed).toContain(page('download/1/1/index.html'));
    expect(existsSync(page('download/1/1'))).toBe(false);
    expect(existsSync(page('download/1/2/1/index.html'))).toBe(true);
  });

  it('tells Astro to keep dist/ between builds', async () => {
    const updates: unknown[] = [];
    const hook = pipeline(policyFrom(readSettings({})), readSettings({ READER_ENGINE: 'off' })).hooks['astro:config:setup'] as (
      params: unknown,
    ) => Promise<void>;
    const logger = { info: () => {}, warn: () => {}, fork: () => logger };
    await hook({
      command: 'dev',
      config: { cacheDir: new URL(`file://${root}cache/`) },
      logger,
      updateConfig: (config: unknown) => updates.push(config),
    });
    expect(updates).toContainEqual({ vite: { build: { emptyOutDir: false } } });
  });
});
