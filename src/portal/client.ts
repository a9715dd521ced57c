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
 * - Only the configured portal answers (DESIGN.md §5): redirects are followed within the requested URL's origin
 *   only, at most {@link PORTAL_MAX_REDIRECTS} times; any other redirect rejects with {@link PortalRedirectError}.
 * - Answers are bounded: at most `maxBodyBytes` (default {@link PORTAL_MAX_BODY_BYTES}) decompressed bytes are read,
 *   else {@link PortalTooLargeError}; the body must be valid UTF-8 and JSON, without duplicate keys in its envelope,
 *   nested at most {@link PORTAL_MAX_JSON_DEPTH} levels deep, else {@link PortalFormatError} (parseAnswer).
 */
import {
  PORTAL_MAX_BODY_BYTES,
  PORTAL_MAX_JSON_DEPTH,
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
  /** Cancel token (spec §7). */
  signal?: AbortSignal;
  /** Time limit per attempt in ms. */
  timeoutMs?: number;
  /** Retries after the first attempt on network errors and 5xx. */
  retries?: number;
  /** First backoff delay in ms; doubles on each retry. */
  minRetryDelayMs?: number;
  /** Largest answer accepted, in decompressed bytes (default PORTAL_MAX_BODY_BYTES); tests set a small one. */
  maxBodyBytes?: number;
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
 * Calls one endpoint and returns its `data`.
 *
 * @returns `{ cancelled: false, data }` on code 20000; `{ cancelled: true }` when `signal` aborted the call.
 * @throws PortalNetworkError | PortalTimeoutError | PortalHttpError | PortalCodeError | PortalFormatError |
 *   PortalRedirectError | PortalTooLargeError (the last two, like a code or format error, are not retried)
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


/**
 * One HTTP exchange: fetch within the portal's origin (fetchWithinOrigin), status check, bounded read (readBody),
 * UTF-8 decoding (decodeUtf8), JSON parse (parseAnswer), envelope check.
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

  const envelope = parseAnswer(name, decodeUtf8(name, bytes), bytes.byteLength);
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
 * at most PORTAL_MAX_REDIRECTS times (DESIGN.md §5: the site publishes only what its configured portal answers; a
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
 * DESIGN.md §5: bounded answers). An uncompressed answer whose Content-Length is over `maxBytes` is refused
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
 * (spec §7: the portal answers JSON, which is UTF-8). A leading byte order mark is dropped, as `response.text()` does.
 * @throws PortalFormatError naming the byte offset of the first invalid sequence
 */
function decodeUtf8(name: string, bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    throw new PortalFormatError(
      name,
      `body is not valid UTF-8 (invalid bytes at offset ${invalidUtf8Offset(bytes)} of ${bytes.byteLength})`,
      error,
    );
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

/**
 * Parses an answer's text into its envelope.
 *
 * Deep nesting: JSON.parse without a reviver does not recurse (any depth parses), and no reviver is used: integers
 * beyond ±2^53 keep their digits by exactJsonNumbers instead, a text rewrite. The depth is still capped, at
 * PORTAL_MAX_JSON_DEPTH levels, because later steps of the build recurse through the answer (JSON.stringify of its
 * digest and snapshot, structuredClone, devalue) and would overflow the stack on a deep item, ending the build with
 * a RangeError that names nothing and skips the list's snapshot fallback. A deeper answer is refused whole, as a
 * PortalFormatError naming the item (its index in `data`) or the envelope field, so the list falls back like any
 * other failure. Duplicate keys of the envelope are refused: JSON leaves their meaning open and JSON.parse keeps the
 * last, so `"code":40000,"code":20000` would count as success. Keys below the envelope are not checked (the item
 * schemas see JSON.parse's result).
 * In: the endpoint's name (messages), the decoded text, its size in bytes (messages).
 * Out: the parsed value, unsafe integers as their digits (strings).
 * @throws PortalFormatError when the text is not JSON, nests deeper than PORTAL_MAX_JSON_DEPTH or repeats an
 *   envelope key
 */
function parseAnswer(name: string, text: string, byteLength: number): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new PortalFormatError(name, `body is not JSON (${byteLength} bytes)`, error);
  }
  // The text is valid JSON from here on, which the scan relies on.
  const scan = scanAnswer(text, PORTAL_MAX_JSON_DEPTH);
  if (scan.tooDeep !== undefined) {
    throw new PortalFormatError(
      name,
      `${scan.tooDeep} is nested deeper than ${PORTAL_MAX_JSON_DEPTH} levels of arrays and objects ` +
        `(PORTAL_MAX_JSON_DEPTH); the answer is refused`,
    );
  }
  if (scan.duplicateKey !== undefined) {
    throw new PortalFormatError(
      name,
      `the envelope has the key ${JSON.stringify(scan.duplicateKey)} more than once; an answer with duplicate keys is refused`,
    );
  }
  return scan.unsafeIntegers.length > 0 ? JSON.parse(exactJsonNumbers(text, scan.unsafeIntegers)) : value;
}

