/**
 * Numbers of the site, each with its unit (spec §9 and site choices): page sizes, portal call limits, snapshot
 * rules, timings (ms), breakpoints (px), search and reader settings. Settings from the environment are
 * src/settings.ts, not here.
 */

/** Items per page in the portal lists (news, events, winners, shares). Not in the spec; a site choice. */
export const LIST_PAGE_SIZE = 9;
/** Items per page of the coupon list. */
export const COUPON_PAGE_SIZE = 9;
/** Items shown per home-page section (latest news, events, coupons). */
export const HOME_SECTION_SIZE = 4;

/** The success code of the portal envelope (spec §7, §9). */
export const PORTAL_SUCCESS_CODE = 20000;
/** Default time limit of one portal call, in ms (issue 2). */
export const PORTAL_TIMEOUT_MS = 15_000;
/** Retries after the first attempt on network errors and 5xx answers. */
export const PORTAL_RETRIES = 2;
/** First backoff delay between retries, in ms (doubles each retry). */
export const PORTAL_RETRY_MIN_DELAY_MS = 300;
/**
 * Stale-if-error (issue 6): a portal list that fails at build time may be served from its last good snapshot when
 * that snapshot is younger than this, in hours (env PORTAL_SNAPSHOT_MAX_AGE_HOURS overrides it).
 */
export const PORTAL_SNAPSHOT_MAX_AGE_HOURS = 24;
/**
 * Item-drop guard (issue 6): a list that loads live with fewer items than this fraction of its count in the last
 * good build fails the build unless PORTAL_ALLOW_ITEM_DROP names it (0.5: losing more than half fails).
 */
export const PORTAL_MIN_ITEM_RATIO = 0.5;
/** Folder of the portal snapshots inside Astro's cacheDir (node_modules/.astro), unless PORTAL_SNAPSHOT_DIR. */
export const PORTAL_SNAPSHOT_FOLDER = 'portal-snapshots';
/** The build report in dist/ (issue 6): per list its item count, source and age; not linked, not indexed. */
export const BUILD_REPORT_FILE = 'build-report.json';
/**
 * Quarantine (issue 16): an item quarantined for longer than this, in hours, fails the build naming it (env
 * PORTAL_QUARANTINE_MAX_AGE_HOURS overrides it).
 */
export const PORTAL_QUARANTINE_MAX_AGE_HOURS = 24;
/** The publish report page for editors in dist/ (issue 16): noindex, linked from no page, not in the sitemap. */
export const PUBLISH_REPORT_PATH = '/_publish/';
/** Page paths listed per group (added, changed, removed) in the publish report and the job summary; the rest counted. */
export const PUBLISH_REPORT_MAX_PAGES = 300;
/** File of the last published build's page digests (path → hash) in the snapshot folder (issue 16). */
export const PAGE_DIGESTS_FILE = 'page-digests.json';
/** Time limit of the PUBLISH_NOTIFY_URL notification, in ms: a slow receiver never holds a publish up. */
export const PUBLISH_NOTIFY_TIMEOUT_MS = 5_000;

/** Timings of spec §9, in ms or px as named. */
export const TIMING = {
  headerActiveScrollPx: 300,
  notificationAutoOpenMs: 300,
  progressBarThrottleMs: 200,
  progressBarDurationMs: 5000,
  pageViewDelayMs: 250,
  backToTopScrollPx: 500,
  backToTopDurationMs: 300,
} as const;

/** Notification categories (spec §4, §9). */
export const NOTIFICATION_CATEGORY = { dialog: 1, bell: 2, banner: 8 } as const;

/** Side dock: 5 news and 5 coupons (spec §9). */
export const DOCK_ITEMS = 5;
/** Reader speed default (spec §9). */
export const READER_DEFAULT_SPEED = 1;

/** Home carousel auto-advance interval, in ms (site choice; pausable, off under reduced motion). */
export const CAROUSEL_INTERVAL_MS = 6000;

