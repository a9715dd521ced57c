/**
 * The form endpoints of the sample portal (README "Forms"): the captcha and its spoken alternative, the
 * contact form (`addProblemForm`) and the appointment service (`addAppointment`), with the rate limit per client
 * and the store of accepted forms (a JSON Lines file and a list in memory). Submissions are checked with the
 * site's own schemas (site-rules.mjs), so the sample portal refuses exactly what the browser refuses.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { appendFile, mkdir } from 'node:fs/promises';
import svgCaptcha from 'svg-captcha';
import { CODES, PortalError } from './http.mjs';
import { listCodes } from './content/list-codes.mjs';
import { holidaysOf } from './content/holidays.mjs';
import { APPOINTMENT_RULES, contactSubmissionSchema, createAppointmentSchema, errorLine, taipeiToday, timeSlots } from './site-rules.mjs';

/** Default rate limit of the form submissions: this many per client per window (README "Forms"). */
export const DEFAULT_RATE_LIMIT = Object.freeze({ max: 5, windowMs: 60_000 });

/** Codes of the form answers (README "Forms"). */
export const FORM_CODES = Object.freeze({ badPayload: CODES.badPayload, captcha: 40002, invalid: 40003, captchaGone: 40004, rateLimited: 42900 });

/** How long a captcha's answer is kept, in milliseconds. */
const CAPTCHA_TTL_MS = 10 * 60_000;
/** Most captchas (and rate-limited clients) kept in memory; the oldest go first. */
const CAPTCHA_MAX = 5_000;
/** The captcha image (svg-captcha options): 4 characters without look-alikes, 150 × 50 px. */
const CAPTCHA_IMAGE = Object.freeze({ size: 4, noise: 2, color: true, background: '#fbf6f0', ignoreChars: '0oO1iIlL', width: 150, height: 50 });

/**
 * Normalise a rate limit.
 * @param {unknown} input  `{ max, windowMs? }`, a number (per minute), a string `'max'` or `'max/windowMs'`, or
 *   nothing (the default, 5 per minute). `max` 0 switches the limit off.
 * @returns {{ max: number, windowMs: number }}
 * @throws {Error} on a negative or fractional `max` or a `windowMs` that is not a positive number.
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

/** A body that is a JSON object, or 40001. */
function objectBody(body) {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new PortalError(FORM_CODES.badPayload, '資料格式錯誤');
  return body;
}

/**
 * The rate limit of the form endpoints (README "Forms"): a check that counts a submission against its client and
 * refuses it with 42900 past `rateLimit.max` in `rateLimit.windowMs`. Every attempt counts, refused ones included (a
 * wrong captcha cannot be guessed at speed); at most CAPTCHA_MAX clients are remembered.
 * @param {{ max: number, windowMs: number }} rateLimit from parseRateLimit; `max` 0 switches the limit off
 * @returns {(req: import('node:http').IncomingMessage) => void} throws PortalError (FORM_CODES.rateLimited)
 */
function rateLimiter(rateLimit) {
  /** Submission times per client. */
  const attempts = new Map();
  return (req) => {
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
  };
}

/**
 * The holidays an appointment may not fall on: those of today's year and the next (holidaysOf).
 * @param {string} today `YYYY-MM-DD` in Taipei
 * @returns {Map<string, string>} date → the holiday's name
 */
function bookingHolidays(today) {
  const holidays = new Map();
  for (const year of [Number(today.slice(0, 4)), Number(today.slice(0, 4)) + 1]) {
    for (const { date, name } of holidaysOf(year)) holidays.set(date, name);
  }
  return holidays;
}

/**
 * The form endpoints of one portal, with their state (captchas, submissions, rate-limit counts).
 * @param {{ captchaText?: string, rateLimit: { max: number, windowMs: number }, now: () => Date, storeFile: string }} options
 *   `captchaText`: the answer of every captcha (browser tests), else random; `rateLimit` from parseRateLimit; `now`
 *   decides today's bookable days and the ticket dates; `storeFile` receives each accepted form as a JSON line.
 * @returns {{ captcha(): { captchaId: string, image: string }, captchaAudio(body: unknown): { text: string },
 *   addProblemForm(req, body: unknown): Promise<{ ticketNo: string }>, addAppointment(req, body: unknown): Promise<{ ticketNo: string }>,
 *   captchaAnswer(captchaId: string): string | undefined, submissions(): object[] }}
 *   The endpoint methods throw PortalError with a FORM_CODES code on a refusal (README "Forms"); `captchaAnswer` and
 *   `submissions` serve the `/__sample` control routes.
 */
export function createForms({ captchaText, rateLimit, now, storeFile }) {
  const slots = timeSlots(APPOINTMENT_RULES);
  const captchas = new Map();
  const submissions = [];
  const checkRate = rateLimiter(rateLimit);
  let ticketSeq = 0;

  function captcha() {
    const issued = Date.now();
    for (const [id, entry] of captchas) if (entry.expires < issued || captchas.size >= CAPTCHA_MAX) captchas.delete(id);
    const made = captchaText ? { text: captchaText, data: svgCaptcha(captchaText, CAPTCHA_IMAGE) } : svgCaptcha.create(CAPTCHA_IMAGE);
    const captchaId = randomUUID();
    captchas.set(captchaId, { text: made.text, expires: issued + CAPTCHA_TTL_MS });
    return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(made.data).toString('base64')}` };
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
   * the shared schema (src/lib/forms/contact-schema.ts) and the question type against the ProblemType list.
   */
  async function addProblemForm(req, body) {
    checkRate(req);
    const { captchaId, captcha: answer } = objectBody(body);
    const entry = typeof captchaId === 'string' ? captchas.get(captchaId) : undefined;
    if (entry) captchas.delete(captchaId); // one try per captcha
    const valid = entry && entry.expires >= Date.now() && typeof answer === 'string' && answer.trim().toLowerCase() === entry.text.toLowerCase();
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
    const holidays = bookingHolidays(today);
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

  return {
    captcha,
    captchaAudio,
    addProblemForm,
    addAppointment,
    captchaAnswer: (captchaId) => captchas.get(captchaId)?.text,
    submissions: () => submissions,
  };
}
