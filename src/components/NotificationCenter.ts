/**
 * Behaviour of NotificationCenter.astro (spec §4 "Notification categories 1, 2, 8", §8 "Notification check failure
 * is silently ignored"; issue 14 items 2 and 8). Plain DOM code run by SiteLayout's script as soon as the page's
 * scripts run, so nothing waits for React: the bell panel opens TIMING.notificationAutoOpenMs after arrival and the
 * system dialog paints as soon as the check answers.
 *
 * initNotificationCenter() starts this page's notification check (src/stores/notifications.ts) and shows its answer:
 * - category 2: the header bell (Header.astro `[data-bell-trigger]`, `aria-controls="bell-panel"`) gets the count
 *   (`99+` above NOTIFICATION_COUNT_MAX) and toggles the panel 最新公告 (empty text 目前尚無公告), which lists at most
 *   NOTIFICATIONS_SHOWN_MAX.bell, newest first, and says 另有 N 則公告未顯示 for the rest of the answer. On home the
 *   panel opens by itself TIMING.notificationAutoOpenMs after arrival (or as soon as the list is in, if later) unless the visitor closed it
 *   in this visit, and, while a system dialog waits for 確認, only after it (it would open unseen behind the modal);
 *   any other page counts as leaving home. Escape, the close button and a click outside it and the banner close it;
 *   Escape and the close button return focus to the bell. A page restored from the back/forward cache starts with
 *   it closed.
 * - category 8: the banner, first in the stack under the header, closed for good with 我知道了.
 * - category 1: the modal dialog 系統公告 (native `<dialog>`, showModal): neither Escape nor a click outside closes
 *   it, only 確認, which then follows the notification's nextUrl when it has one (through a real link click, so an
 *   external nextUrl gets the external-link confirmation).
 * Each notification shows its start date as YYYY/MM/DD and 'N 天前' once the date helpers (dayjs, loaded on demand
 * when there is a notification to show) are in; their line is kept meanwhile (no layout shift).
 */
import type * as DateHelpers from '../lib/dates';
import { countText, startTime, type PortalNotification } from '../lib/notifications';
import { NOTIFICATION_CATEGORY, TIMING } from '../site/limits';
import { NOTIFICATION_TEXT } from '../site/texts/notifications';
import {
  $bellOpen,
  $confirmedDialogs,
  $dismissedBanners,
  $notificationStatus,
  $notifications,
  $notificationsNotShown,
  arriveAt,
  autoOpenBell,
  bellItems,
  closeBell,
  closeBellOnNavigation,
  confirmSystemDialog,
  dismissBanner,
  pendingBanner,
  pendingDialog,
  startNotificationCheck,
  toggleBell,
} from '../stores/notifications';

type Dates = typeof DateHelpers;

/** The date line of a notification: `<time datetime>`, `YYYY/MM/DD` and the days since (spec §4). */
interface DateLine {
  iso: string;
  shown: string;
  days: number;
}

/**
 * Date lines already worked out, per notification. The date module's conversions (dayjs with time zones, about
 * 0.4 ms each in Chromium) are the costly part of a render, so each start date is converted once, to its Taipei day,
 * and the rest is derived from that day, however often the item is rendered. `null`: no date to show.
 */
const dateLines = new WeakMap<PortalNotification, DateLine | null>();
/** Today's Taipei day (`YYYY-MM-DD`), worked out once per page: the 'N 天前' of its notifications count from it. */
let today: string | undefined;

/** Milliseconds of a day. */
const DAY_MS = 86_400_000;

/**
 * The date line of `item` (see dateLines): its Taipei day for `<time datetime>`, that day as `YYYY/MM/DD` and the
 * whole Taipei calendar days since it, never negative (spec §4; the rules of src/lib/dates.ts formatDate and
 * daysSince). The instant is read with startTime (the portal's date forms, Taipei time without a zone; the kept
 * items' dates are checked calendar days). Null when there is no date to show, rather than a wrong one.
 */
function dateLine(item: PortalNotification, dates: Dates): DateLine | null {
  let line = dateLines.get(item);
  if (line === undefined) {
    const time = startTime(item.startDate);
    const iso = Number.isNaN(time) ? '' : dates.isoDate(new Date(time));
    today ??= dates.taipeiToday();
    const days = Math.max(0, Math.round((Date.parse(today) - Date.parse(iso)) / DAY_MS));
    line = iso ? { iso, shown: iso.replaceAll('-', '/'), days } : null;
    dateLines.set(item, line);
  }
  return line;
}

