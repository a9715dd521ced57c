/**
 * System notifications (REFERENCE.md "Widget states": "Notification categories 1, 2, 8"; REFERENCE.md "Failures": "Notification check failure is silently
 * ignored"). NotificationCenter (src/components/NotificationCenter.ts) reads these stores and calls the actions.
 * What to show is derived with the pure selectors below (no `computed` stores: one less library part in the
 * bundle of every page). The answer's parser (src/lib/notifications.ts, about 2 KB) is part of this module's bundle:
 * every page runs the check, and loaded on demand it cost one more round trip before the system dialog could paint
 * (the dialog is often the largest paint, LCP, of its page).
 *
 * - `$notifications`: what the last check keeps to show (empty until it answers, and when it fails): at most
 *   NOTIFICATIONS_SHOWN_MAX per category, newest first (src/lib/notifications.ts selectNotifications), so that an
 *   answer of any length costs the page a bounded amount of work; `$notificationsNotShown`, per category, how many
 *   more the answer held (the bell panel says 另有 N 則公告未顯示).
 * - Category 2, the bell: `bellItems($notifications)`, `$bellOpen`. On home the panel opens by itself unless the visitor closed it
 *   in this visit; leaving home (a page after home, `$homeSeen`) counts as closing it (`$bellClosed`,
 *   sessionStorage: a new visit starts over).
 * - Category 8, the banner: `pendingBanner(…)`, the newest one the visitor has not dismissed (`$dismissedBanners`,
 *   localStorage: a dismissed banner stays dismissed).
 * - Category 1, the system dialog: `pendingDialog(…)`, the newest one not confirmed in this visit
 *   (`$confirmedDialogs`, sessionStorage: it shows once per visit, the way the single-page app showed it once
 *   per load, and never again on the page that its 確認 leads to).
 */
import { atom } from 'nanostores';
import { PUBLIC_PORTAL_API_BASE } from 'astro:env/client';
import { callPortal, type PortalResult } from '../portal/client';
import { NOTIFICATIONS_ENDPOINT } from '../portal/endpoints';
import { earlyCallFetch } from '../portal/early-call';
import { NOTIFICATION_CATEGORY, NOTIFICATIONS_MAX_BODY_BYTES } from '../site/limits';
import { selectNotificationsInSlices, type PortalNotification } from '../lib/notifications';
import { KEY_PREFIX, SESSION_PREFIX, persistentBoolean, persistentJSON } from './persistence';

/** How far the last check got. */
export type NotificationStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export const $notifications = atom<PortalNotification[]>([]);
/** Per category number, the notifications of the last answer beyond those in `$notifications` (selectNotifications). */
export const $notificationsNotShown = atom<Record<number, number>>({});
export const $notificationStatus = atom<NotificationStatus>('idle');

/** The bell panel is open. */
export const $bellOpen = atom(false);
/** The visitor closed the bell panel (or left home) in this visit: home no longer opens it by itself. */
export const $bellClosed = persistentBoolean(`${SESSION_PREFIX}${KEY_PREFIX}bell-closed`);
/** The visitor has been on home in this visit: a page seen after it counts as leaving home. */
export const $homeSeen = persistentBoolean(`${SESSION_PREFIX}${KEY_PREFIX}home-seen`);
/** Keys of the banners the visitor dismissed with 我知道了. */
export const $dismissedBanners = persistentJSON<string[]>(`${KEY_PREFIX}dismissed-banners`, []);
/** Keys of the system dialogs the visitor confirmed in this visit. */
export const $confirmedDialogs = persistentJSON<string[]>(`${SESSION_PREFIX}${KEY_PREFIX}confirmed-dialogs`, []);

/** A stored key list, or none when storage held something else. */
export const keyList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((key): key is string => typeof key === 'string') : []);

/**
 * Newest start date first (ties keep the portal's order). `timeOf` reads a start date as epoch milliseconds: the
 * date module's `timeOf` (src/lib/taipei-dates.ts: a date without zone is Taipei time), passed in because that module is
 * loaded on demand; without it the portal's order is kept.
 */
export function newestFirst(items: readonly PortalNotification[], timeOf?: (date: string) => number): PortalNotification[] {
  if (!timeOf) return [...items];
  const times = new Map(items.map((item) => [item, timeOf(item.startDate) || 0]));
  return [...items].sort((a, b) => times.get(b)! - times.get(a)!);
}

/**
 * The bell list (category 2) in the order of `items` (`$notifications` is newest first already:
 * selectNotifications), or re-sorted newest first when `timeOf` is given (see newestFirst).
 */
export const bellItems = (items: readonly PortalNotification[], timeOf?: (date: string) => number): PortalNotification[] =>
  newestFirst(
    items.filter((item) => item.category === NOTIFICATION_CATEGORY.bell),
    timeOf,
  );

/** The first item of a category whose key is not in `done`. */
function firstPending(items: readonly PortalNotification[], category: number, done: readonly string[]): PortalNotification | undefined {
  return items.find((item) => item.category === category && !done.includes(item.key));
}

/** The banner to show (category 8) for a list and the dismissed keys, if any. */
export const pendingBanner = (items: readonly PortalNotification[], dismissed: unknown) =>
  firstPending(items, NOTIFICATION_CATEGORY.banner, keyList(dismissed));
/** The system dialog to show (category 1) for a list and the confirmed keys, if any. */
export const pendingDialog = (items: readonly PortalNotification[], confirmed: unknown) =>
  firstPending(items, NOTIFICATION_CATEGORY.dialog, keyList(confirmed));

/**
 * Resolves in a new task of the event loop, so that the work after it does not lengthen the current task:
 * `scheduler.yield()` where the browser has it (the work goes on before other tasks waiting, so the notifications
 * show no later), else setTimeout 0.
 */
