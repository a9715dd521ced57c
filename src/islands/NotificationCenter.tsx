/**
 * System notifications of every page (spec §4; DESIGN.md §6). Mounted once by SiteLayout with `client:idle`.
 *
 * On every page load the notification check runs (`POST /api/Common/GetPortalNotification`, through
 * src/stores/notifications.ts, started by SiteLayout's script before hydration); a failure shows nothing. Then:
 * - category 2: the header bell (Header.astro `[data-bell-trigger]`, `aria-controls="bell-panel"`) gets the count
 *   and toggles the panel 最新公告 (empty text 目前尚無公告). On home the panel opens by itself
 *   TIMING.notificationAutoOpenMs after arrival unless the visitor closed it in this visit (and, when a system
 *   dialog shows, only after its 確認, so that it does not open unseen behind it); any other page counts as
 *   leaving home. Escape, the close button and a click outside it (and the banner) close it; Escape and the close button return
 *   focus to the bell. A page restored from the back/forward cache starts with it closed.
 * - category 8: a banner under the header, closed for good with 我知道了.
 * The banner and the panel share one fixed stack under the header, the panel below the banner, so that neither
 * covers a control or text of the other (issue 14 item 2).
 * - category 1: the modal dialog 系統公告 (native `<dialog>`, showModal): neither Escape nor a click outside
 *   closes it, only 確認, which then follows the notification's nextUrl when it has one (through a real link
 *   click, so an external nextUrl gets the external-link confirmation).
 * Each notification shows its start date as YYYY/MM/DD and 'N 天前'.
 *
 * Props: `isHome` (the page is `/`).
 */
