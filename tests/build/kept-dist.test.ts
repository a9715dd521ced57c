/**
 * Builds over a kept dist/ after ordinary content changes (the redirect plan
 * never conflicts with a page kept from an earlier build): a good build, then the same folder built again after
 * the portal changed (a new decree sorted first moves the target of /about/decree; a news category added, one
 * removed with its items; the first download item and a whole download category removed), then once more with the
 * portal as it was. Every build succeeds, and the redirects, fallback pages and pages are this build's.
 *
 * The portal is the sample portal behind a small proxy of this test that edits the answers of a few lists between
 * builds (the sample portal serves fixed content), so the build talks HTTP to a portal whose content changed. It
 * serves the whole sample, on the checkout's caches, as the build of `npm test`'s step 5 left them: its first build
 * then finds every compressed copy and search index it needs, where a build of the lean sample
 * (scripts/sample-portal/data.mjs `lean`) finds none and took twice as long in `npm test` (130 s against 65 s).
 * The build of the changed portal shows fewer images than the sample: it gets a copy of the checkout's image cache
 * (imageCacheCopy), since the image step keeps in the cache it uses only the images its own build shows, and on the
 * checkout's it deleted the variants of five images that the build with the portal as it was then made again
 * (18 s of a 28 s build).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/portal/endpoints';
import { startSamplePortal } from '../../scripts/sample-portal/server.mjs';
import { imageCacheCopy, runBuild, tempDir } from './run-build';

const BUILD_MS = 420_000;
type Item = Record<string, unknown>;
type Edits = Partial<Record<keyof typeof ENDPOINTS, (items: Item[]) => Item[]>>;

/** The content changes of the second build. */
const CHANGES: Edits = {
  decrees: (items) => [{ id: 'new-decree', title: '新修正法令', date: '2026-11-01', sort: 0, content: '<p>新修正法令摘要。</p>' }, ...items],
  newsCategories: (items) => [...items.filter((category) => category.id !== 4), { id: 9, name: '新設類別', sort: 9 }],
  news: (items) => items.filter((item) => item.categoryId !== 4).map((item) => (item.id === 42 ? { ...item, categoryId: 9 } : item)),
  downloadCategories: (items) => items.filter((category) => category.id !== 4),
  downloads: (items) => items.filter((item) => item.id !== 1 && item.category !== 4),
};

let edits: Edits = {};
let portal: Awaited<ReturnType<typeof startSamplePortal>>;
let proxy: Server;
let proxyUrl = '';
const site = tempDir('kept-dist');
const snapshots = tempDir('kept-dist-snapshots');
const builds: { code: number; output: string }[] = [];

/** Forwards every request to the sample portal; the answers of the lists in `edits` go through their edit. */
function startProxy(): Promise<void> {
  const byPath = new Map(Object.entries(ENDPOINTS).map(([name, endpoint]) => [endpoint.path, name as keyof typeof ENDPOINTS]));
  proxy = createServer(async (req, res) => {
    const body = await new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks)));
    });
    const url = new URL(req.url ?? '/', portal.url);
    const headers = { ...req.headers } as Record<string, string>;
    delete headers.host;
    delete headers['if-none-match'];
    const answer = await fetch(url, { method: req.method, headers, body: body.length > 0 ? new Uint8Array(body) : undefined });
    const edit = edits[byPath.get(url.pathname) ?? ('' as keyof typeof ENDPOINTS)];
    let text = Buffer.from(await answer.arrayBuffer());
    if (edit && answer.ok) {
      const envelope = JSON.parse(text.toString('utf8'));
      envelope.data = edit(envelope.data);
      text = Buffer.from(JSON.stringify(envelope));
    }
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/octet-stream' });
    res.end(text);
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve()));
}

/**
 * Builds into the kept folder with the given edits: with none, on the checkout's image cache (the sample's images);
 * with some, on a copy of it (imageCacheCopy: see the top of this file).
 */
