/**
 * Reading the portal's date strings (REFERENCE.md "Portal boundary": dates are checked once, in the validation layer at the portal
 * boundary): a portal date is the instant it means in Taiwan time (SITE_TIME_ZONE, whose offset is always
 * SITE_UTC_OFFSET_MINUTES), read strictly with dayjs and its `utc` and `customParseFormat` plugins. Showing and counting dates is
 * src/lib/taipei-dates.ts, which takes the instants read here (and portal date strings, through parsePortalDate).
 *
 * Rules: a date without a zone (`2026-03-15`, `2026-03-15 09:00`, `2026/03/15`) is Taipei local time; a time with
 * `Z` or an offset (`2026-03-15T17:30:00Z`, `…+08:00`) is that instant. Parsing is strict: `2026-02-30` is not a date.
 */
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import utc from 'dayjs/plugin/utc.js';
import { SITE_UTC_OFFSET_MINUTES } from '../site/company.ts';

dayjs.extend(utc);
dayjs.extend(customParseFormat);

/** SITE_UTC_OFFSET_MINUTES in milliseconds: a Taipei wall-clock reading minus this is the instant. */
const SITE_OFFSET_MS = SITE_UTC_OFFSET_MINUTES * 60_000;

/** Day part of the portal's date strings (strict: `2026-3-5` and `2026-03-05` are both read, `2026-03-5` not). */
const DAY_FORMATS = ['YYYY-MM-DD', 'YYYY/MM/DD', 'YYYY-M-D', 'YYYY/M/D'] as const;
/** Time part after the day, when there is one. */
const TIME_FORMATS = ['[T]HH:mm:ss', '[T]HH:mm', '[T]HH:mm:ss.SSS', ' HH:mm:ss', ' HH:mm', ' HH:mm:ss.SSS'] as const;
const DATE_TIME_FORMATS = DAY_FORMATS.flatMap((day) => TIME_FORMATS.map((time) => day + time));
/** Formats of a portal date without a zone, most frequent first. */
const WALL_FORMATS = [...DAY_FORMATS, ...DATE_TIME_FORMATS];
/** A trailing `Z` or UTC offset (`+08:00`, `+0800`, `-05`). */
const ZONE_SUFFIX = /(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}(?::?\d{2})?)$/i;
/** Largest UTC offset of any real zone (UTC+14, Kiribati), in milliseconds: `+99:00` is not an offset. */
const MAX_OFFSET_MS = 14 * 3_600_000;

/** Fractions of a second cut or padded to the three digits the strict format reads (`.5` → `.500`). */
const millis = (text: string): string => text.replace(/\.(\d+)/, (_, digits: string) => `.${digits.slice(0, 3).padEnd(3, '0')}`);

/**
 * A portal date string as the instant it means, or undefined when it is not a real date in a known format.
 * Input: `YYYY-MM-DD` or `YYYY/MM/DD` (also unpadded `YYYY-M-D`), optionally followed by ` HH:mm[:ss[.fff]]` or
 * `THH:mm[:ss[.fff]]`, optionally followed by `Z` or an offset (`+08:00`, `+0800`). Without a zone the time is
 * Taipei local time (midnight for a bare day).
 */
export function parsePortalDate(value: string): Date | undefined {
  const text = millis(value.trim());
  const zone = ZONE_SUFFIX.exec(text)?.[1];
  if (!zone) {
    const wall = wallClock(text, WALL_FORMATS);
    return wall ? new Date(wall.ms - SITE_OFFSET_MS) : undefined;
  }
  // Strict on the date and time (a strict parse with the zone would compare against the machine's zone).
  const wallText = text.slice(0, -zone.length);
  const wall = wallClock(wallText, DATE_TIME_FORMATS);
  if (!wall) return undefined;
  const instant = dayjs(`${wallText}${zone.toUpperCase()}`, `${wall.format}Z`);
  return instant.isValid() && Math.abs(instant.valueOf() - wall.ms) <= MAX_OFFSET_MS ? instant.toDate() : undefined;
}

/**
 * A date-time text read strictly with the first matching format: the format and the wall-clock reading as UTC
 * milliseconds, or undefined. One format at a time: dayjs 1.11's dayjs.utc(text, [formats]) drops the `utc` and
 * reads the text in the machine's zone.
 */
function wallClock(text: string, formats: readonly string[]): { format: string; ms: number } | undefined {
  for (const format of formats) {
    const wall = dayjs.utc(text, format, true);
    if (wall.isValid()) return { format, ms: wall.valueOf() };
  }
  return undefined;
}