import { useStore } from '@nanostores/react';
import { createContext, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type * as DateHelpers from '../lib/dates';
import type { PortalNotification } from '../lib/notifications';
import { NOTIFICATION_TEXT } from '../site/texts/notifications';
import { NEW_WINDOW_TEXT } from '../site/texts/layout';
import { TIMING } from '../site/limits';
import {
  $bellOpen,
  $confirmedDialogs,
  $dismissedBanners,
  $notificationStatus,
  $notifications,
  arriveAt,
  autoOpenBell,
  closeBell,
  closeBellOnNavigation,
  confirmSystemDialog,
  dismissBanner,
  bellItems as selectBellItems,
  pendingBanner,
  pendingDialog,
  startNotificationCheck,
  toggleBell,
} from '../stores/notifications';

export const BELL_PANEL_ID = 'bell-panel';

interface Props {
  isHome: boolean;
}

type Dates = typeof DateHelpers;

/**
 * The date helpers (dayjs), loaded on demand: they are only needed once there is a notification to show, so
 * pages without one never download them (DESIGN.md §9 budgets count static imports).
 */
const DatesContext = createContext<Dates | null>(null);

function useDates(needed: boolean): Dates | null {
  const [dates, setDates] = useState<Dates | null>(null);
  useEffect(() => {
    if (needed && !dates) void import('../lib/dates').then((module) => setDates(module));
  }, [needed, dates]);
  return dates;
}

/** Start date (Taipei day) and 'N 天前' (Taipei calendar days) of a notification; empty until the date helpers load. */
function NotificationDate({ notification }: { notification: PortalNotification }) {
  const dates = useContext(DatesContext);
  // A start date the date module cannot read shows no date rather than a wrong one.
  if (!dates || !dates.isoDate(notification.startDate)) return <p className="notice-date" />;
  const { daysSince, formatDate, isoDate } = dates;
  return (
    <p className="notice-date">
      <time dateTime={isoDate(notification.startDate)}>{formatDate(notification.startDate)}</time>
      <span aria-hidden="true"> · </span>
      <span>{NOTIFICATION_TEXT.daysAgo(daysSince(notification.startDate))}</span>
    </p>
  );
}

/**
 * The notifications to render. The check usually answers before the island hydrates (SiteLayout starts it), but
 * hydration must match the built HTML, which has none: React renders the server snapshot (empty) first and the
 * list right after.
 */
const NO_NOTIFICATIONS: PortalNotification[] = [];
const subscribeNotifications = (onChange: () => void) => $notifications.listen(onChange);
const useNotifications = () => useSyncExternalStore(subscribeNotifications, $notifications.get, () => NO_NOTIFICATIONS);

/** The header's bell button (Header.astro). */
const bellTrigger = () => document.querySelector<HTMLElement>('[data-bell-trigger]');

/**
 * The 查看更多 link of a notification with a nextUrl: an http(s) URL opens a new tab with `rel` and the 另開新視窗
 * hint (spec §9; the external-link dialog asks first when it leaves the company's sites).
 */
function MoreLink({ notification, className }: { notification: PortalNotification; className?: string }) {
  const newTab = notification.nextUrlNewTab === true;
  return (
    <a className={className} href={notification.nextUrl} {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {NOTIFICATION_TEXT.bell.more}
      <span className="visually-hidden">
        ：{notification.title || notification.description}
        {newTab && NEW_WINDOW_TEXT}
      </span>
    </a>
  );
}

/** Follows a link as if the visitor clicked it, so the external-link confirmation and the progress bar apply. */
function followLink(href: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

export default function NotificationCenter({ isHome }: Props) {
  const notifications = useNotifications();
  const bellOpen = useStore($bellOpen);
  const status = useStore($notificationStatus);
  const dismissed = useStore($dismissedBanners);
  const confirmed = useStore($confirmedDialogs);
  const dates = useDates(notifications.length > 0);
  // Newest first once the date module is there (it reads a start date without zone as Taipei time).
  const bellItems = useMemo(() => selectBellItems(notifications, dates?.timeOf), [notifications, dates]);
  const banner = pendingBanner(notifications, dismissed);
  const systemDialog = pendingDialog(notifications, confirmed);
  const panelRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const confirmedRef = useRef(false);

  // The check, once per page load (usually started already by SiteLayout's script); leaving home marks the bell
  // closed.
  useEffect(() => {
    arriveAt(isHome);
    startNotificationCheck();
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) closeBellOnNavigation();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [isHome]);

  // Home: open the panel TIMING.notificationAutoOpenMs after arrival (or as soon as the list is in, if later);
  // with a system dialog showing, once the visitor has confirmed it (autoOpenBell).
  const waitingDialog = systemDialog?.key;
  useEffect(() => {
    if (!isHome || status !== 'loaded' || waitingDialog) return;
    const timer = window.setTimeout(
      () => autoOpenBell(isHome),
      Math.max(0, TIMING.notificationAutoOpenMs - performance.now()),
    );
    return () => window.clearTimeout(timer);
  }, [isHome, status, waitingDialog]);

  // The header bell toggles the panel (a keyboard or pointer opening moves focus into it).
  useEffect(() => {
    const onClick = () => {
      toggleBell();
      if ($bellOpen.get()) requestAnimationFrame(() => panelRef.current?.focus());
    };
    bellTrigger()?.addEventListener('click', onClick);
    return () => bellTrigger()?.removeEventListener('click', onClick);
  }, []);

  // The bell shows the state and the count. Its name is its text (Header.astro): 最新公告, the visible count and the
  // hidden unit 則, so the visible count is always in the name (WCAG 2.5.3).
  useEffect(() => {
    const trigger = bellTrigger();
    trigger?.setAttribute('aria-expanded', String(bellOpen));
    const count = trigger?.querySelector<HTMLElement>('[data-bell-count]');
    const unit = trigger?.querySelector<HTMLElement>('[data-bell-count-unit]');
    if (count) {
      count.textContent = String(bellItems.length);
      count.hidden = !bellItems.length;
    }
    if (unit) unit.hidden = !bellItems.length;
  }, [bellOpen, bellItems.length]);

  // While open: a click outside the panel and the banner closes the panel; Escape anywhere closes it and returns focus to the bell.
  useEffect(() => {
    if (!bellOpen) return;
    const trigger = bellTrigger();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      // The banner beside it is not "outside": its 我知道了 leaves the panel open (issue 14 item 2).
      if (target && (panelRef.current?.parentElement?.contains(target) || trigger?.contains(target))) return;
      closeBell();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('dialog[open]')) return;
      const hadFocus = panelRef.current?.contains(document.activeElement) || document.activeElement === trigger;
      closeBell();
      if (hadFocus) trigger?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [bellOpen]);

  // The system dialog opens as a modal as soon as there is one to show.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !systemDialog || dialog.open) return;
    // Close requests (Escape, the back gesture, a click outside) do nothing where the browser knows `closedby`.
    // Set here rather than in the markup: HTML checkers do not know the attribute yet.
    dialog.setAttribute('closedby', 'none');
    confirmedRef.current = false;
    dialog.showModal();
    // React keeps `autoFocus` to itself (no attribute), so the dialog cannot find its button: focus it here.
    dialog.querySelector<HTMLButtonElement>('[data-confirm]')?.focus();
  }, [systemDialog]);

  const onDialogClose = () => {
    // Only 確認 closes it: a close request that got past `cancel` (browsers may skip it) reopens the dialog.
    const dialog = dialogRef.current;
    if (dialog && !dialog.open && systemDialog && !confirmedRef.current) dialog.showModal();
  };

  const onConfirm = () => {
    if (!systemDialog) return;
    confirmedRef.current = true;
    dialogRef.current?.close();
    const next = confirmSystemDialog(systemDialog);
    if (next) followLink(next);
  };

  const closeFromPanel = () => {
    closeBell();
    bellTrigger()?.focus();
  };

  return (
    <DatesContext.Provider value={dates}>
      {/* One fixed stack under the header: the banner, then the bell panel below it, so neither ever covers the
          other (issue 14 item 2; widgets.css .notice-stack). */}
      <div className="notice-stack">
        {banner && (
          <div className="notice-banner" role="region" aria-label={NOTIFICATION_TEXT.banner.label}>
            <div className="container notice-banner__inner">
              <svg className="notice-banner__icon" viewBox="0 0 24 24" aria-hidden="true">
                <path d="M4 10v4h3l5 4V6L7 10zM16 9a4 4 0 0 1 0 6M18.5 6.5a7.5 7.5 0 0 1 0 11" />
              </svg>
              <div className="notice-banner__body">
                <p className="notice-banner__text">
                  {banner.title && <strong>{banner.title}</strong>}
                  {banner.title && <span aria-hidden="true">｜</span>}
                  {banner.description}
                  {banner.nextUrl && (
                    <>
                      {' '}
                      <MoreLink notification={banner} />
                    </>
                  )}
                </p>
                <NotificationDate notification={banner} />
              </div>
              <button type="button" className="btn btn-sm notice-banner__dismiss" onClick={() => dismissBanner(banner.key)}>
                {NOTIFICATION_TEXT.banner.dismiss}
              </button>
            </div>
          </div>
        )}

        <div
          id={BELL_PANEL_ID}
          className="bell-panel"
          role="region"
          aria-labelledby="bell-panel-title"
          tabIndex={-1}
          hidden={!bellOpen}
          ref={panelRef}
        >
          <div className="bell-panel__head">
            <h2 id="bell-panel-title" className="bell-panel__title">
              {NOTIFICATION_TEXT.bell.title}
              {bellItems.length > 0 && <span className="bell-panel__count">{bellItems.length}</span>}
            </h2>
            <button type="button" className="widget-close" aria-label={NOTIFICATION_TEXT.bell.close} onClick={closeFromPanel}>
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
            </button>
          </div>
          {bellItems.length === 0 ? (
            <p className="bell-panel__empty">{NOTIFICATION_TEXT.bell.empty}</p>
          ) : (
            <ul className="bell-panel__list">
              {bellItems.map((item) => (
                <li key={item.key} className="bell-item">
                  {item.title && <p className="bell-item__title">{item.title}</p>}
                  <p className="bell-item__text">{item.description}</p>
                  <div className="bell-item__foot">
                    <NotificationDate notification={item} />
                    {item.nextUrl && (
                      <MoreLink notification={item} className="bell-item__link" />
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>

      <dialog
        ref={dialogRef}
        className="widget-dialog system-dialog"
        aria-labelledby={systemDialog ? 'system-dialog-title' : undefined}
        onCancel={(event) => event.preventDefault()}
        onClose={onDialogClose}
      >
        {systemDialog && (
          <div className="widget-dialog__body">
            <h2 id="system-dialog-title" className="widget-dialog__title">
              {NOTIFICATION_TEXT.systemDialog.title}
            </h2>
            {systemDialog.title && <p className="system-dialog__subject">{systemDialog.title}</p>}
            <p className="system-dialog__text">{systemDialog.description}</p>
            <NotificationDate notification={systemDialog} />
            <div className="widget-dialog__actions">
              <button type="button" className="btn btn-primary" data-confirm onClick={onConfirm}>
                {NOTIFICATION_TEXT.systemDialog.confirm}
              </button>
            </div>
          </div>
        )}
      </dialog>
    </DatesContext.Provider>
  );
}
