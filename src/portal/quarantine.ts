/**
 * Quarantine (REFERENCE.md "Publishing rules": one editor's mistake never freezes the rest of the site): an item that fails its schema is
 * left out of the build, or replaced by its last good version from the list's snapshot, while the rest of its list
 * publishes live. This module holds what the loader (src/portal/loader.ts) records for such an item and how "since
 * when" is carried from build to build: the snapshot of a list (src/portal/snapshots.ts) keeps `quarantined: [{ id,
 * since }]`, so an item still refused in the next build keeps the time of the first build that quarantined it, and one
 * refused for longer than PORTAL_QUARANTINE_MAX_AGE_HOURS fails the build (PortalQuarantineAgeError).
 */
import type { PortalSchemaError } from './errors';

/** One quarantined item as the build report, the publish report and the notification give it. */
export interface QuarantinedItem {
  /** The list (endpoint catalogue name), e.g. `news`. */
  list: string;
  /** The item's id as the portal sent it, or `#<index>` (0-based position in the answer) when it has none. */
  id: string;
  /** The item's title (or name, question) when it has a readable one. */
  title?: string;
  /** The failing field(s), comma-separated (`title`, `date, content`; `(item)` for the item as a whole). */
  field: string;
  /** Why, per field, in zh-TW (editors) and English (developers). */
  reason: { 'zh-TW': string; en: string };
  /** ISO 8601 time of the first build that quarantined it (carried across builds in the list's snapshot). */
  since: string;
  /** Whether the site keeps the item's last good version (from the snapshot) instead of leaving it out. */
  kept: boolean;
}

/** What a snapshot keeps per quarantined item, to carry `since` into the next build. */
export interface QuarantineMark {
  id: string;
  since: string;
}

/** An item the schema refused: its position in the answer, its id (or `#<index>`), the raw item and the refusal. */
export interface Refusal {
  index: number;
  id: string;
  raw: unknown;
  error: PortalSchemaError;
}

/** Fields that give an item's title, in order of preference. */
const TITLE_FIELDS = ['title', 'name', 'question'] as const;
/** Longest title kept in a record, in characters. */
const TITLE_MAX_CHARS = 80;

/** The item's readable title (title, name or question: the first non-empty text), cut to TITLE_MAX_CHARS. */
export function itemTitle(raw: unknown): string | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  for (const field of TITLE_FIELDS) {
    const value = (raw as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.trim()) return value.trim().slice(0, TITLE_MAX_CHARS);
  }
  return undefined;
}

/** The id of a raw item as the quarantine names it: its `id` as text, or `#<index>` when it has none. */
export function refusalId(raw: unknown, index: number): string {
  const id = typeof raw === 'object' && raw !== null ? (raw as { id?: unknown }).id : undefined;
  return id === undefined || id === null || id === '' ? `#${index}` : String(id);
}

/**
 * The record of one quarantined item.
 * @param refusal the refused item (the loader's check)
 * @param marks the quarantine marks of the list's last snapshot (empty when none)
 * @param now the time this build quarantines it, when it is new
 * @param kept whether its last good version is published instead
 */
export function quarantineRecord(refusal: Refusal, marks: readonly QuarantineMark[], now: Date, kept: boolean): QuarantinedItem {
  const { issues, list } = refusal.error;
  const title = itemTitle(refusal.raw);
  return {
    list,
    id: refusal.id,
    ...(title ? { title } : {}),
    field: issues.map((issue) => issue.path).join(', '),
    reason: {
      'zh-TW': issues.map((issue) => `欄位「${issue.path}」：${issue.messageZh ?? `不符合規則（${issue.message}）`}`).join('；'),
      en: issues.map((issue) => `field "${issue.path}": ${issue.message}`).join('; '),
    },
    since: marks.find((mark) => mark.id === refusal.id)?.since ?? now.toISOString(),
    kept,
  };
}

/** Hours an item has been quarantined at `now` (ms since epoch). */
export const quarantineAgeHours = (item: Pick<QuarantinedItem, 'since'>, now = Date.now()): number =>
  Math.max(0, (now - Date.parse(item.since)) / 3_600_000);

/**
 * What the editor should do about a quarantined item, in zh-TW (the publish report and the notification).
 */
export function quarantineAdvice(item: Pick<QuarantinedItem, 'field' | 'kept'>): string {
  const now = item.kept ? '修正前，網站保留此項目上次通過檢查的版本。' : '修正前，此項目不會出現在網站上。';
  return `請在入口網站修正欄位「${item.field}」後重新發布。${now}`;
}
