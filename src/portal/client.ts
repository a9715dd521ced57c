/**
 * The portal web API client, used at build time (content loader) and in the browser (notifications, captcha,
 * forms). Spec §7: every call sends JSON with a no-cache header and a cancel token; a response counts only
 * when `code === 20000`, with the payload in `data`.
 *
 * - `signal` (AbortSignal) cancels the call; a cancelled call resolves `{ cancelled: true }`, never rejects
 *   (spec §8 "Cancelled requests are not errors").
 * - `timeoutMs` (default {@link PORTAL_TIMEOUT_MS}) limits each attempt; a timeout rejects with
 *   {@link PortalTimeoutError} and is not retried.
 * - Network errors and HTTP 5xx are retried `retries` times (default {@link PORTAL_RETRIES}) with exponential
 *   backoff by p-retry. p-retry is imported only when a first attempt fails, so the browser downloads it only
 *   then (issue 4: every page's JavaScript budget; most pages never see a failed call).
 * - Every failure rejects with a subclass of {@link PortalError} naming the endpoint and the cause.
 */
import { PORTAL_RETRIES, PORTAL_RETRY_MIN_DELAY_MS, PORTAL_SUCCESS_CODE, PORTAL_TIMEOUT_MS } from '../site/limits';
import { describeEndpoint, type Endpoint } from './endpoints';
import {
  PortalCodeError,
  PortalFormatError,
  PortalHttpError,
  PortalNetworkError,
  PortalTimeoutError,
} from './errors';

export interface PortalCallOptions {
  /** Portal base URL, e.g. `https://portal.example.com`; empty for same-origin `/api/...` in the browser. */
  base?: string;
  /** Query parameters; default to the endpoint's own `query`. */
  query?: Readonly<Record<string, string>>;
  /** JSON payload of a POST (sent as `{}` when absent). */
  body?: unknown;
  /** Cancel token (spec §7). */
  signal?: AbortSignal;
  /** Time limit per attempt in ms. */
  timeoutMs?: number;
  /** Retries after the first attempt on network errors and 5xx. */
  retries?: number;
  /** First backoff delay in ms; doubles on each retry. */
  minRetryDelayMs?: number;
  /** fetch implementation (tests). */
  fetch?: typeof globalThis.fetch;
}

/** Outcome of a call that did not fail: its data, or the note that the caller cancelled it. */
export type PortalResult<T> = { cancelled: false; data: T } | { cancelled: true };

/** The URL of an endpoint under a base, with its query string. */
export function portalUrl(endpoint: Endpoint, base = '', query = endpoint.query): string {
  const path = `${base.replace(/\/+$/, '')}${endpoint.path}`;
  const search = query && Object.keys(query).length > 0 ? `?${new URLSearchParams(query as Record<string, string>)}` : '';
  return `${path}${search}`;
}

/**
 * JSON.parse reviver that keeps integers a number cannot hold exactly (beyond ±2^53) as their digits, a string, so
 * an id like 9007199254740993 keeps its last digit (finding 9). Uses the reviver's source text (ES2025 JSON.parse
 * source text access; Node 21+); without it (older browsers) the value is returned unchanged. Here rather than in
 * validation.ts, so that the browser's every-page runtime does not carry that module's rules (issue 14: JS budget).
 */
export function exactJsonNumbers(this: unknown, _key: string, value: unknown, context?: { source?: string }): unknown {
  if (typeof value === 'number' && !Number.isSafeInteger(value) && context?.source && /^-?\d+$/.test(context.source)) {
    return context.source;
  }
  return value;
}

/**
 * Calls one endpoint and returns its `data`.
 *
 * @returns `{ cancelled: false, data }` on code 20000; `{ cancelled: true }` when `signal` aborted the call.
 * @throws PortalNetworkError | PortalTimeoutError | PortalHttpError | PortalCodeError | PortalFormatError
 */
