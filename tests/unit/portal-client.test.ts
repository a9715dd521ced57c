/**
 * The portal client against the sample portal over real HTTP (REFERENCE.md "Portal API", "Sample portal"): envelope, non-20000 rejection,
 * cancellation, timeout, retries, and the typed errors naming the endpoint. Then hostile answers from a bare local
 * HTTP server: redirects off the portal's origin, oversized bodies and gzip bombs, invalid UTF-8, duplicate envelope
 * keys, deep nesting, and integers beyond 2^53.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGzip } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseAnswer } from '../../src/portal/answer';
import { callPortal, portalUrl } from '../../src/portal/client';
import { ENDPOINTS } from '../../src/portal/endpoints';
import {
  PortalCodeError,
  PortalError,
  PortalFormatError,
  PortalHttpError,
  PortalNetworkError,
  PortalRedirectError,
  PortalTimeoutError,
  PortalTooLargeError,
} from '../../src/portal/errors';
import { PORTAL_MAX_BODY_BYTES, PORTAL_MAX_JSON_DEPTH, PORTAL_MAX_REDIRECTS } from '../../src/site/limits';
import { startSamplePortal } from '../../scripts/sample-portal/server.mjs';

type Portal = Awaited<ReturnType<typeof startSamplePortal>>;
let portal: Portal;

/** Requests the sample portal received for an endpoint name since the last reset. */
async function requestCount(name: string): Promise<number> {
  return portal.requestCounts()[name] ?? 0;
}

beforeAll(async () => {
  portal = await startSamplePortal({ port: 0 });
});
afterAll(async () => {
  await portal.close();
});
beforeEach(async () => {
  portal.setFaults({});
  portal.resetRequestCounts();
});

const fast = { retries: 2, minRetryDelayMs: 10 };

describe('envelope', () => {
  it('returns the data of a 20000 answer for a GET list', async () => {
    const result = await callPortal<unknown[]>(ENDPOINTS.news, { base: portal.url });
    assert(!result.cancelled, 'the call is not cancelled');
    expect(result.data.length).toBeGreaterThanOrEqual(40);
  });

  it('sends POST calls as JSON and returns their data', async () => {
    const result = await callPortal<unknown[]>(ENDPOINTS.notifications, { base: portal.url, body: {} });
    assert(!result.cancelled, 'the call is not cancelled');
    expect(Array.isArray(result.data)).toBe(true);
  });

  it('sends JSON with Cache-Control: no-cache and an AbortSignal', async () => {
    let seen: RequestInit | undefined;
    const spy: typeof fetch = (input, init) => {
      seen = init;
      return fetch(input, init);
    };
    await callPortal(ENDPOINTS.captcha, { base: portal.url, fetch: spy });
    const headers = seen?.headers as Record<string, string>;
    expect(headers['Cache-Control']).toBe('no-cache');
    expect(headers['Content-Type']).toBe('application/json');
    expect(seen?.body).toBe('{}');
    expect(seen?.signal).toBeInstanceOf(AbortSignal);
  });

  it('builds URLs from the catalogue with its default query', () => {
    expect(portalUrl(ENDPOINTS.decrees, 'https://portal.example/')).toBe('https://portal.example/api/PortalDecree/GetPutOnDecree?lang=zh-TW');
  });
});

