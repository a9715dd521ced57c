/**
 * The one walk and the one read of the built pages per build (src/integrations/built-pages.ts, REFERENCE.md "Layers": "One post-build pipeline"): the page
 * list leaves the search index's files out; the digest the search index is fingerprinted with changes with any
 * page's content and with pages added or removed, never with when they were read; the same pass collects the CSP
 * hashes of inline scripts (hosting's `_headers`) and the links to build assets that are not there; a rebuild reads
 * again only the pages written since the last read (the page records kept in the cache), with the same result.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pageFiles, readBuiltPages } from '../../src/integrations/built-pages';

let root: string;

beforeEach(() => {
  root = `${mkdtempSync(join(tmpdir(), 'built-pages-'))}/`;
  mkdirSync(join(root, 'news/detail/1'), { recursive: true });
  mkdirSync(join(root, 'pagefind'));
  writeFileSync(join(root, 'index.html'), '<main>首頁</main>');
  writeFileSync(join(root, 'news/detail/1/index.html'), '<main>新聞一</main>');
  writeFileSync(join(root, 'pagefind/fragment.html'), 'not a page');
  for (const folder of ['_astro', '_images']) {
    mkdirSync(join(root, folder));
    writeFileSync(join(root, folder, 'x.html'), 'not a page');
  }
  mkdirSync(join(root, 'about/_images'), { recursive: true });
  writeFileSync(join(root, 'about/_images/index.html'), '<main>a page in a folder of that name below the top</main>');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

/** The digest of the output folder's pages as they are now. */
const digestNow = async () => (await readBuiltPages(root, await pageFiles(root))).digest;

describe('built pages', () => {
  it("lists the HTML pages in path order, the search index's, build assets' and image variants' folders left out", async () => {
    expect(await pageFiles(root)).toEqual([join(root, 'about/_images/index.html'), join(root, 'index.html'), join(root, 'news/detail/1/index.html')]);
  });

  it("gives a digest that changes with a page's content and comes back with it", async () => {
    const before = await digestNow();
    expect(await digestNow()).toBe(before);
    writeFileSync(join(root, 'news/detail/1/index.html'), '<main>新聞一（更新）</main>');
    expect(await digestNow()).not.toBe(before);
    writeFileSync(join(root, 'news/detail/1/index.html'), '<main>新聞一</main>');
    expect(await digestNow()).toBe(before);
  });

  it('gives another digest when a page was added or removed', async () => {
    const before = await digestNow();
    writeFileSync(join(root, 'about.html'), '<main>關於</main>');
    expect(await digestNow()).not.toBe(before);
    rmSync(join(root, 'about.html'));
    expect(await digestNow()).toBe(before);
  });

  it('collects the inline script hashes and the missing asset links in the same read', async () => {
    const script = 'console.log(1)';
    writeFileSync(join(root, 'index.html'), `<main>首頁</main><script>${script}</script><script type="module" src="/_astro/gone.js"></script>`);
    const pages = await readBuiltPages(root, await pageFiles(root));
    const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    expect([...(pages.cspHashes.get('script-src') ?? [])]).toEqual([hash]);
    expect(pages.missingAssets).toEqual(['index.html → /_astro/gone.js']);
    expect(pages.files).toEqual(await pageFiles(root));
  });

  describe('with the records of the last read (a rebuild)', () => {
    const script = 'console.log(1)';
    const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    let cacheFile: string;
    beforeEach(() => {
      cacheFile = join(root, '..', `${root.split('/').at(-2)}-cache`, 'pages.json');
      writeFileSync(join(root, 'index.html'), `<main>首頁</main><script>${script}</script><script type="module" src="/_astro/gone.js"></script>`);
    });
    afterEach(() => rmSync(join(cacheFile, '..'), { recursive: true, force: true }));
    const read = async () => readBuiltPages(root, await pageFiles(root), { cacheFile });

    it('gives what a full read gives, before and after the records exist', async () => {
      const full = await readBuiltPages(root, await pageFiles(root));
      for (const pages of [await read(), await read()]) {
        expect(pages.digest).toBe(full.digest);
        expect(pages.pageDigests).toEqual(full.pageDigests);
        expect(pages.cspHashes).toEqual(full.cspHashes);
        expect(pages.cspHashOrigins).toEqual(full.cspHashOrigins);
        expect(pages.missingAssets).toEqual(['index.html → /_astro/gone.js']);
      }
    });

    it('takes an unchanged page from its record and reads a page written since', async () => {
      await read();
      // A record says what the page held when it was read: changed here, it shows the record is what the next read uses.
      const kept = JSON.parse(readFileSync(cacheFile, 'utf8'));
      kept.pages['index.html'][3] = 'recorded digest';
      writeFileSync(cacheFile, JSON.stringify(kept));
      expect((await read()).pageDigests['/']).toBe('recorded digest');
      // The build writes the page again (another script): read again, its new hash in the policy.
      writeFileSync(join(root, 'index.html'), '<main>首頁</main><script>console.log(2)</script>');
      const pages = await read();
      expect(pages.pageDigests['/']).toBe(createHash('sha1').update('<main>首頁</main><script>console.log(2)</script>').digest('hex'));
      expect([...(pages.cspHashes.get('script-src') ?? [])]).toEqual([hashOf('console.log(2)')]);
      expect(pages.missingAssets).toEqual([]);
    });

    it('checks the asset links of kept pages against the folder as it is now', async () => {
      mkdirSync(join(root, '_astro'), { recursive: true });
      writeFileSync(join(root, '_astro', 'gone.js'), '');
      expect((await read()).missingAssets).toEqual([]);
      rmSync(join(root, '_astro', 'gone.js'));
      expect((await read()).missingAssets).toEqual(['index.html → /_astro/gone.js']);
    });

    it('reads every page when the records cannot be read', async () => {
      await read();
      writeFileSync(cacheFile, '{ broken');
      expect((await read()).pageDigests['/']).toBe(
        createHash('sha1')
          .update(readFileSync(join(root, 'index.html')))
          .digest('hex'),
      );
    });
  });
});
