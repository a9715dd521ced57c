/**
 * System notifications as the browser receives them from `POST /api/Common/GetPortalNotification` (REFERENCE.md "Portal data", "Widget states").
 *
 * Notifications are fetched in the browser only, never at build time, so they have no zod schema (the portal lists
 * of src/portal/lists.ts do): these few lines of checks are their one parser, which keeps zod out of every page's
 * JavaScript (REFERENCE.md "Budgets"). The browser loads this module only with the check (src/stores/notifications.ts imports
 * it on demand, at the same time as the call), so the shared rules of validation.ts and links.ts are not in every
 * page's static JavaScript (REFERENCE.md "Budgets" budget). An item that is not a usable notification is left out rather than
 * failing the whole list (failures of the notification check are silent, REFERENCE.md "Failures"). tests/unit/sample-portal.test.ts
 * parses the sample portal's notifications with it.
 */
import { calendarDayProblem, capText, TEXT_MAX_CHARS, visibleTextProblem, withoutBidiControls } from '../portal/validation';
import { classifyLink } from '../portal/links';
import { SITE_UTC_OFFSET_MINUTES } from '../site/company';
import { NOTIFICATION_CATEGORY, NOTIFICATION_COUNT_MAX, NOTIFICATIONS_SHOWN_MAX, NOTIFICATIONS_SLICE_ITEMS } from '../site/limits';

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
  /** `nextUrl` is an http(s) URL: the link opens a new tab with `rel` and the 另開新視窗 hint (REFERENCE.md "Constants"). */
  nextUrlNewTab?: boolean;
}

/**
 * A site path (`/news/all`) or an absolute http(s) URL by the one link rule (src/portal/links.ts classifyLink,
 * REFERENCE.md "Portal boundary"); anything else (javascript:, `//host`, `/\host`, `/<TAB>/host`) is not a link.
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

/**
 * A string field trimmed, without bidirectional override and isolate controls (validation.ts withoutBidiControls: a
 * U+202E would show a notification's text reversed, as in the portal's lists); undefined for any other value.
 */
const str = (value: unknown): string | undefined => (typeof value === 'string' ? withoutBidiControls(value).trim() : undefined);

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
  // The shared rules of the portal boundary (REFERENCE.md "Portal boundary"; no value silently changed): a real calendar day in the year
  // range (not Date.parse, which reads `2026-02-30` as March 2 and `9999-12-31` as a date), visible text, lengths cut.
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

/**
 * The portal's `data` as notifications, every item parsed; anything but an array is an empty list (REFERENCE.md "Widget states"). For
 * tests and tools: the browser keeps only what it shows (selectNotifications), whatever the length of the answer.
 */
export function parseNotifications(data: unknown): PortalNotification[] {
  if (!Array.isArray(data)) return [];
  return data.map(parseNotification).filter((item): item is PortalNotification => item !== undefined);
}

/**
 * The date forms the portal writes (src/portal/date-parser.ts parsePortalDate), read for ordering only: day, optional time,
 * optional zone (`Z`, or sign, hours and optional minutes).
 */
const START_DATE = /^\s*(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(?:(Z)|([+-])(\d{2})(?::?(\d{2}))?)?\s*$/i;

/**
 * A start date as epoch milliseconds, for ordering notifications newest first without the date module (dayjs, loaded
 * on demand): one regular expression, so an answer of 10,000 items is ordered in a few ms.
 * @param text a portal date: `YYYY-MM-DD` or `YYYY/MM/DD` (also unpadded), optionally with ` HH:mm[:ss[.fff]]` or
 *   `THH:mm[:ss[.fff]]` and `Z` or an offset; without a zone it is Taipei time (the rule of src/portal/date-parser.ts)
 * @returns ms since the epoch (the same instant as src/lib/taipei-dates.ts timeOf to the second for the dates it reads), or
 *   NaN for any other text. It does not check the calendar (`2026-02-30` gets a time): parseNotification does, for
 *   the items that are kept.
 */
export function startTime(text: string): number {
  const match = START_DATE.exec(text);
  if (!match) return Number.NaN;
  const [, year, month, day, hour, minute, second, utc, sign, offsetHours, offsetMinutes] = match;
  const offset = utc ? 0 : sign ? (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes ?? 0)) : SITE_UTC_OFFSET_MINUTES;
  const wall = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour ?? 0), Number(minute ?? 0), Number(second ?? 0));
  return wall - offset * 60_000;
}

/** What the browser keeps of a notification answer (selectNotifications). */
export interface NotificationSelection {
  /**
   * The notifications to show: per category of REFERENCE.md "Widget states" in the order dialog (1), bell (2), banner (8), each newest
   * start date first (ties in the portal's order), at most NOTIFICATIONS_SHOWN_MAX of each.
   */
  items: PortalNotification[];
  /**
   * Per category number, the items of the answer beyond those kept and never examined: counted by the cheap checks
   * of collectCandidates only (a category of REFERENCE.md "Widget states", a text and a start date that are strings), so a few of them
   * might have failed the full parse or be done (dismissed, confirmed). The items examined and left out as unusable
   * or done are not counted.
   */
  notShown: Record<number, number>;
}

/** An item of the answer that passed the cheap checks, with its start time (ms since the epoch; -Infinity: none). */
interface Candidate {
  raw: object;
  time: number;
}

/** The items of an answer worth a full parse, per category of REFERENCE.md "Widget states" (collectCandidates, then pickNotifications). */
export type NotificationCandidates = ReadonlyMap<unknown, Candidate[]>;

/** Keys to leave out per category number: the banners dismissed, the dialogs confirmed. */
export type DoneKeys = Readonly<Partial<Record<number, readonly string[]>>>;

