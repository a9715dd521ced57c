/**
 * Precompressed text files under real nginx (src/integrations/precompress.ts, the include of src/lib/host-config.ts):
 * - every text file a visitor downloads, HTML pages included, gets a gzip and a brotli copy; Pagefind's own
 *   compressed index files do not; a second run writes nothing; the copies of a removed page go with it; with the
 *   build's cache folder, a new output folder (as each workflow run has) takes unchanged files' copies from it;
 * - nginx sends the brotli copy to a browser that accepts brotli (with Debian's module and the server's
 *   brotli_static.conf), the gzip copy to one that accepts only gzip, the page itself to one that accepts neither;
 *   the same include works on a server without the module (gzip only);
 * - Pagefind's hashed files are immutable, its loader is revalidated.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { startNginx } from '../../scripts/lib/nginx.mjs';
import { brotliStaticModule } from '../../scripts/lib/system.mjs';
import { PRECOMPRESS_CACHE_BUILDS, PRECOMPRESS_USES_FILE, precompressSite } from '../../src/integrations/precompress';
import { nginxInclude } from '../../src/lib/host-config';
import { policyFrom, securityHeaders } from '../../src/lib/security-headers';
import { readSettings } from '../../src/settings';
import { tempDir } from '../build/run-build';

/** A small built site: pages long enough to compress, Pagefind's files, the include. */
function site(): string {
  const dir = tempDir('precompress-site');
  const page = (title: string) =>
    `<!doctype html><html lang="zh-Hant-TW"><meta charset="utf-8"><title>${title}</title><main>${'<p>和泰產險 汽車保險 理賠服務說明。</p>'.repeat(80)}</main></html>`;
  mkdirSync(join(dir, 'news', 'detail', '7'), { recursive: true });
  mkdirSync(join(dir, 'pagefind', 'fragment'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), page('首頁'));
  writeFileSync(join(dir, 'news', 'detail', '7', 'index.html'), page('最新消息 7'));
  writeFileSync(join(dir, '404.html'), page('找不到網頁'));
  writeFileSync(join(dir, '500.html'), page('系統錯誤'));
  writeFileSync(join(dir, 'small.txt'), 'tiny');
  writeFileSync(join(dir, 'pagefind', 'pagefind.js'), 'export const pagefind = 1;\n'.repeat(60));
  writeFileSync(join(dir, 'pagefind', 'fragment', 'zh-TW_0b0ed2d.pf_fragment'), Buffer.alloc(900, 7));
  writeFileSync(join(dir, 'pagefind', 'pagefind.zh-TW_0bec0f54541b2.pf_meta'), Buffer.alloc(900, 3));
  writeFileSync(join(dir, 'nginx.conf'), nginxInclude([], securityHeaders(policyFrom(readSettings({})))));
  return dir;
}