/**
 * Fills the `[data-field]` parts of a notification's markup: title (hidden when empty, with its `data-when-title`
 * separator), description, start date, and the 查看詳情 link (removed without a nextUrl; an http(s) nextUrl opens a
 * new tab with `rel` and keeps its 另開新視窗 hint, spec §9).
 */
function fill(root: ParentNode, item: PortalNotification, dates: Dates | undefined): void {
  const parts = (name: string) => root.querySelectorAll<HTMLElement>(`[data-field="${name}"]`);
  for (const part of parts('title')) {
    part.hidden = !item.title;
    if (!part.hasAttribute('aria-hidden')) part.textContent = item.title;
  }
  for (const part of parts('description')) part.textContent = item.description;
  for (const part of parts('date')) {
    part.replaceChildren();
    // A start date the date module cannot read shows no date rather than a wrong one.
    const line = dates && dateLine(item, dates);
    if (!line) continue;
    const time = document.createElement('time');
    time.dateTime = line.iso;
    time.textContent = line.shown;
    const dot = document.createElement('span');
    dot.setAttribute('aria-hidden', 'true');
    dot.textContent = ' · ';
    part.append(time, dot, NOTIFICATION_TEXT.daysAgo(line.days));
  }
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[data-field="more"]')) {
    if (!item.nextUrl) {
      link.remove();
      continue;
    }
    link.href = item.nextUrl;
    if (item.nextUrlNewTab) Object.assign(link, { target: '_blank', rel: 'noopener noreferrer' });
    else link.querySelector('[data-field="new-window"]')?.remove();
    link.querySelector('[data-field="subject"]')!.textContent = item.title || item.description;
  }
}

/** A clone of a `<template>`'s first element. */
const cloneOf = (template: HTMLTemplateElement | null) => template?.content.firstElementChild?.cloneNode(true) as HTMLElement | undefined;

