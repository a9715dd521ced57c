/**
 * The endpoint catalogue of the portal web API (REFERENCE.md "Portal API"). Every path is written here once; the client,
 * the content loader and the sample portal all read it from this module.
 *
 * Each entry: `method`, `path` (relative to the portal base) and, for the lists loaded at build time,
 * the default `query` the site sends. Names follow the site's vocabulary (news, events, winners, …),
 * the paths keep the portal's own spelling.
 */

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
 * All endpoints of REFERENCE.md "Portal API" (and the two above that it does not show, marked `beyondSpec`), keyed by the site's name
 * for them.
 */
export const ENDPOINTS = {
  // The spec says "with query parameter" without naming it; the portal filters decrees by language.
  decrees: get('decrees', '/api/PortalDecree/GetPutOnDecree', 'decrees (法令規章)', { lang: 'zh-TW' }),
  videos: get('videos', '/api/PortalVideoSharing/GetPutOnVideoSharing', 'videos (影音專區)'),
  newsCategories: get('newsCategories', '/api/PortalCorporateMessage/GetCorporateMessageCategory', 'news categories'),
  news: get('news', '/api/PortalCorporateMessage/GetPutOnCorporateMessage', 'news (公司新聞)'),
  eventCategories: get('eventCategories', '/api/PortalActivityInfo/GetActivityInfoCategory', 'event categories'),
  events: get('events', '/api/PortalActivityInfo/GetPutOnActivityInfo', 'events (活動專區)'),
  winnerCategories: get('winnerCategories', '/api/PortalWinningPublish/GetWinningPublishCategory', 'winner categories'),
  winners: get('winners', '/api/PortalWinningPublish/GetPutOnWinningPublish', 'winner announcements (得獎公告)'),
  coupons: get('coupons', '/api/PortalGoodSharing/GetPutOnGoodSharing', 'coupons (優惠專區)'),
  shareCategories: get('shareCategories', '/api/PortalInformationSharing/GetInformationSharingCategory', 'share categories'),
  shares: get('shares', '/api/PortalInformationSharing/GetPutOnInformationSharing', 'shared information (資訊分享)'),
  locationCategories: get('locationCategories', '/api/PortalServiceBase/GetServiceBaseCategory', 'location areas'),
  locations: get('locations', '/api/PortalServiceBase/GetPutOnServiceBase', 'service locations (服務據點)'),
  faqCategories: get('faqCategories', '/api/PortalCommonProblem/GetCommonProblemCategory', 'FAQ categories'),
  faqs: get('faqs', '/api/PortalCommonProblem/GetPutOnCommonProblem', 'FAQ items (常見問題)'),
  publicDisclosureCategories: get('publicDisclosureCategories', '/api/PortalPublicInfo/GetPublicInfoCategory', 'public disclosure categories'),
  publicDisclosures: get('publicDisclosures', '/api/PortalPublicInfo/GetPutOnPublicInfo', 'public disclosures (公開資訊)'),
  downloadCategories: get('downloadCategories', '/api/PortalDocumentDownload/GetDocumentDownloadCategory', 'download categories'),
  downloads: get('downloads', '/api/PortalDocumentDownload/GetPutOnDocumentDownload', 'downloads (文件下載)'),
  staff: get('staff', '/api/PortalQualityServiceStaff/GetPutOnQualityServiceStaff', 'quality service staff list'),
  homeBanners: get('homeBanners', '/api/portalHomeSlider/getPutOnHomeSlider', 'home banners'),
  addProblemForm: PROBLEM_FORM_ENDPOINT,
  captcha: CAPTCHA_ENDPOINT,
  captchaAudio: CAPTCHA_AUDIO_ENDPOINT,
  notifications: NOTIFICATIONS_ENDPOINT,
  listCodes: LIST_CODES_ENDPOINT,
  contractChanges: post('contractChanges', '/api/common/getContractChangeInsuranceList', 'contract-change insurance list (保單變更)'),
  holidays: HOLIDAYS_ENDPOINT,
  addAppointment: APPOINTMENT_ENDPOINT,
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;

/** Whether REFERENCE.md "Portal API" lists an endpoint (false for the calls marked `beyondSpec`). */
export const inSpec = (endpoint: Endpoint): boolean => endpoint.beyondSpec !== true;

/** Human-readable label of an endpoint for error messages, e.g. `GET /api/PortalDecree/GetPutOnDecree`. */
export const describeEndpoint = (endpoint: Endpoint): string => `${endpoint.method} ${endpoint.path}`;