/** GET with explicit request headers and the raw (undecoded) body. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('precompressed text files', () => {
  it('writes a gzip and a brotli copy of every text file once, and deletes the copies of a removed page', async () => {
    const dir = site();
    const first = await precompressSite(dir);
    const page = join(dir, 'news', 'detail', '7', 'index.html');
    expect(gunzipSync(readFileSync(`${page}.gz`)).equals(readFileSync(page))).toBe(true);
    expect(brotliDecompressSync(readFileSync(`${page}.br`)).equals(readFileSync(page))).toBe(true);
    expect(readFileSync(`${page}.br`).length).toBeLessThan(readFileSync(`${page}.gz`).length);
    expect(existsSync(join(dir, 'nginx.conf.gz')), 'not a file nginx serves').toBe(false);
    expect(existsSync(join(dir, 'small.txt.gz')), 'under 512 bytes').toBe(false);
    expect(existsSync(join(dir, 'pagefind', 'fragment', 'zh-TW_0b0ed2d.pf_fragment.gz'))).toBe(false);
    expect(existsSync(join(dir, 'pagefind', 'pagefind.js.br'))).toBe(true);
    expect(first).toEqual({ written: 10, cached: 0, deleted: 0, files: 5 });
    expect(await precompressSite(dir)).toEqual({ written: 0, cached: 0, deleted: 0, files: 5 });
    rmSync(page);
    expect(await precompressSite(dir)).toEqual({ written: 0, cached: 0, deleted: 2, files: 4 });
    expect(existsSync(`${page}.gz`) || existsSync(`${page}.br`)).toBe(false);
  });

  it("a new output folder takes the copies of unchanged files from the build's cache; a changed file is compressed again", async () => {
    const cache = join(tempDir('precompress-cache'), 'precompressed');
    const first = site();
    expect(await precompressSite(first, cache)).toEqual({ written: 10, cached: 0, deleted: 0, files: 5 });
    // The next run's output folder is new (the workflow keeps no dist/); one page changed since.
    const next = site();
    const changed = join(next, 'news', 'detail', '7', 'index.html');
    writeFileSync(changed, readFileSync(changed, 'utf8').replace('最新消息 7', '最新消息 7（更新）'));
    expect(await precompressSite(next, cache)).toEqual({ written: 10, cached: 8, deleted: 0, files: 5 });
    for (const file of ['index.html', '404.html', 'pagefind/pagefind.js']) {
      expect(readFileSync(join(next, `${file}.br`)).equals(readFileSync(join(first, `${file}.br`))), file).toBe(true);
    }
    expect(brotliDecompressSync(readFileSync(`${changed}.br`)).equals(readFileSync(changed))).toBe(true);
    expect(gunzipSync(readFileSync(`${changed}.gz`)).equals(readFileSync(changed))).toBe(true);
    // The cache holds the copies of the last PRECOMPRESS_CACHE_BUILDS builds: the changed page's old ones too, so a
    // build with the page as it was takes them from it, until that many builds without them have passed.
    const copies = () => readdirSync(cache).filter((name) => name !== PRECOMPRESS_USES_FILE);
    expect(copies()).toHaveLength(12);
    expect(await precompressSite(site(), cache)).toEqual({ written: 10, cached: 10, deleted: 0, files: 5 });
    for (let build = 1; build < PRECOMPRESS_CACHE_BUILDS; build += 1) await precompressSite(next, cache);
    expect(copies()).toHaveLength(12);
    await precompressSite(next, cache);
    expect(copies()).toHaveLength(10);
    expect(await precompressSite(site(), cache)).toEqual({ written: 10, cached: 8, deleted: 0, files: 5 });
  });

  it.each([
    ['with', true],
    ['without', false],
  ])('nginx %s the brotli module sends the best copy each browser accepts, and the page itself to one that accepts none', async (_label, brotli) => {
    expect(brotliStaticModule(), 'Debian package libnginx-mod-http-brotli-static (npm run doctor)').toBeDefined();
    const dir = site();
    await precompressSite(dir);
    const nginx = await startNginx({ dist: dir, portalUrl: 'http://127.0.0.1:9', brotli });
    try {
      const page = join(dir, 'news', 'detail', '7', 'index.html');
      const url = `${nginx.url}/news/detail/7`;
      const best = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(best.status).toBe(200);
      expect(best.headers['content-encoding']).toBe(brotli ? 'br' : 'gzip');
      expect(best.body.equals(readFileSync(`${page}.${brotli ? 'br' : 'gz'}`))).toBe(true);
      expect(best.headers.vary).toMatch(/Accept-Encoding/);
      expect(best.headers['content-security-policy']).toBeTruthy();
      const gzipOnly = await rawGet(url, { 'accept-encoding': 'gzip' });
      expect(gzipOnly.headers['content-encoding']).toBe('gzip');
      expect(gzipOnly.body.equals(readFileSync(`${page}.gz`))).toBe(true);
      const plain = await rawGet(url, {});
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.equals(readFileSync(page))).toBe(true);

      const fragment = await rawGet(`${nginx.url}/pagefind/fragment/zh-TW_0b0ed2d.pf_fragment`, { 'accept-encoding': 'gzip, br' });
      expect(fragment.headers['cache-control']).toMatch(/immutable/);
      expect(fragment.headers['content-security-policy']).toBeTruthy();
      const meta = await rawGet(`${nginx.url}/pagefind/pagefind.zh-TW_0bec0f54541b2.pf_meta`, {});
      expect(meta.headers['cache-control']).toMatch(/immutable/);
      const loader = await rawGet(`${nginx.url}/pagefind/pagefind.js`, { 'accept-encoding': 'br' });
      expect(loader.headers['cache-control']).not.toMatch(/immutable/);
      expect(loader.headers['content-encoding']).toBe(brotli ? 'br' : undefined);
    } finally {
      await nginx.close();
    }
  });
});
