/**
 * The company (REFERENCE.md "Portal data", "Constants"): identity, contact information, hotlines, social links, its domains and time zone,
 * the external sites it links to, and the site's default description and share image. Each written once; the
 * other modules of src/site/ and every component import them from here (site constants split by concern,
 * REFERENCE.md "Layers").
 */

/** Company identity shown in the header, footer, titles and structured data. */
export const COMPANY = {
  name: '和泰產物保險股份有限公司',
  shortName: '和泰產險',
  englishName: 'Hotai Insurance Co., Ltd.',
  /** Year the current site started; the copyright line reads `2020 - <current year>` (REFERENCE.md "Routes"). */
  copyrightSince: 2020,
} as const;

/** Company contact information (REFERENCE.md "Portal data": "company info": addr, phone, fax, time). */
export const COMPANY_INFO = {
  addr: '10491 台北市中山區南京東路二段 109 號 8 樓',
  phone: '(02) 2562-8888',
  fax: '(02) 2562-8800',
  /** Company office hours (REFERENCE.md "Constants"). */
  time: '週一至週五 08:30–17:30',
} as const;

/** One hotline entry of the footer (REFERENCE.md "Portal data": title, tel, text, time). */
export interface Hotline {
  title: string;
  tel: string;
  text: string;
  time: string;
}

/** The four hotlines with their hours (REFERENCE.md "Constants"). */
export const HOTLINES: readonly Hotline[] = [
  { title: '客服專線', tel: '0800-880-550', text: '保單、繳費與一般諮詢', time: '非假日 08:30–18:00' },
  { title: '理賠及報案專線', tel: '0800-077-568', text: '事故報案與理賠進度', time: '08:30–17:30' },
  { title: '申訴專線', tel: '0800-501-888', text: '客戶申訴與意見反映', time: '08:30–17:30' },
  { title: '網路投保服務專線', tel: '0800-895-988', text: '網路投保操作協助', time: '09:00–18:00' },
];

/** Social links of the footer (REFERENCE.md "Portal data"). */
export const SOCIAL_LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/hotains' },
  { name: 'LINE', href: 'https://line.me/R/ti/p/@hotains' },
  { name: 'YouTube', href: 'https://www.youtube.com/@hotains' },
] as const;

/**
 * Hosts that count as the company's own (REFERENCE.md "Constants": links outside the company domain ask before leaving).
 * A link whose host is one of these or a subdomain of one is internal.
 */
export const COMPANY_DOMAINS = ['hotains.com.tw'] as const;

/** The site's time zone (Taiwan; UTC+8, no daylight saving since 1979): every date is read, shown and counted in it. */
export const SITE_TIME_ZONE = 'Asia/Taipei';

/**
 * SITE_TIME_ZONE's offset from UTC, in minutes east: +08:00 all year (Taiwan has kept no daylight saving time since
 * 1979; tests/unit/dates.test.ts checks it against the time-zone database, Node's Intl, twice a day over
 * 2022–2040). Dates are read and shown with this fixed offset (dayjs's `utc` plugin) rather than through the
 * time-zone database (dayjs's `timezone` plugin, i.e. Intl.DateTimeFormat with a timeZone): a page's first use of
 * that database loads it, 25–36 ms of main thread in Chromium before any notification date could show.
 */
export const SITE_UTC_OFFSET_MINUTES = 8 * 60;

/** Origin of the video embeds (REFERENCE.md "Portal API" videoUrl: `https://www.youtube-nocookie.com/embed/…`): the one frame host the
 * portal schema accepts for videos and the CSP's `frame-src` allows. */
export const VIDEO_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

/** External sites (REFERENCE.md "Page frame": "External links open in a new tab"). */
export const EXTERNAL = {
  onlineInsurance: 'https://ebiz.hotains.com.tw',
  onlineCar: 'https://ebiz.hotains.com.tw/car',
  onlineMotor: 'https://ebiz.hotains.com.tw/motor',
  onlineTravel: 'https://ebiz.hotains.com.tw/travel',
  onlineInjury: 'https://ebiz.hotains.com.tw/injury',
  onlineFire: 'https://ebiz.hotains.com.tw/fire',
  onlineTravelCard: 'https://ebiz.hotains.com.tw/travel-card',
  payment: 'https://ebiz.hotains.com.tw/payment',
  policyQuery: 'https://ebiz.hotains.com.tw/policy',
  certificateDownload: 'https://ebiz.hotains.com.tw/certificate',
  ePolicyDownload: 'https://ebiz.hotains.com.tw/e-policy',
  memberLogin: 'https://ebiz.hotains.com.tw/member/login',
  chatbot: 'https://chatbot.hotains.com.tw',
  financeFriendly: 'https://ff.hotains.com.tw',
  englishSite: 'https://www.hotains.com.tw/en',
} as const;

/** Default meta description of pages that do not pass their own (SiteLayout). */
export const SITE_DESCRIPTION = '和泰產險提供汽車險、機車險、旅平險、傷害健康險、住宅險與企業保險，線上投保、理賠服務與保單查詢，全年守護您的生活。';

/** The default share image (og:image) of pages without their own: public/og-default.jpg, size in px. */
export const OG_DEFAULT_IMAGE = {
  path: '/og-default.jpg',
  width: 1200,
  height: 630,
  alt: `${COMPANY.shortName} 標誌與「${COMPANY.name}」字樣`,
} as const;
