/**
 * The portal client against the sample portal over real HTTP (issue 2 §8): envelope, non-20000 rejection,
 * cancellation, timeout, retries, and the typed errors naming the endpoint.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callPortal, portalUrl } from '../../src/portal/client';
import { ENDPOINTS } from '../../src/portal/endpoints';
import {
  PortalCodeError,
  PortalFormatError,
  PortalHttpError,
  PortalNetworkError,
  PortalTimeoutError,
} from '../../src/portal/errors';
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
    expect(portalUrl(ENDPOINTS.decrees, 'https://portal.example/')).toBe(
      'https://portal.example/api/PortalDecree/GetPutOnDecree?lang=zh-TW',
    );
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
    portal.setFaults({ staff: { mode: 'slow', delayMs: 3000 } });
    const started = Date.now();
    const error = await callPortal(ENDPOINTS.staff, { base: portal.url, timeoutMs: 200, ...fast }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PortalTimeoutError);
    expect((error as Error).message).toContain('timed out after 200 ms');
    expect(Date.now() - started).toBeLessThan(2000);
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
