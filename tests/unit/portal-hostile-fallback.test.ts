/**
 * A list whose answer the portal client refuses (a redirect to another host, an answer over the size limit, a gzip
 * bomb, invalid UTF-8, a duplicate envelope key, an item nested too deep) is not published from that answer: the
 * portal loader serves the list's last good snapshot with its STALE CONTENT warning naming the refusal, as for any
 * other portal failure (REFERENCE.md "Portal boundary"). The answers come from a bare HTTP server on 127.0.0.1; the seed snapshot is
 * a live load of the sample portal, as in tests/unit/portal-snapshots.test.ts.
 */
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortalFormatError, PortalRedirectError, PortalTooLargeError } from '../../src/portal/errors';
import { readStagedLists, type Snapshot } from '../../src/portal/snapshots';
import { PORTAL_MAX_BODY_BYTES } from '../../src/site/limits';
import { startSamplePortal } from '../../scripts/sample-portal/server.mjs';
import { loadNews } from './fake-loader';

const NEWS = 'GET /api/PortalCorporateMessage/GetPutOnCorporateMessage';
const SETTINGS = ['PORTAL_API_BASE', 'PORTAL_SNAPSHOT_DIR', 'PORTAL_SNAPSHOT_MAX_AGE_HOURS', 'PORTAL_TIMEOUT_MS'];
const saved = Object.fromEntries(SETTINGS.map((name) => [name, process.env[name]]));

let handler: (request: IncomingMessage, response: ServerResponse) => void;
const server = createServer((request, response) => handler(request, response));
/** Origin of `server`, e.g. `http://127.0.0.1:40123`. */
let hostile: string;
let liveNews: Record<string, unknown>[];

beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  hostile = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The seed snapshot: the sample portal's news, loaded live and staged by the loader.
  const portal = await startSamplePortal({ port: 0 });
  try {
    process.env.PORTAL_API_BASE = portal.url;
    process.env.PORTAL_SNAPSHOT_DIR = mkdtempSync(join(tmpdir(), 'snapshots-'));
    expect((await loadNews()).error).toBeUndefined();
    const record = (await readStagedLists(process.env.PORTAL_SNAPSHOT_DIR)).find((staged) => staged.list === 'news');
    liveNews = record!.raw!;
    expect(liveNews.length).toBeGreaterThanOrEqual(40);
  } finally {
    await portal.close();
  }
  process.env.PORTAL_API_BASE = hostile;
  process.env.PORTAL_TIMEOUT_MS = '10000';
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
  for (const name of SETTINGS) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

/** A new snapshot folder holding the seed news snapshot, fetched an hour ago. */
function freshSnapshot(): void {
  const dir = mkdtempSync(join(tmpdir(), 'snapshots-'));
  const fetchedAt = new Date(Date.now() - 3_600_000).toISOString();
  const snapshot: Snapshot = { list: 'news', endpoint: NEWS, fetchedAt, items: liveNews };
  writeFileSync(join(dir, 'news.json'), JSON.stringify(snapshot));
  process.env.PORTAL_SNAPSHOT_DIR = dir;
}

const envelope = (data: string) => `{"code":20000,"message":"","data":${data}}`;
const refusals: [string, (response: ServerResponse) => void, new (...args: never[]) => Error, string][] = [
  [
    'a 302 to another host',
    (response) => response.writeHead(302, { Location: 'http://evil.example/api/news' }).end(),
    PortalRedirectError,
    'answered 302 to another host evil.example',
  ],
  [
    'a body over the size limit',
    (response) => response.writeHead(200, { 'Content-Length': String(PORTAL_MAX_BODY_BYTES + 1) }).end(),
    PortalTooLargeError,
    'answer too large',
  ],
  [
    'a gzip bomb',
    (response) => response.writeHead(200, { 'Content-Encoding': 'gzip' }).end(gzipSync(Buffer.alloc(PORTAL_MAX_BODY_BYTES + 1, 0x20), { level: 1 })),
    PortalTooLargeError,
    'answer too large',
  ],
  [
    'invalid UTF-8',
    (response) => response.writeHead(200).end(Buffer.concat([Buffer.from(envelope('["')), Buffer.from([0xc3, 0x28]), Buffer.from('"]')])),
    PortalFormatError,
    'not valid UTF-8',
  ],
  [
    'a duplicate envelope key',
    (response) => response.writeHead(200).end(`{"code":40000,"code":20000,"data":[]}`),
    PortalFormatError,
    'key "code" more than once',
  ],
  [
    'an item nested 3,000 deep',
    (response) => response.writeHead(200).end(envelope(`[${'['.repeat(3000)}${']'.repeat(3000)}]`)),
    PortalFormatError,
    'item 0 of "data"',
  ],
];

describe('a refused answer falls back to the last good snapshot', () => {
  it.each(refusals)('on %s, the snapshot serves the list with a warning naming the refusal', async (_name, answer, _type, detail) => {
    freshSnapshot();
    handler = (_request, response) => answer(response);
    const { entries, warnings, error } = await loadNews();
    expect(error).toBeUndefined();
    expect(entries.size).toBe(liveNews.length);
    const warned = warnings.join('\n');
    expect(warned).toContain(`STALE CONTENT: list "news" failed (Portal ${NEWS}: `);
    expect(warned).toContain(detail);
  });

  it.each(refusals)('on %s without a snapshot, the list fails naming the endpoint and the refusal', async (_name, answer, type, detail) => {
    process.env.PORTAL_SNAPSHOT_DIR = mkdtempSync(join(tmpdir(), 'no-snapshots-'));
    handler = (_request, response) => answer(response);
    const { entries, error } = await loadNews();
    expect(error).toBeInstanceOf(type);
    expect(error?.message).toContain(`Portal ${NEWS}: `);
    expect(error?.message).toContain(detail);
    expect(entries.size).toBe(0);
  });
});
