/**
 * The publishing step for editors (the publish report and PUBLISH_NOTIFY_URL), on made-up list records and page digests:
 * - the publish report page `/_publish/` (zh-TW, noindex) and build-report.json list the quarantined items with the
 *   reasons and what to fix, each list's source, and the pages added, changed and removed against the last
 *   published build (its page digests, committed to the snapshot folder), added and changed pages linked;
 * - with PUBLISH_NOTIFY_URL, one JSON message reaches a local receiver when an item is quarantined and when a list
 *   came from its snapshot, none when all is well; a dead receiver gives a warning, never a failed publish.
 * (The failed-build notification of scripts/rebuild.mjs: tests/build/publishing.test.ts.)
 */
import { createServer, type IncomingMessage } from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publish } from '../../src/integrations/publishing';
import { publishSummaryMarkdown } from '../../src/integrations/publish-report';
import type { QuarantinedItem } from '../../src/portal/quarantine';
import type { BuildReport, ListRecord } from '../../src/portal/snapshots';

const SITE = 'https://www.example.com.tw';
const temp = (prefix: string) => `${mkdtempSync(join(tmpdir(), `${prefix}-`))}/`;

const quarantinedItem: QuarantinedItem = {
  list: 'news',
  id: '42',
  title: '颱風期間理賠服務',
  field: 'title',
  reason: { 'zh-TW': '欄位「title」：無效的輸入值', en: 'field "title": Invalid input' },
  since: '2026-11-21T01:00:00.000Z',
  kept: true,
};

/** A list record as the loader stages it. */
const record = (list: string, extra: Partial<ListRecord> = {}): ListRecord =>
  ({
    list,
    endpoint: `GET /api/${list}`,
    items: 3,
    source: 'live',
    fetchedAt: '2026-11-21T02:00:00.000Z',
    ageHours: 0,
    raw: [],
    entries: [],
    ...extra,
  }) as ListRecord;

/** One publish into new folders (or the given snapshot folder); resolves the report, the page and the warnings. */
async function publishOnce(options: { records?: ListRecord[]; pageDigests?: Record<string, string>; snapshotDir?: string; notifyUrl?: string } = {}) {
  const root = temp('publish-dist');
  const warnings: string[] = [];
  const report = await publish({
    root,
    records: options.records ?? [record('news')],
    pageDigests: options.pageDigests ?? { '/': 'a' },
    snapshotDir: options.snapshotDir ?? temp('publish-snapshots'),
    builtAt: new Date('2026-11-21T03:00:00Z'),
    siteUrl: SITE,
    notifyUrl: options.notifyUrl,
    logger: { info: () => {}, warn: (text: string) => warnings.push(text) },
  });
  return {
    report,
    written: JSON.parse(readFileSync(`${root}build-report.json`, 'utf8')) as BuildReport,
    page: readFileSync(`${root}_publish/index.html`, 'utf8'),
    warnings,
  };
}

