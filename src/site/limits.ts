/**
 * Numbers of the site, each with its unit (REFERENCE.md "Constants" and site choices): page sizes, portal call limits, snapshot
 * rules, timings (ms), breakpoints (px), search and reader settings. Settings from the environment are
 * src/settings.ts, not here.
 */

/** Items per page of the article sections' lists (news, events, winners, shares; src/site/sections.ts). Not in the spec; a site choice. */
export const LIST_PAGE_SIZE = 9;
/** Items per page of the coupon list. */
export const COUPON_PAGE_SIZE = 9;
/** Items shown per home-page section (latest news, events, coupons). */
export const HOME_SECTION_SIZE = 4;

/** The success code of the portal envelope (REFERENCE.md "Portal API", "Constants"). */
export const PORTAL_SUCCESS_CODE = 20000;
/** Default time limit of one portal call, in ms (env PORTAL_TIMEOUT_MS overrides it). Site choice. */
export const PORTAL_TIMEOUT_MS = 15_000;
/** Retries after the first attempt on network errors and 5xx answers. */
export const PORTAL_RETRIES = 2;
/** First backoff delay between retries, in ms (doubles each retry). */
export const PORTAL_RETRY_MIN_DELAY_MS = 300;
/**
 * Redirects within the portal's own origin that one portal call follows, a count (REFERENCE.md "Publishing rules": the site publishes
 * only what its configured portal answers). A redirect to another origin is never followed, nor one beyond this
 * count: the call fails with PortalRedirectError (src/portal/client.ts).
 */
export const PORTAL_MAX_REDIRECTS = 3;
/**
 * Largest portal answer accepted, in bytes of the decompressed body (32 MiB). Counted while the body streams in, so
 * a huge body or a gzip bomb fails its call as "too large" after reading at most this much (PortalTooLargeError).
 * Size: the largest list of the sample portal at `--scale 10000` (news, about 3,400 items with rich text) is
 * 2.4 MB, so a 10,000-item news list is about 7 MB; 32 MiB leaves more than four times that.
 */
export const PORTAL_MAX_BODY_BYTES = 33_554_432;
/**
 * Deepest nesting of arrays and objects accepted in a portal answer, in levels (the envelope object is level 1, an
 * item of `data` level 3; real answers stay under 10). The client parses any depth without recursion, but later steps
 * of the build recurse through the answer: on Node 24's default stack JSON.stringify (the answer's digest, the
 * snapshot) overflows at about 3,500 levels, structuredClone at about 3,300, devalue and zod's z.json() at about
 * 1,660. 500 keeps every one of them far from overflowing; a deeper answer fails its call naming the item
 * (PortalFormatError, src/portal/client.ts).
 */
export const PORTAL_MAX_JSON_DEPTH = 500;
/**
 * Stale-if-error (REFERENCE.md "Publishing rules": the last good snapshot, ≤ 24 h): a portal list that fails at build time may be served
 * from its last good snapshot when that snapshot is younger than this, in hours (env PORTAL_SNAPSHOT_MAX_AGE_HOURS
 * overrides it).
 */
export const PORTAL_SNAPSHOT_MAX_AGE_HOURS = 24;
/**
 * Item-drop guard (against a portal that answers 20000 with an empty or shrinking list): a list that loads live with
 * fewer items than this fraction of its baseline (the most it had in a published build, or a count an editor
 * confirmed; src/portal/snapshots.ts checkItemCount) fails the build unless PORTAL_ALLOW_ITEM_DROP names it (0.5:
 * losing more than half fails).
 */
export const PORTAL_MIN_ITEM_RATIO = 0.5;
/** Folder of the portal snapshots inside Astro's cacheDir (node_modules/.astro), unless PORTAL_SNAPSHOT_DIR. */
export const PORTAL_SNAPSHOT_FOLDER = 'portal-snapshots';
/** Folder of the image variants kept between builds inside Astro's cacheDir, unless IMAGE_CACHE_DIR. */
export const IMAGE_CACHE_FOLDER = 'image-cache';
/** Folder of the audio reader's synthesis cache inside Astro's cacheDir, unless READER_CACHE_DIR. */
export const READER_CACHE_FOLDER = 'reader-cache';
/** Folder of the gzip and brotli copies kept between builds inside Astro's cacheDir (src/integrations/precompress.ts). */
export const PRECOMPRESS_CACHE_FOLDER = 'precompressed';
/** The build report in dist/: per list its item count, source and age; not linked, not indexed. */
export const BUILD_REPORT_FILE = 'build-report.json';
/**
 * Quarantine (REFERENCE.md "Publishing rules": a problem cannot hide forever): an item quarantined for longer than this, in hours, fails
 * the build naming it (env PORTAL_QUARANTINE_MAX_AGE_HOURS overrides it).
 */
