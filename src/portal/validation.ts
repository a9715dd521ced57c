/**
 * The rules of the one validation layer at the portal boundary (REFERENCE.md "Portal boundary"):
 * route segments, ids, dates, visible text, lengths, id collisions and references. Each rule is a pure
 * function that returns the reason a value breaks it (undefined when it passes); src/portal/schemas.ts applies them
 * to every list through zod, src/portal/check-list.ts checkList checks collisions over a whole list, and the build
 * pipeline checks references once every list is known. Every refusal reaches the editor as one PortalSchemaError
 * (src/portal/errors.ts): list, item id, field, then `rule "<name>": <reason>` (ruleMessage).
 *
 * No zod and no Node API here: src/lib/notifications.ts runs these rules in the browser too.
 */
import { PORTAL_LIST_ENTRIES } from '../site/lists.ts';

/** Names of the rules, as a refusal prints them (`rule "route-segment": …`). */
/**
 * Version of the portal rules (this module, links.ts and the schemas' custom checks). Part of each list's cache digest
 * (src/portal/loader.ts): bump it when a rule changes, so that the next build checks every list again instead of
 * keeping the entries an earlier rule let through.
 */
export const PORTAL_RULES_VERSION = 3;

export const RULE = {
  /** zod's own checks: a missing field, a wrong type, a malformed URL. */
  schema: 'schema',
  routeSegment: 'route-segment',
  portalId: 'portal-id',
  uniqueId: 'unique-id',
  date: 'calendar-date',
  dateOrder: 'date-order',
  visibleText: 'visible-text',
  length: 'length',
  reference: 'reference',
  /** A path under the image/file base (src/portal/links.ts basePathProblem). */
  basePath: 'base-path',
  /** A portal file of a type the site may link to (src/site/uploads.ts). */
  fileType: 'file-type',
} as const;

export type RuleName = (typeof RULE)[keyof typeof RULE];

/** The one wording of a refusal's reason: `rule "<name>": <reason>` (PortalSchemaError adds list, item and field). */
export const ruleMessage = (rule: RuleName, reason: string): string => `rule "${rule}": ${reason}`;

/** A refusal's reason in the one wording: a rule's own message as it is, zod's own under rule "schema". */
export const asRuleMessage = (message: string): string => (message.startsWith('rule "') ? message : ruleMessage(RULE.schema, message));

/**
 * Segments a page of src/pages uses as a literal beside a parameter, plus the pseudo-segments of the redirect plan:
 * a portal id or `url` equal to one would take that page's place or lose its own (a news category `all`
 * or `detail`, a download category `none`, an id `index.html`). tests/unit/portal-validation.test.ts
 * derives the literals from src/pages and fails when one is missing here. Compared without regard to case.
 */
export const RESERVED_SEGMENTS: readonly string[] = [
  // Pseudo-segments: /{section}/all (src/lib/redirects.ts ALL), /download/none (NONE), Astro's index page.
  'all',
  'none',
  'index',
  'index.html',
  // Literal pages beside a parameter in src/pages.
  'detail', // news, share, winner, coupon, insurance /detail/{id} beside /{category}
  'rss.xml', // /news/rss.xml, /event/rss.xml (the feeds) beside /{section}/{category}
  'stewardship', // /about/public/stewardship beside /about/public/{category}
  'service', // /faq/service beside /faq/{category}
  'building', // /insurance/building beside /insurance/{category}
  'decree', // /about/decree, /about/locations, /about/public, /about/responsibility beside /about/{product}
  'locations',
  'public',
  'responsibility',
];

/**
 * Largest file name of the file systems dist/ is written to and served from (ext4, XFS, APFS: NAME_MAX), in UTF-8
 * bytes: each segment becomes a folder of dist/ (300 ASCII or 90 CJK characters fail with ENAMETOOLONG).
 */
export const MAX_SEGMENT_BYTES = 255;

/**
 * ASCII characters allowed in a route segment besides letters and digits: RFC 3986's unreserved `-._~` and the
 * space (encoded %20 in links). Every other ASCII character is a separator (`/`, `\`), an encoding (`%`), reserved
 * in URLs (`:?#[]@!$&'()*+,;=`, RFC 3986 §2.2: nginx locations that never match) or unsafe in nginx's config and in
 * HTML (`"<>\`{}|^`). Letters beyond ASCII (CJK, accents, emoji) are allowed: links percent-encode them.
 */
const SEGMENT_ASCII_PUNCTUATION = new Set(['-', '.', '_', '~', ' ']);
/** Controls, format characters (zero-width, bidi), separators other than the space, private use, lone surrogates. */
const SEGMENT_INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}]|[^\S ]/u;

