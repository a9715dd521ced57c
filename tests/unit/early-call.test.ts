/**
 * The notification call started in the page's head (src/portal/early-call.ts; REFERENCE.md "Browser side": notifications paint
 * before any island): the inline script sends exactly callPortal's request, and the store's first call takes its
 * answer instead of asking again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callPortal } from '../../src/portal/client';
import { earlyCallFetch, earlyCallScript } from '../../src/portal/early-call';
import { NOTIFICATIONS_ENDPOINT } from '../../src/portal/endpoints';
import { PortalTimeoutError, PortalTooLargeError } from '../../src/portal/errors';
import { NOTIFICATIONS_MAX_BODY_BYTES } from '../../src/site/limits';

/** The bounds SiteLayout gives the notification check's early call (the time limit short for the tests). */
const LIMITS = { maxBytes: NOTIFICATIONS_MAX_BODY_BYTES, timeoutMs: 400 };

const envelope = (data: unknown) => new Response(JSON.stringify({ code: 20000, message: '', data }), { status: 200 });

/** Runs the inline script as the browser would, with `fetch` replaced; returns the recorded requests. */
function runScript(fetchImpl: (url: string, init: RequestInit) => Promise<Response>, limits = LIMITS) {
  const requests: { url: string; init: RequestInit }[] = [];
  const fakeFetch = (url: string, init: RequestInit) => {
    requests.push({ url, init });
    return fetchImpl(url, init);
  };
  const window = globalThis as unknown as Record<string, unknown>;
  new Function('window', 'fetch', earlyCallScript(NOTIFICATIONS_ENDPOINT, '/portal', {}, limits))(window, fakeFetch);
  return requests;
}

afterEach(() => {
  delete (globalThis as Record<string, unknown>).__insurerEarlyCalls;
  vi.unstubAllGlobals();
});