/** The most items kept per category (NOTIFICATIONS_SHOWN_MAX's shape). */
export type ShownMax = Readonly<Record<keyof typeof NOTIFICATIONS_SHOWN_MAX, number>>;

/** The categories of REFERENCE.md "Widget states" in the order they are kept, with the name of their cap. */
const KEPT_CATEGORIES = [
  [NOTIFICATION_CATEGORY.dialog, 'dialog'],
  [NOTIFICATION_CATEGORY.bell, 'bell'],
  [NOTIFICATION_CATEGORY.banner, 'banner'],
] as const;

/** Empty candidate lists, one per category of REFERENCE.md "Widget states", for collectCandidates. */
export const emptyCandidates = (): Map<unknown, Candidate[]> => new Map(KEPT_CATEGORIES.map(([category]) => [category, []]));

/**
 * Step 1 of selectNotifications, the cheap pass, over `data[from]` to `data[to - 1]`: keeps the items of the
 * categories of REFERENCE.md "Widget states" (1, 2, 8; any other category is never shown) whose `description` and `startDate` are
 * strings, with their start time (startTime: one regular expression). Nothing else is read.
 * @param into the lists to add to (emptyCandidates()); a caller may run the pass in slices, one task each
 */
export function collectCandidates(data: readonly unknown[], from: number, to: number, into: Map<unknown, Candidate[]>): void {
  for (let index = from; index < to; index += 1) {
    const raw = data[index];
    if (typeof raw !== 'object' || raw === null) continue;
    const { category, description, startDate } = raw as Record<string, unknown>;
    const list = into.get(category);
    if (!list || typeof description !== 'string' || typeof startDate !== 'string') continue;
    const time = startTime(startDate);
    list.push({ raw, time: Number.isNaN(time) ? -Infinity : time });
  }
}

/**
 * Steps 2 and 3 of selectNotifications: per category, newest start first (ties keep the portal's order; an
 * unreadable date last), items are parsed in full (parseNotification: texts, calendar day, link) until `max` of them
 * are usable and not in `done`; the rest is only counted.
 */
export function pickNotifications(
  candidates: NotificationCandidates,
  done: DoneKeys = {},
  max: ShownMax = NOTIFICATIONS_SHOWN_MAX,
): NotificationSelection {
  const selection: NotificationSelection = { items: [], notShown: {} };
  for (const [category, cap] of KEPT_CATEGORIES) {
    // Array.prototype.sort is stable: equal times keep the portal's order.
    const list = [...(candidates.get(category) ?? [])].sort((a, b) => (a.time === b.time ? 0 : b.time > a.time ? 1 : -1));
    const skip = new Set(done[category] ?? []);
    let kept = 0;
    let index = 0;
    for (; index < list.length && kept < max[cap]; index += 1) {
      const item = parseNotification(list[index].raw);
      if (!item || skip.has(item.key)) continue;
      selection.items.push(item);
      kept += 1;
    }
    selection.notShown[category] = list.length - index;
  }
  return selection;
}

/**
 * The notifications of an answer that the page shows, with the work bounded by NOTIFICATIONS_SHOWN_MAX rather than
 * by the length of the answer (10,000 items rendered whole froze pages for 9–12 s):
 * 1. one cheap pass over the answer (collectCandidates);
 * 2. per category, newest first, full parses until NOTIFICATIONS_SHOWN_MAX usable items not in `done` (pickNotifications);
 * 3. the rest only counted (NotificationSelection.notShown).
 * Cost: one regular expression per item, a sort per category, and full parses of the kept items plus the unusable
 * or done items met before them. selectNotificationsInSlices does the same over several tasks.
 * @param data the portal's `data` (anything but an array is an empty list, REFERENCE.md "Widget states")
 * @param done per category number, keys to leave out: they never take the place of one still to show
 * @param max the most items kept per category (defaults to NOTIFICATIONS_SHOWN_MAX)
 */
export function selectNotifications(data: unknown, done: DoneKeys = {}, max: ShownMax = NOTIFICATIONS_SHOWN_MAX): NotificationSelection {
  const candidates = emptyCandidates();
  if (Array.isArray(data)) collectCandidates(data, 0, data.length, candidates);
  return pickNotifications(candidates, done, max);
}

/**
 * selectNotifications with its cheap pass cut into slices of `slice` items. An answer of more than one slice (whose
 * reading was itself a task of some length) is worked through with `pause()` awaited before each slice and before
 * the picking, so that no single task of the page does it all (10,000 items: 6 tasks of a few ms each instead of one
 * of up to 100 ms on a slow phone); a smaller answer is selected at once, with no pause to delay what it shows.
 * @param pause resolves in a later task (the browser: scheduler.yield or setTimeout 0)
 * @param slice items per task (NOTIFICATIONS_SLICE_ITEMS)
 */
export async function selectNotificationsInSlices(
  data: unknown,
  done: DoneKeys,
  pause: () => Promise<void>,
  slice: number = NOTIFICATIONS_SLICE_ITEMS,
  max: ShownMax = NOTIFICATIONS_SHOWN_MAX,
): Promise<NotificationSelection> {
  const candidates = emptyCandidates();
  if (Array.isArray(data)) {
    const sliced = data.length > slice;
    for (let from = 0; from < data.length; from += slice) {
      if (sliced) await pause();
      collectCandidates(data, from, Math.min(data.length, from + slice), candidates);
    }
    if (sliced) await pause();
  }
  return pickNotifications(candidates, done, max);
}

/**
 * A count as the header bell and the panel title show it: the number, or `99+` above NOTIFICATION_COUNT_MAX (the
 * badge stays two digits wide); empty for none.
 */
export function countText(count: number, max: number = NOTIFICATION_COUNT_MAX): string {
  if (count <= 0) return '';
  return count > max ? `${max}+` : String(count);
}