const nextTask = (): Promise<void> =>
  (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler?.yield?.() ?? new Promise((resolve) => setTimeout(resolve, 0));

/** Asks the portal for the notifications (POST, same origin unless PUBLIC_PORTAL_API_BASE says otherwise). */
export type NotificationFetcher = (signal?: AbortSignal) => Promise<PortalResult<unknown>>;

// The first call takes the answer of the call SiteLayout's head started before any module loaded
// (src/portal/early-call.ts: the system dialog, often the largest paint, must not wait for the modules).
// The answer is read in a task after the one its response arrived in: that answer is often in before the layout's
// script runs, and the page's start-up and reading a large answer (its JSON) would otherwise be one long task. An
// answer over NOTIFICATIONS_MAX_BODY_BYTES is not read at all (a failed check): reading it would be a long task
// however few of its items are shown.
const portalFetcher: NotificationFetcher = (signal) => {
  const early = earlyCallFetch(NOTIFICATIONS_ENDPOINT);
  const fetchThenYield: typeof fetch = (input, init) => early(input, init).then((response) => nextTask().then(() => response));
  return callPortal(NOTIFICATIONS_ENDPOINT, {
    base: PUBLIC_PORTAL_API_BASE,
    signal,
    body: {},
    fetch: fetchThenYield,
    maxBodyBytes: NOTIFICATIONS_MAX_BODY_BYTES,
  });
};

/**
 * Runs the notification check and keeps what the page shows of its answer (selectNotificationsInSlices: at most
 * NOTIFICATIONS_SHOWN_MAX per category, newest first, read NOTIFICATIONS_SLICE_ITEMS items per task). Any failure
 * (network, HTTP, non-20000 code, bad JSON, an answer over NOTIFICATIONS_MAX_BODY_BYTES) leaves an empty list and
 * status `failed`, silently; a cancelled check changes nothing.
 */
export async function loadNotifications(signal?: AbortSignal, fetcher: NotificationFetcher = portalFetcher): Promise<void> {
  $notificationStatus.set('loading');
  try {
    const result = await fetcher(signal);
    if (result.cancelled) {
      $notificationStatus.set('idle');
      return;
    }
    // A large answer is chosen from in slices of tasks apart from reading it (its JSON is costly already), so that
    // no task of the page grows with the length of the answer. Dismissed banners and confirmed dialogs never take
    // the place of one still to show.
    const done = {
      [NOTIFICATION_CATEGORY.dialog]: keyList($confirmedDialogs.get()),
      [NOTIFICATION_CATEGORY.banner]: keyList($dismissedBanners.get()),
    };
    const selection = await selectNotificationsInSlices(result.data, done, nextTask);
    $notificationsNotShown.set(selection.notShown);
    $notifications.set(selection.items);
    $notificationStatus.set('loaded');
  } catch {
    $notificationsNotShown.set({});
    $notifications.set([]);
    $notificationStatus.set('failed');
  }
}

/**
 * Starts this page's notification check unless it has started already (status `idle`). SiteLayout's script calls it
 * (through NotificationCenter.ts) as soon as the page's scripts run: the system dialog is often the largest paint of
 * a page (its Largest Contentful Paint, which Lighthouse scores).
 * @param fetcher how to ask the portal (tests pass a fake)
 */
export function startNotificationCheck(fetcher: NotificationFetcher = portalFetcher): void {
  if ($notificationStatus.get() === 'idle') void loadNotifications(undefined, fetcher);
}

/**
 * Called once per page. REFERENCE.md "Widget states": "leaving home marks it closed": a page other than home seen after home in this
 * visit marks the panel closed; a page seen before it does not, so the visitor's first view of home opens the panel
 * by itself whatever page came first (a visitor who lands on `/legal` and then goes home still sees it open).
 */
export function arriveAt(isHome: boolean): void {
  if (isHome) $homeSeen.set(true);
  else if ($homeSeen.get()) $bellClosed.set(true);
}

/**
 * Opens the bell panel by itself on home, unless the visitor closed it in this visit or it has nothing to show.
 * While a system dialog (category 1) waits for 確認 the panel stays shut: it would open unseen behind the modal
 * dialog; the island calls this again once the dialog is confirmed.
 */
export function autoOpenBell(isHome: boolean): void {
  const items = $notifications.get();
  if (!isHome || $bellClosed.get() || bellItems(items).length === 0) return;
  if (pendingDialog(items, $confirmedDialogs.get())) return;
  $bellOpen.set(true);
}

export function openBell(): void {
  $bellOpen.set(true);
}

/** The visitor closed the panel: home will not open it by itself again in this visit. */
export function closeBell(): void {
  $bellOpen.set(false);
  $bellClosed.set(true);
}

export function toggleBell(): void {
  if ($bellOpen.get()) closeBell();
  else openBell();
}

/** A navigation (or a page restored from the back/forward cache) closes the panel (REFERENCE.md "Widget states"). */
export function closeBellOnNavigation(): void {
  $bellOpen.set(false);
}

/** 我知道了 on a banner: never show that banner again. */
export function dismissBanner(key: string): void {
  const done = keyList($dismissedBanners.get());
  if (!done.includes(key)) $dismissedBanners.set([...done, key]);
}

/**
 * 確認 on a system dialog: not shown again in this visit.
 * @returns where to go next (the notification's nextUrl), if anywhere.
 */
export function confirmSystemDialog(notification: PortalNotification): string | undefined {
  const done = keyList($confirmedDialogs.get());
  if (!done.includes(notification.key)) $confirmedDialogs.set([...done, notification.key]);
  return notification.nextUrl;
}
