/**
 * The sample portal's HTTP vocabulary (REFERENCE.md "Portal API", README "What it answers"): the envelope
 * `{ code, message, data }`, the refusal it raises as an exception, and the small writers every route uses.
 * No state: router.mjs, faults.mjs and forms.mjs share these.
 */
import { createHash } from 'node:crypto';

/** The portal's success code (REFERENCE.md "Portal API"). */
export const SUCCESS_CODE = 20000;

/**
 * Envelope codes of the refusals that are not a form's (forms.mjs has those): a body that is not JSON (HTTP 400), a
 * payload of the wrong shape, an unknown path or file (HTTP 404), a wrong method (HTTP 405), a body over 1 MB
 * (HTTP 413), an error of the sample portal itself (HTTP 500).
 */
export const CODES = Object.freeze({ badJson: 40000, badPayload: 40001, notFound: 40400, badMethod: 40500, tooLarge: 41300, serverError: 50000 });

/** Content type of every JSON answer. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** Largest request body read, in bytes; a larger one is refused with HTTP 413, code 41300. */
const MAX_BODY_BYTES = 1_000_000;

/** A request the portal refuses with a non-20000 code. */
export class PortalError extends Error {
  /**
   * @param {number} code  envelope code (not 20000).
   * @param {string} message  zh-TW message for the envelope.
   * @param {number} [status=200]  HTTP status (the portal answers business errors with 200).
   */
  constructor(code, message, status = 200) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/** `{ code: 20000, message: '成功', data }`. */
export const ok = (data) => ({ code: SUCCESS_CODE, message: '成功', data });

/** `{ code, message, data: null }`. */
export const failure = (code, message) => ({ code, message, data: null });

/** The CORS headers of every answer: any origin may read it, with its ETag and fault note. */
export function setCors(res) {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', 'ETag, X-Sample-Bad-Item');
}

/**
 * Writes a whole answer with its length (no body for HEAD).
 * @param {import('node:http').ServerResponse} res
 * @param {number} status  HTTP status.
 * @param {string|Buffer} body  a string is sent as UTF-8.
 * @param {Record<string, string|number>} [headers]
 */
export function send(res, status, body, headers = {}) {
  const buffer = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  res.writeHead(status, { 'Content-Length': buffer.length, ...headers });
  res.end(res.req.method === 'HEAD' ? undefined : buffer);
}

/** Writes an envelope as JSON, not to be cached (`Cache-Control: no-store`), `headers` added. */
export function sendJson(res, status, envelope, headers = {}) {
  send(res, status, JSON.stringify(envelope), { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store', ...headers });
}

/** A strong ETag of a body (string or Buffer): the first 22 base64url characters of its SHA-1, quoted. */
export const etagOf = (body) => `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

/**
 * Answers 304 when the request's `If-None-Match` is `etag`.
 * @returns {boolean} whether it did (then nothing else may be written).
 */
export function notModified(req, res, etag, headers) {
  if (req.headers['if-none-match'] !== etag) return false;
  res.writeHead(304, headers);
  res.end();
  return true;
}

/**
 * Reads and parses a JSON request body; an empty body is `{}`.
 * @returns {Promise<unknown>}
 * @throws {PortalError} 41300 (HTTP 413) past 1 MB; 40000 (HTTP 400) when the body is not JSON.
 */
export async function readJson(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new PortalError(CODES.tooLarge, '請求內容過大', 413);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new PortalError(CODES.badJson, '請求格式錯誤，請傳送 JSON', 400);
  }
}
