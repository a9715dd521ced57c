/**
 * The sample portal's router (README "What it answers"): each request goes to one of
 * - an endpoint of the catalogue (REFERENCE.md "Portal API"; in strict mode only those), answered by the handler of
 *   its name in the table below (the GET lists: the dataset's list of that name), through the request's fault
 *   (faults.mjs) and with an ETag on GET;
 * - `/upload/…`: the images and documents the content points at (photographs: photos.mjs; drawings and PDFs:
 *   assets.mjs);
 * - `/__sample…`: the control routes of the tests (faults, request counts, captcha answers, submissions);
 * anything else is a 404 in the portal's envelope.
 */
import path from 'node:path';
import { renderImage, renderPdf } from './assets.mjs';
import { PHOTO_TYPES, photoFor, photoKind } from './photos.mjs';
import { notificationsAt } from './content/notifications.mjs';
import { listCodes } from './content/list-codes.mjs';
import { holidaysOf } from './content/holidays.mjs';
import { CODES, etagOf, failure, JSON_TYPE, notModified, ok, PortalError, readJson, send, sendJson, setCors } from './http.mjs';
import { distortData, FAULT_MODES, sendMalformed } from './faults.mjs';
import { ENDPOINTS, inSpec } from './site-rules.mjs';

/** The control routes, as `GET /__sample` lists them. */
const CONTROL_ROUTES = Object.freeze([
  'GET|POST|DELETE /__sample/faults',
  'GET|DELETE /__sample/requests',
  'GET /__sample/captcha/{captchaId}',
  'GET /__sample/submissions',
]);

/** How long browsers may keep an `/upload/` file, in seconds (one day). */
const UPLOAD_MAX_AGE_S = 86_400;

/** How long a browser may cache a CORS preflight, in seconds. */
const PREFLIGHT_MAX_AGE_S = 600;

/**
 * The endpoints a portal answers: every catalogue entry, or in strict mode those of REFERENCE.md "Portal API" only.
 * @param {boolean} strict
 * @returns {[string, { method: 'GET'|'POST', path: string }][]} `[name, endpoint]` (catalogue entries) in catalogue order.
 */
export const servedEndpoints = (strict) => Object.entries(ENDPOINTS).filter(([, endpoint]) => !strict || inSpec(endpoint));

/**
 * The endpoint → handler table: what each endpoint answers as `data`. A name without a handler answers the dataset's
 * list of that name.
 * @param {{ dataset: { lists: Record<string, object[]> }, notifications: 'all'|'no-dialog'|'none',
 *   forms: ReturnType<typeof import('./forms.mjs').createForms> }} sources
 * @returns {Record<string, (request: { url: URL, body: unknown, req: import('node:http').IncomingMessage }) => unknown>}
 *   handlers may return a promise and throw PortalError.
 */
function endpointHandlers({ dataset, notifications, forms }) {
  return {
    decrees: ({ url }) => {
      const lang = url.searchParams.get('lang') ?? 'zh-TW';
      return lang.toLowerCase() === 'zh-tw' ? dataset.lists.decrees : [];
    },
    // The sample's own notifications, then those an editor added (the dataset's `notifications` list, empty unless
    // an edit of startSamplePortal's `edit`/`setEdit` puts some there).
    notifications: () => [...notificationsAt(new Date(), notifications), ...(dataset.lists.notifications ?? [])],
    captcha: () => forms.captcha(),
    captchaAudio: ({ body }) => forms.captchaAudio(body),
    addProblemForm: ({ req, body }) => forms.addProblemForm(req, body),
    addAppointment: ({ req, body }) => forms.addAppointment(req, body),
    listCodes: ({ body }) => {
      const codeType = body?.codeType;
      if (typeof codeType !== 'string' || !codeType.trim()) throw new PortalError(CODES.badPayload, '缺少代碼類別 codeType');
      return listCodes[codeType.trim()] ?? [];
    },
    contractChanges: () => dataset.lists.contractChanges,
    holidays: ({ url }) => {
      const year = url.searchParams.get('year');
      if (year === null || year === '') return holidaysOf(undefined);
      if (!/^\d{4}$/.test(year)) throw new PortalError(CODES.badPayload, '年份格式錯誤，請使用西元年（例如 2026）', 400);
      return holidaysOf(Number(year));
    },
  };
}

/** 405 with the allowed methods. */
function refuseMethod(req, res, allowed, hint = '') {
  sendJson(res, 405, failure(CODES.badMethod, `不支援的請求方法 ${req.method}${hint}`), { Allow: `${allowed}, OPTIONS` });
}

