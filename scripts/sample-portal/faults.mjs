/**
 * Fault injection of the sample portal (README "Fault injection", "Strict mode"): the fault map (`--fault`,
 * SAMPLE_PORTAL_FAULTS, `setFaults`, `/__sample/faults`), how each mode changes an answer, and the strict switch
 * (`--strict`, SAMPLE_PORTAL_STRICT) that makes the endpoints beyond REFERENCE.md "Portal API" missing.
 * The router (router.mjs) asks `createFaults()` for the fault of each request and applies it in three places:
 * before the body is read (`down`), before the handler runs (`slow`, `http500`, `code`) and on its data
 * (`empty`, `shrink`, `badItem`, `badItems`, `malformed`).
 */
import { ENDPOINTS } from './site-rules.mjs';
import { failure, JSON_TYPE, send, sendJson } from './http.mjs';

/** Fault modes, see README.md. */
export const FAULT_MODES = Object.freeze(['down', 'slow', 'http500', 'code', 'malformed', 'badItem', 'badItems', 'empty', 'shrink']);

/** Default delay of the `slow` fault, in milliseconds. */
export const DEFAULT_SLOW_MS = 20_000;

/** Key of a fault that applies to every endpoint without a fault of its own. */
export const ANY_ENDPOINT = '*';

/**
 * Faults of single `/upload/` files, keyed `upload:<path under /upload/>` in the fault map (an image or document an
 * editor published that the portal serves badly): `drop` sends the headers and half of the body, then breaks the
 * connection; `slow` sends the headers and a first part, then nothing more for `delayMs` (default DEFAULT_SLOW_MS)
 * before the rest (a camera original on a slow link).
 */
export const UPLOAD_FAULT_MODES = Object.freeze(['drop', 'slow']);
/** Prefix of an upload fault's key. */
export const UPLOAD_FAULT_PREFIX = 'upload:';

/** Envelope code of the `code` fault (a business error on HTTP 200). */
const MAINTENANCE_CODE = 50001;

/**
 * Reads the strict switch (env SAMPLE_PORTAL_STRICT: answer only the endpoints of REFERENCE.md "Portal API").
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
  throw new Error(`SAMPLE_PORTAL_STRICT must be 1 (strict: REFERENCE.md "Portal API" endpoints only) or 0, got ${JSON.stringify(input)}`);
}

/**
 * Normalise a fault map.
 * @param {unknown} input  an object `{ [endpointName | '*']: mode | 'slow:5000' | 'shrink:21' | 'badItem:40' | { mode,
 *   delayMs?, times?, keep?, id? } }`, a JSON string of such an object, or nothing.
 * @returns {Record<string, { mode: string, delayMs?: number, times?: number, keep?: number, id?: string }>} the faults
 *   by endpoint name (`id`: the item the `badItem` fault breaks, by its id; without it, the first).
 * @throws {Error} on an unknown endpoint name or mode, or a bad delay/times/keep value.
 */
