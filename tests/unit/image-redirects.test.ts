/**
 * The build's image download (src/integrations/images.ts downloadImage) against two real HTTP servers on loopback,
 * the portal's file host and another host: a redirect within the portal's origin is followed, and a redirect to the
 * other host is refused without the other host ever being asked (it would learn of the build and could answer
 * anything), the image then `failed` with a zh-TW reason for the publish report.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadImage } from '../../src/integrations/images/download';

/** An answer of a test server. */
interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/** A server answering `route(path)`, counting the requests it gets. */
async function serve(route: (path: string) => Answer) {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '/');
    const answer = route(req.url ?? '/');
    res.writeHead(answer.status, answer.headers ?? {});
    res.end(answer.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let other: Awaited<ReturnType<typeof serve>>;
let portal: Awaited<ReturnType<typeof serve>>;

beforeAll(async () => {
  other = await serve(() => ({ status: 200, headers: { 'Content-Type': 'image/png' }, body: 'not from the portal' }));
  portal = await serve((path): Answer => {
    if (path === '/upload/moved.png') return { status: 301, headers: { Location: '/upload/here.png' } };
    if (path === '/upload/here.png') return { status: 200, headers: { 'Content-Type': 'image/png' }, body: 'portal bytes' };
    if (path === '/upload/away.png') return { status: 302, headers: { Location: `${other.url}/evil.png` } };
    if (path === '/upload/loop.png') return { status: 302, headers: { Location: '/upload/loop.png' } };
    return { status: 404 };
  });
});

afterAll(async () => {
  await portal?.close();
  await other?.close();
});

describe('image downloads and redirects', () => {
  it('follows a redirect within the portal origin', async () => {
    const download = await downloadImage(`${portal.url}/upload/moved.png`, undefined);
    expect(download.kind).toBe('bytes');
    expect(download.kind === 'bytes' && download.bytes.toString()).toBe('portal bytes');
  });

  it('refuses a redirect to another host without requesting it', async () => {
    const download = await downloadImage(`${portal.url}/upload/away.png`, undefined);
    expect(download).toMatchObject({ kind: 'failed', reasonZh: '圖片由其他網站回應，未採用' });
    expect(other.requests).toEqual([]);
  });

  it('stops a redirect loop within the origin', async () => {
    const download = await downloadImage(`${portal.url}/upload/loop.png`, undefined);
    expect(download).toMatchObject({ kind: 'failed', reason: expect.stringMatching(/redirects/) });
  });
});