export const PORTAL_QUARANTINE_MAX_AGE_HOURS = 24;
/** The publish report page for editors in dist/: noindex, linked from no page, not in the sitemap. */
export const PUBLISH_REPORT_PATH = '/_publish/';
/** Page paths listed per group (added, changed, removed) in the publish report and the job summary; the rest counted. */
export const PUBLISH_REPORT_MAX_PAGES = 300;
/**
 * File of the last published build's page digests (path → hash) in the snapshot folder: the publish report's added,
 * changed and removed pages.
 */
export const PAGE_DIGESTS_FILE = 'page-digests.json';
/** Time limit of the PUBLISH_NOTIFY_URL notification, in ms: a slow receiver never holds a publish up. */
export const PUBLISH_NOTIFY_TIMEOUT_MS = 5_000;

/** Timings of REFERENCE.md "Constants", in ms or px as named. */
export const TIMING = {
  headerActiveScrollPx: 300,
  notificationAutoOpenMs: 300,
  progressBarThrottleMs: 200,
  progressBarDurationMs: 5000,
  pageViewDelayMs: 250,
  backToTopScrollPx: 500,
  backToTopDurationMs: 300,
} as const;

/** Notification categories (REFERENCE.md "Widget states", "Constants"). */
export const NOTIFICATION_CATEGORY = { dialog: 1, bell: 2, banner: 8 } as const;

/**
 * Most notifications the browser keeps and renders per category of REFERENCE.md "Widget states" (NOTIFICATION_CATEGORY), newest start
 * date first; the rest of an answer is only counted (the bell panel says 另有 N 則公告未顯示), never validated in full
 * nor rendered, so an answer of any length costs the page a bounded amount of work (10,000 notifications rendered
 * whole were 106,330 DOM nodes and a main-thread task of 9–12 s). Site choice: the bell panel lists `bell` items;
 * the banner and the system dialog show one at a time, the next after 我知道了 or 確認, so a few are enough.
 */
export const NOTIFICATIONS_SHOWN_MAX = { dialog: 3, bell: 20, banner: 3 } as const;
/**
 * Largest notification answer the browser reads, in bytes (the portal client's maxBodyBytes for
 * `POST /api/Common/GetPortalNotification`; the build's lists have PORTAL_MAX_BODY_BYTES). Reading an answer
 * (strict UTF-8, JSON and its checks) is one task of the page's main thread that grows with its size: about
 * 100 ms for 1.5 MB (10,000 notifications of a short text each) on the test machine, 300 ms for 10 MB. A larger
 * answer fails the check, silently like any failure (REFERENCE.md "Failures"). Site choice.
 */
export const NOTIFICATIONS_MAX_BODY_BYTES = 2 * 1024 * 1024;
/**
 * Items of a notification answer read per task of the page's main thread before the next task (src/lib/notifications.ts
 * selectNotificationsInSlices): a 10,000-item answer is read in 5 tasks of a few ms each rather than one long one.
 * Site choice.
 */
export const NOTIFICATIONS_SLICE_ITEMS = 2_000;
/**
 * Largest number the header bell shows as its count; a larger count reads `99+` (the badge stays two digits wide).
 * Site choice.
 */
export const NOTIFICATION_COUNT_MAX = 99;

/** Side dock: 5 news and 5 coupons (REFERENCE.md "Constants"). */
export const DOCK_ITEMS = 5;
/** Reader speed default (REFERENCE.md "Constants"). */
export const READER_DEFAULT_SPEED = 1;

/** Home carousel auto-advance interval, in ms (site choice; pausable, off under reduced motion). */
export const CAROUSEL_INTERVAL_MS = 6000;
/**
 * Home carousel: how long before an automatic advance the next banner starts to load, in ms. Banners after the first
 * load only when they are about to show (or at the visitor's first touch of the carousel), not with the page: a
 * phone's first visit otherwise downloads every banner (about 60 KB each) for one it sees. 2 s fetches a 60 KB
 * variant on Lighthouse's slow mobile line (1.6 Mbit/s, 150 ms round trips) with time to spare. Site choice.
 */
export const CAROUSEL_PRELOAD_LEAD_MS = 2000;
/**
 * Home carousel: most banners that get one dot button each; with more, the controls show a `3 / 16` counter between
 * 上一張 and 下一張 instead. A dot is 24 px with a 4 px gap, so 8 dots (220 px) fit one row of a 320 px phone, and
 * 8 dots with the arrows and 暫停輪播 fit the 480 px and wider layouts where the controls sit over the image (16 dots
 * were 403 px wide and overflowed a 390 px phone). Site choice.
 */