/** 204 to a CORS preflight. */
function answerPreflight(req, res) {
  res.writeHead(204, {
    'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] || 'Content-Type, Cache-Control',
    'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_S),
    'Content-Length': 0,
  });
  res.end();
}

/**
 * The handler of the portal's uploads (`/upload/…`): the hostile corpus's raw files with their own headers, SVG
 * drawings, photographs (PHOTO_TYPES) and PDFs, each with an ETag and UPLOAD_MAX_AGE_S caching, 404 otherwise; an
 * upload fault (faults.mjs) answers in its place.
 * @param {{ dataset: ReturnType<typeof import('./data.mjs').buildDataset>,
 *   faults: ReturnType<typeof import('./faults.mjs').createFaults> }} portal
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, relative: string)
 *   => Promise<void>} `relative`: the path under `/upload/`
 */
function uploadHandler({ dataset, faults }) {
  /**
   * The ETag of each photograph answered so far, by path: its bytes are the same for the life of the portal, so a
   * conditional request is answered 304 without making, reading and hashing the photograph again, as a real file
   * server answers from the file's metadata (a no-change rebuild at 10,000 items asks for 1,828 of them at once).
   */
  const photoEtags = new Map();

  async function handleUpload(req, res, relative) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      refuseMethod(req, res, 'GET, HEAD');
      return;
    }
    // The hostile corpus's files, answered with their own headers (content/hostile-uploads.mjs).
    const raw = dataset.uploads?.get(relative);
    if (raw) {
      if (raw.delayMs) await new Promise((resolve) => setTimeout(resolve, raw.delayMs));
      send(res, 200, raw.body, raw.headers);
      return;
    }
    let body;
    let type;
    let etag;
    const image = dataset.images.get(relative);
    const file = dataset.files.get(relative);
    const extension = path.posix.extname(relative).slice(1).toLowerCase();
    if (image && relative.endsWith('.svg')) {
      body = Buffer.from(renderImage(image), 'utf8');
      type = 'image/svg+xml; charset=utf-8';
    } else if (image && PHOTO_TYPES[extension]) {
      type = PHOTO_TYPES[extension];
      const known = photoEtags.get(relative);
      const cacheHeaders = { ETag: known, 'Cache-Control': `public, max-age=${UPLOAD_MAX_AGE_S}`, 'Content-Type': type };
      if (known && !faults.uploadFault(relative) && notModified(req, res, known, cacheHeaders)) return;
      body = await photoFor(relative, photoKind(image, relative));
      etag = etagOf(body);
      photoEtags.set(relative, etag);
    } else if (file && relative.endsWith('.pdf')) {
      body = renderPdf({ title: file.title, path: relative, reference: file.reference });
      type = 'application/pdf';
    } else {
      sendJson(res, 404, failure(CODES.notFound, '查無此檔案'));
      return;
    }
    etag ??= etagOf(body);
    const headers = { ETag: etag, 'Cache-Control': `public, max-age=${UPLOAD_MAX_AGE_S}`, 'Content-Type': type };
    if (type === 'application/pdf') headers['Content-Disposition'] = `inline; filename="${path.posix.basename(relative)}"`;
    const fault = faults.uploadFault(relative);
    if (fault) return faults.answerUpload(fault, res, 200, Buffer.from(body), headers);
    if (notModified(req, res, etag, headers)) return;
    send(res, 200, body, headers);
  }
  return handleUpload;
}

/**
 * Answers a request to the sample portal's control routes (`/__sample…`, CONTROL_ROUTES): the served endpoints,
 * faults to set or clear, the request counts, the form submissions and a CAPTCHA's answer; 404 for any other.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {URL} url the request's URL
 * @param {{ served: [string, { method: string, path: string }][], strict: boolean,
 *   faults: ReturnType<typeof import('./faults.mjs').createFaults>,
 *   forms: ReturnType<typeof import('./forms.mjs').createForms>,
 *   requests: { counts(): Record<string, number>, reset(): void } }} portal
 * @returns {Promise<void>}
 * @throws {PortalError} a fault setting that is refused, an unknown CAPTCHA
 */
