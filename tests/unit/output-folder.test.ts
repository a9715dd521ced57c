/**
 * dist/ kept between builds (src/integrations/output-folder.ts): unchanged pages stay where they are, and the
 * pages no route of this build produced are removed with their emptied folders, so a news item taken off the
 * portal does not stay online; the search index's files and this plan's redirect fallback pages are left alone.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import outputFolder, { stalePages } from '../../src/integrations/output-folder';

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
  writeFileSync(page('redirect-plan.json'), JSON.stringify([{ from: '/about/decree', to: '/about/decree/1', status: 301 }]));
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('output folder', () => {
  it('finds the HTML files that are not outputs of this build, the search index left out', async () => {
    const outputs = new Set([page('index.html'), page('news/detail/1/index.html'), page('about/decree/index.html')]);
    expect(await stalePages(root, outputs)).toEqual([page('news/detail/2/index.html')]);
  });

  it('removes them and their emptied folders at the end of the build, before the other steps read the pages', async () => {
    const hook = outputFolder().hooks['astro:build:done'] as (params: unknown) => Promise<void>;
    const logged: string[] = [];
    await hook({
      dir: pathToFileURL(root),
      assets: new Map([
        ['/', [pathToFileURL(page('index.html'))]],
        ['/news/detail/[id]', [pathToFileURL(page('news/detail/1/index.html'))]],
      ]),
      pages: [],
      logger: { info: (line: string) => logged.push(line) },
    });
    expect(existsSync(page('news/detail/2'))).toBe(false);
    expect(existsSync(page('news/detail/1/index.html'))).toBe(true);
    expect(existsSync(page('index.html'))).toBe(true);
    expect(existsSync(page('about/decree/index.html'))).toBe(true);
    expect(existsSync(page('pagefind/fragment.html'))).toBe(true);
    expect(logged).toEqual(['1 page(s) of earlier builds removed']);
  });

  it('tells Astro to keep dist/ between builds', () => {
    let update: unknown;
    const hook = outputFolder().hooks['astro:config:setup'] as (params: unknown) => void;
    hook({ updateConfig: (config: unknown) => (update = config) });
    expect(update).toEqual({ vite: { build: { emptyOutDir: false } } });
  });
});
