/**
 * The endpoint catalogue of the portal web API (REFERENCE.md "Portal API"): the lists' endpoints, declared with their lists in the
 * list registry (src/site/lists.ts), and the calls of the browser, written here. The client, the content loader and
 * the sample portal all read the catalogue from this module.
 *
 * Each entry: `method`, `path` (relative to the portal base) and, for the lists loaded at build time,
 * the default `query` the site sends. Names follow the site's vocabulary (news, events, winners, …),
 * the paths keep the portal's own spelling.
 */

import { PORTAL_LIST_ENTRIES, type PortalListName } from '../site/lists.ts';

export type HttpMethod = 'GET' | 'POST';

export interface Endpoint {
  /** Catalogue key, e.g. `news`. */
  name: string;
  method: HttpMethod;
  /** Path under the portal base, starting with `/api/`. */
  path: string;
  /** Query parameters sent by default (GET). */
  query?: Readonly<Record<string, string>>;
  /** What the endpoint returns, for messages and documentation. */
  summary: string;
  /**
   * `true` for a call the site makes that REFERENCE.md "Portal API" does not list: the insurer's portal may not
   * answer it, so the site must cope with a 404 (.github/OPERATIONS.md "Portal endpoints beyond the spec"), and the sample portal's
   * strict mode (scripts/sample-portal/README.md) answers 404 to it. Absent for the endpoints of REFERENCE.md "Portal API".
   */
  beyondSpec?: true;
}

// No side effects: a bundle that uses a single endpoint leaves the unused catalogue entries out.
const get = /* @__NO_SIDE_EFFECTS__ */ (name: string, path: string, summary: string, query?: Record<string, string>): Endpoint => ({
  name,
  method: 'GET',
  path,
  summary,
  ...(query ? { query } : {}),
});
const post = /* @__NO_SIDE_EFFECTS__ */ (name: string, path: string, summary: string, beyondSpec?: true): Endpoint => ({
  name,
  method: 'POST',
  path,
  summary,
  ...(beyondSpec ? { beyondSpec } : {}),
});

/**
 * The notification check, called by the browser on every page (REFERENCE.md "Widget states"). Also exported on its own so that
 * browser code importing it bundles this entry only, not the whole catalogue (REFERENCE.md "Budgets" budgets).
 */
export const NOTIFICATIONS_ENDPOINT = post('notifications', '/api/Common/GetPortalNotification', 'system notifications');

/**
 * The browser calls of the contact form and the appointment service, exported on their own for the same
 * reason. Two of them are not in REFERENCE.md "Portal API" (the spec shows no appointment call and no captcha alternative):
 * - `captchaAudio` — `POST /api/portalCustomerProblemForm/getCaptchaAudio`, body `{ captchaId }` → `{ text }`
 *   (the characters to speak, read aloud by the browser's speech synthesis) and/or `{ audio }` (an audio URL the
 *   portal may render instead): the non-visual alternative of the captcha image (WCAG 1.1.1).
 * - `addAppointment` — `POST /api/portalServiceAppointment/addAppointment`, body: the appointment
 *   (src/lib/forms/appointment.ts) → `{ ticketNo }`.
 */
export const PROBLEM_FORM_ENDPOINT = post('addProblemForm', '/api/portalCustomerProblemForm/addProblemForm', 'contact form submission');
export const CAPTCHA_ENDPOINT = post('captcha', '/api/portalCustomerProblemForm/getCaptcha', 'contact form captcha');
export const CAPTCHA_AUDIO_ENDPOINT = post(
  'captchaAudio',
  '/api/portalCustomerProblemForm/getCaptchaAudio',
  'spoken alternative of a captcha (not in REFERENCE.md "Portal API")',
  true,
);
export const LIST_CODES_ENDPOINT = post('listCodes', '/api/common/getListCodeValid', 'code lists (e.g. question types)');
export const HOLIDAYS_ENDPOINT = get('holidays', '/api/common/getSettingHoliday', 'holiday settings');
export const APPOINTMENT_ENDPOINT = post(
  'addAppointment',
  '/api/portalServiceAppointment/addAppointment',
  'appointment service booking (not in REFERENCE.md "Portal API")',
  true,
);

/**
 * The list endpoints, one per portal list of the list registry (src/site/lists.ts PORTAL_LIST_ENTRIES: its method,
 * path, default query and summary are declared there, with the rest of the list).
 */
const listEndpointsOf = /* @__NO_SIDE_EFFECTS__ */ (): Record<PortalListName, Endpoint> =>
  Object.fromEntries(
    Object.entries(PORTAL_LIST_ENTRIES).map(([name, entry]) => [
      name,
      entry.method === 'POST' ? post(name, entry.endpoint, entry.summary) : get(name, entry.endpoint, entry.summary, entry.query),
    ]),
  ) as Record<PortalListName, Endpoint>;

/**
 * All endpoints of REFERENCE.md "Portal API" (and the two above that it does not show, marked `beyondSpec`), keyed by the site's name
 * for them: the lists of the list registry, then the calls the browser makes.
 */
export const ENDPOINTS = {
  ...listEndpointsOf(),
  addProblemForm: PROBLEM_FORM_ENDPOINT,
  captcha: CAPTCHA_ENDPOINT,
  captchaAudio: CAPTCHA_AUDIO_ENDPOINT,
  notifications: NOTIFICATIONS_ENDPOINT,
  listCodes: LIST_CODES_ENDPOINT,
  holidays: HOLIDAYS_ENDPOINT,
  addAppointment: APPOINTMENT_ENDPOINT,
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;

/** Whether REFERENCE.md "Portal API" lists an endpoint (false for the calls marked `beyondSpec`). */
export const inSpec = (endpoint: Endpoint): boolean => endpoint.beyondSpec !== true;

/** Human-readable label of an endpoint for error messages, e.g. `GET /api/PortalDecree/GetPutOnDecree`. */
export const describeEndpoint = (endpoint: Endpoint): string => `${endpoint.method} ${endpoint.path}`;