/** Quoted for a refusal, cut to a readable length (a refused value can be 100 KB). */
export function quote(value: string, maxChars = 40): string {
  const chars = [...value];
  return JSON.stringify(chars.length > maxChars ? `${chars.slice(0, maxChars).join('')}…` : value);
}

/**
 * Route segment rule: whether `value` can be one segment of a page's URL and one folder of
 * dist/. In: the segment as the portal sent it (already trimmed). Out: the reason it cannot, or undefined.
 * Refused: empty; not Unicode NFC (`café` in NFC and NFD would be one folder on some file systems and two
 * URLs); `.` and `..`; `/` or `\`; `%` (percent-encoded forms such as `%2e%2e`, which Astro decodes); other reserved
 * or unsafe ASCII characters (SEGMENT_ASCII_PUNCTUATION); controls, zero-width and bidi characters; the reserved
 * names (RESERVED_SEGMENTS); more than MAX_SEGMENT_BYTES UTF-8 bytes.
 */
export function routeSegmentProblem(value: string): string | undefined {
  if (value.length === 0) return 'is empty';
  if (value.normalize('NFC') !== value) return `is not in Unicode NFC form (write it as ${quote(value.normalize('NFC'))})`;
  if (value === '.' || value === '..') return `is a dot segment (${quote(value)}), which names a folder, not a page`;
  for (const char of value) {
    if (char === '/' || char === '\\') return `holds a path separator ${quote(char)}`;
    if (char === '%') return 'holds "%" (percent-encoded forms are decoded by the router and the web server)';
    if (char < '\u0080' && /[^A-Za-z0-9]/.test(char) && !SEGMENT_ASCII_PUNCTUATION.has(char) && !SEGMENT_INVISIBLE.test(char)) {
      return `holds the reserved character ${quote(char)} (allowed besides letters and digits: "-", ".", "_", "~", space)`;
    }
    if (SEGMENT_INVISIBLE.test(char)) {
      return `holds the control or invisible character U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    }
  }
  if (RESERVED_SEGMENTS.includes(value.toLowerCase())) return `is the reserved name ${quote(value)}, a page of the site`;
  const bytes = new TextEncoder().encode(value).length;
  if (bytes > MAX_SEGMENT_BYTES) return `is ${bytes} bytes in UTF-8, more than ${MAX_SEGMENT_BYTES} (the longest folder name)`;
  return undefined;
}

/**
 * Portal id rule: an id sent as a JSON number must be an integer a JavaScript number holds exactly
 * (Number.isSafeInteger); above 2^53 its digits are already lost (9007199254740993 reads as …992), so it is refused
 * rather than published under another id. The client keeps such ids as their digits (src/portal/client.ts exactJsonNumbers).
 */
export function numericIdProblem(value: number): string | undefined {
  return Number.isSafeInteger(value)
    ? undefined
    : `the number ${String(value)} is not an integer below 2^53, so its digits cannot be kept: send the id as a string`;
}

/** Years a portal date may fall in (`0000-…` and a notification dated `9999-12-31` are not dates an editor meant). */
export const PORTAL_YEAR_RANGE = { min: 1900, max: 2100 } as const;

/** Date rule, year part: the reason `date`'s year (in Taiwan time) is outside PORTAL_YEAR_RANGE, or undefined. */
export function yearProblem(year: number): string | undefined {
  return year >= PORTAL_YEAR_RANGE.min && year <= PORTAL_YEAR_RANGE.max
    ? undefined
    : `the year ${year} is outside ${PORTAL_YEAR_RANGE.min}–${PORTAL_YEAR_RANGE.max}`;
}

/**
 * Date rule for the browser's notifications (which are parsed without dayjs, src/lib/notifications.ts): the text
 * must start with a real calendar day `YYYY-MM-DD` or `YYYY/MM/DD` (no rollover: `2026-02-30` is refused, not read as
 * 2026/03/02; `"1"` is not a date) in PORTAL_YEAR_RANGE, optionally followed by a time. Out: the reason, or undefined.
 * The build's lists use src/portal/date-parser.ts parsePortalDate, which is as strict, plus yearProblem.
 */
export function calendarDayProblem(text: string): string | undefined {
  const match = /^(\d{4})([-/])(\d{1,2})\2(\d{1,2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i.exec(text.trim());
  if (!match) return `${quote(text)} is not a date (YYYY-MM-DD, optionally with a time)`;
  const [year, month, day] = [Number(match[1]), Number(match[3]), Number(match[4])];
  const real = new Date(Date.UTC(2000, month - 1, day));
  real.setUTCFullYear(year);
  if (month < 1 || month > 12 || real.getUTCMonth() !== month - 1 || real.getUTCDate() !== day) {
    return `${quote(text)} is not a day of the calendar`;
  }
  return yearProblem(year);
}

/**
 * Characters that show nothing: Unicode's default-ignorable code points (zero-width space and joiners, bidi marks,
 * soft hyphen, variation selectors, Hangul fillers…), white space, controls and the blank Braille pattern.
 */
const INVISIBLE = /^[\p{Default_Ignorable_Code_Point}\p{White_Space}\p{Cc}\u2800]*$/u;

/** Visible text rule: the reason `text` shows nothing (empty, or only zero-width/blank characters), or undefined. */
export function visibleTextProblem(text: string): string | undefined {
  if (text.length === 0) return 'is empty';
  return INVISIBLE.test(text) ? 'has no visible character (only spaces, zero-width or control characters)' : undefined;
}

/**
 * Longest texts, in characters (Unicode code points), where a longer one would break its page (a 100 KB
 * title rendered whole; a 5,000-character banner 4,000 px tall on a phone). The portal's lists are refused above
 * them (the editor is told, the page never breaks); the browser's notifications are cut (nobody to tell, REFERENCE.md "Failures").
 */
export const TEXT_MAX_CHARS = {
  /** Headlines and item names (news, coupons, decrees, downloads, FAQ questions, locations…). */
  title: 200,
  /** Category names on tabs and in menus. */
  categoryName: 60,
  /** Summaries shown in lists and as the page description. */
  description: 1_000,
  /** Home banner headline: two lines over the image on a 320 px phone. */
  bannerTitle: 60,
  /** Home banner supporting line. */
  bannerDescription: 120,
  /** Notification title (dialog heading, bell list). */
  notificationTitle: 100,
  /** Notification text (dialog, banner strip). */
  notificationDescription: 500,
  /**
   * Rich text (`content`), counted on the sanitized HTML, markup included: one item of 1 MB made a 1.27 MB page. The
   * longest sample text is about 1,100 characters and a long decree a few ten thousand, so 100,000 leaves room for
   * real content while bounding a page.
   */
  richText: 100_000,
} as const;

/** Length of a text in characters (code points, so an emoji or a CJK extension character counts once). */
export const charLength = (text: string): number => [...text].length;

/** Length rule: the reason `text` is longer than `max` characters, or undefined. */
export function lengthProblem(text: string, max: number): string | undefined {
  const length = charLength(text);
  return length > max ? `is ${length} characters long, more than ${max}` : undefined;
}

/** `text` cut to `max` characters with a trailing `…` (for the browser's notifications). */
export function capText(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}

/**
 * Date order rule (every list with a start and an end date; REFERENCE.md "Portal boundary": "dates are checked once, for every list"):
 * the reason `start` is after `end`, or undefined.
 * In: the two fields as the date parser returned them (src/portal/schemas.ts portalDate gives a Date), and their
 * names for the message. Anything that is not a valid Date (a field that is missing, or that already failed its own
 * rule and so still holds the portal's text, such as `2026-02-30`) is not compared: that field's own refusal names it.
 */
export function dateOrderProblem(
  start: unknown,
  end: unknown,
  fields: { start: string; end: string } = { start: 'startDate', end: 'endDate' },
): string | undefined {
  if (!(start instanceof Date) || !(end instanceof Date)) return undefined;
  const [from, to] = [start.getTime(), end.getTime()];
  if (Number.isNaN(from) || Number.isNaN(to)) return undefined;
  return from > to ? `the offer ends before it starts (${fields.start} after ${fields.end})` : undefined;
}

/**
 * Bidirectional embedding, override and isolate controls (U+202A–U+202E LRE RLE PDF LRO RLO, U+2066–U+2069 LRI RLI
 * FSI PDI). They have no visible form and reorder the characters around them: `下載\u202Efdp.exe` shows as
 * `下載exe.pdf`. Global, for replace.
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/**
 * Text that cannot mislead (REFERENCE.md "Portal boundary": nothing downstream trusts raw portal text): `text` without its
 * bidirectional embedding, override and isolate controls (BIDI_CONTROLS), every other character kept.
 * Removed rather than refused: they are invisible in the editor's own screen too, so a refusal would leave an item
 * out for a character its editor cannot see to delete, and the site's text is written left to right in zh-TW, where
 * they carry no meaning; without them a text shows its characters in the order they were written. The implicit
 * marks (U+200E, U+200F, U+061C) are kept: they cannot reverse a run of text.
 */
export const withoutBidiControls = (text: string): string => text.replace(BIDI_CONTROLS, '');

/** The key two ids are compared by: as text, trimmed, in Unicode NFC (`café` in NFC and NFD is one id). */
export const idKey = (id: unknown): string => String(id).trim().normalize('NFC');

/**
 * A public disclosure category's page segment (REFERENCE.md "Portal data": "categories: id, name, url"; src/sections/public-disclosures.ts
 * categoryTarget): undefined for an http(s) address (an external target); otherwise `url` without surrounding
 * slashes and a leading `/about/public/`, or the category id when that leaves nothing.
 */
export function disclosureSegment(url: string, id: string): string | undefined {
  const value = url.trim();
  if (/^https?:\/\//i.test(value)) return undefined;
  return value.replace(/^\/?about\/public\//i, '').replace(/^\/+|\/+$/g, '') || id;
}

/**
 * Route segments of a list's items besides their `id`, by list name, for the unique id rule (idCollisions): two
 * disclosure categories whose `url` gives one page would overwrite each other.
 */
export const ROUTE_SEGMENT_FIELDS: Readonly<Record<string, (item: Record<string, unknown>) => Record<string, string | undefined>>> = {
  publicDisclosureCategories: (item) => ({
    url: typeof item.url === 'string' ? disclosureSegment(item.url, idKey(item.id)) : undefined,
  }),
};

/** Two items of one list whose ids (or route segments) are the same after normalisation. */
export interface IdCollision {
  field: string;
  /** Index and id of the earlier item. */
  first: { index: number; id: string };
  /** Index and id of the later item, refused with the earlier named. */
  second: { index: number; id: string };
}

/**
 * Unique id rule: the pairs of items of one list whose `id`, or other route segment (`segmentsOf`, e.g.
 * a disclosure category's `url`), are equal after idKey. In: the raw items. Out: one collision per later item.
 */
export function idCollisions(
  items: readonly unknown[],
  segmentsOf: (item: Record<string, unknown>) => Record<string, string | undefined> = () => ({}),
): IdCollision[] {
  const seen = new Map<string, { index: number; id: string }>();
  const collisions: IdCollision[] = [];
  items.forEach((raw, index) => {
    if (typeof raw !== 'object' || raw === null) return;
    const item = raw as Record<string, unknown>;
    if (item.id === undefined || item.id === null) return;
    const here = { index, id: String(item.id) };
    const keys = { id: idKey(item.id), ...segmentsOf(item) };
    for (const [field, key] of Object.entries(keys)) {
      if (key === undefined || key === '') continue;
      // One namespace per list: a category's url segment may not equal another category's (or its own) segment.
      const namespaced = `${field === 'id' ? 'id' : 'segment'}\u0000${key.normalize('NFC')}`;
      const earlier = seen.get(namespaced);
      if (earlier && earlier.index !== index) collisions.push({ field, first: earlier, second: here });
      else seen.set(namespaced, here);
    }
  });
  return collisions;
}

/**
 * References between lists: an item whose category field names no item of the category list appears on
 * no page. `list` → its field → the list the field refers to, as the list registry declares (src/site/lists.ts:
 * an entry's `references`; an article section's items name their category by `categoryId`). Built by a function
 * marked free of side effects: the browser's bundles, which use this module's text checks but not the build's
 * reference check, then leave it and the registry out (REFERENCE.md "Budgets" JavaScript budget).
 */
const referencesOf = /* @__NO_SIDE_EFFECTS__ */ (): readonly { list: string; field: string; target: string }[] =>
  Object.entries(PORTAL_LIST_ENTRIES).flatMap(([list, entry]) => (entry.references ? [{ list, ...entry.references }] : []));
export const REFERENCES = referencesOf();

/** A reference that matches nothing: the list, the item id, the field and the rule's reason. */
export interface UnmatchedReference {
  list: string;
  itemId: string;
  field: string;
  message: string;
}

/**
 * Reference rule: every item whose reference field names no item of its target list (REFERENCES).
 * In: the lists' parsed items by list name (lists absent from the map are not checked). Out: the unmatched ones.
 */
export function unmatchedReferences(lists: ReadonlyMap<string, readonly { id: string; data: Record<string, unknown> }[]>): UnmatchedReference[] {
  const found: UnmatchedReference[] = [];
  for (const { list, field, target } of REFERENCES) {
    const items = lists.get(list);
    const targets = lists.get(target);
    if (!items || !targets) continue;
    const known = new Set(targets.map((entry) => idKey(entry.id)));
    for (const item of items) {
      const value = item.data[field];
      if (value === undefined || value === null || known.has(idKey(value))) continue;
      found.push({
        list,
        itemId: item.id,
        field,
        message: ruleMessage(RULE.reference, `${quote(String(value))} is no id of list "${target}": the item is on none of that list's pages`),
      });
    }
  }
  return found;
}