export const CAROUSEL_DOTS_MAX = 8;

/** Language of the site-search index (Pagefind), written at the end of the build (src/integrations/search-index.ts). */
export const SEARCH_INDEX_LANGUAGE = 'zh-TW';
/**
 * Parts of `main` the site search leaves out, besides what Pagefind skips itself (nav, form, footer, …) and
 * `data-pagefind-ignore`: text that is never shown, such as the （另開新視窗） hints, and the ':::' access-key anchors
 * (excerpts began with `::`) stay out of results and excerpts.
 */
export const SEARCH_INDEX_EXCLUDE = ['.visually-hidden', '.accesskey'] as const;
/**
 * Word positions per chunk of the search index, after which a chunk may end (src/integrations/search-chunks.ts).
 * Pagefind's own 20,000 made chunks of about 24 KB gzip, and a query of a few Han characters loaded three or four of
 * them; chunks of 1,000 positions hold a character and its words in 2–3 KB (a frequent character's alone up to about
 * 6 KB), while the metadata, which every search loads, gets one entry (about 25 bytes) per chunk. On the sample site
 * 2,500 positions made 94 chunks and about 49 KB of index for the median query of the visitors' set, 1,000 make 197
 * chunks and about 32 KB with 1.5 KB more metadata; fewer positions gain little more and cost a 10,000-item site's
 * metadata much. Site choice, measured by `npm run bench`.
 */
export const SEARCH_INDEX_CHUNK_LOCATIONS = 1000;
/** Results shown on /search before 載入更多結果, and added per click. Site choice. */
export const SEARCH_PAGE_SIZE = 10;
/**
 * Budget of the site search: bytes of a first search, in KB of 1,024 bytes as served (gzip): what a
 * visitor with an empty cache downloads under /pagefind/ for one query — Pagefind's loader and wasm (it searches on
 * the main thread, no worker), the lexicon, the index chunks and the first page of results' fragments (scripts/search-recall.mjs measures it), on the
 * sample site and at 1,000 items, for the median query (a typical first search) and each recommended search of the
 * overlay; the bench lists the queries over it. Pagefind's own files take about 69 KB of it. Site choice.
 */
export const SEARCH_FIRST_SEARCH_KB = 160;

/** Videos per page of `/video/{page}` (each is an embedded player, so fewer than the article lists). Site choice. */
export const VIDEO_PAGE_SIZE = 6;
/** Files per page of a download item, `/download/{category}/{id}/{page}`. Site choice. */
export const DOWNLOAD_PAGE_SIZE = 10;
/**
 * Items in the side navigation of a download item page: the block of this many items that holds the current one,
 * with links to the blocks before and after it. Bounds a page's size however large a category grows
 * (2,100 items in one category made every page 639 KB). Site choice.
 */
export const DOWNLOAD_NAV_SIZE = 10;
/**
 * Questions per page of an FAQ category: page 1 at `/faq/{category}` (REFERENCE.md "Routes"), pages 2..n at
 * `/faq/{category}/{page}` (large categories paginate, so a page's size stays bounded). Site choice.
 */
export const FAQ_PAGE_SIZE = 30;
/**
 * Branches per page of a location area: page 1 at `/about/locations/{area}` (REFERENCE.md "Routes"), pages 2..n at
 * `/about/locations/{area}/{page}` (large areas paginate, so a page's size stays bounded). Site choice.
 */
export const LOCATION_PAGE_SIZE = 24;
/** Questions shown per FAQ category on the `/faq/service` overview (≤ FAQ_PAGE_SIZE: they link into page 1). Site choice. */
export const FAQ_SERVICE_TOP = 3;

/**
 * Font-size steps of the font-size control (REFERENCE.md "Portal data": "Font size (default 0)"): the step is kept in localStorage
 * and scales the root font size by `percentPerStep` % per step (rem-based design, so the whole page scales).
 */
export const FONT_SIZE = { min: -1, max: 2, default: 0, percentPerStep: 12.5 } as const;

/** Playback rates offered by the audio reader (×); READER_DEFAULT_SPEED is one of them. */
export const READER_SPEEDS = [0.75, 1, 1.25, 1.5] as const;

/**
 * Longest link shown under the destination host in the external-link confirmation (REFERENCE.md "Constants"), in characters; a longer
 * one is cut with `…` (the link followed is whole), so the dialog stays within the screen. Site choice.
 */
