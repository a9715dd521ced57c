/**
 * The `?timestamp=` query of the event page (spec §2 `/event_page/20220503`): Unix time in seconds (10 digits) or
 * milliseconds (13 digits). Runs in the browser; no dayjs, so the page ships no date library.
 */

/** Earliest accepted time: the event's launch day (2022-05-03, Taipei). */
export const EARLIEST_TIMESTAMP = Date.UTC(2022, 4, 2, 16);

/** A Date for a plausible timestamp (not before the event, not more than a day ahead of `now`), else null. */
export function parseTimestamp(raw: string | null | undefined, now: Date): Date | null {
  const value = raw?.trim() ?? '';
  if (!/^(\d{10}|\d{13})$/.test(value)) return null;
  const ms = value.length === 10 ? Number(value) * 1000 : Number(value);
  if (ms < EARLIEST_TIMESTAMP || ms > now.getTime() + 86_400_000) return null;
  return new Date(ms);
}

/** `2022/05/03 14:05` in Taipei time (UTC+8, no daylight saving). */
export function formatStamp(date: Date): string {
  const taipei = new Date(date.getTime() + 8 * 3_600_000);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${taipei.getUTCFullYear()}/${pad(taipei.getUTCMonth() + 1)}/${pad(taipei.getUTCDate())} ${pad(taipei.getUTCHours())}:${pad(taipei.getUTCMinutes())}`;
}
