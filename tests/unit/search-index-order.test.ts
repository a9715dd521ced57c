/**
 * The search index of the same pages is the same index (src/integrations/search-index.ts indexSite): Pagefind numbers
 * the pages in the order they reach it and breaks ranking ties by that number, so the pages must reach it in the
 * files' order, whatever page takes longest to read. Otherwise two builds of the same site could list tied results in
 * another order, and the rebuild every 10 minutes would shuffle them for visitors.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPagefindFile } from '../../src/integrations/search-chunks';
import { indexSite, pagefindVersion } from '../../src/integrations/search-index';

/** Pages indexed: more than one batch of the indexer's parallel reads. */
const PAGE_COUNT = 40;

let dir: string;
let files: string[];

/** The pages' paths in the order Pagefind numbered them (its metadata's page list, each fragment's URL). */
async function pageOrder(root: string): Promise<string[]> {
  const folder = join(root, 'pagefind');
  const entry = JSON.parse(readFileSync(join(folder, 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, { hash: string }> };
  const urlOf = (hash: string) => {
    const raw = gunzipSync(readFileSync(join(folder, 'fragment', `${hash}.pf_fragment`))).toString('utf8');
    return (JSON.parse(raw.slice('pagefind_dcd'.length)) as { url: string }).url;
  };
  const meta = (await readPagefindFile(join(folder, `pagefind.${entry.languages['zh-TW']!.hash}.pf_meta`))) as unknown[];
  return (meta[1] as [string][]).map(([hash]) => urlOf(hash));
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'search-index-order-'));
  files = [];
  for (let i = 0; i < PAGE_COUNT; i += 1) {
    const name = `p${String(i).padStart(2, '0')}`;
    // The first page is long (slowest to read and space), the others short: read in parallel, it is ready last.
    const body = i === 0 ? '汽車保險理賠流程與文件說明。'.repeat(20_000) : `第${i}則：機車強制險線上投保與理賠專線。`;
    mkdirSync(join(dir, 'site', name), { recursive: true });
    const file = join(dir, 'site', name, 'index.html');
    writeFileSync(file, `<html lang="zh-TW"><body><main data-pagefind-body><h1>${name}</h1><p>${body}</p></main></body></html>`);
    files.push(file);
  }
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the search index of the same pages', () => {
  it("numbers the pages in the files' order, so that two builds write the same index", async () => {
    const version = await pagefindVersion(new URL('../../', import.meta.url));
    const logger = { info: () => {} };
    const root = `${join(dir, 'site')}/`;
    await indexSite({ root, files, pagesDigest: 'pages', cacheDir: join(dir, 'cache-1'), pagefindVersion: version, logger });
    const order = await pageOrder(root);
    expect(order).toEqual(files.map((_, i) => `/p${String(i).padStart(2, '0')}/`));
    const first = readdirSync(join(root, 'pagefind', 'index')).sort();
    await indexSite({ root, files, pagesDigest: 'pages', cacheDir: join(dir, 'cache-2'), pagefindVersion: version, logger });
    expect(readdirSync(join(root, 'pagefind', 'index')).sort(), 'the index written again, without the cache').toEqual(first);
  }, 120_000);
});