/** Language of the site-search index (Pagefind), written at the end of the build (src/integrations/search-index.ts). */
export const SEARCH_INDEX_LANGUAGE = 'zh-TW';
/**
 * Parts of `main` the site search leaves out, besides what Pagefind skips itself (nav, form, footer, …) and
 * `data-pagefind-ignore`: text that is never shown, such as the （另開新視窗） hints, and the ':::' access-key anchors (issue 14: excerpts
 * began with `::`) stay out of results and excerpts.
 */
export const SEARCH_INDEX_EXCLUDE = ['.visually-hidden', '.accesskey'] as const;
/** Results shown on /search before 載入更多結果, and added per click. Site choice. */
export const SEARCH_PAGE_SIZE = 10;

/** Videos per page of `/video/{page}` (each is an embedded player, so fewer than the article lists). Site choice. */
export const VIDEO_PAGE_SIZE = 6;
/** Files per page of a download item, `/download/{category}/{id}/{page}`. Site choice. */
export const DOWNLOAD_PAGE_SIZE = 10;
/**
 * Items in the side navigation of a download item page: the block of this many items that holds the current one,
 * with links to the blocks before and after it. Bounds a page's size however large a category grows (issue 17
 * finding 7: 2,100 items in one category made every page 639 KB). Site choice.
 */
export const DOWNLOAD_NAV_SIZE = 10;
/**
 * Questions per page of an FAQ category: page 1 at `/faq/{category}` (spec §2), pages 2..n at
 * `/faq/{category}/{page}` (issue 17 deliverable 5: large categories paginate). Site choice.
 */
export const FAQ_PAGE_SIZE = 30;
/**
 * Branches per page of a location area: page 1 at `/about/locations/{area}` (spec §2), pages 2..n at
 * `/about/locations/{area}/{page}` (issue 17 deliverable 5). Site choice.
 */
export const LOCATION_PAGE_SIZE = 24;
/** Questions shown per FAQ category on the `/faq/service` overview (≤ FAQ_PAGE_SIZE: they link into page 1). Site choice. */
export const FAQ_SERVICE_TOP = 3;

/**
 * Font-size steps of the font-size control (spec §3 "Font size (default 0)"): the step is kept in localStorage
 * and scales the root font size by `percentPerStep` % per step (rem-based design, so the whole page scales).
 */
export const FONT_SIZE = { min: -1, max: 2, default: 0, percentPerStep: 12.5 } as const;

/** Playback rates offered by the audio reader (×); READER_DEFAULT_SPEED is one of them. */
export const READER_SPEEDS = [0.75, 1, 1.25, 1.5] as const;

/** Toasts (spec §8): distance from the viewport edge in px, and how long one stays, in ms. */
export const TOAST = { offsetPx: 100, durationMs: 4000 } as const;

/**
 * After a failed chunk load the page reloads once (spec §4, §8); another failure within this many ms of that
 * reload does not reload again (no reload loop).
 */
export const CHUNK_RELOAD_GUARD_MS = 60_000;

/**
 * Viewport width in px from which the right-hand dock is a vertical strip at the right edge (desktop-sized windows,
 * issue 14 item 6); below (phones, tablets in portrait), a bottom bar. The CSS repeats it as a literal in @media
 * (Dock.astro, ChatRoom.astro, src/styles/widgets.css).
 */
export const DOCK_STRIP_MIN_WIDTH_PX = 1024;

/**
 * Viewport width in px from which the chat panel is a side panel (24rem wide, ChatRoom.astro's `min-width: 640px`
 * query) and a chat left open is shown open again on the next page. Below, the panel spans the screen from the
 * header to the dock bar, so a restored chat waits behind its launcher instead (issue 14 item 3).
 */
export const CHAT_RESTORE_MIN_WIDTH_PX = 640;

/*
 * Interface texts of the site-wide widgets, one export per widget: browser bundles then carry only the texts of
 * the widgets they render (a bundler keeps a whole object, never a part of one).
 */
