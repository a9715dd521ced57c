/**
 * Behaviour of NotificationCenter.astro (REFERENCE.md "Widget states": "Notification categories 1, 2, 8", REFERENCE.md "Failures": "Notification check failure
 * is silently ignored"). Plain DOM code run by SiteLayout's script as soon as the page's scripts run, so nothing
 * waits for React (REFERENCE.md "Browser side": notifications are static markup driven by the layout's script, so they paint before
 * any island): the bell panel opens TIMING.notificationAutoOpenMs after arrival and the system dialog paints as soon
 * as the check answers.
 *
 * initNotificationCenter() starts this page's notification check (src/stores/notifications.ts) and shows its answer
 * through three parts, each its own module: the bell (notification-bell.ts), the banner (notification-banner.ts)
 * and the system dialog (notification-dialog.ts), which fill their markup alike (notification-fill.ts):
 * - category 2: the header bell (Header.astro `[data-bell-trigger]`, `aria-controls="bell-panel"`) gets the count
 *   (`99+` above NOTIFICATION_COUNT_MAX) and toggles the panel 最新公告 (empty text 目前尚無公告), which lists at most
 *   NOTIFICATIONS_SHOWN_MAX.bell, newest first, and says 另有 N 則公告未顯示 for the rest of the answer. On home the
 *   panel opens by itself TIMING.notificationAutoOpenMs after arrival (or as soon as the list is in, if later)
 *   unless the visitor closed it in this visit, and, while a system dialog waits for 確認, only after it (it would open unseen behind the modal);
 *   a page other than home seen after home counts as leaving home (the first view of home opens it, whatever page
 *   came first). Escape, the close button, a click outside it and the banner, and focus moving on from it to the page
 *   close it; Escape and the close button return focus to the bell. A page restored from the back/forward cache starts with
 *   it closed.
 * - category 8: the banner, in the page right under the header (it scrolls away with the page and covers nothing),
 *   closed for good with 我知道了.
 * - category 1: the modal dialog 系統公告 (native `<dialog>`, showModal): neither Escape nor a click outside closes
 *   it, only 確認, which then follows the notification's nextUrl when it has one (through a real link click, so an
 *   external nextUrl gets the external-link confirmation).
 * Each notification shows its start date as YYYY/MM/DD and 'N 天前' once the date helpers (dayjs, loaded on demand
 * when there is a notification to show) are in; their line is kept meanwhile (no layout shift).
 */
import { $notifications, arriveAt, startNotificationCheck } from '../stores/notifications';
import { initBanner } from './notification-banner';
import { initBell } from './notification-bell';
import { initSystemDialog } from './notification-dialog';
import type { Dates } from './notification-fill';

/**
 * Wires NotificationCenter.astro and the header bell, and starts the check (see the module comment). Each answer of
 * the check renders the bell, the banner and the dialog, in that order, in a task of its own (renderSoon); the first
 * answer with a notification loads the date helpers, which render all three again with their dates. Does nothing on
 * a page without the markup.
 */
export function initNotificationCenter(): void {
  const stack = document.querySelector<HTMLElement>('[data-notice-stack]');
  const bannerSlot = document.querySelector<HTMLElement>('[data-notice-banner-slot]');
  const panel = document.querySelector<HTMLElement>('[data-bell-panel]');
  const dialog = document.querySelector<HTMLDialogElement>('dialog[data-system-dialog]');
  const trigger = document.querySelector<HTMLElement>('[data-bell-trigger]');
  if (!stack || !bannerSlot || !panel || !dialog || !trigger) return;
  const isHome = stack.dataset.home !== undefined;
  let dates: Dates | undefined;
  const currentDates = () => dates;

  const bell = initBell({ trigger, panel, bannerSlot }, isHome, currentDates);
  const banner = initBanner(bannerSlot, currentDates);
  // The bell panel held back by the dialog opens once it is confirmed without a link (on home).
  const systemDialog = initSystemDialog(dialog, currentDates, bell.scheduleAutoOpen);

  /**
   * One render of the three parts, in a task of its own, for any number of answers (and the date helpers) that came
   * in meanwhile. The early call's answer is often in before the page's scripts run; drawn inside the task that
   * starts them, it made that task a long one (over 50 ms on a throttled phone: Lighthouse's total blocking time,
   * scripts/bench/lighthouse.mjs reports). `refill`: the date helpers came in, so the banner is drawn again
   * with its date line.
   */
  let renderTask = 0;
  let refillBanner = false;
  const renderSoon = (refill = false) => {
    refillBanner ||= refill;
    if (renderTask) return;
    renderTask = window.setTimeout(() => {
      renderTask = 0;
      bell.render();
      banner.render(refillBanner);
      refillBanner = false;
      systemDialog.render();
    });
  };

  $notifications.listen((items) => {
    if (items.length && !dates) {
      void import('../lib/taipei-dates').then((module) => {
        dates = module;
        renderSoon(true);
      });
    }
    renderSoon();
  });

  arriveAt(isHome);
  startNotificationCheck();
}