async function handleControl(req, res, url, { served, strict, faults, forms, requests }) {
  const route = `${req.method} ${url.pathname}`;
  const captchaMatch = /^\/__sample\/captcha\/([\w-]+)$/.exec(url.pathname);
  if (route === 'GET /__sample' || route === 'GET /__sample/') {
    sendJson(
      res,
      200,
      ok({
        endpoints: Object.fromEntries(served.map(([name, e]) => [name, `${e.method} ${e.path}`])),
        strict,
        faultModes: FAULT_MODES,
        control: CONTROL_ROUTES,
      }),
    );
  } else if (route === 'GET /__sample/faults') {
    sendJson(res, 200, ok(faults.current()));
  } else if (route === 'POST /__sample/faults' || route === 'PUT /__sample/faults') {
    const body = await readJson(req);
    try {
      faults.set(body);
    } catch (error) {
      throw new PortalError(CODES.badPayload, `故障設定錯誤：${error.message}`, 400);
    }
    sendJson(res, 200, ok(faults.current()));
  } else if (route === 'DELETE /__sample/faults') {
    faults.clear();
    sendJson(res, 200, ok(faults.current()));
  } else if (route === 'GET /__sample/requests') {
    sendJson(res, 200, ok(requests.counts()));
  } else if (route === 'DELETE /__sample/requests') {
    requests.reset();
    sendJson(res, 200, ok(requests.counts()));
  } else if (route === 'GET /__sample/submissions') {
    sendJson(res, 200, ok(forms.submissions()));
  } else if (req.method === 'GET' && captchaMatch) {
    const answer = forms.captchaAnswer(captchaMatch[1]);
    if (answer === undefined) throw new PortalError(CODES.notFound, '查無此驗證碼', 404);
    sendJson(res, 200, ok({ answer }));
  } else {
    sendJson(res, 404, failure(CODES.notFound, '查無此服務'));
  }
}

/**
 * The router of one portal.
 * @param {{ strict: boolean, dataset: ReturnType<typeof import('./data.mjs').buildDataset>,
 *   notifications: 'all'|'no-dialog'|'none', forms: ReturnType<typeof import('./forms.mjs').createForms>,
 *   faults: ReturnType<typeof import('./faults.mjs').createFaults> }} portal
 * @returns {{ handle(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): Promise<void>,
 *   requestCounts(): Record<string, number>, resetRequestCounts(): void }}
 *   `handle` answers one request (a PortalError it throws is for the server to answer in the envelope);
 *   `requestCounts` copies the requests per endpoint name since start or the last reset.
 */
export function createRouter({ strict, dataset, notifications, forms, faults }) {
  const served = servedEndpoints(strict);
  const byPath = new Map(served.map(([name, endpoint]) => [endpoint.path, { ...endpoint, name }]));
  const handlers = endpointHandlers({ dataset, notifications, forms });
  const newCounts = () => Object.fromEntries(Object.keys(ENDPOINTS).map((name) => [name, 0]));
  let counts = newCounts();

  async function handleEndpoint(req, res, url, endpoint) {
    const { name } = endpoint;
    counts[name] += 1;
    if (req.method !== endpoint.method) {
      refuseMethod(req, res, endpoint.method, `，請使用 ${endpoint.method}`);
      return;
    }
    const fault = faults.take(name);
    if (fault?.mode === 'down') {
      req.socket.destroy();
      return;
    }
    const body = endpoint.method === 'POST' ? await readJson(req) : undefined;
    if (await faults.answerBefore(fault, res)) return;
    const handler = handlers[name] ?? (() => dataset.lists[name]);
    const { data, headers } = distortData(fault, name, await handler({ url, body, req }));
    const json = JSON.stringify(ok(data));
    if (sendMalformed(fault, res, json)) return;
    if (endpoint.method === 'GET') {
      const etag = etagOf(json);
      if (!fault && notModified(req, res, etag, { ETag: etag, 'Cache-Control': 'no-cache' })) return;
      send(res, 200, json, { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-cache', ETag: etag, ...headers });
      return;
    }
    sendJson(res, 200, JSON.parse(json), headers);
  }

  const handleUpload = uploadHandler({ dataset, faults });
  const requests = {
    counts: () => counts,
    reset() {
      counts = newCounts();
    },
  };

  async function handle(req, res) {
    setCors(res);
    const url = new URL(req.url ?? '/', 'http://sample-portal.invalid');
    if (req.method === 'OPTIONS') return answerPreflight(req, res);
    const endpoint = byPath.get(url.pathname);
    if (endpoint) return handleEndpoint(req, res, url, endpoint);
    if (url.pathname.startsWith('/upload/')) return handleUpload(req, res, url.pathname.slice('/upload/'.length));
    if (url.pathname === '/__sample' || url.pathname.startsWith('/__sample/')) {
      return handleControl(req, res, url, { served, strict, faults, forms, requests });
    }
    sendJson(res, 404, failure(CODES.notFound, '查無此服務'));
  }

  return {
    handle,
    requestCounts: () => ({ ...counts }),
    resetRequestCounts() {
      counts = newCounts();
    },
  };
}
