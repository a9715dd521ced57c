/**
 * The bell of NotificationCenter (category 2, REFERENCE.md "Widget states"): the header's bell button (Header.astro `[data-bell-trigger]`,
 * `aria-controls="bell-panel"`) with its count, and the panel 最新公告 it toggles (NotificationCenter.astro
 * `[data-bell-panel]`). See src/components/NotificationCenter.ts for the rules it follows.
 */
import { countText } from '../lib/notifications';
import { NOTIFICATION_CATEGORY, TIMING } from '../site/limits';
import { NOTIFICATION_TEXT } from '../site/texts/notifications';
import {
  $bellOpen,
  $notificationStatus,
  $notifications,
  $notificationsNotShown,
  autoOpenBell,
  bellItems,
  closeBell,
  closeBellOnNavigation,
  toggleBell,
} from '../stores/notifications';
import { cloneOf, fill, type Dates } from './notification-fill';
import { followBanner } from './notification-placement';

/** What the rest of the notification center asks of the bell. */
export interface Bell {
  /**
   * Shows the current answer: the count on the bell and in the panel, its 另有 N 則 line and the panel's items (drawn
   * now while the panel is open, else when it opens).
   */
  render(): void;
  /** On home, opens the panel TIMING.notificationAutoOpenMs after arrival, or now if that time has passed. */
  scheduleAutoOpen(): void;
}

/**
 * Wires the bell and its panel: the panel follows $bellOpen; the bell toggles it (a keyboard or pointer opening
 * moves focus into it); its close button, Escape (unless a modal dialog is open) and a click outside the panel and
 * the banner close it, the close button and Escape returning focus to the bell; focus moving on to the page below
 * it (what follows the panel in the document) closes it too, since it floats over the page and would cover the focused
 * element (WCAG 2.4.11 Focus Not Obscured); a page restored from the back/forward cache starts with it closed; on
 * home it opens by itself once the check has answered (scheduleAutoOpen: autoOpenBell decides,
 * src/stores/notifications.ts). While open it stands under the banner as long as the banner is in view
 * (notification-placement.ts).
 * In: the bell button, the panel, the banner's place (a click in it is not "outside"), whether this is home, and the
 * date helpers once loaded (undefined before). Out: the Bell.
 */
export function initBell(
  elements: { trigger: HTMLElement; panel: HTMLElement; bannerSlot: HTMLElement },
  isHome: boolean,
  dates: () => Dates | undefined,
): Bell {
  const { trigger, panel, bannerSlot } = elements;
  const stack = panel.closest<HTMLElement>('[data-notice-stack]') ?? panel;
  const placement = followBanner(stack, bannerSlot, trigger.closest<HTMLElement>('header') ?? trigger);
  const list = panel.querySelector<HTMLElement>('[data-bell-list]')!;
  const empty = panel.querySelector<HTMLElement>('[data-bell-empty]')!;
  const panelCount = panel.querySelector<HTMLElement>('[data-bell-panel-count]')!;
  const notShown = panel.querySelector<HTMLElement>('[data-bell-not-shown]')!;
  const count = trigger.querySelector<HTMLElement>('[data-bell-count]');
  const unit = trigger.querySelector<HTMLElement>('[data-bell-count-unit]');

  /** Whether the panel's items wait for their render: set while the panel is closed, cleared when they are drawn. */
  let itemsStale = true;

  /** The panel's items: clones of its template, filled (with their dates once the date helpers are in). */
  const renderItems = () => {
    itemsStale = false;
    const template = panel.querySelector<HTMLTemplateElement>('template[data-bell-item-template]');
    list.replaceChildren(
      ...bellItems($notifications.get()).map((item) => {
        const element = cloneOf(template)!;
        fill(element, item, dates());
        return element;
      }),
    );
  };

  /**
   * The bell's count and the panel's list (category 2): the items kept (at most NOTIFICATIONS_SHOWN_MAX.bell, already
   * newest first: src/lib/notifications.ts selectNotifications) and a line for the rest of the answer; the count is
   * of them all. The items are drawn only while the panel is open, else when it opens: twenty clones with their
   * dates cost a phone's main thread several milliseconds while the page loads (measured 2–10 ms on a 2-core server,
   * Chromium at 412 px), for a list that on every page but home stays closed unless the visitor opens it.
   */
  const render = () => {
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
    if ($bellOpen.get()) renderItems();
    else itemsStale = true;
  };

  /** Home: the panel opens TIMING.notificationAutoOpenMs after arrival, or now if that time has passed. */
  const scheduleAutoOpen = () => window.setTimeout(() => autoOpenBell(isHome), Math.max(0, TIMING.notificationAutoOpenMs - performance.now()));

  $notificationStatus.listen((status) => {
    if (status === 'loaded') scheduleAutoOpen();
  });
  $bellOpen.subscribe((open) => {
    // The items are in before the panel shows (see render).
    if (open && itemsStale) renderItems();
    trigger.setAttribute('aria-expanded', String(open));
    panel.hidden = !open;
    placement(open);
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
  closeWhenLeft({ trigger, panel, stack, bannerSlot });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) closeBellOnNavigation();
  });

  return { render, scheduleAutoOpen: () => void scheduleAutoOpen() };
}

/**
 * The ways out of an open panel: a click outside the panel and the banner closes it; focus moving on to the page
 * below it closes it; Escape anywhere closes it (unless a modal dialog is open) and returns focus to the bell when
 * focus was in the panel or on the bell.
 * In: the bell button, the panel, its fixed stack and the banner's place.
 */
function closeWhenLeft(elements: { trigger: HTMLElement; panel: HTMLElement; stack: HTMLElement; bannerSlot: HTMLElement }): void {
  const { trigger, panel, stack, bannerSlot } = elements;
  document.addEventListener('pointerdown', (event) => {
    const target = event.target as Node | null;
    // The banner above it is not "outside": its 我知道了 leaves the panel open (on home the two show together, every
    // control of both usable at once).
    if (!$bellOpen.get() || (target && (stack.contains(target) || bannerSlot.contains(target) || trigger.contains(target)))) return;
    closeBell();
  });
  // Focus moving on to the page under the header (what follows the panel's stack: breadcrumbs, main content, footer,
  // dock, cookie notice): the panel would float over what now has focus. The skip link, the header and the banner
  // come before it and stay clear of the panel; the main element itself (the skip link's target, and where focus goes
  // when the banner it was in is dismissed) is larger than the panel, which never covers it whole.
  document.addEventListener('focusin', (event) => {
    const target = event.target as Node | null;
    if (!$bellOpen.get() || !target || stack.contains(target) || (target as Element).tagName === 'MAIN') return;
    if (stack.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING) closeBell();
  });
  document.addEventListener('keydown', (event) => {
    // Only a modal dialog (the system dialog 系統公告) keeps Escape for itself; the chat room is a non-modal one.
    if (!$bellOpen.get() || event.key !== 'Escape' || event.defaultPrevented || document.querySelector('dialog[open]:modal')) return;
    const hadFocus = panel.contains(document.activeElement) || document.activeElement === trigger;
    closeBell();
    if (hadFocus) trigger.focus();
  });
}