describe('failures name the endpoint and the cause', () => {
  it('rejects a non-20000 code with PortalCodeError and does not retry', async () => {
    portal.setFaults({ news: 'code' });
    const error = await callPortal(ENDPOINTS.news, { base: portal.url, ...fast }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortalCodeError);
    expect((error as Error).message).toContain('GET /api/PortalCorporateMessage/GetPutOnCorporateMessage');
    expect((error as Error).message).toContain('50001');
    expect(await requestCount('news')).toBe(1);
  });

  it('retries HTTP 500 with backoff, then rejects with PortalHttpError', async () => {
    portal.setFaults({ decrees: 'http500' });
    const error = await callPortal(ENDPOINTS.decrees, { base: portal.url, ...fast }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortalHttpError);
    expect((error as PortalHttpError).status).toBe(500);
    expect((error as Error).message).toMatch(/GET \/api\/PortalDecree\/GetPutOnDecree: HTTP 500/);
    expect(await requestCount('decrees')).toBe(3);
  });

  it('retries network errors, then rejects with PortalNetworkError', async () => {
    portal.setFaults({ videos: 'down' });
    const error = await callPortal(ENDPOINTS.videos, { base: portal.url, ...fast }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortalNetworkError);
    expect((error as Error).message).toContain('/api/PortalVideoSharing/GetPutOnVideoSharing: network error');
    expect(await requestCount('videos')).toBe(3);
  });

  it('recovers when a retry succeeds', async () => {
    let calls = 0;
    const flaky: typeof fetch = (input, init) => {
      calls += 1;
      if (calls === 1) return Promise.reject(new TypeError('fetch failed'));
      return fetch(input, init);
    };
    const result = await callPortal<unknown[]>(ENDPOINTS.coupons, { base: portal.url, fetch: flaky, ...fast });
    expect(result.cancelled).toBe(false);
    expect(calls).toBe(2);
  });

  it('rejects malformed JSON with PortalFormatError', async () => {
    portal.setFaults({ faqs: 'malformed' });
    const error = await callPortal(ENDPOINTS.faqs, { base: portal.url, ...fast }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortalFormatError);
    expect((error as Error).message).toContain('/api/PortalCommonProblem/GetPutOnCommonProblem: malformed answer');
  });

  it('times out a slow answer after timeoutMs without retrying', async () => {
    // How soon the error comes is measured by `npm run bench -- --only timings` (scripts/bench/timings.mjs).
    portal.setFaults({ staff: { mode: 'slow', delayMs: 3000 } });
    const error = await callPortal(ENDPOINTS.staff, { base: portal.url, timeoutMs: 200, ...fast }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortalTimeoutError);
    expect((error as Error).message).toContain('timed out after 200 ms');
    expect(await requestCount('staff')).toBe(1);
  });
});

