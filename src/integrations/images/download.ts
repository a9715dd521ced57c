/**
 * Download, the image step's network part (src/integrations/images.ts): one source fetched from the image base,
 * conditionally when the cache knows it (ETag / Last-Modified), following redirects only within the base's origin,
 * its body capped at IMAGE_MAX_SOURCE_BYTES and its time at IMAGE_FETCH_TIMEOUT_MS (src/site/images.ts).
 * In: a URL and the cache's record of it. Out: a Download (unchanged, bytes, failed with English and zh-TW reasons,
 * or unreachable). Raises nothing: every network error is a `failed` or `unreachable` answer.
 */
import { IMAGE_FETCH_TIMEOUT_MS, IMAGE_MAX_SOURCE_BYTES } from '../../site/images';
import type { CachedSource } from './cache';

/** What a download found. */
export type Download =
  | { kind: 'unchanged' }
  | { kind: 'bytes'; bytes: Buffer; etag?: string; lastModified?: string }
  | { kind: 'failed'; reason: string; reasonZh: string }
  /** No answer at all (network error, time-out): the image may well be there for visitors. */
  | { kind: 'unreachable'; reason: string };

/** HTTP statuses that redirect (Fetch standard's redirect statuses). */
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** Redirects within the image base's origin a download follows (a CDN's or portal's own move of a file). */
const IMAGE_MAX_REDIRECTS = 3;

/**
 * Fetches `url` following a redirect only when it stays on the origin of `url` (at most IMAGE_MAX_REDIRECTS): a
 * redirect to another host is never requested (that host would learn of the build and could answer anything), and
 * its 3xx answer is returned for the caller to refuse. In Node a manual redirect arrives as its 3xx with Location.
 * @returns the first answer that is not a redirect within the origin
 */
async function fetchWithinOrigin(url: string, init: RequestInit, fetchImpl: typeof fetch): Promise<Response> {
  const origin = new URL(url).origin;
  let current = url;
  for (let followed = 0; ; followed += 1) {
    const response = await fetchImpl(current, { ...init, redirect: 'manual' });
    const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get('location') : null;
    const target = location === null ? undefined : URL.parse(location, current);
    if (!target || target.origin !== origin || followed >= IMAGE_MAX_REDIRECTS) return response;
    await response.body?.cancel();
    current = target.href;
  }
}

/**
 * Downloads one source, asking only for a change when the cache knows it (If-None-Match / If-Modified-Since).
 * @param url the source's URL
 * @param cached the cache's record of it, if any
 * @returns `unchanged` on 304; the bytes (at most IMAGE_MAX_SOURCE_BYTES); why the answer cannot be used, in English
 *   and zh-TW (`failed`: an HTTP error, another host, too large); or `unreachable` (no answer)
 */
export async function downloadImage(url: string, cached: CachedSource | undefined, fetchImpl: typeof fetch = fetch): Promise<Download> {
  const headers: Record<string, string> = {};
  if (cached?.etag) headers['If-None-Match'] = cached.etag;
  else if (cached?.lastModified) headers['If-Modified-Since'] = cached.lastModified;
  let response: Response;
  try {
    response = await fetchWithinOrigin(url, { headers, signal: AbortSignal.timeout(IMAGE_FETCH_TIMEOUT_MS) }, fetchImpl);
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    return {
      kind: 'unreachable',
      reason: timedOut ? `no answer within ${IMAGE_FETCH_TIMEOUT_MS} ms` : `download failed: ${(error as Error).message}`,
    };
  }
  const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get('location') : null;
  if (location !== null || new URL(response.url || url).origin !== new URL(url).origin) {
    await response.body?.cancel();
    const host = location !== null ? (URL.parse(location, url)?.host ?? location) : new URL(response.url).host;
    if (host === new URL(url).host) {
      return { kind: 'failed', reason: `more than ${IMAGE_MAX_REDIRECTS} redirects`, reasonZh: '圖片網址轉址過多，無法下載' };
    }
    return { kind: 'failed', reason: `answered from another host (${host})`, reasonZh: '圖片由其他網站回應，未採用' };
  }
  if (response.status === 304 && cached) return { kind: 'unchanged' };
  if (!response.ok) {
    await response.body?.cancel();
    return { kind: 'failed', reason: `HTTP ${response.status}`, reasonZh: `圖片無法下載（HTTP ${response.status}）` };
  }
  const body = await readBody(response);
  if (body.kind === 'failed') return body;
  return {
    kind: 'bytes',
    bytes: body.bytes,
    etag: response.headers.get('etag') ?? undefined,
    lastModified: response.headers.get('last-modified') ?? undefined,
  };
}

/**
 * Reads an answer's body, at most IMAGE_MAX_SOURCE_BYTES. A body that breaks off (the connection dropped midway:
 * undici's "terminated") or outlasts the download's time limit (the fetch's signal: "aborted due to timeout") is
 * one bad image, never the build's failure: `failed`, which shows the placeholder and names the image in the publish
 * report (REFERENCE.md "Publishing rules": a bad upload never stops a publish); a later build tries it again (failed images are not cached).
 * @returns the bytes, or why they cannot be used (English and zh-TW)
 */
async function readBody(response: Response): Promise<{ kind: 'body'; bytes: Buffer } | Extract<Download, { kind: 'failed' }>> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of response.body ?? []) {
      total += chunk.byteLength;
      if (total > IMAGE_MAX_SOURCE_BYTES) {
        await response.body?.cancel().catch(() => undefined);
        return {
          kind: 'failed',
          reason: `larger than ${IMAGE_MAX_SOURCE_BYTES} bytes`,
          reasonZh: `圖片檔案過大（超過 ${Math.round(IMAGE_MAX_SOURCE_BYTES / 1024 / 1024)} MB）`,
        };
      }
      chunks.push(Buffer.from(chunk));
    }
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    return timedOut
      ? {
          kind: 'failed',
          reason: `body not received within ${IMAGE_FETCH_TIMEOUT_MS} ms (${total} bytes by then)`,
          reasonZh: `圖片下載逾時（${IMAGE_FETCH_TIMEOUT_MS / 1000} 秒內未傳完）`,
        }
      : {
          kind: 'failed',
          reason: `download broke off after ${total} bytes (${(error as Error).message})`,
          reasonZh: '圖片下載中斷，未完整收到',
        };
  }
  return { kind: 'body', bytes: Buffer.concat(chunks) };
}
