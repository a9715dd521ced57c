/**
 * The sample portal: a stand-in for the insurer's portal web API on loopback, for the build, the dev
 * server and the tests (REFERENCE.md "Portal boundary"). It implements every endpoint of src/portal/endpoints.ts with
 * the portal's envelope, serves the images and documents the content points at, and injects faults
 * on demand. Run directly: `node scripts/sample-portal/server.mjs [--port 4322] [--fault news=http500]
 * [--scale 1000] [--strict]` (Node 24: the endpoint catalogue is TypeScript, loaded with type stripping).
 * Strict mode (`--strict`, SAMPLE_PORTAL_STRICT=1) answers only the API endpoints of REFERENCE.md "Portal API": the
 * calls the catalogue marks `beyondSpec` get the 404 of an unknown path, as from a portal that lacks them.
 *
 * This file reads the options and starts the HTTP server; the parts are, along their seams (REFERENCE.md "Layers": "Small
 * rooms"): router.mjs (endpoint → handler table, uploads, control routes), faults.mjs (fault injection, strict switch),
 * forms.mjs (captcha, contact form, appointments, rate limit), data.mjs + generate.mjs + content/ (the dataset and its
 * scale), http.mjs (envelope and writers), site-rules.mjs (the one door into src/).
 */
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildDataset } from './data.mjs';
import { CODES, failure, PortalError, sendJson } from './http.mjs';
import { createFaults, FAULT_MODES, parseFaults, parseStrict } from './faults.mjs';
import { createForms, parseRateLimit } from './forms.mjs';
import { createRouter } from './router.mjs';
import { readSettings, taipeiToday } from './site-rules.mjs';

export { SUCCESS_CODE } from './http.mjs';
export { ANY_ENDPOINT, DEFAULT_SLOW_MS, FAULT_MODES, parseFaults, parseStrict } from './faults.mjs';
export { DEFAULT_RATE_LIMIT, FORM_CODES, parseRateLimit } from './forms.mjs';

/** Notification modes: all categories, all but the category-1 dialog, or none. */
const NOTIFICATION_MODES = ['all', 'no-dialog', 'none'];

/**
 * Start the sample portal.
 * @param {object} [options]
 * @param {object} [options.settings]  the caller's settings (src/settings.ts readSettings), whose SAMPLE_PORTAL_*
 *   variables give the defaults below; default: this process's environment, read here once
 * @param {number} [options.port=0]  TCP port; 0 picks a free one.
 * @param {string} [options.host='127.0.0.1']  interface; keep loopback.
 * @param {object|string} [options.faults={}]  fault map (see parseFaults), merged over env SAMPLE_PORTAL_FAULTS.
 * @param {number} [options.scale=0]  > 0: add about that many generated articles (env SAMPLE_PORTAL_SCALE).
 * @param {boolean} [options.lean=false]  the lean sample: fewer news and FAQ items (buildDataset `lean`).
 * @param {'none'|'hostile'} [options.corpus='none']  'hostile': mix the hostile corpus (content/hostile.mjs) into
 *   the lists (env SAMPLE_PORTAL_CORPUS).
 * @param {(lists: Record<string, object[]>) => void} [options.edit]  changes the dataset in place before it is served
 *   (an editor's change; see buildDataset).
 * @param {'all'|'no-dialog'|'none'} [options.notifications]  which notifications to answer
 *   (env SAMPLE_PORTAL_NOTIFICATIONS, default 'all').
 * @param {string} [options.storeFile]  JSON Lines file of accepted contact forms
 *   (env SAMPLE_PORTAL_STORE_FILE, default `os.tmpdir()/sample-portal-submissions.jsonl`).
 * @param {string} [options.captchaText]  fixed answer of every captcha, for browser tests
 *   (env SAMPLE_PORTAL_CAPTCHA_TEXT); random 4 characters when absent.
 * @param {object|number|string} [options.rateLimit]  form submissions per client and window, see parseRateLimit
 *   (env SAMPLE_PORTAL_RATE_LIMIT, default 5 per minute).
 * @param {() => Date} [options.now]  the clock (tests): decides today's bookable days.
 * @param {boolean} [options.strict]  answer only the API endpoints of REFERENCE.md "Portal API"; the catalogue's `beyondSpec` calls
 *   (captchaAudio, addAppointment) get the 404 of an unknown path (env SAMPLE_PORTAL_STRICT=1, see parseStrict;
 *   default off). `/upload/` files and the `/__sample` control routes stay.
 * @returns {Promise<{ url: string, port: number, strict: boolean, close(): Promise<void>,
 *   setFaults(faults: object): void, setEdit(edit: (lists: Record<string, object[]>) => void): void, requestCounts(): Record<string, number>, resetRequestCounts(): void }>}
 *   `url` has no trailing slash.
 */
