/**
 * The notification call started in the page's head (src/portal/early-call.ts; DESIGN.md §6: notifications paint
 * before any island): the inline script sends exactly callPortal's request, and the store's first call takes its
 * answer instead of asking again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callPortal } from '../../src/portal/client';
import { earlyCallFetch, earlyCallScript } from '../../src/portal/early-call';
import { NOTIFICATIONS_ENDPOINT } from '../../src/portal/endpoints';

const envelope = (data: unknown) => new Response(JSON.stringify({ code: 20000, message: '', data }), { status: 200 });

/** Runs the inline script as the browser would, with `fetch` replaced; returns the recorded requests. */
function runScript(fetchImpl: (url: string, init: RequestInit) => Promise<Response>) {
  const requests: { url: string; init: RequestInit }[] = [];
  const fakeFetch = (url: string, init: RequestInit) => {
    requests.push({ url, init });
    return fetchImpl(url, init);
  };
  const window = globalThis as unknown as Record<string, unknown>;
  new Function('window', 'fetch', earlyCallScript(NOTIFICATIONS_ENDPOINT, '/portal'))(window, fakeFetch);
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
});