/** What scanAnswer found in a JSON text. */
interface AnswerScan {
  /** Start and end offsets (end exclusive), pair after pair, of the integer literals beyond ±2^53, in text order. */
  unsafeIntegers: number[];
  /** The first key of the envelope object written twice, decoded (`"\u0063ode"` is `code`). */
  duplicateKey: string | undefined;
  /** Where the nesting first passes the limit: `item 3 of "data" (counting from 0)`, `field "x"` or `the answer`. */
  tooDeep: string | undefined;
}

/**
 * One linear pass over a VALID JSON text, without recursion: skips strings (indexOf to the next unescaped quote),
 * counts the nesting depth, notes the envelope's keys (the top-level object's), the index of the `data` item being
 * read, and the integer literals a number cannot hold exactly. Stops at the first level deeper than `maxDepth`.
 */
function scanAnswer(text: string, maxDepth: number): AnswerScan {
  const unsafeIntegers: number[] = [];
  const keys = new Set<string>();
  let duplicateKey: string | undefined;
  let depth = 0;
  let envelopeIsObject = false;
  let expectKey = false; // the next string at depth 1 is an envelope key
  let key: string | undefined; // the envelope key whose value is being read
  let item = -1; // index of the element of the envelope's `data` array being read; -1 elsewhere
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const end = stringEnd(text, i);
      if (depth === 1 && expectKey) {
        key = JSON.parse(text.slice(i, end)) as string;
        if (keys.has(key)) duplicateKey ??= key;
        keys.add(key);
        expectKey = false;
      }
      i = end;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      depth += 1;
      if (depth === 1) {
        envelopeIsObject = c === 0x7b;
        expectKey = envelopeIsObject;
      } else if (depth === 2 && envelopeIsObject && key === 'data' && c === 0x5b) {
        item = 0;
      }
      if (depth > maxDepth) {
        const where = item >= 0 ? `item ${item} of "data" (counting from 0)` : depth > 1 && key !== undefined ? `field ${JSON.stringify(key)}` : 'the answer';
        return { unsafeIntegers, duplicateKey, tooDeep: where };
      }
      i += 1;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth -= 1;
      if (depth === 1) item = -1;
      i += 1;
    } else if (c === 0x2c /* , */) {
      if (depth === 1) expectKey = envelopeIsObject;
      else if (depth === 2 && item >= 0) item += 1;
      i += 1;
    } else if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39)) {
      let end = i + 1;
      while (end < text.length && isNumberChar(text.charCodeAt(end))) end += 1;
      // 2^53 has 16 digits: shorter literals are exact.
      if (end - i >= 16 && /^-?\d+$/.test(text.slice(i, end)) && !Number.isSafeInteger(Number(text.slice(i, end)))) {
        unsafeIntegers.push(i, end);
      }
      i = end;
    } else {
      i += 1;
    }
  }
  return { unsafeIntegers, duplicateKey, tooDeep: undefined };
}

/** Offset just after the closing quote of the JSON string that opens at `start` (a quote preceded by an even run of backslashes). */
function stringEnd(text: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return text.length;
    let backslash = quote - 1;
    while (text.charCodeAt(backslash) === 0x5c) backslash -= 1;
    if ((quote - 1 - backslash) % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** A character of a JSON number literal after its first: digit, `.`, `e`, `E`, `+`, `-`. */
function isNumberChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d;
}

/**
 * Keeps integers a number cannot hold exactly (beyond ±2^53) as their digits, a string, so an id like
 * 9007199254740993 keeps its last digit rather than being published under another id (validation.ts then checks
 * ids as text). Done on the text, by quoting each such literal (offsets from scanAnswer) before JSON.parse, rather
 * than with a JSON.parse reviver: a reviver recurses through the result and overflows the stack on deep documents,
 * and needs the reviver's source text (ES2025), which older browsers lack.
 * In: a valid JSON text, the start and end offsets of its unsafe integer literals (pairs, in text order).
 * Out: the text with those literals quoted.
 */
function exactJsonNumbers(text: string, unsafeIntegers: readonly number[]): string {
  const parts: string[] = [];
  let from = 0;
  for (let k = 0; k < unsafeIntegers.length; k += 2) {
    parts.push(text.slice(from, unsafeIntegers[k]), '"', text.slice(unsafeIntegers[k], unsafeIntegers[k + 1]), '"');
    from = unsafeIntegers[k + 1];
  }
  parts.push(text.slice(from));
  return parts.join('');
}