export async function startSamplePortal(options = {}) {
  // SAMPLE_PORTAL_* of src/settings.ts: the caller's, or, as the program the sample portal stands for (the insurer's
  // portal), its own configuration read once as it starts (tests change it between portals).
  const settings = options.settings ?? readSettings();
  const today = settings.SAMPLE_PORTAL_TODAY ?? taipeiToday();
  const {
    port = 0,
    host = '127.0.0.1',
    scale = settings.SAMPLE_PORTAL_SCALE,
    lean = false,
    corpus = settings.SAMPLE_PORTAL_CORPUS ?? 'none',
    notifications = settings.SAMPLE_PORTAL_NOTIFICATIONS ?? 'all',
    storeFile = settings.SAMPLE_PORTAL_STORE_FILE ?? path.join(os.tmpdir(), 'sample-portal-submissions.jsonl'),
    captchaText = settings.SAMPLE_PORTAL_CAPTCHA_TEXT,
    now = () => new Date(),
  } = options;
  const rateLimit = parseRateLimit(options.rateLimit ?? settings.SAMPLE_PORTAL_RATE_LIMIT);
  const strict = options.strict === undefined ? settings.SAMPLE_PORTAL_STRICT : parseStrict(options.strict);
  if (!NOTIFICATION_MODES.includes(notifications)) {
    throw new Error(`notifications must be one of ${NOTIFICATION_MODES.join(', ')}, got "${notifications}"`);
  }
  const faults = createFaults({ ...parseFaults(settings.SAMPLE_PORTAL_FAULTS), ...parseFaults(options.faults) });
  const forms = createForms({ captchaText, rateLimit, now, storeFile });
  const routerFor = (edit) =>
    createRouter({ strict, dataset: buildDataset({ scale: Number(scale) || 0, lean, corpus, edit, today }), notifications, forms, faults });
  let router = routerFor(options.edit);

  const server = http.createServer((req, res) => {
    router.handle(req, res).catch((error) => {
      if (res.headersSent || res.destroyed) return;
      if (error instanceof PortalError) sendJson(res, error.status, failure(error.code, error.message));
      else {
        console.error('[sample-portal]', error);
        sendJson(res, 500, failure(CODES.serverError, '系統發生錯誤'));
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
    /** Whether only the endpoints of REFERENCE.md "Portal API" are answered. */
    strict,
    /** Replace the fault map (see parseFaults). */
    setFaults: (next) => faults.set(next),
    /**
     * An editor publishes: the dataset is built again with `edit` (as the option `edit`, replacing it) and answered
     * from the next request on; request counts start again. Throws as buildDataset does (the old data stays).
     */
    setEdit(edit) {
      router = routerFor(edit);
    },
    /** Requests per endpoint name since start or the last reset. */
    requestCounts: () => router.requestCounts(),
    resetRequestCounts: () => router.resetRequestCounts(),
    /** Stop listening, drop open connections and pending slow answers. */
    close() {
      faults.cancelWaits();
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
        '       [--strict]   (only the endpoints of REFERENCE.md "Portal API"; others 404)\n' +
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
  console.log(`Sample portal listening on ${portal.url}${portal.strict ? ' (strict: REFERENCE.md "Portal API" endpoints only)' : ''}`);
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