export const EXTERNAL_URL_SHOWN_MAX_CHARS = 300;

/**
 * Largest captcha image accepted from `POST .../getCaptcha`, in bytes of the decoded data: URL (the portal's SVG
 * of 4 characters is about 5–15 KB). A larger image (a 7 MB SVG was accepted) is refused: the form shows its retry
 * message instead (src/lib/forms/captcha-image.ts). Site choice.
 */
export const CAPTCHA_IMAGE_MAX_BYTES = 200 * 1024;

/** Toasts (REFERENCE.md "Failures"): distance from the viewport edge in px, and how long one stays, in ms. */
export const TOAST = { offsetPx: 100, durationMs: 4000 } as const;

/**
 * After a failed chunk load the page reloads once (REFERENCE.md "Widget states", "Failures"); another failure within this many ms of that
 * reload does not reload again (no reload loop).
 */
export const CHUNK_RELOAD_GUARD_MS = 60_000;

/**
 * Viewport width in px from which the right-hand dock is a vertical strip at the right edge (desktop-sized windows,
 * where the dock stays on the right); below (phones, tablets in portrait), a bottom bar. The CSS repeats it as a
 * literal in @media (Dock.astro, ChatRoom.astro, src/styles/widgets.css).
 */
export const DOCK_STRIP_MIN_WIDTH_PX = 1024;

/**
 * Viewport width in px from which the chat panel is a side panel (24rem wide, ChatRoom.astro's `min-width: 640px`
 * query) and a chat left open is shown open again on the next page. Below, the panel spans the screen from the
 * header to the dock bar, so a restored chat waits behind its launcher instead (REFERENCE.md "Widget states": the chat, once opened, is
 * kept).
 */
export const CHAT_RESTORE_MIN_WIDTH_PX = 640;

/**
 * Smallest share of a phone's first screen below the header (a fraction of that area, 0–1) that the fixed parts
 * over the page leave to it on a first visit to home, when the cookie notice and the dock bar show at once: most
 * visitors come on phones and must see the page they came to. The banner is part of the page (it scrolls away) and
 * the bell panel a popover the visitor closes (a tap outside, Escape, focus moving on), sized for
 * BELL_PHONE_NOTICES_MIN notices; the cookie notice keeps to one line (CookieNotice.astro).
 * tests/e2e/layout.spec.ts measures it at 390 × 780 px.
 */
export const PHONE_FIRST_SCREEN_PAGE_SHARE_MIN = 0.5;

/**
 * Fewest notices the bell panel 最新公告 shows whole or in part on a phone (390 × 780 px, with the banner above it,
 * the cookie notice and the dock bar below), so that a visitor sees it is a list, not one notice
 * (src/styles/widgets.css; tests/e2e/notices.spec.ts).
 */
export const BELL_PHONE_NOTICES_MIN = 3;

/**
 * JavaScript budgets of REFERENCE.md "Budgets", in KB of 1,024 bytes of gzip (level 6), counted as the benchmark counts them
 * (scripts/js-weight.mjs jsWeight: every module script, island component and renderer a page references, static
 * imports followed, plus its inline scripts): a content page at most `contentPage` before anyone acts (its islands
 * wait for intent and are imported only then, so what it references is what it loads), the heaviest page (the forms,
 * the FORM_PAGES of scripts/bench/weight.mjs, which marks a page over its budget) at most `heaviestPage` with every
 * island it can open. React 19 alone is about 69 KB, which is why no content page references it.
 */
export const JS_BUDGET_KB = { contentPage: 25, heaviestPage: 100 } as const;

/**
 * What a first visit to one of the bench's pages may download in all, in KB of 1,024 bytes on the wire: the page
 * with everything it shows on a 390 px phone (photographs included) and the offline worker's precache that follows
 * `load` (scripts/bench/weight.mjs, which marks a visit over it). Site choice (the target of the work that brought
 * the portal's photographs): a visitor's mobile data is theirs.
 */
export const FIRST_VISIT_BUDGET_KB = 400;

/*
 * Interface texts of the site-wide widgets, one export per widget: browser bundles then carry only the texts of
 * the widgets they render (a bundler keeps a whole object, never a part of one).
 */

/**
 * The file, beside the web server's own nginx.conf, whose presence turns `brotli_static` on: it holds
 * `brotli_static on;` where nginx loads Debian's brotli module (libnginx-mod-http-brotli-static). The nginx include
 * (src/lib/host-config.ts) names it with a glob, so that on a server without it (no module) nothing is read.
 */
export const BROTLI_STATIC_CONF = 'brotli_static.conf';