describe('the early notification call', () => {
  it('sends the request callPortal sends, and callPortal takes its answer without a second request', async () => {
    const early = runScript(async () => envelope([{ id: 1 }]));
    const network = vi.fn(async () => envelope([{ id: 2 }]));
    vi.stubGlobal('fetch', network);
    const result = await callPortal(NOTIFICATIONS_ENDPOINT, { base: '/portal', body: {}, fetch: earlyCallFetch(NOTIFICATIONS_ENDPOINT) });
    expect(result).toEqual({ cancelled: false, data: [{ id: 1 }] });
    expect(network).not.toHaveBeenCalled();
    expect(early).toHaveLength(1);
    expect(early[0].url).toBe('/portal/api/Common/GetPortalNotification');
    expect(early[0].init).toMatchObject({ method: 'POST', body: '{}', cache: 'no-store', headers: { 'Content-Type': 'application/json' } });

    // A later check on the same page (none is left): the network.
    const again = await callPortal(NOTIFICATIONS_ENDPOINT, { base: '/portal', body: {}, fetch: earlyCallFetch(NOTIFICATIONS_ENDPOINT) });
    expect(again).toEqual({ cancelled: false, data: [{ id: 2 }] });
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('a network error of the early call is retried over the network, with no unhandled rejection', async () => {
    runScript(async () => {
      throw new TypeError('Failed to fetch');
    });
    const network = vi.fn(async () => envelope([]));
    vi.stubGlobal('fetch', network);
    const result = await callPortal(NOTIFICATIONS_ENDPOINT, { body: {}, minRetryDelayMs: 1, fetch: earlyCallFetch(NOTIFICATIONS_ENDPOINT) });
    expect(result).toEqual({ cancelled: false, data: [] });
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('a cancelled check stops waiting for the early call', async () => {
    runScript(() => new Promise<Response>(() => {}));
    const controller = new AbortController();
    const pending = callPortal(NOTIFICATIONS_ENDPOINT, { body: {}, signal: controller.signal, fetch: earlyCallFetch(NOTIFICATIONS_ENDPOINT) });
    controller.abort();
    await expect(pending).resolves.toEqual({ cancelled: true });
  });

  it('without an early call (a page without the script) it is a normal fetch', async () => {
    const network = vi.fn(async () => envelope([{ id: 3 }]));
    vi.stubGlobal('fetch', network);
    const result = await callPortal(NOTIFICATIONS_ENDPOINT, { body: {}, fetch: earlyCallFetch(NOTIFICATIONS_ENDPOINT) });
    expect(result).toEqual({ cancelled: false, data: [{ id: 3 }] });
  });

  /**
   * An answer of `total` bytes (Infinity: a body that never ends), 64 KiB a chunk, as the stream is pulled; counts
   * the bytes the reader pulled, and whether it cancelled the stream.
   */
  function streamedAnswer(total: number, headers: Record<string, string> = {}) {
    const chunk = new Uint8Array(65_536).fill(0x20);
    const state = { pulled: 0, cancelled: false };
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (state.pulled >= total) return controller.close();
          state.pulled += chunk.byteLength;
          controller.enqueue(chunk);
        },
        cancel() {
          state.cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    return { state, response: new Response(body, { status: 200, headers }) };
  }

  it('stops reading a 50 MB answer at the cap, cancels it, and the check fails without asking again', async () => {
    const answer = streamedAnswer(50_000_000);
    runScript(async () => answer.response);
    const network = vi.fn(async () => envelope([]));
    vi.stubGlobal('fetch', network);
    const pending = callPortal(NOTIFICATIONS_ENDPOINT, { body: {}, minRetryDelayMs: 1, fetch: earlyCallFetch(NOTIFICATIONS_ENDPOINT) });
    await expect(pending).rejects.toBeInstanceOf(PortalTooLargeError);
    expect(answer.state.cancelled).toBe(true);
    expect(answer.state.pulled).toBeLessThanOrEqual(NOTIFICATIONS_MAX_BODY_BYTES + 2 * 65_536);
    expect(network).not.toHaveBeenCalled();
  });

  it('does not read an answer whose Content-Length is over the cap', async () => {
    const answer = streamedAnswer(50_000_000, { 'content-length': '50000000' });
    runScript(async () => answer.response);
    await expect(callPortal(NOTIFICATIONS_ENDPOINT, { body: {}, fetch: earlyCallFetch(NOTIFICATIONS_ENDPOINT) })).rejects.toBeInstanceOf(
      PortalTooLargeError,
    );
    expect(answer.state.pulled).toBeLessThanOrEqual(65_536);
  });

  it('stops an endless answer at the cap', async () => {
    const answer = streamedAnswer(Number.POSITIVE_INFINITY);
    runScript(async () => answer.response);
    await expect(callPortal(NOTIFICATIONS_ENDPOINT, { body: {}, fetch: earlyCallFetch(NOTIFICATIONS_ENDPOINT) })).rejects.toBeInstanceOf(
      PortalTooLargeError,
    );
    expect(answer.state.cancelled).toBe(true);
    expect(answer.state.pulled).toBeLessThanOrEqual(NOTIFICATIONS_MAX_BODY_BYTES + 2 * 65_536);
  });

  it('gives up on a body that trickles without end once its time is up', async () => {
    let aborted = false;
    runScript(async (_url, init) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"code":20000,'));
          // fetch errors the body's stream when the request's signal aborts, as a browser does.
          init.signal?.addEventListener('abort', () => {
            aborted = true;
            controller.error(new DOMException('The operation was aborted.', 'AbortError'));
          });
        },
      });
      return new Response(body, { status: 200 });
    });
    const network = vi.fn(async () => envelope([]));
    vi.stubGlobal('fetch', network);
    await expect(
      callPortal(NOTIFICATIONS_ENDPOINT, { body: {}, timeoutMs: 10_000, fetch: earlyCallFetch(NOTIFICATIONS_ENDPOINT) }),
    ).rejects.toBeInstanceOf(PortalTimeoutError);
    expect(aborted).toBe(true);
    expect(network).not.toHaveBeenCalled();
  });
});