async function build(next: Edits): Promise<void> {
  edits = next;
  const images: Record<string, string> = Object.keys(next).length > 0 ? { IMAGE_CACHE_DIR: imageCacheCopy('kept-dist-images') } : {};
  const { code, output } = await runBuild({ PORTAL_API_BASE: proxyUrl, PORTAL_SNAPSHOT_DIR: snapshots, READER_ENGINE: 'off', ...images }, site);
  builds.push({ code, output });
}

const file = (path: string) => join(site, path, 'index.html');
const redirects = () => readFileSync(join(site, '_redirects'), 'utf8').split('\n');
const refreshTo = (path: string) => /<meta http-equiv="refresh" content="0; url=([^"]+)">/.exec(readFileSync(file(path), 'utf8'))?.[1];

beforeAll(async () => {
  portal = await startSamplePortal({ port: 0 });
  await startProxy();
  const address = proxy.address();
  proxyUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  await build({});
}, BUILD_MS);

afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  await portal?.close();
});

describe('a build over a kept dist/ after content changes', () => {
  beforeAll(async () => {
    expect(builds[0].code, builds[0].output.slice(-3000)).toBe(0);
    expect(refreshTo('about/decree')).toBe('/about/decree/1');
    expect(existsSync(file('news/4/1'))).toBe(true);
    expect(refreshTo('download/1')).toBe('/download/1/1/1');
    await build(CHANGES);
  }, BUILD_MS);

  it('succeeds', () => {
    expect(builds[1].code, builds[1].output.slice(-3000)).toBe(0);
    expect(builds[1].output).not.toContain('Hosting: a page exists');
  });

  it("ships the published scripts, though started by vitest: not React's development build", () => {
    // vitest sets NODE_ENV=test; scripts/astro.mjs builds without the caller's NODE_ENV (publishedBuildEnv).
    const scripts = readdirSync(join(site, '_astro')).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((name) => readFileSync(join(site, '_astro', name), 'utf8').includes('jsxDEV'))).toEqual([]);
  });

  it('sends /about/decree to the decree now sorted first', () => {
    expect(redirects()).toContain('/about/decree /about/decree/new-decree 301');
    expect(refreshTo('about/decree')).toBe('/about/decree/new-decree');
    expect(existsSync(file('about/decree/new-decree'))).toBe(true);
  });

  it('redirects the added news category to its first page, and drops the removed one', () => {
    expect(redirects()).toContain('/news/9 /news/9/1 301');
    expect(refreshTo('news/9')).toBe('/news/9/1');
    expect(existsSync(file('news/9/1'))).toBe(true);
    expect(redirects().filter((line) => line.startsWith('/news/4'))).toEqual([]);
    expect(existsSync(join(site, 'news/4'))).toBe(false);
  });

  it('sends the download category to its new first item, and drops the removed item and category', () => {
    expect(redirects()).toContain('/download/1 /download/1/2/1 301');
    expect(refreshTo('download/1')).toBe('/download/1/2/1');
    expect(redirects()).toContain('/download /download/1/2/1 301');
    expect(existsSync(join(site, 'download/1/1'))).toBe(false);
    expect(existsSync(join(site, 'download/4'))).toBe(false);
    expect(redirects().filter((line) => line.startsWith('/download/4') || line.startsWith('/download/1/1 '))).toEqual([]);
  });

  describe('and a build with the portal as it was', () => {
    beforeAll(async () => {
      await build({});
    }, BUILD_MS);

    it("succeeds and restores the first build's redirects and pages", () => {
      expect(builds[2].code, builds[2].output.slice(-3000)).toBe(0);
      expect(refreshTo('about/decree')).toBe('/about/decree/1');
      expect(existsSync(join(site, 'about/decree/new-decree'))).toBe(false);
      expect(existsSync(file('news/4/1'))).toBe(true);
      expect(existsSync(join(site, 'news/9'))).toBe(false);
      expect(refreshTo('download/1')).toBe('/download/1/1/1');
      expect(existsSync(file('download/4/11/1'))).toBe(true);
    });
  });
});
