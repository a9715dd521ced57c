/**
 * The portal web API client, used at build time (content loader) and in the browser (notifications, captcha,
 * forms). REFERENCE.md "Portal API": every call sends JSON with a no-cache header and a cancel token; a response counts only
 * when `code === 20000`, with the payload in `data`.
 *
 * - `signal` (AbortSignal) cancels the call; a cancelled call resolves `{ cancelled: true }`, never rejects
 *   (REFERENCE.md "Failures": "Cancelled requests are not errors").
 * - `timeoutMs` (default {@link PORTAL_TIMEOUT_MS}) limits each attempt; a timeout rejects with
 *   {@link PortalTimeoutError} and is not retried.
 * - Network errors and HTTP 5xx are retried `retries` times (default {@link PORTAL_RETRIES}) with exponential
 *   backoff by p-retry. p-retry is imported only when a first attempt fails, so the browser downloads it only
 *   then (REFERENCE.md "Budgets": every page's JavaScript budget; most pages never see a failed call).
 * - Every failure rejects with a subclass of {@link PortalError} naming the endpoint and the cause.
 * - Only the configured portal answers (REFERENCE.md "Portal boundary"): redirects are followed within the requested URL's origin
 *   only, at most {@link PORTAL_MAX_REDIRECTS} times; any other redirect rejects with {@link PortalRedirectError}.
 * - Answers are bounded: at most `maxBodyBytes` (default {@link PORTAL_MAX_BODY_BYTES}) decompressed bytes are read,
 *   else {@link PortalTooLargeError}; the body must be valid UTF-8 and JSON, else {@link PortalFormatError}; the
 *   build's calls parse it strictly (src/portal/answer.ts parseAnswer: no duplicate keys in the envelope, nesting at
 *   most PORTAL_MAX_JSON_DEPTH deep, integers beyond 2^53 kept as digits).
 */
import {
  PORTAL_MAX_BODY_BYTES,
  PORTAL_MAX_REDIRECTS,
  PORTAL_RETRIES,
  PORTAL_RETRY_MIN_DELAY_MS,
  PORTAL_SUCCESS_CODE,
  PORTAL_TIMEOUT_MS,
} from '../site/limits';
import { describeEndpoint, type Endpoint } from './endpoints';
import {
  PortalCodeError,
  PortalError,
  PortalFormatError,
  PortalHttpError,
  PortalNetworkError,
  PortalRedirectError,
  PortalTimeoutError,
  PortalTooLargeError,
} from './errors';

export interface PortalCallOptions {
  /** Portal base URL, e.g. `https://portal.example.com`; empty for same-origin `/api/...` in the browser. */
  base?: string;
  /** Query parameters; default to the endpoint's own `query`. */
  query?: Readonly<Record<string, string>>;
  /** JSON payload of a POST (sent as `{}` when absent). */
  body?: unknown;
  /** Cancel token (REFERENCE.md "Portal API"). */
  signal?: AbortSignal;
  /** Time limit per attempt in ms. */
  timeoutMs?: number;
  /** Retries after the first attempt on network errors and 5xx. */
  retries?: number;
  /** First backoff delay in ms; doubles on each retry. */
  minRetryDelayMs?: number;
  /** Largest answer accepted, in decompressed bytes (default PORTAL_MAX_BODY_BYTES); tests set a small one. */
  maxBodyBytes?: number;
  /**
   * How the answer's text becomes its envelope (default parseJson). The build passes src/portal/answer.ts
   * parseAnswer (duplicate envelope keys, depth, exact large ids), which the browser's calls do without: it stays
   * out of every page's JavaScript.
   */
  parse?: AnswerParser;
  /** fetch implementation (tests). */
  fetch?: typeof globalThis.fetch;
}

/**
 * Turns an answer's text into its envelope. In: the endpoint's name (messages), the decoded text, its size in bytes.
 * @throws PortalFormatError when the text is not what the parser accepts
 */
export type AnswerParser = (name: string, text: string, byteLength: number) => unknown;

/** The default AnswerParser: JSON.parse, its failure as PortalFormatError `body is not JSON (N bytes)`. */
export const parseJson: AnswerParser = (name, text, byteLength) => {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new PortalFormatError(name, `body is not JSON (${byteLength} bytes)`, error);
  }
};

/** Outcome of a call that did not fail: its data, or the note that the caller cancelled it. */
export type PortalResult<T> = { cancelled: false; data: T } | { cancelled: true };

