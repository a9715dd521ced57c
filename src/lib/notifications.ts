/**
 * System notifications as the browser receives them from `POST /api/Common/GetPortalNotification` (spec §3, §4).
 *
 * Notifications are fetched in the browser only, never at build time, so they have no zod schema (the portal lists
 * of src/portal/lists.ts do): these few lines of checks are their one parser, which keeps zod out of every page's
 * JavaScript (DESIGN.md §9). The browser loads this module only with the check (src/stores/notifications.ts imports
 * it on demand, at the same time as the call), so the shared rules of validation.ts and links.ts are not in every
 * page's static JavaScript (issue 14: budget). An item that is not a usable notification is left out rather than failing the whole
 * list (failures of the notification check are silent, spec §8). tests/unit/sample-portal.test.ts parses the sample
 * portal's notifications with it.
 */
import { calendarDayProblem, capText, TEXT_MAX_CHARS, visibleTextProblem } from '../portal/validation';
import { classifyLink } from '../portal/links';

/** One notification, with a stable `key` to remember what the visitor dismissed or confirmed. */
export interface PortalNotification {
  /** `id:<portal id>`, or `h:<hash of the content>` when the portal sent no id. */
  key: string;
  /** 1 system dialog, 2 bell list, 8 banner (NOTIFICATION_CATEGORY). */
  category: number;
  title: string;
  description: string;
  /** Start of the notification as the portal sent it (ISO date or date-time). */
  startDate: string;
  /** Where the notification leads: a site path or an http(s) URL, as the browser serializes it. */
  nextUrl?: string;
  /** `nextUrl` is an http(s) URL: the link opens a new tab with `rel` and the 另開新視窗 hint (spec §9). */
  nextUrlNewTab?: boolean;
}

/**
 * A site path (`/news/all`) or an absolute http(s) URL by the one link rule (src/portal/links.ts classifyLink,
 * issue 17 deliverable 2); anything else (javascript:, `//host`, `/\host`, `/<TAB>/host`) is not a link.
 */
export function isSafeLink(value: string): boolean {
  return classifyLink(value) !== undefined;
}

/** Short non-cryptographic hash (FNV-1a, base 36) of a string. */
export function hashText(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value.trim() : undefined);

/**
 * One raw item as a notification, or undefined when it lacks a category, a visible text or a valid start date (a
 * real calendar day within PORTAL_YEAR_RANGE). Title and text longer than TEXT_MAX_CHARS are cut with `…`; a title
 * with nothing visible is dropped.
 */
export function parseNotification(raw: unknown): PortalNotification | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const item = raw as Record<string, unknown>;
  const category = item.category;
  const description = str(item.description);
  const startDate = str(item.startDate);
  if (typeof category !== 'number' || !Number.isInteger(category)) return undefined;
  // The shared rules of the portal boundary (issue 17 finding 9): a real calendar day in the year range (not
  // Date.parse, which reads `2026-02-30` as March 2 and `9999-12-31` as a date), visible text, lengths cut.
  if (!description || visibleTextProblem(description) || !startDate || calendarDayProblem(startDate)) return undefined;
  const titleText = str(item.title) ?? '';
  const title = visibleTextProblem(titleText) ? '' : capText(titleText, TEXT_MAX_CHARS.notificationTitle);
  const next = typeof item.nextUrl === 'string' ? classifyLink(item.nextUrl) : undefined;
  const id = typeof item.id === 'number' || typeof item.id === 'string' ? String(item.id).trim() : '';
  return {
    key: id ? `id:${id}` : `h:${hashText(`${category}|${startDate}|${title}|${description}`)}`,
    category,
    title,
    description: capText(description, TEXT_MAX_CHARS.notificationDescription),
    startDate,
    ...(next ? { nextUrl: next.href, nextUrlNewTab: next.kind !== 'site' } : {}),
  };
}

/** The portal's `data` as notifications; anything but an array is an empty list (spec §4). */
export function parseNotifications(data: unknown): PortalNotification[] {
  if (!Array.isArray(data)) return [];
  return data.map(parseNotification).filter((item): item is PortalNotification => item !== undefined);
}