export function parseFaults(input) {
  if (input === undefined || input === null || input === '') return {};
  const raw = typeof input === 'string' ? JSON.parse(input) : input;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new Error('faults must be an object keyed by endpoint name');
  const faults = {};
  for (const [name, value] of Object.entries(raw)) {
    if (name.startsWith(UPLOAD_FAULT_PREFIX)) {
      faults[name] = parseUploadFault(name, value);
      continue;
    }
    if (name !== ANY_ENDPOINT && !Object.hasOwn(ENDPOINTS, name)) {
      throw new Error(`unknown endpoint "${name}" in faults (known: ${Object.keys(ENDPOINTS).join(', ')}, ${ANY_ENDPOINT})`);
    }
    let spec = value;
    if (typeof spec === 'string') {
      const [mode, number] = spec.split(':');
      const key = mode === 'shrink' ? 'keep' : mode === 'badItem' ? 'id' : 'delayMs';
      spec = { mode, ...(number ? { [key]: key === 'id' ? number : Number(number) } : {}) };
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
    if (spec.mode === 'shrink') {
      if (!Number.isInteger(Number(spec.keep)) || Number(spec.keep) < 0) throw new Error(`shrink needs keep, a whole number ≥ 0, for "${name}"`);
      fault.keep = Number(spec.keep);
    }
    if (spec.mode === 'badItem' && spec.id !== undefined) fault.id = String(spec.id);
    faults[name] = fault;
  }
  return faults;
}

/**
 * One upload fault (`upload:<path>` of parseFaults).
 * @param {string} name the key, `upload:images/news/3.jpg`
 * @param {unknown} value `drop`, `slow`, `slow:<ms>` or `{ mode, delayMs? }`
 * @returns {{ mode: 'drop' | 'slow', delayMs?: number }}
 * @throws {Error} on an empty path or another mode
 */
function parseUploadFault(name, value) {
  const spec = typeof value === 'string' ? { mode: value.split(':')[0], delayMs: value.split(':')[1] } : value;
  if (name.length === UPLOAD_FAULT_PREFIX.length || !spec || !UPLOAD_FAULT_MODES.includes(spec.mode)) {
    throw new Error(`bad upload fault "${name}": ${JSON.stringify(value)} (modes: ${UPLOAD_FAULT_MODES.join(', ')})`);
  }
  const delayMs = spec.delayMs === undefined ? undefined : Number(spec.delayMs);
  if (delayMs !== undefined && !(delayMs >= 0)) throw new Error(`bad delayMs for "${name}"`);
  return { mode: spec.mode, ...(delayMs === undefined ? {} : { delayMs }) };
}

/**
 * Make the first item of a list, or the one whose id is `id`, break its schema (the `badItem` fault): notifications
 * get `startDate: 'not-a-date'`, holidays `date: 'not-a-date'`, other items lose `title` (or `name` when they
 * have no title); an object answer (captcha, contact form) loses its first field.
 * @param {string} name endpoint name
 * @param {unknown} data what the handler answered
 * @param {string} [id] the item to break, by its id (compared as text); a list without it is left whole
 * @returns {{ data: unknown, note: string }} the broken data and a note `id=<id>; field=<field>`.
 */
function breakItem(name, data, id) {
  if (Array.isArray(data)) {
    const at = id === undefined ? 0 : data.findIndex((entry) => String(entry?.id) === id);
    if (at < 0 || data.length === 0) return { data, note: `none (${data.length === 0 ? 'empty list' : `no item ${id}`})` };
    const item = { ...data[at] };
    let field;
    if (name === 'notifications' || name === 'holidays') {
      field = name === 'notifications' ? 'startDate' : 'date';
      item[field] = 'not-a-date';
    } else {
      field = 'title' in item ? 'title' : 'name' in item ? 'name' : Object.keys(item).find((k) => k !== 'id');
      delete item[field];
    }
    return { data: data.with(at, item), note: `id=${item.id ?? item.code ?? item.date ?? 0}; field=${field}` };
  }
  if (data && typeof data === 'object') {
    const [field] = Object.keys(data);
    const { [field]: _removed, ...rest } = data;
    return { data: rest, note: `field=${field}` };
  }
  return { data, note: 'none' };
}

/**
 * Make every item of a list break its schema (the `badItems` fault; more than half of a list refused is
 * not quarantined item by item, the list fails as a whole): each item loses its field as in breakItem.
 * @returns {{ data: unknown, note: string }} the broken list and a note `items=<count>; field=<field>`.
 */
function breakEveryItem(name, data) {
  if (!Array.isArray(data)) return breakItem(name, data);
  const broken = data.map((item) => breakItem(name, [item]));
  const field = broken[0]?.note.split('field=')[1] ?? 'none';
  return { data: broken.map((result) => result.data[0]), note: `items=${data.length}; field=${field}` };
}

/**
 * The `empty`, `shrink`, `badItem` and `badItems` faults on an endpoint's data.
 * @param {{ mode: string, keep?: number, id?: string } | undefined} fault  the request's fault, if any.
 * @param {string} name  endpoint name.
 * @param {unknown} data  what the handler answered.
 * @returns {{ data: unknown, headers: Record<string, string> }} the data to send and extra headers
 *   (`X-Sample-Bad-Item: id=…; field=…` for badItem, `items=…; field=…` for badItems).
 */
export function distortData(fault, name, data) {
  if (fault?.mode === 'empty') return { data: [], headers: {} };
  if (fault?.mode === 'shrink') return { data: Array.isArray(data) ? data.slice(0, fault.keep) : data, headers: {} };
  if (fault?.mode === 'badItem' || fault?.mode === 'badItems') {
    const broken = fault.mode === 'badItem' ? breakItem(name, data, fault.id) : breakEveryItem(name, data);
    return { data: broken.data, headers: { 'X-Sample-Bad-Item': broken.note } };
  }
  return { data, headers: {} };
}

/**
 * The `malformed` fault: the first half of the JSON text, sent with status 200.
 * @returns {boolean} whether the fault applied (the answer is sent).
 */
export function sendMalformed(fault, res, json) {
  if (fault?.mode !== 'malformed') return false;
  send(res, 200, json.slice(0, Math.max(1, Math.floor(json.length / 2))), { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store' });
  return true;
}

/**
 * The live fault map of one portal.
 * @param {Record<string, object>} initial  a map from parseFaults.
 * @returns {{ take(name: string): object | undefined, set(input: unknown): void, clear(): void,
 *   current(): Record<string, object>, answerBefore(fault: object | undefined, res: import('node:http').ServerResponse): Promise<boolean>,
 *   uploadFault(relative: string): object | undefined, answerUpload(fault: object, res: import('node:http').ServerResponse,
 *   status: number, body: Buffer, headers: Record<string, string>): Promise<void>, cancelWaits(): void }}
 *   `take` returns the fault of a request to `name` (its own, else `*`), consuming one of its `times`; `set`
 *   replaces the map (parseFaults; throws like it); `answerBefore` applies `slow` (waits), `http500` and `code` and
 *   resolves true when the request is done with (answered, or the client left during the wait); `uploadFault` gives
 *   the fault of one `/upload/` file (never consumed: every request for it fails the same way) and `answerUpload`
 *   answers with it (UPLOAD_FAULT_MODES); `cancelWaits` ends
 *   every pending `slow` wait (when the portal closes).
 */
export function createFaults(initial) {
  let faults = initial;
  const timers = new Set();

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

  return {
    take(name) {
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
    },
    uploadFault: (relative) => faults[`${UPLOAD_FAULT_PREFIX}${relative}`],
    async answerUpload(fault, res, status, body, headers) {
      const part = body.subarray(0, Math.max(1, Math.floor(body.length / 2)));
      res.writeHead(status, { ...headers, 'Content-Length': body.length });
      if (fault.mode === 'drop') {
        res.write(part, () => res.destroy());
        return;
      }
      res.write(part);
      if (await wait(fault.delayMs ?? DEFAULT_SLOW_MS, res)) res.end(body.subarray(part.length));
    },
    set(input) {
      faults = parseFaults(input);
    },
    clear() {
      faults = {};
    },
    current: () => faults,
    async answerBefore(fault, res) {
      if (fault?.mode === 'slow' && !(await wait(fault.delayMs ?? DEFAULT_SLOW_MS, res))) return true;
      if (fault?.mode === 'http500') {
        send(res, 500, 'Internal Server Error: the sample portal was told to fail (fault http500).', {
          'Content-Type': 'text/plain; charset=utf-8',
        });
        return true;
      }
      if (fault?.mode === 'code') {
        sendJson(res, 200, failure(MAINTENANCE_CODE, '系統維護中'));
        return true;
      }
      return false;
    },
    cancelWaits() {
      for (const timer of [...timers]) timer.cancel();
    },
  };
}