describe('cancellation is not an error', () => {
  it('resolves as cancelled when the signal aborts mid-call', async () => {
    portal.setFaults({ news: { mode: 'slow', delayMs: 3000 } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const result = await callPortal(ENDPOINTS.news, { base: portal.url, signal: controller.signal });
    expect(result).toEqual({ cancelled: true });
  });

  // Another list than the test above: its slow news call, aborted by the client, may reach the portal late.
  it('resolves as cancelled during a retry backoff', async () => {
    portal.setFaults({ faqs: 'http500' });
    const controller = new AbortController();
    const pending = callPortal(ENDPOINTS.faqs, { base: portal.url, signal: controller.signal, minRetryDelayMs: 2000 });
    setTimeout(() => controller.abort(), 300);
    await expect(pending).resolves.toEqual({ cancelled: true });
    expect(await requestCount('faqs')).toBe(1);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const result = await callPortal(ENDPOINTS.news, { base: portal.url, signal: AbortSignal.abort() });
    expect(result).toEqual({ cancelled: true });
    expect(await requestCount('news')).toBe(0);
  });
});

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** A bare HTTP server on 127.0.0.1 whose answer each test sets (`answer`), with the paths it was asked for. */
async function startServer() {
  let handler: Handler = (_request, response) => response.writeHead(404).end();
  const paths: string[] = [];
  const server = createServer((request, response) => {
    paths.push(request.url ?? '');
    handler(request, response);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    paths,
    answer(next: Handler) {
      handler = next;
      paths.length = 0;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** Writes `body` as a 200 JSON answer with its Content-Length. */
function sendJson(response: ServerResponse, body: string | Buffer, headers: Record<string, string> = {}): void {
  const length = String(Buffer.byteLength(body));
  response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': length, ...headers }).end(body);
}

/** `{"code":20000,"data":[]}` then `spaces` spaces (valid JSON), gzip-compressed as it streams (level 1: fast). */
async function gzipBomb(spaces: number): Promise<Buffer> {
  const gzip = createGzip({ level: 1 });
  const parts: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => parts.push(chunk));
  gzip.write('{"code":20000,"data":[]}');
  const block = Buffer.alloc(1 << 20, 0x20);
  for (let written = 0; written < spaces; written += block.length) {
    if (!gzip.write(block)) await once(gzip, 'drain');
  }
  gzip.end();
  await once(gzip, 'end');
  return Buffer.concat(parts);
}

/** `depth` arrays, each holding the next. */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('hostile answers', () => {
  let home: Awaited<ReturnType<typeof startServer>>;
  let other: Awaited<ReturnType<typeof startServer>>;
  const news = ENDPOINTS.news;
  const newsName = 'GET /api/PortalCorporateMessage/GetPutOnCorporateMessage';
  beforeAll(async () => {
    [home, other] = await Promise.all([startServer(), startServer()]);
  });
  afterAll(async () => {
    await Promise.all([home.close(), other.close()]);
  });

  describe('answers come from the portal origin only', () => {
    it('refuses a list answered with 302 to another host, naming that host, without asking it or retrying', async () => {
      other.answer((_request, response) => sendJson(response, '{"code":20000,"data":[{"id":1,"title":"外部內容"}]}'));
      home.answer((_request, response) => response.writeHead(302, { Location: `${other.url}/api/evil` }).end());
      const error = await callPortal(news, { base: home.url, ...fast }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PortalRedirectError);
      // Any PortalError lets the loader serve the list's last good snapshot.
      expect(error).toBeInstanceOf(PortalError);
      expect((error as Error).message).toContain(`Portal ${newsName}: answered 302 to another host ${other.host}`);
      expect((error as Error).message).toContain(`only answers from ${home.url} are accepted`);
      expect((error as PortalRedirectError).host).toBe(other.host);
      expect(other.paths).toEqual([]);
      expect(home.paths).toHaveLength(1);
    });

    it('follows a redirect within the origin', async () => {
      home.answer((request, response) => {
        if (request.url === '/moved') sendJson(response, '{"code":20000,"data":[{"id":7}]}');
        else response.writeHead(302, { Location: '/moved' }).end();
      });
      const result = await callPortal<unknown[]>(news, { base: home.url, ...fast });
      assert(!result.cancelled);
      expect(result.data).toEqual([{ id: 7 }]);
      expect(home.paths).toEqual([portalUrl(news), '/moved']);
    });

    it(`stops after ${PORTAL_MAX_REDIRECTS} redirects within the origin`, async () => {
      home.answer((_request, response) => response.writeHead(307, { Location: `/loop${home.paths.length}` }).end());
      const error = await callPortal(news, { base: home.url, ...fast }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PortalRedirectError);
      expect((error as Error).message).toContain('PORTAL_MAX_REDIRECTS');
      expect(home.paths).toHaveLength(PORTAL_MAX_REDIRECTS + 1);
    });

    it("refuses the browser's opaque redirect (fetch with redirect: 'manual' hides its host)", async () => {
      const browserLike: typeof fetch = async (_input, init) => {
        expect(init?.redirect).toBe('manual');
        const response = new Response(null);
        Object.defineProperties(response, { type: { value: 'opaqueredirect' }, status: { value: 0 } });
        return response;
      };
      const error = await callPortal(news, { base: home.url, fetch: browserLike, ...fast }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PortalRedirectError);
      expect((error as Error).message).toContain(`${newsName}: answered with a redirect, which is not followed`);
    });
  });

  describe('answers are bounded', () => {
    const big = `{"code":20000,"data":["${'新'.repeat(1 << 20)}"]}`; // about 3 MiB

    it('refuses a body whose Content-Length is over the limit, before reading it', async () => {
      home.answer((_request, response) => sendJson(response, big));
      const error = await callPortal(news, { base: home.url, maxBodyBytes: 1 << 20, ...fast }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PortalTooLargeError);
      expect((error as Error).message).toMatch(/answer too large: Content-Length \d+ bytes is over the limit of 1048576 bytes \(1 MiB\)/);
      expect(home.paths).toHaveLength(1);
    });

    it('refuses a streamed body as soon as it passes the limit', async () => {
      home.answer((_request, response) => {
        response.writeHead(200, { 'Content-Type': 'application/json' }); // chunked: no Content-Length
        response.end(big);
      });
      const error = await callPortal(news, { base: home.url, maxBodyBytes: 1 << 20, ...fast }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PortalTooLargeError);
      expect((error as Error).message).toContain('answer too large: more than the limit of 1048576 bytes (1 MiB)');
      expect((error as PortalTooLargeError).declaredBytes).toBeUndefined();
    });

    it('refuses a gzip bomb (1 MB expanding to 200 MiB) as too large within seconds', { timeout: 15_000 }, async () => {
      const bomb = await gzipBomb(200 * 2 ** 20);
      home.answer((_request, response) => sendJson(response, bomb, { 'Content-Encoding': 'gzip' }));
      const error = await callPortal(news, { base: home.url, ...fast }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PortalTooLargeError);
      expect((error as Error).message).toContain(`answer too large: more than the limit of ${PORTAL_MAX_BODY_BYTES} bytes (32 MiB)`);
      expect(home.paths).toHaveLength(1);
    });
  });

  describe('answers are decoded and parsed strictly', () => {
    it('refuses invalid UTF-8, naming the byte offset', async () => {
      const head = Buffer.from('{"code":20000,"data":[{"id":1,"title":"新聞');
      home.answer((_request, response) => sendJson(response, Buffer.concat([head, Buffer.from([0xff]), Buffer.from('"}]}')])));
      const error = await callPortal(news, { base: home.url, ...fast }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PortalFormatError);
      expect((error as Error).message).toContain(`${newsName}: malformed answer: body is not valid UTF-8 (invalid bytes at offset ${head.length} of`);
    });

    it('refuses duplicate keys in the envelope, written plainly or escaped', async () => {
      for (const body of ['{"code":40000,"code":20000,"data":[]}', '{"code":40000,"data":[],"\\u0063ode":20000}']) {
        home.answer((_request, response) => sendJson(response, body));
        const error = await callPortal(news, { base: home.url, parse: parseAnswer, ...fast }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(PortalFormatError);
        expect((error as Error).message).toContain('the envelope has the key "code" more than once');
      }
    });

    it('refuses an item nested 3,000 deep naming the item, not as "not JSON"', async () => {
      home.answer((_request, response) => sendJson(response, `{"code":20000,"data":[{"id":1},{"id":2,"extra":${nested(3000)}}]}`));
      const error = await callPortal(news, { base: home.url, parse: parseAnswer, ...fast }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PortalFormatError);
      expect((error as Error).message).toContain(
        `${newsName}: malformed answer: item 1 of "data" (counting from 0) is nested deeper than ${PORTAL_MAX_JSON_DEPTH} levels`,
      );
      expect((error as Error).message).not.toContain('not JSON');
    });

    it('keeps the digits of integers beyond 2^53 at any depth up to the limit, and leaves strings and other numbers alone', async () => {
      const text =
        '\ufeff{"code":20000,"data":[{"id":9007199254740993,"n":-12345678901234567890,"f":12345678901234567.5,' +
        '"e":1e300,"safe":9007199254740991,"s":"say \\"12345678901234567890\\" \\\\","t":"\\\\","deep":' +
        `${'['.repeat(PORTAL_MAX_JSON_DEPTH - 4)}123456789012345678901${']'.repeat(PORTAL_MAX_JSON_DEPTH - 4)}}]}`;
      home.answer((_request, response) => sendJson(response, text));
      const result = await callPortal<Record<string, unknown>[]>(news, { base: home.url, parse: parseAnswer, ...fast });
      assert(!result.cancelled);
      const [item] = result.data;
      expect(item.id).toBe('9007199254740993');
      expect(item.n).toBe('-12345678901234567890');
      // biome-ignore lint/correctness/noPrecisionLoss: the same literal as the answer's, read to the same double.
      expect(item.f).toBe(12345678901234567.5);
      expect(item.e).toBe(1e300);
      expect(item.safe).toBe(9007199254740991);
      expect(item.s).toBe('say "12345678901234567890" \\');
      expect(item.t).toBe('\\');
      let deep = item.deep;
      while (Array.isArray(deep)) deep = deep[0];
      expect(deep).toBe('123456789012345678901');
    });
  });
});