describe('the publish report', () => {
  it('lists the pages added, changed and removed against the last published build, added and changed ones linked', async () => {
    const snapshotDir = temp('publish-snapshots');
    const first = await publishOnce({ snapshotDir, pageDigests: { '/': 'a', '/news/detail/1/': 'b', '/news/detail/2/': 'c', '/news/all/1/': 'd' } });
    expect(first.written.pages).toEqual({ since: null, added: [], changed: [], removed: [] });
    expect(first.page).toContain('沒有上次發布的頁面紀錄可比較');
    // One item changed (2), one added (3), one removed (1): its list page changes too.
    const second = await publishOnce({
      snapshotDir,
      pageDigests: { '/': 'a', '/news/detail/2/': 'c2', '/news/detail/3/': 'e', '/news/all/1/': 'd2' },
    });
    expect(second.written.pages).toEqual({
      since: '2026-11-21T03:00:00.000Z',
      added: ['/news/detail/3/'],
      changed: ['/news/all/1/', '/news/detail/2/'],
      removed: ['/news/detail/1/'],
    });
    expect(second.page).toContain('新增 1、變更 2、移除 1 頁');
    expect(second.page).toContain('<li><a href="/news/detail/3/">/news/detail/3/</a></li>');
    expect(second.page).toContain('<li><a href="/news/detail/2/">/news/detail/2/</a></li>');
    expect(second.page).toContain('<li>/news/detail/1/</li>');
    expect(second.page).not.toContain('<a href="/">');
  });

  it('is a zh-TW noindex page with each list source and every quarantined item, its reasons and what to fix', async () => {
    const { page, written } = await publishOnce({
      records: [record('news', { quarantined: [quarantinedItem] }), record('faqs', { source: 'snapshot', ageHours: 3.2 })],
    });
    expect(written.quarantined).toEqual([quarantinedItem]);
    expect(page).toContain('<html lang="zh-Hant-TW">');
    expect(page).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page).toContain('需要處理：1 個項目未通過檢查（隔離中）、1 個清單使用快照。');
    expect(page).toContain('42<br>颱風期間理賠服務');
    expect(page).toContain('欄位「title」：無效的輸入值');
    expect(page).toContain('field &quot;title&quot;: Invalid input');
    expect(page).toContain('請在入口網站修正欄位「title」後重新發布。修正前，網站保留此項目上次通過檢查的版本。');
    expect(page).toMatch(
      /<td>faqs<\/td><td class="warn">快照[^<]*<\/td><td><time datetime="2026-11-21T02:00:00.000Z">[^<]+<\/time><\/td><td>3.2 小時<\/td><td>3<\/td>/,
    );
    expect(page).not.toContain('build-report.json');
  });

  it('gives the same summary as Markdown for the job summary, links absolute', () => {
    const report: BuildReport = {
      builtAt: '2026-11-21T03:00:00.000Z',
      lists: { news: { endpoint: 'GET /api/news', items: 3, source: 'live', fetchedAt: '2026-11-21T02:00:00.000Z', ageHours: 0 } },
      quarantined: [quarantinedItem],
      pages: { since: '2026-11-20T03:00:00.000Z', added: ['/news/detail/3/'], changed: [], removed: ['/news/detail/1/'] },
    };
    const markdown = publishSummaryMarkdown(report, SITE);
    expect(markdown).toContain(`完整報告：${SITE}/_publish/`);
    expect(markdown).toContain('| news | 42 颱風期間理賠服務 | 欄位「title」：無效的輸入值 (field "title": Invalid input) |');
    expect(markdown).toContain(`- [/news/detail/3/](${SITE}/news/detail/3/)`);
    expect(markdown).toContain('- /news/detail/1/');
  });
});

describe('PUBLISH_NOTIFY_URL', () => {
  const received: { body: Record<string, unknown>; type?: string }[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ body: JSON.parse(body) as Record<string, unknown>, type: request.headers['content-type'] });
      response.end('ok');
    });
  });
  let receiver = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiver = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('POSTs one JSON message when an item is quarantined, naming list and item, linking the report', async () => {
    received.length = 0;
    await publishOnce({ records: [record('news', { quarantined: [quarantinedItem] })], notifyUrl: receiver });
    expect(received).toHaveLength(1);
    expect(received[0].type).toMatch(/^application\/json/);
    expect(received[0].body).toMatchObject({
      event: 'published-with-problems',
      problems: ['quarantined'],
      quarantined: [{ list: 'news', id: '42', field: 'title' }],
      snapshots: [],
      report: `${SITE}/_publish/`,
    });
    expect(received[0].body.text).toContain('1 個項目未通過檢查');
  });

  it('POSTs one JSON message when a list is served from its snapshot', async () => {
    received.length = 0;
    await publishOnce({ records: [record('news'), record('faqs', { source: 'snapshot', ageHours: 3.2 })], notifyUrl: receiver });
    expect(received).toHaveLength(1);
    expect(received[0].body).toMatchObject({ problems: ['snapshot'], snapshots: [{ list: 'faqs', ageHours: 3.2 }], report: `${SITE}/_publish/` });
  });

  it('sends nothing when every list is live and nothing is quarantined', async () => {
    received.length = 0;
    await publishOnce({ notifyUrl: receiver });
    expect(received).toEqual([]);
  });

  it('publishes with a warning when the receiver is down', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const dead = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/hook`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { written, warnings } = await publishOnce({ records: [record('news', { quarantined: [quarantinedItem] })], notifyUrl: dead });
    expect(written.quarantined).toHaveLength(1);
    expect(warnings.join('\n')).toMatch(
      /PUBLISH_NOTIFY_URL could not be reached .*editors were not told \(published-with-problems\)\. The publish goes on\./,
    );
  });
});