/** Follows a link as if the visitor clicked it, so the external-link confirmation and the progress bar apply. */
function followLink(href: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Wires NotificationCenter.astro and the header bell, and starts the check (see the module comment). */
export function initNotificationCenter(): void {
  const stack = document.querySelector<HTMLElement>('[data-notice-stack]');
  const panel = document.querySelector<HTMLElement>('[data-bell-panel]');
  const dialog = document.querySelector<HTMLDialogElement>('dialog[data-system-dialog]');
  const trigger = document.querySelector<HTMLElement>('[data-bell-trigger]');
  if (!stack || !panel || !dialog || !trigger) return;
  const isHome = stack.dataset.home !== undefined;
  const list = panel.querySelector<HTMLElement>('[data-bell-list]')!;
  const empty = panel.querySelector<HTMLElement>('[data-bell-empty]')!;
  const panelCount = panel.querySelector<HTMLElement>('[data-bell-panel-count]')!;
  const notShown = panel.querySelector<HTMLElement>('[data-bell-not-shown]')!;
  const count = trigger.querySelector<HTMLElement>('[data-bell-count]');
  const unit = trigger.querySelector<HTMLElement>('[data-bell-count-unit]');
  let dates: Dates | undefined;
  let banner: { key: string; element: HTMLElement } | undefined;
  let shownDialog: PortalNotification | undefined;
  let confirming = false;

  /**
   * The bell's count and the panel's list (category 2): the items kept (at most NOTIFICATIONS_SHOWN_MAX.bell, already
   * newest first: src/lib/notifications.ts selectNotifications) and a line for the rest of the answer; the count is
   * of them all.
   */
  const renderBell = () => {
    const items = bellItems($notifications.get());
    const more = $notificationsNotShown.get()[NOTIFICATION_CATEGORY.bell] ?? 0;
    const total = countText(items.length + more);
    // The bell is named by its text: 最新公告, the visible count and the hidden unit 則 (WCAG 2.5.3, Header.astro).
    if (count) [count.textContent, count.hidden] = [total, !total];
    if (unit) unit.hidden = !total;
    [panelCount.textContent, panelCount.hidden] = [total, !total];
    empty.hidden = !!total;
    list.hidden = !total;
    [notShown.textContent, notShown.hidden] = [more ? NOTIFICATION_TEXT.bell.notShown(more) : '', !more];
    list.replaceChildren(
      ...items.map((item) => {
        const element = cloneOf(panel.querySelector('template[data-bell-item-template]'))!;
        fill(element, item, dates);
        return element;
      }),
    );
  };

  /** The first banner (category 8) not dismissed, first in the stack. */
  const renderBanner = (refill = false) => {
    const item = pendingBanner($notifications.get(), $dismissedBanners.get());
    if (banner && (banner.key !== item?.key || refill)) {
      // Focus would be lost with it (its 我知道了): hand it to the main content.
      if (banner.element.contains(document.activeElement)) document.querySelector<HTMLElement>('#main')?.focus({ preventScroll: true });
      banner.element.remove();
      banner = undefined;
    }
    if (!item || banner) return;
    const element = cloneOf(stack.querySelector('template[data-banner-template]'))!;
    fill(element, item, dates);
    element.querySelector('[data-banner-dismiss]')?.addEventListener('click', () => dismissBanner(item.key));
    stack.prepend(element);
    banner = { key: item.key, element };
  };

  /** The first system dialog (category 1) not confirmed in this visit, as a modal. */
  const renderDialog = () => {
    const item = pendingDialog($notifications.get(), $confirmedDialogs.get());
    if (item) fill(dialog, item, dates);
    if (!item || dialog.open) return;
    shownDialog = item;
    confirming = false;
    // Close requests (Escape, the back gesture, a click outside) do nothing where the browser knows `closedby`.
    // Set here rather than in the markup: HTML checkers do not know the attribute yet.
    dialog.setAttribute('closedby', 'none');
    dialog.showModal();
    dialog.querySelector<HTMLButtonElement>('[data-confirm]')?.focus();
  };

  /** Home: the panel opens TIMING.notificationAutoOpenMs after arrival, or now if that time has passed. */
  const scheduleAutoOpen = () =>
    window.setTimeout(() => autoOpenBell(isHome), Math.max(0, TIMING.notificationAutoOpenMs - performance.now()));

  $notifications.listen((items) => {
    if (items.length && !dates) {
      void import('../lib/dates').then((module) => {
        dates = module;
        renderBell();
        renderBanner(true);
        renderDialog();
      });
    }
    renderBell();
    renderBanner();
    renderDialog();
  });
  $notificationStatus.listen((status) => {
    if (status === 'loaded') scheduleAutoOpen();
  });
  $dismissedBanners.listen(() => renderBanner());
  $bellOpen.subscribe((open) => {
    trigger.setAttribute('aria-expanded', String(open));
    panel.hidden = !open;
  });

  // The header bell toggles the panel (a keyboard or pointer opening moves focus into it).
  trigger.addEventListener('click', () => {
    toggleBell();
    if ($bellOpen.get()) requestAnimationFrame(() => panel.focus());
  });
  panel.querySelector('[data-bell-close]')?.addEventListener('click', () => {
    closeBell();
    trigger.focus();
  });
  // While open: a click outside the panel and the banner closes it; Escape anywhere closes it and returns focus to
  // the bell when focus was in it or on the bell.
  document.addEventListener('pointerdown', (event) => {
    const target = event.target as Node | null;
    // The banner beside it is not "outside": its 我知道了 leaves the panel open (issue 14 item 2).
    if (!$bellOpen.get() || (target && (stack.contains(target) || trigger.contains(target)))) return;
    closeBell();
  });
  document.addEventListener('keydown', (event) => {
    if (!$bellOpen.get() || event.key !== 'Escape' || event.defaultPrevented || document.querySelector('dialog[open]')) return;
    const hadFocus = panel.contains(document.activeElement) || document.activeElement === trigger;
    closeBell();
    if (hadFocus) trigger.focus();
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) closeBellOnNavigation();
  });

  dialog.addEventListener('cancel', (event) => event.preventDefault());
  // Only 確認 closes it: a close request that got past `cancel` (browsers may skip it) reopens the dialog.
  dialog.addEventListener('close', () => {
    if (!confirming && shownDialog) dialog.showModal();
  });
  dialog.querySelector('[data-confirm]')?.addEventListener('click', () => {
    if (!shownDialog) return;
    confirming = true;
    dialog.close();
    const next = confirmSystemDialog(shownDialog);
    shownDialog = undefined;
    renderDialog();
    if (next) followLink(next);
    // The bell panel held back by the dialog opens now (on home).
    else scheduleAutoOpen();
  });

  arriveAt(isHome);
  startNotificationCheck();
}
