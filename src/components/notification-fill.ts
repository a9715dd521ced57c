/**
 * How one notification fills its markup, for the three parts of NotificationCenter (the bell panel's items, the
 * banner, the system dialog: src/components/notification-bell.ts, notification-banner.ts, notification-dialog.ts).
 * In: the notification (src/lib/notifications.ts PortalNotification) and the date helpers once they are loaded
 * (src/lib/taipei-dates.ts, on demand); out: the `[data-field]` parts of a clone of the component's `<template>`
 * (NotificationCenter.astro, Header.astro) filled in place.
 */
import type * as DateHelpers from '../lib/taipei-dates';
import { startTime, type PortalNotification } from '../lib/notifications';
import { NOTIFICATION_TEXT } from '../site/texts/notifications';

/** The date helpers (src/lib/taipei-dates.ts), loaded on demand when there is a notification to show. */
export type Dates = typeof DateHelpers;

/** The date line of a notification: `<time datetime>`, `YYYY/MM/DD` and the days since (REFERENCE.md "Widget states"). */
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
 * whole Taipei calendar days since it (REFERENCE.md "Widget states"; the rules of src/lib/taipei-dates.ts formatDate and daysSince),
 * negative for a start still to come (the portal's clock or its editors ahead of the visitor's day). The instant is read with startTime (the portal's date forms, Taipei time without a zone; the kept
 * items' dates are checked calendar days). Null when there is no date to show, rather than a wrong one.
 */
function dateLine(item: PortalNotification, dates: Dates): DateLine | null {
  let line = dateLines.get(item);
  if (line === undefined) {
    const time = startTime(item.startDate);
    const iso = Number.isNaN(time) ? '' : dates.isoDate(new Date(time));
    today ??= dates.taipeiToday();
    const days = Math.round((Date.parse(today) - Date.parse(iso)) / DAY_MS);
    line = iso ? { iso, shown: iso.replaceAll('-', '/'), days } : null;
    dateLines.set(item, line);
  }
  return line;
}

/**
 * Fills the `[data-field]` parts of a notification's markup: title (hidden when empty, with its `data-when-title`
 * separator), description, start date and 'N 天前' (the date alone for a start still to come; none until `dates` is
 * loaded: the line keeps its place), and the 查看詳情
 * link (removed without a nextUrl; an http(s) nextUrl opens a new tab with `rel` and keeps its 另開新視窗 hint,
 * REFERENCE.md "Constants").
 */
export function fill(root: ParentNode, item: PortalNotification, dates: Dates | undefined): void {
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
    part.append(time);
    // 'N 天前' counts the days since the start: a start still to come shows its date alone, never a negative or 0.
    if (line.days < 0) continue;
    const dot = document.createElement('span');
    dot.setAttribute('aria-hidden', 'true');
    dot.textContent = ' · ';
    part.append(dot, NOTIFICATION_TEXT.daysAgo(line.days));
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

/** A clone of a `<template>`'s first element (undefined without the template or an element in it). */
export const cloneOf = (template: HTMLTemplateElement | null) => template?.content.firstElementChild?.cloneNode(true) as HTMLElement | undefined;
