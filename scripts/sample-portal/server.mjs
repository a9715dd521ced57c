/**
 * The sample portal: a stand-in for the insurer's portal web API on loopback, for the build, the dev
 * server and the tests (DESIGN.md §5). It implements every endpoint of src/portal/endpoints.ts with
 * the portal's envelope, serves the images and documents the content points at, and injects faults
 * on demand. Run directly: `node scripts/sample-portal/server.mjs [--port 4322] [--fault news=http500]
 * [--scale 1000] [--strict]` (Node 24: the endpoint catalogue is TypeScript, loaded with type stripping).
 * Strict mode (`--strict`, SAMPLE_PORTAL_STRICT=1; issue 13 item 5) answers only the API endpoints of spec §7: the
 * calls the catalogue marks `beyondSpec` get the 404 of an unknown path, as from a portal that lacks them.
 */
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { appendFile, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import svgCaptcha from 'svg-captcha';
import { ENDPOINTS, inSpec } from '../../src/portal/endpoints.ts';
import { buildDataset } from './data.mjs';
import { renderImage, renderPdf } from './assets.mjs';
import { notificationsAt } from './content/notifications.mjs';
import { listCodes } from './content/list-codes.mjs';
import { holidaysOf } from './content/holidays.mjs';
import { APPOINTMENT_RULES } from '../../src/lib/forms/rules.ts';
import { contactSubmissionSchema } from '../../src/lib/forms/contact-schema.ts';
import { createAppointmentSchema } from '../../src/lib/forms/appointment-schema.ts';
import { taipeiToday } from '../../src/lib/dates.ts';
import { timeSlots } from '../../src/lib/forms/slots.ts';
import { errorLine } from '../../src/lib/forms/issues.ts';

/** The portal's success code (spec §7). */
export const SUCCESS_CODE = 20000;

/** Fault modes, see README.md. */
export const FAULT_MODES = Object.freeze(['down', 'slow', 'http500', 'code', 'malformed', 'badItem', 'empty']);

/** Default delay of the `slow` fault, in milliseconds. */
export const DEFAULT_SLOW_MS = 20_000;

/** Key of a fault that applies to every endpoint without a fault of its own. */
export const ANY_ENDPOINT = '*';

/**
 * Reads the strict switch (env SAMPLE_PORTAL_STRICT, issue 13 item 5).
 * @param {unknown} input  `'1'`/`'true'`/`true` → on; nothing, `''`, `'0'`/`'false'`/`false` → off.
 * @returns {boolean}
 * @throws {Error} on any other value, naming it.
 */
export function parseStrict(input) {
  if (input === undefined || input === null || input === false) return false;
  if (input === true) return true;
  const text = String(input).trim().toLowerCase();
  if (text === '' || text === '0' || text === 'false') return false;
  if (text === '1' || text === 'true') return true;
  throw new Error(`SAMPLE_PORTAL_STRICT must be 1 (strict: spec §7 endpoints only) or 0, got ${JSON.stringify(input)}`);
}

/** Notification modes: all categories, all but the category-1 dialog, or none. */
const NOTIFICATION_MODES = ['all', 'no-dialog', 'none'];

/** Default rate limit of the form submissions: this many per client per window (README "Forms"). */
export const DEFAULT_RATE_LIMIT = Object.freeze({ max: 5, windowMs: 60_000 });

/** Codes of the form answers (README "Forms"). */
export const FORM_CODES = Object.freeze({ badPayload: 40001, captcha: 40002, invalid: 40003, captchaGone: 40004, rateLimited: 42900 });

const CAPTCHA_TTL_MS = 10 * 60_000;
const CAPTCHA_MAX = 5_000;
const MAX_BODY_BYTES = 1_000_000;

/** A request the portal refuses with a non-20000 code. */
class PortalError extends Error {
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

/**
 * Normalise a fault map.
 * @param {unknown} input  an object `{ [endpointName | '*']: mode | 'slow:5000' | { mode, delayMs?, times? } }`,
 *   a JSON string of such an object, or nothing.
 * @returns {Record<string, { mode: string, delayMs?: number, times?: number }>} the faults by endpoint name.
 * @throws {Error} on an unknown endpoint name or mode, or a bad delay/times value.
 */
export function parseFaults(input) {
  if (input === undefined || input === null || input === '') return {};
  const raw = typeof input === 'string' ? JSON.parse(input) : input;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new Error('faults must be an object keyed by endpoint name');
  const faults = {};
  for (const [name, value] of Object.entries(raw)) {
    if (name !== ANY_ENDPOINT && !Object.hasOwn(ENDPOINTS, name)) {
      throw new Error(`unknown endpoint "${name}" in faults (known: ${Object.keys(ENDPOINTS).join(', ')}, ${ANY_ENDPOINT})`);
    }
    let spec = value;
    if (typeof spec === 'string') {
      const [mode, delay] = spec.split(':');
      spec = { mode, ...(delay ? { delayMs: Number(delay) } : {}) };
    }
    if (!spec || typeof spec !== 'object' || !FAULT_MODES.includes(spec.mode)) {
      throw new Error(`unknown fault mode for "${name}": ${JSON.stringify(value)} (modes: ${FAULT_MODES.join(', ')})`);
    }
    const fault = { mode: spec.mode };
    if (spec.delayMs !== undefined) {
      if (!Number.isFinite(Number(spec.delayMs)) || Number(spec.delayMs) < 0) throw new Error(`bad delayMs for "${name}"`);
      fault.delayMs = Number(spec.delayMs);
    }
    if (spec.times !== undefined) {
      if (!Number.isInteger(Number(spec.times)) || Number(spec.times) < 1) throw new Error(`bad times for "${name}"`);
      fault.times = Number(spec.times);
    }
    faults[name] = fault;
  }
  return faults;
}

/** `{ code: 20000, message: '成功', data }`. */
const ok = (data) => ({ code: SUCCESS_CODE, message: '成功', data });
/** `{ code, message, data: null }`. */
const failure = (code, message) => ({ code, message, data: null });

function setCors(res) {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', 'ETag, X-Sample-Bad-Item');
}

function send(res, status, body, headers = {}) {
  const buffer = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  res.writeHead(status, { 'Content-Length': buffer.length, ...headers });
  res.end(res.req.method === 'HEAD' ? undefined : buffer);
}

const JSON_TYPE = 'application/json; charset=utf-8';

function sendJson(res, status, envelope, headers = {}) {
  send(res, status, JSON.stringify(envelope), { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store', ...headers });
}

/** A strong ETag of a body. */
const etagOf = (body) => `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

/** Read and parse a JSON request body; an empty body is `{}`. */
async function readJson(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new PortalError(41300, '請求內容過大', 413);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new PortalError(40000, '請求格式錯誤，請傳送 JSON', 400);
  }
}

/**
 * Make the first item of a list break its schema (the `badItem` fault): notifications get
 * `startDate: 'not-a-date'`, holidays `date: 'not-a-date'`, other items lose `title` (or `name` when they
 * have no title); an object answer (captcha, contact form) loses its first field.
 * @returns {{ data: unknown, note: string }} the broken data and a note `id=<id>; field=<field>`.
 */
function breakFirstItem(name, data) {
  if (Array.isArray(data)) {
    if (data.length === 0) return { data, note: 'none (empty list)' };
    const item = { ...data[0] };
    let field;
    if (name === 'notifications' || name === 'holidays') {
      field = name === 'notifications' ? 'startDate' : 'date';
      item[field] = 'not-a-date';
    } else {
      field = 'title' in item ? 'title' : 'name' in item ? 'name' : Object.keys(item).find((k) => k !== 'id');
      delete item[field];
    }
    return { data: [item, ...data.slice(1)], note: `id=${item.id ?? item.code ?? item.date ?? 0}; field=${field}` };
  }
  if (data && typeof data === 'object') {
    const [field] = Object.keys(data);
    const { [field]: _removed, ...rest } = data;
    return { data: rest, note: `field=${field}` };
  }
  return { data, note: 'none' };
}

/**
 * Normalise a rate limit.
 * @param {unknown} input  `{ max, windowMs? }`, a number (per minute), a string `'max'` or `'max/windowMs'`, or
 *   nothing (the default, 5 per minute). `max` 0 switches the limit off.
 * @returns {{ max: number, windowMs: number }}
 */
export function parseRateLimit(input) {
  if (input === undefined || input === null || input === '') return { ...DEFAULT_RATE_LIMIT };
  let spec = input;
  if (typeof spec === 'number') spec = { max: spec };
  if (typeof spec === 'string') {
    const [max, windowMs] = spec.split('/');
    spec = { max: Number(max), ...(windowMs ? { windowMs: Number(windowMs) } : {}) };
  }
  const max = Number(spec.max);
  const windowMs = Number(spec.windowMs ?? DEFAULT_RATE_LIMIT.windowMs);
  if (!Number.isInteger(max) || max < 0 || !Number.isFinite(windowMs) || windowMs <= 0) {
    throw new Error(`bad rate limit ${JSON.stringify(input)} (expected "max" or "max/windowMs", e.g. "5/60000")`);
  }
  return { max, windowMs };
}

/**
 * The client a submission counts against: the first address of `X-Forwarded-For` when a proxy in front says who
 * the visitor is (nginx, the site's own server), otherwise the socket's address.
 */
function clientOf(req) {
  const forwarded = req.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first || req.socket.remoteAddress || 'unknown';
}

/** `YYYYMMDD` in Taipei time. */
const taipeiDay = (now) => taipeiToday(now).replaceAll('-', '');

/**
 * Start the sample portal.
 * @param {object} [options]
 * @param {number} [options.port=0]  TCP port; 0 picks a free one.
 * @param {string} [options.host='127.0.0.1']  interface; keep loopback.
 * @param {object|string} [options.faults={}]  fault map (see parseFaults), merged over env SAMPLE_PORTAL_FAULTS.
 * @param {number} [options.scale=0]  > 0: add about that many generated articles (env SAMPLE_PORTAL_SCALE).
 * @param {'none'|'hostile'} [options.corpus='none']  'hostile': mix the hostile corpus (content/hostile.mjs) into
 *   the lists (env SAMPLE_PORTAL_CORPUS).
 * @param {'all'|'no-dialog'|'none'} [options.notifications]  which notifications to answer
 *   (env SAMPLE_PORTAL_NOTIFICATIONS, default 'all').
 * @param {string} [options.storeFile]  JSON Lines file of accepted contact forms
 *   (env SAMPLE_PORTAL_STORE_FILE, default `os.tmpdir()/sample-portal-submissions.jsonl`).
 * @param {string} [options.captchaText]  fixed answer of every captcha, for browser tests
 *   (env SAMPLE_PORTAL_CAPTCHA_TEXT); random 4 characters when absent.
 * @param {object|number|string} [options.rateLimit]  form submissions per client and window, see parseRateLimit
 *   (env SAMPLE_PORTAL_RATE_LIMIT, default 5 per minute).
 * @param {() => Date} [options.now]  the clock (tests): decides today's bookable days.
 * @param {boolean} [options.strict]  answer only the API endpoints of spec §7; the catalogue's `beyondSpec` calls
 *   (captchaAudio, addAppointment) get the 404 of an unknown path (env SAMPLE_PORTAL_STRICT=1, see parseStrict;
 *   default off). `/upload/` files and the `/__sample` control routes stay.
 * @returns {Promise<{ url: string, port: number, strict: boolean, close(): Promise<void>,
 *   setFaults(faults: object): void, requestCounts(): Record<string, number>, resetRequestCounts(): void }>}
 *   `url` has no trailing slash.
 */
export async function startSamplePortal(options = {}) {
  const env = process.env;
  const {
    port = 0,
    host = '127.0.0.1',
    scale = Number(env.SAMPLE_PORTAL_SCALE ?? 0),
    corpus = env.SAMPLE_PORTAL_CORPUS || 'none',
    notifications = env.SAMPLE_PORTAL_NOTIFICATIONS || 'all',
    storeFile = env.SAMPLE_PORTAL_STORE_FILE || path.join(os.tmpdir(), 'sample-portal-submissions.jsonl'),
    captchaText = env.SAMPLE_PORTAL_CAPTCHA_TEXT || undefined,
    now = () => new Date(),
  } = options;
  const rateLimit = parseRateLimit(options.rateLimit ?? env.SAMPLE_PORTAL_RATE_LIMIT);
  const strict = parseStrict(options.strict ?? env.SAMPLE_PORTAL_STRICT);
  const slots = timeSlots(APPOINTMENT_RULES);
  if (!NOTIFICATION_MODES.includes(notifications)) {
    throw new Error(`notifications must be one of ${NOTIFICATION_MODES.join(', ')}, got "${notifications}"`);
  }
  let faults = { ...parseFaults(env.SAMPLE_PORTAL_FAULTS), ...parseFaults(options.faults) };
  const dataset = buildDataset({ scale: Number(scale) || 0, corpus });
  // The endpoints answered: in strict mode, those of spec §7 only.
  const served = Object.entries(ENDPOINTS).filter(([, endpoint]) => !strict || inSpec(endpoint));
  const byPath = new Map(served.map(([name, endpoint]) => [endpoint.path, { ...endpoint, name }]));
  const newCounts = () => Object.fromEntries(Object.keys(ENDPOINTS).map((name) => [name, 0]));
  let counts = newCounts();
  const captchas = new Map();
  const submissions = [];
  const timers = new Set();
  /** Submission times per client, for the rate limit. */
  const attempts = new Map();
  let ticketSeq = 0;

  /** The fault to apply to this request, consuming one of its `times`. */
  function takeFault(name) {
    const key = faults[name] ? name : faults[ANY_ENDPOINT] ? ANY_ENDPOINT : undefined;
    if (!key) return undefined;
    const fault = faults[key];
    if (fault.times !== undefined) {
      fault.times -= 1;
      if (fault.times <= 0) {
        const { [key]: _done, ...rest } = faults;
        faults = rest;
      }
    }
    return fault;
  }

  /** Wait `ms`, or resolve false early when the client goes away or the server closes. */
  function wait(ms, res) {
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(true), ms);
      const onClose = () => done(false);
      const done = (value) => {
        clearTimeout(timer);
        timers.delete(entry);
        res.off('close', onClose);
        resolve(value);
      };
      const entry = { cancel: () => done(false) };
      timers.add(entry);
      res.on('close', onClose);
    });
  }

  function newCaptcha() {
    const now = Date.now();
    for (const [id, entry] of captchas) if (entry.expires < now || captchas.size >= CAPTCHA_MAX) captchas.delete(id);
    const options = { size: 4, noise: 2, color: true, background: '#fbf6f0', ignoreChars: '0oO1iIlL', width: 150, height: 50 };
    const captcha = captchaText ? { text: captchaText, data: svgCaptcha(captchaText, options) } : svgCaptcha.create(options);
    const captchaId = randomUUID();
    captchas.set(captchaId, { text: captcha.text, expires: now + CAPTCHA_TTL_MS });
    return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}` };
  }

  /**
   * Counts a submission against its client; refuses it with 42900 past `rateLimit.max` in `rateLimit.windowMs`.
   * Every attempt counts, refused ones included (a wrong captcha cannot be guessed at speed).
   */
  function checkRate(req) {
    if (rateLimit.max === 0) return;
    const client = clientOf(req);
    const since = Date.now() - rateLimit.windowMs;
    const recent = (attempts.get(client) ?? []).filter((time) => time > since);
    recent.push(Date.now());
    attempts.set(client, recent);
    if (attempts.size > CAPTCHA_MAX) attempts.delete(attempts.keys().next().value);
    if (recent.length > rateLimit.max) {
      const seconds = Math.ceil(rateLimit.windowMs / 1000);
      throw new PortalError(FORM_CODES.rateLimited, `送出次數過於頻繁，請於 ${seconds} 秒後再試`);
    }
  }

  /** A body that is a JSON object, or 40001. */
  function objectBody(body) {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new PortalError(FORM_CODES.badPayload, '資料格式錯誤');
    return body;
  }

  /** Appends an accepted form to the store file and the in-memory list. */
  async function store(form, prefix, payload) {
    const at = now();
    ticketSeq += 1;
    const ticketNo = `${prefix}${taipeiDay(at)}${String(ticketSeq).padStart(4, '0')}`;
    const record = { form, ticketNo, receivedAt: at.toISOString(), payload };
    await mkdir(path.dirname(storeFile), { recursive: true });
    await appendFile(storeFile, `${JSON.stringify(record)}\n`, 'utf8');
    submissions.push(record);
    return { ticketNo };
  }

  /**
   * The contact form: rate limit, then the captcha (one try per captcha: it is spent whatever the outcome), then
   * the shared schema (src/lib/forms/contact.ts) and the question type against the ProblemType list.
   */
  async function addProblemForm(req, body) {
    checkRate(req);
    const { captchaId, captcha } = objectBody(body);
    const entry = typeof captchaId === 'string' ? captchas.get(captchaId) : undefined;
    if (entry) captchas.delete(captchaId); // one try per captcha
    const valid =
      entry && entry.expires >= Date.now() && typeof captcha === 'string' && captcha.trim().toLowerCase() === entry.text.toLowerCase();
    if (!valid) throw new PortalError(FORM_CODES.captcha, '驗證碼錯誤');
    const parsed = contactSubmissionSchema.safeParse(body);
    if (!parsed.success) throw new PortalError(FORM_CODES.invalid, errorLine(parsed.error));
    const { captchaId: _id, captcha: _answer, ...payload } = parsed.data;
    if (!listCodes.ProblemType.some((type) => type.code === payload.problemType)) {
      throw new PortalError(FORM_CODES.invalid, '資料有誤：問題類別不在選項中，請重新選擇');
    }
    return store('problemForm', 'CS', payload);
  }

  /** The appointment service: rate limit, then the shared schema with today's window, the holidays and the slots. */
  async function addAppointment(req, body) {
    checkRate(req);
    const today = taipeiToday(now());
    const holidays = new Map();
    for (const year of [Number(today.slice(0, 4)), Number(today.slice(0, 4)) + 1]) {
      for (const { date, name } of holidaysOf(year)) holidays.set(date, name);
    }
    const schema = createAppointmentSchema({
      booking: { today, leadDays: APPOINTMENT_RULES.leadDays, windowDays: APPOINTMENT_RULES.windowDays, holidays },
      slots,
    });
    const parsed = schema.safeParse(objectBody(body));
    if (!parsed.success) throw new PortalError(FORM_CODES.invalid, errorLine(parsed.error));
    const payload = { ...parsed.data };
    if (payload.serviceType !== 'interpret') payload.language = '';
    if (payload.serviceType !== 'visit') payload.address = '';
    return store('appointment', 'SV', payload);
  }

  /** The spoken alternative of a captcha: its characters, to be read aloud by the browser. Does not spend it. */
  function captchaAudio(body) {
    const { captchaId } = objectBody(body);
    const entry = typeof captchaId === 'string' ? captchas.get(captchaId) : undefined;
    if (!entry || entry.expires < Date.now()) throw new PortalError(FORM_CODES.captchaGone, '驗證碼已失效，請按「換一張」');
    return { text: entry.text };
  }

  /** Answer data per endpoint name. GET list endpoints fall back to the dataset. */
  const handlers = {
    decrees: ({ url }) => {
      const lang = url.searchParams.get('lang') ?? 'zh-TW';
      return lang.toLowerCase() === 'zh-tw' ? dataset.lists.decrees : [];
    },
    notifications: () => notificationsAt(new Date(), notifications),
    captcha: () => newCaptcha(),
    captchaAudio: ({ body }) => captchaAudio(body),
    addProblemForm: ({ req, body }) => addProblemForm(req, body),
    addAppointment: ({ req, body }) => addAppointment(req, body),
    listCodes: ({ body }) => {
      const codeType = body?.codeType;
      if (typeof codeType !== 'string' || !codeType.trim()) throw new PortalError(40001, '缺少代碼類別 codeType');
      return listCodes[codeType.trim()] ?? [];
    },
    contractChanges: () => dataset.lists.contractChanges,
    holidays: ({ url }) => {
      const year = url.searchParams.get('year');
      if (year === null || year === '') return holidaysOf(undefined);
      if (!/^\d{4}$/.test(year)) throw new PortalError(40001, '年份格式錯誤，請使用西元年（例如 2026）', 400);
      return holidaysOf(Number(year));
    },
  };

  async function handleEndpoint(req, res, url, endpoint) {
    const { name } = endpoint;
    counts[name] += 1;
    if (req.method !== endpoint.method) {
      sendJson(res, 405, failure(40500, `不支援的請求方法 ${req.method}，請使用 ${endpoint.method}`), { Allow: `${endpoint.method}, OPTIONS` });
      return;
    }
    const fault = takeFault(name);
    if (fault?.mode === 'down') {
      req.socket.destroy();
      return;
    }
    const body = endpoint.method === 'POST' ? await readJson(req) : undefined;
    if (fault?.mode === 'slow' && !(await wait(fault.delayMs ?? DEFAULT_SLOW_MS, res))) return;
    if (fault?.mode === 'http500') {
      send(res, 500, 'Internal Server Error: the sample portal was told to fail (fault http500).', {
        'Content-Type': 'text/plain; charset=utf-8',
      });
      return;
    }
    if (fault?.mode === 'code') {
      sendJson(res, 200, failure(50001, '系統維護中'));
      return;
    }
    const handler = handlers[name] ?? (() => dataset.lists[name]);
    let data = await handler({ url, body, req });
    const headers = {};
    if (fault?.mode === 'empty') data = [];
    if (fault?.mode === 'badItem') {
      const broken = breakFirstItem(name, data);
      data = broken.data;
      headers['X-Sample-Bad-Item'] = broken.note;
    }
    const json = JSON.stringify(ok(data));
    if (fault?.mode === 'malformed') {
      send(res, 200, json.slice(0, Math.max(1, Math.floor(json.length / 2))), { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store' });
      return;
    }
    if (endpoint.method === 'GET') {
      const etag = etagOf(json);
      if (!fault && req.headers['if-none-match'] === etag) {
        res.writeHead(304, { ETag: etag, 'Cache-Control': 'no-cache' });
        res.end();
        return;
      }
      send(res, 200, json, { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-cache', ETag: etag, ...headers });
      return;
    }
    sendJson(res, 200, JSON.parse(json), headers);
  }

  function handleUpload(req, res, relative) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendJson(res, 405, failure(40500, `不支援的請求方法 ${req.method}`), { Allow: 'GET, HEAD, OPTIONS' });
      return;
    }
    let body;
    let type;
    const image = dataset.images.get(relative);
    const file = dataset.files.get(relative);
    if (image && relative.endsWith('.svg')) {
      body = Buffer.from(renderImage(image), 'utf8');
      type = 'image/svg+xml; charset=utf-8';
    } else if (file && relative.endsWith('.pdf')) {
      body = renderPdf({ title: file.title, path: relative, reference: file.reference });
      type = 'application/pdf';
    } else {
      sendJson(res, 404, failure(40400, '查無此檔案'));
      return;
    }
    const etag = etagOf(body);
    const headers = { ETag: etag, 'Cache-Control': 'public, max-age=86400', 'Content-Type': type };
    if (type === 'application/pdf') headers['Content-Disposition'] = `inline; filename="${path.posix.basename(relative)}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    send(res, 200, body, headers);
  }

  async function handleControl(req, res, url) {
    const route = `${req.method} ${url.pathname}`;
    const captchaMatch = /^\/__sample\/captcha\/([\w-]+)$/.exec(url.pathname);
    if (route === 'GET /__sample' || route === 'GET /__sample/') {
      sendJson(res, 200, ok({
        endpoints: Object.fromEntries(served.map(([name, e]) => [name, `${e.method} ${e.path}`])),
        strict,
        faultModes: FAULT_MODES,
        control: ['GET|POST|DELETE /__sample/faults', 'GET|DELETE /__sample/requests', 'GET /__sample/captcha/{captchaId}', 'GET /__sample/submissions'],
      }));
    } else if (route === 'GET /__sample/faults') {
      sendJson(res, 200, ok(faults));
    } else if (route === 'POST /__sample/faults' || route === 'PUT /__sample/faults') {
      const body = await readJson(req);
      try {
        faults = parseFaults(body);
      } catch (error) {
        throw new PortalError(40001, `故障設定錯誤：${error.message}`, 400);
      }
      sendJson(res, 200, ok(faults));
    } else if (route === 'DELETE /__sample/faults') {
      faults = {};
      sendJson(res, 200, ok(faults));
    } else if (route === 'GET /__sample/requests') {
      sendJson(res, 200, ok(counts));
    } else if (route === 'DELETE /__sample/requests') {
      counts = newCounts();
      sendJson(res, 200, ok(counts));
    } else if (route === 'GET /__sample/submissions') {
      sendJson(res, 200, ok(submissions));
    } else if (req.method === 'GET' && captchaMatch) {
      const entry = captchas.get(captchaMatch[1]);
      if (!entry) throw new PortalError(40400, '查無此驗證碼', 404);
      sendJson(res, 200, ok({ answer: entry.text }));
    } else {
      sendJson(res, 404, failure(40400, '查無此服務'));
    }
  }

  async function handle(req, res) {
    setCors(res);
    const url = new URL(req.url ?? '/', 'http://sample-portal.invalid');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] || 'Content-Type, Cache-Control',
        'Access-Control-Max-Age': '600',
        'Content-Length': 0,
      });
      res.end();
      return;
    }
    const endpoint = byPath.get(url.pathname);
    if (endpoint) return handleEndpoint(req, res, url, endpoint);
    if (url.pathname.startsWith('/upload/')) return handleUpload(req, res, url.pathname.slice('/upload/'.length));
    if (url.pathname === '/__sample' || url.pathname.startsWith('/__sample/')) return handleControl(req, res, url);
    sendJson(res, 404, failure(40400, '查無此服務'));
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error) => {
      if (res.headersSent || res.destroyed) return;
      if (error instanceof PortalError) sendJson(res, error.status, failure(error.code, error.message));
      else {
        console.error('[sample-portal]', error);
        sendJson(res, 500, failure(50000, '系統發生錯誤'));
      }
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${urlHost}:${address.port}`,
    port: address.port,
    /** Whether only the endpoints of spec §7 are answered. */
    strict,
    /** Replace the fault map (see parseFaults). */
    setFaults(next) {
      faults = parseFaults(next);
    },
    /** Requests per endpoint name since start or the last reset. */
    requestCounts: () => ({ ...counts }),
    resetRequestCounts() {
      counts = newCounts();
    },
    /** Stop listening, drop open connections and pending slow answers. */
    close() {
      for (const timer of [...timers]) timer.cancel();
      return new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}

/** CLI: parse flags, start, print the address, stop on SIGINT/SIGTERM. */
async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      fault: { type: 'string', multiple: true, default: [] },
      scale: { type: 'string' },
      corpus: { type: 'string' },
      notifications: { type: 'string' },
      store: { type: 'string' },
      captcha: { type: 'string' },
      'rate-limit': { type: 'string' },
      strict: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(
      'Usage: node scripts/sample-portal/server.mjs [--port N] [--fault name=mode[:delayMs]]... [--scale N]\n' +
        '       [--corpus none|hostile]\n' +
        '       [--notifications all|no-dialog|none] [--store file.jsonl] [--captcha TEXT] [--rate-limit max[/windowMs]]\n' +
        '       [--strict]   (only the endpoints of spec §7; others 404)\n' +
        `Fault modes: ${FAULT_MODES.join(', ')}. See scripts/sample-portal/README.md.`,
    );
    return;
  }
  const faults = {};
  for (const flag of values.fault) {
    const at = flag.indexOf('=');
    if (at < 1) throw new Error(`--fault expects name=mode, got "${flag}"`);
    faults[flag.slice(0, at)] = flag.slice(at + 1);
  }
  const portal = await startSamplePortal({
    port: Number(values.port),
    faults,
    ...(values.scale !== undefined ? { scale: Number(values.scale) } : {}),
    ...(values.corpus ? { corpus: values.corpus } : {}),
    ...(values.notifications ? { notifications: values.notifications } : {}),
    ...(values.store ? { storeFile: path.resolve(values.store) } : {}),
    ...(values.captcha ? { captchaText: values.captcha } : {}),
    ...(values['rate-limit'] !== undefined ? { rateLimit: values['rate-limit'] } : {}),
    ...(values.strict ? { strict: true } : {}),
  });
  console.log(`Sample portal listening on ${portal.url}${portal.strict ? ' (strict: spec §7 endpoints only)' : ''}`);
  const stop = async () => {
    await portal.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`Sample portal failed to start: ${error.message}`);
    process.exit(1);
  });
}