export async function callPortal<T = unknown>(
  endpoint: Endpoint,
  options: PortalCallOptions = {},
): Promise<PortalResult<T>> {
  const { signal, retries = PORTAL_RETRIES, minRetryDelayMs = PORTAL_RETRY_MIN_DELAY_MS } = options;
  if (signal?.aborted) return { cancelled: true };
  const shouldRetry = (error: unknown) =>
    error instanceof PortalNetworkError || (error instanceof PortalHttpError && error.status >= 500);
  let firstFailure: { error: unknown } | undefined;
  try {
    return { cancelled: false, data: await attempt<T>(endpoint, options) };
  } catch (error) {
    if (signal?.aborted) return { cancelled: true };
    if (retries < 1 || !shouldRetry(error)) throw error;
    firstFailure = { error };
  }
  try {
    const { default: pRetry } = await import('p-retry');
    // p-retry's first attempt replays the failure already met, so its backoff and retry count are as if it had
    // made that attempt itself.
    const data = await pRetry(
      () => {
        if (!firstFailure) return attempt<T>(endpoint, options);
        const { error } = firstFailure;
        firstFailure = undefined;
        throw error;
      },
      { retries, minTimeout: minRetryDelayMs, factor: 2, randomize: true, signal, shouldRetry: ({ error }) => shouldRetry(error) },
    );
    return { cancelled: false, data };
  } catch (error) {
    if (signal?.aborted) return { cancelled: true };
    throw error;
  }
}

/**
 * The request of a call (method, headers, JSON body of a POST, no HTTP cache), without its signal: a plain object
 * that JSON keeps whole, so the layout's early call (src/portal/early-call.ts) sends exactly what `attempt` would.
 * @param body a POST's body (JSON-encoded; `{}` when absent); ignored for GET
 */
export function portalRequestInit(endpoint: Endpoint, body?: unknown): { method: string; headers: Record<string, string>; body?: string; cache: RequestCache } {
  const headers: Record<string, string> = { Accept: 'application/json', 'Cache-Control': 'no-cache' };
  if (endpoint.method !== 'POST') return { method: endpoint.method, headers, cache: 'no-store' };
  headers['Content-Type'] = 'application/json';
  return { method: endpoint.method, headers, body: JSON.stringify(body ?? {}), cache: 'no-store' };
}

/** One HTTP exchange: fetch, status check, JSON parse, envelope check. */
async function attempt<T>(endpoint: Endpoint, options: PortalCallOptions): Promise<T> {
  const name = describeEndpoint(endpoint);
  const timeoutMs = options.timeoutMs ?? PORTAL_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const doFetch = options.fetch ?? globalThis.fetch;

  let status: number;
  let statusText: string;
  let text: string;
  try {
    const response = await doFetch(portalUrl(endpoint, options.base, options.query ?? endpoint.query), {
      ...portalRequestInit(endpoint, options.body),
      signal,
    });
    status = response.status;
    statusText = response.statusText;
    text = await response.text();
  } catch (error) {
    if (options.signal?.aborted) throw error; // cancellation: callPortal resolves it as cancelled
    if (timeout.aborted) throw new PortalTimeoutError(name, timeoutMs);
    throw new PortalNetworkError(name, error);
  }

  if (status < 200 || status > 299) throw new PortalHttpError(name, status, statusText);

  let envelope: unknown;
  try {
    // Ids above 2^53 keep their digits (issue 17 finding 9).
    envelope = JSON.parse(text, exactJsonNumbers);
  } catch (error) {
    throw new PortalFormatError(name, `body is not JSON (${text.length} bytes)`, error);
  }
  if (typeof envelope !== 'object' || envelope === null || !('code' in envelope)) {
    throw new PortalFormatError(name, 'no "code" field in the answer');
  }
  const { code, message, data } = envelope as { code: unknown; message?: unknown; data?: unknown };
  if (code !== PORTAL_SUCCESS_CODE) {
    throw new PortalCodeError(name, code, typeof message === 'string' ? message : '');
  }
  if (data === undefined || data === null) throw new PortalFormatError(name, 'code 20000 without "data"');
  return data as T;
}