/** The URL of an endpoint under a base, with its query string. */
export function portalUrl(endpoint: Endpoint, base = '', query = endpoint.query): string {
  const path = `${base.replace(/\/+$/, '')}${endpoint.path}`;
  const search = query && Object.keys(query).length > 0 ? `?${new URLSearchParams(query as Record<string, string>)}` : '';
  return `${path}${search}`;
}

/**
 * Calls one endpoint and returns its `data`.
 *
 * @returns `{ cancelled: false, data }` on code 20000; `{ cancelled: true }` when `signal` aborted the call.
 * @throws PortalNetworkError | PortalTimeoutError | PortalHttpError | PortalCodeError | PortalFormatError |
 *   PortalRedirectError | PortalTooLargeError (the last two, like a code or format error, are not retried)
 */
export async function callPortal<T = unknown>(endpoint: Endpoint, options: PortalCallOptions = {}): Promise<PortalResult<T>> {
  const { signal, retries = PORTAL_RETRIES, minRetryDelayMs = PORTAL_RETRY_MIN_DELAY_MS } = options;
  if (signal?.aborted) return { cancelled: true };
  const shouldRetry = (error: unknown) => error instanceof PortalNetworkError || (error instanceof PortalHttpError && error.status >= 500);
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
export function portalRequestInit(
  endpoint: Endpoint,
  body?: unknown,
): { method: string; headers: Record<string, string>; body?: string; cache: RequestCache } {
  const headers: Record<string, string> = { Accept: 'application/json', 'Cache-Control': 'no-cache' };
  if (endpoint.method !== 'POST') return { method: endpoint.method, headers, cache: 'no-store' };
  headers['Content-Type'] = 'application/json';
  return { method: endpoint.method, headers, body: JSON.stringify(body ?? {}), cache: 'no-store' };
}

/**
 * One HTTP exchange: fetch within the portal's origin (fetchWithinOrigin), status check, bounded read (readBody),
 * UTF-8 decoding (decodeUtf8), JSON parse (options.parse, default parseJson), envelope check.
 */
async function attempt<T>(endpoint: Endpoint, options: PortalCallOptions): Promise<T> {
  const name = describeEndpoint(endpoint);
  const timeoutMs = options.timeoutMs ?? PORTAL_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const doFetch = options.fetch ?? globalThis.fetch;
  const url = portalUrl(endpoint, options.base, options.query ?? endpoint.query);

  let bytes: Uint8Array;
  try {
    const response = await fetchWithinOrigin(name, doFetch, url, portalRequestInit(endpoint, options.body), signal);
    if (response.status < 200 || response.status > 299) {
      discardBody(response);
      throw new PortalHttpError(name, response.status, response.statusText);
    }
    bytes = await readBody(name, response, options.maxBodyBytes ?? PORTAL_MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof PortalError) throw error;
    if (options.signal?.aborted) throw error; // cancellation: callPortal resolves it as cancelled
    if (timeout.aborted) throw new PortalTimeoutError(name, timeoutMs);
    throw new PortalNetworkError(name, error);
  }

  const envelope = (options.parse ?? parseJson)(name, decodeUtf8(name, bytes), bytes.byteLength);
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

/** HTTP statuses that redirect (Fetch standard's redirect statuses). */
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/**
 * Fetches `url` with `redirect: 'manual'` and follows a redirect only when its Location has the origin of `url`,
 * at most PORTAL_MAX_REDIRECTS times (REFERENCE.md "Publishing rules": the site publishes only what its configured portal answers; a
 * redirect to another host would publish that host's content). A 301/302 of a POST and a 303 continue as a GET
 * without body, as fetch itself does. In Node a redirect arrives as its 3xx with its Location; in the browser as an
 * `opaqueredirect` response (status 0, Location hidden), refused as a whole since its host cannot be checked.
 * In: the endpoint's name (messages), the fetch to use, the URL (absolute, or relative to the page in the browser),
 * the request (portalRequestInit) and the call's signal.
 * Out: the first answer that is not a redirect (any status).
 * @throws PortalRedirectError for a redirect to another origin, without Location, beyond the count, or hidden by
 *   the browser; whatever `doFetch` throws (the caller turns it into a network, timeout or cancelled outcome).
 */
async function fetchWithinOrigin(
  name: string,
  doFetch: typeof globalThis.fetch,
  url: string,
  init: ReturnType<typeof portalRequestInit>,
  signal: AbortSignal,
): Promise<Response> {
  const requested = resolveUrl(url);
  const origin = requested?.origin ?? '(unknown origin)';
  let current = url;
  let request = init;
  for (let followed = 0; ; followed += 1) {
    const response = await doFetch(current, { ...request, redirect: 'manual', signal });
    if (response.type === 'opaqueredirect') throw new PortalRedirectError(name, { kind: 'opaque', origin });
    const { status } = response;
    if (!REDIRECT_STATUSES.has(status)) return response;
    discardBody(response);
    const location = response.headers.get('location');
    if (!location) throw new PortalRedirectError(name, { kind: 'no-location', status, origin });
    const target = resolveUrl(location, resolveUrl(current)?.href);
    if (!target || !requested || target.origin !== requested.origin) {
      throw new PortalRedirectError(name, { kind: 'other-host', status, location: target?.href ?? location, host: target?.host || location, origin });
    }
    if (followed >= PORTAL_MAX_REDIRECTS) {
      throw new PortalRedirectError(name, { kind: 'too-many', status, location: target.href, origin, max: PORTAL_MAX_REDIRECTS });
    }
    if (status === 303 ? request.method !== 'GET' && request.method !== 'HEAD' : status <= 302 && request.method === 'POST') {
      const { 'Content-Type': _contentType, ...headers } = request.headers;
      request = { method: 'GET', headers, cache: request.cache };
    }
    current = target.href;
  }
}

/** `url` resolved against `base` (default: the page's address in the browser), or undefined when it is not a URL. */
function resolveUrl(url: string, base: string | undefined = globalThis.location?.href): URL | undefined {
  try {
    return new URL(url, base);
  } catch {
    return undefined;
  }
}

/** Drops an answer's body unread (cancelling the stream closes it; a failure to cancel changes nothing). */
function discardBody(response: Response): void {
  response.body?.cancel().catch(() => undefined);
}

/**
 * The body of `response`, read chunk by chunk and counted after decompression (fetch decompresses gzip, deflate
 * and brotli as it streams), so that a large body or a gzip bomb costs at most `maxBytes` (PORTAL_MAX_BODY_BYTES,
 * REFERENCE.md "Portal boundary": bounded answers). An uncompressed answer whose Content-Length is over `maxBytes` is refused
 * before reading; otherwise reading stops, and the stream is cancelled, as soon as the count passes `maxBytes`.
 * In: the endpoint's name (messages), the answer, the limit in bytes.
 * Out: the body's bytes (empty when the answer has no body).
 * @throws PortalTooLargeError over the limit; the stream's error when reading fails (network, abort).
 */
async function readBody(name: string, response: Response, maxBytes: number): Promise<Uint8Array> {
  const encoding = response.headers.get('content-encoding');
  const declared = Number(response.headers.get('content-length') ?? '');
  if ((!encoding || encoding === 'identity') && declared > maxBytes) {
    discardBody(response);
    throw new PortalTooLargeError(name, maxBytes, declared);
  }
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      reader.cancel().catch(() => undefined);
      throw new PortalTooLargeError(name, maxBytes);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0];
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The body as text, decoded strictly: invalid UTF-8 is refused instead of becoming U+FFFD in a published title
 * (REFERENCE.md "Portal API": the portal answers JSON, which is UTF-8). A leading byte order mark is dropped, as `response.text()` does.
 * @throws PortalFormatError naming the byte offset of the first invalid sequence
 */
function decodeUtf8(name: string, bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    throw new PortalFormatError(name, `body is not valid UTF-8 (invalid bytes at offset ${invalidUtf8Offset(bytes)} of ${bytes.byteLength})`, error);
  }
}

/**
 * Offset in bytes of the first invalid UTF-8 sequence of `bytes` (`bytes.byteLength` when there is none). Runs only
 * after strict decoding failed: the lenient decoding's first U+FFFD that the bytes do not spell (EF BF BD) marks it;
 * the text before it re-encodes to exactly the bytes before it.
 */
function invalidUtf8Offset(bytes: Uint8Array): number {
  const lenient = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  const encoder = new TextEncoder();
  let offset = 0;
  let from = 0;
  for (let at = lenient.indexOf('\uFFFD'); at >= 0; at = lenient.indexOf('\uFFFD', from)) {
    offset += encoder.encode(lenient.slice(from, at)).byteLength;
    if (bytes[offset] !== 0xef || bytes[offset + 1] !== 0xbf || bytes[offset + 2] !== 0xbd) return offset;
    offset += 3;
    from = at + 1;
  }
  return bytes.byteLength;
}
